"""A league's standings across its events: each player's points from their final placement in
every event (tourney.meta.points), then the league's tiebreakers in order. Pure.

A player is one ``key`` across events (the service decides: an account, else the ID the
organizer entered, else the name). Match and game win % are over every match of the league's
events (a bye is not a match here); ``rating`` is a conservative rating (higher is better).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .points import PointsTable


@dataclass(frozen=True)
class Placement:
    """One player's finish in one event."""

    key: str
    name: str
    place: int
    wins: int = 0
    losses: int = 0
    draws: int = 0
    games_won: int = 0
    games_lost: int = 0
    games_drawn: int = 0


@dataclass(frozen=True)
class EventResult:
    event_id: int
    name: str
    placements: tuple[Placement, ...]


@dataclass(frozen=True)
class EventScore:
    event_id: int
    event: str
    place: int
    points: int
    counted: bool  # False: outside the player's «mejores» N events


@dataclass
class LeagueRow:
    key: str
    name: str
    points: int = 0
    rank: int = 0
    events: list[EventScore] = field(default_factory=list)
    wins: int = 0
    losses: int = 0
    draws: int = 0
    games_won: int = 0
    games_lost: int = 0
    games_drawn: int = 0
    rating: float | None = None

    @property
    def best_place(self) -> int | None:
        return min((e.place for e in self.events), default=None)

    @property
    def event_wins(self) -> int:
        return sum(1 for e in self.events if e.place == 1)

    @property
    def match_win_rate(self) -> float:
        n = self.wins + self.losses + self.draws
        return (self.wins + self.draws / 2) / n if n else 0.0

    @property
    def game_win_rate(self) -> float:
        n = self.games_won + self.games_lost + self.games_drawn
        return (self.games_won + self.games_drawn / 2) / n if n else 0.0

    @property
    def record(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"

    def tiebreak(self, name: str) -> float:
        """The value of one tiebreaker, larger is better."""
        if name == "mejor_puesto":
            return -(self.best_place or 10**9)
        if name == "eventos_ganados":
            return self.event_wins
        if name == "porcentaje_partidas":
            return self.match_win_rate
        if name == "porcentaje_juegos":
            return self.game_win_rate
        if name == "rating":
            return self.rating if self.rating is not None else float("-inf")
        if name == "eventos_jugados":
            return len(self.events)
        raise ValueError(f"desempate desconocido {name!r}")

    def to_dict(self, tiebreakers: Iterable[str] = ()) -> dict:
        return {"rank": self.rank, "player": self.name, "key": self.key, "points": self.points,
                "events_played": len(self.events), "best_place": self.best_place,
                "event_wins": self.event_wins, "record": self.record,
                "match_win_rate": round(self.match_win_rate, 4),
                "game_win_rate": round(self.game_win_rate, 4),
                "rating": None if self.rating is None else round(self.rating, 2),
                "tiebreakers": {t: round(self.tiebreak(t), 4) for t in tiebreakers},
                "events": [{"event_id": e.event_id, "event": e.event, "place": e.place,
                            "points": e.points, "counted": e.counted} for e in self.events]}


def league_standings(events: Iterable[EventResult], table: PointsTable,
                     ratings: Mapping[str, float] | Callable[[], Mapping[str, float]] | None = None,
                     ) -> list[LeagueRow]:
    """Rows ordered by points then the table's tiebreakers; equal on all of them share a rank
    (shown in name order). ``ratings`` may be a function: it is called only when the «rating»
    tiebreaker has to decide between two players (ratings over many events cost time)."""
    rows: dict[str, LeagueRow] = {}
    for ev in events:
        for p in ev.placements:
            row = rows.setdefault(p.key, LeagueRow(p.key, p.name))
            row.name = p.name  # the latest name the player used
            row.events.append(EventScore(ev.event_id, ev.name, p.place, table.for_place(p.place),
                                         True))
            row.wins += p.wins
            row.losses += p.losses
            row.draws += p.draws
            row.games_won += p.games_won
            row.games_lost += p.games_lost
            row.games_drawn += p.games_drawn
    for row in rows.values():
        if table.best_of is not None and len(row.events) > table.best_of:
            best = sorted(range(len(row.events)), key=lambda i: (-row.events[i].points, i))
            keep = set(best[:table.best_of])
            row.events = [EventScore(e.event_id, e.event, e.place, e.points, i in keep)
                          for i, e in enumerate(row.events)]
        row.points = sum(e.points for e in row.events if e.counted)
    if ratings is not None and not callable(ratings):
        _set_ratings(rows.values(), ratings)

    def key(row: LeagueRow) -> tuple:
        return (-row.points, *(-row.tiebreak(t) for t in table.tiebreakers))

    if callable(ratings) and "rating" in table.tiebreakers:
        before = table.tiebreakers[:table.tiebreakers.index("rating")]
        seen: set[tuple] = set()
        for row in rows.values():
            k = (-row.points, *(-row.tiebreak(t) for t in before))
            if k in seen:  # a tie the rating decides: read the ratings
                _set_ratings(rows.values(), ratings())
                break
            seen.add(k)

    ordered = sorted(rows.values(), key=lambda r: (key(r), r.name.casefold(), r.key))
    previous: tuple | None = None
    for i, row in enumerate(ordered, start=1):
        k = key(row)
        row.rank = ordered[i - 2].rank if previous == k else i
        previous = k
    return ordered


def _set_ratings(rows: Iterable[LeagueRow], ratings: Mapping[str, float]) -> None:
    for row in rows:
        row.rating = ratings.get(row.key)
