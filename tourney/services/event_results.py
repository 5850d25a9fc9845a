"""An event's finished matches and final placements as plain values (for the metagame, the
league standings and the ratings): one query each, no ORM objects."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from threading import Lock

from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from ..models.events import (
    MATCH_CONFIRMED, ROUND_SWISS, ROUND_TOP_CUT, Event, Match, Registration, Round,
)
from ..swiss import (
    Match as SwissMatch, Player, Settings, SwissUserError, TournamentState, parse_result,
    standings as swiss_standings,
)
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


def match_rows(session: Session, event_ids: list[int]) -> list[tuple]:
    """Every match of the events as (id, event id, round number, kind, table, a, b, result,
    status), in the order played (one query; what ``finished_matches`` and ``bulk_placements``
    read)."""
    if not event_ids:
        return []
    # the Core connection: plain rows, without the ORM's per-row loading (40,000 rows in a league)
    return list(session.connection().execute(
        sa_select(col(Match.id), col(Round.event_id), col(Round.number), col(Round.kind), col(Match.table_no),
                  col(Match.player_a_id), col(Match.player_b_id), col(Match.result), col(Match.status))
        .join(Round, col(Round.id) == Match.round_id).where(col(Round.event_id).in_(event_ids))
        .order_by(col(Round.event_id), col(Round.number), col(Match.table_no))).all())


def finished_matches(session: Session, event_ids: list[int],
                     rows: list[tuple] | None = None) -> list[FinishedMatch]:
    """Confirmed matches with two players (byes are not matches here), in the order played."""
    out = []
    for mid, eid, number, kind, table_no, a, b, result, status in (
            match_rows(session, event_ids) if rows is None else rows):
        if status != MATCH_CONFIRMED or b is None or result is None:
            continue
        games = result_games(result)
        if games is not None:
            out.append(FinishedMatch(mid, eid, number, kind, table_no, a, b, *games))
    return out


@lru_cache(maxsize=256)
def result_games(result: str) -> tuple[int, int, int] | None:
    """«2-1-0» as stored (normalized by the results service); anything else read by
    tourney.swiss (None when it is not a result)."""
    if len(result) == 5 and result[1] == "-" and result[3] == "-":
        a, b, d = result[0], result[2], result[4]
        if a.isdigit() and b.isdigit() and d.isdigit():
            return int(a), int(b), int(d)
    try:
        r = parse_result(result)
    except SwissUserError:
        return None
    return r.a_games, r.b_games, r.draws


def top_cut_players(session: Session, event: Event) -> set[int] | None:
    """The players of the first top-cut round, or None when the event has no cut (yet)."""
    if not event.top_cut:
        return None
    first = session.execute(sa_select(col(Round.id)).where(
        col(Round.event_id) == event.id, col(Round.kind) == ROUND_TOP_CUT).order_by(col(Round.number))).first()
    if first is None:
        return None
    cut = session.execute(sa_select(col(Match.player_a_id), col(Match.player_b_id))
                          .where(Match.round_id == first[0])).all()
    return {p for a, b in cut for p in (a, b) if p is not None}


@dataclass(frozen=True)
class PlayerIdentity:
    registration_id: int
    event_id: int
    key: str
    name: str
    user_id: int | None


def registration_rows(session: Session, event_ids: list[int]) -> list[tuple]:
    """Every registration of the events as (id, event id, user id, external id, name, dropped,
    late losses, byes), by id (one query; what ``identities`` and ``bulk_placements`` read)."""
    if not event_ids:
        return []
    return list(session.connection().execute(
        sa_select(col(Registration.id), col(Registration.event_id), col(Registration.user_id),
                  col(Registration.external_id), col(Registration.name), col(Registration.dropped),
                  col(Registration.late_losses), col(Registration.byes))
        .where(col(Registration.event_id).in_(event_ids)).order_by(col(Registration.id))).all())


def identities(session: Session, event_ids: list[int],
               regs: list[tuple] | None = None) -> dict[int, PlayerIdentity]:
    """Registration id → the player across events (tourney.services.players.player_key)."""
    if not event_ids:
        return {}
    keys: dict[tuple, str] = {}  # the same player registers in many events of a league
    out = {}
    for rid, eid, uid, ext, name, *_rest in (registration_rows(session, event_ids)
                                             if regs is None else regs):
        key = keys.get((uid, ext, name))
        if key is None:
            key = keys[(uid, ext, name)] = player_key(uid, ext, name)
        out[rid] = PlayerIdentity(rid, eid, key, name, uid)
    return out


def bulk_placements(session: Session, events: list[Event], rows: list[tuple] | None = None,
                    regs: list[tuple] | None = None) -> dict[int, dict[int, int]]:
    """``placements`` of many events with two queries in all (league standings): the rows become
    the same tourney.swiss state ``rounds.reads.build_state`` builds (players, Swiss rounds,
    confirmed results only; forbidden pairs do not change standings), then the same order.
    Kept per event while its rows stay the same (a finished event is not ranked again)."""
    ids = [e.pk for e in events]
    if not ids:
        return {}
    players: dict[int, list[Player]] = {eid: [] for eid in ids}
    for rid, eid, _uid, _ext, name, dropped, late, byes in (
            registration_rows(session, ids) if regs is None else regs):
        if eid not in players:
            continue
        players[eid].append(Player(id=str(rid), name=name, dropped=bool(dropped), late_losses=late,
                                   byes=int(byes or 0)))
    by_event_rows: dict[int, list[tuple]] = {eid: [] for eid in ids}
    for row in (match_rows(session, ids) if rows is None else rows):
        if row[1] in by_event_rows:
            by_event_rows[row[1]].append(row)
    url = str(session.get_bind().engine.url)
    out: dict[int, dict[int, int]] = {}
    for event in events:
        key = (url, event.pk, event.top_cut, hash(tuple(by_event_rows[event.pk])),
               hash(tuple(players[event.pk])))
        with _places_lock:
            hit = _places_cache.get(key)
        if hit is None:
            hit = _event_places(event, players[event.pk], by_event_rows[event.pk])
            with _places_lock:
                _places_cache[key] = hit
                while len(_places_cache) > 512:
                    _places_cache.popitem(last=False)
        out[event.pk] = hit
    return out


def _event_places(event: Event, players: list[Player], rows: list[tuple]) -> dict[int, int]:
    swiss: dict[int, list[SwissMatch]] = {}
    cut: dict[int, list[SwissMatch]] = {}
    for _mid, _eid, number, kind, _table, a, b, result, status in rows:
        (swiss if kind == ROUND_SWISS else cut).setdefault(number, []).append(SwissMatch(
            a=str(a), b=str(b) if b else None, result=result if status == MATCH_CONFIRMED else None))
    state = TournamentState(players=players, rounds=[swiss[n] for n in sorted(swiss)],
                            settings=Settings(), forbidden_pairs=[])
    table = swiss_standings(state)
    places = {int(st.id): st.rank for st in table}
    played = [cut[n] for n in sorted(cut)]
    if event.top_cut and played:
        try:
            order = swiss_final_standings([st.id for st in table], event.top_cut, played)
            places = {int(p.id): p.place for p in order}
        except SwissUserError:
            pass
    return places


_places_cache: OrderedDict = OrderedDict()
_places_lock = Lock()


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
