"""Read players and decklists from an XLSX file, all or nothing.

Every problem is collected (not only the first) as a ``RowError`` naming the
sheet, the row and the column; when there is any, ``SheetImportError`` is raised
and nothing is returned, so the caller imports nothing. The file is checked by
``safety.check_xlsx`` before openpyxl opens it.

Layouts (docs/documents.md has them with examples):

* Players: sheet "Jugadores" (else the first sheet); columns Nombre (required),
  ID / correo, Byes (pre-assigned byes: a number 0–3, or sí/x for one), Retirado.
* Decklists, either
  - one long sheet ("Mazos", or any sheet with these columns): Jugador, Sección,
    Cantidad, Carta, optional Código; or
  - one sheet per player, named after the player (name or ID): Sección, Cantidad,
    Carta, optional Código.
  Sección is Castillo / Mazo Castillo or Soporte / Mazo de Soporte. Other columns
  (Tipo, Raza, Oro inicial, as the export writes them) are ignored.

This module only reads rows. Deck rules (copies, sizes, formats) belong to
``tourney.legality``: each decklist becomes decklist text (``DecklistImport.text``)
that legality parses and validates, and its line numbers map back to sheet rows.
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from ..catalog.model import fold
from ..document_values import PlayerRow
from ..swiss import MAX_ASSIGNED_BYES
from .layout import (
    DECKS_SHEET,
    NO,
    PLAYERS_SHEET,
    SECTION_CASTLE,
    SECTION_SUPPORT,
    YES,
    header_key,
    section_of,
)
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
MAX_QTY = 50
MAX_BYES = MAX_ASSIGNED_BYES  # tourney.swiss
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
# sheets the event export writes that are not decklists
_NOT_DECK_SHEETS = ("evento", "jugadores", "clasificacion", "corte final", "cambios de soporte")


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


@dataclass(frozen=True, slots=True)
class ImportedLine:
    section: str  # SECTION_CASTLE | SECTION_SUPPORT
    qty: int
    card: str
    code: str | None
    sheet: str
    row: int

    @property
    def decklist_name(self) -> str:
        """The card as a decklist names it: ``Name (CODE)`` picks the printing when a code is given."""
        return f"{self.card} ({self.code})" if self.code else self.card


@dataclass(frozen=True, slots=True)
class DecklistImport:
    player: str  # as written in the sheet: a player's name or ID / correo
    sheet: str
    row: int  # first row of this player's list
    column: str  # where the player is named ("A (Jugador)" or "nombre de la hoja")
    lines: tuple[ImportedLine, ...] = field(default=())

    def text(self, main: str = "Mazo Castillo", side: str = "Mazo de Soporte") -> str:
        """Decklist text in the format legality parses, with the game's section headers
        (Mazo Castillo / Mazo de Soporte; Magic: Mazo principal / Sideboard…)."""
        return "\n".join(self._text_lines(main, side)) + "\n"

    def _text_lines(self, main: str = "Mazo Castillo", side: str = "Mazo de Soporte") -> list[str]:
        out = [main]
        out += [f"{ln.qty} {ln.decklist_name}" for ln in self.lines if ln.section == SECTION_CASTLE]
        support = [ln for ln in self.lines if ln.section == SECTION_SUPPORT]
        if support:
            out.append(side)
            out += [f"{ln.qty} {ln.decklist_name}" for ln in support]
        return out

    def line_at(self, text_line: int) -> ImportedLine | None:
        """The sheet row behind line ``text_line`` (1-based) of ``text()``; None for headers."""
        castle = [ln for ln in self.lines if ln.section == SECTION_CASTLE]
        support = [ln for ln in self.lines if ln.section == SECTION_SUPPORT]
        index = text_line - 2  # line 1 is "Mazo Castillo"
        if 0 <= index < len(castle):
            return castle[index]
        index -= len(castle) + 1  # "Mazo de Soporte"
        if 0 <= index < len(support):
            return support[index]
        return None


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


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())




def _header(ws) -> tuple[int, dict[str, int], Iterator[tuple[int, tuple[Any, ...]]]] | None:
    """First non-empty row as the header: (row number, key -> column index, remaining rows)."""
    rows = _rows(ws)
    for number, values in rows:
        if values and not all(_blank(v) for v in values):
            columns: dict[str, int] = {}
            for i, value in enumerate(values):
                key = header_key(value)
                if key and key not in columns:
                    columns[key] = i
            return number, columns, rows
    return None


def _col(index: int, title: str) -> str:
    return f"{get_column_letter(index + 1)} ({title})"


def _cell(values: tuple[Any, ...], index: int | None) -> Any:
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
    found = _header(ws)
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
    c_name = _col(cols["name"], "Nombre")
    c_id = _col(cols["player_id"], "ID / correo") if "player_id" in cols else None
    c_byes = _col(cols["byes"], "Byes") if "byes" in cols else None
    c_drop = _col(cols["dropped"], "Retirado") if "dropped" in cols else None
    for number, values in rows:
        if not values or all(_blank(v) for v in values):
            continue
        name = cell_text(_cell(values, cols["name"]), keep_lines=True)
        pid = cell_text(_cell(values, cols.get("player_id")), keep_lines=True)
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
        raw_byes = _cell(values, cols.get("byes"))
        if not _blank(raw_byes):
            byes_value = _int(raw_byes)
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
        raw_drop = _cell(values, cols.get("dropped"))
        if not _blank(raw_drop):
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


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    text = cell_text(value, keep_lines=True)
    return int(text) if re.fullmatch(r"[+-]?\d{1,6}", text) else None


# -- decklists -------------------------------------------------------------------------------

def read_decklists(data: bytes) -> list[DecklistImport]:
    """Every player's list from the workbook (long sheet and/or one sheet per player)."""
    wb = open_workbook(data)
    try:
        return _decklists(wb)
    finally:
        wb.close()


def _decklists(wb) -> list[DecklistImport]:
    errors: list[RowError] = []
    # player key -> (display, sheet, row, column, lines)
    decks: dict[str, list[Any]] = {}
    any_sheet = False
    titles = list(wb.sheetnames)
    if DECKS_SHEET in titles:  # the long sheet first, then per-player sheets in workbook order
        titles.remove(DECKS_SHEET)
        titles.insert(0, DECKS_SHEET)
    for title in titles:
        folded_title = fold(title)
        if folded_title in _NOT_DECK_SHEETS or folded_title.startswith("ronda "):
            continue
        ws = wb[title]
        found = _header(ws)
        if found is None:
            continue
        head_row, cols, rows = found
        if not {"qty", "card"} <= set(cols):
            continue
        long_layout = "player" in cols
        any_sheet = True
        if "section" not in cols:
            errors.append(RowError(title, head_row, None, "falta la columna «Sección» (Castillo o Soporte)"))
            continue
        if not long_layout:
            key = fold(title)
            if key in decks:
                errors.append(RowError(title, head_row, None,
                                       f"el jugador «{title}» ya tiene lista en la hoja «{decks[key][1]}»"))
                continue
            decks[key] = [title, title, head_row + 1, "nombre de la hoja", []]
        for number, values in rows:
            if not values or all(_blank(v) for v in values):
                continue
            row_errors: list[RowError] = []
            if long_layout:
                player = cell_text(_cell(values, cols["player"]), keep_lines=True)
                c_player = _col(cols["player"], "Jugador")
                if not player:
                    row_errors.append(RowError(title, number, c_player, "falta el jugador"))
                    key = ""
                else:
                    key = fold(player)
                    entry = decks.get(key)
                    if entry is None:
                        decks[key] = [player, title, number, c_player, []]
                    elif entry[1] != title:
                        row_errors.append(RowError(title, number, c_player,
                                                   f"el jugador «{player}» ya tiene lista en la hoja "
                                                   f"«{entry[1]}»"))
            else:
                key = fold(title)
            raw_section = _cell(values, cols["section"])
            section = section_of(raw_section)
            if section is None:
                row_errors.append(RowError(title, number, _col(cols["section"], "Sección"),
                                           f"sección desconocida «{cell_text(raw_section, keep_lines=True)}» "
                                           "(use Castillo o Soporte)"))
            raw_qty = _cell(values, cols["qty"])
            qty = _int(raw_qty)
            c_qty = _col(cols["qty"], "Cantidad")
            if _blank(raw_qty):
                row_errors.append(RowError(title, number, c_qty, "falta la cantidad"))
            elif qty is None:
                row_errors.append(RowError(title, number, c_qty,
                                           f"la cantidad debe ser un número entero, no «{cell_text(raw_qty, keep_lines=True)}»"))
            elif not 1 <= qty <= MAX_QTY:
                row_errors.append(RowError(title, number, c_qty,
                                           f"cantidad fuera de rango: {qty} (de 1 a {MAX_QTY})"))
            card = cell_text(_cell(values, cols["card"]), keep_lines=True)
            c_card = _col(cols["card"], "Carta")
            if not card:
                row_errors.append(RowError(title, number, c_card, "falta el nombre de la carta"))
            elif len(card) > 200 or "\n" in card:
                row_errors.append(RowError(title, number, c_card, "el nombre de la carta no es válido"))
            code = cell_text(_cell(values, cols.get("code")), keep_lines=True) or None
            if row_errors:
                errors.extend(row_errors)
                continue
            assert section is not None and qty is not None
            decks[key][4].append(ImportedLine(section, qty, card, code, title, number))
    if not any_sheet:
        raise SheetImportError([RowError(wb.sheetnames[0] if wb.sheetnames else "?", 1, None,
                                          "no hay ninguna hoja de mazos (columnas Jugador, Sección, "
                                          "Cantidad, Carta; o una hoja por jugador con Sección, "
                                          "Cantidad, Carta)")])
    for key, (display, sheet, row, column, lines) in decks.items():
        if not lines and not any(e.sheet == sheet for e in errors):
            errors.append(RowError(sheet, row, None, f"la lista de «{display}» está vacía"))
    imported = [DecklistImport(display, sheet, row, column, tuple(lines))
                for display, sheet, row, column, lines in decks.values() if lines]
    if errors:
        raise SheetImportError(errors, partial=imported)
    return imported
