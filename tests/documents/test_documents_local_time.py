"""One venue time zone (tourney.localtime) for the pages, the PDFs and the workbook: a server
abroad still prints the venue's hours."""
from __future__ import annotations

from datetime import datetime, timezone

from tourney import localtime
from tourney.services import documents
from tourney.sheets import export

NOON_UTC = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
NINE_PM_TOKYO = datetime(2026, 12, 1, 21, 0)


def test_pages_pdfs_and_workbooks_show_the_configured_venue_zone(app):
    app.config["TIMEZONE"] = "Asia/Tokyo"
    with app.app_context():
        assert localtime.local_time(NOON_UTC) == "01-12-2026 21:00"  # the pages' «hora» filter
        assert documents.local_time(NOON_UTC) == NINE_PM_TOKYO  # deck sheets, swaps log (PDF)
        assert export._cell_value(NOON_UTC) == NINE_PM_TOKYO  # workbook cells
        assert localtime.from_local(NINE_PM_TOKYO) == NOON_UTC  # a time typed in a form
        assert documents.local_time(NOON_UTC.replace(tzinfo=None)) == NINE_PM_TOKYO  # SQLite


def test_the_default_venue_zone_is_santiago_and_scripts_may_set_another(monkeypatch):
    monkeypatch.delenv("TOURNEY_TIMEZONE", raising=False)
    assert localtime.to_local(NOON_UTC) == datetime(2026, 12, 1, 9, 0)  # UTC-3 in December
    monkeypatch.setenv("TOURNEY_TIMEZONE", "Asia/Tokyo")
    assert localtime.to_local(NOON_UTC) == NINE_PM_TOKYO
    assert localtime.local_time(None) == "" and localtime.to_local(None) is None
