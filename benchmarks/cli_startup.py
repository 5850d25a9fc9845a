"""Start-up figures of the command line (issue 27): wall time of whole `tourney` commands as a
user runs them — `tourney --help`, `tourney deck check` on a legal Unificado list and
`tourney adjudicate` on a generated game (both with --catalog on the real DeckForge catalog).
Each command runs RUNS times; the medians print last. Goals: --help ≤ 0.3 s, the other two ≤ 0.6 s.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = Path(os.environ.get("TOURNEY_SHARED_DATA", ROOT.parent / "shared" / "data")) / "deckforge" / "public-data" / "cards.json"
DECK = ROOT / "tests" / "legality" / "golden" / "unificado__vigilantes-legal.txt"
RUNS = int(os.environ.get("RUNS", "7"))
TOURNEY = Path(sys.executable).with_name("tourney")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def wall(args: list[str], ok: tuple[int, ...] = (0, 1)) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run; CPU time moves less on a shared, loaded machine."""
    cpu0, start = _children_cpu(), time.perf_counter()
    done = subprocess.run([str(TOURNEY), *args], capture_output=True, text=True, cwd=ROOT)
    elapsed, cpu = time.perf_counter() - start, _children_cpu() - cpu0
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(args)} salió con {done.returncode}: {done.stderr[-500:]}")
    return elapsed, cpu


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "game.jsonl"
        subprocess.run([str(TOURNEY), "engine", "generate", "--seed", "7", "--catalog", str(CARDS),
                        "-o", str(game)], check=True, capture_output=True)
        commands = {
            "tourney --help": ["--help"],
            "tourney deck check": ["deck", "check", "--format", "unificado", "--catalog", str(CARDS), str(DECK)],
            "tourney adjudicate": ["adjudicate", "--catalog", str(CARDS), str(game)],
        }
        medians = {}
        for label, args in commands.items():
            wall(args)  # warm the file cache and the bytecode
            runs = [wall(args) for _ in range(RUNS)]
            walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
            medians[label] = (statistics.median(walls), statistics.median(cpus))
            print(f"{label:<22} wall median {medians[label][0]:.3f} s (min {min(walls):.3f}), "
                  f"CPU median {medians[label][1]:.3f} s, {RUNS} runs; load {os.getloadavg()[0]:.1f}")
    print("start-up medians (wall / CPU): " + ", ".join(
        f"{k} {w:.2f} / {c:.2f} s" for k, (w, c) in medians.items()))


if __name__ == "__main__":
    main()
