"""Play tables (issue 24): a casual table by link, the fair shuffle, per-seat hidden
information, actions re-checked by the server, manual effects accepted or disputed."""
from __future__ import annotations

import json
import queue
import threading

import pytest
from web_helpers import login

from tourney.engine.shuffle import check_header


@pytest.fixture
def two(world, app):
    ana = world.user("ana@x.cl", name="Ana")
    beto = world.user("beto@x.cl", name="Beto")
    world.user("otro@x.cl", name="Otro")
    return ana, beto, world.deck(1, with_support=False), world.deck(2, with_support=False)


def _open(app, two):
    deck_a, deck_b = two[2], two[3]
    a, b = app.test_client(), app.test_client()
    login(a, "ana@x.cl")
    login(b, "beto@x.cl")
    resp = a.post("/mesas", data={"deck": deck_a})
    assert resp.status_code == 302, resp.data[:400]
    url = resp.headers["Location"]
    token = url.rstrip("/").split("/")[-1]
    assert b.post(f"/mesa/{token}/unirse", data={"deck": deck_b}).status_code == 302
    return a, b, token


def _shuffle(a, b, token):
    for client, seed in ((a, "semilla-ana"), (b, "semilla-beto")):
        resp = client.post(f"/mesa/{token}/barajar", json={"seed": seed})
        assert resp.status_code == 200 and resp.json["ok"], resp.json


def _state(client, token):
    return client.get(f"/mesa/{token}/estado").json


def test_two_players_sit_shuffle_and_each_sees_only_their_hand(app, two):
    a, b, token = _open(app, two)
    before = _state(a, token)
    assert "game" not in before and len(before["commit"]) == 64
    _shuffle(a, b, token)
    sa, sb = _state(a, token), _state(b, token)
    assert sa["seat"] == "A" and sb["seat"] == "B"
    mine_a = {c["id"] for c in sa["game"]["players"][0]["hand"]}
    mine_b = {c["id"] for c in sb["game"]["players"][1]["hand"]}
    assert len(mine_a) == 8 and len(mine_b) == 8
    # no payload a seat (or a spectator) receives names the other seat's hidden cards
    spectator = app.test_client()
    login(spectator, "otro@x.cl")
    page_b = b.get(f"/mesa/{token}").get_data(as_text=True)
    for text, hidden in ((json.dumps(sb), mine_a), (json.dumps(sa), mine_b),
                         (json.dumps(_state(spectator, token)), mine_a | mine_b),
                         (page_b, mine_a)):
        for iid in hidden:
            assert f'"{iid}"' not in text
    castle_ids = {f"A{i}" for i in range(9, 50)}
    assert not any(f'"{i}"' in json.dumps(sb) for i in castle_ids)


def test_the_server_rechecks_every_action_and_only_the_seat_acts(app, two):
    a, b, token = _open(app, two)
    _shuffle(a, b, token)
    sa, sb = _state(a, token), _state(b, token)
    active = sa["game"]["active"]
    mover, other = (a, b) if active == "A" else (b, a)
    state = sa if active == "A" else sb
    end = next(x["action"] for x in state["actions"] if x["action"]["do"] == "end")
    # the other player cannot act for the active seat, nor a spectator
    resp = other.post(f"/mesa/{token}/accion", json={"action": end, "version": state["version"]})
    assert resp.status_code == 403
    # an illegal action is refused with the rule, in Spanish; the table is unchanged
    attack = {"p": active, "do": "attack", "cards": [f"{active}1"]}
    resp = mover.post(f"/mesa/{token}/accion", json={"action": attack, "version": state["version"]})
    assert resp.status_code == 400 and "ilegal" in resp.json["error"].lower()
    # a legal one is applied; a stale version is a conflict, not a double action
    resp = mover.post(f"/mesa/{token}/accion", json={"action": end, "version": state["version"]})
    assert resp.status_code == 200, resp.json
    resp = mover.post(f"/mesa/{token}/accion", json={"action": end, "version": state["version"]})
    assert resp.status_code == 409
    after = _state(mover, token)
    assert after["game"]["active"] != active and after["version"] == state["version"] + 1
    # a reload resumes where it was
    assert _state(mover, token) == after


def test_conceding_ends_the_game_and_reveals_the_seeds_in_a_checkable_record(app, two):
    a, b, token = _open(app, two)
    _shuffle(a, b, token)
    sa = _state(a, token)
    concede = next(x["action"] for x in sa["actions"] if x["action"]["do"] == "concede")
    assert a.post(f"/mesa/{token}/accion", json={"action": concede,
                                                "version": sa["version"]}).status_code == 200
    end = _state(b, token)
    assert end["status"] == "terminada" and end["game"]["outcome"]["winner"] == "B"
    assert end["shuffle"]["seeds"] == ["semilla-ana", "semilla-beto"]
    record = b.get(f"/mesa/{token}/registro").get_data(as_text=True)
    head = json.loads(record.splitlines()[0])
    assert check_header(head) is None
    head["players"][0]["castle"].reverse()
    assert "orden del Mazo Castillo" in check_header(head)


def test_the_full_record_stays_hidden_while_the_game_is_played(app, two):
    a, b, token = _open(app, two)
    _shuffle(a, b, token)
    assert b.get(f"/mesa/{token}/registro").status_code == 403


def test_every_post_needs_the_csrf_token(csrf_app, two):
    client = csrf_app.test_client()
    resp = client.post("/mesas", data={"deck": "1 Oro"})
    assert resp.status_code in (400, 302)
    assert "/mesa/" not in resp.headers.get("Location", "")


def test_an_account_opens_a_bounded_number_of_tables(app, two):
    from tourney.services.play import MAX_OPEN_TABLES

    a = app.test_client()
    login(a, "ana@x.cl")
    for _ in range(MAX_OPEN_TABLES):
        assert "/mesa/" in a.post("/mesas", data={"deck": two[2]}).headers["Location"]
    resp = a.post("/mesas", data={"deck": two[2]}, follow_redirects=True)
    assert "mesas sin terminar" in resp.get_data(as_text=True)


def test_a_bad_deck_is_refused_in_spanish(app, two):
    a = app.test_client()
    login(a, "ana@x.cl")
    resp = a.post("/mesas", data={"deck": "3 Carta Que No Existe"}, follow_redirects=True)
    assert "desconocida" in resp.get_data(as_text=True)


def test_a_manual_effect_waits_for_the_opponent_who_accepts_or_disputes_it(app, two):
    a, b, token = _open(app, two)
    _shuffle(a, b, token)
    s = _state(a, token)
    active = s["game"]["active"]
    mover, other = (a, b) if active == "A" else (b, a)
    effect = {"p": active, "do": "effect", "draw": {active: 1}}
    resp = mover.post(f"/mesa/{token}/accion", json={"action": effect, "version": s["version"]})
    assert resp.status_code == 200, resp.json
    waiting = _state(other, token)
    assert waiting["proposal"]["seat"] == active
    hand = len(_state(mover, token)["game"]["players"][0 if active == "A" else 1]["hand"])
    # the proposer cannot accept their own effect
    assert mover.post(f"/mesa/{token}/efecto", json={"accept": True,
                                                     "version": waiting["version"]}).status_code == 403
    resp = other.post(f"/mesa/{token}/efecto", json={"accept": True, "version": waiting["version"]})
    assert resp.status_code == 200 and "sin verificar" in resp.json["message"]
    after = _state(mover, token)
    assert "proposal" not in after
    assert len(after["game"]["players"][0 if active == "A" else 1]["hand"]) == hand + 1
    # a disputed one is not applied and the table waits for a judge
    resp = mover.post(f"/mesa/{token}/accion", json={"action": effect, "version": after["version"]})
    disputed = other.post(f"/mesa/{token}/efecto", json={"accept": False,
                                                         "version": after["version"] + 1})
    assert disputed.status_code == 200 and "juez" in disputed.json["message"]
    assert _state(other, token)["status"] == "pausada"


def test_the_event_stream_announces_the_tables_version(app, two):
    a, b, token = _open(app, two)
    resp = a.get(f"/mesa/{token}/eventos", buffered=False)
    assert resp.mimetype == "text/event-stream"
    first = next(resp.response)
    first = first.decode() if isinstance(first, bytes) else first
    assert "data: " in first
    resp.close()


class _Stream:
    """A page's event stream read in a thread of its own (as a server thread would serve it:
    the stream keeps its request's context while it waits)."""

    def __init__(self, client, url: str):
        self.chunks: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._read, args=(client, url), daemon=True)
        self.thread.start()

    def _read(self, client, url):
        resp = client.get(url, buffered=False)
        try:
            for chunk in resp.response:
                chunk = chunk.decode() if isinstance(chunk, bytes) else chunk
                if chunk != ":\n\n":  # keep-alives
                    self.chunks.put(chunk)
        finally:
            resp.close()

    def next(self) -> str:
        return self.chunks.get(timeout=30)


def test_the_event_stream_carries_the_other_seat_s_new_state_and_nothing_hidden(app, two):
    a, b, token = _open(app, two)
    _shuffle(a, b, token)
    sa = _state(a, token)
    mover, other = (a, b) if sa["game"]["active"] == "A" else (b, a)
    seat = sa["game"]["active"]
    state = _state(mover, token)
    hidden = {c["id"] for p in state["game"]["players"] for c in p.get("hand", [])}
    streams = {c: _Stream(c, f"/mesa/{token}/eventos?estado=1") for c in (a, b)}
    for stream in streams.values():
        assert stream.next().endswith(f"data: {state['version']}\n\n")
    end = next(x["action"] for x in state["actions"] if x["action"]["do"] == "end")
    assert mover.post(f"/mesa/{token}/accion", json={"action": end,
                                                    "version": state["version"]}).status_code == 200
    pushed = streams[other].next()
    assert pushed.startswith("event: state\ndata: ")
    view = json.loads(pushed.split("data: ", 1)[1])
    assert view == _state(other, token) and view["version"] == state["version"] + 1
    assert view["seat"] != seat and not any(f'"{i}"' in pushed for i in hidden)
    # the seat that acted has its state from the action's answer: its stream says the version
    assert streams[mover].next() == f"data: {state['version'] + 1}\n\n"


def test_tourney_adjudicate_checks_the_castle_order_of_a_played_table(app, two, tmp_path):
    a, b, token = _open(app, two)
    _shuffle(a, b, token)
    s = _state(a, token)
    concede = next(x["action"] for x in s["actions"] if x["action"]["do"] == "concede")
    a.post(f"/mesa/{token}/accion", json={"action": concede, "version": s["version"]})
    path = tmp_path / "mesa.jsonl"
    path.write_text(b.get(f"/mesa/{token}/registro").get_data(as_text=True), encoding="utf-8")
    runner = app.test_cli_runner()
    result = runner.invoke(args=["adjudicate", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["shuffle"] == "ok"
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["shuffle"]["seeds"] = ["otra", "semilla-beto"]
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    result = runner.invoke(args=["adjudicate", str(path)])
    assert result.exit_code == 1 and "Barajado incorrecto" in result.output
