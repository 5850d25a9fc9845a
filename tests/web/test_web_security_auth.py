"""Issue 15, findings 4 and 5 (accounts): brute force, timing and sign-up enumeration,
revoked sessions, one ``next=`` checker, shared rate limits across processes."""
from __future__ import annotations

import os
import socket
import uuid

import pytest

from web_helpers import PASSWORD, login


def _post_login(client, email, password):
    return client.post("/entrar", data={"email": email, "password": password})


def test_wrong_passwords_then_the_right_one_is_refused_per_account(client, world):
    world.user("ana@x.cl")
    codes = [_post_login(client, "ana@x.cl", f"mala-{i}").status_code for i in range(8)]
    assert codes[:5] == [400] * 5 and set(codes[5:]) == {429}
    resp = _post_login(client, "ana@x.cl", PASSWORD)
    assert resp.status_code == 429 and int(resp.headers["Retry-After"]) > 0
    assert "Demasiados intentos seguidos: espera" in resp.get_data(as_text=True)


def test_the_per_account_limit_counts_only_that_account(client, world):
    world.user("ana@x.cl")
    world.user("beto@x.cl")
    for i in range(6):
        _post_login(client, "ana@x.cl", f"mala-{i}")
    assert _post_login(client, "beto@x.cl", PASSWORD).status_code == 302


def test_one_address_trying_many_accounts_is_limited(client, world):
    from tourney.services.login_backoff import POLICIES

    limit = POLICIES["ip"].free
    world.user("ana@x.cl")
    for i in range(limit):
        assert _post_login(client, f"nadie{i}@x.cl", "mala-clave").status_code == 400
    assert _post_login(client, "ana@x.cl", PASSWORD).status_code == 429


def test_an_unknown_account_costs_the_same_password_check(client, world, monkeypatch):
    from tourney.services import accounts

    world.user("ana@x.cl")
    checked = []
    real = accounts.check_password_hash
    monkeypatch.setattr(accounts, "check_password_hash", lambda h, p: checked.append(h) or real(h, p))
    _post_login(client, "ana@x.cl", "mala-clave")
    _post_login(client, "nadie@x.cl", "mala-clave")
    assert len(checked) == 2
    method = accounts.PASSWORD_METHOD.split(":")[0]
    assert all(h.startswith(method) for h in checked)  # the same kind of hash, the same work


def test_signup_does_not_reveal_whether_an_account_exists(client, world):
    world.user("ana@x.cl")
    taken = client.post("/cuenta/nueva", data={"name": "Ana", "email": "ana@x.cl", "password": "otra-clave-larga"})
    taken_page = client.get(taken.location).get_data(as_text=True)
    new = client.post("/cuenta/nueva", data={"name": "Nueva", "email": "nueva@x.cl", "password": "otra-clave-larga"})
    new_page = client.get(new.location).get_data(as_text=True)
    assert (taken.status_code, taken.location) == (new.status_code, new.location)
    assert "Ya existe" not in taken_page
    from tourney.web.auth import SIGNED_UP

    assert SIGNED_UP in taken_page and SIGNED_UP in new_page


def test_logout_revokes_a_copied_session_cookie(app, client, cast):
    login(client, cast.ana.email)
    stolen = app.test_client()
    stolen.set_cookie("session", client.get_cookie("session").value)
    assert stolen.get(f"/eventos/{cast.event.id}/mi-lista").status_code == 200
    client.post("/salir")
    resp = stolen.get(f"/eventos/{cast.event.id}/mi-lista")
    assert resp.status_code == 302 and "/entrar" in resp.location


def test_a_password_change_revokes_the_other_sessions_but_not_this_one(app, client, cast):
    login(client, cast.ana.email)
    other = app.test_client()
    login(other, cast.ana.email)
    resp = client.post("/cuenta/clave", data={"current": PASSWORD, "password": "clave-nueva-larga"})
    assert resp.status_code == 302
    assert client.get(f"/eventos/{cast.event.id}/mi-lista").status_code == 200
    assert other.get(f"/eventos/{cast.event.id}/mi-lista").status_code == 302
    assert _post_login(app.test_client(), cast.ana.email, "clave-nueva-larga").status_code == 302


def test_a_wrong_current_password_changes_nothing(client, cast):
    login(client, cast.ana.email)
    resp = client.post("/cuenta/clave", data={"current": "no-es", "password": "clave-nueva-larga"})
    assert resp.status_code == 400 and "La contraseña actual no es correcta." in resp.get_data(as_text=True)


@pytest.mark.parametrize("target", ["/\t/evil.example/", "/\n/evil.example/", "//evil.example/",
                                    "/\\evil.example/", "https://evil.example/", " /x", "/ok\x00"])
def test_one_next_checker_refuses_every_off_site_form(target):
    from tourney.web.security import safe_next

    assert safe_next(target, "/panel") == "/panel"
    assert safe_next("/eventos/1?orden=mesa#m", "/panel") == "/eventos/1?orden=mesa#m"


def test_organizer_forms_and_login_refuse_a_tab_next(client, cast):
    login(client, cast.org.email)
    resp = client.post(f"/eventos/{cast.event.id}/inscripcion", data={"abrir": "0", "next": "/\t/evil.example/"})
    assert resp.location == f"/eventos/{cast.event.id}/panel"
    client.post("/salir")
    resp = client.post("/entrar?next=/%09/evil.example/", data={"email": cast.org.email, "password": PASSWORD})
    assert resp.status_code == 302 and "evil" not in resp.location


def _as_a_browser_reads(location: str) -> str:
    """The host a browser goes to for a Location header (WHATWG URL parsing: leading C0 and
    spaces stripped, tabs and newlines removed, backslashes read as slashes)."""
    from urllib.parse import urljoin, urlsplit

    cleaned = location.strip("".join(map(chr, range(0x21)))).replace("\t", "").replace("\n", "")
    cleaned = cleaned.replace("\r", "").replace("\\", "/")
    return urlsplit(urljoin("http://localhost/", cleaned)).netloc


@pytest.mark.parametrize("target", [
    "//evil.example/", "\\\\evil.example/", "\\/evil.example/", "https:evil.example",
    "https:/evil.example", "/%2F%2Fevil.example", "%2F%2Fevil.example", "/%5C%5Cevil.example",
    "/%09/evil.example", "/\u3000/evil.example", "///evil.example", "/.//evil.example",
    "http://localhost@evil.example/", "javascript:alert(1)", "/\x0b/evil.example"])
def test_no_next_variant_sends_the_browser_off_site_after_login(client, cast, target):
    """Reviewer R-A: variants of the issue's «/\t/evil.example/» sent through the login form
    (the query string decoded by Flask, as an attacker's link would be)."""
    from urllib.parse import quote

    resp = client.post("/entrar?next=" + quote(target, safe=""),
                       data={"email": cast.org.email, "password": PASSWORD})
    assert resp.status_code == 302
    assert _as_a_browser_reads(resp.headers["Location"]) == "localhost", resp.headers["Location"]
    assert not resp.headers["Location"].lower().startswith("javascript")
    # the organizer's one-button forms (the finding) go through the same checker
    resp = client.post(f"/eventos/{cast.event.id}/inscripcion", data={"abrir": "0", "next": target})
    assert resp.status_code == 302
    assert _as_a_browser_reads(resp.headers["Location"]) == "localhost", resp.headers["Location"]
    assert not resp.headers["Location"].lower().startswith("javascript")


def _two_processes(database_url, **config):
    """Two app instances, each with its own Flask-Limiter (as two processes of tourney serve)."""
    from tourney import create_app

    prefix = "compartido-" + uuid.uuid4().hex[:8]
    return [create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": database_url,
                        "WTF_CSRF_ENABLED": False, "RATELIMIT_KEY_PREFIX": prefix, **config})
            for _ in range(2)]


def _spread_guesses(apps, email):
    codes = []
    for i in range(8):  # alternate the processes, as a load balancer would
        codes.append(_post_login(apps[i % 2].test_client(), email, f"mala-{i}").status_code)
    return codes


def test_login_limits_are_shared_by_every_process_through_the_database(database_url, world):
    world.user("ana@x.cl")
    apps = _two_processes(database_url)
    assert apps[0].extensions["tourney_limiter"]._storage_uri.startswith("tourneydb://")
    codes = _spread_guesses(apps, "ana@x.cl")
    assert codes[:5] == [400] * 5 and set(codes[5:]) == {429}


def _redis_url():
    url = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        pytest.skip("no redis-server on 127.0.0.1:6379 (.ci/run starts one)")
    return url


def test_login_limits_are_shared_through_redis_when_redis_url_is_set(database_url, world):
    world.user("ana@x.cl")
    apps = _two_processes(database_url, REDIS_URL=_redis_url())
    assert apps[0].extensions["tourney_limiter"]._storage_uri.startswith("redis://")
    codes = _spread_guesses(apps, "ana@x.cl")
    assert codes[:5] == [400] * 5 and set(codes[5:]) == {429}
