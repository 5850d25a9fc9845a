"""Catalog onboarding: the organizer sees what the catalog holds and which formats it can
serve, uploads card files from the web (all or nothing, size-limited, CSRF), and `make run`
imports the catalog whenever it is found (idempotent)."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from web_helpers import World, csrf_from, login

ROOT = Path(__file__).resolve().parents[2]


def _count(world) -> int:
    return world.run(lambda s: s.execute(text("SELECT count(*) FROM card")).scalar())


@pytest.fixture
def empty_catalog(world):
    """A database whose catalog is empty (as on a fresh machine); emptied again afterwards so
    the next test (on PostgreSQL) re-imports the full catalog."""
    def wipe(s):
        s.execute(text("DELETE FROM card"))
        s.execute(text("DELETE FROM edition"))
    world.run(wipe)
    yield
    world.run(wipe)


@pytest.fixture
def organizer(world, client):
    user = world.user("org@x.cl", "organizador", "Olga Organiza")
    login(client, user.email)
    return user


def _upload(client, *files, fmt=""):
    data = {"fmt": fmt, "files": [(io.BytesIO(body), name) for name, body in files]}
    return client.post("/catalogo", data=data, content_type="multipart/form-data")


def test_the_catalog_page_shows_cards_editions_and_the_formats_it_can_serve(client, organizer):
    page = client.get("/catalogo").get_data(as_text=True)
    assert "El catálogo está vacío" not in page
    assert "impresiones de" in page and "Escuelas Elementales" in page
    row = page.split('data-formato="escuelas-elementales"', 1)[1].split("</tr>", 1)[0]
    assert "✓" in row


def test_an_empty_catalog_is_said_out_loud_and_no_format_can_be_served(client, organizer,
                                                                         empty_catalog):
    page = client.get("/catalogo").get_data(as_text=True)
    assert "El catálogo está vacío" in page
    row = page.split('data-formato="unificado"', 1)[1].split("</tr>", 1)[0]
    assert "✗" in row and "Escuelas Elementales" in row  # listed among the missing editions


def test_uploading_a_deckforge_edition_imports_it_and_again_changes_nothing(
        client, organizer, empty_catalog, world, shared_data):
    body = (shared_data / "deckforge" / "data-src" / "escuelas-elementales.json").read_bytes()
    resp = _upload(client, ("escuelas-elementales.json", body))
    assert resp.status_code == 200  # the page itself says what each file added (issue 23)
    page = resp.get_data(as_text=True)
    assert 'id="subidas"' in page and "326 cartas leídas: 326 nuevas" in page
    assert _count(world) == 326
    row = page.split('data-formato="escuelas-elementales"', 1)[1].split("</tr>", 1)[0]
    assert "✓" in row and "Bushido" in row.split("</td>")[2]  # Bushido still missing
    again = _upload(client, ("escuelas-elementales.json", body))
    assert again.status_code == 200
    assert "0 nuevas, 0 actualizadas, 326 sin cambios" in again.get_data(as_text=True)


def test_a_bad_row_rejects_the_whole_upload_naming_row_and_column(client, organizer, world):
    before = _count(world)
    csv = ("codigo,nombre,edicion,tipo,coste\n"
           "ZZ-001,Carta Nueva,prueba,Aliado,2\n"
           "ZZ-002,Otra Carta,prueba,Aliado,uno\n").encode()
    resp = _upload(client, ("nuevas.csv", csv))
    page = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert "el catálogo no cambió" in page and "nuevas.csv" in page
    assert "fila 3" in page and "«coste»" in page
    assert "tourney-catalog-" not in page  # no temporary paths shown
    assert _count(world) == before


def test_one_bad_file_rejects_the_good_one_sent_with_it(client, organizer, world):
    before = _count(world)
    good = b"codigo,nombre,edicion,tipo\nZZ-010,Carta Buena,prueba,Aliado\n"
    bad = b'{"no": "es un catalogo"}'
    resp = _upload(client, ("buena.csv", good), ("mala.json", bad))
    assert resp.status_code == 400
    assert "mala.json" in resp.get_data(as_text=True)
    assert _count(world) == before


def test_uploads_are_limited_in_size_and_kind(client, organizer, world):
    before = _count(world)
    resp = _upload(client, ("cartas.txt", b"1 Shuri"))
    assert resp.status_code == 400 and "se aceptan archivos .json, .csv, .xlsx o .zip" in resp.get_data(as_text=True)
    resp = _upload(client)
    assert resp.status_code == 400 and "Elige uno o más archivos" in resp.get_data(as_text=True)
    big = _upload(client, ("grande.json", b" " * (3 * 1024 * 1024)))
    assert big.status_code == 413
    assert _count(world) == before


def test_only_organizers_see_or_upload_the_catalog(client, world):
    assert client.get("/catalogo").status_code == 302
    player = world.user("ana@x.cl", name="Ana")
    login(client, player.email)
    assert client.get("/catalogo").status_code == 403
    assert _upload(client, ("a.csv", b"codigo,nombre,edicion,tipo\n")).status_code == 403


def test_the_upload_needs_its_csrf_token(csrf_app):
    client = csrf_app.test_client()
    World(csrf_app).user("org@x.cl", "organizador")
    token = csrf_from(client.get("/entrar").get_data(as_text=True))
    from web_helpers import PASSWORD
    client.post("/entrar", data={"email": "org@x.cl", "password": PASSWORD, "csrf_token": token})
    resp = client.post("/catalogo", data={"fmt": ""})
    assert resp.status_code == 400 and "CSRF" in resp.get_data(as_text=True)
    page = client.get("/catalogo").get_data(as_text=True)
    assert 'name="csrf_token"' in page


def test_make_catalog_imports_the_cards_when_found_and_again_changes_nothing(tmp_path):
    csv = tmp_path / "cartas.csv"
    csv.write_text("codigo,nombre,edicion,tipo\nZZ-100,Carta de Make,prueba,Aliado\n",
                   encoding="utf-8")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'make.sqlite3'}"}
    venv = Path(sys.executable).parent.parent  # the venv running the tests, wherever it is
    args = ["make", "-s", "-C", str(ROOT), f"VENV={venv}", "-o", f"{venv}/bin/tourney", "catalog",
            f"CARDS={csv}", "CARDS_SRC=/nada"]
    first = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    assert "1 nuevas" in first.stdout
    second = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    assert "0 nuevas, 0 actualizadas, 1 sin cambios" in second.stdout
    missing = subprocess.run([*args[:-2], f"CARDS={tmp_path / 'no.json'}"], env=env,
                             capture_output=True, text=True, check=True)
    assert "súbelo desde la web" in missing.stdout


def test_creating_an_event_on_an_empty_catalog_warns_and_links_the_upload(client, organizer,
                                                                          empty_catalog):
    page = client.get("/eventos/nuevo").get_data(as_text=True)
    assert 'id="catalogo-vacio"' in page and 'href="/catalogo"' in page


def test_the_event_panel_names_the_formats_editions_the_catalog_lacks(client, organizer, world):
    from tourney.services import events

    event = world.event(organizer)
    panel = client.get(f"/eventos/{event.id}/panel").get_data(as_text=True)
    warning = panel.split('id="catalogo-faltan"', 1)[1].split("</p>", 1)[0]
    assert "Al catálogo le faltan" in warning and "Unificado" in warning
    assert "Furia" in warning or "Sumeria" in warning  # Nueva Era editions DeckForge lacks
    assert world.run(lambda s: events.get_event(s, event.id).format_id) == "unificado"


def test_with_the_catalog_present_the_create_page_has_no_warning(client, organizer):
    assert 'id="catalogo-vacio"' not in client.get("/eventos/nuevo").get_data(as_text=True)
