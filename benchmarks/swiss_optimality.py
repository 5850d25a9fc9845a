"""Figure: how often a realistic event needs the pairing fallbacks, and whether the
result is still optimal (docs/swiss-policy.md, "Cómo se calcula").

Simulated events (seeded): stronger players win more often, 4 % drawn matches, 3 % of the
players drop after each round, late entries join at rounds 2 and 3 (half of them with
losses for the missed rounds), a few forbidden pairs. Every round is paired by
PairingProblem.solve; we count the rounds that are not proven optimal (a window had to
borrow players, or the greedy fallback ran) and the local re-pairings next to them that
lowered the cost. Up to ``--check-upto`` players, each such
round is also solved exactly on the whole round (blossom on the complete graph) and the
costs (tiers t1..t6) are compared.
Usage: .venv/bin/python benchmarks/swiss_optimality.py [--events 200x12x6,600x12x3]
       [--check-upto 1100]
"""
from __future__ import annotations

import argparse
import random

from tourney.swiss.model import Match, Player, TournamentState
from tourney.swiss.problem import PairingProblem
from tourney.swiss.pairing import _build_pairings
from tourney.swiss.simulate import random_result


def event(n: int, rounds: int, seed: int, check: bool, totals: dict) -> None:
    rng = random.Random(seed)
    roster = [Player(f"p{i}", f"Jugador {i}") for i in range(1, n + 1)]
    strength = {p.id: rng.gauss(0, 1) for p in roster}
    forbidden = {tuple(rng.sample([p.id for p in roster], 2)) for _ in range(max(1, n // 40))}
    state = TournamentState(roster, [], None, forbidden)
    late = max(2, n // 30)
    for r in range(1, rounds + 1):
        if r in (2, 3):
            new = [Player(f"t{r}_{i}", f"Tarde {i}", False, (r - 1) if i % 2 else 0)
                   for i in range(late)]
            strength.update({p.id: rng.gauss(0, 1) for p in new})
            state = TournamentState([*state.players, *new], state.rounds, state.settings,
                                    state.forbidden_pairs)
        if sum(not p.dropped for p in state.players) < 2:
            break
        problem = PairingProblem(state, random.Random(seed * 1000 + r))
        pairs = problem.solve()
        totals["rounds"] += 1
        totals["borrowed"] += problem.borrowed
        totals["greedy"] += problem.greedy_used
        totals["polished"] += problem.polished
        if not problem.proven:
            totals["unproven"] += 1
            if check:
                nodes = list(range(problem.n)) + ([problem.bye] if problem.bye is not None
                                                  else [])
                exact, _ = problem.solve_exact(nodes)
                totals["checked"] += 1
                if problem.cost(pairs) != problem.cost(exact):
                    totals["worse"] += 1
                    print(f"  peor que el óptimo: {n} jugadores, semilla {seed}, ronda {r}: "
                          f"{problem.cost(pairs)} vs {problem.cost(exact)}")
        matches = []
        for p in _build_pairings(problem, pairs):
            if p.b is None:
                matches.append(Match(p.a, None, None))
                continue
            edge = 1 / (1 + 10 ** (-(strength[p.a] - strength[p.b]) / 2))
            matches.append(Match(p.a, p.b, random_result(rng, edge, 0.04)))
        state = state.with_round(matches)
        state = TournamentState(
            [Player(p.id, p.name, p.dropped or rng.random() < 0.03, p.late_losses)
             for p in state.players], state.rounds, state.settings, state.forbidden_pairs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", default="120x12x10,200x12x6,400x12x3,600x12x3,1024x10x2")
    ap.add_argument("--check-upto", type=int, default=1100)
    args = ap.parse_args()
    lines = []
    for spec in args.events.split(","):
        n, rounds, seeds = (int(x) for x in spec.split("x"))
        totals = dict.fromkeys(("rounds", "unproven", "borrowed", "greedy", "polished",
                                "checked", "worse"), 0)
        for seed in range(seeds):
            event(n, rounds, seed, n <= args.check_upto, totals)
        line = (f"{n} jugadores x {rounds} rondas x {seeds} torneos: {totals['rounds']} rondas, "
                f"{totals['unproven']} sin prueba de óptimo (préstamos {totals['borrowed']}, "
                f"voraz {totals['greedy']}, retoques que mejoraron {totals['polished']})")
        if n <= args.check_upto:
            line += (f"; comparadas con la flor exacta {totals['checked']}, "
                     f"peores que el óptimo {totals['worse']}")
        print(line, flush=True)
        lines.append(line)
    print("optimality: " + " | ".join(lines))


if __name__ == "__main__":
    main()
