"""What may stop a card from being played (seed 000, 8.1 A: the card in its zone, at the right
moment, with no prohibition, its own conditions met):

* its own **restrictions** («Sólo puedes jugar este Talismán si no hay Aliados en tu
  Cementerio / en Guerra de Talismanes / en tu turno / desde tu mano»): a condition of play
  (4.2) or a moment / zone (8.1), compiled as ``play_restriction``;
* a **prohibition** by a continuous ability in play («Mientras este Aliado esté en juego, no
  se pueden jugar Talismanes», 6.4), compiled as a ``cannot_play`` effect.

Both are checked by ``play`` before the targets and the cost; each answer is a Spanish reason
with its rule, or None.
"""
from __future__ import annotations

from typing import cast, TYPE_CHECKING

from ..zones import PHASE_NAMES, ZONE_NAMES
from .card_reads import IN_PLAY
from .evaluate import matches
from .condition_check import holds
from .protections import statics_covering

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State


def restriction_refused(game: State, inst: Inst, p: str, origin: str,
                        as_type: str | None = None) -> tuple[str, str] | None:
    """(rule, why) when one of ``inst``'s own play restrictions forbids playing it now from
    ``origin``; None when they all allow it."""
    known = inst.abilities
    if known is None:
        return None
    for ability in known.abilities:
        if ability.kind != "play_restriction":
            continue
        if ability.zone not in ("in_play", origin):
            return "8.1", (f"{inst.label()} sólo se puede jugar desde "
                           f"{ZONE_NAMES.get(ability.zone, ability.zone)}.")
        if ability.own_turn and game.active != p:
            return "8.1", f"{inst.label()} sólo se puede jugar en tu turno."
        if ability.phases and game.phase not in ability.phases:
            when = " o ".join(PHASE_NAMES.get(x, x) for x in ability.phases)
            return "8.1", (f"{inst.label()} sólo se puede jugar en {when} (ahora es "
                           f"{PHASE_NAMES.get(game.phase, game.phase)}).")
        if ability.condition is not None and not holds(game, ability.condition, inst, p):
            return "4.2", (f"{inst.label()} sólo se puede jugar si "
                           f"{ability.condition.describe()}, y no se cumple.")
    return None


def prohibited_by(game: State, inst: Inst, p: str) -> Inst | None:
    """The card in play whose continuous «no se pueden jugar …» covers ``inst`` played by
    ``p`` now (6.4), or the card whose resolved effect forbids it this turn, or None."""
    for holder, _, effect in statics_covering(game, inst, "cannot_play"):
        if holder.zone not in IN_PLAY:
            continue
        who = {"opponent": game.opponent(holder.controller),
               "you": holder.controller}.get(effect.player or "any")
        if who is not None and who != p:
            continue
        if effect.filter is not None and not matches(game, effect.filter, inst, holder.controller,
                                                     holder):
            continue
        return cast("Inst", holder)
    for user, effect, source in game.forbidden:  # «No puedes jugar más cartas este turno»
        who = {"opponent": game.opponent(user), "you": user}.get(effect.player or "any")
        if who is not None and who != p:
            continue
        if effect.filter is None or matches(game, effect.filter, inst, user, game.cards[source]):
            return game.cards[source]
    return None
