"""Read the decklists of an event from an XLSX file, all or nothing (``read_decklists``).

Either one long sheet ("Mazos", or any sheet with these columns): Jugador, Sección, Cantidad,
Carta, optional Código; or one sheet per player, named after the player (name or ID):
Sección, Cantidad, Carta, optional Código. Sección is Castillo / Mazo Castillo or Soporte /
Mazo de Soporte; other columns are ignored. Every problem is collected as a ``RowError``
(``tourney.sheets.imports``, which opens the file and reads its rows within their bounds).

Deck rules belong to ``tourney.legality``: each decklist becomes decklist text
(``DecklistImport.text``) that legality parses and validates, and its line numbers map back to
sheet rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..catalog.model import fold
from ..xlsx_bounds import cell_text
from .imports import (
    RowError,
    SheetImportError,
    cell_at,
    column_label,
    header_row,
    int_cell,
    is_blank,
    open_workbook,
)
from .layout import DECKS_SHEET, SECTION_CASTLE, SECTION_SUPPORT, section_of

MAX_QTY = 50
# sheets the event export writes that are not decklists
_NOT_DECK_SHEETS = ("evento", "jugadores", "clasificacion", "corte final", "cambios de soporte")


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
        found = header_row(ws)
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
            if not values or all(is_blank(v) for v in values):
                continue
            row_errors: list[RowError] = []
            if long_layout:
                player = cell_text(cell_at(values, cols["player"]), keep_lines=True)
                c_player = column_label(cols["player"], "Jugador")
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
            raw_section = cell_at(values, cols["section"])
            section = section_of(raw_section)
            if section is None:
                row_errors.append(RowError(title, number, column_label(cols["section"], "Sección"),
                                           f"sección desconocida «{cell_text(raw_section, keep_lines=True)}» "
                                           "(use Castillo o Soporte)"))
            raw_qty = cell_at(values, cols["qty"])
            qty = int_cell(raw_qty)
            c_qty = column_label(cols["qty"], "Cantidad")
            if is_blank(raw_qty):
                row_errors.append(RowError(title, number, c_qty, "falta la cantidad"))
            elif qty is None:
                row_errors.append(RowError(title, number, c_qty,
                                           f"la cantidad debe ser un número entero, no «{cell_text(raw_qty, keep_lines=True)}»"))
            elif not 1 <= qty <= MAX_QTY:
                row_errors.append(RowError(title, number, c_qty,
                                           f"cantidad fuera de rango: {qty} (de 1 a {MAX_QTY})"))
            card = cell_text(cell_at(values, cols["card"]), keep_lines=True)
            c_card = column_label(cols["card"], "Carta")
            if not card:
                row_errors.append(RowError(title, number, c_card, "falta el nombre de la carta"))
            elif len(card) > 200 or "\n" in card:
                row_errors.append(RowError(title, number, c_card, "el nombre de la carta no es válido"))
            code = cell_text(cell_at(values, cols.get("code")), keep_lines=True) or None
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
