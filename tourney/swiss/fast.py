"""The fast paths of Swiss pairing: one point group paired at its lower bound by a randomized
greedy matcher with swap repair on the "allowed" graph (no rematch, no forbidden pair), and
the greedy fallback by cost for windows too big for the exact solver. See
tourney.swiss.pairing for the policy."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .limits import SMALL_GROUP
from .errors import SwissFatalError

if TYPE_CHECKING:  # pragma: no cover
    from .problem import PairingProblem


def match_dense(p: PairingProblem, nodes: list[int]) -> list[tuple[int, int]] | None:
    """A perfect matching of ``nodes`` on the allowed graph: greedy in the given
    (random) order, then swap repair. None if the repair fails."""
    pool = list(nodes)
    pairs: list[tuple[int, int]] = []
    stuck: list[int] = []
    opp, forb = p.opp, p.forb
    while pool:
        u = pool.pop()
        ou, fu = opp[u], forb[u]
        for i in range(len(pool) - 1, -1, -1):
            v = pool[i]
            if v not in ou and v not in fu:
                del pool[i]
                pairs.append((u, v))
                break
        else:
            stuck.append(u)
    while stuck:
        u = stuck.pop()
        if not stuck:
            raise SwissFatalError("odd number of players in a group")
        for i, v in enumerate(stuck):
            if p.allowed(u, v):
                del stuck[i]
                pairs.append((u, v))
                break
        else:
            v = stuck.pop()
            start = p.rng.randrange(len(pairs)) if pairs else 0
            for j in range(len(pairs)):
                idx = (start + j) % len(pairs)
                x, y = pairs[idx]
                if p.allowed(u, x) and p.allowed(v, y):
                    pairs[idx] = (u, x)
                    pairs.append((v, y))
                    break
                if p.allowed(u, y) and p.allowed(v, x):
                    pairs[idx] = (u, y)
                    pairs.append((v, x))
                    break
            else:
                return None
    return pairs


def fast_group(p: PairingProblem, g: int, carry: list[int], small_group: int = SMALL_GROUP
               ) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Pair group g plus the floaters from above at the lower bound, or None."""
    members = p.groups[g]
    last = g == len(p.groups) - 1
    nodes = carry + members + ([p.bye] if last and p.bye is not None else [])
    p_next = None if last else p.points[p.groups[g + 1][0]]
    if len(nodes) <= small_group or len(carry) > 1:
        pairs, floater = p.solve_exact(nodes, p_next)
        if not p.certified(nodes + ([-1] if floater is not None else []),
                           pairs + ([(floater, -1)] if floater is not None else []),
                           p_next):
            return None
        return pairs, ([floater] if floater is not None else [])
    rng = p.rng
    free = list(members)
    rng.shuffle(free)
    pairs = []
    if last and p.bye is not None:
        if p.bye_target not in members:
            return None
        free.remove(p.bye_target)
        pairs.append((p.bye_target, p.bye))
    for c in carry:
        options = sorted(free, key=lambda m: p.up[m])  # stable: random among equals
        partner = next((m for m in options if p.allowed(c, m)), None)
        if partner is None:
            return None
        free.remove(partner)
        pairs.append((c, partner))
    out: list[int] = []
    if len(free) % 2:
        if last:
            raise SwissFatalError("odd last group")
        below = p.groups[g + 1]
        options = sorted(free, key=lambda m: p.down[m])
        tries = 0
        for f in options:
            if not any(p.allowed(f, x) for x in below):
                continue
            rest = [m for m in free if m != f]
            matched = p._match_dense(rest)
            if matched is not None:
                return pairs + matched, [f]
            tries += 1
            if tries >= 3:
                break
        return None
    matched = p._match_dense(free)
    if matched is None:
        return None
    return pairs + matched, out


def greedy(p: PairingProblem, nodes: list[int], p_next: int | None
           ) -> tuple[list[tuple[int, int]], int | None]:
    """Pair ``nodes`` best-first, each with its cheapest partner among the next 64
    (by the same tiers). Always succeeds; no optimality claim."""
    pool = list(nodes)
    pairs: list[tuple[int, int]] = []
    bye = p.bye
    if bye is not None and bye in pool:
        pool.remove(bye)
        r = min(pool, key=lambda x: p.tiers(x, bye))
        pool.remove(r)
        pairs.append((r, bye))
    floater = None
    if len(pool) % 2:
        floater = min(pool, key=lambda x: p.tiers(x, -1, p_next))
        pool.remove(floater)
    pool.sort(key=lambda x: (-p.points[x], x))
    pool.reverse()
    while pool:
        u = pool.pop()
        window = range(len(pool) - 1, max(len(pool) - 65, -1), -1)
        j = min(window, key=lambda i: p.tiers(u, pool[i], p_next))
        pairs.append((u, pool.pop(j)))
    return pairs, floater
