"""Played games with the frames and costs the compiler reads as parts (issue 22, Aliados /
Tótems / Armas; values in tests/compiler/test_compiler_frames_more.py): real catalog cards,
the compiler on as the product runs; a correct line is verified, a wrong one illegal at its
line with its rule. Card texts are read from ../shared/data, never copied here."""
from __future__ import annotations

import json

import pytest

from tests.engine.engine_helpers import POOL
from tourney.engine import adjudicate, catalog_resolver, read_record

from tests.compiler.games import (attack, block, deck, effect, end, gold, header, illegal, passes, play,
                                   put, verified)
from tests.compiler.realcards import load_real


# -- 10.16 Coste: «Barajar esta carta» (Ciudad Dorada: in the war, shuffle it to banish an
#    attacker) ---------------------------------------------------------------------------------

def _war():
    """B's Thorkell el Alto (B2) attacks; A (Ciudad Dorada A1 in play) does not block."""
    return [put("A", "A1", zone="support"), end("A"), put("B", "B2"), end("B"), end("A"),
            attack("B", "B2"), block("A")]


def test_10_16_coste_ciudad_dorada_shuffled_into_the_castle_banishes_the_attacker(judge):
    head = header(deck("Ciudad Dorada"), deck(), hand=1)
    use = effect("A", "A1", targets=["B2"], moves=[["A1", "castle_bottom"], ["B2", "exile"]])
    v = verified(judge(head, _war() + [use, passes("A"), passes("B")]), len(_war()) + 2)
    before = judge(head, _war()).final["A"]["castle"]
    assert v.final["B"]["exile"] == 1 and v.final["A"]["castle"] == before + 1  # Ciudad Dorada went back


def test_10_16_coste_ciudad_dorada_not_shuffled_is_illegal(judge):
    head = header(deck("Ciudad Dorada"), deck(), hand=1)
    use = effect("A", "A1", targets=["B2"], moves=[["B2", "exile"]])
    illegal(judge(head, _war() + [use]), len(_war()) + 2, "10.16")


# -- 6.1 Una vez por turno, «Una vez en tu turno» (Enki: pay an Oro to destroy an Aliado) ------

def test_6_1_una_vez_en_tu_turno_enki_destroys_in_its_own_turn(judge):
    head = header(deck("Enki"), deck(), hand=1)
    base = [put("A", "A1"), put("B", "B1")]
    use = effect("A", "A1", targets=["B1"], moves=[["A0", "paid"], ["B1", "graveyard"]])
    verified(judge(head, base + [use]), len(base) + 2)


def test_6_1_una_vez_en_tu_turno_enki_in_the_opponents_turn_is_illegal(judge):
    head = header(deck("Enki"), deck(), hand=1)
    base = [put("A", "A1"), put("B", "B1"), end("A")]
    use = effect("A", "A1", targets=["B1"], moves=[["A0", "paid"], ["B1", "graveyard"]])
    illegal(judge(head, base + [use]), len(base) + 2, "6.2")  # not the moment to use it


# -- 9 C1 Declaración de Ataque: «no se puede declarar ataque» (Vanaheim, any player) ----------

def test_9_declarar_ataque_vanaheim_forbids_both_players_to_attack(judge):
    head = header(deck("Vanaheim"), deck(), hand=1)
    setup = [put("A", "A1", zone="support"), put("A", "A2"), end("A"), put("B", "B2"), end("B")]
    illegal(judge(head, setup + [attack("A", "A2")]), len(setup) + 2, "9 C")
    illegal(judge(head, setup + [end("A"), attack("B", "B2")]), len(setup) + 3, "9 C")
    plain = [put("A", "A2"), end("A"), put("B", "B2"), end("B")]  # without Vanaheim: legal
    assert judge(head, plain + [attack("A", "A2")]).legal


# -- 6.6 Disparadas: «Cuando este Aliado sea bloqueado, … el Aliado que lo bloquea» (Parcas) ---

def _parcas_blocked():
    """A's Parcas (A1) attacks; B's Thorkell el Alto B1 blocks it, B2 rests in defense."""
    return [put("A", "A1"), end("A"), put("B", "B1", "B2"), end("B"), attack("A", "A1"),
            block("B", ("B1", "A1"))]


def test_6_6_disparada_parcas_banishes_the_aliado_that_blocks_it(judge):
    head = header(deck("Parcas"), deck(), hand=1)
    use = effect("A", "A1", moves=[["B1", "exile"]])
    v = verified(judge(head, _parcas_blocked() + [use]), len(_parcas_blocked()) + 2)
    assert v.final["B"]["exile"] == 1


def test_6_6_disparada_parcas_banishing_another_aliado_is_illegal(judge):
    head = header(deck("Parcas"), deck(), hand=1)
    use = effect("A", "A1", moves=[["B2", "exile"]])  # B2 does not block Parcas
    illegal(judge(head, _parcas_blocked() + [use]), len(_parcas_blocked()) + 2, "6.5")


# -- 10.7 Botar: «cada jugador Bota una carta por cada Aliado que controle» (Eilean Donan) ------

def test_10_7_botar_eilean_donan_each_player_mills_by_their_own_aliados(judge):
    head = header(deck("Eilean Donan"), deck(), hand=1)
    base = [put("A", "A1", zone="support"), put("A", "A2", "A3"), put("B", "B1")]
    use = effect("A", "A1", mill={"A": 2, "B": 1})
    verified(judge(head, base + [use]), len(base) + 2)


def test_10_7_botar_eilean_donan_the_same_count_for_both_is_illegal(judge):
    head = header(deck("Eilean Donan"), deck(), hand=1)
    base = [put("A", "A1", zone="support"), put("A", "A2", "A3"), put("B", "B1")]
    illegal(judge(head, base + [effect("A", "A1", mill={"A": 2, "B": 2})]), len(base) + 2, "10.7")


# -- 10.16 Coste: «Destruye este Tótem para …» (Ryoan-Ji) ----------------------------------------

def test_10_16_coste_ryoan_ji_is_destroyed_to_shuffle_cards_of_its_cementerio(judge):
    head = header(deck("Ryoan-Ji", "Kamuy"), deck(), hand=1)  # Kamuy: an Aliado of cost 2
    base = [put("A", "A1", zone="support"), put("A", "A2", zone="graveyard")]
    use = effect("A", "A1", targets=["A2"], moves=[["A1", "graveyard"], ["A2", "castle_bottom"]])
    verified(judge(head, base + [use]), len(base) + 2)
    unpaid = effect("A", "A1", targets=["A2"], moves=[["A2", "castle_bottom"]])
    illegal(judge(head, base + [unpaid]), len(base) + 2, "10.16")


# -- 7.1 Habilidades continuas desde el Cementerio (Serafín): a real Serafín with the pool's
#    Aliado without ability «Soldado» (the real catalog has no Aliado without text) and «Rayo»
#    («Destruye un Aliado») ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def mixed(shared_data):
    real = catalog_resolver(load_real(shared_data))

    def resolve(name):
        return POOL[name] if name in ("Soldado", "Rayo") else real(name)

    def run(head, actions):
        lines = [json.dumps(head, ensure_ascii=False)] + [json.dumps(a, ensure_ascii=False) for a in actions]
        return adjudicate(read_record(lines, resolve))
    return run


def _serafin(where):
    head = header(["Serafín", "Soldado"] + ["Soldado"] * 6 + ["Oro"] * 5, ["Rayo"] + ["Soldado"] * 12, hand=1)
    setup = [put("A", "A1", zone=where), put("A", "A2"), end("A")]
    rayo = [{"p": "B", "do": "play", "card": "B1", "pay": ["B0"], "targets": ["A2"]},
            effect("B", "B1", moves=[["A2", "graveyard"]])]
    return head, setup, rayo


def test_7_1_serafin_in_the_cementerio_makes_an_aliado_without_ability_indestructible(mixed):
    head, setup, rayo = _serafin("graveyard")
    illegal(mixed(head, setup + rayo), len(setup + rayo) + 1, "10.31")  # Indestructible


def test_7_1_serafin_in_play_or_in_the_hand_protects_nothing(mixed):
    for where in ("defense", "hand"):
        head, setup, rayo = _serafin(where)
        verified(mixed(head, setup + rayo), len(setup + rayo) + 1)


# -- 6.6 Disparadas: «si tres o más Aliados entraron en juego bajo el control de tu oponente este
#    turno, puedes jugar este Aliado desde tu mano sin pagar su coste» (Gerard van Swieten) -------

def test_6_6_disparada_gerard_van_swieten_is_played_free_after_three_opposing_aliados(judge):
    head = header(deck("Gerard van Swieten"), deck(), hand=1)
    use = effect("A", "A1", moves=[["A1", "defense"]])
    three = [end("A"), put("B", "B1", "B2", "B3"), end("B")]
    verified(judge(head, three + [use]), len(three) + 2)
    two = [end("A"), put("B", "B1", "B2"), end("B")]
    illegal(judge(head, two + [use]), len(two) + 2, "6.5")


# -- 8.1 Coste: «… en el turno oponente» (Jardín de Aguas): in your own turn a Samurái costs
#    its printed cost (Ieyasu, cost 2) -----------------------------------------------------------

def test_8_1_coste_jardin_de_aguas_does_not_reduce_in_your_own_turn(judge):
    head = header(deck("Jardín de Aguas", "Ieyasu"), deck(), hand=2)
    base = [put("A", "A1", zone="support"), gold("A", "A9")]
    v = judge(head, base + [play("A", "A2", ["A0", "A9"])])
    assert v.legal and len(base) + 2 not in v.unverified, (v.rule, v.message, v.unverified)
    illegal(judge(head, base + [play("A", "A2", ["A0"])]), len(base) + 2, "8.1")  # one Oro is not enough


# -- 9 C1 Declaración de Ataque: «sólo se puede declarar un Aliado atacante cada turno» (Capilla
#    Sixtina, for both players) ---------------------------------------------------------------------

def test_9_c1_capilla_sixtina_one_attacker_is_legal_two_are_not(judge):
    head = header(deck("Capilla Sixtina"), deck(), hand=1)
    setup = [put("A", "A1", zone="support"), put("A", "A2", "A3"), end("A"), put("B", "B2", "B3"), end("B")]
    assert judge(head, setup + [attack("A", "A2")]).legal
    illegal(judge(head, setup + [attack("A", "A2", "A3")]), len(setup) + 2, "9 C1")
    illegal(judge(head, setup + [end("A"), attack("B", "B2", "B3")]), len(setup) + 3, "9 C1")
