"""The round to pair as integers (tourney.swiss.PairingProblem): players in rank order, the
bye, point groups, past opponents, forbidden pairs, float history, and the cost tiers every
strategy compares (see tourney.swiss.pairing for the policy). The strategies live in their
own modules and take the problem: ``exact`` (blossom), ``fast`` (greedy per group) and
``windows`` (the driver); the methods here delegate to them."""
from __future__ import annotations

import math
import random
from itertools import groupby

from . import exact, fast, windows
from .limits import _JITTER, BORROW, POLISH, SMALL_GROUP, WINDOW_LIMIT
from .errors import SwissFatalError, SwissUserError
from .model import TournamentState
from .standings import Standing, _Tally, records, standings

def pending_results(state: TournamentState) -> list[str]:
    out = []
    for rnum, rnd in enumerate(state.rounds, 1):
        for tnum, m in enumerate(rnd, 1):
            if m.b is not None and m.result is None:
                out.append(f"ronda {rnum}, mesa {tnum}: falta el resultado de «{m.a}» contra «{m.b}»")
    return out


def _reduced(ratio: tuple[int, int]) -> tuple[int, int]:
    g = math.gcd(*ratio)
    return ratio[0] // g, ratio[1] // g


def _tie_key(s: Standing) -> tuple:
    """Equal exactly when points, OMW%, GW% and OGW% are equal (fractions reduced)."""
    return (s.points, _reduced(s.omw_ratio), _reduced(s.gw_ratio), _reduced(s.ogw_ratio))


class PairingProblem:
    """The round to pair, as integers: node i is the i-th active player in rank order
    (0 = best); node ``n`` is the bye when the active count is odd; -1 is the
    "floats to the next group" slot of a window. Built from the state and the seeded
    RNG; the same inputs give the same problem (and the same pairings)."""

    proven: bool | None = None  # set by solve(): True when the result is provably optimal
    borrowed = greedy_used = polished = 0  # how often solve() used each fallback

    def __init__(self, state: TournamentState, rng: random.Random):
        pending = pending_results(state)
        if pending:
            raise SwissUserError([("no se puede emparejar la ronda siguiente con resultados "
                                   "pendientes"), *pending])
        self.state = state
        tally = _Tally(state)
        recs = records(state, tally)
        table = [s for s in standings(state, tally) if not s.dropped]
        if len(table) < 2:
            raise SwissUserError("no se puede emparejar: hay menos de 2 jugadores activos")
        # rank order; players tied on every tiebreaker are ordered by lot (seeded)
        order = []
        for _key, run in groupby(table, key=_tie_key):
            run_list = list(run)
            rng.shuffle(run_list)
            order.extend(run_list)
        self.salt = rng.getrandbits(30)
        self.rng = random.Random(rng.getrandbits(64))
        self.ids = [s.id for s in order]
        self.n = n = len(self.ids)
        index = {pid: i for i, pid in enumerate(self.ids)}
        self.index = index
        self.points = [s.points for s in order]
        self.opp: list[set[int]] = [
            {index[o] for o in recs[pid].opponents if o in index} for pid in self.ids
        ]
        self.forb: list[set[int]] = [set() for _ in range(n)]
        for x, y in state.forbidden_pairs:
            if x in index and y in index:
                self.forb[index[x]].add(index[y])
                self.forb[index[y]].add(index[x])
        self.had_bye = [recs[pid].byes > 0 for pid in self.ids]
        self.down, self.up = self._float_history(state, index)
        self.bye = n if n % 2 else None
        self.pmin = min(self.points)
        # the bye goes to the lowest-ranked player without a bye (t6 lower bound)
        self.bye_target = next((i for i in range(n - 1, -1, -1) if not self.had_bye[i]), None)
        # point groups, best first; members in rank order
        self.groups: list[list[int]] = []
        for _p, same_points in groupby(range(n), key=lambda i: self.points[i]):
            self.groups.append(list(same_points))
        self.group_of = [0] * n
        for g, members in enumerate(self.groups):
            for i in members:
                self.group_of[i] = g

    @staticmethod
    def _float_history(state: TournamentState, index: dict[str, int]):
        down = [0] * len(index)
        up = [0] * len(index)
        s = state.settings
        pts: dict[str, int] = {p.id: s.loss_points * p.late_losses for p in state.players}
        for rnd in state.rounds:
            gained: dict[str, int] = {}
            for m in rnd:
                if m.b is None:
                    gained[m.a] = s.win_points
                    continue
                pa, pb = pts[m.a], pts[m.b]
                if pa != pb:
                    hi, lo = (m.a, m.b) if pa > pb else (m.b, m.a)
                    if hi in index:
                        down[index[hi]] += 1
                    if lo in index:
                        up[index[lo]] += 1
                r = m.parsed()
                if r is not None:
                    w = r.winner()
                    gained[m.a] = (s.win_points if w == "a" else s.loss_points if w == "b"
                                   else s.draw_points)
                    gained[m.b] = (s.win_points if w == "b" else s.loss_points if w == "a"
                                   else s.draw_points)
            for pid, g in gained.items():
                pts[pid] += g
        return down, up

    # -- costs -------------------------------------------------------------------
    def allowed(self, u: int, v: int) -> bool:
        return v not in self.opp[u] and v not in self.forb[u]

    def _jitter(self, u: int, v: int) -> int:
        if u > v:
            u, v = v, u
        return ((u * 1_000_003 + v * 7919 + self.salt) * 2654435761 >> 7) % _JITTER

    def tiers(self, u: int, v: int, p_next: int | None = None) -> tuple[int, ...]:
        """Cost tiers (t1..t7) of pairing node u with node v."""
        if u == self.bye or v == self.bye:
            r = v if u == self.bye else u
            if r == -1:
                raise SwissFatalError("bye and float slot in one window")
            d = self.points[r] - self.pmin
            return (int(self.had_bye[r]), 0, 0, d, d * d, self.n - 1 - r, self._jitter(r, -2))
        if u == -1 or v == -1:
            r = v if u == -1 else u
            if p_next is None:
                raise SwissFatalError("float slot without a next group")
            d = self.points[r] - p_next
            return (0, 0, 0, d, d * d, 0, self.down[r] * _JITTER + self._jitter(r, -1))
        pu, pv = self.points[u], self.points[v]
        d = abs(pu - pv)
        hist = 0
        if d:
            hi, lo = (u, v) if pu > pv else (v, u)
            hist = self.down[hi] + self.up[lo]
        return (0, int(v in self.forb[u]), int(v in self.opp[u]), d, d * d, 0,
                hist * _JITTER + self._jitter(u, v))

    def cost(self, pairs: list[tuple[int, int]], p_next: int | None = None) -> tuple[int, ...]:
        """Sum of t1..t6 over the pairs (t7 left out: tie-breaks only)."""
        total = [0] * 6
        for u, v in pairs:
            t = self.tiers(u, v, p_next)
            for i in range(6):
                total[i] += t[i]
        return tuple(total)

    def lower_bound(self, nodes: list[int], p_next: int | None = None) -> tuple[int, int]:
        """t4/t5 lower bound for pairing these nodes: adjacent pairs in point order."""
        def points_of(x: int) -> int:
            if x == self.bye:
                return self.pmin
            if x == -1:
                if p_next is None:
                    raise SwissFatalError("float slot without a next group")
                return p_next
            return self.points[x]

        pts = sorted((points_of(x) for x in nodes), reverse=True)
        lb4 = lb5 = 0
        for i in range(0, len(pts) - 1, 2):
            d = pts[i] - pts[i + 1]
            lb4 += d
            lb5 += d * d
        return lb4, lb5

    def certified(self, nodes: list[int], pairs: list[tuple[int, int]],
                  p_next: int | None = None) -> bool:
        c = self.cost(pairs, p_next)
        if c[0] or c[1] or c[2]:
            return False
        if (c[3], c[4]) != self.lower_bound(nodes, p_next):
            return False
        if self.bye is not None and self.bye in nodes:
            r = next(u if v == self.bye else v for u, v in pairs if self.bye in (u, v))
            if self.bye_target is not None and r != self.bye_target:
                return False
        return True

    # -- strategies (tourney.swiss.exact / fast / windows) ---------------------------
    def solve_exact(self, nodes: list[int], p_next: int | None = None,
                    backend: str | None = None) -> tuple[list[tuple[int, int]], int | None]:
        return exact.solve_exact(self, nodes, p_next, backend)

    def _match_dense(self, nodes: list[int]) -> list[tuple[int, int]] | None:
        return fast.match_dense(self, nodes)

    def _fast_group(self, g: int, carry: list[int], small_group: int = SMALL_GROUP
                    ) -> tuple[list[tuple[int, int]], list[int]] | None:
        return fast.fast_group(self, g, carry, small_group)

    def _greedy(self, nodes: list[int], p_next: int | None
                ) -> tuple[list[tuple[int, int]], int | None]:
        return fast.greedy(self, nodes, p_next)

    def _borrow(self, done: list, absorbed: int, nodes: list[int], hi: int,
                p_next: int | None, limit: int, k: int = BORROW
                ) -> tuple[list[tuple[int, int]], int | None] | None:
        return windows.borrow(self, done, absorbed, nodes, hi, p_next, limit, k)

    def _grow_options(self, lo: int, hi: int, carry_lo: list[int], absorbed: int,
                      done: list) -> list[tuple[int, int, list[int], int]]:
        return windows.grow_options(self, lo, hi, carry_lo, absorbed, done)

    def _window_nodes(self, lo: int, hi: int, carry: list[int]) -> list[int]:
        return windows.window_nodes(self, lo, hi, carry)

    def solve(self, window_limit: int = WINDOW_LIMIT, small_group: int = SMALL_GROUP
              ) -> list[tuple[int, int]]:
        return windows.solve(self, window_limit, small_group)

    def _polish(self, pairs: list[tuple[int, int]], seams: set[int], limit: int,
                radius: int = POLISH) -> list[tuple[int, int]]:
        return windows.polish(self, pairs, seams, limit, radius)
