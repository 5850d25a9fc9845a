"""Figure: time to import every DeckForge file into a fresh SQLite database.

Files: ../shared/data/deckforge/public-data/cards.json + data-src/*.json (2,600 printings
after merging). Measures, per run, (a) parse only: reading and merging the files into
Card values, identities assigned; (b) the full import through the service
(`import_files`: parse + upsert + commit) into a new, migrated SQLite file. Migration
time is not counted. Prints the medians; the figure (full import median) is last.

Usage: .venv/bin/python benchmarks/catalog_import.py [--runs 5] [--data ../shared/data]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tourney import db
from tourney.catalog.importers.detect import read_files
from tourney.catalog.model import fold
from tourney.services.catalog import clear_cache, import_files, load_catalog


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    args = parser.parse_args()
    deckforge = Path(args.data) / "deckforge"
    paths = [deckforge / "public-data" / "cards.json", *sorted((deckforge / "data-src").glob("*.json"))]

    parse_times, import_times, load_times, reimport_times = [], [], [], []
    count = 0
    for _ in range(args.runs):
        fold.cache_clear()  # every run starts cold, as a fresh process would
        t0 = time.perf_counter()
        cards, _editions = read_files(paths)
        parse_times.append(time.perf_counter() - t0)
        count = len(cards)

        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
            db.upgrade(url)
            from flask import Flask

            app = Flask("bench")
            app.config["DATABASE_URL"] = url
            clear_cache()
            fold.cache_clear()
            t0 = time.perf_counter()
            with db.session_scope(app) as session:
                report = import_files(session, paths)
            import_times.append(time.perf_counter() - t0)
            assert report.added == count, report.summary()
            t0 = time.perf_counter()
            with db.session_scope(app) as session:
                again = import_files(session, paths)
            reimport_times.append(time.perf_counter() - t0)
            assert again.changes == 0, again.summary()
            clear_cache()
            t0 = time.perf_counter()
            with db.session_scope(app) as session:
                load_catalog(session)
            load_times.append(time.perf_counter() - t0)
            db.dispose_engines()

    print(f"files: {len(paths)}; printings after merge: {count}; runs: {args.runs}")
    print(f"parse only (median): {statistics.median(parse_times):.3f} s")
    print(f"re-import of the same files, 0 changes (median): "
          f"{statistics.median(reimport_times):.3f} s")
    print(f"load_catalog from SQLite, cold (median): {statistics.median(load_times):.3f} s")
    print(f"catalog import, all DeckForge files into fresh SQLite (median): "
          f"{statistics.median(import_times):.3f} s")


if __name__ == "__main__":
    main()
