"""Per family, real cards compiled to exactly what their text says (values checked one by one
against the card text; the text itself is read from ../shared/data, never copied here).

Until the engine executes these abilities in a game (issue 10), the compiled values are the
test: each expectation below was read side by side with the card's text."""
from __future__ import annotations

import pytest

from .realcards import compiled

MINE = {"types": ["Aliado"], "controller": "you"}
THEIRS = {"types": ["Aliado"], "controller": "opponent"}
ENTERS = {"event": "enters_play", "self_only": True}
UNTIL_END = {"kind": "end_of_turn"}


def spell(effects, targets=None, response=False):
    out = {"kind": "effect"}
    if targets:
        out["targets"] = targets
    out["effects"] = effects
    out["zone"] = "hand"
    if response:  # an Anulación is played in response (8.1 D)
        out["response"] = True
    return out


FAMILIES = {
    "habilidades clave": {
        "Bruto": [{"kind": "keyword", "keyword": "Indestructible"}],
        "Thorkell el Alto": [{"kind": "keyword", "keyword": "Furia"}],
        "Nekomata": [{"kind": "keyword", "keyword": "Indestructible"},
                     {"kind": "keyword", "keyword": "Indesterrable"}],
    },
    "destierra": {
        "Incinerar": [spell([{"kind": "banish"}], [{"not_types": ["Oro"]}])],
        "Luz Destructora": [spell([{"kind": "banish"}], [THEIRS])],
        "Kaishaku": [spell([{"kind": "banish"}], [{**THEIRS, "count": 2, "up_to": True}])],
    },
    "destruye": {
        "Aliento Congelante": [spell([{"kind": "destroy"}], [THEIRS])],
        "Ataque de Dardos": [spell([{"kind": "destroy"}], [THEIRS])],
        "Convertir en Polvo": [spell([{"kind": "destroy"}], [{**THEIRS, "max_cost": 1}])],
    },
    "anula": {
        "Oración Pública": [spell([{"kind": "annul"}], [{"types": ["Talismán", "Arma"],
                                                         "controller": "opponent", "zone": "being_played"}],
                                  response=True)],
        "Zazen": [spell([{"kind": "annul"}, {"kind": "draw", "subject": "player", "amount": 3, "then": True}],
                        [{**THEIRS, "zone": "being_played"}], response=True)],
        "Battojutso": [spell([{"kind": "annul"}], [{"types": ["Arma"], "controller": "opponent",
                                                    "zone": "being_played"}], response=True)],
    },
    "roba": {
        "Vigia": [{"kind": "triggered", "trigger": ENTERS,
                   "effects": [{"kind": "draw", "subject": "player", "amount": 1}], "optional": True}],
        "Spoliarium": [{"kind": "triggered",
                        "trigger": {"event": "destroyed", "card": {**THEIRS, "targets": False}},
                        "effects": [{"kind": "draw", "subject": "player", "amount": 1}], "optional": True}],
        "Vepar": [spell([{"kind": "destroy"}, {"kind": "draw", "subject": "player", "player": "opponent",
                                               "amount": 2, "then": True}], [THEIRS])],
    },
    "bota": {
        "Kyudo": [spell([{"kind": "mill", "subject": "player", "player": "opponent", "amount": 7}])],
        "Luz Mala": [spell([{"kind": "mill", "subject": "player", "player": "each", "amount": 3}])],
        "Crucuno": [{"kind": "activated", "costs": [{"kind": "gold", "amount": 3}],
                     "effects": [{"kind": "mill", "subject": "player", "player": "opponent", "amount": 5}],
                     "phases": ["vigil"], "own_turn": True}],
    },
    "descarta": {
        "Butic": [spell([{"kind": "discard", "subject": "player", "player": "opponent", "amount": 3}])],
        "Golpe Perfecto": [spell([{"kind": "return_to_hand"},
                                  {"kind": "discard", "subject": "player", "player": "opponent",
                                   "amount": 1, "then": True}], [THEIRS])],
        "Oniwaban": [{"kind": "activated",
                      "costs": [{"kind": "discard", "filter": {"types": ["Arma"], "controller": "you",
                                                               "zone": "hand", "targets": False}}],
                      "targets": [{"types": ["Aliado"]}], "effects": [{"kind": "to_castle_top"}],
                      "per_turn": 1}],
    },
    "baraja": {
        "Aun": [spell([{"kind": "shuffle_into_castle"}], [{"types": ["Aliado"]}])],
        "Verbena": [spell([{"kind": "shuffle_into_castle"}], [{"types": ["Arma", "Tótem"]}])],
        "Unu Pachakuti": [spell([{"kind": "shuffle_into_castle", "subject": "each",
                                  "filter": {"types": ["Aliado"]}}])],
    },
    "vuelve a la mano": {
        "Contrato": [spell([{"kind": "return_to_hand"}], [{"controller": "you", "zone": "graveyard"}])],
        "Rescatar los Huesos": [spell([{"kind": "return_to_hand"}],
                                      [{"types": ["Aliado"], "controller": "you", "zone": "graveyard"}])],
        "Doblar la Espada": [spell([{"kind": "return_to_hand"}],
                                   [{"types": ["Arma"], "controller": "you", "zone": "graveyard"}])],
    },
    "busca": {
        "Carnaval": [spell([{"kind": "search", "subject": "player", "filter": {"zone": "castle"},
                             "zone": "graveyard"}])],
        "Sasaki Kojiro": [{"kind": "triggered", "trigger": {"event": "leaves_play", "self_only": True},
                           "effects": [{"kind": "search", "subject": "player",
                                        "filter": {"types": ["Aliado"], "zone": "castle"}, "zone": "hand"}]}],
        "Felino Colosal": [{"kind": "triggered", "trigger": {"event": "leaves_play", "self_only": True},
                            "effects": [{"kind": "search", "subject": "player",
                                         "filter": {"types": ["Aliado"], "races": ["Bestia"], "zone": "castle"},
                                         "zone": "hand"}], "optional": True}],
    },
    "jugar sin pagar": {
        "Creación": [spell([{"kind": "play_free"}], [{"types": ["Tótem"], "controller": "you",
                                                      "zone": "graveyard"}])],
        "Lorelei": [spell([{"kind": "play_free"}], [{"types": ["Arma"], "controller": "you",
                                                     "zone": "graveyard", "max_cost": 2}])],
        "Descenso": [spell([{"kind": "play_free"}], [{"types": ["Aliado"], "races": ["Caballero"],
                                                      "controller": "you", "zone": "graveyard",
                                                      "max_cost": 1, "count": 2, "up_to": True}])],
    },
    "fuerza ±N": {
        "Uma Chucu": [{"kind": "continuous", "effects": [{"kind": "strength", "subject": "bearer",
                                                          "amount": 2}]}],
        "Entrenamiento Marcial": [spell([{"kind": "strength", "subject": "each",
                                          "filter": {**MINE, "keywords": ["Retador"]}, "amount": 1,
                                          "duration": UNTIL_END}])],
        "Kintaro": [{"kind": "activated", "costs": [{"kind": "gold"}], "targets": [THEIRS],
                     "effects": [{"kind": "set_strength", "amount": 0, "duration": UNTIL_END}],
                     "per_turn": 1}],
    },
    "continua «mientras…»": {
        "Yamaoka Tesshu": [{"kind": "continuous", "condition": {"kind": "bears_weapon"},
                            "effects": [{"kind": "strength", "subject": "self", "amount": 2}]}],
        "Kapta": [{"kind": "continuous",
                   "condition": {"kind": "controls", "filter": {"types": ["Tótem"], "controller": "you",
                                                                "targets": False}},
                   "effects": [{"kind": "strength", "subject": "self", "amount": 2}]}],
        "Jubokko": [{"kind": "continuous", "effects": [{"kind": "strength", "subject": "each",
                                                        "filter": THEIRS, "amount": -1}]}],
    },
    "pierde su habilidad": {
        "Tameshigiri": [spell([{"kind": "lose_abilities", "duration": UNTIL_END}], [{"types": ["Aliado"]}])],
        "Humillar": [spell([{"kind": "lose_abilities", "subject": "each", "filter": THEIRS,
                             "duration": UNTIL_END},
                            {"kind": "draw", "subject": "player", "amount": 1, "then": True}])],
        "Quetronamun": [spell([{"kind": "lose_abilities", "duration": UNTIL_END}], [{"not_types": ["Oro"]}])],
    },
    "gana habilidad clave": {
        "Cohuleen Druith": [spell([{"kind": "gain_keyword", "subject": "each",
                                    "filter": {**MINE, "races": ["Bárbaro", "Guerrero"]},
                                    "keyword": "Imbloqueable", "duration": UNTIL_END}])],
        "Oannes": [{"kind": "continuous", "effects": [{"kind": "gain_keyword", "subject": "each",
                                                       "filter": {**MINE, "races": ["Sacerdote"]},
                                                       "keyword": "Imbloqueable"}]}],
        "Trono Volador": [spell([{"kind": "strength", "amount": 3, "duration": UNTIL_END},
                                 {"kind": "gain_keyword", "keyword": "Imbloqueable", "duration": UNTIL_END}],
                                [MINE])],
    },
    "restricciones de ataque / bloqueo": {
        "Uchigatana": [{"kind": "continuous", "effects": [
            {"kind": "strength", "subject": "bearer", "amount": -3},
            {"kind": "cannot_attack", "subject": "bearer"}]}],
        "Zennyo Ryu": [{"kind": "continuous", "effects": [
            {"kind": "cannot_attack", "subject": "each",
             "filter": {"types": ["Aliado"], "races": ["Faerie", "Bestia"]}}]}],
        "Ishikawa Goemon": [{"kind": "continuous", "effects": [
            {"kind": "strength", "subject": "each", "filter": {**MINE, "races": ["Samurái", "Caballero"]},
             "amount": 1},
            {"kind": "gain_keyword", "subject": "each", "filter": {**MINE, "races": ["Samurái", "Caballero"]},
             "keyword": "Furia"}]}],
    },
    "momento / zona de juego": {
        "Akechi": [{"kind": "play_permission", "zone": "hand", "phases": ["block"]}],
        "Tachi": [{"kind": "continuous", "effects": [{"kind": "strength", "subject": "bearer", "amount": 2}]},
                  {"kind": "play_permission", "zone": "hand", "phases": ["war"]}],
        "Hijos del Fuego": [{"kind": "play_permission",
                             "effects": [{"kind": "banish", "subject": "self", "then": True}],
                             "zone": "graveyard"},
                            spell([{"kind": "search", "subject": "player", "filter": {"zone": "castle"},
                                    "player": "opponent", "zone": "exile"}])],
    },
    "no puede ser anulado / objetivo": {
        "Seppuku": [{"kind": "continuous", "effects": [{"kind": "cannot_be_annulled", "subject": "self"}]},
                    spell([{"kind": "destroy"}], [{"types": ["Tótem"]}])],
        "Castigo Lunar": [{"kind": "continuous", "effects": [{"kind": "cannot_be_annulled", "subject": "self"}]},
                          spell([{"kind": "banish"}], [{"types": ["Tótem", "Arma"]}])],
        "Crear Runas": [{"kind": "continuous", "effects": [{"kind": "cannot_be_annulled", "subject": "self"}]},
                        spell([{"kind": "mill", "subject": "player", "player": "opponent", "amount": 3},
                               {"kind": "draw", "subject": "player", "amount": 2, "then": True}])],
    },
    "una vez por turno": {
        "Ao Bozu": [{"kind": "activated", "targets": [{**THEIRS, "min_strength": 0, "max_strength": 0}],
                     "effects": [{"kind": "destroy"}], "per_turn": 1}],
        "Pretoriano": [{"kind": "activated", "targets": [{"types": ["Oro"], "controller": "opponent"}],
                        "effects": [{"kind": "move", "zone": "paid"}], "phases": ["vigil"],
                        "own_turn": True, "per_turn": 1}],
        "Cuervo de Tres Patas": [{"kind": "activated",
                                  "costs": [{"kind": "discard", "filter": {"types": ["Aliado"],
                                                                           "controller": "you", "zone": "hand",
                                                                           "targets": False}}],
                                  "effects": [{"kind": "strength", "subject": "each",
                                               "filter": {**MINE, "races": ["Bestia"]}, "amount": 1,
                                               "duration": UNTIL_END}],
                                  "per_turn": 1}],
    },
    "disparo «entra en juego»": {
        "Bishamon": [{"kind": "triggered", "trigger": ENTERS,
                      "targets": [{"types": ["Oro"], "controller": "you", "zone": "paid"}],
                      "effects": [{"kind": "regroup"}]}],
        "Byakko": [{"kind": "triggered", "trigger": ENTERS,
                    "targets": [{"types": ["Aliado"], "count": 2, "up_to": True}],
                    "effects": [{"kind": "destroy"}]}],
        "Amphisbaena": [{"kind": "triggered", "trigger": ENTERS,
                         "condition": {"kind": "all_allies", "filter": {**MINE, "races": ["Dragón"],
                                                                        "targets": False}},
                         "targets": [{"types": ["Oro"], "controller": "opponent", "zone": "paid"}],
                         "effects": [{"kind": "gain_control"}], "optional": True}],
    },
}
FAMILIES.update({
    "purifica": {
        "Psicomancia": [spell([{"kind": "purify"}], [{"zone": "graveyard", "count": 4, "up_to": True}])],
        "Hamsa": [{"kind": "triggered", "trigger": ENTERS, "targets": [{"zone": "graveyard"}],
                   "effects": [{"kind": "purify"}], "optional": True}],
        "Dis Pater": [
            {"kind": "activated",
             "condition": {"kind": "zone_count", "filter": {"targets": False}, "count": 3, "zone": "exile"},
             "targets": [THEIRS], "effects": [{"kind": "shuffle_into_castle"}], "phases": ["vigil"],
             "own_turn": True, "per_turn": 1},
            {"kind": "triggered", "trigger": {"event": "destroyed", "self_only": True},
             "condition": {"kind": "zone_count", "filter": {"targets": False}, "count": 6, "zone": "exile"},
             "targets": [{"zone": "graveyard", "count": 4, "up_to": True}], "effects": [{"kind": "purify"}],
             "optional": True}],
    },
    "coste adicional «Para jugar…»": {
        "Regalo Funesto": [{"kind": "additional_cost", "costs": [{"kind": "reveal", "filter": {
                               "types": ["Aliado"], "races": ["Eterno"], "controller": "you", "zone": "hand",
                               "targets": False}}]},
                           spell([{"kind": "gain_control"}], [{**THEIRS, "max_cost": 1}])],
        "Pugna": [{"kind": "additional_cost", "costs": [{"kind": "destroy_own", "filter": {**MINE,
                                                                                         "targets": False}}]},
                  spell([{"kind": "destroy"}], [THEIRS])],
        "Signum fidei": [{"kind": "additional_cost", "costs": [{"kind": "reveal", "filter": {
                             "types": ["Aliado"], "races": ["Eterno"], "controller": "you", "zone": "hand",
                             "targets": False}}]},
                         spell([{"kind": "gain_control"}], [{**THEIRS, "min_cost": 3}])],
    },
    "protecciones": {
        "Durga": [{"kind": "keyword", "keyword": "Indestructible"},
                  {"kind": "continuous", "effects": [
                      {"kind": "protection", "subject": "each", "filter": {"types": ["Oro"]}, "keyword": "destroyed"},
                      {"kind": "protection", "subject": "each", "filter": {"types": ["Oro"]}, "keyword": "banished"}]}],
        "Macana Estrellada": [
            {"kind": "continuous", "effects": [{"kind": "strength", "subject": "bearer", "amount": 2},
                                               {"kind": "gain_keyword", "subject": "bearer", "keyword": "Retador"}]},
            {"kind": "continuous", "effects": [{"kind": "protection", "subject": "bearer",
                                                "filter": {"types": ["Talismán"], "targets": False},
                                                "keyword": "targeted"}]}],
        "Antiparras": [{"kind": "keyword", "keyword": "Luz"},
                       {"kind": "continuous", "effects": [{"kind": "strength", "subject": "bearer", "amount": 2}]},
                       {"kind": "continuous", "effects": [{"kind": "protection", "subject": "bearer",
                                                           "filter": {"types": ["Talismán"], "targets": False},
                                                           "keyword": "destroyed"}]}],
    },
    "prevenir «fuera a ser…»": {
        "Calendario Maya": [{"kind": "replacement",
                             "trigger": {"event": "destroyed", "card": {"types": ["Tótem"], "controller": "you",
                                                                       "targets": False}, "would": True},
                             "costs": [{"kind": "banish_self"}],
                             "effects": [{"kind": "prevent", "subject": "triggering"}], "optional": True}],
        "Hiperborea": [{"kind": "triggered",
                        "trigger": {"event": "destroyed", "card": {**MINE, "targets": False}, "would": True},
                        "costs": [{"kind": "discard", "filter": {"controller": "you", "zone": "hand",
                                                                 "targets": False}}],
                        "effects": [{"kind": "gain_keyword", "subject": "triggering", "keyword": "Ilusión",
                                     "duration": UNTIL_END}],
                        "response": True, "optional": True}],
        "Ambrosio": [{"kind": "keyword", "keyword": "Luz"},
                     {"kind": "triggered", "trigger": ENTERS,
                      "effects": [{"kind": "draw", "subject": "player", "amount": 1}]},
                     {"kind": "triggered",
                      "trigger": {"event": "destroyed", "card": {**MINE, "targets": False, "attribute": "Luz"},
                                  "would": True},
                      "costs": [{"kind": "gold"}], "effects": [{"kind": "shuffle_into_castle", "subject": "triggering"}],
                      "response": True, "optional": True}],
    },
    "Destierra del Mazo Castillo": {
        "Yomi": [{"kind": "triggered",
                  "trigger": {"event": "enters_play", "card": {"types": ["Aliado"], "min_cost": 2,
                                                               "keywords": ["Exhumar"], "targets": False},
                              "player": "you"},
                  "effects": [{"kind": "banish_top", "subject": "player", "player": "opponent", "amount": 1,
                               "zone": "castle_top"}]}],
        "Vatnsandi": [{"kind": "activated", "effects": [{"kind": "look", "subject": "player", "player": "opponent",
                                                         "amount": 1, "zone": "castle"}], "per_turn": 1},
                      {"kind": "activated", "costs": [{"kind": "destroy_self"}],
                       "effects": [{"kind": "banish_top", "subject": "player", "player": "opponent", "amount": 1,
                                    "zone": "castle_top"}]}],
        "Kalis": [{"kind": "continuous", "effects": [{"kind": "strength", "subject": "bearer", "amount": 1}]},
                  {"kind": "triggered", "trigger": {"event": "played", "card": {"types": ["Talismán"],
                                                                                "targets": False},
                                                    "player": "opponent"},
                   "condition": {"kind": "bearer_is", "filter": {"types": ["Aliado"], "races": ["Oni", "Sombra"],
                                                                 "targets": False}},
                   "effects": [{"kind": "banish_top", "subject": "player", "player": "opponent", "amount": 1,
                                "zone": "castle_top"}]}],
    },
    "busca y juega": {
        "Viriato": [{"kind": "keyword", "keyword": "Furia"},
                    {"kind": "triggered", "trigger": ENTERS, "effects": [
                        {"kind": "search", "subject": "player", "filter": {"types": ["Aliado"], "races": ["Bárbaro"],
                                                                           "zone": "castle", "min_cost": 1,
                                                                           "max_cost": 1},
                         "zone": "being_played"}], "optional": True}],
        "Ieyasu": [{"kind": "keyword", "keyword": "Furia"},
                   {"kind": "triggered", "trigger": ENTERS, "effects": [
                       {"kind": "search", "subject": "player", "filter": {"types": ["Aliado"], "races": ["Samurái"],
                                                                          "zone": "castle", "min_cost": 1,
                                                                          "max_cost": 1},
                        "zone": "being_played"}], "optional": True}],
        "Anillo de Agua": [spell([{"kind": "return_to_hand"},
                                  {"kind": "search", "subject": "player", "filter": {"types": ["Arma"], "zone": "castle"},
                                   "zone": "being_played", "then": True}], [MINE])],
    },
    "disparo desde una zona": {
        "Achlys": [{"kind": "keyword", "keyword": "Exhumar"},
                   {"kind": "triggered", "trigger": {"event": "enters_play", "card": {
                       "types": ["Aliado"], "races": ["Sombra"], "targets": False}, "player": "you",
                       "from_zone": "graveyard"},
                    "effects": [{"kind": "mill", "subject": "player", "player": "opponent", "amount": 3}]}],
        "Faucia": [{"kind": "triggered", "trigger": {"event": "banished", "card": {"targets": False},
                                                     "from_zone": "graveyard"},
                    "effects": [{"kind": "strength", "subject": "bearer", "amount": 1, "duration": UNTIL_END}]}],
        "Terror Alado": [{"kind": "keyword", "keyword": "Furia"},
                         {"kind": "triggered", "trigger": {"event": "banished", "self_only": True,
                                                           "from_zone": "graveyard"},
                          "targets": [THEIRS], "effects": [{"kind": "return_to_hand"}], "optional": True}],
    },
    "restricción «Sólo puedes jugar…»": {
        "Gran Incendio": [{"kind": "play_restriction", "condition": {"kind": "all_allies", "filter": {
                               **MINE, "races": ["Sombra"], "targets": False}}},
                          spell([{"kind": "search", "subject": "player", "filter": {"zone": "castle", "count": 3,
                                                                                     "up_to": True},
                                  "player": "opponent", "zone": "exile"}])],
        "Raiuni": [{"kind": "play_restriction", "condition": {"kind": "all_allies", "filter": {
                        **MINE, "races": ["Eterno"], "targets": False}}},
                   spell([{"kind": "regroup", "subject": "each", "filter": {"types": ["Oro"], "controller": "you",
                                                                            "zone": "paid"}},
                          {"kind": "draw", "subject": "player", "amount": 2}])],
        "Ojo de Nunda": [{"kind": "play_restriction", "condition": {"kind": "all_of", "of": [
                              {"kind": "controls", "filter": {**MINE, "races": ["Dragón"], "targets": False}},
                              {"kind": "controls", "filter": {**MINE, "races": ["Guerrero"], "targets": False}}]}},
                         spell([{"kind": "draw", "subject": "player", "amount": 2}])],
    },
    "«a menos que tu oponente…»": {
        "Vespasiano": [{"kind": "triggered", "trigger": ENTERS, "targets": [THEIRS],
                        "effects": [{"kind": "shuffle_into_castle", "unless": {"kind": "gold", "amount": 2}}],
                        "optional": True}],
        "Divino Calígula": [{"kind": "activated", "condition": {"kind": "all_allies", "filter": {
                                 **MINE, "races": ["Sacerdote"], "targets": False}},
                             "targets": [{"types": ["Talismán", "Tótem"], "controller": "opponent",
                                          "zone": "being_played"}],
                             "effects": [{"kind": "annul", "unless": {"kind": "banish_from_graveyard", "amount": 2}}],
                             "per_turn": 1, "response": True}],
        "Ludi Castores": [spell([{"kind": "cancel_attack", "subject": "attackers",
                                  "unless": {"kind": "gold", "amount": 3}}])],
    },
    "no se pueden jugar": {
        "Lucrecia": [{"kind": "keyword", "keyword": "Guardián"}, {"kind": "keyword", "keyword": "Indestructible"},
                     {"kind": "continuous", "effects": [{"kind": "cannot_play", "subject": "each", "filter": {
                         "zone": "being_played", "min_cost": 0, "max_cost": 0, "targets": False}, "player": "any"}]}],
        "Akuma": [{"kind": "continuous",
                   "condition": {"kind": "zone_empty", "filter": {"types": ["Aliado"], "targets": False},
                                 "zone": "graveyard"},
                   "effects": [{"kind": "cannot_play", "subject": "each", "filter": {
                       "types": ["Aliado"], "controller": "opponent", "zone": "being_played", "max_cost": 2,
                       "targets": False}, "player": "opponent"}]}],
        "Peter Pan": [{"kind": "continuous", "effects": [{"kind": "cannot_be_annulled", "subject": "self"}]},
                      {"kind": "continuous", "effects": [{"kind": "lose_abilities", "subject": "each",
                                                          "filter": {"types": ["Aliado"], "min_cost": 3}}]},
                      {"kind": "continuous", "effects": [{"kind": "cannot_play", "subject": "each", "filter": {
                          "types": ["Aliado"], "zone": "being_played", "min_cost": 3, "targets": False},
                          "player": "any"}]}],
    },
    # «Luego, si …, …»: a step that happens only if the condition holds (Effect.condition)
    "pasos condicionales «Luego, si»": {
        "Heddwch": [spell([{"kind": "cancel_attack", "subject": "attackers"},
                           {"kind": "draw", "subject": "player", "amount": 1, "optional": True, "then": True,
                            "condition": {"kind": "controls", "filter": {
                                "types": ["Aliado"], "races": ["Ancestral", "Eterno"], "controller": "you",
                                "targets": False}}}])],
        # what follows «Luego» is chosen when it resolves (8.2), not declared as a target
        "Tormenta Sagrada": [spell([{"kind": "annul"},
                                    {"kind": "regroup", "subject": "chosen", "filter": {
                                        "types": ["Oro"], "controller": "you", "zone": "paid", "count": 3,
                                        "up_to": True, "targets": False}, "then": True,
                                     "condition": {"kind": "all_allies", "filter": {
                                         "types": ["Aliado"], "races": ["Eterno"], "controller": "you",
                                         "targets": False}}}],
                                   [{"types": ["Aliado"], "controller": "opponent", "zone": "being_played"}],
                                   response=True)],
        "Protogenoi": [spell([{"kind": "shuffle_into_castle"},
                              {"kind": "regroup", "subject": "chosen", "filter": {
                                  "types": ["Oro"], "controller": "you", "zone": "paid", "count": 2,
                                  "up_to": True, "targets": False}, "then": True,
                               "condition": {"kind": "controls", "filter": {
                                   "types": ["Aliado"], "races": ["Eterno"], "controller": "you",
                                   "targets": False}}}],
                             [{"controller": "opponent", "not_types": ["Oro"]}])],
    },
})

CASES = [(family, name, want) for family, cards in FAMILIES.items() for name, want in cards.items()]


@pytest.mark.parametrize(("family", "name", "want"), CASES, ids=[f"{f}: {n}" for f, n, _ in CASES])
def test_real_card_compiles_to_what_its_text_says(real, family, name, want):
    assert compiled(real(name)) == want


def test_every_family_has_at_least_three_real_cards():
    assert len(FAMILIES) >= 20
    assert all(len(cards) >= 3 for cards in FAMILIES.values())
