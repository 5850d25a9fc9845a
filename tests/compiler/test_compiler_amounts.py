"""Amounts and comparisons (compiler/amounts.py): «de coste igual o menor a la cantidad de …»,
«con Fuerza igual o menor a la Fuerza del Aliado portador», «con coste igual o menor a la
carta Descartada», «del mismo coste», «por cada …» on every card of a kind, «por cada copia
en juego». Real cards, read from ../shared/data; their compiled values are asserted, and short
games show the engine reading the amount when the ability resolves."""
from __future__ import annotations

from .games import cast, deck, effect, header, put
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


def test_mu_banishes_as_an_effect_so_its_elided_cost_stays_not_understood(real):
    from tourney.engine.compiler import compile_card
    comp = compile_card(real("Mu"))
    assert not comp.complete  # «Desterrar un Talismán. Luego, busca … de coste igual o menor»


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
