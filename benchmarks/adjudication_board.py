"""Time to build the step-through viewer of one recorded game (read the record + the engine's
positions() for every line + the viewer's steps), the work of the first visit to a board page;
later visits reuse it. Median and p95 over generated games of the real catalog.

    .venv/bin/python benchmarks/adjudication_board.py [GAMES]
"""
from __future__ import annotations

import statistics
import sys
import time

from engine_common import generated_games, load_catalog

from tourney.engine import catalog_resolver, read_record
from tourney.services.adjudication_view import board


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    catalog = load_catalog()
    resolve = catalog_resolver(catalog)
    games = ["\n".join(lines) + "\n" for lines in generated_games(catalog, n, first_seed=7000)]
    for text in games[:5]:  # warm the resolver cache as a long-running server would
        board(read_record(text.splitlines(), resolve), text)
    times, steps = [], []
    for text in games:
        start = time.perf_counter()
        built = board(read_record(text.splitlines(), resolve), text)
        times.append(time.perf_counter() - start)
        steps.append(len(built.steps))
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"{n} partidas, {statistics.mean(steps):.0f} líneas por partida en promedio "
          f"(máximo {max(steps)})")
    print(f"p95 por tablero: {p95 * 1000:.1f} ms")
    print(f"mediana por tablero: {statistics.median(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
