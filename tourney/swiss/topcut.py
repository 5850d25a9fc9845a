"""Recommended Swiss rounds (MTR Appendix E) and the single-elimination top cut."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import SwissUserError
from .model import Match
from .results import parse_result
from .standings import Standing


@dataclass(frozen=True, slots=True)
class RoundsPlan:
    rounds: int
    top_cut: int  # 0 = no playoff


# (largest player count, Swiss rounds, top cut) — MTR Appendix E, constructed events
_APPENDIX_E = ((8, 3, 0), (16, 5, 4), (32, 5, 8), (64, 6, 8), (128, 7, 8), (226, 8, 8),
               (409, 9, 8))


def recommended_rounds(players: int) -> RoundsPlan:
    """Swiss rounds and playoff size for a player count (MTR Appendix E).

    Below 5 players (outside the table) we use ceil(log2(n)) rounds and no cut."""
    if players < 2:
        raise SwissUserError(f"se necesitan al menos 2 jugadores, no {players}")
    if players < 5:
        return RoundsPlan(math.ceil(math.log2(players)), 0)
    for limit, rounds, cut in _APPENDIX_E:
        if players <= limit:
            return RoundsPlan(rounds, cut)
    return RoundsPlan(10, 8)


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order: 8 -> [1, 8, 4, 5, 2, 7, 3, 6] (1v8, 4v5, 2v7, 3v6)."""
    if size not in (2, 4, 8, 16):
        raise SwissUserError(f"el corte debe ser de 2, 4, 8 o 16 jugadores, no {size}")
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [x for s in order for x in (s, n - s)]
    return order


def top_cut_pairings(table: Sequence[Standing] | Sequence[str], size: int) -> list[Match]:
    """The first playoff round, seeded from the standings (or ids in rank order), in
    bracket order: the winners of consecutive matches meet next. Dropped players are
    skipped (the next in the standings takes the seed)."""
    eligible = [s for s in table if isinstance(s, str) or not s.dropped]
    ids = [s if isinstance(s, str) else s.id for s in eligible]
    order = bracket_order(size)
    if len(ids) < size:
        raise SwissUserError(f"no hay {size} jugadores activos para el corte (hay {len(ids)})")
    seeds = ids[:size]
    return [Match(seeds[order[i] - 1], seeds[order[i + 1] - 1]) for i in range(0, size, 2)]


def match_winner(match: Match, where: str = "") -> str:
    """The winner of a playoff match; a playoff has no draws."""
    prefix = f"{where}: " if where else ""
    if match.b is None:
        return match.a
    if match.result is None:
        raise SwissUserError(f"{prefix}falta el resultado de «{match.a}» contra «{match.b}»")
    try:
        r = parse_result(match.result)
    except SwissUserError as exc:
        raise SwissUserError(f"{prefix}{exc}") from None
    w = r.winner()
    if w is None:
        raise SwissUserError(f"{prefix}en eliminación directa no hay empate: «{match.result}» "
                             "(se juega hasta que alguien gane)")
    return match.a if w == "a" else match.b


def next_top_cut_round(matches: Sequence[Match]) -> list[Match]:
    """The next playoff round from the finished one: winners of matches 1-2, 3-4, …
    meet, in bracket order. A final (one match) returns [] — see ``champion``."""
    if len(matches) <= 1:
        return []
    if len(matches) % 2:
        raise SwissUserError("una ronda de eliminación directa tiene un número par de mesas")
    winners = [match_winner(m, f"mesa {i}") for i, m in enumerate(matches, 1)]
    return [Match(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def champion(final: Sequence[Match]) -> str:
    if len(final) != 1:
        raise SwissUserError("la final es una sola mesa")
    return match_winner(final[0], "final")


# -- the finished (or running) cut: who went how far ----------------------------------------------

# Name of a cut round by its number of tables (what the bracket, the pairings and the slips say).
_ROUND_BY_TABLES = {1: "Final", 2: "Semifinales", 4: "Cuartos de final", 8: "Octavos de final"}


def round_name(tables: int) -> str:
    """«Final», «Semifinales», «Cuartos de final», «Octavos de final»; else «Ronda de 2N»."""
    return _ROUND_BY_TABLES.get(tables, f"Ronda de {2 * tables}")


# Label of the place a player reached, by the number of tables of the round they lost in.
_STAGE_BY_TABLES = {1: "Finalista", 2: "Semifinal", 4: "Cuartos de final", 8: "Octavos de final"}
CHAMPION = "Campeón"
STILL_PLAYING = "En juego"
SWISS_ONLY = "Suizo"


@dataclass(frozen=True, slots=True)
class CutSlot:
    """One table of the bracket: a and b (None: not known yet), the result and the winner
    (None while unplayed)."""

    a: str | None
    b: str | None
    result: str | None = None
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class FinalPlace:
    """One line of the final standings: ``place`` 1.., ``stage`` how far the player went
    («Campeón», «Finalista», «Semifinal», «Cuartos de final», «En juego» or «Suizo»)."""

    place: int
    id: str
    stage: str


def _decided(match: Match) -> str | None:
    """The winner of a playoff match, or None while it has no (decisive) result."""
    if match.b is None:
        return match.a
    if match.result is None:
        return None
    try:
        w = parse_result(match.result).winner()
    except SwissUserError:
        return None
    return None if w is None else (match.a if w == "a" else match.b)


def cut_bracket(size: int, played: Sequence[Sequence[Match]]) -> list[list[CutSlot]]:
    """The whole bracket of a Top ``size``: every round as a column (first round … final),
    filled with the rounds played so far (``played[0]`` is the first cut round, in bracket
    order), winners carried forward into the next round's slots; later slots None."""
    bracket_order(size)  # validates the size
    if not played:
        raise SwissUserError("el corte todavía no tiene mesas")
    columns: list[list[CutSlot]] = []
    tables = size // 2
    previous: list[CutSlot] | None = None
    r = 0
    while tables >= 1:
        if r < len(played):
            matches = played[r]
            if len(matches) != tables:
                raise SwissUserError(f"la ronda {r + 1} del corte debería tener {tables} mesas, "
                                     f"tiene {len(matches)}")
            column = [CutSlot(m.a, m.b, m.result, _decided(m)) for m in matches]
        else:
            carried = [s.winner for s in previous] if previous else [None] * (2 * tables)
            column = [CutSlot(carried[2 * i], carried[2 * i + 1]) for i in range(tables)]
        columns.append(column)
        previous = column
        tables //= 2
        r += 1
    return columns


def cut_champion(size: int, played: Sequence[Sequence[Match]]) -> str | None:
    """The champion once the final has a result (None before)."""
    if not played:
        return None
    return cut_bracket(size, played)[-1][0].winner


def final_standings(swiss_order: Sequence[str], size: int,
                    played: Sequence[Sequence[Match]]) -> list[FinalPlace]:
    """Final standings: the cut first, by how far each player went (champion, finalist,
    semifinal losers, …; players eliminated in the same round keep their Swiss order),
    then everyone else in Swiss order. With no cut played, the Swiss order alone."""
    if not played:
        return [FinalPlace(i, pid, SWISS_ONLY) for i, pid in enumerate(swiss_order, 1)]
    columns = cut_bracket(size, played)
    swiss_rank = {pid: i for i, pid in enumerate(swiss_order)}
    depth: dict[str, tuple[float, str]] = {}
    for r, column in enumerate(columns):
        for slot in column:
            for pid in (slot.a, slot.b):
                if pid is None:
                    continue
                if slot.winner is None:
                    depth[pid] = (r + 0.5, STILL_PLAYING)
                elif pid != slot.winner:
                    depth[pid] = (r, _STAGE_BY_TABLES.get(len(column), f"Ronda {r + 1} del corte"))
    champ = columns[-1][0].winner
    if champ is not None:
        depth[champ] = (len(columns), CHAMPION)
    in_cut = sorted(depth, key=lambda p: (-depth[p][0], swiss_rank.get(p, len(swiss_rank)), p))
    rest = [p for p in swiss_order if p not in depth]
    return ([FinalPlace(i, p, depth[p][1]) for i, p in enumerate(in_cut, 1)]
            + [FinalPlace(i, p, SWISS_ONLY) for i, p in enumerate(rest, len(in_cut) + 1)])
