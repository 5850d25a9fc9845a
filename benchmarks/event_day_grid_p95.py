"""Scorekeeper grid latency at 512 players (256 tables), real server (waitress) on loopback.

Builds an event with 512 players and 5 rounds played, round 6 paired and published with half
of its results in (through the services, as the organizer would), starts ``waitress`` in its
own process, logs in as the event's judge and requests the grid page sequentially (after a
warm-up), several runs: once as it is read (the rows come from the per-change cache), once
with a result saved before every request (each page rendered from scratch: the worst case while
results come in). Prints p50/p95 per run; the figure printed last is the median p95 of the
worst case.

    .venv/bin/python benchmarks/event_day_grid_p95.py [--players 512] [--requests 200]
        [--runs 3] [--database-url postgresql+psycopg://…]
"""
from __future__ import annotations

import argparse
import http.client
import random
import re
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web_common import Server, fresh_database, percentile  # noqa: E402

PASSWORD = "clave-bench-1"


def build(url: str, players: int, played: int) -> int:
    from datetime import date

    from tourney import create_app, db
    from tourney.models.events import Registration
    from tourney.services import accounts, events, rounds

    accounts.PASSWORD_METHOD = "pbkdf2:sha256:1000"
    app = create_app({"DATABASE_URL": url, "TESTING": True})
    rng = random.Random(5)
    results = ["2-0-0", "2-1-0", "1-2-0", "0-2-0", "1-1-1"]
    with app.app_context():
        from tourney.web.common import formats

        with app.test_request_context():
            fmts = formats()
        with db.session_scope() as s:
            org = accounts.create_user(s, "org@bench.cl", "Org", PASSWORD, "organizador")
            judge = accounts.create_user(s, "juez@bench.cl", "Juez", PASSWORD)
            event = events.create_event(s, org, name="Regional", date=date(2026, 12, 1),
                                        format_id="unificado", formats=fmts, seed=3)
            events.add_judge(s, org, event, judge.email)
            for i in range(players):
                s.add(Registration(event_id=event.id, name=f"Jugador {i:04d}"))
            event_id = event.id
        for number in range(1, played + 2):
            with db.session_scope() as s:
                event = events.get_event(s, event_id)
                rnd = rounds.pair_next_round(s, org, event)
                rounds.publish_round(s, org, rnd)
                for i, m in enumerate(rounds.round_matches(s, rnd)):
                    if m.player_b_id is not None and (number <= played or i % 2):
                        rounds.enter_result(s, org, event, m, rng.choice(results), m.version)
    db.dispose_engines()
    return event_id


def login(host: str, email: str = "juez@bench.cl") -> str:
    """Log in; returns the session cookie header."""
    conn = http.client.HTTPConnection(host)
    conn.request("GET", "/entrar")
    resp = conn.getresponse()
    page = resp.read().decode()
    cookie = resp.getheader("Set-Cookie", "").split(";", 1)[0]
    token = re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({"email": email, "password": PASSWORD,
                                   "csrf_token": token})
    conn.request("POST", "/entrar", body, {"Content-Type": "application/x-www-form-urlencoded",
                                           "Cookie": cookie})
    resp = conn.getresponse()
    resp.read()
    if resp.status != 302:
        raise RuntimeError(f"login failed: HTTP {resp.status}")
    conn.close()
    return resp.getheader("Set-Cookie", "").split(";", 1)[0] or cookie


def _token(conn, path: str, cookie: str) -> str:
    conn.request("GET", path, headers={"Cookie": cookie})
    page = conn.getresponse().read().decode()
    return re.search(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"', page).group(1)


def measure(host: str, path: str, cookie: str, n: int, writer: str | None = None) -> list[float]:
    """``writer``: the organizer's cookie; then a result is saved before every request."""
    conn = http.client.HTTPConnection(host)
    wconn = http.client.HTTPConnection(host) if writer else None
    token = _token(wconn, path, writer) if writer else None
    out = []
    for i in range(n + 5):
        if wconn is not None:
            body = urllib.parse.urlencode({"table": 1 + 2 * (i % 100), "result": ("20", "02")[i % 2],
                                           "csrf_token": token})
            wconn.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded",
                                               "Cookie": writer, "X-Requested-With": "fetch"})
            answer = wconn.getresponse()
            answer.read()
            if answer.status != 200:
                raise RuntimeError(f"saving a result: HTTP {answer.status}")
        t = time.perf_counter()
        conn.request("GET", path, headers={"Cookie": cookie})
        resp = conn.getresponse()
        body = resp.read()
        elapsed = time.perf_counter() - t
        if resp.status != 200 or b'id="marcador"' not in body:
            raise RuntimeError(f"{path}: HTTP {resp.status}")
        if i >= 5:  # warm-up
            out.append(elapsed * 1000)
    conn.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=512)
    ap.add_argument("--played", type=int, default=5)
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--database-url")
    args = ap.parse_args()
    url = fresh_database(args.database_url)
    t = time.perf_counter()
    event_id = build(url, args.players, args.played)
    print(f"evento de {args.players} jugadores, {args.played} rondas jugadas, ronda "
          f"{args.played + 1} publicada con la mitad de los resultados: construido en "
          f"{time.perf_counter() - t:.1f} s ({url.split(':')[0]})")
    server = Server(url)
    host = server.base.split("//")[1]
    p95s: dict[str, list[float]] = {"lectura": [], "con cambios": []}
    try:
        cookie = login(host)
        writer = login(host, "org@bench.cl")
        path = f"/eventos/{event_id}/rondas/{args.played + 1}/marcador"
        for run in range(args.runs):
            for label, w in (("lectura", None), ("con cambios", writer)):
                times = measure(host, path, cookie, args.requests, w)
                p95 = percentile(times, 95)
                p95s[label].append(p95)
                print(f"corrida {run + 1}, {label}: marcador ({args.players // 2} mesas): p50 "
                      f"{statistics.median(times):.1f} ms, p95 {p95:.1f} ms ({args.requests} pedidos)")
    finally:
        server.close()
    print(f"p95 de la página del marcador, solo lectura (mediana de {args.runs} corridas): "
          f"{statistics.median(p95s['lectura']):.1f} ms")
    print(f"p95 de la página del marcador con un resultado guardado antes de cada pedido "
          f"(mediana de {args.runs} corridas) a {args.players} jugadores: "
          f"{statistics.median(p95s['con cambios']):.1f} ms")


if __name__ == "__main__":
    main()
