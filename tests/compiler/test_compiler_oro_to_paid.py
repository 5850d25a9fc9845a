"""The cost «mover este Oro (de tu Reserva de Oro) a tu Zona de Oro Pagado» / «moverlo …»
(``to_paid_self``, issue 22): this Oro goes from the Reserva to the Zona de Oro Pagado, so the
ability is used from the Reserva; the engine pays and checks it (10.16)."""
from __future__ import annotations

from tourney.engine.abilities.kinds.enforcement import unenforced
from tourney.engine.compiler import compile_card

from .games import deck, effect, gold, header, put
from .realcards import compiled, sentence_json

TO_PAID = [{"kind": "to_paid_self"}]


def test_10_16_coste_dalca_moves_itself_to_make_an_aliado_imbloqueable(real):
    (ability,) = compiled(real("Dalca"))
    assert ability["kind"] == "activated" and ability["zone"] == "reserve"
    assert ability["costs"] == TO_PAID
    assert ability["targets"] == [{"types": ["Aliado"]}]
    assert ability["effects"] == [{"kind": "gain_keyword", "keyword": "Imbloqueable",
                                   "duration": {"kind": "end_of_turn"}}]
    assert unenforced(real("Dalca"), compile_card(real("Dalca")).abilities) == ()


def test_10_16_coste_rudi_moves_itself_and_an_opponent_oro(real):
    (ability,) = sentence_json(real("Rudi"), 0)
    assert ability["costs"] == TO_PAID and ability["zone"] == "reserve"
    assert ability["phases"] == ["vigil"] and ability["own_turn"] is True
    assert ability["targets"] == [{"types": ["Oro"], "controller": "opponent"}]
    assert ability["effects"] == [{"kind": "move", "zone": "paid"}]
    # «Activa esta habilidad sólo si controlas uno o más Aliados de Raza Bárbaro»
    assert ability["condition"]["kind"] == "controls"
    assert ability["condition"]["filter"]["races"] == ["Bárbaro"]


def test_10_16_coste_loto_sagrado_and_agua_bendita_move_themselves(real):
    (loto,) = sentence_json(real("Loto Sagrado"), 1)
    assert loto["costs"] == TO_PAID and loto["zone"] == "reserve" and loto["per_turn"] == 1
    assert [e["kind"] for e in loto["effects"]] == ["draw", "counters"]
    (agua,) = sentence_json(real("Agua Bendita"), 1)
    assert agua["costs"] == TO_PAID and agua["zone"] == "reserve"
    assert agua["effects"] == [{"kind": "purify"}]
    (shofar,) = sentence_json(real("Shofar"), 1)
    assert shofar["costs"] == TO_PAID and shofar["targets"] == [{"types": ["Aliado"], "max_cost": 2}]


def test_10_16_coste_dalca_played_pays_by_moving_itself_from_the_reserve(judge):
    head = header(deck("Dalca"), deck(), hand=1)
    setup = [gold("A", "A1"), put("A", "A2")]
    used = effect("A", "A1", targets=["A2"], moves=[["A1", "paid"]])
    v = judge(head, setup + [used])
    assert v.legal and 4 in v.verified, v
    # the cost not paid: Dalca stays in the Reserva
    v = judge(head, setup + [effect("A", "A1", targets=["A2"])])
    assert (v.status, v.line, v.rule) == ("illegal", 4, "10.16"), v


def test_10_16_coste_dalca_already_in_the_paid_zone_cannot_pay(judge):
    head = header(deck("Dalca"), deck(), hand=1)
    setup = [put("A", "A1", zone="paid"), put("A", "A2")]
    v = judge(head, setup + [effect("A", "A1", targets=["A2"], moves=[["A1", "paid"]])])
    assert v.status == "illegal" and v.line == 4, v
