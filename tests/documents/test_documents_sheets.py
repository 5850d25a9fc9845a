"""XLSX: the event workbook (formatted), player and decklist import (all or nothing, every error
named by sheet, row and column), and the guard that refuses non-XLSX, oversized and zip-bomb files."""
from __future__ import annotations

import io
import zipfile
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from tourney.document_values import EventDocuments, EventInfo, PairingRow, PlayerRow, RoundData, StandingRow, SwapRow
from tourney.sheets import (
    SheetFileError,
    SheetImportError,
    build_workbook,
    check_xlsx,
    read_decklists,
    read_players,
)
from tourney.sheets.layout import SECTION_CASTLE, SECTION_SUPPORT
from xlsx_helpers import xlsx_bytes


_xlsx = xlsx_bytes


@pytest.fixture
def documents(event, make_deck):
    players = (PlayerRow("Ana Muñoz", "ana@example.cl", byes=1), PlayerRow("Bruno Peña", "bruno@example.cl"),
               PlayerRow("Camila Núñez", "", dropped=True), PlayerRow("Diego Ibáñez", "R-17"))
    decks = tuple(make_deck(distinct=20 + 5 * i, seed=i, player=p.name, player_id=p.player_id,
                            support=10 if i % 2 == 0 else 0)
                  for i, p in enumerate(players))
    rounds = (
        RoundData(1, (PairingRow(1, "Ana Muñoz", 0, "Bruno Peña", 0, "ana@example.cl", "bruno@example.cl",
                                 "2-1-0"),
                      PairingRow(2, "Camila Núñez", 0, "Diego Ibáñez", 0, result="0-2-0"),)),
        RoundData(2, (PairingRow(1, "Ana Muñoz", 3, "Diego Ibáñez", 3),
                      PairingRow(3, "Bruno Peña", 0, None, None))),
    )
    standings = (StandingRow(1, "Ana Muñoz", 3, "1-0-0", 0.5, 2 / 3, 0.4),
                 StandingRow(2, "Diego Ibáñez", 3, "1-0-0", 1 / 3, 1.0, 0.41))
    swaps = (SwapRow(1, 1, "Ana Muñoz", 2, "Kirin", "Kanabo", datetime(2026, 11, 29, 11, 5)),)
    return EventDocuments(event=event, players=players, decks=decks, rounds=rounds,
                          standings=standings, swaps=swaps)


def test_xlsx_round_trip_export_then_import_gives_the_same_players(documents):
    data = build_workbook(documents)
    assert read_players(data) == list(documents.players)


def test_xlsx_round_trip_export_then_import_gives_the_same_decklists(documents):
    data = build_workbook(documents)
    imported = {d.player: d for d in read_decklists(data)}
    assert len(imported) == len(documents.decks)
    for deck in documents.decks:
        got = imported[deck.player_id or deck.player_name]
        castle = sorted((ln.qty, ln.card, ln.code) for ln in got.lines if ln.section == SECTION_CASTLE)
        support = sorted((ln.qty, ln.card, ln.code) for ln in got.lines if ln.section == SECTION_SUPPORT)
        assert castle == sorted((ln.qty, ln.name, ln.code) for ln in deck.castle)
        assert support == sorted((ln.qty, ln.name, ln.code) for ln in deck.support)
        text = got.text()
        assert text.startswith("Mazo Castillo\n")
        assert ("Mazo de Soporte" in text) == bool(deck.support)


def test_xlsx_decklist_text_lines_map_back_to_sheet_rows(documents):
    got = read_decklists(build_workbook(documents))[0]
    lines = got.text().splitlines()
    for number, text in enumerate(lines, start=1):
        source = got.line_at(number)
        if text in ("Mazo Castillo", "Mazo de Soporte"):
            assert source is None
        else:
            assert text == f"{source.qty} {source.card} ({source.code})"
            assert source.sheet == "Mazos" and source.row >= 2


def test_event_workbook_has_every_sheet_formatted(documents):
    wb = load_workbook(io.BytesIO(build_workbook(documents)))
    assert wb.sheetnames == ["Evento", "Jugadores", "Mazos", "Ronda 1", "Ronda 2", "Clasificación",
                             "Cambios de Soporte"]
    for ws in wb.worksheets:
        assert ws.freeze_panes == "A2"
        assert all(cell.font.bold for cell in ws[1] if cell.value is not None)
        assert ws.column_dimensions["A"].width >= 8
    st = wb["Clasificación"]
    assert [c.value for c in st[1]][:8] == ["Puesto", "Jugador", "ID", "Puntos", "Récord (G-P-E)", "OMW%",
                                             "GW%", "OGW%"]
    assert st["F2"].value == pytest.approx(0.5) and st["F2"].number_format == "0.00%"
    assert st["G2"].value == pytest.approx(2 / 3) and st["G2"].number_format == "0.00%"
    r2 = wb["Ronda 2"]
    rows = [[c.value for c in row] for row in r2.iter_rows(min_row=2)]
    assert ["BYE" in row for row in rows] == [False, True]
    r1 = [[c.value for c in row] for row in wb["Ronda 1"].iter_rows(min_row=2)]
    assert r1[0][7] == "2-1-0"
    swaps = [c.value for c in wb["Cambios de Soporte"][2]]
    assert swaps[:8] == [1, 1, "Ana Muñoz", None, 2, 1, "Kirin", "Kanabo"]
    assert wb["Cambios de Soporte"]["I2"].number_format == "dd-mm-yyyy hh:mm"


def test_players_import_reports_every_bad_row_with_sheet_row_and_column_and_imports_nothing():
    data = _xlsx({"Jugadores": [
        ["Nombre", "Correo", "Byes"],
        ["Ana", "ana@example.cl", None],
        [None, "sin-nombre@example.cl", None],
        ["Bruno", "no es correo@", 1],
        ["Camila", "ANA@example.cl", None],
        ["Diego", None, "muchos"],
        ["Elisa", None, 7],
        ["Elisa", None, None],
    ]})
    with pytest.raises(SheetImportError) as info:
        read_players(data)
    errors = [(e.sheet, e.row, e.column) for e in info.value.errors]
    assert errors == [
        ("Jugadores", 3, "A (Nombre)"),
        ("Jugadores", 4, "B (ID / correo)"),
        ("Jugadores", 5, "B (ID / correo)"),
        ("Jugadores", 6, "C (Byes)"),
        ("Jugadores", 7, "C (Byes)"),
        ("Jugadores", 8, "A (Nombre)"),
    ]
    message = str(info.value)
    assert "no se importó nada" in message
    assert "hoja «Jugadores», fila 5, columna B (ID / correo): ID repetido" in message


def test_players_import_accepts_headers_in_any_order_and_spelling():
    data = _xlsx({"Hoja1": [[None], ["BYES", "e-mail", "  nombre "], ["sí", "a@b.cl", "Ána"], [2, None, "Ñoño"]]})
    assert read_players(data) == [PlayerRow("Ána", "a@b.cl", 1), PlayerRow("Ñoño", "", 2)]


def test_players_import_without_a_name_column_names_the_header_row():
    with pytest.raises(SheetImportError) as info:
        read_players(_xlsx({"Jugadores": [["Correo"], ["a@b.cl"]]}))
    assert str(info.value.errors[0]) == ("hoja «Jugadores», fila 1: falta la columna «Nombre» en la fila "
                                         "de encabezados")


def test_decklists_import_one_sheet_per_player():
    data = _xlsx({
        "Ana Muñoz": [["Sección", "Cantidad", "Carta"], ["Castillo", 3, "Kirin"], ["Castillo", 47, "Oro"],
                      ["Soporte", 1, "Kanabo"]],
        "bruno@example.cl": [["Seccion", "Cant", "Carta", "Código"], ["Mazo Castillo", 50, "Oro", "EE-300"]],
    })
    got = read_decklists(data)
    assert [d.player for d in got] == ["Ana Muñoz", "bruno@example.cl"]
    assert got[0].text() == "Mazo Castillo\n3 Kirin\n47 Oro\nMazo de Soporte\n1 Kanabo\n"
    assert got[1].text() == "Mazo Castillo\n50 Oro (EE-300)\n"
    assert got[1].column == "nombre de la hoja"


def test_decklists_import_reports_every_bad_row_and_imports_nothing():
    data = _xlsx({"Mazos": [
        ["Jugador", "Sección", "Cantidad", "Carta"],
        ["Ana", "Castillo", 3, "Kirin"],
        ["Ana", "Banca", 1, "Kanabo"],
        ["Ana", "Castillo", 0, "Kirin"],
        ["Ana", "Castillo", "tres", "Kirin"],
        ["Ana", "Castillo", 2.5, "Kirin"],
        [None, "Castillo", 1, "Kirin"],
        ["Bruno", "Soporte", 1000, None],
    ]})
    with pytest.raises(SheetImportError) as info:
        read_decklists(data)
    assert [(e.row, e.column) for e in info.value.errors] == [
        (3, "B (Sección)"), (4, "C (Cantidad)"), (5, "C (Cantidad)"), (6, "C (Cantidad)"),
        (7, "A (Jugador)"), (8, "C (Cantidad)"), (8, "D (Carta)"),
    ]
    assert all(e.sheet == "Mazos" for e in info.value.errors)


def test_decklists_import_without_any_deck_sheet_says_which_columns_it_needs():
    with pytest.raises(SheetImportError, match="no hay ninguna hoja de mazos"):
        read_decklists(_xlsx({"Hoja1": [["Nombre"], ["Ana"]]}))


def test_rejects_files_that_are_not_xlsx():
    with pytest.raises(SheetFileError, match="vacío"):
        check_xlsx(b"")
    with pytest.raises(SheetFileError, match="CSV"):
        read_players(b"Nombre;Correo\nAna;a@b.cl\n")
    with pytest.raises(SheetFileError, match=".xls antiguo"):
        read_players(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("hola.txt", "no soy una planilla")
    with pytest.raises(SheetFileError, match="no una planilla XLSX"):
        read_players(buf.getvalue())
    with pytest.raises(SheetFileError, match="dañado"):
        read_players(b"PK\x03\x04" + b"basura" * 20)


def test_rejects_oversized_files():
    with pytest.raises(SheetFileError, match="el máximo es 1 MB"):
        check_xlsx(b"PK\x03\x04" + b"\0" * (1024 * 1024 + 1), max_bytes=1024 * 1024)


def test_rejects_a_zip_bomb_before_opening_it():
    good = _xlsx({"Jugadores": [["Nombre"], ["Ana"]]})
    src = zipfile.ZipFile(io.BytesIO(good))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for info in src.infolist():
            z.writestr(info.filename, src.read(info.filename))
        z.writestr("xl/media/relleno.xml", b"\0" * (8 * 1024 * 1024))  # ~1000:1
    bomb = buf.getvalue()
    assert len(bomb) < 100 * 1024
    with pytest.raises(SheetFileError, match="bomba zip"):
        read_players(bomb)
    with pytest.raises(SheetFileError, match="bomba zip"):
        check_xlsx(good, max_uncompressed=1000)


_names = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40) \
    .map(str.strip).filter(bool)


@settings(max_examples=25, deadline=None)
@given(players=st.lists(st.tuples(_names, st.booleans()), min_size=1, max_size=12,
                        unique_by=lambda t: t[0].casefold()))
def test_xlsx_round_trip_keeps_any_player_name_as_text(players):
    """Names with accents, quotes, leading = or @ (never turned into formulas), digits."""
    rows = tuple(PlayerRow(" ".join(name.split()), f"id-{i}", dropped=dropped)
                 for i, (name, dropped) in enumerate(players))
    data = build_workbook(EventDocuments(event=EventInfo("Liga de Ñuñoa"), players=rows))
    assert read_players(data) == list(rows)


def test_export_never_writes_a_formula(event):
    rows = (PlayerRow("=HYPERLINK(\"http://x\",\"clic\")"), PlayerRow("+56 9 1234"), PlayerRow("@SUMA"))
    wb = load_workbook(io.BytesIO(build_workbook(EventDocuments(event=event, players=rows))))
    cells = [c for row in wb["Jugadores"].iter_rows(min_row=2) for c in row if c.value is not None]
    assert cells and all(c.data_type != "f" for c in cells)
    assert [c.value for c in cells] == [p.name for p in rows]
