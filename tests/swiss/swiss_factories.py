"""Small builders for Swiss tests (hand-written states, no real data)."""
from __future__ import annotations

from tourney.swiss import Match, Player, Settings, TournamentState


def players(*ids: str, dropped: tuple[str, ...] = (), late: dict[str, int] | None = None,
            byes: dict[str, int] | None = None):
    late = late or {}
    byes = byes or {}
    return [Player(i, i.upper(), i in dropped, late.get(i, 0), byes.get(i, 0)) for i in ids]


def state(ids, rounds=(), dropped=(), forbidden=(), settings=None, late=None, byes=None):
    """rounds: list of lists of (a, b, result) with b None for a bye."""
    return TournamentState(
        players(*ids, dropped=tuple(dropped), late=late, byes=byes),
        [[Match(a, b, r) for a, b, r in rnd] for rnd in rounds],
        settings or Settings(), forbidden)


def by_id(table):
    return {s.id: s for s in table}


RESULT = {"W": "2-0-0", "L": "0-2-0", "D": "1-1-0"}


def record_state(pattern: str):
    """Player "x" plays a fresh opponent each round: W win, L loss, D draw, B bye."""
    ids = ["x"] + [f"o{i}" for i in range(1, len(pattern) + 1)]
    rounds = []
    for i, ch in enumerate(pattern, 1):
        rounds.append([("x", None, None)] if ch == "B" else [("x", f"o{i}", RESULT[ch])])
    return state(ids, rounds)
