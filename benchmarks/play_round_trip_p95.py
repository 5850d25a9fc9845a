"""p95 action round trip at the play tables (goal ≤ 150 ms on loopback): 32 tables playing
at once, `tourney serve --workers 4` over PostgreSQL.

Each of the 64 seats is a client thread with its own login, doing what the page does: when it
has actions it taps one (Oro, play, attack, block, pass, end…); otherwise it listens to the
table's event stream and fetches its state when the stream says the table changed. The round
trip is from one seat's tap (the POST starts) to the other seat holding the state that shows
the action. Both seats of a table, and a seat's stream and its requests, may be served by
different processes (PostgreSQL LISTEN/NOTIFY carries the change).

    LOAD_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/tourney_play_bench \
        .venv/bin/python benchmarks/play_round_trip_p95.py [--tables 32] [--seconds 40]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

from web_common import ROOT, free_port, fresh_database, opener, percentile

DATA = Path(os.environ.get("TOURNEY_SHARED_DATA", ROOT.parent / "shared" / "data")) / "deckforge" / "public-data" / "cards.json"
DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/tourney_play_bench"
PASSWORD = "clave-de-carga-1"
TOKEN = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
LOGINS = threading.Semaphore(4)
READY = threading.Barrier(1)
PREFERENCE = ("gold", "play", "attack", "block", "pass", "end", "discard", "effect")


def build(url: str, tables: int) -> list[tuple[str, str, str]]:
    from tourney import create_app, db
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.services import accounts, catalog as catalog_service, play
    from tourney.services.demo import build_deck

    app = create_app({"DATABASE_URL": url, "TESTING": True, "SECRET_KEY": "setup"})
    cards, editions = load_deckforge_cards(DATA)
    out = []
    with app.app_context():
        with db.session_scope() as s:
            catalog_service.import_cards(s, cards, editions, source="deckforge")
        from tourney.web.common import formats

        with app.test_request_context():
            fmt = formats()["unificado"]
        with db.session_scope() as s:
            catalog = catalog_service.load_catalog(s)
        rng = random.Random(5)
        decks = [build_deck(catalog, fmt, rng, with_support=False) for _ in range(6)]
        with db.session_scope() as s:
            for t in range(tables):
                a = accounts.create_user(s, f"a{t:02d}@bench.cl", f"Ana {t:02d}", PASSWORD)
                b = accounts.create_user(s, f"b{t:02d}@bench.cl", f"Beto {t:02d}", PASSWORD)
                table = play.open_table(s, a, decks[t % 6], catalog)
                play.join_table(s, table, b, decks[(t + 1) % 6], catalog)
                play.add_seed(s, table, a, f"a{t}", catalog)
                play.add_seed(s, table, b, f"b{t}", catalog)
                out.append((table.token, a.email, b.email))
    db.dispose_engines()
    return out


def _stream_versions(web, base: str, token: str):
    """The table's versions as its event stream tells them (the page's EventSource), for as
    long as the stream lasts."""
    with web.open(f"{base}/mesa/{token}/eventos", timeout=40) as stream:
        for raw in stream:
            line = raw.decode().strip()
            if line.startswith("data: "):
                yield int(line[6:])


def seat(base: str, token: str, email: str, seconds: float, times: list[float],
         acted: list[float], sent: dict, errors: list[str]) -> None:
    """One seat: when it has actions it taps one (``sent[version] = when``); otherwise it
    waits on the table's event stream like the page, fetches its state when told, and the
    round trip is from the other seat's tap to this seat holding the state that shows it."""
    web = opener()
    with LOGINS:  # logins hash passwords (scrypt): a few at a time, before the clock starts
        page = web.open(f"{base}/entrar").read().decode()
        csrf = TOKEN.search(page).group(1)
        data = urllib.parse.urlencode({"csrf_token": csrf, "email": email, "password": PASSWORD})
        web.open(f"{base}/entrar", data.encode()).read()
        page = web.open(f"{base}/mesa/{token}").read().decode()
        csrf = re.search(r'data-csrf="([^"]+)"', page).group(1)
    READY.wait()
    ends = time.monotonic() + seconds

    def state() -> dict:
        return json.loads(web.open(f"{base}/mesa/{token}/estado").read())

    s = state()
    while time.monotonic() < ends:
        acts = [a["action"] for a in s.get("actions", []) if a["action"]["do"] != "concede"]
        if not acts or s.get("status") != "jugando":
            if s.get("status") == "terminada":
                return
            for version in _stream_versions(web, base, token):
                if version != s["version"] or time.monotonic() >= ends:
                    break
            s = state()
            when = sent.pop(s["version"], None)
            if when is not None:
                times.append(time.perf_counter() - when)
            continue
        chosen = min(acts, key=lambda a: PREFERENCE.index(a["do"]) if a["do"] in PREFERENCE else 99)
        body = json.dumps({"action": chosen, "version": s["version"]}).encode()
        req = urllib.request.Request(f"{base}/mesa/{token}/accion", body, method="POST",
                                     headers={"Content-Type": "application/json",
                                              "X-CSRFToken": csrf})
        start = time.perf_counter()
        sent[s["version"] + 1] = start
        try:
            answer = json.loads(web.open(req).read())
            s = answer.get("state") or state()  # an older server answered without the state
        except urllib.error.HTTPError as exc:
            sent.pop(s["version"] + 1, None)
            if exc.code != 409:  # 409: the other seat acted first (a stale view)
                errors.append(f"{exc.code} {exc.read()[:200]!r}")
            s = state()
            continue
        acted.append(time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--database-url", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_URL))
    ap.add_argument("--tables", type=int, default=32)
    ap.add_argument("--seconds", type=int, default=40)
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    assert "127.0.0.1" in args.database_url or "localhost" in args.database_url
    url = fresh_database(args.database_url)
    tables = build(url, args.tables)
    port = free_port()
    # a small pool: the machine's PostgreSQL is shared (100 connections)
    env = dict(os.environ, DATABASE_URL=url, DB_POOL_SIZE=os.environ.get("DB_POOL_SIZE", "6"),
               DB_MAX_OVERFLOW=os.environ.get("DB_MAX_OVERFLOW", "6"))
    server = subprocess.Popen([str(Path(sys.executable).with_name("tourney")), "serve", "--bind",
                               f"127.0.0.1:{port}", "--workers", str(args.workers),
                               "--no-upgrade"], env=env, cwd=str(ROOT),
                              stdout=subprocess.DEVNULL,
                              stderr=open(os.environ.get("BENCH_SERVER_LOG", os.devnull), "w"))
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{base}/salud", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        times: list[float] = []
        acted: list[float] = []
        errors: list[str] = []
        sent = {token: {} for token, _a, _b in tables}
        global READY
        READY = threading.Barrier(2 * len(tables))
        threads = [threading.Thread(target=seat, args=(base, token, email, args.seconds, times,
                                                       acted, sent[token], errors))
                   for token, a, b in tables for email in (a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"{args.tables} mesas, {args.workers} procesos (gunicorn gthread) sobre PostgreSQL, "
          f"{args.seconds} s: {len(times)} acciones, {len(errors)} errores")
    if errors:
        print("  p. ej.:", errors[0])
    if not times:
        print("ida y vuelta de una acción p95: sin acciones medidas")
        return
    if acted:
        print(f"quien actúa ve su acción: mediana {statistics.median(acted) * 1000:.1f} ms, "
              f"p95 {percentile(acted, 95) * 1000:.1f} ms")
    print(f"mediana ida y vuelta (un jugador actúa → la página del otro lo muestra): "
          f"{statistics.median(times) * 1000:.1f} ms")
    print(f"ida y vuelta de una acción p95: {percentile(times, 95) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
