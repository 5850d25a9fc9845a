"""Effects on abilities and control: «Cancela una habilidad Activada o Disparada objetivo»
(10.10: a Cancelación targets the ability being used, any ability can be cancelled) and
«Convierte este Tótem en un Aliado …» (``nouns`` reads «la carta fuente de esa habilidad»)."""
from __future__ import annotations

from .noun_words import RACES
from .nouns import bare_phrase, number
from .parsed import Cards, Effect
from .text import Cursor

_ABILITY = ("una habilidad activada o disparada objetivo", "una habilidad activada o disparada",
            "una habilidad objetivo", "una habilidad")


def cancel_effect(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Cancela una habilidad (Activada o Disparada) (objetivo)": every ability that can be
    cancelled is activated or triggered (6.5, 6.6), and a Cancelación always targets it
    (10.10), so all four read the same."""
    if (after := cur.take_any("cancela", "cancelar")) is None:
        return None
    for words in _ABILITY:
        if (end := after.take(*words.split())) is not None:
            if not (end.done or end.peek() in (".", "y")):  # «… Disparada de un Aliado», «…, Robar …»
                return None
            return Effect("cancel", cards=Cards(target=True, zone="being_played")), end
    return None


def convert_effect(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Convierte / Convertir este Tótem en un Aliado (de Raza X) con / de Fuerza N (o igual a
    la cantidad de Oros que controles)": the card is an Aliado of that Fuerza (and Race) while
    the effect lasts (the duration is read after it by the chain)."""
    if (after := cur.take_any("convertir SELF en un aliado", "convierte SELF en un aliado")) is None:
        return None
    race = None
    if (more := after.take("de", "raza")) is not None and more.peek() in RACES:
        race, after = RACES[more.peek()], more.skip()
    if (rest := after.take_any("con fuerza", "de fuerza")) is None:
        return None
    if (count_of := rest.take("igual", "a", "la", "cantidad", "de")) is not None:
        counted = bare_phrase(count_of)
        if counted is None or counted[0].zone != "play" or counted[0].controller != "you":
            return None
        return Effect("become_ally", cards=Cards(ref="self"), amount=1, per=counted[0], keyword=race), counted[1]
    got = number(rest)
    if got is None:
        return None
    return Effect("become_ally", cards=Cards(ref="self"), amount=got[0], keyword=race), got[1]
