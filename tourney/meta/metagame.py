"""An event's metagame from plain values: each archetype's share, its conversion to the top cut,
its match win rate without mirrors, and the archetype × archetype matchup matrix with a 95 %
Wilson score interval (small samples look small). Pure.

A match counts once it is finished (a result; byes never count). A won match is 1, a drawn
match ½, a lost one 0: win % = (won + ½ drawn) / matches, from the row archetype's side.
Mirror matches (same archetype on both sides) appear on the diagonal of the matrix and never in
an archetype's win rate.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0..1); (0, 1) when there is no sample."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class PlayedMatch:
    """A finished match between two players (ids), games won by each and drawn games."""

    a: str
    b: str
    a_games: int
    b_games: int
    draws: int = 0

    @property
    def winner(self) -> str | None:
        if self.a_games > self.b_games:
            return self.a
        if self.b_games > self.a_games:
            return self.b
        return None


@dataclass
class Record:
    """Matches and games from one side: won, lost, drawn."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    games_won: int = 0
    games_lost: int = 0
    games_drawn: int = 0

    @property
    def matches(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2

    @property
    def win_rate(self) -> float | None:
        return self.score / self.matches if self.matches else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.score, self.matches)

    @property
    def games(self) -> int:
        return self.games_won + self.games_lost + self.games_drawn

    def add(self, mine: int, theirs: int, drawn: int) -> None:
        if mine > theirs:
            self.wins += 1
        elif theirs > mine:
            self.losses += 1
        else:
            self.draws += 1
        self.games_won += mine
        self.games_lost += theirs
        self.games_drawn += drawn

    def to_dict(self) -> dict:
        low, high = self.interval
        rate = self.win_rate
        return {"matches": self.matches, "wins": self.wins, "losses": self.losses,
                "draws": self.draws, "games": self.games, "games_won": self.games_won,
                "games_lost": self.games_lost, "games_drawn": self.games_drawn,
                "win_rate": None if rate is None else round(rate, 4),
                "ci_low": round(low, 4), "ci_high": round(high, 4)}


@dataclass
class ArchetypeRow:
    name: str
    players: int
    share: float
    top_cut: int                      # players of this archetype in the top cut
    conversion: float | None          # top_cut / players (None: the event has no cut yet)
    record: Record = field(default_factory=Record)   # without mirrors
    mirrors: int = 0                  # mirror matches played (not in the record)

    def to_dict(self) -> dict:
        return {"archetype": self.name, "players": self.players, "share": round(self.share, 4),
                "top_cut": self.top_cut,
                "conversion": None if self.conversion is None else round(self.conversion, 4),
                "mirrors": self.mirrors, **self.record.to_dict()}


@dataclass
class Metagame:
    players: int
    rows: list[ArchetypeRow]
    matrix: dict[tuple[str, str], Record]   # (row, column) → record from the row's side
    matches: int                            # finished matches counted
    has_cut: bool

    @property
    def names(self) -> list[str]:
        return [r.name for r in self.rows]

    def cell(self, row: str, column: str) -> Record:
        return self.matrix.get((row, column)) or Record()

    def to_dict(self) -> dict:
        return {"players": self.players, "matches": self.matches, "has_cut": self.has_cut,
                "archetypes": [r.to_dict() for r in self.rows],
                "matrix": [{"archetype": x, "opponent": y, **self.cell(x, y).to_dict()}
                           for x in self.names for y in self.names if self.cell(x, y).matches]}


def metagame(archetypes: Mapping[str, str], matches: Iterable[PlayedMatch],
             top_cut: Iterable[str] | None = None) -> Metagame:
    """``archetypes``: player id → archetype of every player counted (its share); ``matches``:
    the event's finished matches (a player missing from ``archetypes`` is skipped);
    ``top_cut``: the players who made the top cut, or None when the event has none (yet)."""
    counts: dict[str, int] = {}
    for name in archetypes.values():
        counts[name] = counts.get(name, 0) + 1
    total = len(archetypes)
    cut = set(top_cut) if top_cut is not None else None
    cut_counts: dict[str, int] = {}
    for pid in cut or ():
        if pid in archetypes:
            cut_counts[archetypes[pid]] = cut_counts.get(archetypes[pid], 0) + 1
    order = sorted(counts, key=lambda n: (-counts[n], n.casefold()))
    rows = {n: ArchetypeRow(n, counts[n], counts[n] / total if total else 0.0, cut_counts.get(n, 0),
                            (cut_counts.get(n, 0) / counts[n]) if cut is not None else None)
            for n in order}
    matrix: dict[tuple[str, str], Record] = {}
    played = 0
    for m in matches:
        x, y = archetypes.get(m.a), archetypes.get(m.b)
        if x is None or y is None:
            continue
        played += 1
        matrix.setdefault((x, y), Record()).add(m.a_games, m.b_games, m.draws)
        if x == y:
            rows[x].mirrors += 1
            continue
        matrix.setdefault((y, x), Record()).add(m.b_games, m.a_games, m.draws)
        rows[x].record.add(m.a_games, m.b_games, m.draws)
        rows[y].record.add(m.b_games, m.a_games, m.draws)
    return Metagame(total, [rows[n] for n in order], matrix, played, cut is not None)


def merge_metagames(parts: Iterable[Metagame]) -> Metagame:
    """The metagame of several events (a league's season): shares over every list, records and
    cells added up; conversion over the events that had a cut."""
    players = 0
    counts: dict[str, int] = {}
    cut_players: dict[str, int] = {}
    cut_of: dict[str, int] = {}
    matrix: dict[tuple[str, str], Record] = {}
    records: dict[str, Record] = {}
    mirrors: dict[str, int] = {}
    matches = 0
    any_cut = False
    for part in parts:
        players += part.players
        matches += part.matches
        any_cut = any_cut or part.has_cut
        for r in part.rows:
            counts[r.name] = counts.get(r.name, 0) + r.players
            mirrors[r.name] = mirrors.get(r.name, 0) + r.mirrors
            _add_record(records.setdefault(r.name, Record()), r.record)
            if part.has_cut:
                cut_players[r.name] = cut_players.get(r.name, 0) + r.players
                cut_of[r.name] = cut_of.get(r.name, 0) + r.top_cut
        for key, rec in part.matrix.items():
            _add_record(matrix.setdefault(key, Record()), rec)
    order = sorted(counts, key=lambda n: (-counts[n], n.casefold()))
    rows = [ArchetypeRow(n, counts[n], counts[n] / players if players else 0.0, cut_of.get(n, 0),
                         (cut_of.get(n, 0) / cut_players[n]) if cut_players.get(n) else None,
                         records[n], mirrors[n]) for n in order]
    return Metagame(players, rows, matrix, matches, any_cut)


def _add_record(into: Record, other: Record) -> None:
    into.wins += other.wins
    into.losses += other.losses
    into.draws += other.draws
    into.games_won += other.games_won
    into.games_lost += other.games_lost
    into.games_drawn += other.games_drawn
