"""Migration 0004 (event page size; registration ID, e-mail and byes; forbidden pairs) keeps
every row of a database at 0003, and going back to 0003 keeps them too (SQLite)."""
from __future__ import annotations

from sqlalchemy import create_engine, inspect, text

from tourney import db

ROWS = [
    "INSERT INTO app_user (id, email, name, password_hash, role, created_at) VALUES "
    "(1, 'org@x.cl', 'Olga', 'h', 'organizador', '2026-11-01 10:00:00'), "
    "(2, 'ana@x.cl', 'Ana', 'h', 'jugador', '2026-11-01 10:00:00')",
    "INSERT INTO event (id, name, date, venue, format_id, top_cut, support_required, "
    "registration_open, status, decklists_published, seed, organizer_id, created_at) VALUES "
    "(1, 'Copa Ñuñoa', '2026-12-05', 'Club', 'unificado', 0, 1, 1, 'en_curso', 0, 7, 1, "
    "'2026-11-01 10:00:00')",
    "INSERT INTO registration (id, event_id, user_id, name, dropped, late_losses, created_at) "
    "VALUES (1, 1, 2, 'Ana', 0, 0, '2026-11-01 10:00:00'), "
    "(2, 1, NULL, 'Beto Peña', 1, 1, '2026-11-01 10:00:00')",
    "INSERT INTO decklist_submission (id, registration_id, submitted_by, source, raw_text, "
    "resolved_json, verdict_json, legal, submitted_at) VALUES "
    "(1, 1, 2, 'texto', '3 Kirin', '{}', '{}', 1, '2026-11-02 10:00:00')",
    "INSERT INTO round (id, event_id, number, published, timer_minutes, created_at, kind) "
    "VALUES (1, 1, 1, 1, 50, '2026-11-05 10:00:00', 'suizo')",
    "INSERT INTO match (id, round_id, table_no, player_a_id, player_b_id, result, status, "
    "version, flags, updated_at) VALUES (1, 1, 1, 1, 2, '2-1-0', 'confirmado', 3, '[]', "
    "'2026-11-05 11:00:00')",
    "INSERT INTO match_seat (id, round_id, registration_id, match_id) VALUES (1, 1, 1, 1), "
    "(2, 1, 2, 1)",
]


def _snapshot(engine):
    with engine.connect() as conn:
        return {
            "users": conn.execute(text("SELECT id, email, role FROM app_user ORDER BY id")).all(),
            "event": conn.execute(text("SELECT id, name, format_id, status, seed FROM event")).all(),
            "regs": conn.execute(text("SELECT id, event_id, user_id, name, dropped, late_losses "
                                      "FROM registration ORDER BY id")).all(),
            "subs": conn.execute(text("SELECT id, registration_id, raw_text, legal "
                                      "FROM decklist_submission")).all(),
            "matches": conn.execute(text("SELECT id, player_a_id, player_b_id, result, status, "
                                         "version FROM match")).all(),
            "seats": conn.execute(text("SELECT * FROM match_seat ORDER BY id")).all(),
        }


def rows_at(url: str, revision: str):
    """A database migrated to ``revision`` holding ``ROWS``: their snapshot, to compare after
    an upgrade or a downgrade (every migration must keep them)."""
    db.upgrade(url, revision)
    engine = create_engine(url)
    with engine.begin() as conn:
        for sql in ROWS:
            conn.execute(text(sql))
    before = _snapshot(engine)
    engine.dispose()
    return before


def test_0004_upgrade_from_0003_keeps_every_row_and_fills_defaults(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    before = rows_at(url, "0003_round_kind")

    db.upgrade(url)
    engine = create_engine(url)
    assert _snapshot(engine) == before
    with engine.connect() as conn:
        assert conn.execute(text("SELECT page_size FROM event")).scalar() == "A4"
        assert conn.execute(text("SELECT byes, external_id, email FROM registration ORDER BY id")
                            ).all() == [(0, None, None), (0, None, None)]
        assert conn.execute(text("SELECT count(*) FROM forbidden_pair")).scalar() == 0
    assert "started_at" in {c["name"] for c in inspect(engine).get_columns("support_swap")}
    # the foreign keys still point at the rebuilt tables
    fks = {fk["referred_table"] for fk in inspect(engine).get_foreign_keys("match")}
    assert "registration" in fks
    engine.dispose()

    db.downgrade(url, "0003_round_kind")
    engine = create_engine(url)
    assert _snapshot(engine) == before
    assert "forbidden_pair" not in inspect(engine).get_table_names()
    assert "byes" not in {c["name"] for c in inspect(engine).get_columns("registration")}
    engine.dispose()


def test_0004_two_desk_players_without_id_coexist_but_an_id_is_unique_per_event(tmp_path):
    import pytest
    from sqlalchemy.exc import IntegrityError

    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    db.upgrade(url, "0003_round_kind")
    engine = create_engine(url)
    with engine.begin() as conn:
        for sql in ROWS[:2]:
            conn.execute(text(sql))
    engine.dispose()
    db.upgrade(url)
    engine = create_engine(url)
    insert = ("INSERT INTO registration (event_id, name, dropped, late_losses, created_at, "
              "external_id) VALUES (1, :n, 0, 0, '2026-11-01', :x)")
    with engine.begin() as conn:
        conn.execute(text(insert), {"n": "A", "x": None})
        conn.execute(text(insert), {"n": "B", "x": None})
        conn.execute(text(insert), {"n": "C", "x": "12345"})
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(text(insert), {"n": "D", "x": "12345"})
    engine.dispose()
