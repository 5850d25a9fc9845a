"""The first run (issue 23): with no organizer the home page creates the first one — only from
the machine itself or with the one-time code `make run` / `tourney serve` print — and leads
to the catalog upload, which takes several files or a ZIP and says what each added. A fresh
database, no ../shared."""
from __future__ import annotations

import io

import pytest
from sqlmodel import select

from tourney import create_app, db
from tourney.models.events import User
from firstrun_helpers import cards_csv, cards_zip

PASSWORD = "clave-segura-1"
ELSEWHERE = {"REMOTE_ADDR": "10.0.0.7"}


@pytest.fixture
def fresh(database_url, tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "WTF_CSRF_ENABLED": False,
                      "FIRST_RUN_CODE_FILE": str(tmp_path / "first-run-code")})
    app.code_file = tmp_path / "first-run-code"
    return app


def _users(app):
    with app.app_context(), db.session_scope() as s:
        return [(u.email, u.role) for u in s.exec(select(User))]


FORM = {"name": "Olga Organiza", "email": "olga@club.cl", "password": PASSWORD}


def test_with_no_organizer_the_home_page_offers_the_first_organizer(fresh):
    page = fresh.test_client().get("/").get_data(as_text=True)
    assert 'id="primera-vez"' in page and "no hace falta el código" in page
    other = fresh.test_client().get("/", environ_base=ELSEWHERE).get_data(as_text=True)
    assert "código de un solo uso" in other


def test_from_this_machine_the_first_organizer_needs_no_code_and_lands_on_the_catalog(fresh):
    client = fresh.test_client()
    resp = client.post("/primera-vez", data=FORM)
    assert resp.status_code == 302 and resp.location.endswith("/catalogo")
    assert _users(fresh) == [("olga@club.cl", "organizador")]
    assert client.get("/catalogo").status_code == 200  # logged in
    again = fresh.test_client().post("/primera-vez", data={**FORM, "email": "otro@club.cl"})
    assert again.status_code == 403 and "Ya hay una cuenta de organizador" in \
        again.get_data(as_text=True)
    assert 'id="primera-vez"' not in fresh.test_client().get("/").get_data(as_text=True)


def test_from_another_machine_only_the_one_time_code_works_once(fresh):
    runner = fresh.test_cli_runner()
    out = runner.invoke(args=["users", "first-run"])
    assert out.exit_code == 0, out.output
    code = fresh.code_file.read_text().strip()
    assert code in out.output and oct(fresh.code_file.stat().st_mode & 0o777) == "0o600"
    assert code in runner.invoke(args=["users", "first-run"]).output  # the same code again
    client = fresh.test_client()
    for wrong in ({}, {"code": "NOPE-NOPE"}):
        resp = client.post("/primera-vez", data={**FORM, **wrong}, environ_base=ELSEWHERE)
        assert resp.status_code == 403 and "código de un solo uso" in resp.get_data(as_text=True)
    proxied = client.post("/primera-vez", data=FORM,
                          headers={"X-Forwarded-For": "203.0.113.9"})  # loopback via a proxy
    assert proxied.status_code == 403 and _users(fresh) == []
    resp = client.post("/primera-vez", data={**FORM, "code": code.lower()}, environ_base=ELSEWHERE)
    assert resp.status_code == 302 and _users(fresh) == [("olga@club.cl", "organizador")]
    assert not fresh.code_file.exists()  # good once
    assert "ya hay una cuenta de organizador" in runner.invoke(
        args=["users", "first-run"]).output.lower()


def _organizer(fresh):
    client = fresh.test_client()
    assert client.post("/primera-vez", data=FORM).status_code == 302
    return client


def test_the_catalog_upload_takes_several_files_or_a_zip_and_says_what_each_added(fresh):
    client = _organizer(fresh)
    zipped = cards_zip({"data-src/norte.csv": cards_csv("NOR", 5),
                        "data-src/sur.csv": cards_csv("SUR", 3)})
    resp = client.post("/catalogo", content_type="multipart/form-data", data={
        "files": [(io.BytesIO(cards_csv("CASA", 10)), "casera.csv"),
                  (io.BytesIO(zipped), "ediciones.zip")], "fmt": ""})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200, page[:2000]
    rows = {name: added for name, added in _report_rows(page)}
    assert rows == {"casera.csv": 11, "ediciones.zip: data-src/norte.csv": 6,
                    "ediciones.zip: data-src/sur.csv": 4}
    again = client.post("/catalogo", content_type="multipart/form-data", data={
        "files": [(io.BytesIO(cards_csv("CASA", 10)), "casera.csv")], "fmt": ""})
    assert dict(_report_rows(again.get_data(as_text=True))) == {"casera.csv": 0}


def test_a_bad_file_in_a_zip_rejects_the_whole_upload_and_names_it(fresh):
    client = _organizer(fresh)
    bad = cards_csv("MAL", 2).replace(b"Aliado", b"Dragonzote", 1)
    zipped = cards_zip({"buena.csv": cards_csv("BUE", 2), "mala.csv": bad})
    resp = client.post("/catalogo", content_type="multipart/form-data", data={
        "files": [(io.BytesIO(zipped), "todo.zip")], "fmt": ""})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "todo.zip: mala.csv" in page and "no cambió" in page
    assert "0</strong> impresiones" in page or 'id="catalogo-vacio"' in page


def _report_rows(page: str):
    import re

    return [(n, int(a)) for n, a in re.findall(
        r'<tr class="subida"><td>([^<]+)</td><td>(\d+)</td>', page)]


def test_a_self_made_account_learns_how_to_become_an_organizer(fresh):
    client = _organizer(fresh)
    client.post("/salir")
    client.post("/cuenta/nueva", data={"name": "Pepe", "email": "pepe@club.cl",
                                       "password": PASSWORD})
    client.post("/entrar", data={"email": "pepe@club.cl", "password": PASSWORD})
    resp = client.get("/eventos/nuevo")
    assert resp.status_code == 403 and "tourney users role" in resp.get_data(as_text=True)
