"""Event tables (issue 24): the two players of a Swiss match play it at a play table, best of
three with the §11 swaps between games; each finished game is the match's recorded game with
its verdict; the decided match's result is the players' report, confirmed by both as always;
the round clock is at the table; a judge of the event watches everything and takes back the
last action with a reason that stays in the log."""
from __future__ import annotations

import json

import pytest
from sqlmodel import select
from web_helpers import deck_lines, login

from tourney.engine.shuffle import check_header
from tourney.models.adjudication import Adjudication
from tourney.models.events import Match
from tourney.models.play import PlayTable
from tourney.services import rounds, swaps

EMAILS = {"ana": "ana@x.cl", "beto": "beto@x.cl", "carla": "carla@x.cl"}


@pytest.fixture
def match(paired, app):
    """The match's two players logged in (A first), the judge, an outsider, the play URL."""
    clients = {}
    for key in paired.playing:
        clients[key] = app.test_client()
        login(clients[key], EMAILS[key])
    judge, outsider = app.test_client(), app.test_client()
    login(judge, "juez@x.cl")
    login(outsider, "otro@x.cl")
    paired.a, paired.b = (clients[k] for k in paired.playing)
    paired.judge_client, paired.outsider_client = judge, outsider
    paired.play_url = f"/eventos/{paired.event.id}/mesas/{paired.match.id}/jugar"
    return paired


def _sit(m):
    """Both players go to the match's current game and shuffle; its token."""
    resp = m.a.post(m.play_url)
    assert resp.status_code == 302, resp.data[:300]
    token = resp.headers["Location"].rsplit("/", 1)[-1]
    assert m.b.post(m.play_url).headers["Location"].endswith(token)  # the same table
    for client, seed in ((m.a, "sa"), (m.b, "sb")):
        assert client.post(f"/mesa/{token}/barajar", json={"seed": seed}).json["ok"]
    return token


def _state(client, token):
    return client.get(f"/mesa/{token}/estado").json


def _concede(client, token):
    s = _state(client, token)
    concede = next(x["action"] for x in s["actions"] if x["action"]["do"] == "concede")
    resp = client.post(f"/mesa/{token}/accion", json={"action": concede, "version": s["version"]})
    assert resp.status_code == 200, resp.json


def test_only_the_match_s_players_sit_and_the_staff_watch_as_judges(match, world):
    assert match.outsider_client.post(match.play_url).status_code == 403
    token = _sit(match)
    for path in ("", "/estado", "/eventos", "/registro"):
        assert match.outsider_client.get(f"/mesa/{token}{path}").status_code == 403, path
    for path in ("/accion", "/efecto", "/barajar", "/unirse", "/confirmar", "/deshacer"):
        assert match.outsider_client.post(f"/mesa/{token}{path}", json={}).status_code == 403, path
    sa, sj = _state(match.a, token), _state(match.judge_client, token)
    # the record names the registrations; the seats see their own hand only; the judge all
    assert [p["name"] for p in sa["game"]["players"]] == [
        match.regs[k].name for k in match.playing]
    assert "hand" in sa["game"]["players"][0] and "hand" not in sa["game"]["players"][1]
    assert all("hand" in p and "castle_cards" in p for p in sj["game"]["players"])
    assert sj["match"]["judge"] and not sa["match"]["judge"]
    assert "actions" not in sj  # a judge watches, never plays a seat
    assert sa["match"]["round"] == match.round.number and sa["match"]["game"] == 1


def test_a_best_of_three_is_recorded_game_by_game_and_both_confirm_the_result(match, world):
    a_key, b_key = match.playing
    token1 = _sit(match)
    _concede(match.b, token1)  # game 1: A wins
    rows = world.run(lambda s: list(s.exec(select(Adjudication).where(
        Adjudication.match_id == match.match.id))))
    assert [(r.game, r.source, r.winner_id) for r in rows] == [(1, "mesa", match.regs[a_key].id)]
    assert check_header(json.loads(rows[0].record_text.splitlines()[0])) is None
    assert rows[0].decks_ok  # the deck played is the registered list
    summary = _state(match.a, token1)["match"]
    assert summary["score"] == [1, 0, 0] and not summary["decided"]
    # between games B swaps with the Mazo de Soporte (§11, the event's swaps)
    lines = deck_lines(match.decks[b_key])
    gold = max(lines["castle"], key=lambda x: x[0])
    incoming = lines["support"][0]
    world.run(lambda s: swaps.record_swaps(
        s, match.users[b_key], match.event, s.get(Match, match.match.id),
        match.regs[b_key], 2, f"1 {gold[1]}", f"1 {incoming[1]}", match.fmt, match.catalog))
    token2 = _sit(match)
    assert token2 != token1
    table2 = world.run(lambda s: s.exec(select(PlayTable).where(PlayTable.token == token2)).one())
    assert table2.game_no == 2 and incoming[2] in table2.deck_b
    _concede(match.b, token2)  # game 2: A wins again → 2-0, decided
    rows = world.run(lambda s: list(s.exec(select(Adjudication).where(
        Adjudication.match_id == match.match.id).order_by(Adjudication.game))))
    assert [r.game for r in rows] == [1, 2] and rows[1].decks_ok
    summary = _state(match.b, token2)["match"]
    assert summary["score"] == [2, 0, 0] and summary["decided"]
    resp = match.a.post(match.play_url)  # no game 3 of a decided match
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/mesas")
    # each player confirms: their report; both agreeing is the confirmed result
    assert match.a.post(f"/mesa/{token2}/confirmar", json={}).json["ok"]
    assert world.run(lambda s: s.get(Match, match.match.id).status) == "reportado"
    assert match.b.post(f"/mesa/{token2}/confirmar", json={}).json["ok"]
    final = world.run(lambda s: s.get(Match, match.match.id))
    assert (final.status, final.result) == ("confirmado", "2-0-0")


def test_a_judge_takes_back_the_last_action_with_a_reason(match, world):
    token = _sit(match)
    sa = _state(match.a, token)
    mover = match.a if sa["game"]["active"] == "A" else match.b
    s = _state(mover, token)
    end = next(x["action"] for x in s["actions"] if x["action"]["do"] == "end")
    assert mover.post(f"/mesa/{token}/accion",
                      json={"action": end, "version": s["version"]}).status_code == 200
    after = _state(match.judge_client, token)
    url = f"/mesa/{token}/deshacer"
    # a player cannot take back; a judge must say why
    assert mover.post(url, json={"reason": "me equivoqué", "version": after["version"]}
                      ).status_code == 403
    resp = match.judge_client.post(url, json={"reason": "  ", "version": after["version"]})
    assert resp.status_code == 400 and "motivo" in resp.json["error"]
    resp = match.judge_client.post(url, json={"reason": "Terminó el turno sin querer",
                                              "version": after["version"]})
    assert resp.status_code == 200, resp.json
    back = _state(mover, token)
    assert back["game"]["active"] == s["game"]["active"] and back["game"]["turn"] == s["game"]["turn"]
    assert any(x["action"] == end for x in back["actions"])
    log = back["match"]["takebacks"]
    assert [(t["judge"], t["reason"], t["action"]["do"]) for t in log] == [
        ("Julia Jueza", "Terminó el turno sin querer", "end")]


def test_the_round_clock_is_at_the_table(match, world):
    token = _sit(match)
    assert _state(match.a, token)["match"]["clock"] is None
    world.run(lambda s: rounds.start_timer(s, match.org, s.get(type(match.round), match.round.id),
                                           50))
    clock = _state(match.a, token)["match"]["clock"]
    assert 0 < clock <= 50 * 60


def test_a_player_calls_the_judge_the_table_pauses_and_the_judges_see_it(match, world):
    token = _sit(match)
    s = _state(match.a, token)
    mover = match.a if s["game"]["active"] == "A" else match.b
    action = next(x["action"] for x in _state(mover, token)["actions"]
                  if x["action"]["do"] == "end")
    calls_url = f"/eventos/{match.event.id}/llamadas"
    assert match.judge_client.get(calls_url).json == {"calls": []}
    # only a seated player calls, and only the event's judges see the calls
    assert match.outsider_client.post(f"/mesa/{token}/juez", json={
        "version": s["version"]}).status_code == 403
    assert match.a.get(calls_url).status_code == 403
    resp = match.b.post(f"/mesa/{token}/juez", json={"reason": "Ataque con Fuerza dudosa",
                                                     "version": s["version"]})
    assert resp.status_code == 200 and "pausa" in resp.json["message"], resp.json
    paused = _state(match.a, token)
    assert paused["status"] == "pausada" and paused["match"]["call"]["reason"] == (
        "Ataque con Fuerza dudosa")
    assert "actions" not in _state(mover, token)  # nothing to tap while paused
    assert mover.post(f"/mesa/{token}/accion", json={
        "action": action, "version": paused["version"]}).status_code == 400  # nobody acts
    calls = match.judge_client.get(calls_url).json["calls"]
    assert [(c["table_no"], c["game"], c["reason"], c["url"]) for c in calls] == [
        (match.match.table_no, 1, "Ataque con Fuerza dudosa", f"/mesa/{token}")]
    page = match.judge_client.get(f"/eventos/{match.event.id}/rondas/{match.round.number}")
    assert "Mesas que llaman al juez (1)" in page.get_data(as_text=True)
    # a player cannot resume; the judge does, with the ruling, and the call is answered
    url = f"/mesa/{token}/reanudar"
    assert match.a.post(url, json={"reason": "sigo", "version": paused["version"]}
                        ).status_code == 403
    resp = match.judge_client.post(url, json={"reason": "La Fuerza era correcta",
                                              "version": paused["version"]})
    assert resp.status_code == 200, resp.json
    again = _state(match.a, token)
    assert again["status"] == "jugando" and again["match"]["call"] is None
    assert match.judge_client.get(calls_url).json == {"calls": []}
    assert mover.post(f"/mesa/{token}/accion", json={
        "action": action, "version": again["version"]}).status_code == 200


def test_the_match_s_players_reach_their_table_from_the_round_and_their_matches(match, world):
    pages = (f"/eventos/{match.event.id}/rondas/{match.round.number}",
             f"/eventos/{match.event.id}/mis-partidas")
    for client in (match.a, match.b):
        for path in pages:
            text = client.get(path).get_data(as_text=True)
            assert f'action="{match.play_url}"' in text and "Jugar en la mesa en línea" in text, path
    assert match.play_url not in match.outsider_client.get(pages[0]).get_data(as_text=True)
