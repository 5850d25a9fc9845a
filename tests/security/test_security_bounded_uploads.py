"""Issue 26, findings 3–5 and 7: every upload is bounded before the work it could cost.

Every XLSX path (catalog, players and decklists import, a player's decklist, pools) reads at
most a bounded number of rows, cells and characters, with the sheet's declared size ignored;
pools have the decklists' limit of unknown names; a decklist's XLSX text counts against the
text bound; a player's submissions are rate-limited and their history bounded; an unknown name
starting with a number word counts twice (it is looked up twice)."""
from __future__ import annotations

import io
import re
import zipfile

import pytest
from openpyxl import Workbook

from tourney import xlsx_bounds
from tourney.catalog.errors import CatalogImportError
from tourney.catalog.importers import tabular
from tourney.legality import DecklistError, parse_decklist, parse_decklist_xlsx
from tourney.legality import decklist as dl
from tourney.legality import decklist_xlsx as dl_xlsx
from tourney.legality.pool import PoolError, PoolLine, resolve_pool
from tourney.sheets import SheetImportError, read_players
from tourney.sheets import imports as sheet_imports
from tourney.sheets import pools as sheet_pools


def _xlsx(rows: list[list], declare: str | None = None) -> bytes:
    wb = Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    data = out.getvalue()
    if declare is None:
        return data
    # rewrite the sheet's declared size (what openpyxl pads every row to in read-only mode)
    src = zipfile.ZipFile(io.BytesIO(data))
    dst_buf = io.BytesIO()
    with zipfile.ZipFile(dst_buf, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                body = re.sub(rb'<dimension ref="[^"]*"/>', f'<dimension ref="{declare}"/>'.encode(), body)
            dst.writestr(info, body)
    return dst_buf.getvalue()


def test_a_declared_sheet_of_a_million_rows_and_16384_columns_is_read_only_as_far_as_the_bounds():
    from openpyxl import load_workbook

    data = _xlsx([["a", "b"]] + [[None]] * 3 + [["x"] * 60], declare="A1:XFD1048576")
    ws = load_workbook(io.BytesIO(data), read_only=True, data_only=True).worksheets[0]
    rows = list(xlsx_bounds.bounded_rows(ws, max_rows=10, max_cells=1000, max_chars=1000, max_columns=50))
    assert max(len(values) for _n, values in rows) <= 50
    ws = load_workbook(io.BytesIO(data), read_only=True, data_only=True).worksheets[0]
    with pytest.raises(xlsx_bounds.SheetBoundError, match="celdas"):
        list(xlsx_bounds.bounded_rows(ws, max_rows=10, max_cells=100, max_chars=10_000, max_columns=50))


# -- finding 3: the catalog XLSX ---------------------------------------------------------------
HEADER = ["codigo", "nombre", "edicion", "tipo"]


def test_a_catalog_sheet_with_more_rows_than_the_maximum_is_refused_before_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(tabular, "MAX_XLSX_ROWS", 100)
    path = tmp_path / "cartas.xlsx"
    path.write_bytes(_xlsx([HEADER] + [[f"X-{i}", f"Carta {i}", "x", "Aliado"] for i in range(150)]))
    with pytest.raises(CatalogImportError, match="más de 100 filas"):
        tabular.read_table(path)


def test_a_catalog_sheet_with_too_much_text_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(tabular, "MAX_XLSX_CHARS", 50_000)
    path = tmp_path / "cartas.xlsx"
    path.write_bytes(_xlsx([HEADER] + [[f"X-{i}", "Carta", "x", "Aliado", "texto " * 5000] for i in range(3)]))
    with pytest.raises(CatalogImportError, match="caracteres"):
        tabular.read_table(path)


def test_a_catalog_zip_bomb_is_refused_before_openpyxl_opens_it(tmp_path, monkeypatch):
    monkeypatch.setattr(tabular, "MAX_XLSX_UNCOMPRESSED", 64 * 1024)
    path = tmp_path / "cartas.xlsx"
    path.write_bytes(_xlsx([HEADER] + [[f"X-{i}", "Carta", "x", "Aliado", f"{i}" + "a" * 30_000] for i in range(4)]))
    opened = []
    monkeypatch.setattr("openpyxl.load_workbook", lambda *a, **k: opened.append(a))
    with pytest.raises(CatalogImportError, match="bomba zip"):
        tabular.read_table(path)
    assert opened == []


def test_an_import_sheet_with_too_many_cells_is_refused(monkeypatch):
    monkeypatch.setattr(sheet_imports, "MAX_CELLS", 500)
    data = _xlsx([["Nombre", "ID / correo"]] + [[f"Jugador {i}", ""] + ["x"] * 20 for i in range(40)])
    with pytest.raises(SheetImportError) as exc:
        read_players(data)
    assert "celdas" in str(exc.value.errors[0])


def test_a_pool_sheet_with_too_many_cells_is_refused(monkeypatch):
    monkeypatch.setattr(sheet_pools, "MAX_CELLS", 300)
    data = _xlsx([["Jugador", "Cantidad", "Carta"]] + [["Ana", 1, f"Carta {i}"] + ["x"] * 10 for i in range(40)])
    with pytest.raises(PoolError, match="celdas"):
        sheet_pools.read_pools(data)


# -- finding 5: the decklist XLSX's text --------------------------------------------------------
def test_a_decklist_xlsx_holding_more_text_than_a_pasted_list_may_is_refused():
    big = "Kirin " * (dl_xlsx.MAX_XLSX_CHARS // 6 + 10)
    data = _xlsx([["Cantidad", "Carta"], [1, "Kirin"], [1, "Kirin"], ["", big[:30_000]]] +
                 [["", big[:30_000]] for _ in range(10)])
    with pytest.raises(DecklistError, match="caracteres"):
        parse_decklist_xlsx(data)


def test_a_real_decklist_xlsx_is_well_under_the_bounds():
    data = _xlsx([["Cantidad", "Carta"]] + [[3, f"Carta {i}"] for i in range(40)])
    deck = parse_decklist_xlsx(data)
    assert len(deck.main) == 40


# -- finding 4: pools --------------------------------------------------------------------------
def test_a_pool_with_more_unknown_names_than_a_decklist_may_have_is_refused_before_suggesting(real_catalog, monkeypatch):
    lines = [PoolLine(1, 1, "Kirin", "")] + [
        PoolLine(i + 2, 1, f"Carta Inventada {i:05d}", "") for i in range(dl.MAX_UNKNOWN_NAMES + 1)]

    def no_suggestions(*_a, **_k):
        raise AssertionError("suggestions computed before the cap")

    monkeypatch.setattr(real_catalog, "suggest", no_suggestions)
    monkeypatch.setattr(real_catalog, "resolve", no_suggestions)
    with pytest.raises(PoolError) as exc:
        resolve_pool(lines, real_catalog, None)
    assert f"más de {dl.MAX_UNKNOWN_NAMES} nombres distintos" in exc.value.message
    assert exc.value.line == dl.MAX_UNKNOWN_NAMES + 2


# -- finding 7: number words --------------------------------------------------------------------
def test_an_unknown_name_starting_with_a_number_word_counts_twice_in_the_unknown_names_limit(real_catalog):
    half = dl.MAX_UNKNOWN_NAMES // 2 + 1
    deck = parse_decklist("\n".join(["3 Kirin"] + [f"1 Tres Inventada Numero {i:03d}" for i in range(half)]))
    with pytest.raises(DecklistError, match="nombres distintos"):
        dl.check_unknown_names(deck, real_catalog)
    plain = parse_decklist("\n".join(["3 Kirin"] + [f"1 Inventada Numero {i:03d}" for i in range(half)]))
    dl.check_unknown_names(plain, real_catalog)


def test_the_second_lookup_of_a_number_word_name_computes_no_suggestions(real_catalog, monkeypatch):
    from tourney.legality import load_formats
    from tourney.legality.card_facts import CardFacts

    fmt = next(iter(load_formats().values()))
    calls = []
    real = real_catalog.resolve
    monkeypatch.setattr(real_catalog, "resolve", lambda q, *a, **k: calls.append(q) or real(q, *a, **k))
    CardFacts(fmt, real_catalog).resolve("Tres Inventada Numero 001")
    assert calls == ["Tres Inventada Numero 001"]  # once, as written; «Inventada…» only looked up
