"""Shared fixtures: app, client, runner (flaskr style) on SQLite or PostgreSQL.

Set DATABASE_URL to run the database tests on PostgreSQL; otherwise each test
gets its own SQLite file, copied from a migrated template.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy import text

from tourney import create_app, db

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("TOURNEY_SHARED_DATA", ROOT.parent / "shared" / "data"))
DECKFORGE_CARDS = SHARED_DATA / "deckforge" / "public-data" / "cards.json"
PG_URL = os.environ.get("DATABASE_URL")


# CI sets CI=true: there the real card data is required (a green run without it proves
# nothing about the rules); locally a missing ../shared/data skips, loudly (see below).
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
# Property tests draw the same examples on every run (and keep no example database): a suite
# that passes once passes again, and a failure found once is found again (main stays green by
# proof, not by luck). Every ``settings(...)`` of a test inherits this profile.
settings.register_profile("tourney", derandomize=True, database=None, print_blob=True)
settings.load_profile("tourney")
MISSING_DATA = f"no se encontró ../shared/data ({SHARED_DATA})"


def pytest_report_header(config):
    return f"database: {db.normalize_url(PG_URL) if PG_URL else 'sqlite (per test)'}; shared data: {SHARED_DATA}"


def pytest_sessionstart(session):
    if IN_CI and not DECKFORGE_CARDS.exists():
        pytest.exit(f"{MISSING_DATA}: en CI (CI=true) las pruebas con cartas reales son "
                    "obligatorias; la suite falla en vez de saltarlas.", returncode=1)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Say loudly how many tests did not run, and why (grouped by reason)."""
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    reasons: dict[str, int] = {}
    for report in skipped:
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
        reason = reason.removeprefix("Skipped: ")
        reasons[reason] = reasons.get(reason, 0) + 1
    terminalreporter.section(f"{len(skipped)} PRUEBAS SALTADAS (no probaron nada)", sep="!",
                             red=True, bold=True)
    for reason, count in sorted(reasons.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"  {count:>4} × {reason}", red=True)
    if any(reason.startswith("no se encontró ../shared/data") for reason in reasons):
        terminalreporter.write_line("  Sin ../shared/data no se prueban las reglas con cartas "
                                    "reales; en CI (CI=true) esto es un fallo.", red=True,
                                    bold=True)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not DECKFORGE_CARDS.exists():
        if IN_CI:
            pytest.fail(f"{MISSING_DATA}: en CI (CI=true) es obligatorio", pytrace=False)
        pytest.skip(MISSING_DATA)
    return SHARED_DATA


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("dbtemplate") / "template.sqlite3"
    db.upgrade(f"sqlite:///{path}")
    db.dispose_engines()
    return path


@pytest.fixture(scope="session")
def _pg_ready():
    if not PG_URL:
        return None
    engine = db.get_engine(PG_URL)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    db.upgrade(PG_URL)
    return engine


def _truncate_pg(engine) -> None:
    with engine.begin() as conn:
        tables = [r[0] for r in conn.execute(text(
            "SELECT tablename FROM pg_tables WHERE schemaname='public' AND tablename <> 'alembic_version'"
        ))]
        if tables:
            conn.execute(text("TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " RESTART IDENTITY CASCADE"))


@pytest.fixture
def database_url(tmp_path, request) -> str:
    if PG_URL:
        engine = request.getfixturevalue("_pg_ready")
        _truncate_pg(engine)
        return PG_URL
    template = request.getfixturevalue("_sqlite_template")
    target = tmp_path / "tourney.sqlite3"
    shutil.copy(template, target)
    return f"sqlite:///{target}"


@pytest.fixture
def app(database_url, tmp_path):
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test",
        "DATABASE_URL": database_url,
        "WTF_CSRF_ENABLED": False,
        "UPLOAD_FOLDER": str(tmp_path / "uploads"),
    })
    yield app
    if not PG_URL:
        db.get_engine(database_url).dispose()
        db._engines.pop(db.normalize_url(database_url), None)


@pytest.fixture
def csrf_app(database_url, tmp_path):
    """The app with CSRF protection on, as in production."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
