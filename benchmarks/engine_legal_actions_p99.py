"""p99 time of ``Game.legal_actions`` on generated mid-game positions (goal ≤ 20 ms).

Positions: the middle third of seeded generated games with abilities (both players, every
position). Two figures: ``summary()`` — every first choice (each card playable, activatable
or to resolve, attack, block, pass, end…) with one checked action each, what a table shows
— and the full enumeration of every action (every payment, subset and assignment), capped at
200 actions per position.

    .venv/bin/python benchmarks/engine_legal_actions_p99.py [GAMES]
"""
from __future__ import annotations

import statistics
import sys
import time
from itertools import islice

from engine_common import generated_games, load_catalog

from tourney.engine import Game, catalog_resolver, read_record


def pct(times: list[float], q: float) -> float:
    times = sorted(times)
    return times[min(len(times) - 1, round(q * (len(times) - 1)))]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    catalog = load_catalog()
    resolve = catalog_resolver(catalog)
    games = generated_games(catalog, n, first_seed=7000)
    from tourney.engine.abilities.registry import abilities_for

    for card in catalog:  # a long-running server knows every card's abilities after its start
        abilities_for(card)
    summary: list[float] = []
    full: list[float] = []
    sizes: list[int] = []
    for lines in games:
        record = read_record(lines, resolve)
        game = Game(record.header)
        third = len(record.actions) // 3
        for i, action in enumerate(record.actions):
            if third <= i < 2 * third:
                for pid in game.order:
                    start = time.perf_counter()
                    game.legal_actions(pid, action.line).summary()
                    summary.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    sizes.append(sum(1 for _ in islice(game.legal_actions(pid, action.line), 200)))
                    full.append(time.perf_counter() - start)
            game.apply(action)
    print(f"{n} partidas, {len(summary)} posiciones (jugador × posición del tercio central)")
    print(f"acciones legales por posición: mediana {statistics.median(sizes):.0f}, "
          f"máximo {max(sizes)}")
    print(f"enumeración completa (tope 200): mediana {statistics.median(full) * 1000:.2f} ms, "
          f"p99 {pct(full, 0.99) * 1000:.2f} ms")
    print(f"summary(): mediana {statistics.median(summary) * 1000:.2f} ms")
    print(f"legal_actions summary() p99: {pct(summary, 0.99) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
