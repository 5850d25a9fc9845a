"""Round documents: pairings for the wall, result slips for the tables, standings with the top cut.

Pairings come in two orders: by table (Mesa, Jugador, Pts, Oponente, Pts) and
alphabetical (Jugador, Mesa, Oponente), so every player finds their own name;
large type, the heading and column header repeated on each page. A bye is
printed as "BYE" (no table). Slips: one per table (byes get none), four per
page with dashed cut lines. Standings: rank, player, points, record, OMW%, GW%,
OGW% (the Swiss core's tiebreakers); with a top cut, the final standings and the bracket
come first.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from .base import GREY, Column, Document, draw_table, fmt_percent, width
from ..collation import spanish_key
from ..swiss.topcut import round_name
from ..document_values import Bracket, EventInfo, PairingRow, StandingRow

BYE = "BYE"
ORDERS = ("mesa", "alfabetico", "ambos")


def _round_label(number: int | None, name: str = "") -> str:
    """«Ronda N» for a Swiss round; a cut round's own name («Final», «Semifinales», …)."""
    if name:
        return name
    return f"Ronda {number}" if number else "Sin ronda"


def render_pairings(event: EventInfo, round_number: int, pairings: Sequence[PairingRow], *,
                    order: str = "ambos", printed_at: datetime | None = None,
                    size: float = 14, name: str = "") -> bytes:
    """Pairings by table and/or alphabetical (``order``: mesa | alfabetico | ambos); ``name``:
    a top-cut round's name («Final», «Semifinales», …) instead of «Ronda N»."""
    if order not in ORDERS:
        raise ValueError(f"orden desconocido: {order!r} (use {', '.join(ORDERS)})")
    label = _round_label(round_number, name)
    doc = Document(event, f"Emparejamientos {label}", label, printed_at)
    sub = f"{event.name} · {event.format_name}".strip(" ·")
    if order in ("mesa", "ambos"):
        rows = [
            ("—" if p.is_bye else str(p.table), p.player, str(p.player_points),
             BYE if p.is_bye else p.opponent or "",
             "" if p.is_bye or p.opponent_points is None else str(p.opponent_points))
            for p in sorted(pairings, key=lambda p: (p.is_bye, p.table))
        ]
        draw_table(doc, f"Emparejamientos · {label} · por mesa", sub, [
            Column("Mesa", 1.0, "center", bold=True), Column("Jugador", 4.2), Column("Pts", 0.9, "center"),
            Column("Oponente", 4.2), Column("Pts", 0.9, "center"),
        ], rows, size=size)
    if order in ("alfabetico", "ambos"):
        draw_table(doc, f"Emparejamientos · {label} · por orden alfabético", sub, [
            Column("Jugador", 4.5, bold=True), Column("Mesa", 1.1, "center", bold=True),
            Column("Oponente", 4.5),
        ], alphabetical_rows(pairings), size=size)
    return doc.finish()


def alphabetical_rows(pairings: Iterable[PairingRow]) -> list[tuple[str, str, str]]:
    """(player, table, opponent) for every player, both seats of each table, sorted by name."""
    rows = []
    for p in pairings:
        table = "—" if p.is_bye else str(p.table)
        rows.append((p.player, table, BYE if p.is_bye else p.opponent or ""))
        if not p.is_bye:
            rows.append((p.opponent or "", table, p.player))
    return sorted(rows, key=lambda r: (spanish_key(r[0]), r[1]))


def render_slips(event: EventInfo, round_number: int, pairings: Sequence[PairingRow], *,
                 printed_at: datetime | None = None, per_page: int = 4, name: str = "") -> bytes:
    """One result slip per table (byes excluded), ``per_page`` to a page, with cut lines;
    ``name`` as in render_pairings."""
    label = _round_label(round_number, name)
    doc = Document(event, f"Hojas de resultado {label}", label, printed_at)
    c = doc.canvas
    tables = sorted((p for p in pairings if not p.is_bye), key=lambda p: p.table)
    slot_h = (doc.top - doc.bottom) / per_page
    for i, p in enumerate(tables):
        k = i % per_page
        if i and k == 0:
            doc.end_page()
        y = doc.top - k * slot_h
        _slip(doc, event, label, p, y, slot_h)
        if k < per_page - 1 and i < len(tables) - 1:
            cy = y - slot_h
            c.setDash(4, 3)
            c.setStrokeColorRGB(*GREY)
            c.line(doc.left - 14, cy, doc.right + 14, cy)
            c.setDash()
            c.setFillColorRGB(*GREY)
            doc.text(doc.right, cy + 2, "cortar aquí", 6, align="right")
            c.setFillColorRGB(0, 0, 0)
            c.setStrokeColorRGB(0, 0, 0)
    if not tables:
        doc.text(doc.left, doc.top - 20, f"{label}: no hay mesas con dos jugadores.", 12)
    doc.end_page()
    return doc.finish()


def _slip(doc: Document, event: EventInfo, label: str, p: PairingRow, y: float, h: float) -> None:
    c = doc.canvas
    left, right = doc.left, doc.right
    span = right - left
    top = y - 8
    doc.text(left, top - 12, f"Mesa {p.table}", 16, bold=True)
    doc.text(left + 90, top - 12, f"{label} · {event.name}", 10, max_width=span - 90 - 4, min_size=7)
    # one row per player: name, games won box, drop box, signature line
    row_h = min(34.0, (h - 70) / 2)
    name_w = span * 0.42
    head_y = top - 30
    c.setFillColorRGB(*GREY)
    doc.text(left, head_y, "Jugador", 7.5)
    doc.text(left + name_w + 6, head_y, "Juegos ganados", 7.5)
    doc.text(left + name_w + 82, head_y, "Se retira", 7.5)
    doc.text(left + name_w + 130, head_y, "Firma", 7.5)
    c.setFillColorRGB(0, 0, 0)
    ry = head_y - 4
    for name, points in ((p.player, p.player_points), (p.opponent or "", p.opponent_points)):
        base = ry - row_h + 10
        doc.text(left, base + 4, name, 12, bold=True, max_width=name_w - 4, min_size=8)
        if points is not None:
            c.setFillColorRGB(*GREY)
            doc.text(left, base - 6, f"{points} pts", 7.5)
            c.setFillColorRGB(0, 0, 0)
        c.setLineWidth(1)
        c.rect(left + name_w + 14, base - 6, 30, 24)
        c.rect(left + name_w + 90, base - 1, 12, 12)
        c.setLineWidth(0.5)
        c.line(left + name_w + 130, base - 4, right, base - 4)
        ry -= row_h
    by = ry - 14
    doc.text(left, by, "Juegos empatados:", 8.5)
    c.rect(left + width("Juegos empatados:", 8.5) + 6, by - 4, 20, 14)
    c.setFillColorRGB(*GREY)
    doc.text(right, by, "Al mejor de tres. Entreguen esta hoja firmada a la mesa de jueces.", 7,
             align="right")
    c.setFillColorRGB(0, 0, 0)


def render_standings(event: EventInfo, round_number: int | None, rows: Sequence[StandingRow],
                     bracket: Bracket | None = None, *, printed_at: datetime | None = None,
                     size: float = 11, final=()) -> bytes:
    """Standings with tiebreakers (percentages) and, when given, the final standings
    (``final``: FinalStandingRow values, the cut first, then the Swiss) and the top cut
    bracket. The final order is what everyone looks for: it comes first, then the bracket
    that decided it, then the Swiss table."""
    label = _round_label(round_number)
    doc = Document(event, f"Clasificación {label}", label, printed_at)
    if final:
        draw_table(doc, "Clasificación final", "Primero el corte (hasta dónde llegó cada uno), "
                   "luego el suizo", [
                       Column("#", 0.7, "center", bold=True), Column("Jugador", 4.6),
                       Column("Corte final", 2.4), Column("Suizo", 1.0, "center"),
                       Column("Puntos", 1.1, "center"), Column("Récord", 1.2, "center"),
                   ], [(str(f.place), f.player + (" (retirado)" if f.dropped else ""),
                        "" if f.stage == "Suizo" else f.stage, str(f.swiss_rank), str(f.points),
                        f.record) for f in final], size=size)
    if bracket is not None and bracket.rounds:
        draw_bracket(doc, bracket)
    table_rows = [
        (str(r.rank), r.player + (" (retirado)" if r.dropped else ""), str(r.points), r.record,
         fmt_percent(r.omw), fmt_percent(r.gw), fmt_percent(r.ogw))
        for r in rows
    ]
    draw_table(doc, f"Clasificación del suizo · {label}" if final or bracket is not None
               and bracket.rounds else f"Clasificación · {label}",
               "Desempates: OMW% (rivales), GW% (juegos), OGW% (juegos de los rivales)", [
                   Column("#", 0.7, "center", bold=True), Column("Jugador", 4.6),
                   Column("Puntos", 1.1, "center", bold=True), Column("Récord", 1.2, "center"),
                   Column("OMW%", 1.3, "right"), Column("GW%", 1.3, "right"),
                   Column("OGW%", 1.3, "right"),
               ], table_rows, size=size)
    return doc.finish()


def draw_bracket(doc: Document, bracket: Bracket) -> None:
    """Single-elimination bracket, rounds as columns, lines joining each match to the next."""
    c = doc.canvas
    left, right = doc.left, doc.right
    y0 = doc.title(doc.top, f"Corte final: Top {bracket.size}")
    first = bracket.rounds[0]
    n_cols = len(bracket.rounds) + 1
    col_w = (right - left) / n_cols
    box_w = col_w - 14
    area_top = y0 - 26
    area_h = area_top - doc.bottom - 10
    slot = area_h / len(first)  # vertical space per first-round match
    line_h = min(16.0, slot / 2.6)
    size = min(10.0, line_h * 0.62)
    # one size for every name, small enough for the longest in bold (a winner is bold): a
    # winner's name is never cut with «…» where the same name fit as a loser
    shown_all = [(f"{seed}. " if seed else "") + (name or "") for matches in bracket.rounds
                 for m in matches for name, seed in ((m.a, m.seed_a), (m.b, m.seed_b))]
    shown_all += [m.winner for m in bracket.rounds[-1] if m.winner]
    longest = max((width(t, size, True) for t in shown_all), default=0.0)
    if longest > box_w - 6:
        size = max(size * 0.7, size * (box_w - 6) * 0.98 / longest)
    centers: list[float] = [area_top - slot * (i + 0.5) for i in range(len(first))]
    for r, matches in enumerate(bracket.rounds):
        x = left + r * col_w
        doc.text(x, area_top + 8, round_name(len(matches)), 9, bold=True, max_width=box_w)
        if r:
            prev = centers
            centers = [(prev[2 * i] + prev[2 * i + 1]) / 2 for i in range(len(prev) // 2)]
            mid = x - (col_w - box_w) / 2
            c.setLineWidth(0.8)
            for i, cy in enumerate(centers):
                c.line(mid, prev[2 * i], mid, prev[2 * i + 1])
                c.line(mid, cy, x, cy)
        for i, m in enumerate(matches):
            cy = centers[i] if i < len(centers) else centers[-1]
            for k, (name, seed) in enumerate(((m.a, m.seed_a), (m.b, m.seed_b))):
                top = cy + line_h - k * line_h
                c.setLineWidth(0.8)
                c.rect(x, top - line_h, box_w, line_h)
                shown = (f"{seed}. " if seed else "") + (name or ("" if r else BYE))
                bold = m.winner is not None and m.winner == name
                doc.text(x + 3, top - line_h + (line_h - size * 0.72) / 2, shown, size, bold=bold,
                         max_width=box_w - 6)
            c.line(x + box_w, cy, x + box_w + (col_w - box_w) / 2, cy)
    # champion column
    x = left + len(bracket.rounds) * col_w
    doc.text(x, area_top + 8, "Campeón", 9, bold=True)
    final = bracket.rounds[-1][0]
    cy = centers[0] if len(centers) == 1 else (centers[0] + centers[-1]) / 2
    c.rect(x, cy - line_h / 2, box_w, line_h)
    if final.winner:
        doc.text(x + 3, cy - line_h / 2 + (line_h - size * 0.72) / 2, final.winner, size, bold=True,
                 max_width=box_w - 6)
    doc.end_page()


__all__ = ["BYE", "ORDERS", "alphabetical_rows", "render_pairings", "render_slips", "render_standings"]
