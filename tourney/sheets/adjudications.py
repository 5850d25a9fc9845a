"""The event workbook's «Arbitrajes» sheet: the adjudicated games (latest revision of each)."""
from __future__ import annotations

from collections.abc import Sequence

from openpyxl import Workbook

from ..dates import XLSX_DATETIME
from ..document_values import AdjudicationRow

SHEET = "Arbitrajes"
HEADERS = ("Ronda", "Mesa", "Juego", "Jugador A", "Jugador B", "Veredicto", "Regla", "Mazos",
           "Revisión", "Subido", "Subido por")


def add_adjudications_sheet(wb: Workbook, rows: Sequence[AdjudicationRow], table) -> None:
    """Append the sheet with ``table`` (``export._table``: header style, widths, formats)."""
    ordered = sorted(rows, key=lambda r: (r.round, r.table, r.game))
    table(wb.create_sheet(SHEET), list(HEADERS), [
        [r.round, r.table, r.game, r.player_a, r.player_b, r.verdict, r.rule or None,
         r.decks or None, r.revision, r.uploaded_at, r.uploaded_by or None] for r in ordered
    ], formats={10: XLSX_DATETIME})
