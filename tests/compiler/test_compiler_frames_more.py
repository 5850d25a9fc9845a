"""Frames and costs read as parts (issue 22, Aliados / Tótems / Armas): «Barajar esta carta»
as a cost, … Values of real cards read side by side with their text (the text is read from
../shared/data, never copied here); the played games are in tests/engine/test_engine_frames_more.py."""
from __future__ import annotations

from tourney.engine.compiler import compile_card

from .realcards import sentence_json

THEIRS = {"types": ["Aliado"], "controller": "opponent"}


# -- «puedes Barajar este Aliado / Tótem para …»: the card itself shuffled into its owner's
#    Mazo Castillo as the cost (10.5) --------------------------------------------------------

def test_eastre_shuffles_itself_to_annul_a_talisman_and_draws(real):
    assert sentence_json(real("Eastre"), 2) == [{
        "kind": "activated", "costs": [{"kind": "shuffle_self"}],
        "targets": [{"types": ["Talismán"], "controller": "opponent", "zone": "being_played"}],
        "effects": [{"kind": "annul"}, {"kind": "draw", "subject": "player", "amount": 1, "then": True}],
        "response": True}]


def test_ciudad_dorada_shuffles_itself_in_the_war_to_banish_an_attacker(real):
    assert sentence_json(real("Ciudad Dorada"), 0) == [{
        "kind": "activated", "costs": [{"kind": "shuffle_self"}],
        "targets": [{**THEIRS, "attacking": True}], "effects": [{"kind": "banish"}], "phases": ["war"]}]


def test_viracocha_shuffles_itself_to_save_a_totem(real):
    (got,) = sentence_json(real("Viracocha"), 2)
    assert got["kind"] == "replacement" and got["costs"] == [{"kind": "shuffle_self"}]
    assert got["trigger"]["event"] == "destroyed" and got["trigger"]["events"] == ["banished"]
    assert got["effects"] == [{"kind": "prevent", "subject": "triggering"}]


def test_the_shuffle_cost_reads_as_the_card_going_to_its_owners_castle(real):
    text = compile_card(real("Ciudad Dorada")).abilities[0].describe()
    assert "Barajar esta carta en el Mazo Castillo de su dueño: Destierra un Aliado oponente atacante" in text
