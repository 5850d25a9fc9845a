"""Hoja de registro de pool (Sellado / Lanzamiento, seed 000 §11): one sheet per player.

The sheet lists the whole pool as opened (product by product), each card with how many of its
copies are in the Mazo Castillo (marked) and how many in the Mazo de Soporte, which is the rest
of the pool. Totals: pool, Castillo (against the event's size) and Soporte. The §11 notes of the
event (restore or not, Soporte without sleeves) and a judges' box for deck checks, where the
physical count is compared with the pool and the Castillo.

Pure: plain values in (``PoolSheet``), PDF bytes out. Long pools continue on more pages.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from ..dates import format_date
from .base import GREY, LIGHT, Document
from ..collation import spanish_key
from ..document_values import EventInfo


@dataclass(frozen=True)
class PoolSheetLine:
    product: str
    qty: int
    name: str
    code: str
    in_castle: int = 0

    @property
    def in_support(self) -> int:
        return self.qty - self.in_castle


@dataclass(frozen=True)
class PoolSheet:
    player_name: str
    player_id: str = ""
    table: int | None = None
    lines: Sequence[PoolSheetLine] = ()
    castle_size: int = 40
    locked: bool = False
    legal: bool | None = None  # the deck built from the pool: None = not built yet
    notes: Sequence[str] = field(default_factory=tuple)

    @property
    def pool_count(self) -> int:
        return sum(ln.qty for ln in self.lines)

    @property
    def castle_count(self) -> int:
        return sum(ln.in_castle for ln in self.lines)

    @property
    def support_count(self) -> int:
        return self.pool_count - self.castle_count


# one column of the two-column flow: (title, relative width); products are heading rows
COLUMNS = (("Cant.", 0.10), ("Carta", 0.45), ("Código", 0.14), ("Castillo", 0.16), ("Soporte", 0.15))
MAX_ROW_H = 12.0
MIN_ROW_H = 8.5
GAP = 12.0
FOOTER_H = 118.0

# a row: ("head", product) or ("card", PoolSheetLine)
Row = tuple[str, object]


def render_pool_sheets(event: EventInfo, sheets: Iterable[PoolSheet], *,
                       printed_at: datetime | None = None) -> bytes:
    """One PDF with every player's pool sheet (sorted by player name)."""
    sheets = sorted(sheets, key=lambda s: (spanish_key(s.player_name), s.player_id))
    doc = Document(event, "Hojas de registro de pool", "Registro de pools", printed_at)
    for sheet in sheets or [PoolSheet("")]:
        _draw(doc, event, sheet)
    return doc.finish()


def _head(doc: Document, event: EventInfo, sheet: PoolSheet, cont: bool) -> float:
    c, left, right = doc.canvas, doc.left, doc.right
    y = doc.top
    title = "Hoja de registro de pool" + (" (continúa)" if cont else "")
    doc.text(left, y - 16, title, 16, bold=True, max_width=right - left - 80)
    box_w, box_h = 70.0, 36.0
    c.setLineWidth(1.2)
    c.rect(right - box_w, y - box_h, box_w, box_h)
    doc.text(right - box_w + 4, y - 9, "Mesa", 7)
    if sheet.table:
        doc.text(right - box_w / 2, y - box_h + 8, str(sheet.table), 16, bold=True, align="center")
    c.setLineWidth(0.5)
    y -= 30
    for label, value in ((f"Evento: {event.name} · {format_date(event.date)}", ""),
                         (f"Formato: {event.format_name} · {event.main_name} de "
                          f"{sheet.castle_size} cartas; el {event.side_name} es el resto del pool", ""),
                         (f"Jugador: {sheet.player_name}" + (f" · ID {sheet.player_id}" if sheet.player_id else ""),
                          "")):
        y -= 13
        doc.text(left, y, label + value, 9.5, max_width=right - left - (80 if y > doc.top - 50 else 0),
                 min_size=7)
    return y - 10


def _rows(sheet: PoolSheet) -> list[Row]:
    rows: list[Row] = []
    by_product: dict[str, list[PoolSheetLine]] = {}
    for ln in sheet.lines:
        by_product.setdefault(ln.product, []).append(ln)
    for product, lines in by_product.items():
        rows.append(("head", f"{product or 'Sin producto'} ({sum(ln.qty for ln in lines)})"))
        rows.extend(("card", ln) for ln in sorted(lines, key=lambda ln: (spanish_key(ln.name), ln.code)))
    return rows


def _columns(x0: float, width: float) -> list[tuple[float, float]]:
    xs, x = [], x0
    for _title, weight in COLUMNS:
        xs.append((x, width * weight))
        x += width * weight
    return xs


def _header_row(doc: Document, y: float, xs: list[tuple[float, float]], row_h: float) -> None:
    c = doc.canvas
    x0, w_all = xs[0][0], xs[-1][0] + xs[-1][1] - xs[0][0]
    c.setFillColorRGB(0.15, 0.15, 0.15)
    c.rect(x0, y - row_h, w_all, row_h, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    for (title, _w), (x, w) in zip(COLUMNS, xs):
        doc.text(x + 2, y - row_h + row_h * 0.28, title, min(7.5, row_h * 0.66), bold=True, max_width=w - 4)
    c.setFillColorRGB(0, 0, 0)


def _row(doc: Document, xs: list[tuple[float, float]], y: float, row_h: float, kind: str, value,
         shade: bool) -> None:
    c = doc.canvas
    x0, w_all = xs[0][0], xs[-1][0] + xs[-1][1] - xs[0][0]
    size = min(8.5, row_h * 0.72)
    base = y - row_h + row_h * 0.27
    if kind == "head":
        c.setFillColorRGB(*LIGHT)
        c.rect(x0, y - row_h, w_all, row_h, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        doc.text(x0 + 2, base, str(value), size, bold=True, max_width=w_all - 4, min_size=6)
        return
    ln: PoolSheetLine = value
    if shade:
        c.setStrokeColorRGB(*GREY)
        c.setLineWidth(0.2)
        c.line(x0, y - row_h, x0 + w_all, y - row_h)
        c.setStrokeColorRGB(0, 0, 0)
    values = (str(ln.qty), ln.name, ln.code, str(ln.in_castle) if ln.in_castle else "",
              str(ln.in_support) if ln.in_support else "")
    for k, (text, (cx, w)) in enumerate(zip(values, xs)):
        marked = k == 3 and bool(ln.in_castle)
        if marked:  # the Castillo mark: a filled square before the count
            mark = size * 0.7
            c.rect(cx + 2, base, mark, mark, stroke=0, fill=1)
        doc.text(cx + (mark + 5 if marked else 2), base, text, size, bold=marked, max_width=w - 4,
                 min_size=5.5)


def _draw(doc: Document, event: EventInfo, sheet: PoolSheet) -> None:
    span = doc.right - doc.left
    col_w = (span - GAP) / 2
    rows = _rows(sheet)
    top = _head(doc, event, sheet, False)
    avail = top - doc.bottom - FOOTER_H
    per_col = max(1, -(-len(rows) // 2)) + 1  # +1: the column header
    row_h = max(MIN_ROW_H, min(MAX_ROW_H, avail / per_col))
    fit_rows = max(2, int(avail // row_h) - 1)
    i, first_page = 0, True
    while True:
        y0 = top if first_page else _head(doc, event, sheet, True)
        room = fit_rows if first_page else max(2, int((y0 - doc.bottom - FOOTER_H) // row_h) - 1)
        for k in range(2):
            xs = _columns(doc.left + k * (col_w + GAP), col_w)
            _header_row(doc, y0, xs, row_h)
            y = y0 - row_h
            for n in range(room):
                if i >= len(rows):
                    break
                kind, value = rows[i]
                _row(doc, xs, y, row_h, kind, value, n % 2 == 1)
                y -= row_h
                i += 1
        if i >= len(rows):
            break
        doc.end_page()
        first_page = False
    _footer(doc, event, sheet, y0 - row_h * (room + 1) - 8)
    doc.end_page()


def _footer(doc: Document, event: EventInfo, sheet: PoolSheet, y: float) -> None:
    c, left, span = doc.canvas, doc.left, doc.right - doc.left
    c.setLineWidth(0.8)
    c.line(left, y, doc.right, y)
    y -= 13
    castle_ok = "" if sheet.castle_count == sheet.castle_size else f" (debe tener {sheet.castle_size})"
    doc.text(left, y, f"Pool: {sheet.pool_count} cartas · {event.main_name}: {sheet.castle_count}"
             f"{castle_ok} · {event.side_name} (resto del pool): {sheet.support_count}", 10, bold=True,
             max_width=span)
    y -= 12
    state = "cerrado" if sheet.locked else "abierto (aún puede cambiar)"
    verdict = {True: "LEGAL", False: "ILEGAL", None: "sin armar"}[sheet.legal]
    doc.text(left, y, f"Pool {state} · Mazo: {verdict}", 9, max_width=span)
    for note in list(sheet.notes)[:3]:
        y -= 10
        doc.text(left + 6, y, f"• {note}", 8, max_width=span - 6, min_size=6)
    y -= 16
    doc.text(left, y, "Firma del jugador:", 9, bold=True)
    c.line(left + 90, y - 2, left + span * 0.45, y - 2)
    # judges' box: the physical count against the pool and the Castillo
    bx, bw, bh = left + span * 0.5, span * 0.5, 58.0
    c.setStrokeColorRGB(*GREY)
    c.rect(bx, y - bh + 12, bw, bh)
    c.setStrokeColorRGB(0, 0, 0)
    doc.text(bx + 4, y + 2, "Solo jueces: revisión de mazo", 8, bold=True)
    doc.text(bx + 4, y - 10, f"Ronda ____  Contadas: {event.main_name} ____ / {sheet.castle_size}", 8,
             max_width=bw - 8)
    doc.text(bx + 4, y - 21, f"{event.side_name} ____ / {sheet.support_count}  ·  cartas fuera de la hoja ____",
             8, max_width=bw - 8)
    doc.text(bx + 4, y - 32, "Juez: ______________  Firma: ______________", 8, max_width=bw - 8)
