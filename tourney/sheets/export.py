"""The event workbook (XLSX): what an organizer keeps and sends to the game's publisher.

Sheets, in order: Evento, Jugadores, Mazos, one "Ronda N" per round, Clasificación,
Corte final and Clasificación final (when there is a cut), Liga (the standings of the event's
leagues, when it belongs to one), Cambios de Soporte, Arbitrajes (when any). Each has a styled header row,
frozen panes below it, column widths that fit, and percentages stored as numbers
with a percentage format. "Jugadores" and "Mazos" use exactly the import layouts
(see ``tourney.sheets.imports``), so an exported workbook can be imported back.
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..collation import spanish_key
from ..dates import XLSX_DATE, XLSX_DATETIME
from ..document_values import EventDocuments
from ..localtime import to_local
from .adjudications import add_adjudications_sheet
from .layout import (
    DECKS_HEADERS,
    DECKS_SHEET,
    PLAYERS_HEADERS,
    PLAYERS_SHEET,
    SECTION_CASTLE,
    SECTION_SUPPORT,
)

HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="303030")
PERCENT = "0.00%"
DATETIME = XLSX_DATETIME  # tourney.dates: dd-mm-aaaa everywhere
DATE = XLSX_DATE


def _cut_rows(docs: EventDocuments) -> list[list[Any]]:
    """«Corte final: Top 8» and, once the final has a result, «Campeón» (the Evento sheet)."""
    if docs.bracket is None or not docs.bracket.size:
        return []
    rows: list[list[Any]] = [["Corte final", f"Top {docs.bracket.size}"]]
    first = docs.final_standings[0] if docs.final_standings else None
    if first is not None and first.stage == "Campeón":
        rows.append(["Campeón", first.player])
    return rows


def build_workbook(docs: EventDocuments) -> bytes:
    wb = Workbook()
    info = wb.active
    info.title = "Evento"
    ev = docs.event
    rows: list[list[Any]] = [
        ["Evento", ev.name], ["Fecha", ev.date], ["Formato", ev.format_name],
        ["Lugar", ev.location], ["Organizador", ev.organizer], ["Jugadores", len(docs.players)],
        ["Rondas", len(docs.rounds)], ["Tamaño de página", ev.page_size],
    ]
    _table(info, ["Campo", "Valor"], rows + _cut_rows(docs), formats={2: DATE})

    _table(wb.create_sheet(PLAYERS_SHEET), list(PLAYERS_HEADERS), [
        [p.name, p.player_id or None, p.byes or None, "sí" if p.dropped else None]
        for p in docs.players
    ])

    deck_rows: list[list[Any]] = []
    for deck in sorted(docs.decks, key=lambda d: (spanish_key(d.player_name), d.player_id)):
        who = deck.player_id or deck.player_name
        castle = [ln for _heading, group in deck.castle_groups() for ln in group]
        support = sorted(deck.support, key=lambda ln: spanish_key(ln.name))
        main_label, side_label = ((SECTION_CASTLE, SECTION_SUPPORT) if docs.event.grouped_by_type
                                  else (docs.event.main_name, docs.event.side_name))
        for section, lines in ((main_label, castle), (side_label, support)):
            for ln in lines:
                deck_rows.append([who, section, ln.qty, ln.name, ln.code or None, ln.type or None,
                                  ln.race or None, "sí" if ln.initial_gold else None])
    _table(wb.create_sheet(DECKS_SHEET), list(DECKS_HEADERS), deck_rows)

    for rnd in docs.rounds:
        rows = []
        for p in sorted(rnd.pairings, key=lambda p: (p.is_bye, p.table)):
            rows.append([None if p.is_bye else p.table, p.player, p.player_id or None, p.player_points,
                         "BYE" if p.is_bye else p.opponent, p.opponent_id or None, p.opponent_points,
                         "BYE" if p.is_bye else (p.result or "pendiente")])
        _table(wb.create_sheet(f"Ronda {rnd.number}"), [
            "Mesa", "Jugador", "ID jugador", "Puntos", "Oponente", "ID oponente", "Puntos oponente",
            "Resultado (J-O-E)",
        ], rows)

    _table(wb.create_sheet("Clasificación"), [
        "Puesto", "Jugador", "ID", "Puntos", "Récord (G-P-E)", "OMW%", "GW%", "OGW%", "Retirado",
    ], [
        [s.rank, s.player, s.player_id or None, s.points, s.record, s.omw, s.gw, s.ogw,
         "sí" if s.dropped else None]
        for s in docs.standings
    ], formats={6: PERCENT, 7: PERCENT, 8: PERCENT})

    if docs.bracket is not None and docs.bracket.rounds:
        rows = []
        for r, matches in enumerate(docs.bracket.rounds, start=1):
            for m in matches:
                rows.append([r, m.seed_a, m.a, m.seed_b, m.b or ("BYE" if r == 1 else None), m.winner])
        _table(wb.create_sheet("Corte final"), [
            "Ronda del corte", "Semilla A", "Jugador A", "Semilla B", "Jugador B", "Ganador",
        ], rows)

    if docs.final_standings:  # the cut first (how far each went), then the Swiss
        _table(wb.create_sheet("Clasificación final"), [
            "Puesto", "Jugador", "ID", "Corte final", "Puesto en el suizo", "Puntos",
            "Récord (G-P-E)", "Retirado",
        ], [
            [f.place, f.player, f.player_id or None, None if f.stage == "Suizo" else f.stage,
             f.swiss_rank, f.points, f.record, "sí" if f.dropped else None]
            for f in docs.final_standings
        ])

    if docs.leagues:  # the event counts in a league (issue 25): that league's standings
        _table(wb.create_sheet("Liga"), [
            "Liga", "Puesto", "Jugador", "Puntos", "Eventos", "Mejor puesto", "Eventos ganados",
            "Récord (G-P-E)", "% partidas", "% juegos",
        ], [
            [r.league, r.rank, r.player, r.points, r.events, r.best_place, r.event_wins, r.record,
             r.match_win_rate, r.game_win_rate]
            for r in docs.leagues
        ], formats={9: PERCENT, 10: PERCENT})

    _table(wb.create_sheet("Cambios de Soporte"), [
        "Ronda", "Mesa", "Jugador", "ID", "Juego", "Cantidad", "Sale (Castillo)", "Entra (Soporte)",
        "Registrado", "Segundos", "Fuera de tiempo",
    ], [
        [s.round, s.table, s.player, s.player_id or None, s.game, s.qty, s.card_out, s.card_in,
         s.entered_at, s.seconds_taken, "sí" if s.late else None]
        for s in docs.swaps
    ], formats={9: DATETIME})
    if docs.adjudications:  # adjudicated games (issue 12), when there are any
        add_adjudications_sheet(wb, docs.adjudications, _table)

    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _cell_value(value: Any) -> Any:
    """Excel has no time zones: aware datetimes are written in the venue's local time
    (tourney.localtime). Control characters (which XLSX cannot hold) are dropped from text."""
    if isinstance(value, datetime) and value.tzinfo is not None:
        return to_local(value)
    if isinstance(value, str):
        return ILLEGAL_CHARACTERS_RE.sub("", value)
    return value


def _table(ws: Worksheet, headers: Sequence[str], rows: Sequence[Sequence[Any]],
           formats: dict[int, str] | None = None) -> None:
    """Header row styled, panes frozen below it, autofilter, widths from the content."""
    formats = formats or {}
    ws.append(list(headers))
    for cell in ws[1]:
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(vertical="center", wrap_text=False)
    widths = [len(str(h)) for h in headers]
    for row in rows:
        ws.append([_cell_value(v) for v in row])
        for cell in ws[ws.max_row]:
            # text is never a formula: a name like "=HYPERLINK(…)" stays text (formula injection)
            if cell.data_type == "f":
                cell.data_type = "s"
        for i, value in enumerate(row):
            if value is not None:
                widths[i] = max(widths[i], len(_shown(value, formats.get(i + 1))))
    if formats and rows:
        for col, fmt in formats.items():
            for (cell,) in ws.iter_rows(min_row=2, max_row=len(rows) + 1, min_col=col, max_col=col):
                # a date format only on dates: «Jugadores 17» in the Evento sheet stays a number
                if fmt in (DATE, DATETIME) and not isinstance(cell.value, (date, datetime)):
                    continue
                cell.number_format = fmt
    for i, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = min(60, max(8, w + 2))
    ws.freeze_panes = "A2"
    if rows:
        ws.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{len(rows) + 1}"


def _shown(value: Any, fmt: str | None) -> str:
    if fmt == PERCENT:
        return "100.00%"
    if fmt in (DATETIME, DATE):
        return "00-00-0000 00:00" if fmt == DATETIME else "00-00-0000"
    return str(value)
