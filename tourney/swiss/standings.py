"""Standings with the MTR Appendix C tiebreakers, in exact arithmetic.

Order: match points, OMW%, GW%, OGW%, then seat id (natural order). MW% and GW% have
a floor of exactly 1/3; OMW%/OGW% average the opponents' floored percentages and
leave out bye rounds; a player's own MW%/GW% count byes as 2-0-0 wins. Unreported
matches (result None) are ignored. Dropped players stay. See docs/swiss-policy.md.
"""
from __future__ import annotations

import contextlib
import gc
import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from typing import NamedTuple

from .model import TournamentState, natural_key
from .results import Result, parse_result

FLOOR = Fraction(1, 3)  # the lowest MW% / GW% an opponent counts with (TOURNAMENT-FACTS)


@dataclass(frozen=True, slots=True)
class Record:
    """A player's tallies over reported rounds (byes and late losses included)."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    match_points: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0
    opponents: tuple[str, ...] = ()


class Standing(NamedTuple):
    """One line of the standings (an immutable value). Percentages are exact Fractions
    (0..1), kept as (numerator, denominator) and built on access. A NamedTuple rather
    than a frozen dataclass: 4,096 of them are built per call and a frozen dataclass
    costs about 4x more to construct."""

    rank: int
    id: str
    name: str
    points: int
    record: str          # "wins-losses-draws", byes counted as wins
    byes: int
    dropped: bool
    opponents: tuple[str, ...]
    omw_ratio: tuple[int, int]
    gw_ratio: tuple[int, int]
    ogw_ratio: tuple[int, int]
    mw_ratio: tuple[int, int]

    @property
    def omw(self) -> Fraction:
        return Fraction(*self.omw_ratio)

    @property
    def gw(self) -> Fraction:
        return Fraction(*self.gw_ratio)

    @property
    def ogw(self) -> Fraction:
        return Fraction(*self.ogw_ratio)

    @property
    def mw(self) -> Fraction:
        return Fraction(*self.mw_ratio)

    def to_json(self) -> dict:
        return {"rank": self.rank, "id": self.id, "name": self.name, "points": self.points,
                "record": self.record, "omw": self.omw_ratio[0] / self.omw_ratio[1],
                "gw": self.gw_ratio[0] / self.gw_ratio[1],
                "ogw": self.ogw_ratio[0] / self.ogw_ratio[1]}


def _sides(result: Result, win: int, draw: int, loss: int) -> tuple[tuple[int, ...], ...]:
    """Per side: (wins, losses, draws, byes, match points, rounds, game points, games)."""
    w = result.winner()
    a = (int(w == "a"), int(w == "b"), int(w is None), 0,
         win if w == "a" else loss if w == "b" else draw, 1,
         3 * result.a_games + result.draws, result.games)
    b = (a[1], a[0], a[2], 0, win if w == "b" else loss if w == "a" else draw, 1,
         3 * result.b_games + result.draws, result.games)
    return a, b


class _Tally:
    """Per-player sums as parallel lists (index = position in state.players)."""

    def __init__(self, state: TournamentState):
        s = state.settings
        win, draw, loss = s.win_points, s.draw_points, s.loss_points
        self.ids = ids = [p.id for p in state.players]
        index = {pid: i for i, pid in enumerate(ids)}
        n = len(ids)
        lines: list[list[tuple[int, ...]]] = [[] for _ in range(n)]
        opps: list[list[int]] = [[] for _ in range(n)]
        for i, p in enumerate(state.players):
            if p.late_losses:  # match losses in rounds played for MW%; no games were
                k = p.late_losses  # played, and unplayed games count nothing (GW% unchanged)
                lines[i].append((0, k, 0, 0, loss * k, k, 0, 0))
        bye = (1, 0, 0, 1, win, 1, 6, 2)
        cache: dict[str, tuple[tuple[int, ...], ...]] = {}
        for rnd in state.rounds:
            for m in rnd:
                ia = index[m.a]
                if m.b is None:
                    lines[ia].append(bye)
                    continue
                if m.result is None:
                    continue
                o = cache.get(m.result)
                if o is None:
                    o = cache[m.result] = _sides(parse_result(m.result), win, draw, loss)
                ib = index[m.b]
                lines[ia].append(o[0])
                lines[ib].append(o[1])
                opps[ia].append(ib)
                opps[ib].append(ia)
        zero = (0,) * 8
        self.sums = [tuple(map(sum, zip(*ln))) if ln else zero for ln in lines]
        self.opps = opps

    def record(self, i: int) -> Record:
        w, lo, d, b, mp, r, gp, g = self.sums[i]
        return Record(w, lo, d, b, mp, r, gp, g, tuple(self.ids[o] for o in self.opps[i]))


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector: standings and pairing build many short-lived,
    acyclic objects, and at 4,096 players the collector's passes cost about as much as
    the work itself. Restores the previous state."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def records(state: TournamentState, tally: _Tally | None = None) -> dict[str, Record]:
    """Tally every player's reported matches, byes and late losses."""
    with no_gc():
        t = tally or _Tally(state)
        return {pid: t.record(i) for i, pid in enumerate(t.ids)}


def _lcm_of(values) -> int:
    out = 1
    for v in values:
        if v:
            out = math.lcm(out, v)
    return out


def standings(state: TournamentState, tally: _Tally | None = None) -> list[Standing]:
    """Every player (dropped ones too), best first, with exact tiebreakers.

    Arithmetic is exact: every percentage is an integer numerator over a common
    denominator (so the 1/3 floor is exactly 1/3)."""
    with no_gc():
        return _standings(state, tally or _Tally(state))


def _standings(state: TournamentState, t: _Tally) -> list[Standing]:
    win = state.settings.win_points
    sums, opps = t.sums, t.opps
    # sums[i] = (wins, losses, draws, byes, match points, rounds, game points, games)
    # common denominators: MW% over win*rounds, GW% over 3*games, both with the 1/3 floor
    floor_den = FLOOR.denominator
    lm = _lcm_of({floor_den, *(win * x[5] for x in sums)})
    lg = _lcm_of({floor_den, *(3 * x[7] for x in sums)})
    floor_m, floor_g = lm * FLOOR.numerator // floor_den, lg * FLOOR.numerator // floor_den
    mw = [max(floor_m, x[4] * (lm // (win * x[5]))) if x[5] else floor_m for x in sums]
    gw = [max(floor_g, x[6] * (lg // (3 * x[7]))) if x[7] else floor_g for x in sums]
    k_all = _lcm_of({len(o) for o in opps})
    rows = []
    mw_of, gw_of = mw.__getitem__, gw.__getitem__
    for i, op in enumerate(opps):
        k = len(op)
        if k:
            som = sum(map(mw_of, op))
            sog = sum(map(gw_of, op))
            scale = k_all // k  # keys comparable across players with different k
            key = (sums[i][4], som * scale, gw[i], sog * scale)
        else:  # only byes so far: no opponents, the floor stands in
            som, sog, k = floor_m, floor_g, 1
            key = (sums[i][4], floor_m * k_all, gw[i], floor_g * k_all)
        rows.append((key, i, som, sog, k))
    rows.sort(key=lambda row: row[0], reverse=True)
    ordered = []
    players = state.players
    for _key, run in groupby(rows, key=lambda row: row[0]):
        tied = list(run)
        if len(tied) > 1:
            tied.sort(key=lambda row: natural_key(players[row[1]].id))
        ordered.extend(tied)
    ids = t.ids
    out = []
    for n, (_key, i, som, sog, k) in enumerate(ordered, 1):
        x = sums[i]
        p = players[i]
        out.append(Standing(n, p.id, p.name, x[4], f"{x[0]}-{x[1]}-{x[2]}", x[3], p.dropped,
                            tuple(map(ids.__getitem__, opps[i])), (som, k * lm), (gw[i], lg),
                            (sog, k * lg), (mw[i], lm)))
    return out
