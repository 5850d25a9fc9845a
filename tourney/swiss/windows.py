"""The window strategy of Swiss pairing: point groups top-down, each at its lower bound by
the fast path, else a window of neighbouring groups solved exactly and widened until it is
certified (or borrows a few players from big neighbours), then the seams of uncertified
windows polished. See tourney.swiss.pairing for the policy."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .limits import BORROW, POLISH, SMALL_GROUP, WINDOW_LIMIT
from .errors import SwissFatalError

if TYPE_CHECKING:  # pragma: no cover
    from .problem import PairingProblem


def borrow(p: PairingProblem, done: list, absorbed: int, nodes: list[int], hi: int,
           p_next: int | None, limit: int, k: int = BORROW
           ) -> tuple[list[tuple[int, int]], int | None] | None:
    """Re-solve an uncertified window that cannot grow (its neighbour groups are too
    big) together with a few players next to it: up to k/2 same-points pairs of the
    piece above (undone) and up to k players of the group below (taken out of it).
    A small group whose players already met (two players who drew each other in
    round 1, in a 200-player event) can then float down or up instead of a rematch.
    Same-points pairs cost nothing, so the window's exact optimum is at least as good
    as before; the pieces left outside keep their own lower bounds. The window never
    grows past ``limit`` nodes. The players it takes move into the window's last group, so
    a later window that absorbs this piece solves them again (none is lost)."""
    budget = limit - len(nodes)
    if budget < 2:
        return None
    above_pairs: list[tuple[int, int]] = []
    take: list[tuple[int, int]] = []
    if absorbed < len(done):
        above_pairs = done[len(done) - 1 - absorbed][3]
        same = [pr for pr in above_pairs if p.bye not in pr
                and -1 not in pr and p.points[pr[0]] == p.points[pr[1]]]
        same.sort(key=lambda pr: -max(pr))  # the lowest-ranked: nearest the window
        take = same[: min(k // 2, budget // 4 or 1)]
    below: list[int] = []
    if hi < len(p.groups) - 1:
        group = p.groups[hi + 1]
        below = group[: max(0, min(k, len(group) - 1, budget - 2 * len(take)))]
    if not take and not below:
        return None
    extended = nodes + [x for pr in take for x in pr] + below
    pairs, floater = p.solve_exact(extended, p_next)
    for pr in take:
        above_pairs.remove(pr)
    moved = set(below) | {x for pr in take for x in pr}
    if moved:
        for g, members in enumerate(p.groups):
            if g != hi and moved & set(members):
                p.groups[g] = [m for m in members if m not in moved]
        p.groups[hi] = p.groups[hi] + sorted(moved - set(p.groups[hi]))
    return pairs, floater


def grow_options(p: PairingProblem, lo: int, hi: int, carry_lo: list[int], absorbed: int,
                 done: list) -> list[tuple[int, int, list[int], int]]:
    """Ways to widen a window, preferred first: both ways, one group down, or the
    piece above."""
    G = len(p.groups)
    options = []
    if absorbed < len(done):  # grow upwards: absorb the piece above
        above = done[len(done) - 1 - absorbed]
        if hi < G - 1:
            options.append((above[0], hi + 1, above[2], absorbed + 1))
        options.append((above[0], hi, above[2], absorbed + 1))
    if hi < G - 1:
        options.insert(min(len(options), 1), (lo, hi + 1, carry_lo, absorbed))
    return options


def window_nodes(p: PairingProblem, lo: int, hi: int, carry: list[int]) -> list[int]:
    nodes = list(carry)
    for g in range(lo, hi + 1):
        nodes.extend(p.groups[g])
    if hi == len(p.groups) - 1 and p.bye is not None:
        nodes.append(p.bye)
    return nodes


def solve(p: PairingProblem, window_limit: int = WINDOW_LIMIT, small_group: int = SMALL_GROUP
          ) -> list[tuple[int, int]]:
    groups = p.groups
    G = len(groups)
    p.proven = True  # every piece at its lower bound, or the whole round exact
    p.borrowed = p.greedy_used = p.polished = 0  # fallbacks run (measuring)
    start = [members[0] for members in groups]  # rank index where each group begins
    seams: set[int] = set()  # rank indices next to a piece that is not certified
    # accepted pieces, top-down: (first group, last group, carry into it, pairs)
    done: list[tuple[int, int, list[int], list[tuple[int, int]]]] = []
    carry: list[int] = []
    g = 0
    while g < G:
        fast = p._fast_group(g, carry, small_group)
        if fast is not None:
            done.append((g, g, carry, fast[0]))
            carry = fast[1]
            g += 1
            continue
        lo, hi, carry_lo, absorbed = g, g, carry, 0
        while True:
            nodes = p._window_nodes(lo, hi, carry_lo)
            p_next = None if hi == G - 1 else p.points[groups[hi + 1][0]]
            if len(nodes) > window_limit:
                # a large group the fast path could not certify (very rare): too big
                # for the exact solver; a greedy pass by cost keeps the round valid
                pairs, floater = p._greedy(nodes, p_next)
                p.proven = False
                p.greedy_used += 1
                seams.update(start[x] for x in (lo, hi + 1) if 0 < x < G)
                break
            pairs, floater = p.solve_exact(nodes, p_next)
            full_nodes = nodes + ([-1] if floater is not None else [])
            full_pairs = pairs + ([(floater, -1)] if floater is not None else [])
            if p.certified(full_nodes, full_pairs, p_next) or (lo == 0 and hi == G - 1):
                break
            # grow by steps of about half the window (fewer exact solves)
            target = max(len(nodes) + 8, len(nodes) * 3 // 2)
            grown = None
            cur = (lo, hi, carry_lo, absorbed)
            while True:
                step = next((o for o in p._grow_options(*cur, done)
                             if len(p._window_nodes(o[0], o[1], o[2])) <= window_limit),
                            None)
                if step is None:
                    break
                grown = cur = step
                if len(p._window_nodes(cur[0], cur[1], cur[2])) >= target:
                    break
            if grown is None:
                # the neighbouring groups are too big to take whole: borrow a few of
                # their players (documented in docs/swiss-policy.md)
                p.proven = False
                borrowed = p._borrow(done, absorbed, nodes, hi, p_next, window_limit)
                if borrowed is not None:
                    pairs, floater = borrowed
                    p.borrowed += 1
                seams.update(start[x] for x in (lo, hi + 1) if 0 < x < G)
                break
            lo, hi, carry_lo, absorbed = grown
        if absorbed:
            del done[len(done) - absorbed:]
        done.append((lo, hi, carry_lo, pairs))
        carry = [floater] if floater is not None else []
        g = hi + 1
    if carry:
        raise SwissFatalError("a floater left over after the last group")
    pairs = [pair for piece in done for pair in piece[3]]
    if seams:
        pairs = p._polish(pairs, seams, window_limit)
    return pairs


def polish(p: PairingProblem, pairs: list[tuple[int, int]], seams: set[int], limit: int,
           radius: int = POLISH) -> list[tuple[int, int]]:
    """Local re-optimization around the seams of uncertified pieces: take every
    table with a player ranked within ``radius`` of a seam, re-pair those players
    exactly, and keep the result when it costs less (t1..t6). The cost is a sum over
    tables, so this never makes the round worse. Repeats while it improves (3 passes
    at most)."""
    partner: dict[int, int] = {}
    for u, v in pairs:
        partner[u] = v
        partner[v] = u
    for _ in range(3):
        improved = False
        for b in sorted(seams):
            chosen: set[int] = set()
            for i in range(max(0, b - radius), min(p.n, b + radius)):
                chosen.add(i)
                chosen.add(partner[i])
            if len(chosen) > limit or len(chosen) < 4:
                continue
            old = [(u, partner[u]) for u in chosen if u < partner[u]]
            new, _ = p.solve_exact(sorted(chosen))
            if p.cost(new) < p.cost(old):
                for u, v in new:
                    partner[u] = v
                    partner[v] = u
                improved = True
                p.polished += 1
        if not improved:
            break
    return sorted((u, v) for u, v in partner.items() if u < v)
