"""Which abilities may have produced an ``effect`` line the engine cannot follow, and the
preventions it checks (6.7: «Cuando … fuera a ser Destruido o Desterrado, puedes … para
prevenirlo»): ``prevention_checked`` (one the engine applies), ``guarded`` (the events it keeps
from happening), ``would_be_moved`` (the card it keeps in play for this line), ``could_produce``
(an untracked trigger or replacement that may explain the line: unverified, never illegal) and
``armed_later`` (a delayed trigger armed only when its card resolves)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..record import Action
from ..zones import IN_PLAY, Inst
from .evaluate import mismatch
from .model import Ability

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State


def would_be_moved(game: State, ability: Ability, source: Inst, action: Action) -> str | None:
    """The card a prevention («fuera a ser Destruido … para prevenirlo») keeps in play: the
    one the line names in «targets», or the one target in play of a card or ability being
    resolved that fits its trigger; "?" when it cannot be told; None when ``ability`` is
    not such a prevention."""
    if not prevention_checked(ability):
        return None
    t = ability.trigger
    assert t is not None
    if action.targets:
        pool = [action.targets[0]]
    else:
        pool = list(dict.fromkeys(x for r in game.resolutions.values() for x in r.targets))
    fits = []
    for iid in pool:
        inst = game.cards[iid]
        if inst.zone not in IN_PLAY:
            continue
        if t.self_only and inst is not source:
            continue
        if t.card is not None and mismatch(game, t.card, inst, source.controller, source,
                                           False) is not None:
            continue
        fits.append(iid)
    return fits[0] if len(fits) == 1 else "?"


def armed_later(ability: Ability, res: object) -> bool:
    """A delayed trigger («En la Fase Final, Destruye ese Aliado») is armed when its card's
    effect resolves: while that resolution is the line's, it cannot have produced the line."""
    trigger = ability.trigger
    return trigger is not None and trigger.delayed and res is not None


# the one part of a line each of these effect kinds can produce (anything else: any part)
_ONLY = {"draw": "draw", "mill": "mill", "strength": "strength", "counters": "counters",
         "remove_counters": "counters"}
_NOTHING = frozenset({"gain_keyword", "lose_keyword", "cannot_attack", "cannot_block",
                      "cannot_be_blocked", "reduce_damage", "prevent_damage", "redirect_damage"})


def could_produce(ability: Ability, action: Action) -> bool:
    """Whether an ability the engine cannot follow (a trigger it does not announce, a
    replacement it does not apply) could have produced this line: one that only draws cannot
    have moved cards. Unsure: True (the line then stays unverified, never illegal)."""
    if ability.costs:
        return True
    parts: set[str] = set()
    for e in ability.effects:
        if e.kind in _NOTHING:
            continue
        part = _ONLY.get(e.kind)
        if part is None:
            return True
        parts.add(part)
    needs = {k for k, v in (("moves", action.moves), ("draw", action.draw), ("mill", action.mill),
                            ("counters", action.counters), ("strength", action.strength)) if v}
    return needs <= parts


def prevention_checked(ability: Ability) -> bool:
    """«Cuando un Aliado Guardián fuera a ser Destruido o Desterrado, puedes Descartar una carta
    para prevenirlo» (6.7): a replacement the engine checks and applies (``would_be_moved``)."""
    t = ability.trigger
    return (ability.kind == "replacement" and t is not None and t.would
            and bool(guarded(ability)) and not t.by_opponent
            and all(e.unless is None for e in ability.effects)
            and any(e.kind == "prevent" and e.subject == "triggering" for e in ability.effects))


def guarded(ability: Ability) -> tuple[str, ...]:
    t = ability.trigger
    if t is None:
        return ()
    events = (t.event, *t.events)
    return tuple(e for e in events if e in ("destroyed", "banished")) \
        if all(e in ("destroyed", "banished") for e in events) else ()
