"""Migration 0005 (event staff, session versions, rate-limit counters) keeps existing events
working: the creator stays the owner, existing judges stay judges of their event, every
session version starts at 0; going back to 0004 keeps the rows too (SQLite)."""
from __future__ import annotations

from sqlalchemy import create_engine, inspect, text

from tourney import db

ROWS = [
    "INSERT INTO app_user (id, email, name, password_hash, role, created_at) VALUES "
    "(1, 'org@x.cl', 'Olga', 'h', 'organizador', '2026-11-01 10:00:00'), "
    "(2, 'juez@x.cl', 'Julia', 'h', 'jugador', '2026-11-01 10:00:00'), "
    "(3, 'org2@x.cl', 'Osvaldo', 'h', 'organizador', '2026-11-01 10:00:00')",
    "INSERT INTO event (id, name, date, venue, format_id, top_cut, support_required, "
    "registration_open, status, decklists_published, seed, organizer_id, created_at, page_size) VALUES "
    "(1, 'Copa Ñuñoa', '2026-12-05', 'Club', 'unificado', 0, 1, 1, 'en_curso', 0, 7, 1, "
    "'2026-11-01 10:00:00', 'A4')",
    "INSERT INTO event_judge (id, event_id, user_id) VALUES (1, 1, 2)",
]


def test_0005_upgrade_from_0004_keeps_owner_and_judges(tmp_path):
    from sqlmodel import Session

    from tourney.models.events import Event, User
    from tourney.services import access

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    db.upgrade(url, "0004_event_documents")
    engine = create_engine(url)
    with engine.begin() as conn:
        for sql in ROWS:
            conn.execute(text(sql))
    engine.dispose()

    db.upgrade(url, "0005_event_staff")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT user_id, role FROM event_judge")).all() == [(2, "juez")]
        assert conn.execute(text("SELECT session_version FROM app_user ORDER BY id")).scalars().all() == [0, 0, 0]
        assert conn.execute(text("SELECT organizer_id FROM event")).scalar() == 1
    with Session(engine) as s:
        event, owner, judge, other = s.get(Event, 1), s.get(User, 1), s.get(User, 2), s.get(User, 3)
        for u in (owner, judge, other):
            u.is_authenticated  # noqa: B018 - flask-login property on the model
        assert access.staff_role(s, owner, event) == "owner"
        assert access.is_organizer(owner, event, s) and access.is_judge(s, owner, event)
        assert access.is_judge(s, judge, event) and not access.is_organizer(judge, event, s)
        assert not access.is_judge(s, other, event) and not access.is_organizer(other, event, s)
        assert access.is_organizer(other)  # the global role still creates events
    assert "rate_limit" in inspect(engine).get_table_names()
    engine.dispose()

    db.downgrade(url, "0004_event_documents")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT user_id FROM event_judge")).all() == [(2,)]
    assert "session_version" not in {c["name"] for c in inspect(engine).get_columns("app_user")}
    engine.dispose()
