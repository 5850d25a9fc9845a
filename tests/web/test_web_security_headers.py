"""Issue 15, finding 5: cookies, security headers, CSP, Spanish messages, private SQLite file."""
from __future__ import annotations

import os
import re
import stat

from web_helpers import csrf_from, login


def test_session_cookie_is_samesite_lax_always(app, client, cast):
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"
    login(client, cast.ana.email)
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.same_site == "Lax" and cookie.http_only


def test_secure_cookies_and_hsts_behind_https(database_url):
    from tourney import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": database_url, "HTTPS": True})
    assert app.config["SESSION_COOKIE_SECURE"] and app.config["REMEMBER_COOKIE_SECURE"]
    resp = app.test_client().get("/salud", base_url="https://localhost")
    assert resp.headers["Strict-Transport-Security"].startswith("max-age=")


def test_plain_http_installation_does_not_mark_cookies_secure(app):
    assert not app.config.get("SESSION_COOKIE_SECURE")


def test_every_page_sends_nosniff_frame_denial_and_a_csp(client, cast):
    resp = client.get(f"/eventos/{cast.event.id}")
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"
    csp = resp.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";", 1)[0]
    assert client.get("/salud").headers["X-Content-Type-Options"] == "nosniff"


def test_the_pages_own_scripts_carry_the_csp_nonce(client, cast):
    login(client, cast.ana.email)
    resp = client.get(f"/eventos/{cast.event.id}/mi-lista")
    html = resp.get_data(as_text=True)
    nonce = re.search(r"'nonce-([^']+)'", resp.headers["Content-Security-Policy"]).group(1)
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts, "the decklist page has its live-check script"
    assert all(f'nonce="{nonce}"' in tag for tag in scripts)
    assert " onsubmit=" not in html and " onclick=" not in html  # inline handlers break the CSP


def test_a_script_inside_data_never_gets_the_nonce(client, world, cast):
    from tourney.services import events

    villain = world.user("villano@x.cl", name='<script>alert(1)</script>')
    world.run(lambda s: events.register_self(s, villain, cast.event))
    resp = client.get(f"/eventos/{cast.event.id}")
    html = resp.get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html
    nonce = re.search(r"'nonce-([^']+)'", resp.headers["Content-Security-Policy"]).group(1)
    assert html.count(f'nonce="{nonce}"') == len(re.findall(r"<script\b", html))


def test_each_response_has_its_own_nonce(client, cast):
    first = client.get(f"/eventos/{cast.event.id}").headers["Content-Security-Policy"]
    second = client.get(f"/eventos/{cast.event.id}").headers["Content-Security-Policy"]
    assert first != second


def test_length_errors_of_forms_are_in_spanish(csrf_app, cast):
    from web_helpers import PASSWORD

    client = csrf_app.test_client()
    token = csrf_from(client.get("/entrar").get_data(as_text=True))
    assert client.post("/entrar", data={"csrf_token": token, "email": cast.ana.email,
                                        "password": PASSWORD}).status_code == 302
    page = client.get(f"/eventos/{cast.event.id}/mi-lista").get_data(as_text=True)
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista",
                       data={"csrf_token": csrf_from(page), "text": "3 Kirin\n" * 20_000})
    html = resp.get_data(as_text=True)
    assert "Field cannot be longer" not in html
    assert "no puede tener más de 100000 caracteres" in html


def test_a_huge_quantity_in_a_decklist_is_explained_in_spanish(client, cast):
    login(client, cast.ana.email)
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista/verificar", data={"text": "9" * 5000 + " Kirin"})
    body = resp.get_json()
    assert "Exceeds the limit" not in str(body)
    assert "cantidad absurda" in body["error"]


def test_a_broken_xlsx_is_explained_in_spanish(client, cast):
    login(client, cast.ana.email)
    from io import BytesIO

    resp = client.post(f"/eventos/{cast.event.id}/mi-lista",
                       data={"file": (BytesIO(b"PK\x03\x04" + b"roto" * 100), "lista.xlsx")},
                       content_type="multipart/form-data")
    html = resp.get_data(as_text=True)
    assert "File is not a zip file" not in html
    assert re.search(r'id="file-error">el archivo no es un libro XLSX', html)


def test_a_new_sqlite_database_file_is_readable_by_its_owner_only(tmp_path):
    from tourney import db

    path = tmp_path / "nuevo.sqlite3"
    url = f"sqlite:///{path}"
    db.upgrade(url)
    mode = stat.S_IMODE(os.stat(path).st_mode)
    assert mode == 0o600, oct(mode)
    db.get_engine(url).dispose()
    db._engines.pop(db.normalize_url(url), None)


def test_behind_a_proxy_the_client_address_comes_from_x_forwarded_for(database_url):
    from flask import request

    from tourney import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": database_url, "BEHIND_PROXY": True})
    seen = []
    app.add_url_rule("/quien", "quien", lambda: seen.append(request.remote_addr) or "ok")
    app.test_client().get("/quien", headers={"X-Forwarded-For": "203.0.113.9"})
    assert seen == ["203.0.113.9"]


def test_werkzeug_error_pages_are_in_spanish(client, cast):
    login(client, cast.org.email)
    resp = client.get("/salir")  # POST only
    assert resp.status_code == 405 and "no acepta esa operación" in resp.get_data(as_text=True)


def test_a_5000_digit_number_in_a_form_is_bad_input_in_spanish(client, paired):
    login(client, paired.org.email)
    resp = client.post(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/resultado",
                       data={"a_games": 2, "b_games": 0, "draws": 0, "version": "9" * 5000})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "demasiadas cifras" in html
    assert "Exceeds the limit" not in html
