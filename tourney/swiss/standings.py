"""Standings with the MTR Appendix C tiebreakers, in exact arithmetic.

Order: match points, OMW%, GW%, OGW%, then seat id (natural order). MW% and GW% have
a floor of exactly 1/3; OMW%/OGW% average the opponents' floored percentages and
leave out bye rounds; a player's own MW%/GW% count byes as 2-0-0 wins. Unreported
matches (result None) are ignored. Dropped players stay. See docs/swiss-policy.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .model import TournamentState, natural_key

FLOOR = Fraction(1, 3)


@dataclass(frozen=True, slots=True)
class Record:
    """A player's tallies over reported rounds (byes and late losses included)."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    match_points: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0
    opponents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    id: str
    name: str
    points: int
    record: str          # "wins-losses-draws", byes counted as wins
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    mw: Fraction
    byes: int
    dropped: bool
    opponents: tuple[str, ...]

    def to_json(self) -> dict:
        return {"rank": self.rank, "id": self.id, "name": self.name, "points": self.points,
                "record": self.record, "omw": float(self.omw), "gw": float(self.gw),
                "ogw": float(self.ogw)}


def records(state: TournamentState) -> dict[str, Record]:
    """Tally every player's reported matches, byes and late losses."""
    s = state.settings
    win, draw, loss = s.win_points, s.draw_points, s.loss_points
    tallies = {p.id: [0, 0, 0, 0, 0, 0, 0, 0, []] for p in state.players}
    # index: 0 wins, 1 losses, 2 draws, 3 byes, 4 mp, 5 rounds, 6 gp, 7 games, 8 opponents
    for p in state.players:
        if p.late_losses:
            t = tallies[p.id]
            t[1] += p.late_losses
            t[4] += loss * p.late_losses
            t[5] += p.late_losses
            t[7] += 2 * p.late_losses  # counted as 0-2 in games
    for rnd in state.rounds:
        for m in rnd:
            if m.b is None:
                t = tallies[m.a]
                t[0] += 1
                t[3] += 1
                t[4] += win
                t[5] += 1
                t[6] += 6
                t[7] += 2
                continue
            r = m.parsed()
            if r is None:
                continue
            ta, tb = tallies[m.a], tallies[m.b]
            w = r.winner()
            if w == "a":
                ta[0] += 1
                tb[1] += 1
                ta[4] += win
                tb[4] += loss
            elif w == "b":
                tb[0] += 1
                ta[1] += 1
                tb[4] += win
                ta[4] += loss
            else:
                ta[2] += 1
                tb[2] += 1
                ta[4] += draw
                tb[4] += draw
            ta[5] += 1
            tb[5] += 1
            ta[6] += 3 * r.a_games + r.draws
            tb[6] += 3 * r.b_games + r.draws
            ta[7] += r.games
            tb[7] += r.games
            ta[8].append(m.b)
            tb[8].append(m.a)
    return {pid: Record(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], tuple(t[8]))
            for pid, t in tallies.items()}


def _floored(num: int, den: int) -> Fraction:
    if den <= 0:
        return FLOOR
    value = Fraction(num, den)
    return value if value > FLOOR else FLOOR


def standings(state: TournamentState) -> list[Standing]:
    """Every player (dropped ones too), best first, with exact tiebreakers."""
    recs = records(state)
    win = state.settings.win_points
    mw = {pid: _floored(r.match_points, win * r.rounds) for pid, r in recs.items()}
    gw = {pid: _floored(r.game_points, 3 * r.games) for pid, r in recs.items()}
    rows = []
    for p in state.players:
        r = recs[p.id]
        if r.opponents:
            k = len(r.opponents)
            omw = sum((mw[o] for o in r.opponents), Fraction(0)) / k
            ogw = sum((gw[o] for o in r.opponents), Fraction(0)) / k
        else:
            omw = ogw = FLOOR
        rows.append((p, r, omw, ogw))
    rows.sort(key=lambda row: natural_key(row[0].id))
    rows.sort(key=lambda row: (row[1].match_points, row[2], gw[row[0].id], row[3]),
              reverse=True)
    return [
        Standing(rank=i, id=p.id, name=p.name, points=r.match_points,
                 record=f"{r.wins}-{r.losses}-{r.draws}", omw=omw, gw=gw[p.id], ogw=ogw,
                 mw=mw[p.id], byes=r.byes, dropped=p.dropped, opponents=r.opponents)
        for i, (p, r, omw, ogw) in enumerate(rows, 1)
    ]
