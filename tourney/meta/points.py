"""A league's points table: TOML the organizer chooses (default: formats/_league_points.toml,
docs/leagues.md). Checked whole; each problem names its line.

    participacion = 1                       # any placement the table does not name (0 if absent)
    desempates = ["mejor_puesto", ...]      # the league's tiebreakers, in order (TIEBREAKERS)
    mejores = 5                             # optional: only each player's 5 best events count
    [puntos]
    1 = 10                                  # placement (1, 2, 3… with no gap) = points (≥ 0)
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

from .errors import MetaError

MAX_TABLE_BYTES = 16 * 1024
MAX_PLACEMENT = 1024
TIEBREAKERS = {
    "mejor_puesto": "Mejor puesto",
    "eventos_ganados": "Eventos ganados",
    "porcentaje_partidas": "% de partidas ganadas",
    "porcentaje_juegos": "% de juegos ganados",
    "rating": "Rating",
    "eventos_jugados": "Eventos jugados",
}
TOP_KEYS = ("participacion", "desempates", "mejores", "puntos")
SOURCE = "tabla de puntos"


@dataclass(frozen=True)
class PointsTable:
    points: tuple[int, ...]          # points[i] for placement i + 1
    participation: int = 0
    tiebreakers: tuple[str, ...] = ("mejor_puesto", "porcentaje_partidas", "porcentaje_juegos")
    best_of: int | None = None

    def for_place(self, place: int) -> int:
        return self.points[place - 1] if 1 <= place <= len(self.points) else self.participation


def _line_of(text: str, key: str, table: str | None) -> int | None:
    """The line where ``key`` is set (inside ``[table]``, or at the top level when None)."""
    current: str | None = None
    pattern = re.compile(r'^\s*(?:"%s"|\'%s\'|%s)\s*=' % ((re.escape(key),) * 3))
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        header = re.match(r"^\[\s*([^\]]+?)\s*\]", line)
        if header:
            current = header.group(1).strip().strip('"')
            if table is not None and current == table and key == "":
                return number
            continue
        if current == table and pattern.match(raw):
            return number
    return None


def parse_points(text: str) -> PointsTable:
    """The table, or MetaError naming the line of the first problem found (every key checked)."""
    if len(text.encode("utf-8")) > MAX_TABLE_BYTES:
        raise MetaError(f"la tabla tiene más de {MAX_TABLE_BYTES // 1024} KB", source=SOURCE)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        raise MetaError(f"TOML inválido ({exc})", line=int(found.group(1)) if found else None,
                        source=SOURCE) from None

    def fail(message: str, key: str, table: str | None = None) -> MetaError:
        return MetaError(message, line=_line_of(text, key, table), source=SOURCE)

    for key in data:
        if key not in TOP_KEYS:
            raise fail(f"clave desconocida «{key}»; claves: {', '.join(TOP_KEYS)}", key)
    table = data.get("puntos")
    if not isinstance(table, dict) or not table:
        raise MetaError("falta la tabla [puntos] con al menos el puesto 1", source=SOURCE,
                        line=_line_of(text, "puntos", None))
    points: dict[int, int] = {}
    for key, value in table.items():
        if not re.fullmatch(r"[1-9][0-9]*", key) or int(key) > MAX_PLACEMENT:
            raise fail(f"«{key}» no es un puesto: los puestos son números enteros de 1 a "
                       f"{MAX_PLACEMENT}", key, "puntos")
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(f"el puesto {key} debe valer un número entero de puntos", key, "puntos")
        if value < 0:
            raise fail(f"el puesto {key} tiene puntos negativos ({value})", key, "puntos")
        points[int(key)] = value
    for place in range(1, max(points) + 1):
        if place not in points:
            after = min(p for p in points if p > place)
            raise fail(f"falta el puesto {place}: los puestos van seguidos desde el 1 (hay un "
                       f"salto antes del {after})", str(after), "puntos")
    participation = data.get("participacion", 0)
    if isinstance(participation, bool) or not isinstance(participation, int) or participation < 0:
        raise fail("«participacion» debe ser un número entero de puntos, 0 o más", "participacion")
    tiebreakers = data.get("desempates", list(PointsTable.tiebreakers))
    if not isinstance(tiebreakers, list) or not all(isinstance(t, str) for t in tiebreakers):
        raise fail("«desempates» debe ser una lista de nombres", "desempates")
    for name in tiebreakers:
        if name not in TIEBREAKERS:
            raise fail(f"desempate desconocido «{name}»; desempates: {', '.join(TIEBREAKERS)}",
                       "desempates")
    if len(set(tiebreakers)) != len(tiebreakers):
        raise fail("«desempates» repite un desempate", "desempates")
    best_of = data.get("mejores")
    if best_of is not None and (isinstance(best_of, bool) or not isinstance(best_of, int)
                                or best_of < 1):
        raise fail("«mejores» debe ser un número entero de eventos, 1 o más", "mejores")
    return PointsTable(tuple(points[p] for p in range(1, max(points) + 1)), participation,
                       tuple(tiebreakers), best_of)
