"""Issue 23, faster hands: one date format, dd-mm-aaaa, in the web, the PDFs and the XLSX
workbooks, written by one helper (tourney.dates)."""
from __future__ import annotations

import io
import re
from datetime import date, datetime
from pathlib import Path

from openpyxl import load_workbook

from tourney.dates import XLSX_DATE, XLSX_DATETIME, format_date, format_datetime
from tourney.sheets.league import build_league_workbook

ROOT = Path(__file__).resolve().parents[2]
# another way of writing a date: strftime, an f-string date format, a d/m/y or an XLSX format
OTHER_FORMAT = re.compile(r"strftime\(|\{[^{}]*:%[dYmH]|%d/%m|dd/mm|yyyy-mm|%Y-%m-%d(?!T)")


def test_the_one_helper_writes_dd_mm_aaaa():
    assert format_date(date(2026, 12, 5)) == "05-12-2026"
    assert format_datetime(datetime(2026, 12, 5, 9, 7, 3)) == "05-12-2026 09:07"
    assert format_datetime(datetime(2026, 12, 5, 9, 7, 3), seconds=True) == "05-12-2026 09:07:03"
    assert format_date(None) == format_datetime(None) == ""
    assert (XLSX_DATE, XLSX_DATETIME) == ("dd-mm-yyyy", "dd-mm-yyyy hh:mm")


def test_no_page_document_or_workbook_writes_a_date_its_own_way():
    places = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("tourney/printing/**/*.py"),
              *ROOT.glob("tourney/sheets/**/*.py"), *ROOT.glob("tourney/web/**/*.py"),
              *ROOT.glob("tourney/services/*documents*.py")]
    assert len(places) > 40
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
             for p in places for n, line in enumerate(p.read_text("utf-8").splitlines(), 1)
             if OTHER_FORMAT.search(line)]
    assert found == []


def test_the_league_workbook_dates_are_date_cells_shown_dd_mm_aaaa():
    data = build_league_workbook([("Liga", "Liga de Verano")], [], [
        {"name": "Fecha 1", "date": "2026-12-05", "players": 8, "state": "finalizado"}], None, [])
    cell = load_workbook(io.BytesIO(data))["Eventos"]["B2"]
    assert cell.value.date() == date(2026, 12, 5) and cell.number_format == "dd-mm-yyyy"
