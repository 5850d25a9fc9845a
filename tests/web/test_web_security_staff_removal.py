"""Issue 26, finding 12: the panel shows each staff member's role, the owner (only) removes
staff, and the event's history records who added or removed whom."""
from __future__ import annotations

from sqlmodel import select

from tourney.models.events import EventJudge
from tourney.models.history import HISTORY_STAFF_ADDED, HISTORY_STAFF_REMOVED, EventHistory
from web_helpers import login


def _staff(world, event):
    return world.run(lambda s: {(j.user_id, j.role) for j in s.exec(
        select(EventJudge).where(EventJudge.event_id == event.id))})


def _history(world, event, kind):
    return world.run(lambda s: [(h.actor_id, h.subject_user_id, h.summary) for h in s.exec(
        select(EventHistory).where(EventHistory.event_id == event.id, EventHistory.kind == kind))])


def test_the_panel_shows_each_staff_members_role(client, cast):
    login(client, cast.org.email)
    page = client.get(f"/eventos/{cast.event.id}/panel").get_data(as_text=True)
    assert f"{cast.judge.name} ({cast.judge.email}) — <strong>Juez</strong>" in page
    assert "Quitar del equipo" in page


def test_the_owner_removes_a_judge_and_the_history_says_who_removed_whom(client, cast, world):
    login(client, cast.org.email)
    resp = client.post(f"/eventos/{cast.event.id}/equipo/{cast.judge.id}/quitar")
    assert resp.status_code == 302
    assert (cast.judge.id, "juez") not in _staff(world, cast.event)
    removed = _history(world, cast.event, HISTORY_STAFF_REMOVED)
    assert removed and removed[0][:2] == (cast.org.id, cast.judge.id)
    assert cast.judge.name in removed[0][2] and cast.org.name in removed[0][2]
    login(client, cast.judge.email)  # and the judge's rights on the event are gone
    assert client.get(f"/eventos/{cast.event.id}/revision").status_code == 403


def test_adding_staff_is_recorded_in_the_history(cast, world):
    added = _history(world, cast.event, HISTORY_STAFF_ADDED)
    assert added and added[0][:2] == (cast.org.id, cast.judge.id)


def test_a_co_organizer_cannot_remove_staff(client, cast, world):
    from tourney.services import events

    co = world.user("co@x.cl", name="Coro")
    world.run(lambda s: events.add_judge(s, cast.org, cast.event, co.email, "organizador"))
    login(client, co.email)
    page = client.get(f"/eventos/{cast.event.id}/panel").get_data(as_text=True)
    assert "Quitar del equipo" not in page
    resp = client.post(f"/eventos/{cast.event.id}/equipo/{cast.judge.id}/quitar")
    assert resp.status_code == 403
    assert (cast.judge.id, "juez") in _staff(world, cast.event)


def test_a_judge_or_a_stranger_cannot_remove_staff(client, cast, world):
    for email in (cast.judge.email, cast.outsider.email):
        login(client, email)
        assert client.post(f"/eventos/{cast.event.id}/equipo/{cast.judge.id}/quitar").status_code == 403
    assert (cast.judge.id, "juez") in _staff(world, cast.event)
