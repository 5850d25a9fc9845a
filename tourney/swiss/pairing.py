"""Swiss pairing as a minimum-cost perfect matching, solved per point group.

The cost of a pairing is compared tier by tier (lexicographically), see
docs/swiss-policy.md:

    t1  second byes (bye to someone who already had one)     fewest
    t2  forbidden pairs (organizer's "no emparejar")         fewest
    t3  rematches                                            fewest
    t4  total match-point difference  sum |pa - pb|           smallest
    t5  sum of squared differences (no big mismatches)       smallest
    t6  bye recipient: players ranked below them             0 = the lowest-ranked
    t7  tie-breaks: float history, then seeded randomness     (no optimality claim)

The bye is a virtual player with the lowest point group's points, so it lands in the
lowest group. t1..t6 are optimal; how:

* Groups are processed top-down. A large group (plus at most one floater from the
  group above) is paired by a randomized greedy matcher with swap repair on the
  "allowed" graph (no rematch, no forbidden pair), sending one player down when odd;
  a small group is solved exactly. Both reach the *lower bound* of every tier: no
  penalties, and each boundary between point groups is crossed by the fewest pairs
  (0 or 1) at one step of distance — for points on a line, pairing adjacent players
  in sorted order minimizes both t4 and t5, so no pairing can do better.
* When a group cannot reach its lower bound (rematches, forbidden pairs, byes), a
  window of neighbouring groups is solved exactly (weighted blossom: rustworkx when
  installed, else networkx) with all tiers encoded in one integer weight, widening until
  the window reaches its lower bound or covers the whole round, or would pass
  ``WINDOW_LIMIT`` players (256 with rustworkx, 64 without).
* A window that cannot grow borrows a few players from the big groups next to it
  (``_borrow``), and the tables around the seams of such windows are re-paired exactly
  and kept when cheaper (``_polish``: never worse, the cost is a sum over tables).

So the result is exactly optimal whenever every window is certified or the whole
round fits in one window (``PairingProblem.proven``; always up to 256 active players
with rustworkx); property tests compare it with brute force for up to 10 players, and
benchmarks/swiss_optimality.py measures the unproven rounds of simulated events against
the blossom on the whole round.

Where each part lives: ``problem`` (the round as integers and the cost tiers), ``exact``
(the blossom), ``fast`` (a group at its lower bound; the greedy fallback), ``windows`` (the
driver: groups top-down, windows, borrowing, polish), ``limits`` (the knobs); this module
turns the solution into tables with their flags.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .errors import SwissFatalError, SwissUserError
from .model import Match, TournamentState
from .limits import (
    SMALL_GROUP, WINDOW_LIMIT,
)
from .problem import PairingProblem, pending_results
from .standings import no_gc, records

FLAGS = ("bye", "second_bye", "float_down", "float_up", "rematch", "forbidden_avoided",
         "forbidden_forced", "assigned_bye")


FLAG_LABELS: dict[str, str] = {
    "bye": "bye: gana 2-0-0 sin rival",
    "second_bye": "segundo bye: no quedaba nadie sin bye que pudiera recibirlo",
    "float_down": "baja de su grupo de puntos",
    "float_up": "sube a jugar con un grupo de más puntos",
    "rematch": "revancha forzada: ya se enfrentaron y no había emparejamiento sin revancha",
    "forbidden_avoided": "se evitó una pareja prohibida por la organización",
    "forbidden_forced": "pareja prohibida forzada: no había alternativa",
    "assigned_bye": "bye asignado de antemano por la organización",
}


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of the next round. ``b`` None is a bye. ``a`` is the better-ranked."""

    table: int
    a: str
    b: str | None
    flags: tuple[str, ...] = ()
    a_points: int = 0
    b_points: int | None = None

    def to_json(self) -> dict:
        return {"table": self.table, "a": self.a, "b": self.b, "flags": list(self.flags)}

    def to_match(self) -> Match:
        return Match(self.a, self.b, None)


def flag_labels(flags: tuple[str, ...] | list[str]) -> list[str]:
    """Spanish text for each flag, for display."""
    return [FLAG_LABELS.get(f, f) for f in flags]


def explain(p: Pairing, names: dict[str, str] | None = None) -> list[str]:
    """Why this table looks the way it does, in Spanish, one sentence per flag."""
    names = names or {}
    a = f"{names.get(p.a, p.a)} ({p.a})"
    if p.b is None:
        if "assigned_bye" in p.flags:
            return [(f"{a} tiene un bye asignado de antemano para esta ronda: gana 2-0-0 "
                     "sin rival")]
        out = [f"{a} recibe el bye: gana 2-0-0 sin rival"]
        if "second_bye" in p.flags:
            out.append("es su segundo bye: no quedaba nadie sin bye que pudiera recibirlo")
        return out
    b = f"{names.get(p.b, p.b)} ({p.b})"
    out = []
    if "float_down" in p.flags:
        hi, lo = (a, b) if (p.a_points or 0) >= (p.b_points or 0) else (b, a)
        out.append(f"{hi} baja del grupo de {max(p.a_points, p.b_points or 0)} puntos para "
                   f"jugar con {lo} ({min(p.a_points, p.b_points or 0)} puntos)")
    if "rematch" in p.flags:
        out.append(f"revancha forzada: {a} y {b} ya se enfrentaron y no había "
                   "emparejamiento sin revancha")
    if "forbidden_forced" in p.flags:
        out.append(f"pareja prohibida forzada: {a} y {b} no debían enfrentarse, pero no había "
                   "alternativa")
    if "forbidden_avoided" in p.flags:
        out.append("se evitó una pareja prohibida por la organización en este grupo de puntos")
    return out


def _build_pairings(problem: PairingProblem, pairs: list[tuple[int, int]]) -> list[Pairing]:
    p = problem
    active_same_group_forbidden = [
        any(p.points[f] == p.points[i] for f in p.forb[i]) for i in range(p.n)
    ]
    rows = []
    bye_row = None
    for u, v in pairs:
        if p.bye is not None and p.bye in (u, v):
            r = u if v == p.bye else v
            flags = ["bye"] + (["second_bye"] if p.had_bye[r] else [])
            bye_row = (r, flags)
            continue
        a, b = min(u, v), max(u, v)  # lower index = better rank
        flags = []
        if p.points[a] != p.points[b]:
            flags += ["float_down", "float_up"]
        if b in p.opp[a]:
            flags.append("rematch")
        if b in p.forb[a]:
            flags.append("forbidden_forced")
        elif active_same_group_forbidden[a] or active_same_group_forbidden[b]:
            flags.append("forbidden_avoided")
        rows.append((a, b, flags))
    # table 1 is the highest: by the better player's points, then the other's, then rank
    rows.sort(key=lambda row: (-p.points[row[0]], -p.points[row[1]], row[0]))
    out = [Pairing(t, p.ids[a], p.ids[b], tuple(f), p.points[a], p.points[b])
           for t, (a, b, f) in enumerate(rows, 1)]
    if bye_row is not None:
        r, flags = bye_row
        out.append(Pairing(len(out) + 1, p.ids[r], None, tuple(flags), p.points[r], None))
    return out


def pair_round(state: TournamentState, rng: random.Random, *,
               window_limit: int = WINDOW_LIMIT, small_group: int = SMALL_GROUP
               ) -> list[Pairing]:
    """Pair the next round. Every active (not dropped) player appears exactly once;
    players with a bye assigned in advance for this round (``Player.byes``) get it
    (flag ``assigned_bye``, after the other tables); among the others, at most one bye,
    only with an odd count. Same state and seed -> same pairings. Raises
    SwissUserError when results are pending or < 2 players active.

    ``window_limit`` and ``small_group`` tune the solver (tests use small_group=0 to
    exercise the greedy path on small events)."""
    assigned = state.assigned_byes()
    if not assigned:
        return _pair_round(state, rng, window_limit, small_group)
    pending = pending_results(state)
    if pending:
        raise SwissUserError([("no se puede emparejar la ronda siguiente con resultados "
                               "pendientes"), *pending])
    skip = set(assigned)
    rest = [p.id for p in state.players if not p.dropped and p.id not in skip]
    if len(rest) + len(assigned) < 2:
        raise SwissUserError("no se puede emparejar: hay menos de 2 jugadores activos")
    recs = records(state)
    out: list[Pairing] = []
    if len(rest) >= 2:
        sub = TournamentState([replace(p, dropped=True) if p.id in skip else p
                               for p in state.players],
                              state.rounds, state.settings, state.forbidden_pairs)
        out = _pair_round(sub, rng, window_limit, small_group)
    elif rest:
        pid = rest[0]
        out = [Pairing(1, pid, None, ("bye",) + (("second_bye",) if recs[pid].byes else ()),
                       recs[pid].match_points, None)]
    for pid in assigned:
        out.append(Pairing(len(out) + 1, pid, None, ("bye", "assigned_bye"),
                           recs[pid].match_points, None))
    return out


def _pair_round(state: TournamentState, rng: random.Random, window_limit: int,
                small_group: int) -> list[Pairing]:
    with no_gc():
        problem = PairingProblem(state, rng)
        pairs = problem.solve(window_limit, small_group)
        seen = [x for pair in pairs for x in pair if x != problem.bye]
        if sorted(seen) != list(range(problem.n)):
            raise SwissFatalError("pairing does not cover every active player exactly once")
        return _build_pairings(problem, pairs)
