"""The judges' list of adjudicated games: one row per game of a match (the revision that
counts), with the verdict, the rule of the illegal line and whether the decks in the record
match the registrations and the Mazo de Soporte swaps of that game (seed 000 §11).

Cells wrap onto as many lines as they need (names, verdicts and deck notes are never cut
with «…»); the column header repeats on every page."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ..document_values import AdjudicationRow, EventInfo
from .base import LIGHT, Column, Document, width

COLUMNS = (Column("Ronda", 1.15, "center"), Column("Mesa", 1.0, "center", bold=True),
           Column("Juego", 1.1, "center"), Column("Jugadores", 3.4), Column("Veredicto", 3.4),
           Column("Regla", 2.3), Column("Mazos", 2.4))
SIZE = 9.0
LEADING = SIZE * 1.25
PAD = 4.0


def adjudication_rows(rows: Sequence[AdjudicationRow]) -> list[tuple[str, ...]]:
    """One tuple per game; the players cell holds both names, one per line."""
    ordered = sorted(rows, key=lambda r: (r.round, r.table, r.game))
    return [(str(r.round), str(r.table), str(r.game), f"{r.player_a}\n{r.player_b}",
             r.verdict + (f" (revisión {r.revision})" if r.revision > 1 else ""),
             r.rule or "—", r.decks or "—") for r in ordered]


def wrap(text: str, max_width: float, size: float = SIZE, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``max_width`` (words kept whole unless one alone is
    wider, then it is split); a newline in ``text`` always starts a line."""
    lines: list[str] = []
    for paragraph in str(text).split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if width(candidate, size, bold) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while width(word, size, bold) > max_width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and width(word[:cut], size, bold) > max_width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _table(doc: Document, sub: str, body: Sequence[Sequence[str]]) -> None:
    span = doc.right - doc.left
    total = sum(col.width for col in COLUMNS)
    xs, x = [], doc.left
    for col in COLUMNS:
        xs.append((x, span * col.width / total))
        x += span * col.width / total
    c = doc.canvas

    def head(cont: bool) -> float:
        y = doc.title(doc.top, "Partidas arbitradas" + (" (continúa)" if cont else ""),
                      size=SIZE + 5)
        if sub:
            doc.text(doc.left, y - 10, sub, 10, max_width=span)
            y -= 16
        y -= 4
        h = LEADING + 2 * PAD
        c.setFillColorRGB(0.15, 0.15, 0.15)
        c.rect(doc.left, y - h, span, h, stroke=0, fill=1)
        c.setFillColorRGB(1, 1, 1)
        for col, (cx, w) in zip(COLUMNS, xs):
            doc.text(cx + PAD, y - PAD - SIZE * 0.85, col.title, SIZE * 0.85, True,
                     max_width=w - 2 * PAD)
        c.setFillColorRGB(0, 0, 0)
        return y - h

    y = head(False)
    for i, row in enumerate(body):
        cells = [wrap(value, w - 2 * PAD, SIZE, col.bold)
                 for col, (_cx, w), value in zip(COLUMNS, xs, row)]
        h = max(len(lines) for lines in cells) * LEADING + 2 * PAD
        if y - h < doc.bottom:
            doc.end_page()
            y = head(True)
        if i % 2:
            c.setFillColorRGB(*LIGHT)
            c.rect(doc.left, y - h, span, h, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        for col, (cx, w), lines in zip(COLUMNS, xs, cells):
            for n, line in enumerate(lines):
                base = y - PAD - SIZE * 0.9 - n * LEADING
                if col.align == "center":
                    doc.text(cx + w / 2, base, line, SIZE, col.bold, align="center")
                else:
                    doc.text(cx + PAD, base, line, SIZE, col.bold)
        y -= h
    doc.end_page()


def render_adjudications(event: EventInfo, rows: Sequence[AdjudicationRow], *,
                         printed_at: datetime | None = None) -> bytes:
    doc = Document(event, "Partidas arbitradas", "Arbitrajes", printed_at)
    sub = f"{event.name} · {event.format_name}".strip(" ·")
    body = adjudication_rows(rows) or [("", "", "", "Ninguna partida arbitrada todavía.", "", "",
                                        "")]
    _table(doc, sub, body)
    return doc.finish()
