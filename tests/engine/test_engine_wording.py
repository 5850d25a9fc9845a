"""What a judge reads beside the card: ``Ability.describe()`` ends with ``wording.polish``, which
mends the seams of the joined parts («puedes Roba 1 carta(s)») without changing what they say."""
from __future__ import annotations

import re
from pathlib import Path

from tourney.engine.abilities.model import Ability
from tourney.engine.abilities.trigger_cost_duration import Cost, Trigger
from tourney.engine.abilities.effect_value import Effect
from tourney.engine.abilities.target_filter import TargetFilter
from tourney.engine.abilities.wording import polish


def test_one_card_is_una_carta_and_more_are_plural():
    assert polish("Roba 1 carta(s).") == "Roba una carta."
    assert polish("Roba 3 carta(s).") == "Roba 3 cartas."
    assert polish("gana 2 Oro(s) virtual(es)") == "gana 2 Oros virtuales"
    assert polish("gana 1 Oro(s) virtual(es)") == "gana un Oro virtual"
    assert polish("pon 1 contador(es) de Honor") == "pon un contador de Honor"


def test_after_puedes_the_verb_is_an_infinitive():
    assert polish("Cuando esta carta entra en juego, puedes Roba 1 carta(s).") == \
        "Cuando esta carta entra en juego, puedes Robar una carta."
    assert polish("puedes tu oponente Descarta 1 carta(s).") == \
        "puedes hacer que tu oponente Descarte una carta."


def test_a_phase_trigger_reads_al_comienzo_de_and_whose_phase():
    assert polish("Cuando comienza una fase (la Fase Final) (tú), Roba 1 carta(s).") == \
        "Al comienzo de tu Fase Final, Roba una carta."
    assert polish("Cuando comienza una fase (la Fase Final) (tu oponente), x.") == \
        "Al comienzo de la Fase Final oponente, x."
    assert polish("Cuando comienza una fase (la Fase Final), x.") == "Al comienzo de la Fase Final, x."


def test_a_prohibition_on_your_own_plays_reads_no_puedes_jugar():
    assert polish("No se pueden jugar cada carta que controles que se está jugando hasta la Fase Final.") == \
        "No puedes jugar cartas hasta la Fase Final."
    assert polish("no se pueden jugar cada Aliado de coste 2 o menos que controles que se está jugando") == \
        "no puedes jugar Aliados de coste 2 o menos"


def test_a_count_of_aliados_agrees_in_number():
    assert polish("como la cantidad de Aliado oponente en el Mazo") == "como la cantidad de Aliados oponentes en el Mazo"
    assert polish("la cantidad de Aliado atacante.") == "la cantidad de Aliados atacantes."


def test_numbers_in_costs_and_filters_are_kept():
    assert polish("Destruye un Aliado de coste 1 o menos.") == "Destruye un Aliado de coste 1 o menos."
    assert polish("si controlas 4 o más Oro, x") == "si controlas 4 o más Oros, x"
    assert polish("Descartar 2 carta de tu mano: sin efecto.") == "Descartar 2 cartas de tu mano: sin efecto."


def test_a_search_says_where_the_found_card_goes():
    assert polish("Busca un Aliado en el Mazo Castillo en la mano y baraja.") == \
        "Busca un Aliado en el Mazo Castillo, ponlo en la mano y baraja."
    assert polish("puedes Busca una Arma en el Mazo Castillo en las cartas que se están jugando y baraja.") == \
        "puedes Buscar una Arma en el Mazo Castillo, jugarla sin pagar su coste y barajar."


def test_an_ability_used_from_the_graveyard_says_so():
    ability = Ability("activated", costs=(Cost("gold", 2),), zone="graveyard",
                      effects=(Effect("return_to_hand", subject="self"),))
    assert ability.describe() == "Si esta carta está en tu Cementerio, pagar 2 Oros: devuelve esta carta " \
                                 "a la mano de su dueño."


def test_a_destroyed_aliado_is_destruido():
    ability = Ability("triggered", trigger=Trigger("destroyed", card=TargetFilter(types=("Aliado",),
                                                                              controller="opponent")),
                      effects=(Effect("draw", subject="player", amount=1),), optional=True)
    assert ability.describe() == "Cuando un Aliado oponente es Destruido, puedes Robar una carta."


SEAMS = re.compile(r"\((?:s|es)\)|\bpuedes (?:Roba|Busca|Destierra|Destruye|juega|baraja|gana|devuelve|pon)\b"
                   r"|\bde el\b|que controles que controles|Cuando comienza una fase|\bun otro\b|sin efecto")


def test_no_rendering_of_the_real_catalog_shows_a_seam(shared_data: Path):
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.engine.compiler import compile_card

    cards, _ = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    seen = 0
    for card in cards:
        for ability in compile_card(card).abilities:
            text = ability.describe()
            seen += 1
            assert not SEAMS.search(text), (card.name, text)
    assert seen > 2000


def test_the_rules_for_playing_a_card_read_as_rules_not_as_an_effect():
    from tourney.engine.abilities.condition import Condition

    assert Ability("play_restriction", phases=("vigil",), own_turn=True).describe() == \
        "Sólo puedes jugar esta carta en tu Fase de Vigilia."
    only_if = Ability("play_restriction", condition=Condition(
        "zone_empty", TargetFilter(types=("Aliado",), targets=False), zone="graveyard"))
    assert only_if.describe() == "Sólo puedes jugar esta carta si no hay Aliados en tu Cementerio."
    discard = Cost("discard", 2, TargetFilter(controller="you", zone="hand", targets=False))
    assert Ability("additional_cost", costs=(discard,)).describe() == \
        "Para jugar esta carta, debes descartar 2 cartas de tu mano."
    assert Ability("alternative_cost", costs=(discard,)).describe() == \
        "Puedes descartar 2 cartas de tu mano en vez de pagar el coste de esta carta."


def test_a_count_inside_a_filter_keeps_whose_cards_it_counts():
    text = ("juega un Aliado de coste igual o menor a la cantidad de carta Luz que controles que controles "
            "en el Cementerio objetivo")
    assert polish(text) == ("juega un Aliado de coste igual o menor a la cantidad de cartas Luz que controles, "
                            "de tu Cementerio, objetivo")
