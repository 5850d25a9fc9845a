"""Web fixtures: a database with the real DeckForge catalog imported once, users, events, decks.

Overrides ``database_url`` for tests/web only: on SQLite each test gets a copy of a migrated
database that already holds the catalog; on PostgreSQL the catalog is imported once and only
the event tables are emptied between tests.
"""
from __future__ import annotations

import os
import shutil

import pytest
from playwright.sync_api import sync_playwright
from sqlalchemy import text
from live_server import serve

from tourney import db

from browser_helpers import ARGS, CHROMIUM, PHONE
from web_helpers import FORMAT, World

# rate_limit has no foreign key (CASCADE does not reach it): counters of an earlier test on
# PostgreSQL would otherwise be read by the next one
EVENT_TABLES = ("event_history", "deck_check", "support_swap", "result_report", "match_seat", "match", "round",
                "decklist_submission", "registration", "event_judge", "event", "app_user",
                "rate_limit")


def _import_catalog(url: str, shared_data) -> None:
    from tourney.catalog.importers.deckforge import load_deckforge_cards
    from tourney.services.catalog import clear_cache, import_cards

    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    from sqlmodel import Session

    with Session(db.get_engine(url)) as session:
        import_cards(session, cards, editions, source="deckforge")
        session.commit()
    clear_cache()


@pytest.fixture(autouse=True)
def _cheap_password_hashes(monkeypatch):
    """scrypt costs ~0.3 s per hash on a busy CI box: tests use a cheap pbkdf2."""
    from tourney.services import accounts

    monkeypatch.setattr(accounts, "PASSWORD_METHOD", "pbkdf2:sha256:1000")


_CATALOGS: dict = {}


@pytest.fixture(autouse=True)
def _shared_catalog(monkeypatch):
    """Every test database holds the same imported catalog: build the in-memory Catalog once."""
    from tourney.services import catalog as catalog_service

    original = catalog_service.load_catalog

    def load_catalog(session, use_cache=True):
        version = catalog_service.catalog_version(session)
        if version not in _CATALOGS:
            _CATALOGS[version] = original(session, use_cache=False)
        return _CATALOGS[version]

    monkeypatch.setattr(catalog_service, "load_catalog", load_catalog)


@pytest.fixture(scope="session")
def _web_sqlite_template(tmp_path_factory, shared_data):
    path = tmp_path_factory.mktemp("webtemplate") / "web.sqlite3"
    url = f"sqlite:///{path}"
    db.upgrade(url)
    _import_catalog(url, shared_data)
    db.get_engine(url).dispose()
    db._engines.pop(db.normalize_url(url), None)
    return path


@pytest.fixture
def database_url(tmp_path, request, shared_data):
    PG_URL = os.environ.get("DATABASE_URL")
    if PG_URL:
        engine = request.getfixturevalue("_pg_ready")
        with engine.begin() as conn:
            conn.execute(text("TRUNCATE " + ", ".join(f'"{t}"' for t in EVENT_TABLES)
                              + " RESTART IDENTITY CASCADE"))
            cards = conn.execute(text("SELECT count(*) FROM card")).scalar()
        if not cards:
            _import_catalog(PG_URL, shared_data)
        return PG_URL
    template = request.getfixturevalue("_web_sqlite_template")
    target = tmp_path / "tourney.sqlite3"
    shutil.copy(template, target)
    return f"sqlite:///{target}"


@pytest.fixture
def world(app):
    return World(app)


@pytest.fixture
def cast(world, app):
    """An organizer, a judge, two players (Ana, Beto) registered with legal lists, one outsider."""
    from tourney.services import decklists, events

    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    judge = world.user("juez@x.cl", name="Julia Jueza")
    ana = world.user("ana@x.cl", name="Ana")
    beto = world.user("beto@x.cl", name="Beto")
    outsider = world.user("otro@x.cl", name="Otro")
    event = world.event(org)
    fmt, cat = world.formats()[FORMAT], world.catalog()
    decks = {"ana": world.deck(1), "beto": world.deck(2)}

    def setup(s):
        events.add_judge(s, org, event, judge.email)
        regs = {}
        for key, user in (("ana", ana), ("beto", beto)):
            reg = events.register_self(s, user, event)
            decklists.submit_decklist(s, user, event, reg, fmt, cat, text=decks[key])
            regs[key] = reg
        return regs

    regs = world.run(setup)

    class Cast:
        pass

    c = Cast()
    c.org, c.judge, c.ana, c.beto, c.outsider, c.event = org, judge, ana, beto, outsider, event
    c.regs, c.decks, c.fmt, c.catalog = regs, decks, fmt, cat
    return c


@pytest.fixture
def paired(cast, world):
    """``cast`` plus Carla (legal list) and round 1 paired and published: one match and a bye.

    ``paired.playing`` are the two registrations at the match, ``paired.bye`` the third."""
    from tourney.services import decklists, events, rounds

    carla = world.user("carla@x.cl", name="Carla")
    deck = world.deck(3)

    def setup(s):
        reg = events.register_self(s, carla, cast.event)
        decklists.submit_decklist(s, carla, cast.event, reg, cast.fmt, cast.catalog, text=deck)
        rnd = rounds.pair_next_round(s, cast.org, cast.event)
        rounds.publish_round(s, cast.org, rnd)
        matches = rounds.round_matches(s, rnd)
        return reg, rnd, matches

    reg, rnd, matches = world.run(setup)
    cast.carla, cast.regs["carla"], cast.decks["carla"] = carla, reg, deck
    match = next(m for m in matches if m.player_b_id is not None)
    bye = next(m for m in matches if m.player_b_id is None)
    by_reg = {r.id: key for key, r in cast.regs.items()}
    users = {"ana": cast.ana, "beto": cast.beto, "carla": carla}
    cast.round, cast.match = rnd, match
    cast.playing = [by_reg[match.player_a_id], by_reg[match.player_b_id]]
    cast.bye = by_reg[bye.player_a_id]
    cast.users = users
    return cast


# -- real-browser tests (Playwright + Debian Chromium) -----------------------------------------
@pytest.fixture
def server(csrf_app):
    """The app with CSRF on, served by waitress on a free loopback port."""
    with serve(csrf_app) as base:
        yield base


@pytest.fixture
def page(server):
    """A phone-sized Chromium page."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(viewport=PHONE)
        pg = context.new_page()
        pg.set_default_timeout(15000)
        yield pg
        context.close()
        browser.close()
