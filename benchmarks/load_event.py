"""Load figure: a national event on several processes (PostgreSQL), on loopback only.

`tourney serve --workers 4` on 127.0.0.1 over PostgreSQL. An event with 200 players
(accounts, logged in beforehand), round 1 paired and published (100 tables). During one
minute:

* first, all 200 players log in (20 at a time) with the real password hash (scrypt, as real
  accounts use): each login is timed and its p95 printed (logins are the costliest request);
* 1,000 simulated phones, each with its own keep-alive connection, poll the round's pairings
  page every 30 s (first poll at a random second of the first 30);
* the 200 players submit a legal decklist (POST /mi-lista, spread over the minute);
* the 100 tables report their result: one player reports, the opponent confirms (200 POSTs).

Then: every write is checked in the database (0 lost writes: 200 submissions, 100 confirmed
results, each the one reported), the pairings page is fetched on 40 fresh connections (the
kernel spreads them over the 4 processes) and must be identical and show all 100 results
(pages consistent across processes), and 100 idle sockets must leave /salud answering.

Bounded: 1,000 phones × 2 polls + 400 writes, 60 s + setup; only 127.0.0.1.

    .venv/bin/python benchmarks/load_event.py [--database-url postgresql+psycopg://postgres@127.0.0.1:5432/test_h4_load]
        [--phones 1000] [--players 200] [--seconds 60] [--workers 4]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web_common import fresh_database, free_port, percentile  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "deckforge" / "public-data" / "cards.json"
PASSWORD = "clave-bench-1"
DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test_h4_load"


# -- setup (services, direct to the database) ----------------------------------------------
def build(url: str, players: int):
    from datetime import date, datetime, timedelta, timezone

    from tourney import create_app, db
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.models.events import Event, Round
    from tourney.services import accounts, catalog as catalog_service, events, rounds
    from tourney.services.demo import build_deck

    # the real password hash (accounts.PASSWORD_METHOD, scrypt): the logins are timed below
    app = create_app({"DATABASE_URL": url, "TESTING": True, "SECRET_KEY": "setup"})
    cards, editions = load_deckforge_cards(DATA)
    with app.app_context():
        with db.session_scope() as s:
            catalog_service.import_cards(s, cards, editions, source="deckforge")
        from tourney.web.common import formats

        with app.test_request_context():
            fmts = formats()
        with db.session_scope() as s:
            catalog = catalog_service.load_catalog(s)
        rng = random.Random(9)
        decks = [build_deck(catalog, fmts["unificado"], rng, with_support=True) for _ in range(8)]
        with db.session_scope() as s:
            org = accounts.create_user(s, "org@bench.cl", "Org", PASSWORD, "organizador")
            event = events.create_event(s, org, name="Nacional", date=date(2026, 12, 20),
                                        format_id="unificado", formats=fmts, seed=3)
            emails = []
            for i in range(players):
                user = accounts.create_user(s, f"p{i:03d}@bench.cl", f"Jugador {i:03d}", PASSWORD)
                events.register_self(s, user, event)
                emails.append(user.email)
            event.decklist_deadline = datetime.now(timezone.utc) + timedelta(days=1)
            s.add(event)
            event_id = event.id
        with db.session_scope() as s:
            event = s.get(Event, event_id)
            rnd = rounds.pair_next_round(s, s.get(type(org), org.id), event)
            rounds.publish_round(s, s.get(type(org), org.id), rnd)
        with db.session_scope() as s:
            rnd = s.exec(__import__("sqlmodel").select(Round).where(Round.event_id == event_id)).one()
            tables = []
            for m in rounds.round_matches(s, rnd):
                if m.player_b_id is not None:
                    tables.append((m.id, m.player_a_id, m.player_b_id))
            regs = {r.id: r.user_id for r in events.players(s, s.get(Event, event_id))}
    db.dispose_engines()
    return event_id, emails, decks, tables, regs


# -- a tiny HTTP/1.1 client on asyncio streams (keep-alive) ------------------------------------
class Conn:
    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def request(self, method: str, path: str, cookie: str = "", form: dict | None = None):
        if self.writer is None:
            await self.open()
        body = urllib.parse.urlencode(form).encode() if form is not None else b""
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: keep-alive"]
        if cookie:
            head.append(f"Cookie: {cookie}")
        if form is not None:
            head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        cookies = []
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            k, _, v = line.decode("latin-1").partition(":")
            if k.lower() == "set-cookie":
                cookies.append(v.strip())
            headers[k.strip().lower()] = v.strip()
        length = int(headers.get("content-length", "0"))
        data = await self.reader.readexactly(length) if length else b""
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, cookies, data

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def _cookie(cookies: list[str], old: str) -> str:
    for c in cookies:
        name_value = c.split(";", 1)[0]
        if name_value.startswith("session="):
            return name_value
    return old


TOKEN = re.compile(rb'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')


LOGIN_TIMES: list[float] = []


async def login(port: int, email: str) -> tuple[str, str]:
    started = time.monotonic()
    conn = Conn(port)
    status, _h, cookies, page = await conn.request("GET", "/entrar")
    cookie = _cookie(cookies, "")
    token = TOKEN.search(page).group(1).decode()
    status, _h, cookies, _ = await conn.request("POST", "/entrar", cookie,
                                                {"csrf_token": token, "email": email, "password": PASSWORD})
    assert status == 302, (email, status)
    cookie = _cookie(cookies, cookie)
    conn.close()
    LOGIN_TIMES.append(time.monotonic() - started)
    return cookie, token


# -- the minute ------------------------------------------------------------------------------
async def run_minute(port, event_id, sessions, decks, tables, regs, users_by_id, phones, seconds):
    lat: dict[str, list[float]] = {"poll": [], "decklist": [], "report": []}
    errors: list[str] = []
    start = time.monotonic() + 2.0
    pairings = f"/eventos/{event_id}/rondas/1"
    rng = random.Random(4)

    async def phone(i: int):
        conn = Conn(port)
        t = start + rng.uniform(0, 30)
        while t < start + seconds:
            await asyncio.sleep(max(0, t - time.monotonic()))
            t0 = time.perf_counter()
            try:
                status, _h, _c, _d = await conn.request("GET", pairings)
                if status != 200:
                    errors.append(f"poll {status}")
            except Exception as exc:  # noqa: BLE001 - counted as an error
                errors.append(f"poll {type(exc).__name__}")
                conn.close()
            lat["poll"].append(time.perf_counter() - t0)
            t += 30
        conn.close()

    async def write(kind: str, at: float, path: str, email: str, form: dict, expect: int = 302,
                    must: bytes = b""):
        await asyncio.sleep(max(0, at - time.monotonic()))
        cookie, token = sessions[email]
        conn = Conn(port)
        t0 = time.perf_counter()
        try:
            status, _h, _c, data = await conn.request("POST", path, cookie, {**form, "csrf_token": token})
            if status != expect or must not in data:
                errors.append(f"{kind} {status}: {data[:200]!r}")
        except Exception as exc:  # noqa: BLE001
            errors.append(f"{kind} {type(exc).__name__}")
        lat[kind].append(time.perf_counter() - t0)
        conn.close()

    tasks = [phone(i) for i in range(phones)]
    emails = list(sessions)
    for i, email in enumerate(emails):
        tasks.append(write("decklist", start + rng.uniform(0, seconds - 2), f"/eventos/{event_id}/mi-lista",
                           email, {"text": decks[i % len(decks)]}, 200, "Lista legal registrada.".encode()))
    for match_id, a, b in tables:
        first = start + rng.uniform(0, seconds * 0.6)
        second = first + rng.uniform(1, seconds * 0.35)
        url = f"/eventos/{event_id}/mesas/{match_id}/resultado"
        tasks.append(write("report", first, url, users_by_id[regs[a]], {"a_games": 2, "b_games": 1, "draws": 0}))
        tasks.append(write("report", second, url, users_by_id[regs[b]], {"a_games": 1, "b_games": 2, "draws": 0}))
    await asyncio.gather(*tasks)
    return lat, errors


async def consistency(port, event_id, n: int = 40) -> tuple[int, int]:
    """(distinct pages, pages showing every result) over n fresh connections."""
    bodies = []
    for _ in range(n):
        conn = Conn(port)
        status, _h, _c, data = await conn.request("GET", f"/eventos/{event_id}/rondas/1")
        conn.close()
        table = re.search(rb'<table id="emparejamientos">.*?</table>', data, re.S)
        bodies.append(table.group(0) if table else b"")
    return len(set(bodies)), bodies[0].count(b"2-1")


def check_writes(url: str, event_id: int, players: int, tables) -> tuple[int, int]:
    from sqlalchemy import text

    from tourney import db

    engine = db.get_engine(url)
    with engine.connect() as conn:
        subs = conn.execute(text(
            "SELECT count(DISTINCT s.registration_id) FROM decklist_submission s "
            "JOIN registration r ON r.id = s.registration_id WHERE r.event_id = :e"), {"e": event_id}).scalar()
        ok = conn.execute(text(
            "SELECT count(*) FROM match m JOIN round r ON r.id = m.round_id WHERE r.event_id = :e "
            "AND m.player_b_id IS NOT NULL AND m.status = 'confirmado' AND m.result = '2-1-0'"),
            {"e": event_id}).scalar()
    return players - subs, len(tables) - ok


def idle_sockets_health(port: int) -> float:
    import http.client

    idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(100)]
    time.sleep(0.3)
    worst = 0.0
    try:
        for _ in range(10):
            t0 = time.perf_counter()
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request("GET", "/salud")
            c.getresponse().read()
            c.close()
            worst = max(worst, time.perf_counter() - t0)
    finally:
        for s in idle:
            s.close()
    return worst


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--database-url", default=os.environ.get("LOAD_DATABASE_URL", DEFAULT_URL))
    ap.add_argument("--phones", type=int, default=1000)
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--workers", type=int, default=4)
    args = ap.parse_args()
    assert "127.0.0.1" in args.database_url or "localhost" in args.database_url
    url = fresh_database(args.database_url)
    event_id, emails, decks, tables, regs = build(url, args.players)
    users = {}
    from sqlalchemy import text

    from tourney import db

    with db.get_engine(url).connect() as conn:
        for uid, email in conn.execute(text("SELECT id, email FROM app_user")):
            users[uid] = email
    db.dispose_engines()
    port = free_port()
    env = dict(os.environ, DATABASE_URL=url)
    server = subprocess.Popen([str(Path(sys.executable).with_name("tourney")), "serve", "--bind", f"127.0.0.1:{port}",
                               "--workers", str(args.workers), "--no-upgrade"], env=env, cwd=str(ROOT),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        import http.client

        for _ in range(300):
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                c.request("GET", "/salud")
                if c.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.1)

        async def everything():
            sessions = {}
            for i in range(0, len(emails), 20):
                batch = emails[i:i + 20]
                for email, got in zip(batch, await asyncio.gather(*(login(port, e) for e in batch))):
                    sessions[email] = got
            lat, errors = await run_minute(port, event_id, sessions, decks, tables, regs, users,
                                           args.phones, args.seconds)
            distinct, shown = await consistency(port, event_id)
            return lat, errors, distinct, shown

        t0 = time.monotonic()
        lat, errors, distinct, shown = asyncio.run(everything())
        elapsed = time.monotonic() - t0
        lost_lists, lost_results = check_writes(url, event_id, args.players, tables)
        health = idle_sockets_health(port)
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
    lat["login"] = LOGIN_TIMES
    every = lat["poll"] + lat["decklist"] + lat["report"] + lat["login"]
    print(f"{args.workers} procesos (gunicorn gthread) sobre PostgreSQL; {args.phones} teléfonos, "
          f"{args.players} listas, {len(tables)} mesas; {elapsed:.0f} s en total")
    for kind, values in lat.items():
        if values:
            print(f"  {kind}: {len(values)} peticiones, p50 {statistics.median(values) * 1000:.1f} ms, "
                  f"p95 {percentile(values, 95) * 1000:.1f} ms, máx {max(values) * 1000:.1f} ms")
    print(f"  errores: {len(errors)} {errors[:5]}")
    print(f"  escrituras perdidas: {lost_lists} listas, {lost_results} resultados")
    print(f"  páginas distintas entre procesos: {distinct} (1 = consistentes); resultados visibles: "
          f"{shown} de {len(tables)}")
    print(f"  /salud con 100 sockets inactivos: {health * 1000:.1f} ms")
    print(f"FIGURE load p95_ms={percentile(every, 95) * 1000:.1f} (objetivo ≤ 200) "
          f"login_p95_ms={percentile(LOGIN_TIMES, 95) * 1000:.1f} errors={len(errors)} "
          f"lost_writes={lost_lists + lost_results} consistent={distinct == 1 and shown == len(tables)} "
          f"idle_health_ms={health * 1000:.1f}")


if __name__ == "__main__":
    main()
