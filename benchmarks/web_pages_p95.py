"""Pairings page and standings page latency at 1,024 players, real server (waitress) on loopback.

Builds an event with 1,024 players and 5 rounds played, round 6 paired and published (through
the services, as the organizer would), starts ``waitress`` in its own process and requests each
page sequentially (after a warm-up), several runs. Prints p50/p95 per page and run; the figure
printed last is the median over runs of the worse p95 of the two pages.

    .venv/bin/python benchmarks/web_pages_p95.py [--players 1024] [--requests 200] [--runs 3]
        [--database-url postgresql+psycopg://…]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web_common import Server, fresh_database, percentile  # noqa: E402


def build(url: str, players: int, played: int) -> int:
    from datetime import date

    from tourney import create_app, db
    from tourney.models.events import Registration
    from tourney.services import accounts, events, rounds

    accounts.PASSWORD_METHOD = "pbkdf2:sha256:1000"
    app = create_app({"DATABASE_URL": url, "TESTING": True})
    rng = random.Random(5)
    with app.app_context():
        from tourney.web.common import formats

        with app.test_request_context():
            fmts = formats()
        with db.session_scope() as s:
            org = accounts.create_user(s, "org@bench.cl", "Org", "clave-bench-1", "organizador")
            event = events.create_event(s, org, name="Nacional", date=date(2026, 12, 1),
                                        format_id="unificado", formats=fmts, seed=3)
            for i in range(players):
                s.add(Registration(event_id=event.id, name=f"Jugador {i:04d}"))
            event_id = event.id
        for number in range(1, played + 2):
            with db.session_scope() as s:
                event = events.get_event(s, event_id)
                rnd = rounds.pair_next_round(s, org, event)
                rounds.publish_round(s, org, rnd)
                if number <= played:
                    for m in rounds.round_matches(s, rnd):
                        if m.player_b_id is not None:
                            rounds.enter_result(s, org, event, m,
                                                rng.choice(["2-0-0", "2-1-0", "1-2-0", "0-2-0"]),
                                                m.version)
    db.dispose_engines()
    return event_id


def measure(base: str, path: str, n: int) -> list[float]:
    import http.client

    conn = http.client.HTTPConnection(base.split("//")[1])
    out = []
    for i in range(n + 5):
        t = time.perf_counter()
        conn.request("GET", path)
        resp = conn.getresponse()
        body = resp.read()
        elapsed = time.perf_counter() - t
        if resp.status != 200:
            raise RuntimeError(f"{path}: HTTP {resp.status}")
        if i >= 5:  # warm-up
            out.append(elapsed * 1000)
    conn.close()
    assert body
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1024)
    ap.add_argument("--played", type=int, default=5)
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--database-url")
    args = ap.parse_args()
    url = fresh_database(args.database_url)
    t = time.perf_counter()
    event_id = build(url, args.players, args.played)
    print(f"evento de {args.players} jugadores, {args.played} rondas jugadas y la ronda "
          f"{args.played + 1} publicada: construido en {time.perf_counter() - t:.1f} s ({url.split(':')[0]})")
    server = Server(url)
    worst = []
    try:
        pages = {"emparejamientos": f"/eventos/{event_id}/rondas/{args.played + 1}",
                 "clasificación": f"/eventos/{event_id}/clasificacion"}
        for run in range(args.runs):
            p95s = []
            for label, path in pages.items():
                times = measure(server.base, path, args.requests)
                p95 = percentile(times, 95)
                p95s.append(p95)
                print(f"corrida {run + 1}: {label}: p50 {statistics.median(times):.1f} ms, "
                      f"p95 {p95:.1f} ms ({args.requests} pedidos)")
            worst.append(max(p95s))
    finally:
        server.close()
    print(f"p95 (peor de las dos páginas, mediana de {args.runs} corridas) a {args.players} "
          f"jugadores: {statistics.median(worst):.1f} ms")


if __name__ == "__main__":
    main()
