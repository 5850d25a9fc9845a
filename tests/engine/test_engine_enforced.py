"""Families whose values the compiler already read and the engine now enforces (issue 22):
each family a recorded game with real catalog cards (the compiler on, as the product runs)
where its line is verified, and one where a wrong line is illegal with its rule. Tests are
named after the rule paragraph (docs/rules-index.md, alias K). Card texts are read from
../shared/data, never copied here."""
from __future__ import annotations


from tests.compiler.games import cast, deck, effect, gold, header, illegal, play, put, verified

TOTEM = "Spoliarium"  # «Cuando un Aliado oponente sea Destruido, puedes Robar una carta.»


# -- 10.5 Barajar: «Baraja …» moves the card into its owner's Mazo Castillo ----------------

def _verbena(cost):
    """B controls the Tótem B1; Ana plays Verbena («Baraja un Arma o Tótem en juego») on it."""
    head = header(deck("Verbena"), deck(TOTEM), hand=1)
    return head, [put("B", "B1", zone="support")] + cast("A", "A1", "Verbena", cost,
                                                          targets=["B1"])


def test_10_5_barajar_verbena_shuffles_the_targeted_totem_into_its_owners_castle(judge, cost):
    head, base = _verbena(cost)
    line = len(base) + 2
    for end_of_castle in ("castle_bottom", "castle_top"):  # shuffled in: either end
        verified(judge(head, base + [effect("A", "A1", moves=[["B1", end_of_castle]])]), line)


def test_10_5_barajar_verbena_a_line_that_destroys_the_totem_instead_is_illegal(judge, cost):
    head, base = _verbena(cost)
    line = len(base) + 2
    illegal(judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])]), line, "6.5")
    # nor may it shuffle a card that is not its target
    head = header(deck("Verbena"), deck(TOTEM, TOTEM), hand=1)
    base = [put("B", "B1", "B2", zone="support")] + cast("A", "A1", "Verbena", cost, targets=["B1"])
    illegal(judge(head, base + [effect("A", "A1", moves=[["B2", "castle_bottom"]])]),
            len(base) + 2, "6.5")


def test_10_5_barajar_flor_de_oleno_shuffles_itself_from_the_cementerio_paying_an_oro(judge):
    # «Si este Talismán está en tu Cementerio, puedes pagar un Oro para Barajarlo …»
    head = header(deck("Flor de Oleno"), deck(), hand=1)
    base = [put("A", "A1", zone="graveyard")]
    ok = effect("A", "A1", moves=[["A1", "castle_bottom"], ["A0", "paid"]])
    verified(judge(head, base + [ok]), 3)
    # without paying its Oro it is not used (10.16), and it does not work from the hand (6.2)
    illegal(judge(head, base + [effect("A", "A1", moves=[["A1", "castle_bottom"]])]), 3, "10.16")
    illegal(judge(head, [ok]), 2, "6.2")


# -- 10.40 Purificar: each card of a Cementerio Desterrada or Barajada -----------------------

def _psicomancia(cost):
    """Psicomancia: «Purifica hasta cuatro cartas en los Cementerios»; B1 and A2 lie in them."""
    head = header(deck("Psicomancia", TOTEM), deck(TOTEM), hand=2)
    return head, [put("B", "B1", zone="graveyard"), put("A", "A2", zone="graveyard")] + cast(
        "A", "A1", "Psicomancia", cost, targets=["B1", "A2"])


def test_10_40_purificar_psicomancia_banishes_one_and_shuffles_the_other(judge, cost):
    head, base = _psicomancia(cost)
    ok = effect("A", "A1", moves=[["B1", "exile"], ["A2", "castle_bottom"]])
    verified(judge(head, base + [ok]), len(base) + 2)


def test_10_40_purificar_psicomancia_may_not_return_a_card_to_the_hand(judge, cost):
    head, base = _psicomancia(cost)
    bad = effect("A", "A1", moves=[["B1", "exile"], ["A2", "hand"]])
    illegal(judge(head, base + [bad]), len(base) + 2, "6.5")


# -- 10.19 Desterrar the first cards of a Mazo Castillo (banish_top) -------------------------

def test_10_19_desterrar_trampa_tanuki_banishes_the_top_card_of_the_opponents_castle(judge, cost):
    # B drew B1 (hand 1): the top of B's Mazo Castillo is B2
    head = header(deck("Trampa Tanuki"), deck(), hand=1)
    base = cast("A", "A1", "Trampa Tanuki", cost)
    verified(judge(head, base + [effect("A", "A1", moves=[["B2", "exile"]])]), len(base) + 2)


def test_10_19_desterrar_trampa_tanuki_another_card_than_the_top_is_illegal(judge, cost):
    head = header(deck("Trampa Tanuki"), deck(), hand=1)
    base = cast("A", "A1", "Trampa Tanuki", cost)
    line = len(base) + 2
    illegal(judge(head, base + [effect("A", "A1", moves=[["B3", "exile"]])]), line, "10.19")
    illegal(judge(head, base + [effect("A", "A1", moves=[["A2", "exile"]])]), line, "10.19")


# -- 8.1 Jugar sin pagar su coste («juega … sin pagar su coste») -----------------------------

def _creacion(cost):
    """Creación: «Elige un Tótem de tu Cementerio y juégalo sin pagar su coste»."""
    head = header(deck("Creación", TOTEM, TOTEM), deck(), hand=3)
    return head, [put("A", "A2", zone="graveyard")] + cast("A", "A1", "Creación", cost,
                                                           targets=["A2"])


def test_8_1_jugar_sin_pagar_creacion_plays_the_totem_of_its_cementerio(judge, cost):
    head, base = _creacion(cost)
    v = verified(judge(head, base + [effect("A", "A1", moves=[["A2", "support"]])]), len(base) + 2)
    before = judge(head, base).final["A"]
    assert (v.final["A"]["in_play"], v.final["A"]["graveyard"]) == (
        before["in_play"] + 1, before["graveyard"] - 1)  # the Tótem left the Cementerio for play


def test_8_1_jugar_sin_pagar_creacion_plays_no_other_card_and_puts_it_in_play(judge, cost):
    head, base = _creacion(cost)
    line = len(base) + 2
    # the Tótem of the hand is not the one it chose
    illegal(judge(head, base + [effect("A", "A1", moves=[["A3", "support"]])]), line, "6.5")
    # the chosen Tótem must be played, not put in the hand
    illegal(judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]), line, "6.5")


# -- 8.1 / 10.16 the cost changed (seed 000, §1: never below 1, cost 0 or 1 not reduced) ----

DRAGON = "Isanami e Isanagi"  # an Aliado de Raza Dragón of cost 3, «Cuando … sea Destruido …»


def _paid(p, card, n):
    extra = [f"{p}{9 + i}" for i in range(max(n - 1, 0))]
    return ([gold(p, *extra)] if extra else []) + [play(p, card, [f"{p}0"] + extra)]


def test_8_1_coste_wani_makes_a_dragon_cost_one_oro_less(judge):
    # «reduce en un Oro el coste de tus Aliados de Raza Dragón»: Isanami e Isanagi costs 2
    head = header(deck("Wani", DRAGON), deck(), hand=2)
    base = [put("A", "A1")]
    v = judge(head, base + _paid("A", "A2", 2))
    assert v.legal and 4 not in v.unverified, (v.rule, v.message, v.unverified)
    illegal(judge(head, base + _paid("A", "A2", 3)), 4, "8.1")  # its printed cost: too much


def test_8_1_coste_fuku_counts_the_dragones_you_control_never_below_one(judge):
    # «Reduce el coste de este Aliado en un Oro por cada Aliado de Raza Dragón que controles»
    head = header(deck("Fuku", DRAGON), deck(), hand=2)
    v = judge(head, [put("A", "A2")] + _paid("A", "A1", 3))  # 4 - 1
    assert v.legal and 4 not in v.unverified, (v.rule, v.message)
    illegal(judge(head, [put("A", "A2")] + _paid("A", "A1", 4)), 4, "8.1")
    # with Wani too: 4 - 2 (two Dragones) - 1 (Wani) = 1
    head = header(deck("Fuku", DRAGON, "Wani"), deck(), hand=3)
    v = judge(head, [put("A", "A2", "A3")] + _paid("A", "A1", 1))
    assert v.legal and 3 not in v.unverified, (v.rule, v.message, v.unverified)
    illegal(judge(head, [put("A", "A2", "A3")] + _paid("A", "A1", 2)), 4, "8.1")


# -- 8.1 Jugar pagando su coste («juega … de tu Cementerio pagando su coste») ----------------

def test_8_1_jugar_pagando_tenome_plays_a_faerie_of_its_cementerio_paying_two_oros(judge):
    # Tenome: «… puedes jugar un Aliado de Raza Faerie de tu Cementerio pagando su coste»;
    # Kamuy (A2) is a Faerie of cost 2
    head = header(deck("Tenome", "Kamuy"), deck(), hand=1)
    base = [put("A", "A1"), put("A", "A2", zone="graveyard"), gold("A", "A9")]
    ok = effect("A", "A1", targets=["A2"], moves=[["A2", "defense"], ["A0", "paid"], ["A9", "paid"]])
    verified(judge(head, base + [ok]), 5)
    short = effect("A", "A1", targets=["A2"], moves=[["A2", "defense"], ["A0", "paid"]])
    illegal(judge(head, base + [short]), 5, "8.1")


# -- 10.34 Mirar las primeras N cartas y tomar («Mira … Pon una en tu mano y Baraja el resto») ---

def _rastrear(cost):
    """Rastrear: «Mira las primeras dos cartas de tu Mazo Castillo. Pon una en tu mano y
    Baraja el resto»; Ana drew A1, so A2 and A3 are the top of her Mazo Castillo."""
    head = header(deck("Rastrear"), deck(), hand=1)
    return head, cast("A", "A1", "Rastrear", cost)


def test_10_34_mirar_rastrear_takes_one_of_the_first_two_cards(judge, cost):
    head, base = _rastrear(cost)
    line = len(base) + 2
    verified(judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])]), line)
    # the other one shuffled back: the record may put it at either end
    verified(judge(head, base + [effect("A", "A1", moves=[["A2", "hand"], ["A3", "castle_bottom"]])]),
             line)


def test_10_34_mirar_rastrear_may_not_take_a_card_it_did_not_look_at_nor_two(judge, cost):
    head, base = _rastrear(cost)
    line = len(base) + 2
    illegal(judge(head, base + [effect("A", "A1", moves=[["A4", "hand"]])]), line, "6.5")
    illegal(judge(head, base + [effect("A", "A1", moves=[["A2", "hand"], ["A3", "hand"]])]),
            line, "6.5")


# -- 2.3 a Talismán's effect sentences read as one ability, a conditional one done if it holds --

def test_2_3_talismanes_devora_tormentas_draws_a_second_card_only_with_six_oros(judge):
    # «Roba una carta. Si controlas seis o más Oros, puedes Robar una carta adicional.»
    head = header(deck("Devora Tormentas"), deck(), hand=1)
    play_it = [play("A", "A1", ["A0"])]
    verified(judge(head, play_it + [effect("A", "A1", draw={"A": 1})]), 3)
    illegal(judge(head, play_it + [effect("A", "A1", draw={"A": 2})]), 3, "6.5")
    rich = [gold("A", "A9", "A10", "A11", "A12", "A13")] + play_it  # six Oros
    verified(judge(head, rich + [effect("A", "A1", draw={"A": 2})]), 4)
    verified(judge(head, rich + [effect("A", "A1", draw={"A": 1})]), 4)  # «puedes»


# -- 10.16 «a menos que tu oponente pague …»: paid, the effect does not happen ---------------

def _devotio(cost):
    """Devotio: «Destruye un Aliado a menos que tu oponente pague dos Oros»; Beto controls the
    Aliado B1 and the Oros B0 and B9."""
    head = header(deck("Devotio"), deck(), hand=1)
    return head, [put("B", "B1"), gold("B", "B9")] + cast("A", "A1", "Devotio", cost,
                                                          targets=["B1"])


def test_10_16_a_menos_que_devotio_destroys_or_its_opponent_pays_two_oros(judge, cost):
    head, base = _devotio(cost)
    line = len(base) + 2
    verified(judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])]), line)
    verified(judge(head, base + [effect("A", "A1", moves=[["B0", "paid"], ["B9", "paid"]])]), line)


def test_10_16_a_menos_que_devotio_one_oro_is_not_enough_and_paying_saves_the_aliado(judge, cost):
    head, base = _devotio(cost)
    line = len(base) + 2
    illegal(judge(head, base + [effect("A", "A1", moves=[["B0", "paid"]])]), line, "10.16")
    both = effect("A", "A1", moves=[["B0", "paid"], ["B9", "paid"], ["B1", "graveyard"]])
    illegal(judge(head, base + [both]), line, "6.5")
