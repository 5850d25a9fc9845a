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

from .base import GREY, LIGHT, Document, fmt_date
from .data import EventInfo


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


COLUMNS = (("Producto", 0.20), ("Cant.", 0.08), ("Carta", 0.40), ("Código", 0.12),
           ("Castillo", 0.10), ("Soporte", 0.10))
ROW_H = 12.0


def render_pool_sheets(event: EventInfo, sheets: Iterable[PoolSheet], *,
                       printed_at: datetime | None = None) -> bytes:
    """One PDF with every player's pool sheet (sorted by player name)."""
    sheets = sorted(sheets, key=lambda s: (s.player_name.casefold(), s.player_id))
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
    for label, value in ((f"Evento: {event.name} · {fmt_date(event.date)}", ""),
                         (f"Formato: {event.format_name} · {event.main_name} de "
                          f"{sheet.castle_size} cartas; el {event.side_name} es el resto del pool", ""),
                         (f"Jugador: {sheet.player_name}" + (f" · ID {sheet.player_id}" if sheet.player_id else ""),
                          "")):
        y -= 13
        doc.text(left, y, label + value, 9.5, max_width=right - left - (80 if y > doc.top - 50 else 0),
                 min_size=7)
    return y - 10


def _header_row(doc: Document, y: float, xs: list[tuple[float, float]]) -> float:
    c = doc.canvas
    c.setFillColorRGB(0.15, 0.15, 0.15)
    c.rect(doc.left, y - ROW_H, doc.right - doc.left, ROW_H, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    for (title, _w), (x, w) in zip(COLUMNS, xs):
        doc.text(x + 3, y - ROW_H + 3.5, title, 8, bold=True, max_width=w - 6)
    c.setFillColorRGB(0, 0, 0)
    return y - ROW_H


def _draw(doc: Document, event: EventInfo, sheet: PoolSheet) -> None:
    c = doc.canvas
    span = doc.right - doc.left
    xs, x = [], doc.left
    for _title, weight in COLUMNS:
        xs.append((x, span * weight))
        x += span * weight
    footer_h = 118.0
    y = _header_row(doc, _head(doc, event, sheet, False), xs)
    rows = sorted(sheet.lines, key=lambda ln: (ln.product.casefold(), ln.name.casefold(), ln.code))
    for i, ln in enumerate(rows):
        if y - ROW_H < doc.bottom + (footer_h if i == len(rows) - 1 else 0):
            doc.end_page()
            y = _header_row(doc, _head(doc, event, sheet, True), xs)
        if i % 2:
            c.setFillColorRGB(*LIGHT)
            c.rect(doc.left, y - ROW_H, span, ROW_H, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        base = y - ROW_H + 3.2
        values = (ln.product, str(ln.qty), ln.name, ln.code, str(ln.in_castle) if ln.in_castle else "",
                  str(ln.in_support) if ln.in_support else "")
        for k, (value, (cx, w)) in enumerate(zip(values, xs)):
            marked = k == 4 and bool(ln.in_castle)
            if marked:  # the Castillo mark: a filled square before the count
                c.rect(cx + 3, base, 6, 6, stroke=0, fill=1)
            doc.text(cx + (13 if marked else 3), base, value, 8.5, bold=marked, max_width=w - 16,
                     min_size=6)
        y -= ROW_H
    if y - footer_h < doc.bottom:
        doc.end_page()
        y = _head(doc, event, sheet, True)
    _footer(doc, event, sheet, y - 8)
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
