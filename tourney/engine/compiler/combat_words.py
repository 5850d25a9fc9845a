"""Card modifiers of a combat (``nouns._modifiers``): who blocks and who was blocked.

«un Aliado bloqueador» / «los Aliados … bloqueadores» (declared blockers: ``blocking``);
«atacante o bloqueador» (one or the other: ``any_of``); «atacantes no bloqueados», «declarado
atacante que no haya sido bloqueado», «que no hayan sido bloqueados» (``blocked`` False, only
ever an attacker); «que haya sido bloqueado» (``blocked`` True). «… este turno» after them is
left to the caller: which combat it means is not the present one's to say.
"""
from __future__ import annotations

from dataclasses import replace

from .parsed import Cards
from .text import Cursor

_BLOCKER = ("declarado bloqueador", "declarados bloqueadores", "bloqueador", "bloqueadores")
_NOT_BLOCKED = ("que no haya sido bloqueado", "que no hayan sido bloqueados", "que no haya sido bloqueada",
                "no bloqueado", "no bloqueados")
_BLOCKED = ("que haya sido bloqueado", "que hayan sido bloqueados")
_ATTACKER = ("declarado atacante", "declarados atacantes", "atacante", "atacantes")


def combat_modifier(cards: Cards, cur: Cursor) -> tuple[Cards, Cursor] | None:
    if cards.blocking is not None or cards.blocked is not None or cards.any_of:
        return None
    if cards.attacking is None and (att := cur.take_any(*_ATTACKER)) is not None:
        # «un Aliado atacante o bloqueador»: either one
        if (after := att.take("o")) is not None and (end := after.take_any(*_BLOCKER)) is not None:
            return replace(cards, any_of=(Cards(attacking=True), Cards(blocking=True))), end
        return None  # a plain «atacante»: the caller's own modifier
    if cards.attacking is None and (after := cur.take_any(*_BLOCKER)) is not None:
        return replace(cards, blocking=True), after
    if (after := cur.take_any(*_NOT_BLOCKED)) is not None:
        return replace(cards, attacking=True, blocked=False), after
    if (after := cur.take_any(*_BLOCKED)) is not None:
        return replace(cards, attacking=True, blocked=True), after
    return None
