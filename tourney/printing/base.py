"""Shared pieces of every printed document: fonts, page sizes, footer, fitted text, tables.

Fonts: a TrueType font is embedded so Spanish accents, ñ, ¿ and ¡ always print.
DejaVu Sans (Debian's fonts-dejavu-core) is used when present; otherwise
Bitstream Vera, which reportlab itself ships in ``reportlab/fonts`` and so
exists on any machine where reportlab is installed. Both cover Latin-1. The
layouts draw marks (boxes, dots) as graphics, never as symbol glyphs, so both
fonts give the same page.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..dates import format_datetime

import reportlab
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..localtime import now_local
from ..document_values import EventInfo

FONT = "TourneySans"
FONT_BOLD = "TourneySans-Bold"

_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
_registered: str | None = None

MARGIN = 28.0  # ~1 cm
FOOTER_H = 16.0
GREY = (0.45, 0.45, 0.45)
LIGHT = (0.92, 0.92, 0.92)


def font_files() -> tuple[Path, Path]:
    """The regular and bold TTF files used (DejaVu Sans if installed, else reportlab's Vera)."""
    regular, bold = _DEJAVU / "DejaVuSans.ttf", _DEJAVU / "DejaVuSans-Bold.ttf"
    if regular.exists() and bold.exists():
        return regular, bold
    base = Path(reportlab.__file__).resolve().parent / "fonts"
    return base / "Vera.ttf", base / "VeraBd.ttf"


def register_fonts() -> str:
    """Register the document fonts once; returns the regular font's file name."""
    global _registered
    if _registered is None:
        regular, bold = font_files()
        pdfmetrics.registerFont(TTFont(FONT, str(regular)))
        pdfmetrics.registerFont(TTFont(FONT_BOLD, str(bold)))
        _registered = regular.name
    return _registered


def page_size(name: str) -> tuple[float, float]:
    return {"A4": A4, "Letter": LETTER}[name]


def width(text: str, size: float, bold: bool = False) -> float:
    return pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, size)


def fit(text: str, size: float, max_width: float, bold: bool = False,
        min_size: float | None = None) -> tuple[str, float]:
    """Shrink ``text`` down to ``min_size`` then cut it with "…" so it fits ``max_width``."""
    if width(text, size, bold) <= max_width:
        return text, size
    if min_size is not None and min_size < size:
        shrunk = max(min_size, size * max_width / max(width(text, size, bold), 1e-6))
        if width(text, shrunk, bold) <= max_width:
            return text, shrunk
        size = min_size
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…", size


def fmt_percent(value: float) -> str:
    """66.666… -> "66,67 %" (Spanish decimal comma)."""
    return f"{value * 100:.2f}".replace(".", ",") + " %"


class Document:
    """A canvas with the project's footer on every page.

    Footer: event name, the round (or document) label, print time and page number.
    """

    def __init__(self, event: EventInfo, title: str, round_label: str,
                 printed_at: datetime | None = None):
        register_fonts()
        self.event = event
        self.buffer = io.BytesIO()
        self.size = page_size(event.page_size)
        self.width, self.height = self.size
        self.canvas = Canvas(self.buffer, pagesize=self.size, invariant=1, pageCompression=1)
        self.canvas.setTitle(f"{title} — {event.name}")
        self.canvas.setAuthor("tourney")
        self.canvas.setSubject(round_label)
        self.round_label = round_label
        self.printed_at = printed_at or now_local()  # the venue's clock, not the server's
        self.pages = 0
        self.left = MARGIN
        self.right = self.width - MARGIN
        self.top = self.height - MARGIN
        self.bottom = MARGIN + FOOTER_H  # lowest y content may use

    # -- pages ------------------------------------------------------------------------
    def footer(self) -> None:
        c = self.canvas
        y = MARGIN - 2
        c.setStrokeColorRGB(*GREY)
        c.setLineWidth(0.5)
        c.line(self.left, y + 10, self.right, y + 10)
        c.setFillColorRGB(*GREY)
        c.setFont(FONT, 7.5)
        left_text = f"{self.event.name} · {self.round_label}"
        right_text = f"Impreso: {format_datetime(self.printed_at)} · Página {self.pages + 1}"
        avail = self.right - self.left - width(right_text, 7.5) - 12
        text, size = fit(left_text, 7.5, avail, min_size=6)
        c.setFont(FONT, size)
        c.drawString(self.left, y, text)
        c.setFont(FONT, 7.5)
        c.drawRightString(self.right, y, right_text)
        c.setFillColorRGB(0, 0, 0)
        c.setStrokeColorRGB(0, 0, 0)

    def end_page(self) -> None:
        self.footer()
        self.canvas.showPage()
        self.pages += 1

    def finish(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()

    # -- drawing helpers -----------------------------------------------------------------
    def text(self, x: float, y: float, text: str, size: float, bold: bool = False,
             max_width: float | None = None, align: str = "left", min_size: float | None = None) -> None:
        if max_width is not None:
            text, size = fit(text, size, max_width, bold, min_size)
        c = self.canvas
        c.setFont(FONT_BOLD if bold else FONT, size)
        if align == "right":
            c.drawRightString(x, y, text)
        elif align == "center":
            c.drawCentredString(x, y, text)
        else:
            c.drawString(x, y, text)

    def title(self, y: float, text: str, size: float = 16) -> float:
        """Document title at ``y`` (baseline); returns the y below it."""
        self.text(self.left, y - size, text, size, bold=True, max_width=self.right - self.left,
                  min_size=size * 0.6)
        return y - size - 6


@dataclass(frozen=True)
class Column:
    title: str
    width: float  # relative weight
    align: str = "left"
    bold: bool = False


def draw_table(doc: Document, heading: str, subheading: str, columns: Sequence[Column],
               rows: Sequence[Sequence[str]], size: float = 13, row_h: float | None = None,
               start_page: Callable[[Document, str, str], float] | None = None) -> None:
    """Rows on as many pages as needed; the heading and column header repeat on each page.

    Large type for the wall: ``size`` is the row font size. Alternate rows are shaded.
    """
    row_h = row_h or size * 1.55
    total = sum(col.width for col in columns)
    span = doc.right - doc.left
    xs = []
    x = doc.left
    for col in columns:
        w = span * col.width / total
        xs.append((x, w))
        x += w
    pad = 4.0
    c = doc.canvas

    def page_head(cont: bool) -> float:
        y = doc.top
        label = heading + (" (continúa)" if cont else "")
        y = doc.title(y, label, size=max(14.0, size + 3))
        if subheading:
            doc.text(doc.left, y - 10, subheading, 10, max_width=span)
            y -= 16
        y -= 4
        c.setFillColorRGB(0.15, 0.15, 0.15)
        c.rect(doc.left, y - row_h, span, row_h, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        hsize = size * 0.8
        for col, (cx, w) in zip(columns, xs):
            _cell(doc, col.title, cx, w, y - row_h, row_h, hsize, True, col.align, pad)
        c.setFillColorRGB(0, 0, 0)
        return y - row_h

    y = page_head(False)
    for i, row in enumerate(rows):
        if y - row_h < doc.bottom:
            doc.end_page()
            y = page_head(True)
        if i % 2:
            c.setFillColorRGB(*LIGHT)
            c.rect(doc.left, y - row_h, span, row_h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        for col, (cx, w), value in zip(columns, xs, row):
            _cell(doc, value, cx, w, y - row_h, row_h, size, col.bold, col.align, pad)
        y -= row_h
    doc.end_page()


def _cell(doc: Document, value: str, x: float, w: float, y: float, h: float, size: float,
          bold: bool, align: str, pad: float) -> None:
    text, fsize = fit(str(value), size, w - 2 * pad, bold, min_size=size * 0.7)
    base = y + (h - fsize * 0.72) / 2
    if align == "right":
        doc.text(x + w - pad, base, text, fsize, bold, align="right")
    elif align == "center":
        doc.text(x + w / 2, base, text, fsize, bold, align="center")
    else:
        doc.text(x + pad, base, text, fsize, bold)
