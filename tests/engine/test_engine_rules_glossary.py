"""Issue 21, glossary entries of section 10 that had no row of their own in
docs/rules-index.md, on real catalog cards with the compiler on (helpers of
``test_engine_rules_verdicts``)."""
from __future__ import annotations

import pytest

from test_engine_rules_verdicts import (
    activate,
    attack,
    block,
    deck,
    effect,
    end,
    gold,
    header,
    illegal,
    legal,
    make_judge,
    pay_for,
    passes,
    play,
    put,
)

from tourney.engine import catalog_resolver


@pytest.fixture(scope="module")
def judge_real(real_catalog):
    return make_judge(catalog_resolver(real_catalog))


def test_10_37_pagar_a_paid_oro_stays_in_the_oro_pagado_until_your_next_regroup(judge_real):
    head = header(deck(), deck())
    first = [play("A", "A1", ["A0"])]  # Thorkell el Alto, coste 1
    bad = illegal(judge_real(head, first + [play("A", "A2", ["A0"])]), 3, "8.1")
    assert "Oro Pagado" in bad.message
    # Beto's Agrupación is not Ana's: the Oro comes back in her own next turn
    legal(judge_real(head, first + [end("A"), end("B"), play("A", "A2", ["A0"])]))


def test_10_47_subir_cartago_returns_a_controlled_guerrero_to_its_owners_hand(judge_real):
    head = header(deck("Cartago"), deck("Vigia"), version=2)
    setup = [put("A", "A1", zone="support"), put("A", "B1")]  # Ana controls Beto's Vigia
    v = legal(judge_real(head, setup + [activate("A", "A1", ability=1, targets=["B1"]),
                                   effect("A", "A1", moves=[["B1", "hand"]])]), 5)
    # the Vigia left Beto's hand for Ana's Línea de Defensa; it comes back to his hand
    assert v.final["B"]["hand"] == 3 + 1 and v.final["A"]["hand"] == 3


def test_10_26_fuerza_kusarigama_base_plus_modifiers_is_the_combat_damage(judge_real):
    head = header(deck("Thorkell el Alto", "Kusarigama"), deck())
    setup = [put("A", "A1"), gold("A", "A9"),
             play("A", "A2", pay_for("A", 2), bearer="A1"), attack("A", "A1"), block("B")]
    v = legal(judge_real(head, setup + [passes("B"), passes("A")]))
    assert v.final["B"]["castle"] == 15 - (2 + 2)  # Fuerza 2 printed, +2 from the Arma


# -- 10.16 Coste: «Cuando este Oro sea utilizado para pagar el coste de …» (8.1 C) ------------

def test_10_16_coste_tumi_fires_when_it_pays_for_a_card_played_from_the_cementerio(judge_real):
    head = header(deck("Eurynomos", "Tumi"), deck())
    setup = [put("A", "A1", zone="graveyard"), gold("A", "A2")]  # Eurynomos has Exhumar
    legal(judge_real(head, setup + [play("A", "A1", ["A2"]), effect("A", "A2", mill={"B": 1})]), 5)
    # paid with the Oro inicial, Tumi paid nothing
    illegal(judge_real(head, setup + [play("A", "A1", ["A0"]), effect("A", "A2", mill={"B": 1})]),
            5, "6.5")
    # from the hand: not «una carta jugada desde tu Cementerio»
    illegal(judge_real(head, [gold("A", "A2"), play("A", "A1", ["A2"]),
                              effect("A", "A2", mill={"B": 1})]), 4, "6.5")
