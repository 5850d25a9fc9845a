"""Card abilities on real cards (DeckForge catalog): one test per rule paragraph of issue 10.

Each record starts with a position set up by ``put`` lines (effect lines without source,
unverified) and then exercises the rule with real cards, their abilities compiled from their
text or hand-written (tourney/engine/abilities/cards/), as the product runs. Filler: Vigia
(2/2 Guerrero: «Cuando entra en juego, puedes Robar una carta»), Trauko (1/2 Sombra: gana 1 a
la Fuerza por cada copia en juego, so Fuerza 3 alone), Isanami e Isanagi (3/3 Dragón: «Cuando
sea Destruido, puedes Robar dos cartas»). Pompeyo's only sentence is not understood: its
abilities are unknown to the engine. Oros (the generic Oro sin habilidad) are ids 9–13 of each
Castillo.
"""
from __future__ import annotations

import pytest
from engine_helpers import header, lines

from tourney.engine import adjudicate, catalog_resolver, read_record



def deck(*names):
    """The named cards first (ids 1…), Vigias up to id 8, then Oros at ids 9–13."""
    return list(names) + ["Vigia"] * (8 - len(names)) + ["Oro"] * 5 + ["Vigia"] * 6

A_END = {"p": "A", "do": "end"}
B_END = {"p": "B", "do": "end"}


@pytest.fixture(scope="module")
def judge(real_catalog):
    resolve = catalog_resolver(real_catalog)

    def run(head, acts):
        return adjudicate(read_record(lines(head, acts), resolve))
    return run


def put(p, *ids, zone="defense"):
    return {"p": p, "do": "effect", "moves": [[i, zone] for i in ids]}


def gold(p, *ids):
    return put(p, *ids, zone="reserve")


def play(p, card, pay=(), **more):
    return {"p": p, "do": "play", "card": card, "pay": list(pay), **more}


def effect(p, source, **fields):
    return {"p": p, "do": "effect", "source": source, **fields}


def v2(head):
    return dict(head, version=2)


# -- 8.2 Objetivos ------------------------------------------------------------------------

def test_8_2_objetivos_puno_bendito_cannot_target_an_aliado_of_fuerza_3(judge):
    """The rules' own example: Puño Bendito destroys an opponent's Aliado of Fuerza 2 or less."""
    head = header(deck("Puño Bendito"), deck("Isanami e Isanagi", "Vigia"), hand=1)
    setup = [put("B", "B1", "B2"), gold("A", "A9")]
    v = judge(head, setup + [play("A", "A1", ["A0"], targets=["B1"])])
    assert (v.status, v.line, v.rule) == ("illegal", 4, "8.2")
    assert "Fuerza 3" in v.message
    v = judge(head, setup + [play("A", "A1", ["A0"], targets=["B2"]),
                             effect("A", "A1", moves=[["B2", "graveyard"]])])
    assert (v.status, v.verified, v.unverified_count) == ("unfinished", (5,), 2)
    assert v.verified_cards == ("Puño Bendito (A1)",)


def test_8_2_objetivos_a_missing_target_makes_the_play_illegal(judge):
    head = header(deck("Puño Bendito"), deck("Vigia"), hand=1)
    v = judge(head, [put("B", "B1"), play("A", "A1", ["A0"])])
    assert (v.status, v.line, v.rule) == ("illegal", 3, "8.2") and "objetivo" in v.message
    # no valid target at all: cannot be played either
    v = judge(head, [play("A", "A1", ["A0"])])
    assert (v.status, v.line, v.rule) == ("illegal", 2, "8.2") and "no hay ninguno" in v.message


def test_8_2_objetivos_the_effect_must_hit_the_chosen_target(judge):
    head = header(deck("Puño Bendito"), deck("Vigia", "Trauko"), hand=1)
    acts = [put("B", "B1", "B2"), play("A", "A1", ["A0"], targets=["B1"]),
            effect("A", "A1", moves=[["B2", "graveyard"]])]
    v = judge(head, acts)
    assert (v.status, v.line, v.rule) == ("illegal", 4, "6.5") and "Vigia (B1)" in v.message


def test_8_2_objetivos_an_indestructible_target_is_valid_but_not_destroyed(judge):
    """Like the rules' Ataque de Dragón example: the target may be chosen, the effect fails."""
    head = header(deck("Tahtib"), deck("Nekomata"), hand=1)
    base = [put("B", "B1"), gold("A", "A9"), play("A", "A1", ["A0", "A9"], targets=["B1"])]
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert (v.line, v.rule) == (5, "10.31")
    v = judge(head, base + [effect("A", "A1")])
    assert v.status == "unfinished" and v.verified == (5,)


# -- 4.1 / «Mientras…» -----------------------------------------------------------------

def test_4_1_mientras_iga_kunoichi_is_imbloqueable_only_while_it_bears_an_arma(judge):
    head = header(deck("Iga Kunoichi", "Casco Espartano"), deck("Vigia"), hand=2)
    setup = [put("A", "A1"), gold("A", "A9", "A10"), A_END, put("B", "B1"), B_END]
    battle = [{"p": "A", "do": "attack", "cards": ["A1"]},
              {"p": "B", "do": "block", "pairs": [["B1", "A1"]]}]
    v = judge(head, setup + battle)  # the catalog flags it Imbloqueable: the text does not
    assert v.status == "unfinished", v
    armed = setup + [play("A", "A2", ["A0", "A9"], bearer="A1")] + battle
    v = judge(head, armed)
    assert (v.status, v.line, v.rule) == ("illegal", 9, "10.29")


def test_4_1_mientras_freya_is_indestructible_while_all_your_allies_are_ancestral(judge):
    head = header(deck("Freya", "Vigia"), deck("Puño Bendito", "Exilium in Umbra"), hand=2)
    destroy = {"p": "B", "do": "effect", "moves": [["A1", "graveyard"]]}
    v = judge(head, [put("A", "A1"), destroy])
    assert (v.line, v.rule) == (3, "10.31")
    v = judge(head, [put("A", "A1", "A2"), destroy])  # a Guerrero joins: the condition fails
    assert v.status == "unfinished"


def test_4_1_continuous_castillo_en_las_nubes_stops_attackers_of_fuerza_2_or_more(judge):
    head = header(deck("Vigia", "Trauko", "Nakano Takeko"), deck("Castillo en las Nubes"),
                  hand=3)
    setup = [put("A", "A1", "A3"), A_END, put("B", "B1", zone="support"), B_END]
    v = judge(head, setup + [{"p": "A", "do": "attack", "cards": ["A1"]}])
    assert (v.line, v.rule) == (6, "9 C1") and "por un efecto" in v.message
    v = judge(head, setup + [{"p": "A", "do": "attack", "cards": ["A3"]}])  # Fuerza 1
    assert v.status == "unfinished"


def test_7_1_d_aka_shita_takes_the_opponents_abilities_while_no_aliado_is_in_its_cementerio(judge):
    head = header(deck("Tawara Toda", "Casco Espartano"), deck("Aka Shita", "Vigia"), hand=2)
    setup = [put("A", "A1"), put("A", "A2", zone="support"), gold("A", "A9", "A10")]
    arm = play("A", "A2", ["A0", "A9"], bearer="A1")
    destroy = {"p": "B", "do": "effect", "moves": [["A1", "graveyard"]]}
    setup = [put("A", "A1"), gold("A", "A9")]
    v = judge(head, setup + [arm, destroy])
    assert (v.line, v.rule) == (5, "10.31")  # armed Tawara Toda is Indestructible
    v = judge(head, setup + [arm, put("B", "B1"), destroy])
    assert v.status == "unfinished"  # Aka Shita in play, no Aliado in B's Cementerio
    v = judge(head, setup + [arm, put("B", "B1"), put("B", "B2", zone="graveyard"), destroy])
    assert (v.line, v.rule) == (7, "10.31")


# -- 6.2 / 10.16 activated abilities and their cost ---------------------------------------

def test_10_16_coste_an_activated_ability_is_used_only_paying_its_cost(judge):
    head = header(deck("Monje"), deck("Vigia"), hand=1)
    setup = [put("A", "A1"), gold("A", "A9"), A_END, put("B", "B1"), B_END]
    paid = effect("A", "A1", moves=[["A0", "paid"]])
    battle = [{"p": "A", "do": "attack", "cards": ["A1"]},
              {"p": "B", "do": "block", "pairs": [["B1", "A1"]]}]
    v = judge(head, setup + [paid] + battle)  # Imbloqueable until the Fase Final
    assert (v.line, v.rule) == (9, "10.29") and v.verified == (7,)
    v = judge(head, setup + [effect("A", "A1")])
    assert (v.line, v.rule) == (7, "10.16")
    v = judge(head, setup + [effect("A", "A1", moves=[["B0", "paid"]])])  # the opponent's Oro
    assert (v.line, v.rule) == (7, "10.16")


def test_6_1_una_vez_por_turno_an_ability_is_used_once_per_turn(judge):
    head = header(deck("Monje"), deck(), hand=1)
    acts = [put("A", "A1"), gold("A", "A9"), effect("A", "A1", moves=[["A0", "paid"]]),
            effect("A", "A1", moves=[["A9", "paid"]])]
    v = judge(head, acts)
    assert (v.line, v.rule) == (5, "6.1")


def test_6_2_activadas_only_in_your_vigilia_or_war(judge):
    head = header(deck("Monje"), deck(), hand=1)
    acts = [put("A", "A1"), A_END, effect("A", "A1", moves=[["A0", "paid"]])]
    v = judge(head, acts)
    assert (v.line, v.rule) == (4, "6.2")


def test_10_16_coste_v2_activate_pays_with_cards_in_the_right_zone(judge):
    head = v2(header(deck("Monje"), deck("Vigia"), hand=1))
    setup = [put("A", "A1")]
    act = {"p": "A", "do": "activate", "card": "A1", "ability": 1, "pay": ["A0"]}
    v = judge(head, setup + [act, effect("A", "A1")])
    assert v.status == "unfinished" and v.verified == (4,)
    v = judge(head, setup + [dict(act, pay=[])])
    assert (v.line, v.rule) == (3, "10.16")
    v = judge(head, setup + [dict(act, pay=["B0"])])
    assert (v.line, v.rule) == (3, "10.16") and "Reserva" in v.message
    v = judge(head, setup + [dict(act, ability=2)])  # names an ability the card lacks
    assert (v.line, v.rule) == (3, "6.5")


# -- 6.3 / 6.6 triggered abilities -------------------------------------------------------------

def test_6_3_disparadas_casco_espartano_draws_exactly_two(judge):
    head = header(deck("Vigia", "Casco Espartano"), deck(), hand=2)
    base = [put("A", "A1"), gold("A", "A9"), play("A", "A2", ["A0", "A9"], bearer="A1")]
    v = judge(head, base + [effect("A", "A2", draw={"A": 2})])
    assert v.status == "unfinished" and v.verified == (5,)
    v = judge(head, base + [effect("A", "A2", draw={"A": 3})])  # a fixed result must match
    assert (v.line, v.rule) == (5, "10.45")


def test_8_1_c_cesar_borgia_fires_when_the_aliado_is_played(judge):
    head = header(deck("Trauko"), deck("César Borgia"), hand=1)
    base = [put("B", "B1"), play("A", "A1", ["A0"])]
    v = judge(head, base + [effect("B", "B1", mill={"A": 2})])
    assert v.status == "unfinished" and v.verified == (4,)
    v = judge(head, base + [effect("B", "B1", mill={"A": 1})])
    assert (v.line, v.rule) == (4, "10.7")
    v = judge(head, [put("B", "B1"), effect("B", "B1", mill={"A": 2})])  # nothing was played
    assert (v.line, v.rule) == (3, "6.5")


def test_6_6_the_active_players_triggered_abilities_resolve_first(judge):
    """Jeanne d'Arc enters under the active player: its own trigger resolves before the
    other Jeanne d'Arc's (inactive player: the active player Bota dos cartas)."""
    head = header(deck("Jeanne d'Arc"), deck("Jeanne d'Arc"), hand=1)
    base = [put("B", "B1"), gold("A", "A9", "A10"), play("A", "A1", ["A0", "A9", "A10"])]
    mine = effect("A", "A1", strength=[["A1", 2]])
    theirs = effect("B", "B1", mill={"A": 2})
    v = judge(head, base + [theirs, mine])
    assert (v.line, v.rule) == (5, "6.6")
    v = judge(head, base + [mine, theirs])
    assert v.status == "unfinished" and v.verified == (5, 6)


def test_6_5_luego_pan_ku_banishes_only_after_drawing(judge):
    """«Puedes Robar dos cartas. Luego, Destierra una carta de tu mano»: only if it drew."""
    head = header(deck("Pan-ku", "Vigia", "Trauko"), deck(), hand=3)
    base = [play("A", "A1", ["A0"])]
    v = judge(head, base + [effect("A", "A1", draw={"A": 2}, moves=[["A2", "exile"]])])
    assert v.status == "unfinished" and v.verified == (3,)
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "exile"]])])
    assert (v.line, v.rule) == (3, "6.5")


def test_6_x_cementerio_play_permission_jeanne_d_arc_from_the_cementerio(judge):
    """«En tu Fase de Vigilia, si este Aliado está en tu Cementerio, puedes jugarlo pagando
    su coste» (14 identities): legal in your Vigilia, not in the Guerra de Talismanes."""
    head = header(deck("Jeanne d'Arc"), deck("Vigia"), hand=1)
    setup = [put("A", "A1", zone="graveyard"), gold("A", "A9", "A10")]
    v = judge(head, setup + [play("A", "A1", ["A0", "A9", "A10"])])
    assert v.status == "unfinished"
    v = judge(head, setup + [A_END, play("A", "A1", ["A0", "A9", "A10"])])
    assert (v.line, v.rule) == (5, "8.1") and "Vigilia" in v.message


# -- 8.1 D Anulación, 10.4, 10.10, 10.41 ----------------------------------------------------

def test_8_1_d_anulacion_en_vigilia_rival(judge):
    """B annuls A's Talismán while it is being played in A's own Vigilia."""
    head = header(deck("Puño Bendito"), deck("Vigia", "Sangre de Cobra"), hand=2)
    base = [put("B", "B1"), gold("B", "B9"), play("A", "A1", ["A0"], targets=["B1"]),
            play("B", "B2", ["B0", "B9"], targets=["A1"])]
    v = judge(head, base)
    assert v.status == "unfinished", v
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert (v.line, v.rule) == (6, "10.4") and "Anulado" in v.message


def test_8_1_d_anulacion_needs_a_card_being_played(judge):
    head = header(deck("Puño Bendito"), deck("Vigia", "Sangre de Cobra"), hand=2)
    v = judge(head, [gold("B", "B9"), play("B", "B2", ["B0", "B9"], targets=["A1"])])
    assert (v.line, v.rule) == (3, "8.1")
    # not an Aliado: Sangre de Cobra cannot annul one
    head = header(deck("Trauko"), deck("Vigia", "Sangre de Cobra"), hand=2)
    v = judge(head, [gold("B", "B9"), play("A", "A1", ["A0"]),
                     play("B", "B2", ["B0", "B9"], targets=["A1"])])
    assert (v.line, v.rule) == (4, "8.2")


def test_8_1_d_each_player_one_anulacion_and_the_anulacion_can_be_annulled(judge):
    head = header(deck("Puño Bendito", "Dioses Caídos"),
                  deck("Vigia", "Sangre de Cobra", "Sangre de Cobra"), hand=3)
    base = [put("B", "B1"), gold("B", "B9", "B10", "B11"), gold("A", "A9", "A10", "A11"),
            play("A", "A1", ["A0"], targets=["B1"]),
            play("B", "B2", ["B0", "B9"], targets=["A1"])]
    v = judge(head, base + [play("B", "B3", ["B10", "B11"], targets=["A1"])])
    assert (v.line, v.rule) == (7, "8.1")  # a second Anulación by the same player
    answered = base + [play("A", "A2", ["A9", "A10", "A11"], targets=["B2"]),
                       effect("A", "A1", moves=[["B1", "graveyard"]])]
    v = judge(head, answered)  # Sangre de Cobra was annulled: Puño Bendito resolves
    assert v.status == "unfinished" and v.verified == (8,), v


def test_10_4_anular_an_annulled_aliado_never_enters_play(judge):
    head = header(deck("Jeanne d'Arc"), deck("Dioses Caídos"), hand=1)
    base = [gold("A", "A9", "A10"), gold("B", "B9", "B10"),
            play("A", "A1", ["A0", "A9", "A10"]), play("B", "B1", ["B0", "B9", "B10"],
                                                       targets=["A1"])]
    v = judge(head, base)
    assert v.status == "unfinished" and v.final["A"]["graveyard"] == 1
    v = judge(head, base + [effect("A", "A1", strength=[["A1", 2]])])  # no enters trigger
    assert (v.line, v.rule) == (6, "10.4")


def test_10_4_anular_a_card_that_cannot_be_annulled_still_resolves(judge):
    """Kawakami Gensai «no puede ser Anulado»: it may be targeted, the Anulación fails."""
    head = header(deck("Kawakami Gensai"), deck("Dioses Caídos"), hand=1)
    acts = [gold("A", "A9"), gold("B", "B9", "B10"), play("A", "A1", ["A0", "A9"]),
            play("B", "B1", ["B0", "B9", "B10"], targets=["A1"]), B_END]
    v = judge(head, acts)
    assert v.rule == "9 D" and v.final["A"]["in_play"] >= 1  # B_END: not B's turn
    v = judge(head, acts[:-1])
    assert v.status == "unfinished" and v.final["A"]["graveyard"] == 0


def test_10_10_cancelar_visita_de_caliope_cancels_an_activated_ability(judge):
    head = v2(header(deck("Monje"), deck("Visita de Calíope"), hand=1))
    base = [put("A", "A1"), gold("B", "B9"),
            {"p": "A", "do": "activate", "card": "A1", "ability": 1, "pay": ["A0"]},
            play("B", "B1", ["B0"], targets=["A1"])]
    v = judge(head, base + [effect("A", "A1")])
    assert (v.line, v.rule) == (6, "10.4")  # its effect does not resolve…
    v = judge(head, base)
    assert v.status == "unfinished" and v.final["A"]["in_play"] == 2  # …the Oro stays paid


def test_10_41_redirigir_pureza_de_tengoku_gives_the_talisman_a_new_valid_target(judge):
    """A plays Exilium in Umbra on B's Freya; B redirects it to A's own Pan-ku (a valid new
    target: an Aliado de Raza Ancestral), then A Bota 3."""
    head = header(deck("Exilium in Umbra", "Pan-ku", "Trauko"),
                  deck("Freya", "Pureza de Tengoku"), hand=3)
    setup = [put("A", "A2", "A3"), put("B", "B1"), gold("A", "A9"),
             play("A", "A1", ["A0", "A9"], targets=["B1"])]
    base = setup + [play("B", "B2", ["B0"], targets=["A1", "A2"]),
                    effect("B", "B2", mill={"A": 3})]
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "exile"]])])
    assert v.status == "unfinished" and v.verified == (7, 8), v
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "exile"]])])
    assert (v.line, v.rule) == (8, "6.5")
    bad = setup + [play("B", "B2", ["B0"], targets=["A1", "A3"]),
                   effect("B", "B2", mill={"A": 3})]
    v = judge(head, bad)  # Trauko is a Sombra: not a valid new target for Exilium in Umbra
    assert (v.line, v.rule) == (7, "10.41")


def test_unknown_abilities_stay_unverified_and_are_named(judge):
    head = header(deck("Pompeyo"), deck(), hand=1)
    v = judge(head, [put("A", "A1"), effect("A", "A1", draw={"A": 1})])
    assert v.unverified == (2, 3) and v.unverified_cards == ("Pompeyo (A1)",)
    assert v.to_json()["unverified_count"] == 2


def test_6_6_a_compiled_trigger_explains_its_line(judge):
    """Vigia's «Cuando este Aliado entra en juego, puedes Robar una carta», compiled."""
    head = header(deck("Vigia"), deck(), hand=1)
    v = judge(head, [put("A", "A1"), effect("A", "A1", draw={"A": 1})])
    assert (v.status, v.unverified, v.verified) == ("unfinished", (2,), (3,))
    v = judge(head, [put("A", "A1"), effect("A", "A1", draw={"A": 2})])
    assert (v.status, v.line, v.rule) == ("illegal", 3, "10.45")


# -- more examples of the rules document ------------------------------------------------------

def test_5_casco_espartano_on_an_opponents_aliado_its_controller_draws(judge):
    """The rules' example: an Arma played on an opponent's Aliado is controlled by that
    opponent, who draws the two cards."""
    head = header(deck("Casco Espartano"), deck("Vigia"), hand=1)
    base = [put("B", "B1"), gold("A", "A9"), play("A", "A1", ["A0", "A9"], bearer="B1")]
    v = judge(head, base + [effect("B", "A1", draw={"B": 2})])
    assert v.status == "unfinished" and v.verified == (5,), v
    v = judge(head, base + [effect("A", "A1", draw={"A": 2})])
    assert (v.line, v.rule) == (5, "5")


def test_4_1_venus_its_continuous_ability_is_on_before_its_trigger_is_checked(judge):
    """The rules' example: with an Aliado you control but do not own, Venus' «se consideran de
    Raza Eterno» makes «si todos los Aliados que controlas son de Raza Eterno» true."""
    head = header(deck("Venus"), deck("Vigia", "Trauko"), hand=1)
    steal = put("A", "B1")  # A controls B's Vigia (a Guerrero)
    base = [steal, put("B", "B2"), gold("A", "A9", "A10"), play("A", "A1", ["A0", "A9", "A10"])]
    take = effect("A", "A1", moves=[["B2", "defense"]])
    v = judge(head, base + [take])
    assert v.status == "unfinished" and v.verified == (6,), v
    own = header(deck("Venus", "Vigia"), deck("Vigia", "Trauko"), hand=2)
    v = judge(own, [put("A", "A2"), put("B", "B2"), gold("A", "A9", "A10"),
                    play("A", "A1", ["A0", "A9", "A10"]), take])
    assert (v.line, v.rule) == (6, "6.5")  # its own Guerrero: the trigger did not fire


def test_6_6_hnoss_two_triggers_at_once_in_the_order_its_controller_chooses(judge):
    head = header(deck("Hnoss", "Puño Bendito"), deck(), hand=2)
    base = [put("A", "A2", zone="graveyard"), gold("A", "A9", "A10", "A11"),
            play("A", "A1", ["A0", "A9", "A10", "A11"])]
    regroup = effect("A", "A1", moves=[["A0", "reserve"], ["A9", "reserve"]])
    talisman = effect("A", "A1", moves=[["A2", "hand"]])
    for order in ([regroup, talisman], [talisman, regroup]):
        v = judge(head, base + order)
        assert v.status == "unfinished" and v.verified == (5, 6), v
    v = judge(head, base + [effect("A", "A1", moves=[["A0", "reserve"], ["A9", "reserve"],
                                                      ["A10", "reserve"], ["A11", "reserve"]])])
    assert v.status == "illegal" and v.line == 5  # «hasta tres Oros»


def test_4_1_mientras_conditional_keywords_of_the_catalog_flags_follow_their_condition(judge):
    """Jaques de Molay is Imbloqueable only while every other Aliado you control is a
    Caballero; Sigrid la Soberbia only with four cards or fewer in hand."""
    head = header(deck("Jaques de Molay", "Vigia"), deck("Trauko"), hand=2)
    setup = [put("A", "A1"), A_END, put("B", "B1"), B_END]
    battle = [{"p": "A", "do": "attack", "cards": ["A1"]},
              {"p": "B", "do": "block", "pairs": [["B1", "A1"]]}]
    v = judge(head, setup + battle)
    assert (v.rule, v.line) == ("10.29", 7)  # alone: «todos los demás» are Caballeros
    v = judge(head, [put("A", "A1", "A2")] + setup[1:] + battle)  # a Guerrero beside it
    assert v.status == "unfinished"
    head = header(deck("Sigrid la Soberbia") + ["Vigia"] * 3, deck("Trauko"), hand=6)
    v = judge(head, setup + battle)  # 5 cards in hand: blockable
    assert v.status == "unfinished"
    v = judge(head, [put("A", "A1"), put("A", "A2", zone="graveyard")] + setup[1:] + battle)
    assert (v.rule, v.line) == ("10.29", 8)


# -- findings from compiled real cards (H2, issue 11) --------------------------------------------

def test_10_7_luz_mala_each_player_mills_three(judge):
    head = header(deck("Luz Mala"), deck(), hand=1)
    base = [play("A", "A1", ["A0"])]
    v = judge(head, base + [effect("A", "A1", mill={"A": 3, "B": 3})])
    assert v.status == "unfinished" and v.verified == (3,)
    v = judge(head, base + [effect("A", "A1", mill={"B": 3})])
    assert (v.line, v.rule) == (3, "10.7")


def test_10_16_coste_larvae_destroys_another_aliado_not_itself(judge):
    head = header(deck("Larvae", "Vigia"), deck(), hand=2)
    base = [put("A", "A1", "A2")]
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "graveyard"]], draw={"A": 2})])
    assert v.status == "unfinished" and v.verified == (3,)
    v = judge(head, base + [effect("A", "A1", moves=[["A1", "graveyard"]], draw={"A": 2})])
    assert (v.line, v.rule) == (3, "10.16")


def test_6_5_luego_mucalinda_may_discard_a_card_it_just_drew(judge):
    head = header(deck("Emperador Mucalinda"), deck(), hand=1)
    base = [gold("A", "A9"), play("A", "A1", ["A0", "A9"])]
    v = judge(head, base + [effect("A", "A1", draw={"A": 2}, moves=[["A2", "graveyard"]])])
    assert v.status == "unfinished" and v.verified == (4,), v
    assert v.final["A"]["hand"] == 1 and v.final["A"]["graveyard"] == 1


def test_10_8_buscar_navigium_isidis_puts_a_sacerdote_from_the_castillo_in_hand(judge):
    head = header(deck("Navigium Isidis") + ["Vestalis Maxima"], deck(), hand=1)
    base = [play("A", "A1", ["A0"])]
    v = judge(head, base + [effect("A", "A1", moves=[["A20", "hand"]])])
    assert v.status == "unfinished" and v.verified == (3,), v
    v = judge(head, base + [effect("A", "A1", moves=[["A13", "hand"]])])  # an Oro: not a Sacerdote
    assert v.status == "illegal" and v.line == 3


def test_10_4_anular_zazen_annuls_and_then_draws_three(judge):
    head = header(deck("Trauko"), deck("Zazen"), hand=1)
    base = [gold("B", "B9", "B10", "B11"), play("A", "A1", ["A0"]),
            play("B", "B1", ["B0", "B9", "B10", "B11"], targets=["A1"])]
    v = judge(head, base + [effect("B", "B1", moves=[["A1", "graveyard"]], draw={"B": 3})])
    assert v.status == "unfinished" and v.verified == (5,), v
    assert v.final["A"]["graveyard"] == 1 and v.final["B"]["hand"] == 3


def test_6_5_activate_of_a_card_whose_abilities_are_unknown_stays_unverified(judge):
    head = v2(header(deck("Pompeyo"), deck(), hand=1))
    acts = [put("A", "A1"), {"p": "A", "do": "activate", "card": "A1", "pay": ["A0"]},
            effect("A", "A1", draw={"A": 1})]
    v = judge(head, acts)
    assert v.status == "unfinished" and v.unverified == (2, 3, 4)
    v = judge(head, acts[:1] + [{"p": "A", "do": "activate", "card": "A1", "pay": ["B0"]}])
    assert (v.line, v.rule) == (3, "10.16")


def test_9_c4_prevent_damage_petrificado_until_your_next_turn(judge):
    """Petrificado in the Guerra de Talismanes: the attacker loses its abilities and its combat
    damage is prevented until the next turn of Petrificado's controller."""
    head = header(deck("Isanami e Isanagi"), deck("Petrificado"), hand=1)
    setup = [put("A", "A1"), A_END, gold("B", "B9"), B_END,
             {"p": "A", "do": "attack", "cards": ["A1"]}, {"p": "B", "do": "block", "pairs": []}]
    war = [play("B", "B1", ["B0", "B9"], targets=["A1"]), effect("B", "B1"),
           {"p": "A", "do": "pass"}, {"p": "B", "do": "pass"}]
    v = judge(head, setup + war)
    assert v.status == "unfinished" and v.verified == (9,), v
    assert v.final["B"]["graveyard"] == 1  # only Petrificado: no combat damage
    v = judge(head, setup + [{"p": "B", "do": "pass"}, {"p": "A", "do": "pass"}])
    assert v.final["B"]["graveyard"] == 3  # unprevented: Fuerza 3 to the Castillo


def test_8_1_d_en_respuesta_ocelotl_is_played_when_the_opponent_plays_an_aliado(judge):
    head = header(deck("Trauko"), deck("Ocelotl"), hand=1)
    v = judge(head, [play("A", "A1", ["A0"]), play("B", "B1", ["B0"])])
    assert v.status == "unfinished" and v.final["B"]["in_play"] == 2, v
    v = judge(head, [play("B", "B1", ["B0"])])  # nothing to answer: not in A's Vigilia
    assert (v.line, v.rule) == (2, "9 B")


def test_10_16_coste_alternativo_dioses_caidos_discarding_two_cards(judge):
    """«Puedes Descartar dos cartas de tu mano en vez de pagar el coste de este Talismán»: the
    record names them in «costs» and pays no Oro."""
    head = header(deck("Puño Bendito"), deck("Dioses Caídos", "Vigia", "Trauko", "Vigia"), hand=4)
    base = [put("B", "B4"), play("A", "A1", ["A0"], targets=["B4"])]
    alt = play("B", "B1", [], targets=["A1"], costs=["B2", "B3"])
    v = judge(head, base + [alt])
    assert v.status == "unfinished" and v.final["B"]["graveyard"] == 2, v
    assert v.final["B"]["exile"] == 1  # «Cuando juegues este Talismán, Destiérralo»
    v = judge(head, base + [dict(alt, costs=["B2"])])
    assert (v.line, v.rule) == (4, "10.16")
    v = judge(head, base + [dict(alt, costs=["B1", "B2"])])  # the card being played
    assert (v.line, v.rule) == (4, "8.1")
    v = judge(head, base + [play("B", "B1", [], targets=["A1"])])  # no Oro and no costs
    assert (v.line, v.rule) == (4, "8.1")
