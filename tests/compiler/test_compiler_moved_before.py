"""«… por cada Aliado Desterrado de esta manera» and «Roba esa misma cantidad de cartas» (issue
22): an amount that is the number of cards the step just before moved (``moved_before``; the
engine counts that step's moves in the line, ``verify``); «Baraja tu mano en tu Mazo Castillo»
is every card of your hand. The step before must be the verb named («Desterrado»)."""
from __future__ import annotations

from tourney.engine.abilities.kinds.enforcement import unenforced
from tourney.engine.compiler import compile_card, compile_text

from .games import cast, deck, effect, header, put
from .realcards import compiled

HAND_IN = {"kind": "shuffle_into_castle", "subject": "each", "filter": {"controller": "you", "zone": "hand"}}


def _moved(kind):
    return {"kind": kind, "subject": "player", "amount": 1, "amount_from": "moved_before"}


def test_10_7_botar_ira_del_vesubio_mills_one_per_aliado_banished(real):
    (ability,) = compiled(real("Ira del Vesubio"))
    assert ability["effects"] == [
        {"kind": "banish", "subject": "each", "filter": {"types": ["Aliado"], "max_cost": 3}},
        {**_moved("mill"), "then": True}]
    assert unenforced(real("Ira del Vesubio"), compile_card(real("Ira del Vesubio")).abilities) == ()


def test_10_45_robar_kuroi_tsume_and_cartomancia_draw_as_many_as_shuffled(real):
    (kuroi,) = compiled(real("Kuroi Tsume"))
    assert kuroi["effects"] == [HAND_IN, {**_moved("draw"), "then": True}]
    (carto,) = compiled(real("Cartomancia"))
    assert carto["effects"] == [HAND_IN, _moved("draw"),
                                {"kind": "draw", "subject": "player", "amount": 1, "then": True}]
    assert compile_card(real("Kuroi Tsume")).abilities[0].describe() == (
        "Baraja cada carta de tu mano en el Mazo Castillo de su dueño. Luego, Roba una carta por "
        "cada carta que el paso anterior movió.")


def test_10_7_botar_de_esta_manera_needs_that_verb_just_before(real):
    # Ira del Vesubio's words with «Destruye» first: «Desterrado de esta manera» names no step
    card = real("Ira del Vesubio")
    text = card.text.replace("Destierra todos", "Destruye todos")
    (sentence,) = compile_text(text, card.name, card.type).sentences
    assert sentence.reason is not None and "de esta manera" in sentence.reason


def test_10_45_robar_kuroi_tsume_played_draws_exactly_the_shuffled_count(judge, cost):
    head = header(deck("Kuroi Tsume"), deck(), hand=3)  # A2 and A3 stay in A's hand
    base = cast("A", "A1", "Kuroi Tsume", cost)
    shuffled = [["A2", "castle_bottom"], ["A3", "castle_bottom"]]
    v = judge(head, base + [effect("A", "A1", moves=shuffled, draw={"A": 2})])
    assert v.legal and len(base) + 2 in v.verified, v
    for wrong in (1, 3):
        v = judge(head, base + [effect("A", "A1", moves=shuffled, draw={"A": wrong})])
        assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "10.45"), v


def test_10_7_botar_ira_del_vesubio_played_mills_the_banished_count(judge, cost):
    head = header(deck("Ira del Vesubio"), deck(), hand=1)
    base = [put("A", "A2"), put("B", "B2", "B3")] + cast("A", "A1", "Ira del Vesubio", cost)
    banished = [["A2", "exile"], ["B2", "exile"], ["B3", "exile"]]
    v = judge(head, base + [effect("A", "A1", moves=banished, mill={"A": 3})])
    assert v.legal and len(base) + 2 in v.verified, v
    v = judge(head, base + [effect("A", "A1", moves=banished, mill={"A": 2})])
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "10.7"), v


def test_10_15_descartar_tierra_ardiente_one_random_discard_per_oni_banished(real):
    (ability,) = compiled(real("Tierra Ardiente"))  # its two sentences: one unit («de esta manera»)
    assert ability["targets"] == [{"types": ["Aliado"], "races": ["Oni"], "controller": "you",
                                   "zone": "graveyard", "count": 2, "up_to": True}]
    assert ability["effects"] == [{"kind": "banish"}, {**_moved("discard"), "player": "opponent",
                                                      "random": True}]


def test_10_15_descartar_tierra_ardiente_played_discards_as_many_as_banished(judge, cost):
    head = header(deck("Tierra Ardiente", "Akuma", "Daidarabotchi"), deck(), hand=2)
    base = [put("A", "A2", "A3", zone="graveyard")] + \
        cast("A", "A1", "Tierra Ardiente", cost, targets=["A2", "A3"])
    banished = [["A2", "exile"], ["A3", "exile"]]
    v = judge(head, base + [effect("A", "A1", moves=banished + [["B1", "graveyard"], ["B2", "graveyard"]])])
    assert v.legal and len(base) + 2 in v.verified, v
    v = judge(head, base + [effect("A", "A1", moves=banished + [["B1", "graveyard"]])])
    assert v.status == "illegal" and v.line == len(base) + 2, v
