"""The event's history (migration 0009): who changed what, when and why; only the event's
staff read it; rows are only added (an undo is a row naming the row it undoes)."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text

from tourney import db
from test_web_migration import _snapshot, rows_at
from web_helpers import login


def test_0009_adds_event_history_and_keeps_every_row_both_ways(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    before = rows_at(url, "0008_event_day")

    db.upgrade(url)
    engine = create_engine(url)
    assert _snapshot(engine) == before
    assert "event_history" in inspect(engine).get_table_names()
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM event_history")).scalar() == 0
    engine.dispose()

    db.downgrade(url, "0008_event_day")
    engine = create_engine(url)
    assert _snapshot(engine) == before
    assert "event_history" not in inspect(engine).get_table_names()
    engine.dispose()


def test_a_history_row_keeps_who_when_what_and_why(cast, world):
    from tourney.models.history import HISTORY_STAFF_ADDED, HISTORY_UNDO
    from tourney.services import history

    def write(s):
        first = history.record(s, cast.event, cast.org, HISTORY_STAFF_ADDED,
                               "Julia Jueza entra al equipo como juez.",
                               reason="  juez  principal ", subject_user_id=cast.judge.id,
                               after={"role": "juez"})
        history.record(s, cast.event, cast.org, HISTORY_UNDO, "Deshace: Julia sale.",
                       undoes=first)
        return first.id

    first_id = world.run(write)
    entries = world.run(lambda s: [(e.row.id, e.row.actor_name, e.row.kind, e.row.reason,
                                    e.row.after, e.undone, e.row.at is not None)
                                   for e in history.entries(s, cast.org, cast.event)])
    mine = next(e for e in entries if e[0] == first_id)  # (cast's own staff add is there too)
    assert mine == (first_id, "Olga Organiza", HISTORY_STAFF_ADDED, "juez principal",
                    {"role": "juez"}, True, True)
    assert entries[0][2] == HISTORY_UNDO  # newest first


def test_a_reason_longer_than_the_limit_is_refused_with_its_field(cast, world):
    from tourney.models.history import HISTORY_EVENT, REASON_MAX
    from tourney.services import history
    from tourney.services.errors import ServiceError

    with pytest.raises(ServiceError) as exc:
        world.run(lambda s: history.record(s, cast.event, cast.org, HISTORY_EVENT, "x",
                                           reason="y" * (REASON_MAX + 1)))
    assert exc.value.field == "reason" and "máximo 500" in exc.value.message


def test_only_the_events_staff_read_its_history(cast, client):
    url = f"/eventos/{cast.event.id}/historial"
    for email, status in (("org@x.cl", 200), ("juez@x.cl", 200), ("ana@x.cl", 403),
                          ("otro@x.cl", 403)):
        login(client, email)
        resp = client.get(url)
        assert resp.status_code == status, email
    login(client, "org@x.cl")
    # the only change so far: the judge joining the staff (services.staff records it)
    assert "agregó a Julia Jueza al equipo como Juez" in client.get(url).get_data(as_text=True)
