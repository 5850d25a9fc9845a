"""What may have produced an ``effect`` line (docs/game-record.md): the card or ability
being resolved, a pending trigger of the source (6.6), one of its activated abilities (6.2),
or a replacement of a move the line makes. ``Effects._verify`` tries them in this order."""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .chain import Resolution
from .model import Ability
from .own_effect import merged_effect
from .replacements import would_be_moved

if TYPE_CHECKING:  # pragma: no cover
    from ..record import Action
    from ..state import State
    from ..zones import Inst


class Explanation(NamedTuple):
    """One ability that may have produced the line: how it would (``kind``: "resolution",
    "trigger", "activated", "replacement"), its place among the source's abilities, its
    targets, whether the line pays its costs, the card that set it off, and the resolution or
    pending trigger it stands for."""

    kind: str
    ability: Ability
    position: int
    targets: tuple[str, ...] | None
    costs: bool
    triggering: str | None
    ref: object


def explanations(game: State, action: Action, source: Inst, abilities: tuple[Ability, ...],
                 res: Resolution | None) -> list[Explanation]:
    """What may have produced the line, in this order: the card or ability being resolved,
    its pending triggers (6.6), its activated abilities (6.2), a replacement of a move."""
    tried: list[Explanation] = []
    if res is not None:
        resolved = merged_effect(abilities) if res.kind == "card" else None
        tried.append(Explanation("resolution", resolved or abilities[res.index], res.index,
                                 res.targets if res.targets or res.kind != "trigger" else None,
                                 not res.costs_paid, None, res))
    for pending in [q for q in game.pending if q.source == source.id]:
        tried.append(Explanation("trigger", abilities[pending.index], pending.index,
                                 tuple(action.targets) or None, True, pending.event.card,
                                 pending))
    for index, ability in enumerate(abilities):
        if ability.kind == "activated":  # also from the hand («Desterrar este Aliado de tu mano …»)
            tried.append(Explanation("activated", ability, index,
                                     tuple(action.targets) or None, True, None, None))
    for index, ability in enumerate(abilities):
        about = would_be_moved(game, ability, source, action)
        if about is not None:
            tried.append(Explanation("replacement", ability, index, None, True, about, None))
    return tried
