"""p95 action round trip at the play tables (goal ≤ 150 ms on loopback): 32 tables playing
at once, `tourney serve --workers 4` over PostgreSQL.

Each of the 64 seats is a client thread with its own login, doing what the page does: when it
has actions it taps one (Oro, play, attack, block, pass, end…); otherwise it listens to the
table's event stream and fetches its state when the stream says the table changed. The round
trip is from one seat's tap (the POST starts) to the other seat holding the state that shows
the action. ``--mode both`` (the default) runs every other table the page's way (the stream
carries the state, ``?estado=1``) and the others the older way (the stream says the version,
the seat fetches ``/estado``): an A/B within one run; the last figure is the page's way.
Both seats of a table, and a seat's stream and its requests, may be served by
different processes (PostgreSQL LISTEN/NOTIFY carries the change).

    createdb -h 127.0.0.1 -U postgres tourney_play_bench   # once
    LOAD_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:5432/tourney_play_bench \
        .venv/bin/python benchmarks/play_round_trip_p95.py [--tables 32] [--seconds 40] [--think 1]

Players pause ``--think`` seconds (default 1) before each tap, as people at a table do (and
faster); ``--think 0`` is the saturation test, every seat tapping the instant it can.
"""
from __future__ import annotations

import argparse
import json
import os
import queue
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


def _listen(web, base: str, token: str, push: bool, inbox: queue.Queue, stop: threading.Event):
    """The page's EventSource, open all along (reconnected when a stream ends): puts
    ("state", the seat's state) or ("version", n) in ``inbox``."""
    suffix = "?estado=1" if push else ""
    while not stop.is_set():
        try:
            with web.open(f"{base}/mesa/{token}/eventos{suffix}", timeout=40) as stream:
                kind = "version"
                for raw in stream:
                    line = raw.decode().rstrip("\r\n")
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        data = line[6:]
                        inbox.put(("state", json.loads(data)) if kind == "state"
                                  else ("version", int(data)))
                    elif not line:
                        kind = "version"
                    if stop.is_set():
                        return
        except (OSError, ValueError):
            time.sleep(0.2)


def seat(base: str, token: str, email: str, seconds: float, times: list[float],
         acted: list[float], sent: dict, errors: list[str], push: bool, think: float) -> None:
    """One seat: when it has actions it taps one (``sent[version] = when``), after ``think``
    seconds; otherwise it waits on the table's event stream like the page: the state itself
    (``push``: ``?estado=1``) or the version, then it fetches its state. The round trip is
    from the other seat's tap to this seat holding the state that shows it."""
    web = opener()
    with LOGINS:  # logins hash passwords (scrypt): a few at a time, before the clock starts
        page = web.open(f"{base}/entrar").read().decode()
        csrf = TOKEN.search(page).group(1)
        data = urllib.parse.urlencode({"csrf_token": csrf, "email": email, "password": PASSWORD})
        web.open(f"{base}/entrar", data.encode()).read()
        page = web.open(f"{base}/mesa/{token}").read().decode()
        csrf = re.search(r'data-csrf="([^"]+)"', page).group(1)
    inbox: queue.Queue = queue.Queue()
    stop = threading.Event()
    threading.Thread(target=_listen, args=(web, base, token, push, inbox, stop),
                     daemon=True).start()
    READY.wait()
    ends = time.monotonic() + seconds

    def state() -> dict:
        return json.loads(web.open(f"{base}/mesa/{token}/estado").read())

    s = state()
    try:
        while time.monotonic() < ends:
            acts = [a["action"] for a in s.get("actions", []) if a["action"]["do"] != "concede"]
            if not acts or s.get("status") != "jugando":
                if s.get("status") == "terminada":
                    return
                try:
                    kind, value = inbox.get(timeout=max(0.01, ends - time.monotonic()))
                except queue.Empty:
                    return
                if kind == "state":
                    if value["version"] <= s["version"]:
                        continue
                    s = value
                elif value <= s["version"]:  # its own action's version (it has that state)
                    continue
                else:
                    s = state()
                when = sent.pop(s["version"], None)
                if when is not None:
                    times.append(time.perf_counter() - when)
                continue
            if think:
                time.sleep(think)
            chosen = min(acts, key=lambda a: PREFERENCE.index(a["do"]) if a["do"] in PREFERENCE
                         else 99)
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
    finally:
        stop.set()


def _figures(label: str, times: list[float], acted: list[float]) -> None:
    if acted:
        print(f"{label}: quien actúa ve su acción: mediana {statistics.median(acted) * 1000:.1f} ms, "
              f"p95 {percentile(acted, 95) * 1000:.1f} ms")
    if times:
        print(f"{label}: la página del otro lo muestra: mediana "
              f"{statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, 95) * 1000:.1f} ms")


def server_cpu(master: int) -> float:
    """CPU seconds (user + system) used so far by the server's worker processes."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # fields[1] is the parent's pid
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--database-url", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_URL))
    ap.add_argument("--tables", type=int, default=32)
    ap.add_argument("--seconds", type=int, default=40)
    ap.add_argument("--workers", type=int, default=4)
    # a person at a table reads the new position before tapping: 1 s is already faster than
    # anyone plays; 0 is the saturation test (every seat taps the instant it can)
    ap.add_argument("--think", type=float, default=1.0,
                    help="seconds a seat waits before each tap (0: as fast as it can)")
    ap.add_argument("--mode", choices=("both", "push", "pull"), default="both",
                    help="push: the stream carries the state; pull: the version, then a GET; "
                         "both: every other table (an A/B in one run)")
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
        pushes = [args.mode == "push" or (args.mode == "both" and n % 2 == 0)
                  for n in range(len(tables))]
        times: dict[bool, list[float]] = {True: [], False: []}
        acted: dict[bool, list[float]] = {True: [], False: []}
        errors: list[str] = []
        sent = {token: {} for token, _a, _b in tables}
        global READY
        READY = threading.Barrier(2 * len(tables) + 1)  # the seats, logged in, and this thread
        threads = [threading.Thread(target=seat, args=(
            base, token, email, args.seconds, times[push], acted[push], sent[token], errors,
            push, args.think)) for (token, a, b), push in zip(tables, pushes) for email in (a, b)]
        for t in threads:
            t.start()
        READY.wait()
        load_before = os.getloadavg()
        cpu_before = server_cpu(server.pid)
        for t in threads:
            t.join()
        load_after = os.getloadavg()
        cpu_used = server_cpu(server.pid) - cpu_before
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    every = times[True] + times[False]
    print(f"{args.tables} mesas, {args.workers} procesos (gunicorn gthread) sobre PostgreSQL, "
          f"{args.seconds} s, pausa {args.think} s antes de tocar: {len(every)} acciones, "
          f"{len(errors)} errores; carga de la máquina {load_before[0]:.1f} → {load_after[0]:.1f}")
    if errors:
        print("  p. ej.:", errors[0])
    if not every:
        print("ida y vuelta de una acción p95: sin acciones medidas")
        return
    print(f"CPU del servidor por acción (sus {args.workers} procesos): "
          f"{cpu_used / len(every) * 1000:.1f} ms")
    _figures("versión y GET estado", times[False], acted[False])
    _figures("estado por el stream", times[True], acted[True])
    shown = times[True] or times[False]
    print(f"ida y vuelta de una acción p95: {percentile(shown, 95) * 1000:.1f} ms")

if __name__ == "__main__":
    main()
