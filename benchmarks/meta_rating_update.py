"""The rating update of a 512-player event (issue 25: ≤ 1 s): every finished match of the event
(9 Swiss rounds and a top 8) rated in order with OpenSkill, with its history, by
tourney.services.ratings.rate_events (the matches read from the database included). Median of
--runs; the figure printed last.

    .venv/bin/python benchmarks/meta_rating_update.py [--players 512] [--runs 5]
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
    from tourney.models.events import Event
    from tourney.services.ratings import rate_events

    url = database(args.database_url)
    _, (event_id,) = build_events(url, catalog(), 1, args.players, 9, top_cut=8)
    times = []
    for _ in range(args.runs):
        with Session(db.get_engine(url)) as session:
            event = session.get(Event, event_id)
            t = time.perf_counter()
            rated = rate_events(session, [event], "myl")
            times.append(time.perf_counter() - t)
    changes = sum(len(h) for h in rated.history.values()) // 2
    print(f"{len(rated.ratings)} jugadores, {changes} partidas; corridas: "
          f"{', '.join(f'{1000 * x:.0f}' for x in times)} ms")
    print(f"rating update of a {args.players}-player event: median {1000 * statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
