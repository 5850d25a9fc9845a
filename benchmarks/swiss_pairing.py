"""Figure: time to pair round 5 of a realistic simulated event, 64 / 512 / 1,024 / 4,096
active players (goal: ≤ 0.3 s at 1,024 and ≤ 2 s at 4,096).

Each size: simulate 4 rounds (seeded; 4 % drawn matches; no drops, so exactly n players are active), then
pair round 5 ``--runs`` times with different seeds; medians of wall and CPU time.
Usage: .venv/bin/python benchmarks/swiss_pairing.py [--runs 5] [--sizes 64,512,1024,4096]
Late rounds, with drops and late entries (one per 50 players, with a loss):
       .venv/bin/python benchmarks/swiss_pairing.py --played 11 --sizes 120,200 --drop-rate 0.02 --late
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from tourney.swiss import pair_round
from tourney.swiss.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="64,512,1024,4096")
    ap.add_argument("--played", type=int, default=4, help="rounds already played")
    ap.add_argument("--drop-rate", type=float, default=0.0)
    ap.add_argument("--late", action="store_true", help="late entries at round 2")
    args = ap.parse_args()
    summary = []
    for n in (int(x) for x in args.sizes.split(",")):
        state = simulate(n, args.played, seed=n, drop_rate=args.drop_rate,
                         late_entries=max(2, n // 50) if args.late else 0)
        active = sum(not p.dropped for p in state.players)
        walls, cpus = [], []
        for run in range(args.runs):
            w, c = time.perf_counter(), time.process_time()
            pair_round(state, random.Random(run))
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(f"{n} inscritos ({active} activos), ronda {args.played + 1}: mediana {wall:.3f} s "
              f"(CPU {cpu:.3f} s) en {args.runs} corridas; min {min(walls):.3f} max {max(walls):.3f}")
        summary.append(f"{n}: {wall:.3f} s")
    print(f"pairing round {args.played + 1} (median wall): " + ", ".join(summary))


if __name__ == "__main__":
    main()
