"""The compiler behind the engine's registry, and the hand-written files as a check of it."""
from __future__ import annotations

import pytest

from tourney.engine.abilities.registry import abilities_for, load_file
from tourney.engine.abilities.registry import CARDS_DIR
from tourney.engine.compiler import compile_card
from tourney.engine.compiler.coverage import coverage, overrides


@pytest.mark.parametrize("path", sorted(CARDS_DIR.glob("*.toml")), ids=lambda p: p.stem)
def test_hand_written_cards_read_by_the_grammar_give_the_same_abilities(real, path):
    # the hand-written files were written from the rules document; where the grammar
    # reads the same card it must say exactly the same thing
    hand = load_file(path)
    card = real(hand.name)
    comp = compile_card(card)
    assert comp.complete
    strip = [a.to_json() | {"text": ""} for a in comp.abilities]
    assert strip == [a.to_json() | {"text": ""} for a in hand.abilities]


def test_the_registry_uses_the_compiler_for_cards_without_a_file(real):
    card = real("Kyudo")
    got = abilities_for(card)
    assert got is not None and got.source == "compiler" and got.complete
    assert got.abilities == compile_card(card).abilities


def test_a_partly_compiled_card_is_incomplete_in_the_registry(real):
    card = real("Júpiter")  # «… de los que no seas dueño se consideran …» is not understood
    got = abilities_for(card)
    assert got is not None and not got.complete and got.unparsed


def test_overrides_count_apart_never_as_compiled(real):
    puno = real("Puño Bendito")
    assert puno.identity in overrides()
    cov = coverage([puno, real("Kyudo")])
    assert cov.counts["override"] == 1 and cov.counts["compiled"] == 1
    assert cov.by_type["Talismán"]["override"] == 1
