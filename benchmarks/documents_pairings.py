"""Figure: time to render the pairings of a 1,024-player round (512 tables) into one PDF:
by table and alphabetical (both sections, large type, repeating headers), A4; also reported:
the result slips and the standings for the same round. Only rendering is timed. Runs several
times and prints the medians; the pairings median is last.

Usage: .venv/bin/python benchmarks/documents_pairings.py [--players 1024] [--runs 5]
"""
from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tourney.printing import render_pairings, render_slips, render_standings  # noqa: E402
from tourney.document_values import EventInfo, PairingRow, StandingRow  # noqa: E402

FIRST = ["Ana", "Bruno", "Camila", "Diego", "Elisa", "Félix", "Gonzalo", "Íñigo", "Javiera", "Lucía",
         "Matías", "Ñusta", "Óscar", "Pía", "Sofía", "Tomás"]
LAST = ["Muñoz", "Pérez", "Núñez", "Araya", "Soto", "Díaz", "Rojas", "Peña", "Vergara", "Ibáñez"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(5)
    names = [f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)} {i}" for i in range(args.players)]
    pairings = [PairingRow(i // 2 + 1, names[i], rng.randrange(13), names[i + 1], rng.randrange(13))
                for i in range(0, args.players - 1, 2)]
    standings = [StandingRow(i + 1, n, 12 - i * 12 // args.players, "4-0-0", rng.random(), rng.random(),
                             rng.random()) for i, n in enumerate(names)]
    event = EventInfo("Campeonato Nacional de Ñuñoa", date(2026, 11, 29), "Unificado")
    results: dict[str, list[float]] = {"slips": [], "standings": [], "pairings": []}
    pages: dict[str, int] = {}
    cpu: dict[str, list[float]] = {}
    from pypdf import PdfReader

    for run in range(args.runs):
        for name, render in (
            ("slips", lambda: render_slips(event, 5, pairings)),
            ("standings", lambda: render_standings(event, 5, standings)),
            ("pairings", lambda: render_pairings(event, 5, pairings, order="ambos")),
        ):
            t0, c0 = time.perf_counter(), time.process_time()
            pdf = render()
            results[name].append(time.perf_counter() - t0)
            cpu.setdefault(name, []).append(time.process_time() - c0)
            pages[name] = len(PdfReader(io.BytesIO(pdf)).pages)
        print(f"run {run + 1}: " + ", ".join(f"{k} {v[-1]:.2f} s" for k, v in results.items()))
    print(f"median time, result slips ({pages['slips']} pages): {statistics.median(results['slips']):.2f} s")
    print(f"median time, standings ({pages['standings']} pages): "
          f"{statistics.median(results['standings']):.2f} s")
    print(f"median CPU time, pairings: {statistics.median(cpu['pairings']):.2f} s")
    print(f"median time for the pairings of {args.players} players (by table + alphabetical, "
          f"{pages['pairings']} pages): {statistics.median(results['pairings']):.2f} s")


if __name__ == "__main__":
    main()
