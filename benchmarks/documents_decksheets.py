"""Figure: time to render 512 Hojas de registro de mazo into one PDF (goal ≤ 10 s).

Decks are built from the real DeckForge catalog (../shared/data): each player a 50-card
Mazo Castillo with 30 distinct cards (Aliados with race, Talismanes, Armas, Tótems, the
Oro inicial) and a 10-card Mazo de Soporte; A4. Only rendering is timed (values in, PDF
bytes out, fonts embedded); the sort by name is included. Runs several times, prints each
run, the page count check, and the median last.

Usage: .venv/bin/python benchmarks/documents_decksheets.py [--players 512] [--runs 5]
"""
from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from datetime import date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tourney.catalog.importers.deckforge import load_deckforge_cards  # noqa: E402
from tourney.printing import render_deck_sheets  # noqa: E402
from tourney.document_values import DeckLine, DeckSheet, EventInfo  # noqa: E402


def decks(cards, players: int, seed: int = 1) -> list[DeckSheet]:
    rng = random.Random(seed)
    pool, seen = [], set()
    for card in cards:
        if card.type != "Oro" and card.identity not in seen:
            seen.add(card.identity)
            pool.append(card)
    golds = [c for c in cards if c.plain_gold]
    out = []
    for i in range(players):
        picked = rng.sample(pool, 39)
        castle = [DeckLine(1 + (k % 2), c.name, c.type, c.race, c.code) for k, c in enumerate(picked[:29])]
        gold = rng.choice(golds)
        castle.append(DeckLine(50 - sum(ln.qty for ln in castle), gold.name, gold.type, None, gold.code,
                               initial_gold=True))
        support = [DeckLine(1, c.name, c.type, c.race, c.code) for c in picked[29:]]
        out.append(DeckSheet(f"Jugador {rng.randrange(10**6):06d} Muñoz", f"p{i}@ejemplo.cl", str(i // 2 + 1),
                             tuple(castle), tuple(support), True, (), datetime(2026, 11, 28, 20, 0), 1))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    args = parser.parse_args()
    cards, _ = load_deckforge_cards(Path(args.data) / "deckforge" / "public-data" / "cards.json")
    sheets = decks(cards, args.players)
    event = EventInfo("Campeonato Nacional de Ñuñoa", date(2026, 11, 29), "Unificado", "Santiago")
    times, cpu = [], []
    for run in range(args.runs):
        t0, c0 = time.perf_counter(), time.process_time()
        pdf = render_deck_sheets(event, sheets)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        print(f"run {run + 1}: {times[-1]:.2f} s wall, {cpu[-1]:.2f} s CPU ({len(pdf) // 1024} KB)")
    from reportlab.lib import rl_accel

    accel = "C" if "built-in" in repr(rl_accel.fp_str) else "pure Python (pip install rl_accel)"
    print(f"reportlab accelerator: {accel}; median CPU time {statistics.median(cpu):.2f} s")
    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    assert pages == args.players, pages
    print(f"{pages} pages, one per player")
    print(f"median time for {args.players} deck registration sheets in one PDF: "
          f"{statistics.median(times):.2f} s")


if __name__ == "__main__":
    main()
