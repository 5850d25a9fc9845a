"""«… para que tu oponente Bote tantas cartas como Fuerza tenga ese Aliado» (issue 22): with no
target before, «ese Aliado» is the one Aliado the ability's cost Destroys / Destierra / Descarta
/ Baraja (``strength_of_paid``, read before the line moves it). A cost that only touches an
Aliado (quitar un contador de él) does not move it: that sentence stays not understood."""
from __future__ import annotations

from tourney.engine.compiler import compile_card

from .games import deck, effect, header, put
from .realcards import sentence_json


def test_roger_de_flor_mills_the_fuerza_of_the_guerrero_it_destroys(real):
    (ability,) = sentence_json(real("Roger de Flor"), 2)
    assert ability["costs"][0]["kind"] == "destroy_own"
    assert ability["costs"][0]["filter"]["races"] == ["Guerrero"]
    assert ability["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent",
                                   "amount_from": "strength_of_paid"}]


def test_buer_mills_the_fuerza_of_the_sombra_it_banishes(real):
    (ability,) = sentence_json(real("Buer"), 1)
    assert ability["costs"][0]["kind"] == "banish_from_graveyard"
    assert ability["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent",
                                   "amount_from": "strength_of_paid"}]


def test_a_counter_cost_does_not_name_the_aliado(real):
    sentences = compile_card(real("Hino Tomiko")).sentences
    assert not sentences[-1].understood and "ese Aliado" in sentences[-1].reason


def test_the_rendering_says_as_many_cards_as(real):
    text = " ".join(a.describe() for a in compile_card(real("Roger de Flor")).abilities)
    assert "Destruir otro Aliado de Raza Guerrero que controles: tu oponente Bota tantas cartas como " \
           "la Fuerza de la carta pagada como coste" in text


def test_played_roger_de_flor_mills_exactly_the_destroyed_fuerza(judge):
    # Lozen: Guerrero, Fuerza 4; Thorkell el Alto (A3) is a Bárbaro
    head = header(deck("Roger de Flor", "Lozen"), deck(), hand=1)
    base = [put("A", "A1", "A2")]
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "graveyard"]], mill={"B": 4})])
    assert v.legal and 3 in v.verified, v
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "graveyard"]], mill={"B": 2})])
    assert (v.status, v.line) == ("illegal", 3)
    v = judge(head, [put("A", "A1", "A3"), effect("A", "A1", moves=[["A3", "graveyard"]], mill={"B": 2})])
    assert (v.status, v.line) == ("illegal", 3)  # not a Guerrero
