"""The judges' list of adjudicated games: one row per game of a match (the revision that
counts), with the verdict, the rule of the illegal line and whether the decks in the record
match the registrations and the Mazo de Soporte swaps of that game (seed 000 §11)."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ..document_values import AdjudicationRow, EventInfo
from .base import Column, Document, draw_table


def adjudication_rows(rows: Sequence[AdjudicationRow]) -> list[tuple[str, ...]]:
    ordered = sorted(rows, key=lambda r: (r.round, r.table, r.game))
    return [(str(r.round), str(r.table), str(r.game), f"{r.player_a} – {r.player_b}",
             r.verdict + (f" (revisión {r.revision})" if r.revision > 1 else ""),
             r.rule or "—", r.decks or "—") for r in ordered]


def render_adjudications(event: EventInfo, rows: Sequence[AdjudicationRow], *,
                         printed_at: datetime | None = None) -> bytes:
    doc = Document(event, "Partidas arbitradas", "Arbitrajes", printed_at)
    sub = f"{event.name} · {event.format_name}".strip(" ·")
    body = adjudication_rows(rows) or [("", "", "", "Ninguna partida arbitrada todavía.", "", "",
                                        "")]
    draw_table(doc, "Partidas arbitradas", sub, [
        Column("Ronda", 0.9, "center"), Column("Mesa", 0.9, "center", bold=True),
        Column("Juego", 0.9, "center"), Column("Jugadores", 3.6), Column("Veredicto", 3.6),
        Column("Regla", 2.2), Column("Mazos", 2.2),
    ], body, size=9)
    return doc.finish()
