"""Issue 21, the steps of the turn (seed 000, section 9): what fires at the start or the end of
a phase or a step, on real catalog cards with the ability compiler on. The helpers (castles,
record lines) are those of ``test_engine_rules_verdicts``."""
from __future__ import annotations

import pytest
from test_engine_rules_verdicts import (
    attack,
    deck,
    effect,
    end,
    header,
    illegal,
    legal,
    make_judge,
    put,
)

from tourney.catalog.model import TOTEM, Card
from tourney.engine import catalog_resolver


# -- 9 A Fase de Agrupación: «Al comienzo de la Fase de Agrupación …» --------------------------

def test_9_a_agrupacion_hipogrifo_sacro_gains_alimento_at_the_start_of_the_opponents_regroup(judge_steps):
    head = header(deck("Hipogrifo Sacro"), deck())
    setup = [put("A", "A1"), end("A")]  # Beto's turn 2 begins with his Fase de Agrupación
    ok = legal(judge_steps(head, setup + [effect("A", "A1", counters=[["A1", "Alimento", 1]])]), 4)
    assert 4 not in ok.unverified
    illegal(judge_steps(head, setup + [effect("A", "A1", counters=[["A1", "Alimento", 2]])]), 4, "10.12")


def test_9_a_agrupacion_cleopatra_vii_mills_two_in_every_regroup(judge_steps):
    head = header(deck("Cleopatra VII"), deck())
    setup = [put("A", "A1"), end("A")]
    legal(judge_steps(head, setup + [effect("A", "A1", mill={"B": 2})]), 4)
    legal(judge_steps(head, setup + [effect("A", "A1", mill={"B": 2}), end("B"),
                               effect("A", "A1", mill={"B": 2})]), 4, 6)
    illegal(judge_steps(head, setup + [effect("A", "A1", mill={"B": 3})]), 4, "10.7")


# -- moments no real card's compiled text names yet --------------------------------------------
# The catalog's cards that trigger at the start of the Fase de Robar (Fyrkat: «… de cada
# jugador, ese jugador Roba …») or at the end of the Vigilia (Nosferatu, Caín, Hop Frog, Sir
# Francis Varney: «… debe atacar este turno si puede») have effects the compiler does not read,
# so their lines stay unverified. These two Tótems say the same moments with an effect it reads.

CLEPSIDRA = Card(code="T-CLEP", name="Clepsidra", edition="prueba", type=TOTEM,
                 identity="prueba-clepsidra", cost=1, strength=None, keywords=frozenset(),
                 text="Al comienzo de tu Fase de Robar, Roba una carta.")
CAMPANA = Card(code="T-CAMP", name="Campana de Vísperas", edition="prueba", type=TOTEM,
               identity="prueba-campana", cost=1, strength=None, keywords=frozenset(),
               text="Al final de la Fase de Vigilia oponente, tu oponente Bota una carta.")

# Mercaderes («Al comienzo de la Declaración de Bloqueo, puedes Convertir este Oro …») converts
# with no end the compiler reads; the moment itself is read.
ATALAYA = Card(code="T-ATAL", name="Atalaya", edition="prueba", type=TOTEM,
               identity="prueba-atalaya", cost=1, strength=None, keywords=frozenset(),
               text="Al comienzo de tu Declaración de Bloqueo, Roba una carta.")


@pytest.fixture(scope="module")
def judge_steps(real_catalog):
    real = catalog_resolver(real_catalog)
    extra = {c.name: c for c in (CLEPSIDRA, CAMPANA, ATALAYA)}

    def resolve(name):
        return extra[name] if name in extra else real(name)
    return make_judge(resolve)


def test_9_e_robar_a_trigger_at_the_start_of_the_fase_de_robar_fires_even_on_the_first_turn(judge_steps):
    head = header(deck("Clepsidra"), deck())
    setup = [put("A", "A1", zone="support"), end("A")]  # turn 1: no draw (9 E e), the step is there
    ok = legal(judge_steps(head, setup + [effect("A", "A1", draw={"A": 1})]), 4)
    assert ok.final["A"]["hand"] == 3 + 1
    illegal(judge_steps(head, setup + [effect("A", "A1", draw={"A": 2})]), 4, "10.45")
    # Beto's Fase de Robar is not «tu Fase de Robar» for Ana's Tótem
    illegal(judge_steps(head, setup + [effect("A", "A1", draw={"A": 1}), end("B"),
                                       effect("A", "A1", draw={"A": 1})]), 6, "6.5")


def test_9_b_vigilia_a_trigger_at_the_end_of_the_opponents_vigil_fires_when_it_ends_or_the_battle_begins(judge_steps):
    head = header(deck("Campana de Vísperas"), deck())
    setup = [put("A", "A1", zone="support"), end("A")]
    legal(judge_steps(head, setup + [end("B"), effect("A", "A1", mill={"B": 1})]), 5)
    # Beto's Vigilia ends when he declares his attack: the line follows the attack
    fury = [put("B", "B1"), attack("B", "B1"), effect("A", "A1", mill={"B": 1})]
    legal(judge_steps(head, setup + fury), 6)
    # Ana's own Vigilia ending fires nothing
    illegal(judge_steps(head, [put("A", "A1", zone="support"), end("A"), end("B"), end("A"),
                               effect("A", "A1", mill={"B": 1})]), 6, "6.5")


def test_9_c2_bloqueo_a_trigger_at_the_start_of_your_declaracion_de_bloqueo_fires_before_you_block(judge_steps):
    head = header(deck("Atalaya"), deck())
    setup = [put("A", "A1", zone="support"), end("A"), put("B", "B1"), attack("B", "B1")]
    # Ana defends: her Declaración de Bloqueo begins; she draws, then declares no blockers
    ok = legal(judge_steps(head, setup + [effect("A", "A1", draw={"A": 1}),
                                          {"p": "A", "do": "block", "pairs": []}]), 6)
    assert ok.final["A"]["hand"] == 3 + 1
    # in Ana's own attack the Declaración de Bloqueo is Beto's
    own = [put("A", "A1", zone="support"), put("A", "A2"), attack("A", "A2"),
           effect("A", "A1", draw={"A": 1})]
    illegal(judge_steps(head, own), 5, "6.5")


# -- 10.1 Agrupar: each card the Fase de Agrupación regroups ------------------------------------

def test_10_1_agrupar_zhayedan_returns_from_the_cementerio_when_the_opponent_regroups_an_aliado(judge_steps):
    head = header(deck("Zhayedan"), deck())
    battle = [put("A", "A1", zone="graveyard"), end("A"), put("B", "B1"), attack("B", "B1"),
              {"p": "A", "do": "block", "pairs": []}, {"p": "A", "do": "pass"},
              {"p": "B", "do": "pass"}, end("A")]  # Beto's next Agrupación regroups B1
    ok = legal(judge_steps(head, battle + [effect("A", "A1", moves=[["A1", "hand"]])]), 10)
    # left in Ana's Cementerio: the two cards Beto's attack milled; Zhayedan is in her hand
    assert ok.final["A"]["graveyard"] == 2 and ok.final["A"]["hand"] == 3 + 1 + 1
    # Beto regroups nothing in his first Agrupación: Zhayedan stays where it is
    illegal(judge_steps(head, [put("A", "A1", zone="graveyard"), end("A"),
                               effect("A", "A1", moves=[["A1", "hand"]])]), 4, "6.5")
