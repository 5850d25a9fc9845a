"""Recommended Swiss rounds (MTR Appendix E) and the single-elimination top cut."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .model import Match, SwissUserError, parse_result
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
