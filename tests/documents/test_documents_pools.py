"""Pool documents (Sellado / Lanzamiento, seed 000 §11): the registration sheet lists the pool
with the Castillo marked and the Soporte as the rest; the pools workbook goes out and comes
back; a broken pools file is refused naming the row. Real Bushido cards."""
from __future__ import annotations

import io

import pytest

from tourney.legality.pool import PoolError
from tourney.document_values import EventInfo
from tourney.printing.poolsheet import PoolSheet, PoolSheetLine, render_pool_sheets
from tourney.sheets.pools import PoolRow, read_pools, write_pools


@pytest.fixture(scope="module")
def bushido(cards):
    return sorted((c for c in cards if c.edition == "bushido" and not c.origin), key=lambda c: c.code)


@pytest.fixture
def lanz_event():
    return EventInfo(name="Lanzamiento Bushido en Ñuñoa", format_name="Lanzamiento",
                     location="Ñuñoa", side_note="el resto del pool")


def sheet_of(bushido, castle: int, total: int = 60, name="Ana Muñoz", per_product=10):
    lines = []
    for i, card in enumerate(bushido[:total]):
        lines.append(PoolSheetLine(f"Sobre {i // per_product + 1}", 1, card.name, card.code,
                                   1 if i < castle else 0))
    return PoolSheet(player_name=name, player_id="ana@example.cl", table=7, lines=lines,
                     castle_size=castle, locked=True, legal=True,
                     notes=("Las cartas del Mazo de Soporte pueden estar sin protectores.",))


def test_pool_sheet_lists_the_pool_with_the_castillo_marked_and_the_soporte_the_rest(bushido, lanz_event, read_pdf,
                                                                                       printed_at):
    sheet = sheet_of(bushido, castle=40)
    pages = read_pdf(render_pool_sheets(lanz_event, [sheet], printed_at=printed_at))
    text = "\n".join(pages)
    for card in bushido[:60]:
        assert card.code in text  # every card of the pool is on the sheet
    assert "Pool: 60 cartas · Mazo Castillo: 40 · Mazo de Soporte (resto del pool): 20" in text
    assert "Ana Muñoz" in text and "Mesa" in text and "sin protectores" in text
    assert "Solo jueces: revisión de mazo" in text
    assert sheet.support_count == 20 and sheet.castle_count == 40


def test_pool_sheet_says_when_the_castillo_is_not_the_event_size(bushido, lanz_event, read_pdf):
    text = "\n".join(read_pdf(render_pool_sheets(lanz_event, [sheet_of(bushido, castle=38)])))
    assert "Mazo Castillo: 38" in text


def test_a_long_pool_continues_on_more_pages_and_each_player_has_a_sheet(bushido, lanz_event, read_pdf):
    big = sheet_of(bushido, castle=40, total=120, per_product=15)
    other = sheet_of(bushido, castle=40, name="Beto Díaz")
    pages = read_pdf(render_pool_sheets(lanz_event, [big, other]))
    assert len(pages) >= 3
    assert any("(continúa)" in p for p in pages)
    assert sum("Beto Díaz" in p for p in pages) >= 1
    text = "\n".join(pages)
    assert all(card.code in text for card in bushido[:120])


def test_pools_workbook_goes_out_and_comes_back(bushido):
    rows = [PoolRow("ana@example.cl", "Sobre 1", 2, bushido[0].name, bushido[0].code, 1),
            PoolRow("ana@example.cl", "Sobre 1", 1, bushido[1].name, bushido[1].code, 0),
            PoolRow("Beto Díaz", "Sobre 2", 1, "=HYPERLINK(\"x\")", "", 0)]
    data = write_pools(rows, [("Ana", 3, 1, 2)], title="Pools")
    back = read_pools(data)
    assert [(ln.qty, ln.name, ln.product) for ln in back["ana@example.cl"]] == [
        (2, f"{bushido[0].name} ({bushido[0].code})", "Sobre 1"),
        (1, f"{bushido[1].name} ({bushido[1].code})", "Sobre 1")]
    # a card name that looks like a formula is written as text, never run
    from openpyxl import load_workbook

    ws = load_workbook(io.BytesIO(data))["Pools"]
    assert ws.cell(4, 4).value.startswith("'=") and ws.cell(4, 4).data_type == "s"
    assert load_workbook(io.BytesIO(data))["Resumen"].cell(2, 4).value == 2


def test_a_broken_pools_file_names_every_bad_row():
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["Producto", "Cantidad", "Carta"])
    ws.append(["Sobre 1", "2", "Kenshin"])
    ws.append(["Sobre 1", "tres", "Kappa"])
    ws.append(["Sobre 1", "1", ""])
    ws.append(["Sobre 1", "0", "Shodo"])
    buf = io.BytesIO()
    wb.save(buf)
    with pytest.raises(PoolError) as info:
        read_pools(buf.getvalue())
    assert [row for row, _ in info.value.errors] == [3, 4, 5]
    assert "fila 3: columna Cantidad: «tres» no es un número entero" in str(info.value)
    with pytest.raises(PoolError, match="no es una planilla XLSX"):
        read_pools(b"Producto;Cantidad;Carta\nSobre 1;2;Kenshin\n")
    with pytest.raises(PoolError, match="encabezados"):
        wb = Workbook()
        wb.active.append(["nada", "que", "ver"])
        buf = io.BytesIO()
        wb.save(buf)
        read_pools(buf.getvalue())


def test_a_lanzamiento_pool_fits_one_page_in_a4_and_letter(bushido, read_pdf):
    from dataclasses import replace

    sheet = sheet_of(bushido, castle=40, total=68)
    for size in ("A4", "Letter"):
        info = EventInfo(name="Lanzamiento", format_name="Lanzamiento", page_size=size)
        pages = read_pdf(render_pool_sheets(info, [sheet, replace(sheet, player_name="Beto")]))
        assert len(pages) == 2  # one page per player
        assert all(card.code in pages[0] for card in bushido[:68])
