"""Hoja de registro de mazo: one page per player (or a blank one to fill by hand).

Layout, top to bottom: title and Mesa box; event, date, format, player and id;
the Mazo Castillo grouped by type (seed 000, 2 Tipos de cartas) in two columns,
each group with its count, Aliados with their Raza, the Oro inicial marked;
the Mazo de Soporte (seed 000, Mazo de Soporte: 0 or 10 cards) with its total;
the validator's verdict and the date of the registered version; the player's
signature; and a box only judges fill (deck check round, status, judge, signature).

Line height and type size adapt to the number of lines so any legal list
(up to 50 distinct Castillo cards plus 10 Soporte cards) fits on one page in
A4 and Letter. A longer (illegal) list continues on a second page.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from ..collation import spanish_key
from ..dates import format_date, format_datetime
from .base import GREY, LIGHT, Document, width
from ..document_values import DeckLine, DeckSheet, EventInfo, sorted_by_name

BLANK_SIDE_ROWS = 10  # a blank sheet's side lines when the event gives no size (layout only)
BLANK_ROWS_PER_COLUMN = 28  # 56 hand-written Castillo lines
MAX_LINE_H = 12.5
MIN_LINE_H = 7.5

# A row in the two-column flow: ("head", text) or ("card", DeckLine) or ("blank", None)
Row = tuple[str, object]


def render_deck_sheets(event: EventInfo, sheets: Iterable[DeckSheet], *,
                       printed_at: datetime | None = None, sort: bool = True,
                       round_number: int | None = None) -> bytes:
    """One PDF with every sheet (sorted by player name unless ``sort`` is false).
    ``round_number``: the round the Mesa boxes come from (named in the footer)."""
    sheets = list(sheets)
    if sort:
        sheets = sorted_by_name(sheets)
    label = "Registro de mazos" + (f" · Ronda {round_number}" if round_number else "")
    doc = Document(event, "Hojas de registro de mazo", label, printed_at)
    for sheet in sheets:
        _draw_sheet(doc, event, sheet)
    if not sheets:
        _draw_sheet(doc, event, None)
    return doc.finish()


def render_blank_sheets(event: EventInfo, count: int = 1, *,
                        printed_at: datetime | None = None) -> bytes:
    """``count`` blank sheets with the event filled in, for players who write by hand."""
    doc = Document(event, "Hojas de registro de mazo (en blanco)", "Registro de mazos", printed_at)
    for _ in range(max(1, count)):
        _draw_sheet(doc, event, None)
    return doc.finish()


def _castle_rows(sheet: DeckSheet, grouped: bool = True) -> list[Row]:
    rows: list[Row] = []
    if not grouped:  # games without Mitos y Leyendas card types: one list by name
        return [("card", ln) for ln in sorted(sheet.castle,
                                              key=lambda ln: (spanish_key(ln.name), ln.code or ""))]
    for heading, lines in sheet.castle_groups():
        rows.append(("head", f"{heading} ({sum(ln.qty for ln in lines)})"))
        rows.extend(("card", ln) for ln in lines)
    return rows


def _split(rows: list[Row], per_column: int) -> list[list[Row]]:
    """Fill columns top to bottom; never leave a group heading alone at a column's foot."""
    columns: list[list[Row]] = []
    i = 0
    while i < len(rows):
        end = min(len(rows), i + per_column)
        if end < len(rows) and end - i > 1 and rows[end - 1][0] == "head":
            end -= 1
        columns.append(rows[i:end])
        i = end
    return columns or [[]]


def _draw_sheet(doc: Document, event: EventInfo, sheet: DeckSheet | None) -> None:
    c = doc.canvas
    left, right = doc.left, doc.right
    span = right - left
    gap = 14.0
    col_w = (span - gap) / 2
    if sheet is None:  # no player: the whole sheet is filled by hand
        sheet = DeckSheet(player_name="")
    blank = not (sheet.castle or sheet.support)  # no list yet: rows to fill by hand

    # -- fixed parts' heights (computed first, so the Castillo gets the rest) --------------
    head_h = 88.0
    side_blank = max(1, min(event.side_rows or event.side_size or BLANK_SIDE_ROWS, 16))
    support_rows = (side_blank if blank else max(1, len(sheet.support)))
    support_rows_per_col = (support_rows + 1) // 2
    verdict_h = 34.0 if blank or not sheet.verdict_notes else 34.0 + 9 * min(3, len(sheet.verdict_notes))
    judge_h = 62.0
    fixed = head_h + 18 + 12 + 18 + 12 + verdict_h + judge_h + 16

    castle_rows: list[Row] = (
        [("blank", None)] * (2 * BLANK_ROWS_PER_COLUMN) if blank
        else _castle_rows(sheet, event.grouped_by_type))
    needed_per_col = max(1, -(-len(castle_rows) // 2))
    avail = doc.top - doc.bottom - fixed
    line_h = avail / (needed_per_col + 1 + support_rows_per_col)  # +1: a heading pushed down
    line_h = max(MIN_LINE_H, min(MAX_LINE_H, line_h))
    size = min(9.0, line_h * 0.74)
    castle_cap = max(1, int((avail - support_rows_per_col * line_h) // line_h))
    per_col = min(castle_cap, needed_per_col + 1) if not blank else BLANK_ROWS_PER_COLUMN
    columns = _split(castle_rows, per_col)

    # -- heading --------------------------------------------------------------------------
    y = doc.top
    doc.text(left, y - 16, "Hoja de registro de mazo", 16, bold=True)
    box_w, box_h = 70.0, 40.0
    c.setLineWidth(1.2)
    c.rect(right - box_w, y - box_h, box_w, box_h)
    doc.text(right - box_w + 4, y - 9, "Mesa", 7)
    if sheet is not None and sheet.table:
        doc.text(right - box_w / 2, y - box_h + 8, str(sheet.table), 18, bold=True, align="center",
                 max_width=box_w - 6)
    c.setLineWidth(0.5)
    y -= 34
    fields = [
        ("Evento", event.name, "Fecha", format_date(event.date)),
        ("Formato", event.format_name, "Lugar", event.location),
        ("Jugador", sheet.player_name if sheet else "", "ID", sheet.player_id if sheet else ""),
    ]
    label_w = 48.0
    half = (span - box_w - 10) * 0.62
    for label_a, value_a, label_b, value_b in fields:
        y -= 16
        doc.text(left, y, f"{label_a}:", 9, bold=True)
        doc.text(left + label_w, y, value_a or "", 10, max_width=half - label_w - 6, min_size=7)
        c.line(left + label_w, y - 2.5, left + half - 6, y - 2.5)
        bx = left + half + 4
        doc.text(bx, y, f"{label_b}:", 9, bold=True)
        doc.text(bx + 38, y, value_b or "", 10, max_width=right - bx - 38, min_size=7)
        c.line(bx + 38, y - 2.5, right, y - 2.5)
    y = doc.top - head_h

    # -- Mazo Castillo --------------------------------------------------------------------
    castle_total = "" if blank else str(sheet.castle_count)
    y = _section_bar(doc, y, event.main_name, castle_total, event.main_size)
    pages_cols = [columns[i:i + 2] for i in range(0, len(columns), 2)]
    for page_index, pair in enumerate(pages_cols):
        if page_index:  # continuation page for an over-long (illegal) list
            doc.end_page()
            y = doc.top
            doc.text(left, y - 14, f"Hoja de registro de mazo (continúa): "
                     f"{sheet.player_name if sheet else ''}", 13, bold=True, max_width=span)
            y -= 24
            y = _section_bar(doc, y, f"{event.main_name} (continúa)", castle_total,
                             event.main_size)
        for k, col_rows in enumerate(pair):
            x = left + k * (col_w + gap)
            _column_header(doc, x, y, col_w, line_h, event.grouped_by_type)
            cy = y - line_h
            for kind, value in col_rows:
                _row(doc, x, cy, col_w, line_h, size, kind, value)
                cy -= line_h
        y -= line_h * (per_col + 1) + 6

    # -- Mazo de Soporte ----------------------------------------------------------------------
    support_total = "" if blank else str(sheet.support_count)
    y = _section_bar(doc, y, event.side_name, support_total, event.side_size,
                     note=event.side_note)
    if blank:
        support: list[Row] = [("blank", None)] * side_blank
    else:
        support = [("card", ln) for ln in sorted(sheet.support, key=lambda ln: spanish_key(ln.name))]
        if not support:
            support = [("head", f"Sin {event.side_name}")]
    for k, col_rows in enumerate(_split(support, support_rows_per_col)[:2]):
        x = left + k * (col_w + gap)
        _column_header(doc, x, y, col_w, line_h, event.grouped_by_type)
        cy = y - line_h
        for kind, value in col_rows:
            _row(doc, x, cy, col_w, line_h, size, kind, value)
            cy -= line_h
    y -= line_h * (support_rows_per_col + 1) + 8

    # -- verdict and player signature ---------------------------------------------------------
    c.setLineWidth(0.5)
    if blank:
        doc.text(left, y - 10, "Veredicto del validador:", 9, bold=True)
        c.line(left + 118, y - 12, left + span * 0.55, y - 12)
    else:
        verdict = {True: "LEGAL", False: "ILEGAL", None: "SIN VALIDAR"}[sheet.legal]
        version = f"versión {sheet.version}" if sheet.version else "versión registrada"
        when = format_datetime(sheet.registered_at) or "sin fecha"
        doc.text(left, y - 10, f"Veredicto del validador: {verdict}", 9.5, bold=True)
        doc.text(left, y - 21, f"{version.capitalize()}: {when}", 8.5)
        ny = y - 31
        for note in sheet.verdict_notes[:3]:
            doc.text(left + 6, ny, f"• {note}", 7.5, max_width=span * 0.55 - 6, min_size=6)
            ny -= 9
        if len(sheet.verdict_notes) > 3:
            doc.text(left + 6, ny + 9, f"• … y {len(sheet.verdict_notes) - 3} problemas más",
                     7.5, align="left")
    sx = left + span * 0.6
    doc.text(sx, y - 10, "Firma del jugador:", 9, bold=True)
    c.line(sx, y - 28, right, y - 28)
    y -= verdict_h

    # -- judge-only box -------------------------------------------------------------------
    c.setLineWidth(1)
    c.setFillColorRGB(*LIGHT)
    c.rect(left, y - judge_h, span, judge_h, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    doc.text(left + 5, y - 11, "Solo para jueces: revisión de mazo", 9, bold=True)
    c.setLineWidth(0.5)
    r1 = y - 28
    doc.text(left + 5, r1, "Ronda:", 8.5)
    c.line(left + 38, r1 - 2, left + 80, r1 - 2)
    doc.text(left + 92, r1, "Estado:", 8.5)
    bx = left + 128
    for label in ("Correcto", "Con diferencias", "Penalización"):
        c.rect(bx, r1 - 1, 7, 7)
        doc.text(bx + 10, r1, label, 8.5)
        bx += 22 + width(label, 8.5)
    r2 = y - 48
    doc.text(left + 5, r2, "Juez:", 8.5)
    c.line(left + 32, r2 - 2, left + span * 0.45, r2 - 2)
    doc.text(left + span * 0.48, r2, "Firma:", 8.5)
    c.line(left + span * 0.48 + 32, r2 - 2, right - 6, r2 - 2)
    doc.end_page()


def _section_bar(doc: Document, y: float, title: str, total: str, expected: int | None,
                 note: str = "") -> float:
    c = doc.canvas
    h = 15.0
    c.setFillColorRGB(0.15, 0.15, 0.15)
    c.rect(doc.left, y - h, doc.right - doc.left, h, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    doc.text(doc.left + 5, y - h + 4, title + (f"  ({note})" if note else ""), 10, bold=True)
    label = f"Total: {total or '____'}" + (f" / {expected}" if expected else "")
    doc.text(doc.right - 5, y - h + 4, label, 10, bold=True, align="right")
    c.setFillColorRGB(0, 0, 0)
    return y - h - 3


def _geometry(x: float, w: float) -> tuple[float, float, float, float]:
    qty_w = 24.0
    race_w = 64.0
    name_x = x + qty_w + 4
    race_x = x + w - race_w
    return qty_w, name_x, race_x, race_w


def _column_header(doc: Document, x: float, y: float, w: float, line_h: float,
                   race: bool = True) -> None:
    qty_w, name_x, race_x, _ = _geometry(x, w)
    c = doc.canvas
    c.setFillColorRGB(*GREY)
    base = y - line_h + (line_h - 7) / 2 + 1
    doc.text(x + qty_w - 2, base, "Cant.", 7, align="right")
    doc.text(name_x, base, "Carta", 7)
    if race:
        doc.text(race_x, base, "Raza / Oro inicial", 7)
    c.setFillColorRGB(0, 0, 0)


def _row(doc: Document, x: float, y: float, w: float, line_h: float, size: float,
         kind: str, value: object) -> None:
    c = doc.canvas
    qty_w, name_x, race_x, race_w = _geometry(x, w)
    base = y - line_h + (line_h - size * 0.72) / 2
    if kind == "head":
        doc.text(x, base, str(value), size, bold=True, max_width=w)
        c.setStrokeColorRGB(*GREY)
        c.setLineWidth(0.4)
        c.line(x, y - line_h + 0.5, x + w, y - line_h + 0.5)
        c.setStrokeColorRGB(0, 0, 0)
        return
    c.setStrokeColorRGB(0.75, 0.75, 0.75)
    c.setLineWidth(0.3)
    c.line(x, y - line_h, x + w, y - line_h)
    c.setStrokeColorRGB(0, 0, 0)
    if kind == "blank":
        c.setLineWidth(0.3)
        c.rect(x + 2, y - line_h + 1.5, qty_w - 4, line_h - 3)
        return
    line: DeckLine = value  # type: ignore[assignment]
    doc.text(x + qty_w - 2, base, str(line.qty), size, bold=True, align="right")
    name = line.name + (f" ({line.code})" if line.code else "")
    doc.text(name_x, base, name, size, max_width=race_x - name_x - 4, min_size=size * 0.75)
    if line.initial_gold:
        c.circle(race_x - 1 + 2.5, base + size * 0.32, 2.2, stroke=0, fill=1)
        doc.text(race_x + 5, base, "Oro inicial", size, bold=True, max_width=race_w - 5)
    elif line.race:
        doc.text(race_x, base, line.race, size, max_width=race_w, min_size=size * 0.75)


__all__ = ["render_blank_sheets", "render_deck_sheets"]
