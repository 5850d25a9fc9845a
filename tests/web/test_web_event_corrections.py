"""Results that cannot change by accident (issue 23 item 2, issue 26 item 13).

The rule (docs/event-day.md «Quién cambia un resultado»): the event's judges and organizers
fill open tables and fix what the staff entered while the round is open; a result both players
confirmed is changed only by an organizer; a round with a later round paired, and every result
of a finished event, change only through an explicit correction that shows its consequences,
is recorded in the event's history with who, when and why, and can be undone. Every result
change is recorded with its author."""
from __future__ import annotations

import pytest
from sqlmodel import select

from tourney.models.events import Match, Round
from tourney.models.history import EventHistory
from web_helpers import login

NAMES = ("Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gabi", "Hugo")


def _history(world, event):
    return world.run(lambda s: [(h.kind, h.actor_name, h.before, h.after, h.reason, h.summary)
                                for h in s.exec(select(EventHistory).where(
                                    EventHistory.event_id == event.id).order_by(EventHistory.id))])


def _match(world, match_id):
    return world.run(lambda s: s.get(Match, match_id))


def _grid(event, number=1):
    return f"/eventos/{event.id}/rondas/{number}/marcador"


FETCH = {"X-Requested-With": "fetch"}


def test_every_result_change_is_recorded_with_its_author(client, paired, world):
    m = paired.match
    a, b = (paired.users[k] for k in paired.playing)
    login(client, a.email)
    client.post(f"/eventos/{paired.event.id}/mesas/{m.id}/resultado",
                data={"a_games": 2, "b_games": 1, "draws": 0})
    login(client, paired.judge.email)
    fresh = _match(world, m.id)
    assert client.post(_grid(paired.event), data={"tap": f"{m.id}:{fresh.version}:2-0-0"},
                       headers=FETCH).status_code == 200
    login(client, paired.org.email)
    fresh = _match(world, m.id)
    assert client.post(_grid(paired.event), data={"tap": f"{m.id}:{fresh.version}:0-2-0"},
                       headers=FETCH).status_code == 200
    rows = [r for r in _history(world, paired.event) if r[0] == "resultado"]  # staff rows too
    assert [(k, who) for k, who, *_ in rows] == [
        ("resultado", a.name), ("resultado", "Julia Jueza"), ("resultado", "Olga Organiza")]
    assert rows[1][2] == {"result": None, "status": "reportado"}
    assert rows[1][3] == {"result": "2-0-0", "status": "confirmado"}
    assert rows[2][2]["result"] == "2-0-0" and rows[2][3]["result"] == "0-2-0"
    assert "Mesa 1 de la ronda 1" in rows[2][5] and "2-0 → 0-2" in rows[2][5]


def test_a_judge_cannot_overwrite_a_result_both_players_confirmed(client, paired, world):
    m = paired.match
    a, b = (paired.users[k] for k in paired.playing)
    for user, games in ((a, (2, 1)), (b, (1, 2))):
        login(client, user.email)
        client.post(f"/eventos/{paired.event.id}/mesas/{m.id}/resultado",
                    data={"a_games": games[0], "b_games": games[1], "draws": 0})
    fresh = _match(world, m.id)
    assert fresh.status == "confirmado"
    login(client, paired.judge.email)
    resp = client.post(_grid(paired.event), data={"tap": f"{m.id}:{fresh.version}:0-2-0"},
                       headers=FETCH)
    assert resp.status_code == 403 and "confirmaron su resultado" in resp.get_json()["error"]
    assert _match(world, m.id).result == fresh.result
    login(client, paired.org.email)
    resp = client.post(_grid(paired.event), data={"tap": f"{m.id}:{fresh.version}:0-2-0"},
                       headers=FETCH)
    assert resp.status_code == 200 and _match(world, m.id).result == "0-2-0"
    assert _history(world, paired.event)[-1][1] == "Olga Organiza"


@pytest.fixture
def finished(world):
    """Eight desk players, 3 Swiss rounds, a Top 4 played to the end, the event finished."""
    from tourney.services import events, rounds

    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    judge = world.user("juez@x.cl", name="Julia Jueza")
    event = world.event(org, rounds_planned=3, top_cut=4)

    def play(s):
        events.add_judge(s, org, event, judge.email)
        for name in NAMES:
            events.add_player_at_desk(s, org, event, name)
        for _ in range(5):  # 3 Swiss rounds, semifinals, final
            rnd = rounds.pair_next_round(s, org, event)
            rounds.publish_round(s, org, rnd)
            for m in rounds.round_matches(s, rnd):
                if m.player_b_id is not None:
                    rounds.enter_result(s, org, event, m, "2-0-0", m.version)
        events.finish_event(s, org, event)
        return {r.number: [m.id for m in rounds.round_matches(s, r)]
                for r in rounds.event_rounds(s, event)}

    tables = world.run(play)

    class F:
        pass

    f = F()
    f.org, f.judge, f.event, f.tables = org, judge, event, tables
    return f


def test_a_finished_events_result_never_changes_with_a_tap(client, finished, world):
    match_id = finished.tables[1][0]
    seen = _match(world, match_id)
    login(client, finished.org.email)
    resp = client.post(_grid(finished.event), data={"tap": f"{match_id}:{seen.version}:0-2-0"},
                       headers=FETCH)
    assert resp.status_code == 409 and "el evento está finalizado" in resp.get_json()["error"]
    resp = client.post(f"/eventos/{finished.event.id}/mesas/{match_id}/resultado",
                       data={"a_games": 0, "b_games": 2, "draws": 0, "version": seen.version})
    assert resp.status_code == 409 and "Corregir" in resp.get_data(as_text=True)
    assert _match(world, match_id).result == "2-0-0"
    page = client.get(_grid(finished.event)).get_data(as_text=True)
    assert 'id="ronda-cerrada"' in page and 'name="tap"' not in page
    assert f"/mesas/{match_id}/correccion" in page


def test_a_round_with_a_later_round_paired_never_changes_with_a_tap(client, paired, world):
    from tourney.services import rounds

    m = paired.match
    login(client, paired.org.email)
    client.post(_grid(paired.event), data={"tap": f"{m.id}:{m.version}:2-0-0"}, headers=FETCH)
    world.run(lambda s: rounds.pair_next_round(s, paired.org, paired.event))
    seen = _match(world, m.id)
    resp = client.post(_grid(paired.event), data={"tap": f"{m.id}:{seen.version}:0-2-0"},
                       headers=FETCH)
    assert resp.status_code == 409 and "ya se emparejó la ronda 2" in resp.get_json()["error"]
    assert _match(world, m.id).result == "2-0-0"


def test_a_correction_shows_its_consequences_before_anything_changes(client, finished, world):
    match_id = finished.tables[1][0]
    seen = _match(world, match_id)
    login(client, finished.org.email)
    url = f"/eventos/{finished.event.id}/mesas/{match_id}/correccion"
    resp = client.post(url, data={"accion": "ver", "result": "0-2", "reason": "Error de tipeo",
                                  "version": seen.version})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and 'id="consecuencias"' in page
    assert "Cambia la clasificación del suizo" in page and "Cambia el corte (Top 4)" in page
    assert "El corte ya emparejado" in page
    assert _match(world, match_id).result == "2-0-0" and not [
        r for r in _history(world, finished.event) if r[0] == "correccion"]


def test_a_correction_needs_a_reason(client, finished, world):
    match_id = finished.tables[1][0]
    login(client, finished.org.email)
    resp = client.post(f"/eventos/{finished.event.id}/mesas/{match_id}/correccion",
                       data={"accion": "ver", "result": "0-2", "reason": "  "})
    assert resp.status_code == 400 and "motivo" in resp.get_data(as_text=True)


def test_a_correction_is_recorded_and_can_be_undone(client, finished, world):
    match_id = finished.tables[1][0]
    seen = _match(world, match_id)
    login(client, finished.org.email)
    url = f"/eventos/{finished.event.id}/mesas/{match_id}/correccion"
    resp = client.post(url, data={"accion": "confirmar", "result": "0-2",
                                  "reason": "Error de tipeo", "version": seen.version})
    assert resp.status_code == 302 and _match(world, match_id).result == "0-2-0"
    kind, who, before, after, reason, summary = _history(world, finished.event)[-1]
    assert (kind, who, reason) == ("correccion", "Olga Organiza", "Error de tipeo")
    assert before["result"] == "2-0-0" and after["result"] == "0-2-0"
    assert "Cambia la clasificación del suizo" in summary
    history_id = world.run(lambda s: s.exec(select(EventHistory.id).where(
        EventHistory.kind == "correccion")).one())
    page = client.get(f"/eventos/{finished.event.id}/historial").get_data(as_text=True)
    assert f"/historial/{history_id}/deshacer" in page
    login(client, finished.judge.email)  # a judge reads the history, never undoes
    assert client.post(f"/eventos/{finished.event.id}/historial/{history_id}/deshacer"
                       ).status_code == 403
    login(client, finished.org.email)
    resp = client.post(f"/eventos/{finished.event.id}/historial/{history_id}/deshacer")
    assert resp.status_code == 302 and _match(world, match_id).result == "2-0-0"
    assert _history(world, finished.event)[-1][:2] == ("deshacer", "Olga Organiza")
    client.post(f"/eventos/{finished.event.id}/historial/{history_id}/deshacer")
    assert _history(world, finished.event)[-1][0] == "deshacer"  # once only
    assert len([r for r in _history(world, finished.event) if r[0] == "deshacer"]) == 1


def test_a_cut_winner_who_played_on_keeps_the_win(client, finished, world):
    semi = world.run(lambda s: next(
        r.number for r in s.exec(select(Round).where(Round.event_id == finished.event.id))
        if r.kind == "corte"))
    match_id = finished.tables[semi][0]
    login(client, finished.org.email)
    resp = client.post(f"/eventos/{finished.event.id}/mesas/{match_id}/correccion",
                       data={"accion": "ver", "result": "0-2", "reason": "x"})
    assert resp.status_code == 400 and "ya jugó la ronda siguiente del corte" in \
        resp.get_data(as_text=True)
    resp = client.post(f"/eventos/{finished.event.id}/mesas/{match_id}/correccion",
                       data={"accion": "ver", "result": "2-1", "reason": "x"})
    assert resp.status_code == 200 and "No cambia la clasificación final" in \
        resp.get_data(as_text=True)


def test_players_cannot_report_once_the_event_is_finished(client, cast, world):
    from tourney.services import events, rounds

    def setup(s):
        rnd = rounds.pair_next_round(s, cast.org, cast.event)
        rounds.publish_round(s, cast.org, rnd)
        events.finish_event(s, cast.org, cast.event)
        return rounds.round_matches(s, rnd)[0]

    m = world.run(setup)
    login(client, cast.ana.email)
    resp = client.post(f"/eventos/{cast.event.id}/mesas/{m.id}/resultado",
                       data={"a_games": 2, "b_games": 0, "draws": 0})
    assert resp.status_code == 400 and "el evento está finalizado" in resp.get_data(as_text=True)
    assert _match(world, m.id).status == "pendiente"
