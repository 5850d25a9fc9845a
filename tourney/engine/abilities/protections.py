"""Continuous protections of cards in play («los demás Aliados de Raza Samurái que controles no
pueden ser Desterrados por Talismanes», «este Aliado no puede ser Destruido por Talismanes»):
which ones cover a card against a move and a source.

The engine does not enforce them yet: a line whose move touches a card one of them may cover
stays *unverified* (``verify``), never illegal — the record may be right that the move
happened (the protection's condition or its source filter read differently at the table)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .evaluate import IN_PLAY, holds, matches

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Inst, State

# the move an effect makes -> the protection keyword against it
GUARDS = dict(destroy="destroyed", banish="banished")


def _covered(game: State, effect, holder: Inst, inst: Inst) -> bool:
    """Whether the protection ``effect`` of ``holder``'s continuous ability covers ``inst``."""
    if effect.subject == "self":
        return inst is holder
    if effect.subject == "bearer":
        return holder.bearer == inst.id
    if effect.subject == "each" and effect.filter is not None:
        return matches(game, effect.filter, inst, holder.controller, holder)
    return False


def shielded(game: State, inst: Inst, kind: str, source: Inst) -> bool:
    """Some continuous protection may cover ``inst`` against ``kind`` (destroy, banish) done by
    ``source``'s effect."""
    guard = GUARDS.get(kind)
    if guard is None or inst.zone not in IN_PLAY:
        return False
    for holder in game.cards.values():
        known = holder.abilities
        if known is None or holder.lost:
            continue
        for ability in known.abilities:
            if ability.kind != "continuous":
                continue
            for effect in ability.effects:
                if effect.kind != "protection" or effect.keyword != guard:
                    continue
                if ability.zone == "in_play" and holder.zone not in IN_PLAY:
                    continue
                if ability.zone not in ("in_play", holder.zone):
                    continue
                if not _covered(game, effect, holder, inst):
                    continue
                sources = effect.by if effect.subject == "each" else effect.filter
                # the source is wherever it is now (a Talismán resolving is in the Cementerio)
                if sources is not None and not matches(game, replace(sources, zone="being_played"),
                                                       source, holder.controller, holder):
                    continue
                if holds(game, ability.condition, holder, holder.controller):
                    return True
    return False
