"""Documents from the web: PDF downloads (judges), the event workbook and XLSX imports
(organizers), all or nothing with every row error shown (sheet, row, column)."""
from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from sqlmodel import select

from tourney.models.events import DecklistSubmission, Registration
from web_helpers import deck_lines, login
from xlsx_helpers import xlsx_bytes


_xlsx = xlsx_bytes


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages)


def _count(world, model, **where):
    def run(s):
        query = select(model)
        for key, value in where.items():
            query = query.where(getattr(model, key) == value)
        return len(s.exec(query).all())
    return world.run(run)


@pytest.mark.parametrize("kind,expected", [
    ("decksheets", ["Ana", "Beto", "Carla", "Mazo Castillo"]),
    ("blank", ["Mazo Castillo"]),
    ("pairings", ["Ana", "BYE"]),
    ("slips", ["Mesa 1", "Juegos ganados"]),
    ("standings", ["Ana", "Carla", "OMW"]),
])
def test_judge_downloads_each_pdf_of_the_event(client, paired, kind, expected):
    login(client, paired.judge.email)
    resp = client.get(f"/eventos/{paired.event.id}/documentos/{kind}?ronda=1")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert "attachment" in resp.headers["Content-Disposition"]
    text = _pdf_text(resp.data)
    if kind == "slips":  # one slip per table: the two players at the match, never the bye
        expected = expected + [paired.regs[k].name for k in paired.playing]
        assert paired.regs[paired.bye].name not in text
    for word in expected:
        assert word in text, (kind, word)
    assert paired.event.name in text  # footer


def test_pairings_pdf_alphabetical_only_and_the_page_lists_the_buttons(client, paired):
    login(client, paired.judge.email)
    page = client.get(f"/eventos/{paired.event.id}/documentos").get_data(as_text=True)
    for kind in ("decksheets", "blank", "pairings", "slips", "standings"):
        assert f"/documentos/{kind}" in page
    assert "/documentos/workbook" not in page  # the workbook is the organizer's
    assert "Importar jugadores" not in page
    resp = client.get(f"/eventos/{paired.event.id}/documentos/pairings?ronda=1&orden=alfabetico")
    assert resp.status_code == 200
    assert "alfab" in _pdf_text(resp.data).lower()


def test_a_round_that_does_not_exist_is_a_message_not_a_crash(client, cast):
    login(client, cast.org.email)
    resp = client.get(f"/eventos/{cast.event.id}/documentos/pairings", follow_redirects=True)
    assert resp.status_code == 200
    page = resp.get_data(as_text=True)
    assert "ronda" in page.lower() and "Traceback" not in page


def test_organizer_downloads_the_event_workbook(client, paired):
    login(client, paired.org.email)
    dash = client.get(f"/eventos/{paired.event.id}/panel").get_data(as_text=True)
    assert "/documentos/workbook" in dash and "/documentos/decksheets" in dash
    resp = client.get(f"/eventos/{paired.event.id}/documentos/workbook")
    assert resp.status_code == 200 and resp.headers["Content-Disposition"].endswith('.xlsx"')
    wb = load_workbook(io.BytesIO(resp.data))
    players = [row[0] for row in wb["Jugadores"].iter_rows(min_row=2, values_only=True)]
    assert sorted(players) == ["Ana", "Beto", "Carla"]


def test_organizer_imports_players_from_xlsx(client, cast, world):
    login(client, cast.org.email)
    data = _xlsx({"Jugadores": [["Nombre", "ID / correo", "Retirado"],
                                ["Diego Núñez", "otro@x.cl", ""],
                                ["Elena Peña", "", "no"]]})
    resp = client.post(f"/eventos/{cast.event.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(data), "jugadores.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 302
    names = world.run(lambda s: sorted(r.name for r in s.exec(
        select(Registration).where(Registration.event_id == cast.event.id))))
    # the e-mail of an account links the registration, and the player keeps the account's name
    assert names == ["Ana", "Beto", "Elena Peña", cast.outsider.name]
    diego = world.run(lambda s: s.exec(select(Registration).where(
        Registration.name == cast.outsider.name)).one().user_id)
    assert diego == cast.outsider.id


def test_players_import_with_bad_rows_shows_every_error_and_imports_nothing(client, cast, world):
    login(client, cast.org.email)
    before = _count(world, Registration)
    data = _xlsx({"Jugadores": [["Nombre", "ID / correo"],
                                ["Fabián Rojas", ""],  # fine, but not imported either
                                ["", "sin-nombre@x.cl"],  # row 3: no name
                                ["Ana", ""]]})  # row 4: already registered
    resp = client.post(f"/eventos/{cast.event.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(data), "jugadores.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert "No se importó nada: 2 error(es)" in page
    assert "<td>Jugadores</td><td>3</td>" in page and "<td>Jugadores</td><td>4</td>" in page
    assert "ya está inscrito" in page
    assert _count(world, Registration) == before


@pytest.mark.parametrize("name,data,message", [
    ("jugadores.csv", b"Nombre,Correo\nAna,a@b.cl\n", "no es una planilla XLSX"),
    ("jugadores.xlsx", b"Nombre,Correo\nAna,a@b.cl\n", "no es una planilla XLSX"),
    ("jugadores.xlsx", b"", "Elige una planilla"),
])
def test_players_import_rejects_files_that_are_not_xlsx(client, cast, world, name, data, message):
    login(client, cast.org.email)
    before = _count(world, Registration)
    resp = client.post(f"/eventos/{cast.event.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")
    assert resp.status_code == 400
    assert message in resp.get_data(as_text=True)
    assert _count(world, Registration) == before


def _deck_rows(player: str, text: str) -> list[list]:
    lines = deck_lines(text)
    rows = [["Jugador", "Sección", "Cantidad", "Carta", "Código"]]
    for section, label in (("castle", "Castillo"), ("support", "Soporte")):
        rows += [[player, label, qty, name, code] for qty, name, code in lines[section]]
    return rows


def test_organizer_imports_decklists_from_xlsx(client, cast, world):
    login(client, cast.org.email)
    before = _count(world, DecklistSubmission, registration_id=cast.regs["ana"].id)
    data = _xlsx({"Mazos": _deck_rows("ana@x.cl", cast.decks["beto"])})
    resp = client.post(f"/eventos/{cast.event.id}/importar/listas",
                       data={"listas-file": (io.BytesIO(data), "listas.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 302
    subs = world.run(lambda s: [(x.source, x.legal) for x in s.exec(
        select(DecklistSubmission).where(DecklistSubmission.registration_id == cast.regs["ana"].id)
        .order_by(DecklistSubmission.id))])
    assert len(subs) == before + 1 and subs[-1] == ("xlsx", True)


def test_each_imported_list_is_parsed_and_validated_once(client, cast, world, monkeypatch):
    from tourney.services import decklists, imports

    calls = {"parse": 0, "validate": 0}

    def counting(name, real):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(imports, "parse_decklist", counting("parse", imports.parse_decklist))
    monkeypatch.setattr(decklists, "validate", counting("validate", decklists.validate))
    login(client, cast.org.email)
    data = _xlsx({"Mazos": _deck_rows("ana@x.cl", cast.decks["ana"])
                  + _deck_rows("beto@x.cl", cast.decks["beto"])[1:]})
    resp = client.post(f"/eventos/{cast.event.id}/importar/listas",
                       data={"listas-file": (io.BytesIO(data), "listas.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 302
    assert calls == {"parse": 2, "validate": 2}  # two lists: one parse and one check each


def test_decklists_import_with_an_unknown_card_and_player_imports_nothing(client, cast, world):
    login(client, cast.org.email)
    before = _count(world, DecklistSubmission)
    rows = _deck_rows("Beto", cast.decks["beto"])
    rows[2][3], rows[2][4] = "Carta Que No Existe Jamás", None  # row 3
    rows.append(["Nadie Inscrito", "Castillo", 3, "Kirin", None])  # last row
    data = _xlsx({"Mazos": rows})
    resp = client.post(f"/eventos/{cast.event.id}/importar/listas",
                       data={"listas-file": (io.BytesIO(data), "listas.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert "<td>Mazos</td><td>3</td>" in page
    assert f"<td>Mazos</td><td>{len(rows)}</td>" in page and "no está inscrito" in page
    assert _count(world, DecklistSubmission) == before


def test_judges_and_players_cannot_import(client, cast, world):
    data = _xlsx({"Jugadores": [["Nombre"], ["Intruso"]]})
    for email in (cast.judge.email, cast.ana.email):
        login(client, email)
        resp = client.post(f"/eventos/{cast.event.id}/importar/jugadores",
                           data={"jugadores-file": (io.BytesIO(data), "j.xlsx")},
                           content_type="multipart/form-data")
        assert resp.status_code == 403
    assert _count(world, Registration, name="Intruso") == 0
