"""Decklists in an XLSX sheet (``parse_decklist_xlsx``): the first sheet, a header row with
``carta`` (or ``nombre``) and ``cantidad``, optional ``seccion`` and ``codigo``; read into the
same :class:`~tourney.legality.decklist.DeckList` as the text format, with its bounds (card
rows, name length, quantities) and the file's own (size, ZIP structure, rows, cells, text)."""
from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..catalog.model import fold
from ..xlsx_bounds import SheetBoundError, bounded_rows, cell_text
from .decklist import (
    MAX_DECKLIST_LINES,
    MAX_LINE_QUANTITY,
    MAX_NAME_LENGTH,
    MAX_QUANTITY_DIGITS,
    MAX_REPORTED_ERRORS,
    DeckList,
    Entry,
    add_entry,
    default_list_game,
    too_long,
    too_many_lines,
)
from .errors import DecklistError

if TYPE_CHECKING:  # pragma: no cover
    from .games import Game

MAX_XLSX_BYTES = 2 * 1024 * 1024
MAX_XLSX_UNCOMPRESSED = 4 * 1024 * 1024  # a real list's sheet is a few KB unpacked
# the text of the cells counts against the same bound as a pasted list (issue 26, finding 5:
# 19 MB of text in a 1.6 MB file used to pass)
MAX_XLSX_CHARS = 256 * 1024
MAX_XLSX_CELLS = 40_000  # rows × columns (rows are read padded)
MAX_XLSX_COLUMNS = 20
MAX_XLSX_ROWS = 2000

_COLUMNS = {
    "section": ("seccion", "mazo", "section", "zona"),
    "quantity": ("cantidad", "cant", "copias", "qty", "quantity", "n"),
    "name": ("carta", "nombre", "name", "card"),
    "code": ("codigo", "code", "cod"),
}


def _read_xlsx_bytes(source: str | Path | bytes) -> bytes:
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
    else:
        path = Path(source)
        try:
            size = path.stat().st_size
            if size > MAX_XLSX_BYTES:
                raise DecklistError(0, f"el archivo es demasiado grande ({size // 1024} KB; el máximo es "
                                       f"{MAX_XLSX_BYTES // 1024} KB)")
            data = path.read_bytes()
        except OSError as exc:
            raise DecklistError(0, f"no se pudo leer {path.name}: {exc.strerror}") from None
    if len(data) > MAX_XLSX_BYTES:
        raise DecklistError(0, f"el archivo es demasiado grande ({len(data) // 1024} KB; el máximo es "
                               f"{MAX_XLSX_BYTES // 1024} KB)")
    return data


# The same guard as tourney.sheets.safety.check_xlsx (which this pure package may not
# import), with limits at least as strict: whatever that check rejects, this one rejects.
XLSX_MAX_ENTRIES = 500
XLSX_MAX_RATIO = 200  # uncompressed / compressed, per entry of at least 1 MB
XLSX_RATIO_MIN_SIZE = 1024 * 1024


def _check_zip(data: bytes) -> None:
    if not data:
        raise DecklistError(0, "el archivo está vacío")
    if not data.startswith(b"PK\x03\x04") or not zipfile.is_zipfile(io.BytesIO(data)):
        hint = ""
        if data.startswith(b"\xd0\xcf\x11\xe0"):
            hint = " (parece un .xls antiguo: guárdalo como .xlsx)"
        elif data[:5] == b"%PDF-":
            hint = " (es un PDF)"
        raise DecklistError(0, f"el archivo no es un libro XLSX (Excel 2007 o posterior){hint}")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise DecklistError(0, "el XLSX está dañado: no se puede abrir como ZIP (¿se cortó la "
                               "descarga?); vuelve a guardarlo desde Excel") from None
    if len(infos) > XLSX_MAX_ENTRIES:
        raise DecklistError(0, "el XLSX tiene demasiados archivos internos: se rechaza por seguridad")
    total = 0
    for info in infos:
        total += info.file_size
        if info.file_size >= XLSX_RATIO_MIN_SIZE and info.file_size / max(info.compress_size, 1) > XLSX_MAX_RATIO:
            raise DecklistError(0, f"el XLSX tiene una parte con compresión anómala ({info.filename}): "
                                   "se rechaza por seguridad (posible bomba zip)")
        if total > MAX_XLSX_UNCOMPRESSED:
            raise DecklistError(0, f"el XLSX descomprimido ocuparía más de "
                                   f"{MAX_XLSX_UNCOMPRESSED // (1024 * 1024)} MB: se rechaza por seguridad "
                                   "(posible bomba zip)")
    names = {i.filename for i in infos}
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        raise DecklistError(0, "el archivo es un ZIP pero no un libro XLSX (falta xl/workbook.xml)")


def parse_decklist_xlsx(source: str | Path | bytes, game: Game | None = None) -> DeckList:
    """Read a decklist sheet: first sheet, a header row with ``carta`` (or ``nombre``) and
    ``cantidad``, optional ``seccion`` (Mazo Castillo / Mazo de Soporte…) and ``codigo``."""
    data = _read_xlsx_bytes(source)
    _check_zip(data)
    from openpyxl import load_workbook

    game = game or default_list_game()
    headers = game.header_map()
    for spec in (game.main, game.side):
        headers.setdefault(fold(spec.key), spec.key)
    headers.setdefault("castle", "main")
    headers.setdefault("support", "side")
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds on broken files
        raise DecklistError(0, f"no se pudo abrir el XLSX: {type(exc).__name__}") from None
    try:
        ws = wb.worksheets[0]
        rows = bounded_rows(ws, max_rows=MAX_XLSX_ROWS, max_cells=MAX_XLSX_CELLS,
                            max_chars=MAX_XLSX_CHARS, max_columns=MAX_XLSX_COLUMNS)
        columns: dict[str, int] | None = None
        header_row = 0
        sections: dict[str, dict[str, Entry]] = {"main": {}, "side": {}}
        errors: list[tuple[int, str]] = []
        card_rows = 0
        for number, row in rows:
            if number > MAX_XLSX_ROWS:
                raise DecklistError(number, f"la hoja tiene demasiadas filas (máximo {MAX_XLSX_ROWS})",
                                    unit="fila")
            cells = [cell_text(v) for v in row]
            if columns is None:
                found = {}
                for idx, text in enumerate(cells):
                    key = fold(text)
                    for col, names in _COLUMNS.items():
                        if key in names and col not in found:
                            found[col] = idx
                if "name" in found:
                    columns, header_row = found, number
                elif number >= 10:
                    break
                continue
            if not any(cells):
                continue

            def cell(col: str, columns: dict[str, int] = columns, cells: list[str] = cells) -> str:
                idx = columns.get(col)
                return cells[idx] if idx is not None and idx < len(cells) else ""

            name = cell("name")
            if not name:
                errors.append((number, "columna carta: falta el nombre de la carta"))
                continue
            code = cell("code")
            if code:
                name = f"{name} ({code})"
            if len(name) > MAX_NAME_LENGTH:
                errors.append((number, f"columna carta: {too_long(name)}"))
                continue
            card_rows += 1
            if card_rows > MAX_DECKLIST_LINES:
                raise DecklistError(number, too_many_lines("filas"), unit="fila")
            section = "main"
            raw_section = cell("section")
            if raw_section:
                section = headers.get(fold(raw_section.rstrip(":")), "")
                if not section:
                    known = f"{game.main.name}, {game.side.name}"
                    errors.append((number, f"columna seccion: «{raw_section}» no es una sección ({known})"))
                    continue
            raw_qty = cell("quantity") if "quantity" in columns else "1"
            if not re.fullmatch(r"[+-]?\d+", raw_qty or ""):
                errors.append((number, f"columna cantidad: «{raw_qty}» no es un número entero"))
                continue
            if len(raw_qty.lstrip("+-")) > MAX_QUANTITY_DIGITS:
                errors.append((number, f"columna cantidad: «{raw_qty[:12]}…» es absurda (máximo "
                                       f"{MAX_LINE_QUANTITY})"))
                continue
            qty = int(raw_qty)
            if qty <= 0:
                errors.append((number, f"columna cantidad: {qty} no es válida (mínimo 1)"))
                continue
            if qty > MAX_LINE_QUANTITY:
                errors.append((number, f"columna cantidad: {qty} es absurda (máximo {MAX_LINE_QUANTITY})"))
                continue
            add_entry(sections[section], name, qty, number)
    except SheetBoundError as exc:
        raise DecklistError(exc.row, exc.message, unit="fila") from None
    finally:
        wb.close()
    if columns is None:
        raise DecklistError(0, "no se encontró la fila de encabezados: la hoja debe tener una columna "
                               "«carta» (o «nombre») y, opcionalmente, «cantidad», «seccion» y «codigo»")
    if errors:
        raise DecklistError(errors[0][0], errors[0][1], errors[:MAX_REPORTED_ERRORS], unit="fila")
    deck = DeckList(list(sections["main"].values()), list(sections["side"].values()))
    if not deck.main and not deck.side:
        raise DecklistError(header_row, "la hoja no tiene ninguna carta bajo los encabezados", unit="fila")
    return deck
