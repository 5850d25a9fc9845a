"""Time to compile the abilities of the whole catalog (every distinct identity), cache
cleared before each run; median of 7 runs (goal ≤ 1 s, issue 22). Usage:

    .venv/bin/python benchmarks/compiler_time.py
"""
from __future__ import annotations

import statistics
import time

from engine_common import load_catalog

from tourney.engine.compiler import compile_card, compile_text
from tourney.engine.compiler.coverage import representatives
from tourney.engine.compiler.text import tokens


def main() -> None:
    cards = representatives(load_catalog())
    runs = []
    for _ in range(7):
        compile_text.cache_clear()
        tokens.cache_clear()
        start = time.perf_counter()
        for card in cards:
            compile_card(card)
        runs.append(time.perf_counter() - start)
    print(f"{len(cards)} identidades; corridas (s): " + ", ".join(f"{r:.3f}" for r in runs))
    print(f"compilar el catálogo completo (mediana de 7): {statistics.median(runs):.3f} s (meta ≤ 1 s)")


if __name__ == "__main__":
    main()
