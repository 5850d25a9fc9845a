"""Ratings per player per game with OpenSkill (the ``openskill`` library's Plackett-Luce model,
1 vs 1), updated match by match in the order they were played, with each update kept as history.
Pure: plain values in, plain values out; the same matches in the same order give the same numbers.

A won match ranks the winner first; a drawn match ranks both equal. Byes and unfinished matches
are not rated. ``ordinal`` (μ − 3σ) is the conservative number shown and used for ties and seeds.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

# OpenSkill's defaults (μ = 25, σ = 25/3), the same numbers PlackettLuce() starts from
MU = 25.0
SIGMA = 25.0 / 3


@cache
def _model() -> Any:
    from openskill.models import PlackettLuce  # imported on first use: pages without ratings

    return PlackettLuce(mu=MU, sigma=SIGMA)    # never need the library loaded


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    matches: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict:
        return {"mu": round(self.mu, 3), "sigma": round(self.sigma, 3),
                "rating": round(self.ordinal, 2), "matches": self.matches}


INITIAL = Rating(MU, SIGMA, 0)


@dataclass(frozen=True)
class RatedMatch:
    """A finished match to rate: ``ref`` says which (the service's match id), ``a_won`` is True,
    False, or None for a draw."""

    ref: int
    a: str
    b: str
    a_won: bool | None


@dataclass(frozen=True)
class RatingChange:
    ref: int
    player: str
    opponent: str
    outcome: str          # «G», «P» or «E» (ganó, perdió, empate)
    before: Rating
    after: Rating


def rate(matches: Iterable[RatedMatch],
         start: Mapping[str, Rating] | None = None) -> tuple[dict[str, Rating], list[RatingChange]]:
    """Ratings after every match (players not seen keep ``start`` or INITIAL) and the history."""
    model = _model()
    ratings: dict[str, Rating] = dict(start or {})
    history: list[RatingChange] = []
    for m in matches:
        if m.a == m.b:
            continue
        ra, rb = ratings.get(m.a, INITIAL), ratings.get(m.b, INITIAL)
        ranks: list[float] = [1.0, 1.0] if m.a_won is None else ([1.0, 2.0] if m.a_won else [2.0, 1.0])
        (new_a,), (new_b,) = model.rate(
            [[model.create_rating([ra.mu, ra.sigma])], [model.create_rating([rb.mu, rb.sigma])]],
            ranks=ranks)
        after_a = Rating(new_a.mu, new_a.sigma, ra.matches + 1)
        after_b = Rating(new_b.mu, new_b.sigma, rb.matches + 1)
        ratings[m.a], ratings[m.b] = after_a, after_b
        out_a, out_b = ("E", "E") if m.a_won is None else (("G", "P") if m.a_won else ("P", "G"))
        history.append(RatingChange(m.ref, m.a, m.b, out_a, ra, after_a))
        history.append(RatingChange(m.ref, m.b, m.a, out_b, rb, after_b))
    return ratings, history


def seeding_order(players: Iterable[str], ratings: Mapping[str, Rating]) -> list[str]:
    """Players by conservative rating, best first (unrated players last, in the given order)."""
    given = list(enumerate(players))
    ranked = sorted(given, key=lambda ip: (-(ratings[ip[1]].ordinal if ip[1] in ratings
                                             else float("-inf")), ip[0]))
    return [p for _, p in ranked]
