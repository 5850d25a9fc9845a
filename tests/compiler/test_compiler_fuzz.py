"""The compiler never crashes: random text, truncated real texts, empty text."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.catalog.model import CARD_TYPES
from tourney.engine.compiler import compile_text

WORDS = st.sampled_from(
    "Cuando este Aliado entra en juego , . Destruye Roba una dos carta cartas Aliado Aliados "
    "oponente objetivo hasta tres de tu Cementerio Mazo Castillo puedes para que gana pierde 2 "
    "a la Fuerza Fase Final Mientras esté si todos los que controlas son Raza Dragón y o "
    "Luego lo la Destiérralo Busca ponlo en mano Anula Talismán ( ) Única Furia".split())


def check(text, name="Carta", type_="Aliado"):
    from tourney.engine.compiler.grammar import INTERNAL

    comp = compile_text(text, name, type_)
    assert not any((s.reason or "").startswith(INTERNAL) for s in comp.sentences), comp
    for s in comp.sentences:
        assert s.understood or s.reason
        assert not (s.understood and s.reason)
        for a in s.abilities:
            a.describe()
            a.to_json()
    return comp


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=40).map(" ".join), st.sampled_from(CARD_TYPES))
def test_random_sentences_never_crash(text, type_):
    check(text, type_=type_)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.text(max_size=20))
def test_any_unicode_text_never_crashes(text, name):
    check(text, name=name)


def test_empty_and_blank_texts(real):
    for text in ("", " ", "\n\n", "()", ".", "(Sólo recordatorio.)"):
        check(text)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_truncated_real_texts_never_crash(real, data):
    cards = [c for c in real.catalog if c.text]
    card = data.draw(st.sampled_from(cards))
    cut = data.draw(st.integers(0, len(card.text)))
    check(card.text[:cut], card.name, card.type)


def test_every_real_sentence_renders_in_both_forms(real):
    # the grammar's own rendering (parsed values) and the engine's must never fail
    from tourney.engine.compiler.grammar import parse_text

    for card in real.catalog:
        for unit in parse_text(card.text, card.name, card.type):
            for parsed in unit.parsed:
                assert parsed.describe()
                assert parsed.to_json()


def test_no_real_card_hits_an_internal_error(real):
    from tourney.engine.compiler import compile_card
    from tourney.engine.compiler.grammar import INTERNAL

    for card in real.catalog:
        for sentence in compile_card(card).sentences:
            assert not (sentence.reason or "").startswith(INTERNAL), (card.name, sentence.reason)
