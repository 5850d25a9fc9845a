"""The metagame's charts as SVG drawn on the server with pygal (no JavaScript): shares and win
rates with their 95 % interval, as horizontal bars that stay readable on a 390-pixel phone."""
from __future__ import annotations

import re

from markupsafe import Markup

MAX_BARS = 16  # the rest are summed as «Otros» in the share chart


def _pygal():
    """pygal, without the import hook it adds to ``sys.meta_path`` for its map plugins
    (``pygal.maps.*``, unused here): that hook makes every later import of the process warn."""
    import sys

    import pygal

    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "PluginImportFixer"]
    return pygal


def _style():
    return _pygal().style.Style(background="white", plot_background="white", foreground="#1d1d1f",
                 foreground_strong="#1d1d1f", foreground_subtle="#999", colors=("#8a1c1c",),
                 font_family="system-ui, sans-serif", label_font_size=15, major_label_font_size=15,
                 value_font_size=14, value_label_font_size=14, title_font_size=17,
                 legend_font_size=14, tooltip_font_size=14)


def _chart(title: str, count: int):
    return _pygal().HorizontalBar(
        title=title, style=_style(), width=420, height=90 + 34 * max(count, 1),
        show_legend=False, js=[], disable_xml_declaration=True, print_values=True,
        range=(0, 100), y_labels=[0, 25, 50, 75, 100], truncate_label=22,
        margin=8, margin_right=26, spacing=6, show_y_guides=True, value_formatter=lambda v: f"{v:.0f}\u00a0%")


_SCRIPT = re.compile(r"<script\b.*?</script>", re.S)


def _svg(chart) -> Markup:
    """The SVG without pygal's inline configuration script (tooltips only: nothing is lost
    with the values printed on the bars, and the page stays free of scripts)."""
    return Markup(_SCRIPT.sub("", chart.render(is_unicode=True)))


def share_chart(rows) -> Markup:
    """Share of each archetype (% of the lists), largest first."""
    shown = rows[:MAX_BARS]
    rest = rows[MAX_BARS:]
    labels = [r.name for r in shown] + (["Otros"] if rest else [])
    values = [100 * r.share for r in shown] + ([100 * sum(r.share for r in rest)] if rest else [])
    chart = _chart("Porcentaje de las listas", len(labels))
    chart.x_labels = labels[::-1]
    chart.add("Listas", values[::-1])
    return _svg(chart)


def win_rate_chart(rows) -> Markup | None:
    """Match win % without mirrors, each with its 95 % interval (a whisker); None without data."""
    rated = [r for r in rows if r.record.matches][:MAX_BARS]
    if not rated:
        return None
    chart = _chart("% de victorias (sin espejos), IC 95 %", len(rated))
    chart.x_labels = [f"{r.name} ({r.record.matches})" for r in rated][::-1]
    values = []
    for r in rated[::-1]:
        low, high = r.record.interval
        values.append({"value": 100 * (r.record.win_rate or 0),
                       "ci": {"low": 100 * low, "high": 100 * high}})
    chart.add("Victorias", values)
    return _svg(chart)
