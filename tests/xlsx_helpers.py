"""Build small XLSX workbooks in memory for import tests."""
from __future__ import annotations

import io

from openpyxl import Workbook


def xlsx_bytes(sheets: dict[str, list[list]]) -> bytes:
    """A workbook with one sheet per key, rows appended in order."""
    wb = Workbook()
    wb.remove(wb.active)
    for title, rows in sheets.items():
        ws = wb.create_sheet(title)
        for row in rows:
            ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
