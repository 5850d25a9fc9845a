"""Replay speed of generated games with the compiled abilities in the engine, against
python-chess in the same run (goal ≥ 1.0×), and against the engine without the compiler.

Seeded generated games (benchmarks/engine_common.py) are generated and replayed by
``Game.apply`` with the registry using the compiler (abilities compiled once per identity,
before timing), and again with it off; python-chess replays random legal games with ``is_legal`` + ``push``.
Medians of 5 runs; the ratio is the median of 5 rounds that each time the engine and python-chess
back to back (on a shared machine the load moves between rounds, less within one). Usage:

    .venv/bin/python benchmarks/compiler_replay_speed.py [GAMES]
"""
from __future__ import annotations

import statistics
import sys

from engine_common import generated_games, load_catalog
from engine_replay_speed import chess_games, time_chess, time_engine

from tourney.engine import catalog_resolver, read_record
from tourney.engine.abilities.registry import abilities_for, use_compiler


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    catalog = load_catalog()
    resolve = catalog_resolver(catalog)
    cgames = chess_games(n)
    rates, counts, ratios, chess = {}, {}, [], []
    for on in (False, True):  # games are generated and replayed with the same abilities
        use_compiler(on)
        for card in catalog:  # compiled once per identity, outside the timing
            abilities_for(card)
        records = [read_record(lines, resolve) for lines in generated_games(catalog, n)]
        counts[on] = sum(len(r.actions) for r in records)
        rates[on] = []
        for _ in range(5):  # the machine may be shared: each round times both, back to back
            rates[on].append(time_engine(records))
            if on:
                chess.append(time_chess(cgames))
                ratios.append(rates[on][-1] / chess[-1])
    chess_rate = statistics.median(chess)
    with_c, without = statistics.median(rates[True]), statistics.median(rates[False])
    print(f"MyL: {n} partidas generadas, {counts[True]} acciones con el compilador y "
          f"{counts[False]} sin él; ajedrez: {n} partidas")
    print(f"motor con habilidades compiladas (acciones/s, mediana de 5): {with_c:,.0f}")
    print(f"motor sin compilador (acciones/s): {without:,.0f}")
    print(f"python-chess is_legal+push (jugadas/s): {chess_rate:,.0f}")
    print(f"ratio motor con habilidades compiladas / python-chess (mediana de 5 rondas, cada una "
          f"mide ambos seguidos): {statistics.median(ratios):.2f} (meta ≥ 1.0)")


if __name__ == "__main__":
    main()
