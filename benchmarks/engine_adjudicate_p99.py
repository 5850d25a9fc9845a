"""p99 time to adjudicate one generated game with abilities (read the JSON Lines + replay +
verdict; goal ≤ 10 ms, issue 20). The games use cards whose abilities the engine knows. The
CPU time of each game is printed beside its wall time: on a shared machine the wall time also
counts the time other processes held the core.

    .venv/bin/python benchmarks/engine_adjudicate_p99.py [GAMES]
"""
from __future__ import annotations

import statistics
import sys
import time

from engine_common import generated_games, load_catalog

from tourney.engine import adjudicate, catalog_resolver, read_record


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    catalog = load_catalog()
    resolve = catalog_resolver(catalog)
    games = generated_games(catalog, n, first_seed=5000)
    from tourney.engine.abilities.registry import abilities_for

    for card in catalog:  # a long-running server knows every card's abilities after its start
        abilities_for(card)
    for lines in games[:20]:  # and has its resolver cache warm
        adjudicate(read_record(lines, resolve))
    times, cpu = [], []
    for lines in games:
        start, start_cpu = time.perf_counter(), time.process_time()
        verdict = adjudicate(read_record(lines, resolve))
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert verdict.legal
    times.sort()
    cpu.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    cpu_p99 = cpu[min(len(cpu) - 1, round(0.99 * (len(cpu) - 1)))]
    actions = sum(len(g) - 1 for g in games) / len(games)
    verified = sum(len(adjudicate(read_record(lines, resolve)).verified) for lines in games)
    print(f"líneas de efecto verificadas con habilidades: {verified}")
    print(f"{n} partidas, {actions:.0f} acciones por partida en promedio")
    print(f"tiempo de CPU por partida: mediana {statistics.median(cpu) * 1000:.2f} ms, "
          f"p99 {cpu_p99 * 1000:.2f} ms")
    print(f"mediana por partida: {p50 * 1000:.2f} ms")
    print(f"p99 por partida: {p99 * 1000:.2f} ms")


if __name__ == "__main__":
    main()
