"""Accounts: sign-up with hashed passwords, login, errors next to fields, input kept."""
from __future__ import annotations

from sqlmodel import select

from tourney import db
from tourney.models.events import User

from web_helpers import PASSWORD, login


def test_signup_stores_a_hashed_password_and_logs_in(client, world, app):
    resp = client.post("/cuenta/nueva", data={"name": "Ana Pérez", "email": "Ana@Correo.cl",
                                              "password": "una-clave-larga"})
    assert resp.status_code == 302
    user = world.run(lambda s: s.exec(select(User).where(User.email == "ana@correo.cl")).one())
    assert user.password_hash != "una-clave-larga"
    assert user.password_hash.startswith("pbkdf2:sha256:1000$")  # the tests' cheap method
    # issue 15: signing up does not log in (the answer must not tell new from taken e-mails)
    login(client, "ana@correo.cl", "una-clave-larga")
    assert "Ana Pérez" in client.get("/").get_data(as_text=True)


def test_production_hashes_use_scrypt(monkeypatch):
    from tourney.services import accounts

    monkeypatch.undo()
    assert accounts.PASSWORD_METHOD == "scrypt"


def test_signup_errors_are_shown_next_to_fields_and_input_is_kept(client, world):
    world.user("ana@correo.cl")
    resp = client.post("/cuenta/nueva", data={"name": "Ana Dos", "email": "ana@correo.cl",
                                              "password": "corta"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert 'id="password-error"' in html and "Al menos 8 caracteres." in html
    assert 'value="Ana Dos"' in html and 'value="ana@correo.cl"' in html
    resp = client.post("/cuenta/nueva", data={"name": "Ana Dos", "email": "ana@correo.cl",
                                              "password": "suficientemente-larga"})
    # issue 15: a taken e-mail gets the same answer as a new one (no account enumeration)
    assert resp.status_code == 302 and "/entrar" in resp.location
    assert "Ya existe" not in client.get(resp.location).get_data(as_text=True)
    assert world.run(lambda s: len(s.exec(select(User)).all())) == 1


def test_login_with_a_wrong_password_is_refused_in_spanish(client, world):
    world.user("beto@correo.cl")
    resp = client.post("/entrar", data={"email": "beto@correo.cl", "password": "no-es-esta"})
    assert resp.status_code == 400
    html = resp.get_data(as_text=True)
    assert "Correo o contraseña incorrectos." in html and 'value="beto@correo.cl"' in html
    login(client, "beto@correo.cl", PASSWORD)


def test_login_does_not_redirect_to_another_site(client, world):
    world.user("beto@correo.cl")
    resp = client.post("/entrar?next=https://malo.example/x",
                       data={"email": "beto@correo.cl", "password": PASSWORD})
    assert resp.status_code == 302 and resp.location == "/"


def test_cli_users_create_and_role(runner, app):
    result = runner.invoke(args=["users", "create", "org@club.cl", "--role", "organizador",
                                 "--password", "clave-de-org-1"])
    assert result.exit_code == 0, result.output
    assert "Cuenta creada: org@club.cl (organizador)." in result.output
    again = runner.invoke(args=["users", "create", "org@club.cl", "--password", "otra-clave-2"])
    assert again.exit_code == 2 and "Ya existe una cuenta con ese correo." in again.output
    assert "Traceback" not in again.output
    short = runner.invoke(args=["users", "create", "x@club.cl", "--password", "corta"])
    assert short.exit_code == 2 and "al menos 8 caracteres" in short.output
    role = runner.invoke(args=["users", "role", "org@club.cl", "jugador"])
    assert role.exit_code == 0 and "ahora es jugador" in role.output
    with app.app_context(), db.session_scope() as s:
        assert s.exec(select(User)).one().role == "jugador"
