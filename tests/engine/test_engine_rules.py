"""One test per rule paragraph of issue 4, each a short record (seed 000 sections)."""
from __future__ import annotations

from engine_helpers import FILLER, header, judge

A_END = {"p": "A", "do": "end"}
B_END = {"p": "B", "do": "end"}


def put(p, *ids, zone="defense"):
    """An effect line putting cards into play (unverified): sets up a position quickly."""
    return {"p": p, "do": "effect", "moves": [[i, zone] for i in ids]}


def battle(attackers, pairs=(), war=("B", "A")):
    acts = [{"p": "A", "do": "attack", "cards": list(attackers)},
            {"p": "B", "do": "block", "pairs": [list(p) for p in pairs]}]
    acts += [{"p": who, "do": "pass"} for who in war]
    return acts


def duel(a_cards, b_cards, attackers, pairs=(), hand=0, a_more=(), b_more=(), keep=0):
    """A's allies a_cards (A1..) and B's b_cards (B1..) in play from turn 1 (the last ``keep``
    of a_cards go to A's hand instead); A attacks on turn 3. B's Castillo holds 9 cards then."""
    head = header(list(a_cards) + FILLER, list(b_cards) + FILLER, hand=hand)
    a_ids = [f"A{i}" for i in range(1, len(a_cards) + 1)]
    b_ids = [f"B{i}" for i in range(1, len(b_cards) + 1)]
    first = [put("A", *a_ids[:len(a_ids) - keep])]
    if keep:
        first[0]["moves"] += [[i, "hand"] for i in a_ids[len(a_ids) - keep:]]
    acts = [*first, *a_more, A_END]
    acts += ([put("B", *b_ids)] if b_ids else []) + list(b_more) + [B_END]
    return head, acts + battle(attackers, pairs)


# -- record structure and zones -------------------------------------------------------

def test_8_1_jugar_only_cards_in_your_own_hand_are_played():
    head = header(["Soldado"] + FILLER, ["Soldado"] + FILLER)
    v = judge(head, [{"p": "A", "do": "play", "card": "B1", "pay": ["A0"]}])
    assert (v.status, v.line, v.rule, v.actions) == ("illegal", 2, "8.1", 0)
    assert "B1" in v.message
    v = judge(head, [{"p": "A", "do": "play", "card": "A9", "pay": ["A0"]}])  # still in the Castillo
    assert (v.status, v.line, v.rule) == ("illegal", 2, "8.1") and "Mazo Castillo" in v.message


def test_9_b_vigilia_the_oro_comes_from_your_own_hand():
    head = header(["Oro"] + FILLER, ["Oro"] + FILLER)
    v = judge(head, [{"p": "A", "do": "gold", "card": "B1"}])
    assert (v.status, v.line, v.rule) == ("illegal", 2, "9 B") and "B1" in v.message


def test_3_2_reserva_de_oro_initial_gold_must_be_an_oro():
    v = judge(header(FILLER, FILLER, a_gold="Soldado"), [])
    assert (v.status, v.line, v.rule) == ("illegal", 1, "3.2")


def test_3_1_mazo_castillo_empty_loses_at_once_and_nothing_follows():
    head = header(["Gigante", "Caballero"] + ["Soldado"] * 5, ["Soldado"] * 10, hand=0)
    acts = [put("A", "A1", "A2"), A_END, B_END] + battle(["A1", "A2"]) + [B_END]
    v = judge(head, acts)
    assert v.status == "unfinished" and v.final["B"]["castle"] == 10 - 1 - 6 - 1
    # B: 7 cards, drew 1 at the end of turn 2, then 6 damage at once: empty, A wins
    head = header(["Gigante", "Caballero"] + ["Soldado"] * 5, ["Soldado"] * 7, hand=0)
    v = judge(head, acts[:-1])
    assert (v.status, v.winner, v.reason) == ("finished", "A", "castle_empty")
    assert v.final["B"]["castle"] == 0
    v = judge(head, acts)
    assert (v.status, v.line, v.rule) == ("illegal", len(acts) + 1, "3.1")


def test_concession_ends_the_game():
    v = judge(header(FILLER, FILLER), [{"p": "B", "do": "concede"}])
    assert (v.status, v.winner, v.reason, v.actions) == ("finished", "A", "concede", 1)
    v = judge(header(FILLER, FILLER), [{"p": "B", "do": "concede"}, A_END])
    assert (v.status, v.line) == ("illegal", 3)


# -- 9 B Fase de Vigilia and 8.1 paying -----------------------------------------------------

def test_9_b_vigilia_oro_must_be_the_first_card():
    head = header(["Oro", "Soldado"] + FILLER, FILLER)
    v = judge(head, [{"p": "A", "do": "play", "card": "A2", "pay": ["A0"]},
                     {"p": "A", "do": "gold", "card": "A1"}])
    assert (v.status, v.line, v.rule, v.actions) == ("illegal", 3, "9 B", 1)


def test_9_b_vigilia_only_one_oro_per_turn():
    head = header(["Oro", "Oro"] + FILLER, FILLER)
    v = judge(head, [{"p": "A", "do": "gold", "card": "A1"}, {"p": "A", "do": "gold", "card": "A2"}])
    assert (v.line, v.rule) == (3, "9 B")


def test_9_b_vigilia_allies_weapons_totems_only_in_your_own_vigil():
    head = header(FILLER, ["Soldado", "Piedra Sagrada"] + FILLER)
    for card in ("B1", "B2"):
        v = judge(head, [{"p": "B", "do": "play", "card": card, "pay": ["B0"]}])
        assert (v.status, v.line, v.rule) == ("illegal", 2, "9 B")
    v = judge(head, [A_END, {"p": "B", "do": "play", "card": "B2", "pay": ["B0"]}])
    assert v.status == "unfinished" and v.final["B"]["in_play"] == 2


def test_9_b_vigilia_talismans_in_your_vigil_or_in_the_talisman_war():
    head = header(["Lobo Furioso", "Enigma"] + FILLER, ["Enigma"] + FILLER, hand=2)
    v = judge(head, [{"p": "B", "do": "play", "card": "B1", "pay": ["B0"]}])
    assert (v.line, v.rule) == (2, "9 B")
    acts = [put("A", "A1"), {"p": "A", "do": "attack", "cards": ["A1"]},
            {"p": "B", "do": "block", "pairs": []},
            {"p": "B", "do": "play", "card": "B1", "pay": ["B0"]},
            {"p": "A", "do": "play", "card": "A2", "pay": ["A0"]},
            {"p": "B", "do": "pass"}, {"p": "A", "do": "pass"}]
    v = judge(head, acts)
    assert v.status == "unfinished" and v.actions == len(acts)
    assert v.final["B"]["graveyard"] == 1 + 2  # the Talismán (2.3) and 2 damage from the Lobo


def test_2_3_talismanes_never_enter_play_they_go_to_the_graveyard():
    head = header(["Rayo"] + FILLER, FILLER, hand=1)
    v = judge(head, [put("B", "B1"),
                     {"p": "A", "do": "play", "card": "A1", "pay": ["A0"], "targets": ["B1"]}])
    assert v.final["A"]["graveyard"] == 1 and v.final["A"]["in_play"] == 1


def test_8_2_rayo_destroys_an_aliado_so_an_oro_is_not_a_valid_target():
    head = header(["Rayo"] + FILLER, FILLER, hand=1)
    v = judge(head, [{"p": "A", "do": "play", "card": "A1", "pay": ["A0"], "targets": ["B0"]}])
    assert (v.status, v.line, v.rule) == ("illegal", 2, "8.2")


def test_8_1_jugar_cost_paid_exactly_with_oros_from_your_reserve():
    head = header(["Oro", "Caballero", "Soldado"] + FILLER, FILLER)
    gold = {"p": "A", "do": "gold", "card": "A1"}
    for pay in (["A0"], ["A0", "A1", "A0"], ["A0", "B0"]):
        v = judge(head, [gold, {"p": "A", "do": "play", "card": "A2", "pay": pay}])
        assert (v.line, v.rule) == (3, "8.1"), pay
    v = judge(head, [gold, {"p": "A", "do": "play", "card": "A3", "pay": ["A0"]},
                     {"p": "A", "do": "play", "card": "A2", "pay": ["A0", "A1"]}])
    assert (v.line, v.rule) == (4, "8.1")  # A0 is already in the Oro Pagado
    v = judge(head, [gold, {"p": "A", "do": "play", "card": "A2", "pay": ["A0", "A1"]}])
    assert v.status == "unfinished"


def test_2_5_oros_are_put_into_play_not_played():
    head = header(["Oro", "Soldado"] + FILLER, FILLER)
    assert judge(head, [{"p": "A", "do": "play", "card": "A1", "pay": []}]).rule == "2.5"
    assert judge(head, [{"p": "A", "do": "gold", "card": "A2"}]).rule == "2.5"


# -- 9 A Agrupación, 2.1 attacking, 9 C Batalla Mitológica -------------------------------------

def test_2_1_aliado_attacks_only_after_your_regroup():
    head = header(["Soldado"] + FILLER, FILLER)
    play = {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]}
    v = judge(head, [play, {"p": "A", "do": "attack", "cards": ["A1"]}])
    assert (v.line, v.rule) == (3, "2.1")
    v = judge(head, [play, A_END, B_END, {"p": "A", "do": "attack", "cards": ["A1"]}])
    assert v.status == "unfinished"


def test_10_27_furia_attacks_the_turn_it_enters():
    head = header(["Lobo Furioso"] + FILLER, FILLER, hand=1)
    v = judge(head, [put("A", "A1")] + battle(["A1"]))
    assert v.status == "unfinished" and v.final["B"]["castle"] == len(FILLER) - 1 - 2


def test_9_c1_guardian_cannot_be_declared_attacker():
    head, acts = duel(["Centinela"], [], ["A1"])
    v = judge(head, acts)
    assert (v.line, v.rule) == (5, "9 C1") and "Guardián" in v.message


def test_9_c1_own_text_cannot_be_declared_attacker_is_a_continuous_ability():
    # the card's text says so without the Guardián keyword (4.2 uses this sentence as its
    # example of a continuous ability): it still cannot attack
    head, acts = duel(["Vigía"], [], ["A1"])
    v = judge(head, acts)
    assert (v.line, v.rule) == (5, "9 C1") and "propia habilidad" in v.message
    head, acts = duel(["Soldado"], [], ["A1"])
    assert judge(head, acts).status == "unfinished"


def test_9_a_agrupacion_returns_attackers_and_paid_gold():
    head = header(["Soldado", "Caballero", "Oro"] + FILLER, FILLER, hand=3)
    acts = [{"p": "A", "do": "play", "card": "A1", "pay": ["A0"]}, A_END, B_END,
            {"p": "A", "do": "gold", "card": "A3"},
            {"p": "A", "do": "play", "card": "A2", "pay": ["A0", "A3"]}]  # A0 back in the Reserva
    acts += battle(["A1"])
    acts += [B_END, {"p": "A", "do": "attack", "cards": ["A1", "A2"]}]  # A1 back in defense
    v = judge(head, acts)
    assert v.status == "unfinished" and v.actions == len(acts)


def test_10_6_attackers_stay_in_the_attack_line_and_cannot_block():
    head = header(["Soldado"] + FILLER, ["Soldado"] + FILLER, hand=1)
    acts = [{"p": "A", "do": "play", "card": "A1", "pay": ["A0"]}, A_END,
            {"p": "B", "do": "play", "card": "B1", "pay": ["B0"]}, B_END]
    acts += battle(["A1"])
    acts += [{"p": "B", "do": "attack", "cards": ["B1"]},
             {"p": "A", "do": "block", "pairs": [["A1", "B1"]]}]
    v = judge(head, acts)
    assert (v.line, v.rule) == (len(acts) + 1, "10.6")


def test_9_c2_bloqueo_one_blocker_for_one_attacker():
    head, acts = duel(["Soldado", "Soldado"], ["Caballero", "Caballero"], ["A1", "A2"],
                      pairs=[("B1", "A1"), ("B1", "A2")])
    v = judge(head, acts)
    assert (v.line, v.rule) == (7, "9 C2")
    head, acts = duel(["Soldado"], ["Caballero", "Caballero"], ["A1"],
                      pairs=[("B1", "A1"), ("B2", "A1")])
    assert judge(head, acts).rule == "9 C2"


def test_9_c3_guerra_de_talismanes_defender_has_first_priority():
    head, acts = duel(["Soldado"], [], ["A1"])
    acts[-2:] = [{"p": "A", "do": "pass"}]
    v = judge(head, acts)
    assert (v.line, v.rule) == (len(acts) + 1, "9 C3")


def test_10_11_ceder_prioridad_only_in_the_talisman_war():
    v = judge(header(FILLER, FILLER), [{"p": "A", "do": "pass"}])
    assert (v.line, v.rule) == (2, "10.11")


def _counts(v, p):
    return v.final[p]["castle"], v.final[p]["graveyard"], v.final[p]["in_play"]


def test_9_c4_dano_stronger_ally_wins_and_the_difference_hits_the_castle():
    head, acts = duel(["Gigante"], ["Caballero"], ["A1"], pairs=[("B1", "A1")])
    v = judge(head, acts)
    # B: 9 cards before the battle; 4-2 = 2 damage; the Caballero destroyed
    assert _counts(v, "B") == (7, 3, 1) and _counts(v, "A")[1:] == (0, 2)


def test_9_c4_dano_equal_strength_destroys_both_and_no_damage():
    head, acts = duel(["Caballero"], ["Caballero"], ["A1"], pairs=[("B1", "A1")])
    v = judge(head, acts)
    assert _counts(v, "B") == (9, 1, 1) and _counts(v, "A")[1:] == (1, 1)


def test_9_c4_dano_stronger_blocker_destroys_the_attacker():
    head, acts = duel(["Caballero"], ["Gigante"], ["A1"], pairs=[("B1", "A1")])
    v = judge(head, acts)
    assert _counts(v, "B") == (9, 0, 2) and _counts(v, "A")[1:] == (1, 1)


def test_9_c4_dano_unblocked_attackers_deal_full_strength_all_at_once():
    head, acts = duel(["Gigante", "Caballero", "Soldado"], ["Soldado"], ["A1", "A2", "A3"],
                      pairs=[("B1", "A3")])
    v = judge(head, acts)
    assert _counts(v, "B") == (9 - 6, 6 + 1, 1)


# -- 9 D Fase Final, 9 E Fase de Robar -------------------------------------------------------

def test_9_e_robar_draw_at_the_end_of_your_own_turn_not_on_the_first_turn():
    head = header(FILLER, FILLER, hand=3)
    v = judge(head, [A_END])
    assert v.final["A"]["hand"] == 3 and v.final["A"]["castle"] == 7
    v = judge(head, [A_END, B_END])
    assert v.final["B"]["hand"] == 4 and v.final["A"]["hand"] == 3


def test_9_e_robar_hand_limit_eight_discard_exactly_the_excess():
    head = header(["Soldado"] * 20, ["Soldado"] * 20, hand=8)
    v = judge(head, [A_END, B_END, A_END])
    assert (v.line, v.rule) == (4, "9 E")  # B must discard its ninth card first
    v = judge(head, [A_END, B_END, {"p": "B", "do": "discard", "cards": ["B1", "B2"]}])
    assert (v.line, v.rule) == (4, "9 E")
    v = judge(head, [A_END, B_END, {"p": "B", "do": "discard", "cards": ["A1"]}])
    assert (v.line, v.rule) == (4, "10.18")
    v = judge(head, [A_END, B_END, {"p": "B", "do": "discard", "cards": ["B9"]}, A_END])
    assert v.status == "unfinished" and v.final["B"]["graveyard"] == 1
    v = judge(head, [{"p": "A", "do": "discard", "cards": ["A1"]}])
    assert (v.line, v.rule) == (2, "9 E")


def test_9_d_fase_final_strength_changes_end():
    head, acts = duel(["Soldado"], ["Caballero"], ["A1"], pairs=[("B1", "A1")],
                      a_more=[{"p": "A", "do": "effect", "strength": [["A1", 5]]}])
    v = judge(head, acts)
    assert _counts(v, "A")[1] == 1  # the +5 ended in turn 1's Fase Final: A1 lost the fight


# -- 2.2 Armas ---------------------------------------------------------------------------------

def test_2_2_armas_need_a_valid_bearer():
    head = header(["Espada", "Soldado"] + FILLER, ["Soldado"] + FILLER, hand=2)
    v = judge(head, [{"p": "A", "do": "play", "card": "A1", "pay": ["A0"]}])
    assert (v.line, v.rule) == (2, "2.2")
    v = judge(head, [{"p": "A", "do": "play", "card": "A1", "pay": ["A0"], "bearer": "A2"}])
    assert (v.line, v.rule) == (2, "2.2")  # A2 is in the hand, not in play
    v = judge(head, [put("A", "A2"), {"p": "A", "do": "play", "card": "A1", "pay": ["A0"],
                                      "bearer": "A2"}])
    assert v.status == "unfinished" and v.final["A"]["in_play"] == 3


def test_2_2_armas_are_destroyed_when_the_bearer_leaves():
    sword = {"p": "A", "do": "play", "card": "A3", "pay": ["A0"], "bearer": "A1"}
    head, acts = duel(["Soldado", "Soldado", "Espada"], ["Gigante"], ["A1"], pairs=[("B1", "A1")],
                      a_more=[sword], keep=1)
    v = judge(head, acts)
    assert _counts(v, "A")[1:] == (2, 2)  # Soldado and Espada in the Cementerio
    # the Espada gives +1: 1+1 = 2 against a Caballero: both destroyed
    head, acts = duel(["Soldado", "Soldado", "Espada"], ["Caballero"], ["A1"],
                      pairs=[("B1", "A1")], a_more=[sword], keep=1)
    v = judge(head, acts)
    assert _counts(v, "B")[1] == 1 and _counts(v, "A")[1] == 2


def test_2_2_indestructible_arma_stays_in_the_support_line():
    shield = {"p": "A", "do": "play", "card": "A2", "pay": ["A0"], "bearer": "A1"}
    head, acts = duel(["Soldado", "Escudo Eterno"], ["Gigante"], ["A1"], pairs=[("B1", "A1")],
                      a_more=[shield], keep=1)
    v = judge(head, acts)
    assert _counts(v, "A")[1:] == (1, 2)  # A0 and the Escudo remain in play


# -- effect lines ------------------------------------------------------------------------------

def test_effect_lines_of_a_card_with_unknown_abilities_apply_stated_moves_and_are_unverified():
    head = header(["Enigma"] + FILLER, ["Soldado"] + FILLER, hand=1)
    acts = [A_END, {"p": "B", "do": "play", "card": "B1", "pay": ["B0"]}, B_END,
            {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]},
            {"p": "A", "do": "effect", "source": "A1", "moves": [["B1", "graveyard"]],
             "draw": {"A": 1}, "mill": {"B": 2}}]
    v = judge(head, acts)
    assert v.status == "unfinished" and v.unverified == (6,)
    assert v.final["B"]["graveyard"] == 3 and v.final["A"]["hand"] == 1


# -- keywords ----------------------------------------------------------------------------------

def test_10_29_imbloqueable_cannot_be_blocked():
    head, acts = duel(["Sombra Esquiva"], ["Gigante"], ["A1"], pairs=[("B1", "A1")])
    v = judge(head, acts)
    assert (v.line, v.rule) == (len(acts) - 1, "10.29")


def test_10_31_indestructible_survives_damage_and_destroy_effects():
    head, acts = duel(["Gigante"], ["Muralla Viva"], ["A1"], pairs=[("B1", "A1")])
    v = judge(head, acts)
    assert _counts(v, "B") == (9 - 3, 3, 2)  # not destroyed; 4-1 = 3 damage
    head = header(["Muralla Viva"] + FILLER, FILLER)
    v = judge(head, [put("A", "A1"), {"p": "B", "do": "effect", "moves": [["A1", "graveyard"]]}])
    assert (v.line, v.rule) == (3, "10.31")


def test_10_30_indesterrable_cannot_be_exiled():
    head = header(["Ermitaño"] + FILLER, FILLER)
    v = judge(head, [put("A", "A1"), {"p": "B", "do": "effect", "moves": [["A1", "exile"]]}])
    assert (v.line, v.rule) == (3, "10.30")
    v = judge(head, [{"p": "B", "do": "effect", "moves": [["A1", "exile"]]}])
    assert v.final["A"]["exile"] == 1  # in the hand it is not in play: the keyword does not apply


def test_10_13_unica_one_copy_in_the_deck():
    v = judge(header(["Rey Antiguo", "Rey Antiguo"] + FILLER, FILLER), [])
    assert (v.status, v.line, v.rule) == ("illegal", 1, "10.13")


def test_10_22_errante_one_copy_in_play():
    head = header(["Peregrino", "Peregrino", "Oro"] + FILLER, FILLER, hand=3)
    acts = [{"p": "A", "do": "gold", "card": "A3"},
            {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]},
            {"p": "A", "do": "play", "card": "A2", "pay": ["A3"]}]
    v = judge(head, acts)
    assert (v.line, v.rule) == (4, "10.22")


def test_10_44_retador_challenged_ally_must_block_it():
    def retador(pairs, target="B1"):
        head, acts = duel(["Duelista", "Soldado"], ["Soldado", "Soldado"], ["A1", "A2"], pairs=pairs)
        acts[-4]["challenges"] = [["A1", target]]
        return judge(head, acts)

    assert retador([]).rule == "10.44"
    assert retador([("B1", "A2")]).rule == "10.44"
    assert retador([("B1", "A1"), ("B2", "A2")]).status == "unfinished"
    bad = retador([], target="A2")
    assert (bad.rule, bad.line) == ("10.44", 6)


def test_2009_embestida_doubles_combat_damage_to_the_castle():
    head, acts = duel(["Toro"], [], ["A1"])
    v = judge(head, acts)
    assert _counts(v, "B")[:2] == (9 - 4, 4)


def test_2009_temerario_only_blocked_by_temerarios():
    head, acts = duel(["Loco"], ["Soldado"], ["A1"], pairs=[("B1", "A1")])
    assert judge(head, acts).rule == "2009 I"
    head, acts = duel(["Loco"], ["Loco"], ["A1"], pairs=[("B1", "A1")])
    assert judge(head, acts).status == "unfinished"


def test_10_3_alimentar_each_alimento_counter_adds_one_strength():
    feed = {"p": "A", "do": "effect", "counters": [["A1", "Alimento", 2]]}
    head, acts = duel(["Soldado"], ["Caballero"], ["A1"], pairs=[("B1", "A1")], a_more=[feed])
    v = judge(head, acts)
    assert _counts(v, "B") == (9 - 1, 2, 1)  # 1+2 = 3 beats 2: Caballero destroyed, 1 damage


def test_10_12_contadores_only_on_cards_in_play_after_the_effect_moves():
    head = header(["Soldado"] + FILLER, FILLER, hand=1)
    # an effect that puts the Soldado into play with two Alimento counters: legal
    enter = {"p": "A", "do": "effect", "moves": [["A1", "defense"]], "counters": [["A1", "Alimento", 2]]}
    v = judge(head, [enter])
    assert v.status == "unfinished" and v.unverified == (2,)
    # counters on a card that stays in the hand: illegal, and the line is not applied
    v = judge(head, [{"p": "A", "do": "effect", "counters": [["A1", "Alimento", 1]]}])
    assert (v.status, v.line, v.rule, v.unverified) == ("illegal", 2, "10.12", ())
    # …nor on a card this very effect takes out of play
    leave = {"p": "A", "do": "effect", "moves": [["A1", "graveyard"]], "counters": [["A1", "Alimento", 1]]}
    v = judge(head, [enter, leave])
    assert (v.status, v.line, v.rule) == ("illegal", 3, "10.12")


def test_10_12_honor_counter_stops_talisman_and_totem_removal():
    head = header(["Samurái", "Rayo"] + FILLER, ["Rayo", "Verdugo"] + FILLER, hand=2)
    acts = [put("A", "A1"), A_END,
            {"p": "B", "do": "play", "card": "B1", "pay": ["B0"], "targets": ["A1"]},
            {"p": "B", "do": "effect", "source": "B1", "moves": [["A1", "graveyard"]]}]
    v = judge(head, acts)
    assert (v.line, v.rule) == (5, "10.12")
    acts[-1]["source"] = "B2"  # an Aliado's ability may remove it
    assert judge(head, acts).status == "unfinished"


def test_10_14_conquista_first_combat_damage_draws_a_card_once():
    def hands(ally):
        head, acts = duel([ally], [], ["A1"])
        first = judge(head, acts).final["A"]["hand"]
        acts += [B_END] + battle(["A1"])
        v = judge(head, acts)
        assert v.status == "unfinished"
        return first, v.final["A"]["hand"]

    plain = hands("Caballero")  # the end-of-turn draws only
    assert plain == (1, 2)
    assert hands("Conquistador") == (plain[0] + 1, plain[1] + 1)  # one extra draw, once


# -- moments and zones a card's own text allows (data-driven from the text) ----------------------

def test_card_text_allows_an_aliado_in_the_talisman_war_with_priority():
    head, acts = duel(["Soldado"], ["Emboscador"], ["A1"])
    acts[2] = {"p": "B", "do": "effect", "moves": [["B1", "hand"]]}  # keep it in B's hand
    war_play = {"p": "B", "do": "play", "card": "B1", "pay": ["B0"]}
    v = judge(head, acts[:-2] + [war_play, {"p": "A", "do": "pass"}, {"p": "B", "do": "pass"}])
    assert v.status == "unfinished" and v.final["B"]["in_play"] == 2
    v = judge(head, acts[:-2] + [{"p": "B", "do": "pass"}, war_play])
    assert (v.rule, v.line) == ("9 C3", len(acts) + 1)  # A has the priority now
    head, acts = duel(["Soldado"], ["Soldado"], ["A1"])
    acts[2] = {"p": "B", "do": "effect", "moves": [["B1", "hand"]]}
    v = judge(head, acts[:-2] + [war_play])
    assert v.rule == "9 B"  # a plain Aliado cannot


def test_card_text_allows_an_aliado_at_the_start_of_your_block_declaration():
    head, acts = duel(["Soldado"], ["Guardia Súbita"], ["A1"], pairs=[("B1", "A1")])
    acts[2] = {"p": "B", "do": "effect", "moves": [["B1", "hand"]]}
    acts.insert(len(acts) - 3, {"p": "B", "do": "play", "card": "B1", "pay": ["B0"]})
    v = judge(head, acts)
    assert v.status == "unfinished" and v.final["A"]["graveyard"] == 1  # 1 against 2: A1 destroyed


def test_10_25_exhumar_plays_from_the_graveyard_and_exiles_the_talisman():
    head = header(["Conjuro Eterno", "Resucitado", "Oro"] + FILLER, FILLER, hand=3)
    bury = {"p": "A", "do": "effect", "moves": [["A1", "graveyard"], ["A2", "graveyard"]]}
    acts = [{"p": "A", "do": "gold", "card": "A3"}, bury,
            {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]},
            {"p": "A", "do": "play", "card": "A2", "pay": ["A3"]}]
    v = judge(head, acts)
    assert v.status == "unfinished"
    assert (v.final["A"]["exile"], v.final["A"]["graveyard"], v.final["A"]["in_play"]) == (1, 0, 3)
    head = header(["Rayo", "Oro"] + FILLER, FILLER, hand=2)
    v = judge(head, [{"p": "A", "do": "effect", "moves": [["A1", "graveyard"]]},
                     {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]}])
    assert (v.line, v.rule) == (3, "8.1")  # no Exhumar: it cannot be played from there


def test_2_2_armas_grant_their_bearer_strength_and_keywords_from_their_text():
    cape = {"p": "A", "do": "play", "card": "A2", "pay": ["A0"], "bearer": "A1"}
    head, acts = duel(["Soldado", "Capa de Sombras"], ["Gigante"], ["A1"], pairs=[("B1", "A1")],
                      a_more=[cape], keep=1)
    assert judge(head, acts).rule == "10.29"  # the Capa makes it Imbloqueable
    head, acts = duel(["Soldado", "Capa de Sombras"], ["Gigante"], ["A1"], a_more=[cape], keep=1)
    v = judge(head, acts)
    assert v.final["B"]["castle"] == 9 - 2  # 1 + 1 from the Capa


def test_2_2_an_arma_on_a_rival_aliado_can_forbid_its_attack():
    head = header(["Grillete", "Oro"] + FILLER, ["Caballero"] + FILLER, hand=2)
    acts = [A_END, {"p": "B", "do": "effect", "moves": [["B1", "defense"]]}, B_END,
            {"p": "A", "do": "gold", "card": "A2"},
            {"p": "A", "do": "play", "card": "A1", "pay": ["A0"], "bearer": "B1"}, A_END,
            {"p": "B", "do": "attack", "cards": ["B1"]}]
    v = judge(head, acts)
    assert (v.line, v.rule) == (8, "9 C1")
    assert v.final["B"]["in_play"] == 3  # the Grillete is controlled by B: it is on B's Aliado


def test_2_2_how_many_armas_an_aliado_may_carry():
    def arm(ally, n):
        head = header([ally] + ["Espada"] * 3 + ["Oro"] * 3 + FILLER, FILLER, hand=7)
        acts = [{"p": "A", "do": "effect", "moves": [["A1", "defense"], ["A5", "reserve"],
                                                    ["A6", "reserve"], ["A7", "reserve"]]}]
        acts += [{"p": "A", "do": "play", "card": f"A{i}", "pay": [f"A{i + 3}"], "bearer": "A1"}
                 for i in range(2, 2 + n)]
        return judge(head, acts)

    assert arm("Bárbaro Desnudo", 1).rule == "2.2"
    assert arm("Soldado", 1).status == "unfinished" and arm("Soldado", 2).rule == "2.2"
    assert arm("Caballero Armado", 2).status == "unfinished"
    assert (arm("Caballero Armado", 3).rule, arm("Caballero Armado", 3).line) == ("2.2", 5)
