"""League standings over 50 events × 200 players (issue 25: ≤ 1 s): every event's placements
(Swiss standings), records from the finished matches, the points table and its tiebreakers, by
tourney.services.leagues.standings. Per run, every cache emptied first: the standings with the default table, cold (its «rating»
tiebreaker reads the ratings only when it has to break a tie); again (each event's placements
kept while its matches stay the same); shown with the ratings, cold (every match of the 50 events
rated) and cached. Median of --runs, wall time (time.perf_counter) and, beside it, the process's
CPU time (time.process_time: the machine is shared); the figure printed last is the cold standings' median.

    .venv/bin/python benchmarks/meta_league_standings.py [--events 50] [--players 200] [--runs 5]
"""
from __future__ import annotations

import argparse
import statistics
import time

from meta_common import build_events, catalog, database


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=50)
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--database-url", default=None)
    args = ap.parse_args()
    from sqlmodel import Session

    from tourney import db
    from tourney.legality import load_formats
    from tourney.models.events import User
    from tourney.models.leagues import League, LeagueEvent
    from tourney.services import event_results, leagues, ratings

    url = database(args.database_url)
    org, ids = build_events(url, catalog(), args.events, args.players, args.rounds)
    formats = load_formats()
    with Session(db.get_engine(url)) as session:
        league = leagues.create_league(session, session.get(User, org), "Liga bench")
        for eid in ids:
            session.add(LeagueEvent(league_id=league.id, event_id=eid))
        session.commit()
        league_id = league.id
    plain, plain_cpu, again, cold, warm = [], [], [], [], []
    for _ in range(args.runs):
        ratings._cache.clear()
        ratings._checkpoints.clear()
        event_results._places_cache.clear()
        with Session(db.get_engine(url)) as session:
            league = session.get(League, league_id)
            t, c = time.perf_counter(), time.process_time()
            table = leagues.standings(session, league, formats)
            plain.append(time.perf_counter() - t)
            plain_cpu.append(time.process_time() - c)
            t = time.perf_counter()
            leagues.standings(session, league, formats)
            again.append(time.perf_counter() - t)
            t = time.perf_counter()
            leagues.standings(session, league, formats, with_ratings=True)
            cold.append(time.perf_counter() - t)
            t = time.perf_counter()
            leagues.standings(session, league, formats, with_ratings=True)
            warm.append(time.perf_counter() - t)
    print(f"{len(table.rows)} jugadores en {len(table.events)} eventos ({args.rounds} rondas); "
          f"clasificación en frío: {', '.join(f'{x:.2f}' for x in plain)} s; otra vez (puestos de "
          f"cada evento en memoria): {', '.join(f'{x:.2f}' for x in again)} s (mediana "
          f"{statistics.median(again):.2f} s); mostrando los ratings, en frío "
          f"(toda la historia rateada): {', '.join(f'{x:.2f}' for x in cold)} s (mediana "
          f"{statistics.median(cold):.2f} s); con los ratings en caché: "
          f"{', '.join(f'{x:.2f}' for x in warm)} s")
    print(f"league standings {args.events} events x {args.players} players (cold): CPU "
          f"{', '.join(f'{x:.2f}' for x in plain_cpu)} s (median "
          f"{statistics.median(plain_cpu):.2f} s); wall median {statistics.median(plain):.2f} s")



if __name__ == "__main__":
    main()
