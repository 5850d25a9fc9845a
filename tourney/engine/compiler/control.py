"""Effects on abilities and control: «Cancela una habilidad Activada o Disparada objetivo»
(10.10: a Cancelación targets the ability being used, any ability can be cancelled) and «la
carta fuente de esa habilidad»."""
from __future__ import annotations

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


def source_of_that_ability(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """ "la carta fuente de esa habilidad": the card whose ability was just cancelled."""
    if (end := cur.take_any("la carta fuente de esa habilidad", "la fuente de esa habilidad")) is not None:
        return Cards(ref="that"), end
    return None
