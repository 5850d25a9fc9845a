"""Figure: the live decklist check (POST /eventos/<id>/mi-lista/verificar) costs milliseconds.

Worst accepted input under the limits (tourney.legality.decklist): 200 card lines, of which
30 distinct names are unknown (long, several words: the costliest suggestions) and 170 are
real cards, every name new to the process (no cache hit). Typical input: a legal
Mitos y Leyendas list (50 + 10 cards). Rejected input (2,000 unknown names, the report's
26 KB) is timed too: it is refused before any name is looked up.

Measured in-process through Flask's test client (the whole request: routing, session,
parse, validation, JSON), rate limits off, after a warm-up; several runs, medians.

    .venv/bin/python benchmarks/security_live_check.py [--runs 5] [--requests 40]
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

from web_common import fresh_database, percentile  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "deckforge" / "public-data" / "cards.json"
PASSWORD = "clave-bench-1"


def build(url: str):
    from datetime import date

    from tourney import create_app, db
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.services import accounts, catalog as catalog_service, events

    accounts.PASSWORD_METHOD = "pbkdf2:sha256:1000"
    app = create_app({"DATABASE_URL": url, "TESTING": True, "WTF_CSRF_ENABLED": False,
                      "RATELIMIT_ENABLED": False, "SECRET_KEY": "bench"})
    cards, editions = load_deckforge_cards(DATA)
    with app.app_context():
        with db.session_scope() as s:
            catalog_service.import_cards(s, cards, editions, source="deckforge")
        from tourney.web.common import formats

        with app.test_request_context():
            fmts = formats()
        with db.session_scope() as s:
            org = accounts.create_user(s, "org@bench.cl", "Org", PASSWORD, "organizador")
            ana = accounts.create_user(s, "ana@bench.cl", "Ana", PASSWORD)
            event = events.create_event(s, org, name="Regional", date=date(2026, 12, 20),
                                        format_id="unificado", formats=fmts, seed=3)
            events.register_self(s, ana, event)
            event_id = event.id
        with db.session_scope() as s:
            catalog = catalog_service.load_catalog(s)
        from tourney.services.demo import build_deck

        deck = build_deck(catalog, fmts["unificado"], random.Random(1), with_support=True)
    return app, event_id, catalog, deck


def worst_list(catalog, serial: int) -> str:
    from tourney.legality.decklist import MAX_DECKLIST_LINES, MAX_NAME_LENGTH, MAX_UNKNOWN_NAMES

    rng = random.Random(serial)
    names = [n for n in catalog.names() if catalog.resolve(n).ok]
    words = "dragón sombra guerrero antiguo espada fuego luna sol bosque caballero del reino".split()
    lines = []
    for i in range(MAX_UNKNOWN_NAMES):  # long multi-word invented names: the costliest to suggest
        name = " ".join(rng.choice(words) for _ in range(14)) + f" {serial}x{i}"
        lines.append(f"1 {name[:MAX_NAME_LENGTH]}")
    for name in rng.sample(names, MAX_DECKLIST_LINES - MAX_UNKNOWN_NAMES):
        lines.append(f"1 {name}")
    return "\n".join(lines)


CPU: dict[str, list[float]] = {"worst": [], "typical": []}


def timed(client, url: str, text: str, kind: str = "") -> tuple[float, int]:
    """Wall time of the request (and, in CPU[kind], the CPU time this process spent on it:
    what the request costs, whatever else the shared machine is running)."""
    c0, t0 = time.process_time(), time.perf_counter()
    resp = client.post(url, data={"text": text})
    elapsed = time.perf_counter() - t0
    if kind:
        CPU[kind].append(time.process_time() - c0)
    return elapsed, resp.status_code


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--requests", type=int, default=40)
    ap.add_argument("--database-url", default=None)
    args = ap.parse_args()
    url = fresh_database(args.database_url)
    app, event_id, catalog, deck = build(url)
    client = app.test_client()
    resp = client.post("/entrar", data={"email": "ana@bench.cl", "password": PASSWORD})
    assert resp.status_code == 302, resp.status_code
    check = f"/eventos/{event_id}/mi-lista/verificar"
    flood = "\n".join(f"1 Carta Inventada {i}" for i in range(2000))
    for _ in range(5):  # warm-up (templates, catalog, suggestion index)
        timed(client, check, deck)
    serial = 0
    worst_p50, worst_max, typical_p50, flood_p50 = [], [], [], []
    for run in range(args.runs):
        worst, typical, rejected = [], [], []
        for _ in range(args.requests):
            serial += 1
            text = worst_list(catalog, serial)  # fresh names: no cache
            t, code = timed(client, check, text, "worst")
            assert code == 200, code
            worst.append(t)
            t, code = timed(client, check, deck, "typical")
            assert code == 200, code
            typical.append(t)
            t, code = timed(client, check, flood)
            assert code == 400, code
            rejected.append(t)
        print(f"run {run + 1}: peor caso p50 {statistics.median(worst) * 1000:.1f} ms, "
              f"p95 {percentile(worst, 95) * 1000:.1f} ms, máx {max(worst) * 1000:.1f} ms; "
              f"típico p50 {statistics.median(typical) * 1000:.2f} ms; "
              f"2.000 desconocidas (rechazo) p50 {statistics.median(rejected) * 1000:.1f} ms")
        worst_p50.append(statistics.median(worst))
        worst_max.append(max(worst))
        typical_p50.append(statistics.median(typical))
        flood_p50.append(statistics.median(rejected))
    print(f"CPU por petición: peor caso p50 {statistics.median(CPU['worst']) * 1000:.1f} ms, "
          f"p95 {percentile(CPU['worst'], 95) * 1000:.1f} ms; típico p50 "
          f"{statistics.median(CPU['typical']) * 1000:.2f} ms")
    print(f"FIGURE live_check cpu_worst_p50_ms={statistics.median(CPU['worst']) * 1000:.1f} "
          f"cpu_typical_p50_ms={statistics.median(CPU['typical']) * 1000:.2f} wall_worst_p50_ms={statistics.median(worst_p50) * 1000:.1f} "
          f"worst_max_ms={statistics.median(worst_max) * 1000:.1f} (objetivo ≤ 50) "
          f"typical_p50_ms={statistics.median(typical_p50) * 1000:.2f} (objetivo ≤ 5) "
          f"rejected_2000_p50_ms={statistics.median(flood_p50) * 1000:.1f}")


if __name__ == "__main__":
    main()
