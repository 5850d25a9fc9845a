"""Migration 0008 (a player's own drop: registration.self_dropped_at) keeps every row of a
database at 0007, and going back to 0007 keeps them too (SQLite)."""
from __future__ import annotations

from sqlalchemy import create_engine, inspect, text

from tourney import db
from test_web_migration import _snapshot, rows_at


def test_0008_adds_self_dropped_at_and_keeps_every_row_both_ways(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    before = rows_at(url, "0007_pools")

    db.upgrade(url)
    engine = create_engine(url)
    assert _snapshot(engine) == before
    with engine.connect() as conn:
        assert conn.execute(text("SELECT self_dropped_at FROM registration ORDER BY id")
                            ).all() == [(None,), (None,)]  # every earlier drop was the organizer's
    engine.dispose()

    db.downgrade(url, "0007_pools")
    engine = create_engine(url)
    assert _snapshot(engine) == before
    assert "self_dropped_at" not in {c["name"] for c in inspect(engine).get_columns("registration")}
    engine.dispose()
