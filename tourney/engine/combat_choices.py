"""The attack and block declarations a player may make now (issue 24, ``legal_actions``),
generated one at a time: attacker subsets (largest first) with each Retador's challenge, and
one-to-one block assignments (9.C). ``Game.accepts`` checks each before it is offered."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from ..catalog.model import ALLY
from .abilities.protections import attackers_limit
from .keywords import CHALLENGER
from .record.model import Action

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

Make = Callable[..., Action]  # legal's action builder: (do, **fields) -> Action


def attacks(g: Game, p: str, act: Make) -> Iterator[Action]:
    if g.phase != "vigil" or g.active != p or g.battle_done:
        return
    attackers = g.legal_attackers(p)
    targets = list(g.zone_of(g.opponent(p), "defense"))
    limit = attackers_limit(g)  # «sólo se puede declarar un Aliado atacante cada turno»
    most = len(attackers) if limit is None else min(len(attackers), limit[1])
    for n in range(most, 0, -1):
        for cards in combinations(attackers, n):
            retadores = [a for a in cards if CHALLENGER in g.cards[a].kw]
            options: list[list[Any]] = [[None, *targets] for _ in retadores]
            for pick in product(*options):
                challenges = tuple((a, t) for a, t in zip(retadores, pick) if t is not None)
                yield act("attack", cards=cards, challenges=challenges)


def blocks(g: Game, p: str, act: Make) -> Iterator[Action]:
    if g.phase != "block" or g.active == p:
        return
    attackers = list(g.attackers)
    free = list(g.zone_of(p, "defense"))
    options = [[None] + [b for b in free
                         if g.cards[b].card.type == ALLY
                         and g.can_block(g.cards[b], g.cards[a]) is None]
               for a in attackers]
    for pick in product(*options):
        chosen = [b for b in pick if b is not None]
        if len(set(chosen)) != len(chosen):
            continue
        pairs = tuple((b, a) for a, b in zip(attackers, pick) if b is not None)
        yield act("block", pairs=pairs)
