"""Read players from an XLSX file, all or nothing; the shared reading of import sheets.

Every problem is collected (not only the first) as a ``RowError`` naming the
sheet, the row and the column; when there is any, ``SheetImportError`` is raised
and nothing is returned, so the caller imports nothing. The file is checked by
``safety.check_xlsx`` before openpyxl opens it (``open_workbook``), and its rows are read
within the bounds below (``header_row``, ``cell_at``, ``column_label``, ``int_cell``). The
decklists of the same file are read by ``tourney.sheets.decklist_import``.

Layouts (docs/documents.md has them with examples):

* Players: sheet "Jugadores" (else the first sheet); columns Nombre (required),
  ID / correo, Byes (pre-assigned byes: a number 0–3, or sí/x for one), Retirado.
* Decklists: see ``decklist_import``.
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from ..catalog.model import fold
from ..document_values import PlayerRow
from ..swiss import MAX_ASSIGNED_BYES
from .layout import NO, PLAYERS_SHEET, YES, header_key
from ..xlsx_bounds import SheetBoundError, bounded_rows, cell_text
from .safety import SheetFileError, check_xlsx

MAX_ROWS = 20000
# the other bounds of an import sheet (issue 26, finding 3): a 1,000-player event's lists are
# ~60,000 cells and a few MB unpacked
MAX_CELLS = 800_000  # rows × columns (rows are read padded)
MAX_CHARS = 8_000_000
MAX_COLUMNS = 40
MAX_UNCOMPRESSED = 40 * 1024 * 1024
MAX_NAME = 120
MAX_BYES = MAX_ASSIGNED_BYES  # tourney.swiss
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


@dataclass(frozen=True, slots=True)
class RowError:
    sheet: str
    row: int
    column: str | None  # "B (Cantidad)", or None when the whole row/sheet is meant
    message: str

    def __str__(self) -> str:
        where = f"hoja «{self.sheet}», fila {self.row}"
        if self.column:
            where += f", columna {self.column}"
        return f"{where}: {self.message}"


class SheetImportError(ValueError):
    """Row-level problems; nothing was imported."""

    def __init__(self, errors: list[RowError], partial: list | None = None):
        self.errors = list(errors)
        # the rows that did read well (when the sheet itself could be read), so a caller that
        # checks more (against the database) can report its problems with these in one go
        self.partial = partial
        lines = "\n".join(f"  - {e}" for e in self.errors[:50])
        more = f"\n  … y {len(self.errors) - 50} errores más" if len(self.errors) > 50 else ""
        super().__init__(f"{len(self.errors)} error(es); no se importó nada:\n{lines}{more}")


# -- opening -----------------------------------------------------------------------------

def open_workbook(data: bytes):
    check_xlsx(data, max_uncompressed=MAX_UNCOMPRESSED)
    try:
        return load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds on a broken file
        raise SheetFileError(f"no se pudo leer la planilla XLSX (dañada o de otro programa: "
                             f"{type(exc).__name__}); vuelva a guardarla desde Excel") from None


def _rows(ws) -> Iterator[tuple[int, tuple[Any, ...]]]:
    try:
        yield from bounded_rows(ws, max_rows=MAX_ROWS, max_cells=MAX_CELLS, max_chars=MAX_CHARS,
                                max_columns=MAX_COLUMNS)
    except SheetBoundError as exc:
        raise SheetImportError([RowError(ws.title, exc.row, None, exc.message)]) from None


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def header_row(ws) -> tuple[int, dict[str, int], Iterator[tuple[int, tuple[Any, ...]]]] | None:
    """First non-empty row as the header: (row number, key -> column index, remaining rows)."""
    rows = _rows(ws)
    for number, values in rows:
        if values and not all(is_blank(v) for v in values):
            columns: dict[str, int] = {}
            for i, value in enumerate(values):
                key = header_key(value)
                if key and key not in columns:
                    columns[key] = i
            return number, columns, rows
    return None


def column_label(index: int, title: str) -> str:
    return f"{get_column_letter(index + 1)} ({title})"


def cell_at(values: tuple[Any, ...], index: int | None) -> Any:
    if index is None or index >= len(values):
        return None
    return values[index]


def _yes_no(value: Any) -> bool | None:
    text = fold(cell_text(value, keep_lines=True))
    if text in YES:
        return True
    if text in NO:
        return False
    return None


# -- players -------------------------------------------------------------------------------

def read_players(data: bytes) -> list[PlayerRow]:
    return [player for _sheet, _row, player in read_player_rows(data)]


def read_player_rows(data: bytes) -> list[tuple[str, int, PlayerRow]]:
    """Like ``read_players`` with where each player came from: (sheet, row, player)."""
    wb = open_workbook(data)
    try:
        ws = wb[PLAYERS_SHEET] if PLAYERS_SHEET in wb.sheetnames else wb.worksheets[0]
        return _players(ws)
    finally:
        wb.close()


def _players(ws) -> list[tuple[str, int, PlayerRow]]:
    sheet = ws.title
    found = header_row(ws)
    if found is None:
        raise SheetImportError([RowError(sheet, 1, None, "la hoja está vacía")])
    head_row, cols, rows = found
    if "name" not in cols and "player" in cols:
        cols["name"] = cols["player"]
    if "name" not in cols:
        raise SheetImportError([RowError(sheet, head_row, None,
                                         "falta la columna «Nombre» en la fila de encabezados")])
    errors: list[RowError] = []
    players: list[tuple[str, int, PlayerRow]] = []
    seen_ids: dict[str, int] = {}
    seen_names: dict[str, int] = {}
    c_name = column_label(cols["name"], "Nombre")
    c_id = column_label(cols["player_id"], "ID / correo") if "player_id" in cols else None
    c_byes = column_label(cols["byes"], "Byes") if "byes" in cols else None
    c_drop = column_label(cols["dropped"], "Retirado") if "dropped" in cols else None
    for number, values in rows:
        if not values or all(is_blank(v) for v in values):
            continue
        name = cell_text(cell_at(values, cols["name"]), keep_lines=True)
        pid = cell_text(cell_at(values, cols.get("player_id")), keep_lines=True)
        row_errors = []
        if not name:
            row_errors.append(RowError(sheet, number, c_name, "falta el nombre del jugador"))
        elif len(name) > MAX_NAME:
            row_errors.append(RowError(sheet, number, c_name,
                                       f"el nombre tiene {len(name)} caracteres (máximo {MAX_NAME})"))
        if pid:
            if "@" in pid and not _EMAIL.match(pid):
                row_errors.append(RowError(sheet, number, c_id, f"correo no válido: «{pid}»"))
            elif len(pid) > 254:
                row_errors.append(RowError(sheet, number, c_id, "el ID es demasiado largo"))
            elif fold(pid) in seen_ids:
                row_errors.append(RowError(sheet, number, c_id,
                                           f"ID repetido: «{pid}» ya está en la fila {seen_ids[fold(pid)]}"))
            else:
                seen_ids[fold(pid)] = number
        elif name and fold(name) in seen_names:
            row_errors.append(RowError(sheet, number, c_name,
                                       f"nombre repetido sin ID que lo distinga: «{name}» ya está en la "
                                       f"fila {seen_names[fold(name)]}"))
        if name and not pid:
            seen_names.setdefault(fold(name), number)
        byes = 0
        raw_byes = cell_at(values, cols.get("byes"))
        if not is_blank(raw_byes):
            byes_value = int_cell(raw_byes)
            if byes_value is None:
                flag = _yes_no(raw_byes)
                byes_value = None if flag is None else int(flag)
            if byes_value is None or not 0 <= byes_value <= MAX_BYES:
                row_errors.append(RowError(sheet, number, c_byes,
                                           f"byes debe ser un número de 0 a {MAX_BYES} (o «sí»), "
                                           f"no «{cell_text(raw_byes, keep_lines=True)}»"))
            else:
                byes = byes_value
        dropped = False
        raw_drop = cell_at(values, cols.get("dropped"))
        if not is_blank(raw_drop):
            flag = _yes_no(raw_drop)
            if flag is None:
                row_errors.append(RowError(sheet, number, c_drop,
                                           f"Retirado debe ser «sí» o «no», no «{cell_text(raw_drop, keep_lines=True)}»"))
            else:
                dropped = flag
        if row_errors:
            errors.extend(row_errors)
        else:
            players.append((sheet, number, PlayerRow(name=name, player_id=pid, byes=byes,
                                                     dropped=dropped)))
    if errors:
        raise SheetImportError(errors, partial=players)
    if not players:
        raise SheetImportError([RowError(sheet, head_row, None, "no hay jugadores bajo los encabezados")])
    return players


def int_cell(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    text = cell_text(value, keep_lines=True)
    return int(text) if re.fullmatch(r"[+-]?\d{1,6}", text) else None
