"""Issue 21, more rule rows on real catalog cards with the ability compiler on (as the product
runs): one test per rule paragraph, named after it; each has a legal record the engine verifies
and an illegal one caught at its line with the rule. Card texts are read from ../shared/data,
never copied here. Castles list card names top first (ids A1…, B1…; the Oro inicial is A0 /
B0); ``deck`` puts the named cards first, filler up to id 8, plain Oros at ids 9–13, filler
(Thorkell el Alto, Furia only) after, up to id 19."""
from __future__ import annotations

import pytest

from tests.compiler.games import deck, effect, end, header, illegal, play, put, verified
from tourney.engine.compiler import compile_card
from tourney.engine.errors import RecordError


def complete(catalog, name):
    comp = compile_card(catalog.resolve(name).card)
    assert comp.complete, (name, [s for s in comp.sentences])
    return comp


# -- 10.19 / 10.38: Desterrar bajo otra carta, Poner debajo (record v2 «under») ---------------

def _nusta(version=2):
    """Ñusta (A1, cost 2): «Cuando este Aliado entra en juego, Destierra las últimas dos cartas de
    tu Mazo Castillo y ponlas bajo este Aliado. Puedes jugar esas cartas como si estuvieran en tu
    mano»; the last two cards of Ana's Castillo are Vigia (A20) and Puño Bendito (A21). Ana puts
    the Oro A2 of her hand in play (the order of her Castillo stays known) and pays with it."""
    head = header(deck("Ñusta", "Oro") + ["Vigia", "Puño Bendito"], deck("Vigia"), hand=2, version=version)
    enter = [{"p": "A", "do": "gold", "card": "A2"}, play("A", "A1", ["A0", "A2"])]
    return head, enter


def test_10_19_desterrar_bajo_otra_carta_nusta_banishes_the_last_two_cards_under_itself(catalog, judge):
    complete(catalog, "Ñusta")
    head, enter = _nusta()
    under = effect("A", "A1", under=[["A21", "A1"], ["A20", "A1"]])
    v = verified(judge(head, enter + [under]), 4)
    assert v.final["A"]["exile"] == 0, v.final  # under Ñusta: in no zone, not in the Destierro
    # the card played from under it: «como si estuviera en tu mano», at a hand's moment and cost
    put_vigia = [put("B", "B1"), end("A"), end("B"), play("A", "A20", ["A0", "A2"])]
    v = judge(head, enter + [under] + put_vigia)
    assert v.legal and 9 not in v.unverified, (v.line, v.rule, v.message, v.unverified)
    puno = [put("B", "B1"), end("A"), end("B"), play("A", "A21", ["A0"], targets=["B1"]),
            effect("A", "A21", moves=[["B1", "graveyard"]])]
    verified(judge(head, enter + [under] + puno), 9)
    # other cards than the last two, or on another card, or to the Destierro of a v2 record
    illegal(judge(head, enter + [effect("A", "A1", under=[["A19", "A1"], ["A20", "A1"]])]), 4, "10.19")
    v = illegal(judge(head, enter + [put("A", "A3"), effect("A", "A1", under=[["A21", "A3"], ["A20", "A3"]])]),
                5, "10.19")
    assert "bajo Ñusta" in v.message
    # a version 1 record cannot say «under»: the Destierro it writes leaves the line unverified
    old, enter_v1 = _nusta(version=1)
    v = judge(old, enter_v1 + [effect("A", "A1", moves=[["A21", "exile"], ["A20", "exile"]])])
    assert v.legal and 4 in v.unverified, v
    # … where «under» is ignored, as always: the line then banishes nothing
    illegal(judge(old, enter_v1 + [under]), 4, "10.19")
    with pytest.raises(RecordError, match="under"):
        judge(head, enter + [effect("A", "A1", under=["A21", "A1"])])


def test_10_38_poner_debajo_the_cards_under_nusta_go_to_the_destierro_when_it_leaves_play(catalog, judge):
    head, enter = _nusta()
    under = effect("A", "A1", under=[["A21", "A1"], ["A20", "A1"]])
    gone = [put("A", "A1", zone="graveyard")]  # Ñusta is Destruida
    v = judge(head, enter + [under] + gone)
    assert v.legal and v.final["A"]["exile"] == 2, v.final  # they moved (not Desterradas again)
    # then they are only in the Destierro: not playable from there
    illegal(judge(head, enter + [under] + gone + [end("A"), end("B"), play("A", "A21", ["A0"], targets=[])]),
            8, "8.1")
    # while Ñusta is in play nobody else may play them, and only its controller
    v = illegal(judge(head, enter + [under, end("A"), put("B", "B9", zone="reserve"),
                                     play("B", "A20", ["B0", "B9"])]), 7, "8.1")
    assert "bajo Ñusta" in v.message
