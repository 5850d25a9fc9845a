"""Bounded reading of an uploaded XLSX sheet, for every path that reads one (issue 26, finding 3).

Pure (zipfile and openpyxl only), so the cores (catalog, legality) and ``tourney.sheets`` share
it. Two guards, both before any work proportional to what the file *claims*:

* ``zip_problem``: from the zip's central directory alone, the total uncompressed size, the
  number of parts and each big part's compression ratio (a zip bomb);
* ``bounded_rows``: the rows of a worksheet with the declared dimension ignored (a sheet that
  declares ``A1:XFD1048576`` would make openpyxl pad every row to 16,384 cells), at most
  ``max_columns`` cells a row, and limits on rows, cells and characters counted as they are read.
"""
from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import Any

MAX_PARTS = 2000
MAX_RATIO = 200  # uncompressed / compressed, per part of at least RATIO_MIN_SIZE
RATIO_MIN_SIZE = 1024 * 1024


class SheetBoundError(ValueError):
    """A limit of ``bounded_rows`` was passed: ``row`` is the sheet row, ``message`` Spanish."""

    def __init__(self, row: int, message: str):
        super().__init__(message)
        self.row = row
        self.message = message


def zip_problem(data: bytes, max_uncompressed: int) -> str | None:
    """The Spanish reason ``data`` may not be opened as an XLSX, or None."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return "el archivo XLSX está dañado: no se puede abrir como ZIP"
    if len(infos) > MAX_PARTS:
        return f"la planilla tiene demasiadas partes ({len(infos)}; máximo {MAX_PARTS})"
    total = 0
    for info in infos:
        total += info.file_size
        if info.file_size >= RATIO_MIN_SIZE and info.file_size / max(info.compress_size, 1) > MAX_RATIO:
            return (f"la planilla se descomprime de forma sospechosa ({info.filename}); posible "
                    "bomba zip: no se abrió")
        if total > max_uncompressed:
            return (f"la planilla descomprimida ocuparía más de {_mb(max_uncompressed)} "
                    "(posible bomba zip): no se abrió")
    return None


def _mb(size: int) -> str:
    return f"{size // (1024 * 1024)} MB" if size >= 1024 * 1024 else f"{size // 1024} KB"


def bounded_rows(ws, *, max_rows: int, max_cells: int, max_chars: int,
                 max_columns: int = 50) -> Iterator[tuple[int, tuple[Any, ...]]]:
    """(row number, values) of ``ws`` (read-only openpyxl), raising SheetBoundError past a limit.

    Cells are counted as read (an empty padded cell counts too); characters are those of the
    text of each value. Columns past ``max_columns`` are not read at all."""
    if hasattr(ws, "reset_dimensions"):
        ws.reset_dimensions()  # ignore the declared size: only cells really present are read
    cells = chars = 0
    for number, values in enumerate(ws.iter_rows(values_only=True, max_col=max_columns), start=1):
        if number > max_rows:
            raise SheetBoundError(number, f"la hoja tiene más de {max_rows} filas")
        cells += len(values)
        if cells > max_cells:
            raise SheetBoundError(number, f"la hoja tiene más de {max_cells} celdas")
        for value in values:
            if value is not None:
                chars += len(value) if isinstance(value, str) else 24
        if chars > max_chars:
            raise SheetBoundError(number, f"la hoja tiene más de {max_chars} caracteres de texto")
        yield number, values


def cell_text(value: object, *, keep_lines: bool = False) -> str:
    """A cell's value as text, the one conversion for every sheet read: empty for no value, a
    whole float without its ``.0`` (``3.0`` -> ``"3"``), spacing collapsed to single spaces; with
    ``keep_lines`` only the outer spacing is stripped (card texts keep their line breaks)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value)
    return text.strip() if keep_lines else " ".join(text.split())
