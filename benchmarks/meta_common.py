"""Shared by the metagame, league and rating benchmarks: events written straight into a fresh
database (players without accounts, registered lists built from the real catalog's Aliados,
random pairings with confirmed results), so a 512-player event takes seconds to set up."""
from __future__ import annotations

import json
import random
import sys
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_common import fresh_database  # noqa: E402

CARDS = ROOT.parent / "shared" / "data" / "deckforge" / "public-data" / "cards.json"


def catalog():
    from tourney.catalog.catalog import Catalog
    from tourney.catalog.importers.deckforge import load_deckforge_cards

    cards, editions = load_deckforge_cards(CARDS)
    return Catalog.from_cards(cards, editions)


def decks(cat, rng: random.Random, count: int) -> list[dict]:
    """``count`` resolved lists: 22 Aliados mostly of one race (some splashed), 28 other cards."""
    allies: dict[str, list] = {}
    others = [c for c in cat if not c.is_ally and c.code][:200]
    for c in cat:
        if c.is_ally and c.race and c.code:
            allies.setdefault(c.race, []).append(c)
    races = sorted(r for r, cs in allies.items() if len(cs) >= 10)
    out = []
    for _ in range(count):
        main = rng.choice(races)
        picked = rng.sample(allies[main], 6) + rng.sample(allies[rng.choice(races)], 2)
        castle = [{"code": c.code, "name": c.name, "qty": 3 if i < 6 else 2}
                  for i, c in enumerate(picked)]
        castle += [{"code": c.code, "name": c.name, "qty": 2} for c in rng.sample(others, 14)]
        out.append({"castle": castle, "support": []})
    return out


def build_events(url: str, cat, events: int, players: int, rounds: int, top_cut: int = 0,
                 seed: int = 1, organizer_email: str = "org@bench.cl") -> tuple[int, list[int]]:
    """``events`` events of the same ``players`` (by ID), each with ``rounds`` rounds of random
    pairings and confirmed results (and a top cut of ``top_cut``). Returns (organizer, event ids)."""
    from sqlalchemy import insert

    from tourney import db
    from tourney.models.events import (
        EVENT_FINISHED, MATCH_CONFIRMED, ROUND_SWISS, ROUND_TOP_CUT, DecklistSubmission, Event,
        Match, Registration, Round, User,
    )
    from tourney.models.catalog import utcnow

    rng = random.Random(seed)
    pool = decks(cat, rng, 64)
    engine = db.get_engine(url)
    ids = []
    with engine.begin() as conn:
        org = conn.execute(insert(User).values(email=organizer_email, name="Org", password_hash="x",
                                               role="organizador", created_at=utcnow(),
                                               session_version=0)).inserted_primary_key[0]
        start = date(2026, 1, 1)
        for e in range(events):
            now = utcnow()
            eid = conn.execute(insert(Event).values(
                name=f"Fecha {e + 1}", date=start + timedelta(days=7 * e), venue="", format_id="unificado",
                rounds_planned=rounds, top_cut=top_cut, support_required=False, registration_open=False,
                status=EVENT_FINISHED, decklists_published=True, page_size="A4", seed=e,
                organizer_id=org, created_at=now)).inserted_primary_key[0]
            ids.append(eid)
            regs = []
            for p in range(players):
                rid = conn.execute(insert(Registration).values(
                    event_id=eid, name=f"Jugador {p}", external_id=f"ID-{p}", byes=0, dropped=False,
                    late_losses=0, created_at=now)).inserted_primary_key[0]
                regs.append(rid)
            conn.execute(insert(DecklistSubmission), [
                {"registration_id": rid, "source": "texto", "raw_text": "",
                 "resolved_json": json.dumps(rng.choice(pool)), "verdict_json": "{}", "legal": True,
                 "submitted_at": now} for rid in regs])
            kinds = [ROUND_SWISS] * rounds
            size = top_cut
            while size >= 2:
                kinds.append(ROUND_TOP_CUT)
                size //= 2
            alive = list(regs)
            for number, kind in enumerate(kinds, start=1):
                rnd = conn.execute(insert(Round).values(event_id=eid, number=number, kind=kind,
                                                        published=True, timer_minutes=50,
                                                        created_at=now)).inserted_primary_key[0]
                seats = list(regs) if kind == ROUND_SWISS else alive[:max(2, len(alive))]
                if kind == ROUND_SWISS:
                    rng.shuffle(seats)
                elif number == rounds + 1:
                    seats = regs[:top_cut]
                rows, winners = [], []
                for t in range(0, len(seats) - 1, 2):
                    a, b = seats[t], seats[t + 1]
                    res = rng.choice(["2-0-0", "2-1-0", "1-2-0", "0-2-0"] if kind == ROUND_TOP_CUT
                                     else ["2-0-0", "2-1-0", "1-2-0", "0-2-0", "1-1-1"])
                    winners.append(a if res[0] == "2" else b)
                    rows.append({"round_id": rnd, "table_no": t // 2 + 1, "player_a_id": a,
                                 "player_b_id": b, "result": res, "status": MATCH_CONFIRMED,
                                 "version": 1, "flags": "[]", "updated_at": now})
                conn.execute(insert(Match), rows)
                if kind == ROUND_TOP_CUT:
                    alive = winners
    return org, ids


def database(url: str | None = None) -> str:
    return fresh_database(url)
