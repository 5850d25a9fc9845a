"""Frames and costs read as parts (issue 22, Aliados / Tótems / Armas): «Barajar esta carta»
as a cost, … Values of real cards read side by side with their text (the text is read from
../shared/data, never copied here); the played games are in tests/engine/test_engine_frames_more.py."""
from __future__ import annotations

from tourney.engine.compiler import compile_card

from .realcards import sentence_json

THEIRS = {"types": ["Aliado"], "controller": "opponent"}


# -- «puedes Barajar este Aliado / Tótem para …»: the card itself shuffled into its owner's
#    Mazo Castillo as the cost (10.5) --------------------------------------------------------

def test_eastre_shuffles_itself_to_annul_a_talisman_and_draws(real):
    assert sentence_json(real("Eastre"), 2) == [{
        "kind": "activated", "costs": [{"kind": "shuffle_self"}],
        "targets": [{"types": ["Talismán"], "controller": "opponent", "zone": "being_played"}],
        "effects": [{"kind": "annul"}, {"kind": "draw", "subject": "player", "amount": 1, "then": True}],
        "response": True}]


def test_ciudad_dorada_shuffles_itself_in_the_war_to_banish_an_attacker(real):
    assert sentence_json(real("Ciudad Dorada"), 0) == [{
        "kind": "activated", "costs": [{"kind": "shuffle_self"}],
        "targets": [{**THEIRS, "attacking": True}], "effects": [{"kind": "banish"}], "phases": ["war"]}]


def test_viracocha_shuffles_itself_to_save_a_totem(real):
    (got,) = sentence_json(real("Viracocha"), 2)
    assert got["kind"] == "replacement" and got["costs"] == [{"kind": "shuffle_self"}]
    assert got["trigger"]["event"] == "destroyed" and got["trigger"]["events"] == ["banished"]
    assert got["effects"] == [{"kind": "prevent", "subject": "triggering"}]


def test_the_shuffle_cost_reads_as_the_card_going_to_its_owners_castle(real):
    text = compile_card(real("Ciudad Dorada")).abilities[0].describe()
    assert "Barajar esta carta en el Mazo Castillo de su dueño: Destierra un Aliado oponente atacante" in text


# -- «Mientras este Aliado esté en juego y COND»: conditions joined to the scope; «sea tu turno»;
#    «Una vez en tu turno» (once per turn, in your own turn) --------------------------------------

def test_chene_chapelle_strengthens_your_aliados_with_four_totems(real):
    assert sentence_json(real("Chene Chapelle"), 0) == [{
        "kind": "continuous",
        "condition": {"kind": "controls", "filter": {"types": ["Tótem"], "controller": "you", "targets": False},
                      "count": 4},
        "effects": [{"kind": "strength", "subject": "each", "filter": {"types": ["Aliado"], "controller": "you"},
                     "amount": 2}]}]


def test_jacques_de_molay_protects_the_other_caballeros_while_it_bears_an_arma(real):
    (got,) = sentence_json(real("Jacques de Molay"), 1)
    assert got["kind"] == "continuous" and got["condition"] == {"kind": "bears_weapon"}
    assert got["effects"] == [{"kind": "protection", "subject": "each", "keyword": "destroyed",
                               "filter": {"types": ["Aliado"], "races": ["Caballero"], "controller": "you",
                                          "other": True},
                               "by": {"types": ["Talismán"], "targets": False}}]


def test_varkolak_and_gran_gargola_work_in_your_turn_only(real):
    (varkolak,) = sentence_json(real("Varkolak"), 1)
    assert varkolak["condition"] == {"kind": "your_turn"}
    assert varkolak["effects"] == [{"kind": "gain_keyword", "subject": "each", "keyword": "Indestructible",
                                    "filter": {"types": ["Aliado"], "races": ["Bestia"], "controller": "you",
                                               "other": True, "counter": "Alimento"}}]
    (gargola,) = [a for s in compile_card(real("Gran Gárgola")).sentences if s.understood
                  for a in s.abilities if a.kind == "continuous"]
    assert gargola.to_json()["condition"] == {"kind": "your_turn"}


def test_enki_destroys_once_in_your_own_turn(real):
    (got,) = sentence_json(real("Enki"), 2)
    assert got == {"kind": "activated", "condition": {"kind": "your_turn"}, "costs": [{"kind": "gold"}],
                   "targets": [{"types": ["Aliado"]}], "effects": [{"kind": "destroy"}], "per_turn": 1}
    assert "Una vez por turno, si es tu turno" in compile_card(real("Enki")).sentences[2].abilities[0].describe()


# -- «no se puede declarar ataque»: no player can (Vanaheim) -----------------------------------

def test_vanaheim_keeps_every_player_from_declaring_an_attack(real):
    assert sentence_json(real("Vanaheim"), 0) == [{
        "kind": "continuous", "effects": [{"kind": "cannot_declare_attack", "subject": "player", "player": "each"}]}]
    assert compile_card(real("Vanaheim")).abilities[0].describe() == "Ningún jugador puede declarar ataque."


# -- «el Aliado que lo bloquea» / «el Aliado bloqueador» after «Cuando este Aliado sea
#    bloqueado»: the one Aliado blocking this card (subject ``blocker``) --------------------------

def test_parcas_may_banish_the_aliado_that_blocks_it(real):
    assert sentence_json(real("Parcas"), 2) == [{
        "kind": "triggered", "trigger": {"event": "blocked", "self_only": True},
        "effects": [{"kind": "banish", "subject": "blocker"}], "optional": True}]


def test_iquib_balam_takes_the_blockers_ability_until_the_fase_final(real):
    (got,) = [a for a in sentence_json(real("Iquib Balam"), 3)]
    assert got == {"kind": "triggered", "trigger": {"event": "blocked", "self_only": True},
                   "effects": [{"kind": "lose_abilities", "subject": "blocker", "duration": {"kind": "end_of_turn"}}]}
    text = compile_card(real("Iquib Balam")).sentences[3].abilities[0].describe()
    assert "el Aliado que lo bloquea pierde su habilidad hasta la Fase Final" in text


def test_the_blocker_without_a_blocked_trigger_is_not_understood(real):
    # Jacob De la Gardie: «todos los contadores» of any kind is not read either
    sentence = compile_card(real("Jacob De la Gardie")).sentences[2]
    assert not sentence.understood


# -- «puedes pagar un Oro. Luego, …»: the payment is the cost of what follows (Tikal); «Destruye
#    este Tótem para …»: the card itself paid in the imperative (Ryoan-Ji) -----------------------

def test_tikal_pays_an_oro_then_the_opponent_mills_the_strength_of_the_aliado(real):
    assert sentence_json(real("Tikal"), 0) == [{
        "kind": "triggered", "trigger": {"event": "enters_play", "card": {"types": ["Aliado"], "targets": False},
                                         "player": "you"},
        "costs": [{"kind": "gold"}],
        "effects": [{"kind": "mill", "subject": "player", "player": "opponent",
                     "amount_from": "strength_of_triggering"}], "optional": True}]


def test_ryoan_ji_destroys_itself_to_shuffle_three_cards_of_cost_two_or_more(real):
    assert sentence_json(real("Ryoan-Ji"), 1) == [{
        "kind": "activated", "costs": [{"kind": "destroy_self"}],
        "targets": [{"controller": "you", "zone": "graveyard", "min_cost": 2, "count": 3, "up_to": True}],
        "effects": [{"kind": "shuffle_into_castle"}]}]


# -- «cada jugador Bota una carta por cada Aliado que controle»: each player's own count --------

def test_eilean_donan_and_caverna_de_la_madre_mill_each_player_by_their_own_aliados(real):
    for name in ("Eilean Donan", "Caverna de la Madre"):
        assert sentence_json(real(name), 0) == [{
            "kind": "activated", "effects": [{
                "kind": "mill", "subject": "player", "player": "each", "amount": 1, "amount_from": "count",
                "filter": {"types": ["Aliado"], "controller": "you", "targets": False}}],
            "phases": ["vigil"], "own_turn": True, "per_turn": 1}], name
    text = compile_card(real("Eilean Donan")).abilities[0].describe()
    assert "cada jugador Bota una carta por cada Aliado que controle" in text


def test_inti_raymi_mills_each_player_by_their_cards_that_are_not_oros(real):
    (got,) = sentence_json(real("Inti Raymi"), 0)
    assert got["effects"] == [{"kind": "mill", "subject": "player", "player": "each", "amount": 1,
                               "amount_from": "count",
                               "filter": {"controller": "you", "not_types": ["Oro"], "targets": False}}]


# -- a second condition about the same card, its subject left out («si el Aliado portador es de
#    Raza Eterno e hizo daño …»); «si controlas Aliados de coste 3 o menos» (one or more) ---------

def test_mandoble_reads_both_conditions_about_the_bearer(real):
    (got,) = sentence_json(real("Mandoble"), 1)
    assert got["condition"] == {"kind": "all_of", "of": [
        {"kind": "bearer_is", "filter": {"types": ["Aliado"], "races": ["Eterno"], "targets": False}},
        {"kind": "dealt_castle_damage", "subject": "bearer"}]}


def test_watatsumi_is_imbloqueable_while_you_control_a_cheap_aliado(real):
    (got,) = sentence_json(real("Watatsumi"), 2)
    assert got == {"kind": "keyword", "keyword": "Imbloqueable", "condition": {
        "kind": "controls", "filter": {"types": ["Aliado"], "controller": "you", "max_cost": 3, "targets": False}}}


# -- «Mientras este Aliado esté en tu Cementerio, …»: a continuous ability that works from the
#    Cementerio (zone graveyard) -------------------------------------------------------------------

NO_ABILITY = {"types": ["Aliado"], "controller": "you", "with_ability": False}


def test_serafin_strengthens_your_aliados_without_ability_from_the_cementerio(real):
    assert sentence_json(real("Serafín"), 2) == [{
        "kind": "continuous", "zone": "graveyard", "effects": [
            {"kind": "strength", "subject": "each", "filter": NO_ABILITY, "amount": 1},
            {"kind": "gain_keyword", "subject": "each", "filter": NO_ABILITY, "keyword": "Indestructible"}]}]
    text = compile_card(real("Serafín")).sentences[2].abilities[0].describe()
    assert text.startswith("Mientras esta carta esté en tu Cementerio, cada Aliado sin habilidad")


def test_ophanim_protects_your_aliados_without_ability_from_the_cementerio(real):
    (got,) = sentence_json(real("Ophanim"), 2)
    assert got["zone"] == "graveyard" and got["kind"] == "continuous"
    assert got["effects"][1] == {"kind": "protection", "subject": "each", "filter": NO_ABILITY,
                                 "keyword": "targeted", "by": {"types": ["Aliado"], "targets": False}}


# -- «si tres o más Aliados entraron en juego bajo el control de tu oponente este turno» -------

def test_gerard_van_swieten_counts_the_aliados_that_entered_under_the_opponents_control(real):
    (got,) = sentence_json(real("Gerard van Swieten"), 1)
    assert got["condition"] == {"kind": "opponent_entered_this_turn", "count": 3,
                                "filter": {"types": ["Aliado"], "targets": False}}
    assert got["zone"] == "hand" and got["effects"] == [{"kind": "play_free", "subject": "self"}]
    text = compile_card(real("Gerard van Swieten")).sentences[1].abilities[0].describe()
    assert "3 o más Aliados bajo el control de tu oponente este turno" in text


# -- «te cuesta un Oro menos jugar … en el turno oponente»: the cost change holds in the
#    opponent's turn only (Jardín de Aguas) ------------------------------------------------------

def test_jardin_de_aguas_reduces_samurai_costs_in_the_opponents_turn(real):
    assert sentence_json(real("Jardín de Aguas"), 0) == [{
        "kind": "continuous", "condition": {"kind": "opponent_turn"},
        "effects": [{"kind": "cost_change", "subject": "each", "amount": -1, "filter": {
            "types": ["Aliado"], "races": ["Samurái"], "controller": "you", "zone": "being_played",
            "targets": False}}]}]


# -- «sólo se puede declarar un Aliado atacante cada turno» (any player: max_attackers) ---------

def test_capilla_sixtina_and_rey_escorpion_allow_one_attacker_per_turn(real):
    want = [{"kind": "continuous", "effects": [{"kind": "max_attackers", "subject": "player",
                                                  "player": "each", "amount": 1}]}]
    assert sentence_json(real("Capilla Sixtina"), 1) == want
    assert sentence_json(real("Rey Escorpión"), 2) == want
    text = compile_card(real("Capilla Sixtina")).sentences[1].abilities[0].describe()
    assert text == "En cada turno sólo se puede declarar un Aliado atacante."


def test_a_protection_from_aliados_reads_as_from_their_abilities(real):
    text = compile_card(real("Ophanim")).sentences[2].abilities[0].describe()
    assert text.endswith("no puede ser objetivo de habilidades de Aliados.")
