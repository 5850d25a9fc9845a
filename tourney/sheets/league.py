"""The league workbook (XLSX): the league, its standings, its events, the season's metagame
(events with published lists only) and the ratings of its players."""
from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from ..dates import XLSX_DATE
from .export import HEADER_FILL, HEADER_FONT, PERCENT


def _sheet(ws: Worksheet, headers: Sequence[str], rows: Sequence[Sequence[Any]],
           percent: Sequence[int] = (), dates: Sequence[int] = ()) -> None:
    ws.append(list(headers))
    for cell in ws[1]:
        cell.font, cell.fill = HEADER_FONT, HEADER_FILL
    widths = [len(h) for h in headers]
    for row in rows:
        ws.append([ILLEGAL_CHARACTERS_RE.sub("", v) if isinstance(v, str) else v for v in row])
        for cell in ws[ws.max_row]:
            if cell.data_type == "f":  # a name is never a formula
                cell.data_type = "s"
            if cell.column in percent and isinstance(cell.value, (int, float)):
                cell.number_format = PERCENT
            if cell.column in dates and isinstance(cell.value, date):
                cell.number_format = XLSX_DATE
        for i, v in enumerate(row):
            widths[i] = max(widths[i], len(str(v)) if v is not None else 0)
    for i, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(i)].width = min(50, max(8, w + 2))
    ws.freeze_panes = "A2"


def _date(value: Any) -> Any:
    """An event's date of the league's dict (ISO text, the --json shape) as a date cell."""
    try:
        return date.fromisoformat(value) if isinstance(value, str) else value
    except ValueError:
        return value


def build_league_workbook(info: Sequence[tuple[str, Any]], standings: Sequence[dict],
                          events: Sequence[dict], meta: dict | None,
                          ratings: Sequence[dict]) -> bytes:
    """Plain values in (``LeagueRow.to_dict()``, ``Metagame.to_dict()``…), XLSX bytes out."""
    wb = Workbook()
    first = wb.active
    first.title = "Liga"
    _sheet(first, ["Campo", "Valor"], [list(kv) for kv in info])
    _sheet(wb.create_sheet("Clasificación de liga"), [
        "Puesto", "Jugador", "Puntos", "Eventos", "Mejor puesto", "Eventos ganados",
        "Récord (G-P-E)", "% partidas", "% juegos", "Rating"],
        [[r["rank"], r["player"], r["points"], r["events_played"], r["best_place"],
          r["event_wins"], r["record"], r["match_win_rate"], r["game_win_rate"], r["rating"]]
         for r in standings], percent=(8, 9))
    per_event = [[r["player"], e["event"], e["place"], e["points"], "sí" if e["counted"] else "no"]
                 for r in standings for e in r["events"]]
    _sheet(wb.create_sheet("Puntos por evento"),
           ["Jugador", "Evento", "Puesto", "Puntos", "Cuenta"], per_event)
    _sheet(wb.create_sheet("Eventos"), ["Evento", "Fecha", "Jugadores", "Estado"],
           [[e["name"], _date(e["date"]), e["players"], e["state"]] for e in events], dates=(2,))
    if meta is not None:
        _sheet(wb.create_sheet("Metagama"), [
            "Arquetipo", "Jugadores", "%", "Corte", "Conversión", "Partidas", "Ganadas", "Perdidas",
            "Empatadas", "% victorias", "IC95 bajo", "IC95 alto", "Espejos"],
            [[a["archetype"], a["players"], a["share"], a["top_cut"], a["conversion"], a["matches"],
              a["wins"], a["losses"], a["draws"], a["win_rate"], a["ci_low"], a["ci_high"],
              a["mirrors"]] for a in meta["archetypes"]], percent=(3, 5, 10, 11, 12))
        _sheet(wb.create_sheet("Enfrentamientos"), [
            "Arquetipo", "Contra", "Partidas", "Ganadas", "Perdidas", "Empatadas", "Juegos",
            "% victorias", "IC95 bajo", "IC95 alto"],
            [[c["archetype"], c["opponent"], c["matches"], c["wins"], c["losses"], c["draws"],
              c["games"], c["win_rate"], c["ci_low"], c["ci_high"]] for c in meta["matrix"]],
            percent=(8, 9, 10))
    _sheet(wb.create_sheet("Ratings"), ["Jugador", "Rating", "μ", "σ", "Partidas"],
           [[r["player"], r["rating"], r["mu"], r["sigma"], r["matches"]] for r in ratings])
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()
