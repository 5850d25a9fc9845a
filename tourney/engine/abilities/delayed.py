"""Delayed triggers («Hasta la Fase Final, cuando …, …» of a Talismán: ``Trigger.delayed``).

They do not fire from the card's zone like other triggers: the Talismán *arms* them when it
resolves (8.1 E; an Anulado one arms nothing) and they fire, for the player who played it, on
every matching event until the Fase Final of that turn, when «hasta la Fase Final» effects end
(9 D). ``arm`` at resolution, ``fire_armed`` from ``events.fire``, ``end_of_turn`` at the Fase
Final. A delayed trigger about the card of an earlier step («En la Fase Final, Destierra ese
Aliado»: ``subject`` «earlier» / «found») is not armed: the engine does not follow that card,
and the lines it may produce stay unverified (``events.tracked``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .condition_check import holds
from .evaluate import mismatch
from .model import Ability
from .trigger_match import event_fits

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State
    from ..zones import Inst


def follows_earlier(ability: Ability) -> bool:
    return any(e.subject in ("earlier", "found") for e in ability.effects)


def arm(game: Any, inst: Inst, player: str) -> None:
    """8.1 E: the Talismán ``inst`` resolved for ``player``: its delayed triggers are armed."""
    known = inst.abilities
    if known is None:
        return
    new = [(inst.id, i, player) for i, a in enumerate(known.abilities)
           if a.kind == "triggered" and a.trigger is not None and a.trigger.delayed
           and not follows_earlier(a)]
    if new:
        game.armed = [*game.armed, *new]


def end_of_turn(game: Any) -> None:
    """9 D: «hasta la Fase Final» — the armed triggers end."""
    if game.armed:
        game.armed = []


def fire_armed(game: State, event: Any, settle: Callable[[], None] | None,
               make: Callable[[Inst, int, str, Ability], Any]) -> list[Any]:
    """The armed delayed triggers ``event`` fires (``make`` builds each ``Pending``)."""
    out = []
    for source, index, controller in game.armed:
        inst = game.cards[source]
        known = inst.abilities
        assert known is not None
        ability = known.abilities[index]
        trigger = ability.trigger
        assert trigger is not None
        if event.kind not in (trigger.event, *trigger.events):
            continue
        if trigger.card is not None:
            if event.card is None:
                continue
            if settle is not None:
                settle()
            if mismatch(game, _any_zone(trigger.card), game.cards[event.card], controller, inst,
                        False):
                continue
        if not event_fits(trigger, event, controller):
            continue
        if not holds(game, trigger.condition, inst, controller) or \
                not holds(game, ability.condition, inst, controller):
            continue
        out.append(make(inst, index, controller, ability))
    return out


def _any_zone(f: Any) -> Any:
    """The event says where the card is: the filter's «en juego» is not asked again."""
    return replace(f, zone="being_played") if f.zone == "in_play" else f
