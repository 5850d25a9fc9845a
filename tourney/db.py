"""Database plumbing: one engine per URL, a session per request, Alembic upgrades.

Services receive a ``Session`` and only ``flush``; the request edge (or the CLI
command) commits.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from flask import Flask, current_app, g
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlmodel import Session, create_engine

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_engines: dict[str, Engine] = {}


def normalize_url(url: str) -> str:
    """Accept the usual spellings of a PostgreSQL URL and use psycopg 3."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def get_engine(url: str) -> Engine:
    url = normalize_url(url)
    engine = _engines.get(url)
    if engine is None:
        if url.startswith("sqlite"):
            _create_private_sqlite(url)
            engine = create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            # per process: `tourney serve` runs several, which share PostgreSQL's
            # max_connections (100 by default): 4 processes × (10 + 10) = 80
            engine = create_engine(url, pool_pre_ping=True,
                                   pool_size=int(os.environ.get("DB_POOL_SIZE", "10")),
                                   max_overflow=int(os.environ.get("DB_MAX_OVERFLOW", "10")),
                                   pool_timeout=30)
        _engines[url] = engine
    return engine


def _create_private_sqlite(url: str) -> None:
    """Create a new SQLite file readable by its owner only (0600): it holds e-mails, password
    hashes and unpublished decklists. An existing file that others can read (0644, say: made
    by an older version or copied) is tightened to 0600, with its -wal and -shm files."""
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    if path.exists():
        _tighten(path)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:  # another process made it first
        pass


def _tighten(path: Path) -> None:
    for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if part.exists() and part.stat().st_mode & 0o077:
                part.chmod(0o600)
        except OSError:  # not ours, or a file system without modes: leave it
            pass


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # pragma: no cover - trivial
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def dispose_engines() -> None:
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()


def engine_for_app(app: Flask | None = None) -> Engine:
    app = app or current_app
    return get_engine(app.config["DATABASE_URL"])


def get_session() -> Session:
    """The request's session (created on first use, closed at teardown)."""
    if "db_session" not in g:
        g.db_session = Session(engine_for_app(), expire_on_commit=False)
    return g.db_session


def close_session(_exc: BaseException | None = None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()


@contextmanager
def session_scope(app: Flask | None = None) -> Iterator[Session]:
    """A unit of work outside a request (CLI, scripts): commit on success, roll back on error."""
    session = Session(engine_for_app(app), expire_on_commit=False)
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def alembic_config(url: str):
    from alembic.config import Config  # only migrations pay for Alembic

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("sqlalchemy.url", normalize_url(url).replace("%", "%%"))
    return cfg


def upgrade(url: str, revision: str = "head") -> None:
    if normalize_url(url).startswith("sqlite"):
        _create_private_sqlite(normalize_url(url))
    from alembic import command

    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str) -> None:
    from alembic import command

    command.downgrade(alembic_config(url), revision)


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_session)
