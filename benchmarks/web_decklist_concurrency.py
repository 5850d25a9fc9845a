"""200 concurrent decklist submissions through a real server: errors and lost writes.

Sets up an event with 200 registered players (each logged in, with a CSRF token, as a phone
would be), starts ``waitress`` on loopback in its own process, then releases 200 threads at
once, each POSTing its player's decklist (text) to /eventos/<id>/mi-lista. Afterwards every
submission must be in the database, exactly once, with the text that was sent.
Runs against SQLite (WAL) and, when given, PostgreSQL. Several runs; prints the totals last.

    .venv/bin/python benchmarks/web_decklist_concurrency.py [--clients 200] [--runs 3]
        [--database-url postgresql+psycopg://postgres@127.0.0.1:5432/tourney_web_bench]
"""
from __future__ import annotations

import argparse
import random
import re
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web_common import Server, fresh_database, opener  # noqa: E402

TOKEN = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
PASSWORD = "clave-bench-1"


def setup(url: str, clients: int, decks: int) -> tuple[int, list[str]]:
    from datetime import date

    from tourney import create_app, db
    from tourney.services import accounts, events
    from tourney.services.catalog import import_cards, load_catalog
    from tourney.services.demo import build_deck
    from tourney.catalog.importers.deckforge import load_deckforge_cards

    accounts.PASSWORD_METHOD = "pbkdf2:sha256:1000"
    app = create_app({"DATABASE_URL": url, "TESTING": True})
    cards_json = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / \
        "deckforge" / "public-data" / "cards.json"
    with app.app_context():
        from tourney.web.common import formats

        with app.test_request_context():
            fmts = formats()
        with db.session_scope() as s:
            cards, editions = load_deckforge_cards(cards_json)
            import_cards(s, cards, editions, source="deckforge")
        with db.session_scope() as s:
            catalog = load_catalog(s, use_cache=False)
            texts = [build_deck(catalog, fmts["unificado"], random.Random(i)) for i in range(decks)]
            org = accounts.create_user(s, "org@bench.cl", "Org", PASSWORD, "organizador")
            event = events.create_event(s, org, name="Carga", date=date(2026, 12, 1),
                                        format_id="unificado", formats=fmts, seed=1)
            for i in range(clients):
                user = accounts.create_user(s, f"p{i}@bench.cl", f"Jugador {i}", PASSWORD)
                events.register_self(s, user, event)
            event_id = event.id
    db.dispose_engines()
    return event_id, texts


def login_all(base: str, event_id: int, clients: int) -> list[tuple]:
    sessions = []
    for i in range(clients):
        op = opener()
        page = op.open(f"{base}/entrar").read().decode()
        data = urllib.parse.urlencode({"email": f"p{i}@bench.cl", "password": PASSWORD,
                                       "csrf_token": TOKEN.search(page).group(1)}).encode()
        op.open(f"{base}/entrar", data=data).read()
        page = op.open(f"{base}/eventos/{event_id}/mi-lista").read().decode()
        sessions.append((op, TOKEN.search(page).group(1)))
    return sessions


def fire(base: str, event_id: int, sessions, texts) -> tuple[int, list[str], float]:
    barrier = threading.Barrier(len(sessions))
    errors: list[str] = []
    ok = [0]
    lock = threading.Lock()

    def one(i: int) -> None:
        op, token = sessions[i]
        body = urllib.parse.urlencode({"text": texts[i % len(texts)],
                                       "csrf_token": token}).encode()
        barrier.wait()
        try:
            resp = op.open(f"{base}/eventos/{event_id}/mi-lista", data=body, timeout=120)
            html = resp.read().decode()
            good = resp.status == 200 and "Lista legal registrada." in html
            with lock:
                if good:
                    ok[0] += 1
                else:
                    errors.append(f"cliente {i}: HTTP {resp.status}")
        except Exception as exc:  # an HTTP error or a dropped connection is an error
            with lock:
                errors.append(f"cliente {i}: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(sessions))]
    t = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return ok[0], errors, time.perf_counter() - t


def lost_writes(url: str, event_id: int, clients: int, texts) -> int:
    from sqlmodel import Session, select

    from tourney import db
    from tourney.models.events import DecklistSubmission, Registration, User

    with Session(db.get_engine(url)) as s:
        rows = s.exec(select(User.email, DecklistSubmission.raw_text, DecklistSubmission.legal)
                      .join(Registration, Registration.user_id == User.id)
                      .join(DecklistSubmission,
                            DecklistSubmission.registration_id == Registration.id)
                      .where(Registration.event_id == event_id)).all()
    db.dispose_engines()
    found: dict[str, list] = {}
    for email, raw, legal in rows:
        found.setdefault(email, []).append((raw, legal))
    lost = 0
    for i in range(clients):
        subs = found.get(f"p{i}@bench.cl", [])
        if subs != [(texts[i % len(texts)], True)]:
            lost += 1
    return lost


def run(label: str, db_url: str | None, clients: int) -> tuple[int, int]:
    url = fresh_database(db_url)
    event_id, texts = setup(url, clients, decks=20)
    server = Server(url, threads=8)
    try:
        sessions = login_all(server.base, event_id, clients)
        ok, errors, elapsed = fire(server.base, event_id, sessions, texts)
    finally:
        server.close()
    lost = lost_writes(url, event_id, clients, texts)
    print(f"{label}: {clients} envíos simultáneos en {elapsed:.1f} s: {ok} correctos, "
          f"{len(errors)} errores, {lost} escrituras perdidas")
    for e in errors[:5]:
        print("   ", e)
    return len(errors), lost


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--database-url", help="PostgreSQL URL (its schema is dropped and rebuilt)")
    args = ap.parse_args()
    totals = {}
    targets = [("SQLite (WAL)", None)]
    if args.database_url:
        targets.append(("PostgreSQL", args.database_url))
    for label, url in targets:
        errs = lost = 0
        for _ in range(args.runs):
            e, lo = run(label, url, args.clients)
            errs += e
            lost += lo
        totals[label] = (errs, lost)
    print("; ".join(f"{label}: {e} errores y {lo} escrituras perdidas en "
                    f"{args.runs}×{args.clients} envíos" for label, (e, lo) in totals.items()))


if __name__ == "__main__":
    main()
