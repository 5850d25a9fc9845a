"""Checking an ``effect`` line against the ability that is supposed to have produced it.

A v1 ``effect`` line of source X states every change X's ability caused, costs included.
When X's abilities are known, ``explain`` takes one candidate ability (a Talismán's effect,
a pending trigger, an activated ability usable now, or one announced with ``activate``) and
accounts for every change of the line: first the costs (10.16: Oros to the Zona de Oro
Pagado, cards banished from the Cementerio, discarded, destroyed…), then each effect step in
order (amounts must match exactly: «Roba 2 cartas» is two cards; zones must be the effect's;
each affected card must be a valid target (8.2) and not protected — Indestructible,
Indesterrable, Inmunidad — and a target that became invalid is not affected). Whatever is
left over is a change the ability does not produce. Steps the record format cannot show
(keywords gained, «no puede bloquear», damage changes, Anulación…) come back as ``extras``
for the engine to apply. A step the engine cannot check makes the line *unverified*.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction
from .chain import first_part
from .costs import pay
from .kinds.base import handler
from .model import Ability
from .verify_amounts import split_targets
from .verify_pool import Plan, Pool, drawn_by
from .verify_steps import verify_step

if TYPE_CHECKING:  # pragma: no cover
    from ..record import Action
    from ..zones import Inst
    from ..state import State


def explain(game: State, action: Action, source: Inst, ability: Ability, controller: str,
            targets: tuple[str, ...] | None, costs_in_line: bool,
            triggering: str | None = None, chosen_before: bool = False,
            paid_before: tuple[str, ...] = ()) -> Plan:
    """Account for the whole line with ``ability``; raise ``IllegalAction`` (with the rule)
    when it cannot have produced it, ``Unverifiable`` when a step cannot be checked.
    ``chosen_before``: the targets were chosen (and checked, 8.2) when the card was played or
    the ability announced; at resolution only the targets' own abilities and zone count.
    ``paid_before``: the cards its cost was paid with when announced («la carta pagada»)."""
    pool = Pool(action)
    pool.chosen = chosen_before
    pool.drawn = {iid for ids in drawn_by(game, action).values() for iid in ids}
    if costs_in_line:
        for cost in ability.costs:
            pay(game, pool, cost, source, controller)
    else:
        pool.paid.extend(paid_before)
    plan = Plan()
    split = split_targets(ability, targets)
    first = first_part(ability)
    if split is not None and not any(split[first:]):
        split = split[:first]  # «Luego, …» targets not named before: chosen as it resolves (8.2)
    done = True
    for effect in ability.effects:
        if effect.then and not done:
            done = False
            continue
        before = dict(pool.moves)
        done = verify_step(game, pool, effect, ability, source, controller, split, triggering, plan)
        pool.moved_last = len(before) - len(pool.moves)  # what «de esta manera» counts next
        announce = handler("effect", effect.kind, "announce")
        if announce is not None:  # the step's own event (``Plan.announced``)
            moved = {iid: to for iid, to in before.items() if iid not in pool.moves}
            plan.announced.extend(announce(game, effect, moved, controller))
    left = pool.left(game)
    if left:
        raise IllegalAction("6.5", f"El efecto registrado de {source.label()} incluye {left}, "
                                   f"y su habilidad no lo produce ({ability.describe()})")
    return plan
