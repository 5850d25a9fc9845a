"""The metagame of a 512-player event (issue 25: ≤ 200 ms): 512 registered lists, 9 Swiss
rounds and a top 8, read and counted by tourney.services.metagame.event_metagame (archetype of
every list, the finished matches, the matrix). Median of --runs; the figure printed last.

    .venv/bin/python benchmarks/meta_event_metagame.py [--players 512] [--runs 5]
"""
from __future__ import annotations

import argparse
import statistics
import time

from meta_common import build_events, catalog, database


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=512)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--database-url", default=None)
    args = ap.parse_args()
    from sqlmodel import Session

    from tourney import db
    from tourney.legality import load_formats
    from tourney.models.events import Event
    from tourney.services.metagame import event_metagame

    url = database(args.database_url)
    cat = catalog()
    _, (event_id,) = build_events(url, cat, 1, args.players, 9, top_cut=8)
    formats = load_formats()
    times = []
    for _ in range(args.runs):
        with Session(db.get_engine(url)) as session:
            event = session.get(Event, event_id)
            t = time.perf_counter()
            data = event_metagame(session, event, cat, formats)
            times.append(time.perf_counter() - t)
    print(f"{args.players} listas, {data.meta.matches} partidas, {len(data.meta.rows)} arquetipos; "
          f"corridas: {', '.join(f'{1000 * x:.0f}' for x in times)} ms")
    print(f"metagame of a {args.players}-player event: median {1000 * statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
