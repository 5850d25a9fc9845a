"""«Puedes jugar este Talismán en respuesta a que tu oponente juegue un Aliado»: the card may
also be played as an answer while such a card of the opponent is being played (8.1 D); the
engine reads it as a ``play_permission`` with ``response`` and a «played» trigger
(``chain.permission_in_response``)."""
from __future__ import annotations

from .trigger_frames import trigger
from .parsed import Parsed
from .text import Cursor


def response_permission(toks: tuple[str, ...]) -> Parsed | None:
    after = Cursor(toks).take("puedes", "jugar", "SELF")
    if after is None or after.peek() != "en":
        return None
    got = trigger(after)
    if got is None or not got[1].done:
        return None
    trig = got[0]
    if trig.event != "played" or trig.phase != "response" or trig.player != "opponent" or trig.cards is None \
            or trig.cards.ref is not None:
        return None
    return Parsed("permission", param="en respuesta", trigger=trig)
