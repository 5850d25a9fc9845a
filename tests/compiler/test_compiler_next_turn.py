"""«hasta tu próximo turno» / «hasta el comienzo de tu próximo turno» after an effect (issue
22): ``Duration("next_turn")``, which the engine ends as the next turn of the player who used
the card begins (``turn._next_turn``) — only for what it marks on the card (keywords gained or
lost, «pierde su habilidad», «no puede atacar / bloquear»); a Fuerza gained that long stays
*unenforced* (the engine would end it in the Fase Final)."""
from __future__ import annotations

from tourney.engine.abilities.kinds.enforcement import unenforced
from tourney.engine.compiler import compile_card

from .games import attack, cast, deck, effect, end, header, put
from .realcards import compiled

NEXT = {"kind": "next_turn"}


def test_10_duracion_tomar_pucara_totem_loses_its_ability_until_your_next_turn(real):
    assert compiled(real("Tomar Pucará")) == [{
        "kind": "effect", "targets": [{"types": ["Tótem"]}], "zone": "hand",
        "effects": [{"kind": "lose_abilities", "duration": NEXT}]}]


def test_10_duracion_lullul_huentru_neither_attacks_nor_blocks_until_your_next_turn(real):
    (ability,) = compiled(real("Lullul Huentru"))
    assert ability["effects"] == [{"kind": "cannot_attack", "duration": NEXT},
                                  {"kind": "cannot_block", "duration": NEXT}]
    assert unenforced(real("Lullul Huentru"), compile_card(real("Lullul Huentru")).abilities) == ()


def test_10_duracion_prueba_de_toqui_fuerza_until_next_turn_stays_unenforced(real):
    card = real("Prueba de Toqui")
    (ability,) = compiled(card)
    assert ability["effects"] == [
        {"kind": "strength", "amount": 2, "duration": NEXT},
        {"kind": "gain_keyword", "keyword": "Indestructible", "duration": NEXT}]
    (why,) = unenforced(card, compile_card(card).abilities)
    assert "strength" in why and "Fase Final" in why


def test_10_duracion_lullul_huentru_played_aliado_cannot_attack_in_the_next_turn(judge, cost):
    head = header(deck("Lullul Huentru"), deck(), hand=1)
    setup = [put("B", "B2")]
    played = cast("A", "A1", "Lullul Huentru", cost, targets=["B2"]) + [effect("A", "A1")]
    v = judge(head, setup + played + [end("A"), attack("B", "B2")])
    assert (v.status, v.line) == ("illegal", len(setup + played) + 3), v
    # once A's next turn has begun, the effect is over: B2 attacks in B's following turn
    v = judge(head, setup + played + [end("A"), end("B"), end("A"), attack("B", "B2")])
    assert v.legal, v
