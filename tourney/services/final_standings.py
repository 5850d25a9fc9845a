"""Final standings of an event with a top cut: the cut first, by how far each player went
(champion, finalist, semifinal losers, …), then the Swiss order (tourney.swiss.topcut)."""
from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from ..models.events import MATCH_CONFIRMED, ROUND_TOP_CUT, Event
from ..swiss import Match as SwissMatch, Result, SwissUserError
from ..swiss.topcut import CHAMPION, cut_bracket, round_name
from ..swiss.topcut import final_standings as swiss_final_standings
from . import rounds


@dataclass(frozen=True)
class FinalRow:
    place: int
    name: str
    stage: str       # «Campeón», «Finalista», «Semifinal», «Cuartos de final», «En juego», «Suizo»
    swiss_rank: int
    points: int
    record: str
    dropped: bool


def cut_rounds(session: Session, event: Event) -> list[list[SwissMatch]]:
    """The top-cut rounds played so far, as tourney.swiss matches (confirmed results only)."""
    return [[SwissMatch(str(m.player_a_id), str(m.player_b_id) if m.player_b_id else None,
                        m.result if m.status == MATCH_CONFIRMED else None)
             for m in rounds.round_matches(session, rnd)]
            for rnd in rounds.event_rounds(session, event) if rnd.kind == ROUND_TOP_CUT]


def final_standings(session: Session, event: Event) -> list[FinalRow] | None:
    """The finishing order once the cut has started (None before, or without a cut)."""
    played = cut_rounds(session, event)
    if not played or not event.top_cut:
        return None
    table = rounds.standings(session, event)
    by_id = {s.id: s for s in table}
    try:
        order = swiss_final_standings([s.id for s in table], event.top_cut, played)
    except SwissUserError:
        return None
    return [FinalRow(p.place, by_id[p.id].name, p.stage, by_id[p.id].rank, by_id[p.id].points,
                     by_id[p.id].record, by_id[p.id].dropped)
            for p in order if p.id in by_id]


def champion_name(rows: list[FinalRow] | None) -> str | None:
    if rows and rows[0].stage == CHAMPION:
        return rows[0].name
    return None


@dataclass(frozen=True)
class BracketTable:
    seed_a: int | None
    a: str | None
    seed_b: int | None
    b: str | None
    result: str | None  # «2-1» from a's side, None while unplayed
    winner: str | None


@dataclass(frozen=True)
class BracketColumn:
    name: str  # «Cuartos de final», «Semifinales», «Final»
    tables: tuple[BracketTable, ...]


def bracket(session: Session, event: Event) -> tuple[list[BracketColumn], str | None] | None:
    """The top cut as the web shows it once it has started: every round of the bracket with
    its winners (tourney.swiss.topcut.cut_bracket) and the champion (None until the final)."""
    played = cut_rounds(session, event)
    if not played or not event.top_cut:
        return None
    try:
        columns = cut_bracket(event.top_cut, played)
    except SwissUserError:
        return None
    table = rounds.standings(session, event)
    # a bye's missing player (None) has no name and no seed
    name_of: dict[str | None, str] = {str(s.id): s.name for s in table}
    seed_of: dict[str | None, int] = {str(s.id): i for i, s in enumerate([s for s in table if not s.dropped], start=1)}
    out = [BracketColumn(round_name(len(col)), tuple(
        BracketTable(seed_of.get(t.a), name_of.get(t.a), seed_of.get(t.b), name_of.get(t.b),
                     Result.parse(t.result).short() if t.result else None, name_of.get(t.winner))
        for t in col)) for col in columns]
    return out, name_of.get(columns[-1][0].winner)
