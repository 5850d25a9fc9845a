"""Compiled real cards played in short games whose verdict depends on the compiled ability.

The engine knows these cards' abilities only from the compiler (none has a hand-written
file): an ``effect`` line that states exactly what the card's text does is *verified*; one
that states anything else is illegal on that line, with the rule."""
from __future__ import annotations


from tourney.engine.abilities.registry import hand_written

from .games import attack, battle, block, cast, deck, effect, end, gold, header, put

CARDS = ["Kyudo", "Crear Runas", "Aliento Congelante", "Convertir en Polvo",
         "Ataque de Dardos", "Luz Destructora", "Kaishaku", "Incinerar", "Juno Regina", "Vepar",
         "Butic", "Contrato", "Rescatar los Huesos", "Golpe Perfecto", "Fuerzas Iguales", "Vesna",
         "Regenerar Fiel", "Kamuy", "Enmerkar", "Isanami e Isanagi", "Jubokko", "Oannes", "Sibila de Jerusalén",
         "Cohuleen Druith", "Tachi", "Uma Chucu", "Vigia", "Mantícora", "Hijos del Fuego"]


def test_these_cards_are_known_only_through_the_compiler(real):
    for name in CARDS:
        card = real(name)
        assert card.identity not in hand_written(), name


# -- Bota ------------------------------------------------------------------------------

def test_bota_kyudo_mills_exactly_seven(judge, cost):
    head = header(deck("Kyudo"), deck(), hand=1)
    base = cast("A", "A1", "Kyudo", cost)
    v = judge(head, base + [effect("A", "A1", mill={"B": 7})])
    assert v.status == "unfinished" and v.verified == (len(base) + 2,)
    v = judge(head, base + [effect("A", "A1", mill={"B": 6})])
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "10.7")


def test_bota_enmerkar_once_per_turn_the_opponent_mills_two(judge):
    head = header(deck("Enmerkar"), deck(), hand=1)
    base = [put("A", "A1")]
    use = effect("A", "A1", mill={"B": 2})
    assert judge(head, base + [use]).verified
    v = judge(head, base + [use, use])  # «Una vez por turno» used twice
    assert (v.status, v.line, v.rule) == ("illegal", 4, "6.1")
    v = judge(head, base + [effect("A", "A1", mill={"B": 3})])
    assert (v.status, v.line) == ("illegal", 3)


def test_bota_crear_runas_mills_three_then_draws_two(judge, cost):
    head = header(deck("Crear Runas"), deck(), hand=1)
    base = cast("A", "A1", "Crear Runas", cost)
    assert judge(head, base + [effect("A", "A1", mill={"B": 3}, draw={"A": 2})]).verified
    v = judge(head, base + [effect("A", "A1", mill={"B": 3}, draw={"A": 3})])  # «Roba 2» is two
    assert v.status == "illegal" and v.line == len(base) + 2


# -- Destruye --------------------------------------------------------------------------

def test_destruye_aliento_congelante_destroys_its_target_only(judge, cost):
    head = header(deck("Aliento Congelante"), deck(), hand=1)
    base = [put("B", "B1", "B2")] + cast("A", "A1", "Aliento Congelante", cost, targets=["B1"])
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["B2", "graveyard"]])])
    assert (v.status, v.rule) == ("illegal", "6.5")


def test_destruye_convertir_en_polvo_only_targets_cost_1_or_less(judge, cost):
    head = header(deck("Convertir en Polvo"), deck("Kamuy"), hand=1)  # Kamuy costs 2
    v = judge(head, [put("B", "B1")] + cast("A", "A1", "Convertir en Polvo", cost, targets=["B1"]))
    assert (v.status, v.rule) == ("illegal", "8.2")
    head = header(deck("Convertir en Polvo"), deck(), hand=1)  # Thorkell el Alto costs 1
    base = [put("B", "B1")] + cast("A", "A1", "Convertir en Polvo", cost, targets=["B1"])
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])]).verified


def test_destruye_ataque_de_dardos_targets_an_opponents_aliado(judge, cost):
    head = header(deck("Ataque de Dardos"), deck(), hand=1)
    v = judge(head, [put("A", "A2"), put("B", "B1")]
              + cast("A", "A1", "Ataque de Dardos", cost, targets=["A2"]))
    assert (v.status, v.rule) == ("illegal", "8.2")
    base = [put("B", "B1")] + cast("A", "A1", "Ataque de Dardos", cost, targets=["B1"])
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])]).verified


# -- Destierra -------------------------------------------------------------------------

def test_destierra_luz_destructora_banishes_not_destroys(judge, cost):
    head = header(deck("Luz Destructora"), deck(), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Luz Destructora", cost, targets=["B1"])
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "exile"]])]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert v.status == "illegal" and v.line == len(base) + 2


def test_destierra_kaishaku_banishes_up_to_two(judge, cost):
    head = header(deck("Kaishaku"), deck(), hand=1)
    base = [put("B", "B1", "B2", "B3")] + cast("A", "A1", "Kaishaku", cost, targets=["B1", "B2"])
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "exile"], ["B2", "exile"]])]).verified
    v = judge(head, [put("B", "B1", "B2", "B3")]
              + cast("A", "A1", "Kaishaku", cost, targets=["B1", "B2", "B3"]))
    assert v.status == "illegal"  # three targets: «hasta dos»


def test_destierra_incinerar_cannot_take_an_oro(judge, cost):
    head = header(deck("Incinerar"), deck(), hand=1)
    v = judge(head, [gold("B", "B9")] + cast("A", "A1", "Incinerar", cost, targets=["B9"]))
    assert (v.status, v.rule) == ("illegal", "8.2")
    base = [put("B", "B1")] + cast("A", "A1", "Incinerar", cost, targets=["B1"])
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "exile"]])]).verified


# -- Roba ------------------------------------------------------------------------------

def test_roba_juno_regina_draws_one_when_it_enters(judge, cost):
    head = header(deck("Juno Regina"), deck(), hand=1)
    base = cast("A", "A1", "Juno Regina", cost)
    assert judge(head, base + [effect("A", "A1", draw={"A": 1})]).verified
    v = judge(head, base + [effect("A", "A1", draw={"A": 2})])
    assert v.status == "illegal" and v.line == len(base) + 2


def test_roba_vepar_the_opponent_draws_two_after_the_destruction(judge, cost):
    head = header(deck("Vepar"), deck(), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Vepar", cost, targets=["B1"])
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]], draw={"B": 2})]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]], draw={"A": 2})])
    assert v.status == "illegal"  # it is the opponent who draws


def test_roba_vesna_once_per_turn_banishes_a_talisman_to_draw_two(judge):
    head = header(deck("Vesna", "Kyudo", "Butic"), deck(), hand=1)
    base = [put("A", "A1"), put("A", "A2", "A3", zone="graveyard")]
    use = effect("A", "A1", moves=[["A2", "exile"]], draw={"A": 2})
    assert judge(head, base + [use]).verified
    again = effect("A", "A1", moves=[["A3", "exile"]], draw={"A": 2})
    v = judge(head, base + [use, again])  # «una vez por turno» used twice
    assert (v.status, v.line, v.rule) == ("illegal", 5, "6.1")
    v = judge(head, [put("A", "A1", "A4"), put("A", "A5", zone="graveyard"),
                     effect("A", "A1", moves=[["A5", "exile"]], draw={"A": 2})])
    assert v.status == "illegal"  # Thorkell el Alto is not a Talismán


# -- Descarta / vuelve a la mano -------------------------------------------------------

def test_descarta_butic_the_opponent_discards_three(judge, cost):
    head = header(deck("Butic"), deck(), hand=4)
    base = cast("A", "A1", "Butic", cost)
    three = [["B1", "graveyard"], ["B2", "graveyard"], ["B3", "graveyard"]]
    assert judge(head, base + [effect("A", "A1", moves=three)]).verified
    v = judge(head, base + [effect("A", "A1", moves=three[:2])])
    assert v.status == "illegal"


def test_vuelve_a_la_mano_contrato_takes_a_card_of_your_cementerio(judge, cost):
    head = header(deck("Contrato"), deck(), hand=1)
    base = [put("A", "A5", zone="graveyard")] + cast("A", "A1", "Contrato", cost, targets=["A5"])
    assert judge(head, base + [effect("A", "A1", moves=[["A5", "hand"]])]).verified
    v = judge(head, [put("B", "B5", zone="graveyard")]
              + cast("A", "A1", "Contrato", cost, targets=["B5"]))
    assert (v.status, v.rule) == ("illegal", "8.2")  # not your Cementerio


def test_vuelve_a_la_mano_golpe_perfecto_returns_and_makes_discard(judge, cost):
    head = header(deck("Golpe Perfecto"), deck(), hand=1)
    base = [put("B", "B2")] + cast("A", "A1", "Golpe Perfecto", cost, targets=["B2"])
    ok = effect("A", "A1", moves=[["B2", "hand"], ["B1", "graveyard"]])
    assert judge(head, base + [ok]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["B2", "graveyard"]])])
    assert v.status == "illegal"


# -- Fuerza: a Talismán in the Guerra de Talismanes decides the combat -------------------

def test_fuerza_fuerzas_iguales_in_the_war_changes_who_wins(judge, cost, real):
    # Thorkell el Alto (Fuerza 2) attacks, Isanami e Isanagi (Fuerza 3) blocks
    head = header(deck("Fuerzas Iguales"), deck("Isanami e Isanagi"), hand=1)
    plain = judge(head, battle([]))
    assert plain.legal and plain.final["A"]["graveyard"] >= 1 and plain.final["B"]["graveyard"] == 0
    war = cast("A", "A1", "Fuerzas Iguales", cost, targets=["A2"]) + \
        [effect("A", "A1", strength=[["A2", 2]])]
    v = judge(head, battle(war))
    assert v.legal and v.verified, v
    assert v.final["B"]["graveyard"] >= 1  # Isanami e Isanagi lost the combat
    bad = cast("A", "A1", "Fuerzas Iguales", cost, targets=["A2"]) + \
        [effect("A", "A1", strength=[["A2", 3]])]
    v = judge(head, battle(bad))
    assert v.status == "illegal"


def test_fuerza_regenerar_fiel_weakens_the_blocker(judge, cost):
    head = header(deck("Regenerar Fiel"), deck("Isanami e Isanagi"), hand=1)
    war = cast("A", "A1", "Regenerar Fiel", cost, targets=["B1"]) + \
        [effect("A", "A1", strength=[["B1", -2]])]
    v = judge(head, battle(war))
    assert v.legal and v.verified and v.final["B"]["graveyard"] >= 1  # 2 against 1
    bad = cast("A", "A1", "Regenerar Fiel", cost, targets=["B1"]) + \
        [effect("A", "A1", strength=[["B1", -3]])]
    assert judge(head, battle(bad)).status == "illegal"


def test_fuerza_trono_volador_makes_the_attacker_imbloqueable(judge, cost):
    head = header(deck("Trono Volador"), deck(), hand=1)
    setup = [put("A", "A2"), end("A"), put("B", "B1"), end("B")]
    boost = cast("A", "A1", "Trono Volador", cost, targets=["A2"]) + \
        [effect("A", "A1", strength=[["A2", 3]])]
    fight = [attack("A", "A2"), block("B", ("B1", "A2"))]
    assert judge(head, setup + fight).legal  # without it the block is legal
    v = judge(head, setup + boost + fight)
    assert v.status == "illegal" and v.line == len(setup + boost + fight) + 1 and v.verified


# -- Triggered on entering, choices and once per turn ------------------------------------

def test_descarta_akai_misuto_destroys_then_the_opponent_discards_one(judge, cost):
    head = header(deck("Akai Misuto"), deck(), hand=3)
    base = [put("B", "B4")] + cast("A", "A1", "Akai Misuto", cost, targets=["B4"])
    ok = effect("A", "A1", moves=[["B4", "graveyard"], ["B1", "graveyard"]])
    v = judge(head, base + [ok])
    assert v.legal and len(base) + 2 in v.verified
    v = judge(head, base + [effect("A", "A1", moves=[["B4", "graveyard"], ["B1", "graveyard"],
                                                     ["B2", "graveyard"]])])
    assert v.status == "illegal"  # «Descarta una carta» is one


def test_vuelve_a_la_mano_rescatar_los_huesos_takes_an_aliado_only(judge, cost):
    head = header(deck("Rescatar los Huesos", "Kyudo"), deck(), hand=1)
    v = judge(head, [put("A", "A2", zone="graveyard")]
              + cast("A", "A1", "Rescatar los Huesos", cost, targets=["A2"]))  # a Talismán
    assert (v.status, v.rule) == ("illegal", "8.2")
    base = [put("A", "A3", zone="graveyard")] + cast("A", "A1", "Rescatar los Huesos", cost, targets=["A3"])
    assert judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])]).verified


def test_una_vez_por_turno_kamuy_destroys_another_faerie_to_draw_two(judge):
    head = header(deck("Kamuy", "Kamuy", "Kamuy"), deck(), hand=1)
    base = [put("A", "A1", "A2", "A3")]
    use = effect("A", "A1", moves=[["A2", "graveyard"]], draw={"A": 2})
    assert judge(head, base + [use]).verified
    v = judge(head, base + [use, effect("A", "A1", moves=[["A3", "graveyard"]], draw={"A": 2})])
    assert (v.status, v.line, v.rule) == ("illegal", 4, "6.1")
    v = judge(head, [put("A", "A1", "A4")] + [effect("A", "A1", moves=[["A4", "graveyard"]], draw={"A": 2})])
    assert v.status == "illegal"  # Thorkell el Alto is not a Faerie
