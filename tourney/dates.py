"""The one way the product writes a date: dd-mm-aaaa (19-12-2026), in the web pages, the PDFs
and the XLSX workbooks; with the time, dd-mm-aaaa hh:mm. Pure: formats values it is given
(a stored UTC time goes through tourney.localtime first)."""
from __future__ import annotations

from datetime import date, datetime

DATE_FORMAT = "%d-%m-%Y"
DATETIME_FORMAT = "%d-%m-%Y %H:%M"
DATETIME_SECONDS_FORMAT = "%d-%m-%Y %H:%M:%S"
# the same formats as XLSX cell number formats (the cell keeps a real date: sortable, filterable)
XLSX_DATE = "dd-mm-yyyy"
XLSX_DATETIME = "dd-mm-yyyy hh:mm"


def format_date(value: date | datetime | None) -> str:
    """«19-12-2026» (empty for None)."""
    return value.strftime(DATE_FORMAT) if value else ""


def format_datetime(value: datetime | None, seconds: bool = False) -> str:
    """«19-12-2026 15:40» (with ``seconds``, «19-12-2026 15:40:07»; empty for None)."""
    if not value:
        return ""
    return value.strftime(DATETIME_SECONDS_FORMAT if seconds else DATETIME_FORMAT)
