"""Issue 26, findings 14, 15 and 20: the password change is throttled; failed log-ins make
the next ones wait longer and longer but never lock the real owner out (another address, a
browser they used, a one-time code from the console); every idle session ends (staff 2 h,
players 24 h), CSRF tokens expire, the SQLite file is private."""
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


# -- finding 15: a growing delay, never a lock ---------------------------------------------
def _from(app, address):
    """A new browser at ``address`` (the test client's REMOTE_ADDR)."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def _real_clock(monkeypatch):
    """The clock the delays read, moved by hand (starts at the real time)."""
    import time

    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


def test_finding_15_five_wrong_passwords_from_an_attacker_do_not_keep_the_owner_out(app, world):
    world.user("ana@x.cl")
    attacker = _from(app, "10.0.0.66")
    codes = [_post_login(attacker, "ana@x.cl", f"mala-{i}").status_code for i in range(8)]
    assert codes[:5] == [400] * 5 and set(codes[5:]) == {429}  # the attacker waits
    owner = _from(app, "10.0.0.7")  # a new browser: no cookie of an earlier log-in
    assert _post_login(owner, "ana@x.cl", PASSWORD).status_code == 302


def test_finding_15_fifty_failures_from_a_venue_address_slow_it_down_for_a_minute_at_most(
        app, world, monkeypatch):
    from tourney.services.login_backoff import POLICIES

    now = _real_clock(monkeypatch)
    world.user("ana@x.cl")
    venue = _from(app, "10.0.0.1")
    for i in range(POLICIES["ip"].free):
        assert _post_login(venue, f"nadie{i}@x.cl", "mala-clave").status_code == 400
    owner = _from(app, "10.0.0.1")  # the same Wi-Fi, a browser that never logged in
    resp = _post_login(owner, "ana@x.cl", PASSWORD)
    assert resp.status_code == 429 and "espera 5 segundos" in resp.get_data(as_text=True)
    wait = int(resp.headers["Retry-After"])
    assert wait <= POLICIES["ip"].cap
    now[0] += wait
    assert _post_login(owner, "ana@x.cl", PASSWORD).status_code == 302


def test_finding_15_each_failure_past_the_free_ones_doubles_the_wait_up_to_its_cap(app, world, monkeypatch):
    from tourney.services.login_backoff import POLICIES

    now = _real_clock(monkeypatch)
    world.user("ana@x.cl")
    client = _from(app, "10.0.0.66")
    pair = POLICIES["par"]
    for i in range(pair.free):
        assert _post_login(client, "ana@x.cl", f"mala-{i}").status_code == 400
    waits = []
    for i in range(8):
        refused = _post_login(client, "ana@x.cl", PASSWORD)  # even the right password waits
        assert refused.status_code == 429
        waits.append(int(refused.headers["Retry-After"]))
        now[0] += waits[-1]
        assert _post_login(client, "ana@x.cl", f"otra-{i}").status_code == 400  # tried: failed
    assert waits == [15, 30, 60, 120, 240, 480, 900, 900]  # 15 s doubling, never past 15 min
    now[0] += 900
    assert _post_login(client, "ana@x.cl", PASSWORD).status_code == 302
    assert _post_login(client, "ana@x.cl", "mala").status_code == 400  # the count started again


def test_finding_15_a_login_code_from_the_console_lets_the_owner_in_at_once(app, runner, world):
    import re

    world.user("ana@x.cl")
    venue = _from(app, "10.0.0.1")
    for i in range(12):  # someone at the venue keeps guessing Ana's password
        _post_login(venue, "ana@x.cl", f"mala-{i}")
    owner = _from(app, "10.0.0.1")
    assert _post_login(owner, "ana@x.cl", PASSWORD).status_code == 429
    result = runner.invoke(args=["users", "login-code", "ana@x.cl"])
    assert result.exit_code == 0, result.output
    code = re.search(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", result.output).group(0)
    resp = owner.post("/entrar", data={"email": "ana@x.cl", "password": PASSWORD,
                                       "code": code.lower().replace("-", " ")})
    assert resp.status_code == 302
    assert not app.extensions["tourney_login_backoff"].code_valid("ana@x.cl", code)  # one use
    other = _from(app, "10.0.0.1")  # a code without the password gets nobody in
    other_code = re.search(r"[A-Z2-9-]{14}", runner.invoke(
        args=["users", "login-code", "ana@x.cl"]).output).group(0)
    assert other.post("/entrar", data={"email": "ana@x.cl", "password": "mala",
                                       "code": other_code}).status_code == 400
    assert runner.invoke(args=["users", "login-code", "nadie@x.cl"]).exit_code != 0


def test_finding_15_guesses_elsewhere_do_not_lock_the_owner_out_of_a_browser_they_used(app, world):
    world.user("ana@x.cl")
    phone = _from(app, "10.0.0.1")
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302
    phone.post("/salir")
    attacker = _from(app, "10.0.0.1")
    for i in range(12):
        _post_login(attacker, "ana@x.cl", f"mala-{i}")
    for i in range(50):
        _post_login(attacker, f"nadie{i}@x.cl", "mala-clave")
    assert _post_login(attacker, "ana@x.cl", PASSWORD).status_code == 429  # the attacker waits
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302     # the owner does not


def test_finding_15_a_known_browser_has_its_own_delay_on_guesses(app, world):
    from tourney.services.login_backoff import POLICIES

    world.user("ana@x.cl")
    phone = app.test_client()
    assert _post_login(phone, "ana@x.cl", PASSWORD).status_code == 302
    phone.post("/salir")
    free = POLICIES["dispositivo"].free
    codes = [_post_login(phone, "ana@x.cl", f"mala-{i}").status_code for i in range(free + 2)]
    assert codes[:free] == [400] * free and set(codes[free:]) == {429}


def test_finding_15_a_forged_device_cookie_is_ignored(app, world):
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


def test_a_judge_session_ends_too_and_a_player_session_after_its_own_longer_limit(app, cast, monkeypatch):
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
    assert player.get(f"/eventos/{cast.event.id}/mi-lista").status_code == 200  # active again
    now[0] += sessions.PLAYER_IDLE_MINUTES * 60 - 60
    assert player.get(f"/eventos/{cast.event.id}/mi-lista").status_code == 200
    now[0] += sessions.PLAYER_IDLE_MINUTES * 60 + 1
    resp = player.get(f"/eventos/{cast.event.id}/mi-lista")
    assert resp.status_code == 302 and "/entrar" in resp.headers["Location"]


def test_a_staff_session_idle_right_after_logging_in_ends_too(client, cast, monkeypatch):
    from tourney.web import sessions

    now = _clock(monkeypatch, 1_000_000.0)
    login(client, cast.org.email)  # no other request: the staff limit applies from the start
    now[0] += sessions.STAFF_IDLE_MINUTES * 60 + 1
    assert client.get(f"/eventos/{cast.event.id}/panel").status_code == 302


def test_a_form_older_than_the_csrf_time_limit_is_refused(csrf_app, monkeypatch):
    import time

    from web_helpers import World, csrf_from

    World(csrf_app).user("ana@x.cl")
    client = csrf_app.test_client()
    token = csrf_from(client.get("/entrar").get_data(as_text=True))
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])
    now[0] += csrf_app.config["WTF_CSRF_TIME_LIMIT"] + 1
    resp = client.post("/entrar", data={"email": "ana@x.cl", "password": PASSWORD, "csrf_token": token})
    assert resp.status_code == 400 and "El formulario expiró" in resp.get_data(as_text=True)
    assert csrf_app.config["WTF_CSRF_TIME_LIMIT"] <= 24 * 3600
    fresh = csrf_from(client.get("/entrar").get_data(as_text=True))
    ok = client.post("/entrar", data={"email": "ana@x.cl", "password": PASSWORD, "csrf_token": fresh})
    assert ok.status_code == 302


def test_an_existing_world_readable_sqlite_file_is_tightened(tmp_path):
    path = tmp_path / "viejo.sqlite3"
    path.write_bytes(b"")
    os.chmod(path, 0o644)
    db.get_engine(f"sqlite:///{path}")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_tourney_db_upgrade_tightens_an_existing_world_readable_database_and_its_wal(tmp_path):
    from tourney import create_app

    path = tmp_path / "viejo.sqlite3"
    url = f"sqlite:///{path}"
    db.upgrade(url, "0011_play_tables")
    db.dispose_engines()
    wal = tmp_path / "viejo.sqlite3-wal"
    wal.write_bytes(b"")
    for part in (path, wal):
        os.chmod(part, 0o644)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "x"})
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not wal.exists() or stat.S_IMODE(wal.stat().st_mode) == 0o600
    db.dispose_engines()
