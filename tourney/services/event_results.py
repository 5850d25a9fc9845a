"""An event's finished matches and final placements as plain values (for the metagame, the
league standings and the ratings): one query each, no ORM objects."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select as sa_select
from sqlmodel import Session

from ..models.events import MATCH_CONFIRMED, ROUND_TOP_CUT, Event, Match, Registration, Round
from ..swiss import Match as SwissMatch, SwissUserError, parse_result
from ..swiss.topcut import final_standings as swiss_final_standings
from . import rounds
from .players import player_key


@dataclass(frozen=True)
class FinishedMatch:
    id: int
    event_id: int
    round_number: int
    kind: str
    table_no: int
    a: int            # registration ids
    b: int
    a_games: int
    b_games: int
    draws: int


def finished_matches(session: Session, event_ids: list[int]) -> list[FinishedMatch]:
    """Confirmed matches with two players (byes are not matches here), in the order played."""
    if not event_ids:
        return []
    out = []
    rows = session.execute(
        sa_select(Match.id, Round.event_id, Round.number, Round.kind, Match.table_no,
                  Match.player_a_id, Match.player_b_id, Match.result)
        .join(Round, Round.id == Match.round_id)
        .where(Round.event_id.in_(event_ids), Match.status == MATCH_CONFIRMED,
               Match.player_b_id.is_not(None), Match.result.is_not(None))
        .order_by(Round.event_id, Round.number, Match.table_no))
    for mid, eid, number, kind, table_no, a, b, result in rows:
        try:
            r = parse_result(result)
        except SwissUserError:
            continue
        out.append(FinishedMatch(mid, eid, number, kind, table_no, a, b, r.a_games, r.b_games,
                                 r.draws))
    return out


def top_cut_players(session: Session, event: Event) -> set[int] | None:
    """The players of the first top-cut round, or None when the event has no cut (yet)."""
    if not event.top_cut:
        return None
    first = session.execute(sa_select(Round.id).where(
        Round.event_id == event.id, Round.kind == ROUND_TOP_CUT).order_by(Round.number)).first()
    if first is None:
        return None
    cut = session.execute(sa_select(Match.player_a_id, Match.player_b_id)
                          .where(Match.round_id == first[0])).all()
    return {p for a, b in cut for p in (a, b) if p is not None}


@dataclass(frozen=True)
class PlayerIdentity:
    registration_id: int
    event_id: int
    key: str
    name: str
    user_id: int | None


def identities(session: Session, event_ids: list[int]) -> dict[int, PlayerIdentity]:
    """Registration id → the player across events (tourney.services.players.player_key)."""
    if not event_ids:
        return {}
    rows = session.execute(sa_select(Registration.id, Registration.event_id, Registration.user_id,
                                     Registration.external_id, Registration.name)
                           .where(Registration.event_id.in_(event_ids)))
    return {rid: PlayerIdentity(rid, eid, player_key(uid, ext, name), name, uid)
            for rid, eid, uid, ext, name in rows}


def placements(session: Session, event: Event) -> dict[int, int]:
    """Registration id → final place: the top cut's order once it has started (champion,
    finalist, …), then the Swiss standings."""
    table = rounds.standings(session, event)
    places = {int(s.id): s.rank for s in table}
    if event.top_cut:
        cut = [[SwissMatch(str(m.player_a_id), str(m.player_b_id) if m.player_b_id else None,
                           m.result if m.status == MATCH_CONFIRMED else None)
                for m in rounds.round_matches(session, rnd)]
               for rnd in rounds.event_rounds(session, event) if rnd.kind == ROUND_TOP_CUT]
        if cut:
            try:
                order = swiss_final_standings([s.id for s in table], event.top_cut, cut)
            except SwissUserError:
                return places
            places = {int(p.id): p.place for p in order}
    return places
