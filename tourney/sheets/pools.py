"""Pools of a Sellado / Lanzamiento as XLSX: read one player's pool or a whole event's, and
write every pool with its Mazo Castillo marked and the Soporte as the rest.

Pure: bytes and plain values in and out (``tourney.legality.pool.PoolLine``); no database.

Layout (sheet «Pools», headers matched without regard to case or accents)::

    Jugador | Producto | Cantidad | Carta | Código | Castillo

* ``Jugador`` (name or ID/e-mail) only in a whole-event file; a player's own file omits it;
* ``Producto`` is the product the card came from (``Sobre 3``), optional;
* ``Cantidad`` 1 to 100 (1 when empty); ``Código`` chooses a printing;
* ``Castillo`` (written on export) says how many of those copies are in the Mazo Castillo;
  the rest is the Mazo de Soporte. Import ignores it: the deck is built after the lock.
"""
from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..catalog.model import fold
from ..legality.decklist import MAX_LINE_QUANTITY
from ..legality.pool import PoolError, PoolLine
from ..xlsx_bounds import SheetBoundError, bounded_rows, cell_text
from .safety import SheetFileError, check_xlsx

POOLS_SHEET = "Pools"
POOLS_HEADERS = ("Jugador", "Producto", "Cantidad", "Carta", "Código", "Castillo")
MAX_ROWS = 20000
MAX_CELLS = 400_000  # rows × columns (rows are read padded; issue 26, finding 3)
MAX_CHARS = 4_000_000
MAX_COLUMNS = 20
MAX_UNCOMPRESSED = 20 * 1024 * 1024
_COLUMNS = {
    "player": ("jugador", "player", "nombre del jugador", "id jugador"),
    "product": ("producto", "sobre", "product"),
    "qty": ("cantidad", "cant", "copias", "qty"),
    "card": ("carta", "nombre de la carta", "card", "nombre"),
    "code": ("codigo", "code"),
    "castle": ("castillo", "en castillo", "en el castillo"),
}


@dataclass(frozen=True)
class PoolRow:
    """A written row: who, from which product, how many, which card, how many in the Castillo."""

    player: str
    product: str
    qty: int
    name: str
    code: str
    in_castle: int = 0




def _column(header: str) -> str | None:
    key = fold(header)
    for col, names in _COLUMNS.items():
        if key in names:
            return col
    return None


def read_pools(data: bytes) -> dict[str, list[PoolLine]]:
    """Player (``""`` in a one-player file) -> their pool lines, with the row numbers.

    Raises PoolError (unit «fila») with every bad row, or when the file is not a sheet."""
    try:
        check_xlsx(data, max_bytes=2 * 1024 * 1024, max_uncompressed=MAX_UNCOMPRESSED)
    except SheetFileError as exc:
        raise PoolError(0, str(exc), unit="fila") from None
    from openpyxl import load_workbook

    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds on broken files
        raise PoolError(0, f"no se pudo abrir el XLSX: {type(exc).__name__}", unit="fila") from None
    out: dict[str, list[PoolLine]] = {}
    errors: list[tuple[int, str]] = []
    columns: dict[str, int] | None = None
    try:
        ws = wb[POOLS_SHEET] if POOLS_SHEET in wb.sheetnames else wb.worksheets[0]
        for number, row in bounded_rows(ws, max_rows=MAX_ROWS, max_cells=MAX_CELLS,
                                        max_chars=MAX_CHARS, max_columns=MAX_COLUMNS):
            cells = [cell_text(v) for v in row]
            if columns is None:
                found: dict[str, int] = {}
                for idx, text in enumerate(cells):
                    col = _column(text)
                    if col and col not in found:
                        found[col] = idx
                if "card" in found:
                    columns = found
                elif number >= 10:
                    break
                continue
            if not any(cells):
                continue

            def get(col: str, cells: list[str] = cells, columns: dict[str, int] = columns) -> str:
                idx = columns.get(col)
                return cells[idx] if idx is not None and idx < len(cells) else ""

            name, code, raw_qty = get("card"), get("code"), get("qty") or "1"
            if not name and not code:
                errors.append((number, "columna Carta: falta el nombre de la carta"))
                continue
            if not re.fullmatch(r"\d{1,4}", raw_qty):
                errors.append((number, f"columna Cantidad: «{raw_qty}» no es un número entero"))
                continue
            qty = int(raw_qty)
            if not 1 <= qty <= MAX_LINE_QUANTITY:
                errors.append((number, f"columna Cantidad: {qty} no es válida (de 1 a {MAX_LINE_QUANTITY})"))
                continue
            typed = f"{name} ({code})" if code else name
            out.setdefault(get("player"), []).append(PoolLine(number, qty, typed, get("product")))
    except SheetBoundError as exc:
        raise PoolError(exc.row, exc.message, unit="fila") from None
    finally:
        wb.close()
    if columns is None:
        raise PoolError(0, "no se encontró la fila de encabezados: la hoja debe tener una columna "
                           "«Carta» y, opcionalmente, «Jugador», «Producto», «Cantidad» y «Código»",
                        unit="fila")
    if errors:
        error = PoolError(errors[0][0], errors[0][1], errors, unit="fila")
        error.readable = out  # the rows that did read, so the caller can check their cards too
        raise error
    if not out:
        raise PoolError(0, "la hoja no tiene ninguna carta bajo los encabezados", unit="fila")
    return out


def _safe(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula is written as text."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value


def write_pools(rows: Sequence[PoolRow], summary: Sequence[tuple[str, int, int, int]] = (),
                title: str = "") -> bytes:
    """Every pool row, plus a «Resumen» sheet (player, pool, Castillo, Soporte) when given."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = POOLS_SHEET
    ws.append(list(POOLS_HEADERS))
    for cell in ws[1]:
        cell.font = Font(bold=True)
    for r in rows:
        ws.append([_safe(r.player), _safe(r.product), r.qty, _safe(r.name), _safe(r.code), r.in_castle])
    ws.freeze_panes = "A2"
    for letter, width in zip("ABCDEF", (28, 16, 10, 34, 10, 10)):
        ws.column_dimensions[letter].width = width
    if summary:
        info = wb.create_sheet("Resumen")
        info.append(["Jugador", "Pool", "Mazo Castillo", "Mazo de Soporte (resto del pool)"])
        for cell in info[1]:
            cell.font = Font(bold=True)
        for player, pool, castle, support in summary:
            info.append([_safe(player), pool, castle, support])
        info.column_dimensions["A"].width = 28
        info.column_dimensions["D"].width = 32
    if title:
        wb.properties.title = title[:200]
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()
