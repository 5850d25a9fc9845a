"""Decks checked per second, one core, full DeckForge catalog loaded — as a user pays it.

The figure printed last is the real path of a submission: parse the text, resolve every name
against the catalog, validate (`validate(parse_decklist(text), fmt, catalog)`), on warm caches.
Also printed: the same path cold (a freshly built catalog: its name caches empty) and
`validate()` alone on lists parsed in advance (what this script used to report). Left out:
reading the request, the database and rendering the page (benchmarks/web_pages_p95.py).

Builds a pool of realistic decklists from the real catalog (../shared/data):
legal and illegal ones (wrong sizes, too many copies, unknown names, mixed
races), parses them once, then validates them in a loop against the
escuelas-elementales format (the one with the most rules: banlist, errata,
affinity, minimum of Aliados). Reports the median of several runs.

    .venv/bin/python benchmarks/validate.py [--runs 5] [--seconds 1.0] [--format escuelas-elementales]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tourney.catalog import Catalog
from tourney.catalog.importers.deckforge import load_deckforge_cards
from tourney.legality import load_formats, parse_decklist, validate

SHARED = Path(os.environ.get("TOURNEY_SHARED_DATA", ROOT.parent / "shared" / "data"))


def build_decks(catalog: Catalog, n: int, seed: int = 7) -> list[str]:
    """Decklists like a tournament's: 50 + 10 cards, one race per deck; one in four has a
    mistake (an Aliado of another race, an extra copy, a misspelt name, a short Castillo)."""
    rng = random.Random(seed)
    by_race: dict[str, list] = {}
    others, golds = [], []
    seen: set[str] = set()
    for card in catalog:
        if card.identity in seen or not catalog.resolve(card.name).ok:
            continue
        seen.add(card.identity)
        if card.plain_gold:
            golds.append(card)
        elif card.type == "Aliado" and card.race:
            by_race.setdefault(card.race, []).append(card)
        elif card.type != "Oro":
            others.append(card)
    races = sorted(r for r, cards in by_race.items() if len(cards) >= 8)

    def copies(card) -> int:
        return 1 if card.unique else 3

    texts = []
    for i in range(n):
        race = rng.choice(races)
        main: list[tuple[int, str]] = []
        count = 0
        for card in rng.sample(by_race[race], 8):
            main.append((copies(card), card.name))
            count += copies(card)
        spells = rng.sample(others, 12)
        for card in spells[:6]:
            main.append((copies(card), card.name))
            count += copies(card)
        gold = rng.sample(golds, 2)
        main.append((max(1, (50 - count) // 2), gold[0].name))
        main.append((50 - count - max(1, (50 - count) // 2), gold[1].name))
        side = [(1, card.name) for card in spells[6:]] + [(4, gold[0].name)]
        mistake = i % 4
        if mistake == 1 and i % 8 == 1:
            other = rng.choice([r for r in races if r != race])
            main[0] = (main[0][0], rng.choice(by_race[other]).name)
        elif mistake == 1:
            main[1] = (main[1][0] + 1, main[1][1])
        elif mistake == 2 and i % 8 == 2:
            main[2] = (main[2][0], main[2][1] + "x")
        lines = ["Mazo Castillo"] + [f"{q} {name}" for q, name in main if q > 0]
        lines += ["", "Mazo de Soporte"] + [f"{q} {name}" for q, name in side]
        texts.append("\n".join(lines))
    return texts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--format", default="escuelas-elementales")
    parser.add_argument("--decks", type=int, default=500)
    args = parser.parse_args()

    cards, editions = load_deckforge_cards(SHARED / "deckforge" / "public-data" / "cards.json")
    catalog = Catalog.from_cards(cards, editions)
    fmt = load_formats()[args.format]
    decks = [parse_decklist(t) for t in build_decks(catalog, args.decks)]
    legal = sum(validate(d, fmt, catalog).legal for d in decks)  # warm the caches
    print(f"catálogo: {len(catalog)} impresiones; {len(decks)} mazos ({legal} legales); formato {fmt.id}")

    legal_decks = [d for d in decks if validate(d, fmt, catalog).legal]
    start = time.process_time()
    for _ in range(20):
        for deck in legal_decks:
            validate(deck, fmt, catalog)
    legal_rate = 20 * len(legal_decks) / (time.process_time() - start)
    print(f"solo mazos legales: {legal_rate:,.0f} mazos/s de CPU")

    # CPU time of this process (one core): the machine is shared, wall time would
    # measure the neighbours too. Wall-clock rate printed alongside for reference.
    rates = []
    for run in range(args.runs):
        done = 0
        start, wall = time.process_time(), time.perf_counter()
        while True:
            for deck in decks:
                validate(deck, fmt, catalog)
            done += len(decks)
            elapsed = time.process_time() - start
            if elapsed >= args.seconds:
                break
        wall = time.perf_counter() - wall
        rates.append(done / elapsed)
        print(f"corrida {run + 1}: {done / elapsed:,.0f} mazos/s de CPU ({done / wall:,.0f} mazos/s de reloj)")
    print(f"validate() alone, lists parsed in advance (median of {args.runs}): {statistics.median(rates):,.0f} mazos/s")

    texts = build_decks(catalog, args.decks)
    cold = []
    for _ in range(args.runs):
        fresh = Catalog.from_cards(cards, editions)  # empty name caches: the first lists after a start
        start = time.process_time()
        for text in texts:
            validate(parse_decklist(text), fmt, fresh)
        cold.append(len(texts) / (time.process_time() - start))
    print(f"parse + resolve + validate, cold (median of {args.runs}): {statistics.median(cold):,.0f} mazos/s")
    warm = []
    for _ in range(args.runs):
        done, start = 0, time.process_time()
        while time.process_time() - start < args.seconds:
            for text in texts:
                validate(parse_decklist(text), fmt, catalog)
            done += len(texts)
        warm.append(done / (time.process_time() - start))
    print(f"decks checked per second as a user pays it (parse + resolve + validate, warm, one core, "
          f"median of {args.runs}): {statistics.median(warm):,.0f}")


if __name__ == "__main__":
    main()
