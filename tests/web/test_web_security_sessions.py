"""Issue 26, findings 14, 15 and 20: the password change is throttled, a lockout cannot keep
the real owner out, idle staff sessions end, CSRF tokens expire, the SQLite file is private."""
from __future__ import annotations

import os
import stat

from tourney import db
from web_helpers import PASSWORD, login


def _post_login(client, email, password):
    return client.post("/entrar", data={"email": email, "password": password})


# -- finding 14 -------------------------------------------------------------------------------
def test_wrong_current_passwords_on_the_password_page_are_throttled(client, cast):
    from tourney.web.throttle import TOO_MANY

    login(client, cast.ana.email)
    codes = [client.post("/cuenta/clave", data={"current": f"mala-{i}", "password": "clave-nueva-larga"}).status_code
             for i in range(12)]
    assert codes[:5] == [400] * 5 and set(codes[5:]) == {429}
    resp = client.post("/cuenta/clave", data={"current": PASSWORD, "password": "clave-nueva-larga"})
    assert resp.status_code == 429 and TOO_MANY in resp.get_data(as_text=True)


# -- finding 15 -------------------------------------------------------------------------------
def test_guesses_from_elsewhere_do_not_lock_the_owner_out_of_a_browser_they_used(app, world):
    world.user("ana@x.cl")
    phone = app.test_client()
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302
    phone.post("/salir")
    attacker = app.test_client()
    for i in range(8):
        _post_login(attacker, "ana@x.cl", f"mala-{i}")
    assert _post_login(attacker, "ana@x.cl", PASSWORD).status_code == 429  # the attacker is locked
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302     # the owner is not


def test_a_venue_address_full_of_failures_still_lets_known_browsers_in(app, world):
    from tourney.web import throttle

    world.user("ana@x.cl")
    phone = app.test_client()
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302
    phone.post("/salir")
    other = app.test_client()
    for i in range(int(throttle.LOGIN_PER_ADDRESS.split()[0])):
        _post_login(other, f"nadie{i}@x.cl", "mala-clave")
    assert _post_login(other, "ana@x.cl", PASSWORD).status_code == 429
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302


def test_a_known_browser_has_its_own_limit_on_guesses(app, world):
    from tourney.web import throttle

    world.user("ana@x.cl")
    phone = app.test_client()
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302
    phone.post("/salir")
    limit = int(throttle.LOGIN_PER_DEVICE.split()[0])
    codes = [_post_login(phone, "ana@x.cl", f"mala-{i}").status_code for i in range(limit + 2)]
    assert codes[:limit] == [400] * limit and set(codes[limit:]) == {429}


def test_a_forged_device_cookie_is_ignored(app, world):
    from tourney.web import throttle

    world.user("ana@x.cl")
    attacker = app.test_client()
    attacker.set_cookie(throttle.DEVICE_COOKIE, '{"id": "x", "cuentas": ["ana@x.cl"]}')
    for i in range(6):
        _post_login(attacker, "ana@x.cl", f"mala-{i}")
    assert _post_login(attacker, "ana@x.cl", PASSWORD).status_code == 429


# -- finding 20 -------------------------------------------------------------------------------
def _clock(monkeypatch, start):
    from tourney.web import sessions

    now = [start]
    monkeypatch.setattr(sessions.time, "time", lambda: now[0])
    return now


def test_an_idle_staff_session_ends_after_the_idle_limit(client, cast, monkeypatch):
    from tourney.web import sessions

    now = _clock(monkeypatch, 1_000_000.0)
    login(client, cast.org.email)
    panel = f"/eventos/{cast.event.id}/panel"
    now[0] += 120
    assert client.get(panel).status_code == 200
    now[0] += sessions.STAFF_IDLE_MINUTES * 60 - 60  # active again within the limit
    assert client.get(panel).status_code == 200
    now[0] += sessions.STAFF_IDLE_MINUTES * 60 + 1
    resp = client.get(panel)
    assert resp.status_code == 302 and "/entrar" in resp.headers["Location"]


def test_a_judge_session_ends_too_but_a_player_session_does_not(app, cast, monkeypatch):
    from tourney.web import sessions

    now = _clock(monkeypatch, 1_000_000.0)
    judge, player = app.test_client(), app.test_client()
    login(judge, cast.judge.email)
    login(player, cast.ana.email)
    now[0] += 120
    judge.get("/")
    player.get("/")
    now[0] += sessions.STAFF_IDLE_MINUTES * 60 + 1
    assert judge.get(f"/eventos/{cast.event.id}/revision").status_code == 302
    assert player.get(f"/eventos/{cast.event.id}/mi-lista").status_code == 200


def test_csrf_tokens_expire(app):
    assert app.config["WTF_CSRF_TIME_LIMIT"] and app.config["WTF_CSRF_TIME_LIMIT"] <= 24 * 3600


def test_an_existing_world_readable_sqlite_file_is_tightened(tmp_path):
    path = tmp_path / "viejo.sqlite3"
    path.write_bytes(b"")
    os.chmod(path, 0o644)
    db.get_engine(f"sqlite:///{path}")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
