"""CSRF protection on every POST (the app as in production: csrf_app)."""
from __future__ import annotations

import pytest
from sqlmodel import select

from tourney.models.events import Event, User
from web_helpers import FORMAT, PASSWORD, World, csrf_from

POSTS = ["/entrar", "/cuenta/nueva", "/salir", "/eventos/nuevo", "/eventos/1/inscribirme",
         "/eventos/1/rondas", "/eventos/1/mi-lista", "/eventos/1/mesas/1/resultado",
         "/eventos/1/mesas/1/cambios", "/eventos/1/revision", "/eventos/1/jugadores",
         "/eventos/1/importar/jugadores", "/eventos/1/importar/listas"]


@pytest.fixture
def csrf_client(csrf_app):
    return csrf_app.test_client()


@pytest.mark.parametrize("url", POSTS)
def test_post_without_token_is_rejected(csrf_client, url):
    resp = csrf_client.post(url, data={"email": "a@b.cl", "password": "x" * 10, "name": "A"})
    assert resp.status_code == 400
    assert "CSRF" in resp.get_data(as_text=True)


def test_forged_token_is_rejected_and_real_token_works(csrf_client, csrf_app):
    World(csrf_app).user("org@x.cl", "organizador")
    page = csrf_client.get("/entrar").get_data(as_text=True)
    token = csrf_from(page)
    forged = csrf_client.post("/entrar", data={"email": "org@x.cl", "password": PASSWORD,
                                               "csrf_token": token[:-4] + "AAAA"})
    assert forged.status_code == 400
    ok = csrf_client.post("/entrar", data={"email": "org@x.cl", "password": PASSWORD,
                                           "csrf_token": token})
    assert ok.status_code == 302
    page = csrf_client.get("/eventos/nuevo").get_data(as_text=True)
    data = {"name": "Con token", "date": "2026-12-12", "format_id": FORMAT, "top_cut": "0"}
    assert csrf_client.post("/eventos/nuevo", data=data).status_code == 400
    assert csrf_client.post("/eventos/nuevo", data={**data, "csrf_token": csrf_from(page)}
                            ).status_code == 302
    assert World(csrf_app).run(lambda s: [e.name for e in s.exec(select(Event))]) == ["Con token"]


def test_token_from_another_session_is_rejected(csrf_app):
    World(csrf_app).user("ana@x.cl")
    attacker = csrf_app.test_client()
    token = csrf_from(attacker.get("/cuenta/nueva").get_data(as_text=True))
    victim = csrf_app.test_client()
    victim.get("/entrar")
    resp = victim.post("/cuenta/nueva", data={"name": "X", "email": "x@x.cl",
                                              "password": "clave-larga-1", "csrf_token": token})
    assert resp.status_code == 400
    assert World(csrf_app).run(lambda s: len(s.exec(select(User)).all())) == 1
