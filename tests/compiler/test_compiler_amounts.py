"""Amounts and comparisons (compiler/amounts.py): «de coste igual o menor a la cantidad de …»,
«con Fuerza igual o menor a la Fuerza del Aliado portador», «con coste igual o menor a la
carta Descartada», «del mismo coste», «por cada …» on every card of a kind, «por cada copia
en juego». Real cards, read from ../shared/data; their compiled values are asserted, and short
games show the engine reading the amount when the ability resolves."""
from __future__ import annotations

from .games import attack, battle, cast, deck, effect, header, put
from .realcards import sentence_json


def _only(card, index):
    (ability,) = sentence_json(card, index)
    return ability


# -- «de coste igual o menor a la cantidad de …» -------------------------------------------

def test_kawakami_gensai_destroys_up_to_the_number_of_samurai_you_control(real):
    ability = _only(real("Kawakami Gensai"), 2)
    assert ability["targets"] == [{"types": ["Aliado"], "controller": "opponent",
                                   "max_cost_from": "count",
                                   "from_filter": {"types": ["Aliado"], "races": ["Samurái"],
                                                   "controller": "you", "targets": False}}]
    assert ability["effects"] == [{"kind": "destroy"}]


def test_ikiryo_counts_the_talismanes_in_your_cementerio(real):
    ability = _only(real("Ikiryo"), 2)
    assert ability["targets"][0]["max_cost_from"] == "count"
    assert ability["targets"][0]["from_filter"] == {"types": ["Talismán"], "controller": "you",
                                                    "zone": "graveyard", "targets": False}
    assert ability["effects"] == [{"kind": "banish"}]


def test_tokhtamysh_counts_the_oros_in_the_opponents_paid_zone(real):
    ability = _only(real("Tokhtamysh"), 1)
    assert ability["targets"][0]["from_filter"] == {"types": ["Oro"], "controller": "opponent",
                                                    "zone": "paid", "targets": False}


def test_negar_conjuro_counts_the_cards_in_your_hand(real):
    ability = _only(real("Negar Conjuro"), 0)
    assert ability["targets"] == [{"types": ["Talismán", "Aliado"], "controller": "opponent",
                                   "zone": "being_played", "max_cost_from": "hand_size"}]


def test_piromancia_compares_the_fuerza_with_the_faeries_you_control(real):
    ability = _only(real("Piromancia"), 0)
    assert ability["targets"] == [{"types": ["Aliado"], "max_strength_from": "count",
                                   "from_filter": {"types": ["Aliado"], "races": ["Faerie"],
                                                   "controller": "you", "targets": False}}]


def test_guandao_compares_with_the_fuerza_of_the_bearer(real):
    ability = _only(real("Guandao"), 1)
    assert ability["targets"] == [{"types": ["Aliado"], "max_strength_from": "strength_of_bearer"}]


def test_kawakami_gensai_played_the_count_is_read_when_it_resolves(judge, cost):
    # Kawakami (Samurái) is the only Samurái: it may destroy a cost-1 Aliado, not a cost-2 one
    head = header(deck("Kawakami Gensai"), deck("Kamuy"), hand=1)  # B1 Kamuy costs 2
    base = [put("B", "B1", "B2")] + cast("A", "A1", "Kawakami Gensai", cost)
    v = judge(head, base + [effect("A", "A1", targets=["B2"], moves=[["B2", "graveyard"]])])
    assert v.status == "unfinished" and v.verified == (len(base) + 2,)
    v = judge(head, base + [effect("A", "A1", targets=["B1"], moves=[["B1", "graveyard"]])])
    assert (v.status, v.rule) == ("illegal", "8.2") and "Kamuy (B1) ya no es un objetivo válido" in v.message


# -- the card paid as the cost: «la carta Descartada», «esa carta», «del mismo coste» ------

def test_cthulhu_banishes_up_to_the_cost_of_the_discarded_card(real):
    ability = _only(real("Cthulhu"), 2)
    assert ability["costs"][0]["kind"] == "discard"
    assert ability["targets"] == [{"controller": "opponent", "not_types": ["Oro"],
                                   "max_cost_from": "cost_of_paid"}]


def test_carmilla_destroys_an_aliado_of_equal_or_lower_cost_than_that_card(real):
    ability = _only(real("Carmilla"), 2)
    assert ability["costs"][0]["kind"] == "banish_from_graveyard"
    assert ability["targets"] == [{"types": ["Aliado"], "controller": "opponent",
                                   "max_cost_from": "cost_of_paid"}]


def test_hunraqan_annuls_a_card_of_the_same_cost(real):
    ability = _only(real("Hunraqan"), 1)
    assert ability["costs"][0]["kind"] == "destroy_own"
    assert ability["targets"] == [{"zone": "being_played", "max_cost_from": "cost_of_paid",
                                   "min_cost_from": "cost_of_paid"}]


def test_shutten_searches_an_oni_of_equal_or_lower_cost_elided(real):
    ability = _only(real("Shutten"), 2)
    assert ability["costs"][0]["kind"] == "banish_from_graveyard"
    assert ability["effects"][0]["filter"] == {"types": ["Aliado"], "races": ["Oni"],
                                               "zone": "castle", "max_cost_from": "cost_of_paid"}


def test_mu_banishes_as_an_effect_so_its_elided_cost_is_the_banished_target(real):
    # «Desterrar un Talismán. Luego, busca … de coste igual o menor»: no card is paid as a
    # cost, the one target of the first step is compared with (test_compiler_earlier_target.py)
    from tourney.engine.compiler import compile_card
    comp = compile_card(real("Mu"))
    assert comp.complete
    assert comp.abilities[0].effects[1].filter.max_cost_from == "cost_of_target"


def test_cthulhu_played_the_discarded_cards_cost_limits_the_target(judge):
    # A2, A3 (Thorkell el Alto, cost 1) in A's hand; B1 Kamuy costs 2, B2 Thorkell costs 1
    head = header(deck("Cthulhu"), deck("Kamuy"), hand=4)
    base = [put("A", "A1"), effect("A", "A1", draw={"A": 3}),  # its «entra en juego: Roba 3»
            put("B", "B1", "B2")]
    ok = effect("A", "A1", targets=["B2"], moves=[["A2", "graveyard"], ["B2", "exile"]])
    v = judge(head, base + [ok])
    assert v.status == "unfinished" and v.verified[-1] == len(base) + 2
    too_dear = effect("A", "A1", targets=["B1"], moves=[["A2", "graveyard"], ["B1", "exile"]])
    v = judge(head, base + [too_dear])
    assert (v.status, v.rule) == ("illegal", "8.2") and "Kamuy (B1) ya no es un objetivo válido" in v.message


# -- «por cada …» on every card of a kind, and «por cada copia en juego» ----------------

def test_carmen_saliare_counts_apart_from_the_aliados_it_strengthens(real):
    ability = _only(real("Carmen Saliare"), 0)
    assert ability["effects"] == [{
        "kind": "strength", "subject": "each", "amount": 1, "amount_from": "count",
        "filter": {"types": ["Aliado"], "races": ["Sacerdote"], "controller": "you"},
        "count_filter": {"controller": "you", "zone": "exile", "targets": False},
        "duration": {"kind": "end_of_turn"}}]


def test_porcia_counts_the_opponents_zona_de_destierro(real):
    ability = _only(real("Porcia"), 0)
    assert ability["kind"] == "continuous"
    (eff,) = ability["effects"]
    assert eff["filter"]["other"] and eff["filter"]["races"] == ["Sacerdote"]
    assert eff["count_filter"] == {"controller": "opponent", "zone": "exile", "targets": False}


def test_ryujin_counts_the_totems_you_control(real):
    ability = _only(real("Ryujin"), 1)
    (eff,) = ability["effects"]
    assert (eff["amount"], eff["amount_from"]) == (2, "count")
    assert eff["count_filter"] == {"types": ["Tótem"], "controller": "you", "targets": False}


def test_trauko_counts_every_copy_in_play_itself_included(real):
    (eff,) = _only(real("Trauko"), 0)["effects"]
    assert eff == {"kind": "strength", "subject": "self", "amount": 1, "amount_from": "count",
                   "filter": {"names": ["Trauko"], "targets": False}}


def test_grifo_dorado_and_sovnya_count_the_other_copies(real):
    (eff,) = _only(real("Grifo Dorado"), 1)["effects"]
    assert eff["filter"] == {"names": ["Grifo Dorado"], "other": True, "targets": False}
    (eff,) = _only(real("Sovnya"), 0)["effects"]
    assert eff["subject"] == "bearer"
    assert eff["filter"] == {"names": ["Sovnya"], "other": True, "targets": False}


def test_nina_del_dragon_mills_two_per_copy_in_play(real):
    (eff,) = _only(real("Niña del Dragón"), 0)["effects"]
    assert (eff["kind"], eff["player"], eff["amount"], eff["amount_from"]) == (
        "mill", "opponent", 2, "count")
    assert eff["filter"] == {"names": ["Niña del Dragón"], "targets": False}


def test_trauko_played_is_stronger_with_a_second_copy_in_play(judge):
    # Trauko (2) counts itself: 3 against Isanami e Isanagi (3), both destroyed; with the other
    # Trauko in play it is 4 against 3 and only the blocker is destroyed
    head = header(deck("Trauko", "Trauko"), deck("Isanami e Isanagi"), hand=1)
    v = judge(head, battle([]))
    assert v.legal and v.final["A"]["graveyard"] == 1 and v.final["B"]["graveyard"] == 1
    v = judge(head, [put("A", "A1")] + battle([]))
    assert v.legal and v.final["A"]["graveyard"] == 0 and v.final["B"]["graveyard"] >= 1


def test_carmen_saliare_played_each_sacerdote_gains_one_per_banished_card(judge, cost):
    head = header(deck("Carmen Saliare", "Dub-Sar"), deck(), hand=2)
    base = [put("A", "A2"), put("A", "A3", "A4", zone="exile")] + cast(
        "A", "A1", "Carmen Saliare", cost)
    v = judge(head, base + [effect("A", "A1", strength=[["A2", 2]])])
    assert v.status == "unfinished" and v.verified[-1] == len(base) + 2
    v = judge(head, base + [effect("A", "A1", strength=[["A2", 1]])])
    assert (v.status, v.line) == ("illegal", len(base) + 2)


def test_dub_sar_played_other_sacerdotes_grow_with_your_zona_de_destierro(judge):
    # Porcia (Sacerdote, 2) attacks into Isanami e Isanagi (3): alone she is destroyed; with
    # Dub-Sar in play and two cards in A's Zona de Destierro she has 4 and survives
    head = header(deck("Dub-Sar", "Porcia"), deck("Isanami e Isanagi"), hand=1)
    v = judge(head, [put("A", "A1")] + battle([]))
    assert v.legal and v.final["A"]["graveyard"] == 1 and v.final["B"]["graveyard"] == 0
    v = judge(head, [put("A", "A1"), put("A", "A5", "A6", zone="exile")] + battle([]))
    assert v.legal and v.final["A"]["graveyard"] == 0 and v.final["B"]["graveyard"] >= 1


def test_koan_every_aliado_gains_one_per_aliado_in_play_until_the_fase_final(real):
    (eff,) = _only(real("Koan"), 0)["effects"]
    assert eff == {"kind": "strength", "subject": "each", "amount": 1, "amount_from": "count",
                   "filter": {"types": ["Aliado"]},
                   "count_filter": {"types": ["Aliado"], "targets": False},
                   "duration": {"kind": "end_of_turn"}}


# -- «tantas cartas como coste tenga ese …» ---------------------------------------------

def test_forja_muramasa_mills_as_many_as_the_cost_of_the_banished_oni(real):
    ability = _only(real("Forja Muramasa"), 0)
    assert ability["costs"][0]["kind"] == "banish_from_graveyard"
    assert ability["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent",
                                   "amount_from": "cost_of_paid"}]


def test_agartha_mills_the_cost_of_the_banished_talisman_then_draws(real):
    ability = _only(real("Agartha"), 1)
    assert [e["kind"] for e in ability["effects"]] == ["mill", "draw"]
    assert ability["effects"][0]["amount_from"] == "cost_of_paid"


def test_d_artagnan_mills_the_cost_of_its_target(real):
    ability = _only(real("D'Artagnan"), 0)
    assert ability["effects"][1] == {"kind": "mill", "subject": "player", "player": "opponent",
                                     "amount_from": "cost_of_target", "then": True}


def test_forja_muramasa_played_the_mill_is_the_banished_onis_cost(judge):
    # Ikiryo (Oni, cost 2) in A's Cementerio pays the cost: B mills exactly two
    head = header(deck("Forja Muramasa", "Ikiryo"), deck(), hand=2)
    base = [put("A", "A1", zone="support"), put("A", "A2", zone="graveyard")]
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "exile"]], mill={"B": 2})])
    assert v.status == "unfinished" and v.verified[-1] == len(base) + 2
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "exile"]], mill={"B": 3})])
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "10.7")


# -- «un Aliado y todas sus copias en juego» --------------------------------------------

def test_contagio_destroys_an_aliado_and_its_other_copies(real):
    ability = _only(real("Contagio"), 1)
    assert ability["targets"] == [{"types": ["Aliado"]}]
    assert ability["effects"] == [{"kind": "destroy"},
                                  {"kind": "destroy", "subject": "each",
                                   "filter": {"targets": False, "same_name_as": 0}}]


def test_adivinacion_menor_and_pergamino_de_niebla_take_the_copies_too(real):
    (_, copies) = _only(real("Adivinación Menor"), 0)["effects"]
    assert copies == {"kind": "return_to_hand", "subject": "each",
                      "filter": {"targets": False, "same_name_as": 0}}
    (_, copies) = _only(real("Pergamino de Niebla"), 0)["effects"]
    assert (copies["kind"], copies["filter"]) == ("shuffle_into_castle",
                                                   {"targets": False, "same_name_as": 0})


def test_thor_el_poderoso_shuffles_a_card_and_its_other_copies(real):
    ability = _only(real("Thor el Poderoso"), 1)
    assert ability["targets"] == [{"not_types": ["Oro"]}]
    assert ability["effects"][1]["filter"] == {"targets": False, "same_name_as": 0}


def test_contagio_played_every_copy_in_play_goes_with_the_target(judge, cost):
    # B1 and B2 are both Thorkell el Alto: destroying B1 destroys B2 as well
    head = header(deck("Contagio"), deck(), hand=1)
    base = [put("B", "B1", "B2")] + cast("A", "A1", "Contagio", cost, targets=["B1"])
    both = effect("A", "A1", moves=[["B1", "graveyard"], ["B2", "graveyard"]])
    v = judge(head, base + [both])
    assert v.status == "unfinished" and v.verified[-1] == len(base) + 2
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "6.5")


# -- «con Fuerza menor a …», «que entraron en juego este turno», «el de mayor Fuerza» ------

def test_petrov_destroys_every_aliado_weaker_than_itself(real):
    ability = _only(real("Petrov el Grande"), 1)
    assert ability["effects"] == [{"kind": "destroy", "subject": "each",
                                   "filter": {"types": ["Aliado"],
                                              "max_strength_from": "strength_of_self",
                                              "strict_from": True}}]


def test_carpoforo_counts_the_guerreros_that_entered_this_turn(real):
    ability = _only(real("Carpóforo"), 0)
    assert ability["targets"] == [{"types": ["Aliado"], "controller": "opponent",
                                   "max_cost_from": "entered_this_turn",
                                   "from_filter": {"types": ["Aliado"], "races": ["Guerrero"],
                                                   "targets": False}}]


def test_marco_polo_and_prision_de_jade_destroy_the_weakest_or_strongest(real):
    (eff,) = _only(real("Marco Polo"), 1)["effects"]
    assert eff == {"kind": "destroy", "subject": "chosen",
                   "filter": {"types": ["Aliado"], "controller": "opponent", "targets": False,
                              "extreme": "min_strength"}}
    (eff,) = _only(real("Prisión de Jade"), 0)["effects"]
    assert eff["filter"]["extreme"] == "max_strength"


def test_prision_de_jade_played_only_the_strongest_may_be_destroyed(judge, cost):
    # B1 Isanami e Isanagi (3) and B2 Thorkell el Alto (2)
    head = header(deck("Prisión de Jade"), deck("Isanami e Isanagi"), hand=1)
    base = [put("B", "B1", "B2")] + cast("A", "A1", "Prisión de Jade", cost)
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert v.status == "unfinished" and v.verified[-1] == len(base) + 2
    v = judge(head, base + [effect("A", "A1", moves=[["B2", "graveyard"]])])
    assert (v.status, v.rule) == ("illegal", "8.2") and "mayor Fuerza" in v.message


def test_petrov_played_the_weaker_aliados_are_destroyed_not_the_equal_ones(judge):
    # Petrov el Grande (3, Furia) attacks; B has Isanami e Isanagi (3) and Thorkell el Alto (2)
    head = header(deck("Petrov el Grande"), deck("Isanami e Isanagi"), hand=1)
    base = [put("A", "A1"), put("B", "B1", "B2"), attack("A", "A1")]
    v = judge(head, base + [effect("A", "A1", moves=[["B2", "graveyard"]])])
    assert v.status == "unfinished" and v.verified[-1] == len(base) + 2
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"], ["B2", "graveyard"]])])
    assert v.status == "illegal" and v.line == len(base) + 2


# -- «hasta tantas cartas como …», «hasta una carta … por cada …» -------------------------

def test_convocar_guardian_shuffles_up_to_one_card_per_guardian(real):
    ability = _only(real("Convocar Guardián"), 0)
    assert ability["targets"] == [{"controller": "you", "zone": "graveyard", "up_to": True,
                                   "count_from": "count",
                                   "from_filter": {"types": ["Aliado"], "keywords": ["Guardián"],
                                                   "controller": "you", "targets": False}}]


def test_stibor_and_asta_gravidus_count_by_a_fuerza(real):
    ability = _only(real("Stibor de Stiboricz"), 1)
    assert ability["targets"][0]["count_from"] == "strength_of_self"
    ability = _only(real("Asta Gravidus"), 1)
    assert ability["targets"] == [{"zone": "graveyard", "up_to": True,
                                   "count_from": "strength_of_bearer", "same_zone": True}]
    assert ability["effects"] == [{"kind": "purify"}]


def test_cavorita_counts_the_luz_cards_you_control(real):
    ability = _only(real("Cavorita"), 1)
    assert ability["targets"][0]["from_filter"] == {"controller": "you", "attribute": "Luz",
                                                    "targets": False}
    assert ability["effects"] == [{"kind": "shuffle_into_castle"}]


def test_visnu_choosing_that_many_cards_of_a_hand_stays_not_understood(real):
    from tourney.engine.compiler import compile_card
    assert not compile_card(real("Visnu")).sentences[1].understood


def test_convocar_guardian_played_one_guardian_allows_one_target(judge, cost):
    # A controls Marco Polo (Guardián): at most one card of A's Cementerio
    head = header(deck("Convocar Guardián", "Marco Polo"), deck(), hand=2)
    base = [put("A", "A2"), put("A", "A3", "A4", zone="graveyard")]
    v = judge(head, base + cast("A", "A1", "Convocar Guardián", cost, targets=["A3", "A4"]))
    assert (v.status, v.rule) == ("illegal", "8.2")
    v = judge(head, base + cast("A", "A1", "Convocar Guardián", cost, targets=["A3"]))
    assert v.status == "unfinished"


# -- the additional cost of a Talismán; «gane tanta Fuerza como …» ------------------------

def test_noroi_and_fraxinus_point_back_to_their_additional_cost(real):
    ability = _only(real("Noroi"), 1)
    assert ability["targets"] == [{"max_cost_from": "cost_of_paid"}]
    ability = _only(real("Fraxinus"), 1)
    assert ability["effects"][0]["filter"]["max_cost_from"] == "cost_of_paid"


def test_cielo_obsidiana_draws_the_fuerza_of_the_destroyed_aliado(real):
    ability = _only(real("Cielo Obsidiana"), 2)
    assert ability["effects"] == [{"kind": "draw", "subject": "player",
                                   "amount_from": "strength_of_paid"}]


def test_espada_de_baston_and_dragon_antorcha_gain_the_paid_cards_number(real):
    (eff,) = _only(real("Espada de Bastón"), 0)["effects"]
    assert (eff["kind"], eff["subject"], eff["amount_from"]) == ("strength", "bearer",
                                                                  "cost_of_paid")
    (eff,) = _only(real("Dragón Antorcha"), 0)["effects"]
    assert (eff["subject"], eff["amount_from"]) == ("self", "strength_of_paid")


def test_manada_ardiente_gains_its_own_cost(real):
    ability = _only(real("Manada Ardiente"), 0)
    assert ability["effects"] == [{"kind": "strength", "amount_from": "cost_of_target",
                                   "duration": {"kind": "end_of_turn"}}]


def test_robert_moray_loses_one_per_caballero_or_sacerdote(real):
    (eff,) = _only(real("Robert Moray"), 1)["effects"]
    assert (eff["amount"], eff["amount_from"]) == (-1, "count")
    assert eff["filter"] == {"types": ["Aliado"], "races": ["Caballero", "Sacerdote"],
                             "controller": "you", "targets": False}


def test_manada_ardiente_played_the_aliado_gains_its_cost(judge, cost):
    # Isanami e Isanagi costs 3
    head = header(deck("Manada Ardiente"), deck("Isanami e Isanagi"), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Manada Ardiente", cost, targets=["B1"])
    v = judge(head, base + [effect("A", "A1", strength=[["B1", 3]])])
    assert v.status == "unfinished" and v.verified[-1] == len(base) + 2
    v = judge(head, base + [effect("A", "A1", strength=[["B1", 2]])])
    assert (v.status, v.line) == ("illegal", len(base) + 2)
