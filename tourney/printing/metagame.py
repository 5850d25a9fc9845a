"""The metagame as a PDF: the share and win-rate charts (reportlab's own charts, drawn as
vectors) and the tables of the web page (archetypes, the matchup matrix)."""
from __future__ import annotations

import io

from reportlab.graphics.charts.barcharts import HorizontalBarChart
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from ..meta import Metagame
from .base import FONT, FONT_BOLD, MARGIN, page_size, register_fonts

MAX_BARS = 16
MAX_MATRIX = 10  # archetypes in the printed matrix (the largest); the CSV has them all
RED = colors.Color(0.54, 0.11, 0.11)


def _pct(v: float | None) -> str:
    return "—" if v is None else f"{100 * v:.0f} %"


def _bars(title: str, labels: list[str], values: list[float], width: float,
          intervals: list[tuple[float, float]] | None = None) -> Drawing:
    height = 40 + 18 * len(labels)
    d = Drawing(width, height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 150, 10
    chart.width, chart.height = width - 180, height - 36
    chart.data = [values[::-1]]
    chart.categoryAxis.categoryNames = labels[::-1]
    chart.categoryAxis.labels.fontName = FONT
    chart.categoryAxis.labels.fontSize = 8
    chart.valueAxis.valueMin, chart.valueAxis.valueMax, chart.valueAxis.valueStep = 0, 100, 25
    chart.valueAxis.labels.fontName = FONT
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = RED
    chart.barLabelFormat = "%.0f %%"
    chart.barLabels.fontName = FONT
    chart.barLabels.fontSize = 7
    chart.barLabels.dx = 12
    d.add(chart)
    if intervals:
        step = chart.height / max(len(labels), 1)
        for i, (low, high) in enumerate(intervals[::-1]):
            y = chart.y + step * (i + 0.5)
            x0 = chart.x + chart.width * low / 100
            x1 = chart.x + chart.width * high / 100
            d.add(Line(x0, y, x1, y, strokeColor=colors.black, strokeWidth=1))
            d.add(Line(x0, y - 3, x0, y + 3, strokeColor=colors.black))
            d.add(Line(x1, y - 3, x1, y + 3, strokeColor=colors.black))
    d.add(String(0, height - 12, title, fontName=FONT_BOLD, fontSize=10))
    return d


def render_metagame(title: str, meta: Metagame, page: str = "A4", subtitle: str = "") -> bytes:
    register_fonts()
    out = io.BytesIO()
    size = page_size(page)
    doc = SimpleDocTemplate(out, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN, title=f"Metagama · {title}")
    width = size[0] - 2 * MARGIN
    h1 = ParagraphStyle("h1", fontName=FONT_BOLD, fontSize=15, leading=19)
    body = ParagraphStyle("b", fontName=FONT, fontSize=9, leading=12)
    story: list = [Paragraph(f"Metagama · {title}", h1), Paragraph(subtitle, body), Spacer(1, 6)]
    rows = meta.rows[:MAX_BARS]
    if not rows:
        story.append(Paragraph("Sin listas inscritas.", body))
    else:
        story.append(_bars("Porcentaje de las listas", [r.name for r in rows],
                           [100 * r.share for r in rows], width))
        rated = [r for r in rows if r.record.matches]
        if rated:
            story.append(Spacer(1, 8))
            story.append(_bars("% de victorias sin espejos (línea: intervalo de 95 %)",
                               [f"{r.name} ({r.record.matches})" for r in rated],
                               [100 * (r.record.win_rate or 0) for r in rated], width,
                               [(100 * r.record.interval[0], 100 * r.record.interval[1])
                                for r in rated]))
        story.append(Spacer(1, 8))
        table: list[list[object]] = [["Arquetipo", "Jugadores", "%", "Corte", "Conversión", "Récord (G-P-E)",
                  "% victorias", "IC 95 %"]]
        for r in meta.rows:
            low, high = r.record.interval
            table.append([r.name, r.players, _pct(r.share), r.top_cut if meta.has_cut else "—",
                          _pct(r.conversion), f"{r.record.wins}-{r.record.losses}-{r.record.draws}",
                          _pct(r.record.win_rate),
                          f"{100 * low:.0f}–{100 * high:.0f}" if r.record.matches else "—"])
        story.append(_table(table))
        names = meta.names[:MAX_MATRIX]
        if meta.matches:
            story.append(Spacer(1, 8))
            story.append(Paragraph("Enfrentamientos: % de victorias de la fila contra la columna "
                                   "(partidas)", body))
            grid = [[""] + [n[:12] for n in names]]
            for x in names:
                line = [x]
                for y in names:
                    c = meta.cell(x, y)
                    line.append(f"{_pct(c.win_rate)} ({c.matches})" if c.matches else "")
                grid.append(line)
            story.append(_table(grid, font_size=7))
    doc.build(story)
    return out.getvalue()


def _table(rows: list[list], font_size: int = 8) -> Table:
    t = Table(rows, repeatRows=1)
    t.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), FONT), ("FONTNAME", (0, 0), (-1, 0), FONT_BOLD),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.lightgrey),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.92, 0.92, 0.92)),
    ]))
    return t
