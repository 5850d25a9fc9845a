"""The rules every activated ability follows, checked for a card whose abilities the engine
does not (fully) know (a v2 ``activate`` of an unknown or partly compiled card):

* **zone** (6.2): an ability is used with the card in play, unless its text names the zone it
  is used from («Si esta carta está en tu Cementerio…», «… de tu mano»);
* **moment** (6.2): in its controller's Fase de Vigilia, or in the Guerra de Talismanes with
  the priority, or as an answer in an open chain — unless its text names another moment
  («en respuesta», «al comienzo de …», «Declaración de Bloqueo»…) or the ability is a trigger
  («cuando», «cada vez que»: its cost is paid when it fires);
* **once per turn** (6.1): the same ability (the record's ``ability`` number) is not used
  twice in a turn, unless its text says it may be («veces por turno», «cada vez»).

Anything the text might change (a word of another moment, another zone, another limit) turns
the check off: the line then stays unverified, never illegal. The effect of the ability is not
checked (the line stays unverified).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...catalog.model import fold_accents
from ..zones import IN_PLAY

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State
    from ..zones import Inst

# words of a text that name where an ability is used from, by zone
_ZONE_WORDS = {"graveyard": ("cementerio",), "hand": ("mano",), "exile": ("destierro", "desterrad"),
               "castle": ("mazo castillo",)}
# words that name another moment, or a trigger (whose cost is paid when it fires)
_OTHER_MOMENT = ("respuesta", "cuando", "cada vez", "al comienzo", "al final", "declaracion",
                 "agrupacion", "en tu fase final", "en la fase final", "en cada fase final",
                 "fase de robar", "asignacion", "cualquier momento",
                 "turno oponente", "turno de tu oponente", "cualquier jugador", "bloque",
                 "fuera a", "luego de", "durante")
# words that change how many times it is used
_OTHER_LIMIT = ("veces por turno", "cada vez", "cualquier jugador", "sin limite",
                "cualquier cantidad de veces")


def _abilities_in(text: str) -> int:
    """How many sentences of the text offer a choice to use something («puedes …»)."""
    return len(re.findall(r"\bpuedes\b", text))


def unknown_use_refused(game: State, inst: Inst, p: str,
                        number: int | None) -> tuple[str, str] | None:
    """(rule, why in Spanish) when the rules every ability follows forbid using an ability of
    ``inst`` (abilities not fully known) now; None when they allow it or cannot tell."""
    text = fold_accents(inst.card.text or "")
    if not text:
        return None
    if inst.zone not in IN_PLAY:
        words = _ZONE_WORDS.get(inst.zone, ())
        if not any(w in text for w in words) and "cuando" not in text:
            return "6.2", (f"{inst.label()} está en {game.where(inst)}: sus habilidades se usan "
                           "con la carta en juego (su texto no dice otra zona).")
    if not any(w in text for w in _OTHER_MOMENT):
        own_vigil = game.phase == "vigil" and game.active == p
        in_war = game.phase == "war" and game.priority == p
        if not (own_vigil or in_war or game.windows):
            return "6.2", (f"{inst.label()}: una habilidad activada se usa en tu Fase de Vigilia "
                           "o en la Guerra de Talismanes con la prioridad (su texto no dice otro "
                           "momento).")
    if not any(w in text for w in _OTHER_LIMIT) and (number is not None or _abilities_in(text) <= 1):
        turn, count = divmod(game.used.get((inst.id, -(number or 1)), 0), 1000)
        if turn == game.turn and count >= 1:
            return "6.1", (f"{inst.label()}: esa habilidad se usa una vez por turno y ya se usó "
                           "este turno.")
    return None
