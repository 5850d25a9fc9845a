"""Figure: our pairing vs a naive baseline on the same inputs (round 5 of the same
simulations as swiss_pairing.py): networkx max_weight_matching on the complete graph
with the same lexicographic costs (PairingProblem.solve_exact on every player, networkx
backend; ours uses rustworkx for its exact windows when installed).
Sizes grow until the baseline would pass ``--budget`` seconds (one minute by default;
each doubling costs about 8x). Prints the ratio baseline / ours per size, and checks
that both reach the same cost (t1..t6).
Usage: .venv/bin/python benchmarks/swiss_baseline.py [--runs 3] [--budget 60]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from tourney.swiss import pair_round
from tourney.swiss.problem import PairingProblem
from tourney.swiss.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--sizes", default="32,64,128,256,512")
    args = ap.parse_args()
    ratios = []
    last_baseline = 0.0
    for n in (int(x) for x in args.sizes.split(",")):
        if last_baseline * 8 > args.budget:
            print(f"{n}: baseline omitido (se estima > {args.budget:.0f} s)")
            continue
        state = simulate(n, 4, seed=n, drop_rate=0.0)
        ours, base = [], []
        for run in range(args.runs):
            t = time.perf_counter()
            pairings = pair_round(state, random.Random(run))
            ours.append(time.perf_counter() - t)
            t = time.perf_counter()
            problem = PairingProblem(state, random.Random(run))
            nodes = list(range(problem.n)) + ([problem.bye] if problem.bye is not None else [])
            exact, _ = problem.solve_exact(nodes, backend="networkx")
            base.append(time.perf_counter() - t)
            mine = [(problem.index[p.a], problem.bye if p.b is None else problem.index[p.b])
                    for p in pairings]
            assert problem.cost(mine) == problem.cost(exact), (n, run)
            if base[-1] > args.budget:
                break
        o, b = statistics.median(ours), statistics.median(base)
        last_baseline = b
        ratios.append(f"{n}: {b / o:.0f}x ({b:.2f} s vs {o:.3f} s)")
        print(f"{n} jugadores: baseline networkx {b:.3f} s, nuestro {o:.4f} s, "
              f"razón {b / o:.1f}x, mismo costo")
    print("baseline/ours (median): " + "; ".join(ratios))


if __name__ == "__main__":
    main()
