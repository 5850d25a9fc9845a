"""Figure: standings (points, OMW%, GW%, OGW%, exact) for 4,096 players × 12 rounds
(goal ≤ 0.2 s). The event is simulated once (seeded), then standings() is timed
``--runs`` times; medians of wall and CPU time.
Usage: .venv/bin/python benchmarks/swiss_standings.py [--runs 7] [--players 4096] [--rounds 12]
"""
from __future__ import annotations

import argparse
import statistics
import time

from tourney.swiss import standings
from tourney.swiss.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--players", type=int, default=4096)
    ap.add_argument("--rounds", type=int, default=12)
    args = ap.parse_args()
    state = simulate(args.players, args.rounds, seed=12)
    matches = sum(len(r) for r in state.rounds)
    walls, cpus = [], []
    for _ in range(args.runs):
        w, c = time.perf_counter(), time.process_time()
        table = standings(state)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    assert len(table) == args.players
    print(f"{args.players} jugadores, {args.rounds} rondas, {matches} mesas; "
          f"{args.runs} corridas: min {min(walls):.3f} max {max(walls):.3f} s")
    print(f"standings {args.players}x{args.rounds}: median {statistics.median(walls):.3f} s wall, "
          f"{statistics.median(cpus):.3f} s CPU")


if __name__ == "__main__":
    main()
