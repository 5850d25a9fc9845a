"""Ratings per player per game (tourney.meta.ratings, OpenSkill) from every finished match of
every event of that game, in the order they were played (event date, event, round, table).

Recomputed from the matches, never stored: a corrected result changes every rating after it,
as it should. Cached per game until any match changes.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from ..meta import RatedMatch, Rating, RatingChange, rate
from ..legality.games import default_game
from ..models.events import MATCH_CONFIRMED, Event, Match, Round
from .event_results import finished_matches, identities


@dataclass
class GameRatings:
    game_id: str
    ratings: dict[str, Rating]                    # player key → rating
    history: dict[str, list[RatingChange]]        # player key → changes, oldest first
    names: dict[str, str]                         # player key → latest name
    matches: dict[int, tuple[int, str, int]]      # match id → (event id, event name, round)

    def ordinal(self) -> dict[str, float]:
        return {k: r.ordinal for k, r in self.ratings.items()}


def game_events(session: Session, formats: dict, game_id: str) -> list[Event]:
    """The events of one game, oldest first."""
    events = session.exec(select(Event).order_by(col(Event.date), col(Event.id))).all()
    return [e for e in events if _game_of(formats, e.format_id) == game_id]


def _game_of(formats: dict, format_id: str) -> str | None:
    fmt = formats.get(format_id)
    return fmt.game.id if fmt is not None else None


_cache: OrderedDict = OrderedDict()
_lock = Lock()


def _fingerprint(session: Session, event_ids: list[int]) -> tuple:
    if not event_ids:
        return ()
    row = session.execute(
        sa_select(func.count(col(Match.id)), func.coalesce(func.sum(col(Match.version)), 0),
                  func.coalesce(func.sum(Match.id), 0), func.max(Match.updated_at))
        .join(Round, col(Round.id) == Match.round_id)
        .where(col(Round.event_id).in_(event_ids), col(Match.status) == MATCH_CONFIRMED)).one()
    return tuple(row)


def game_ratings(session: Session, formats: dict, game_id: str | None = None) -> GameRatings:
    game_id = game_id or default_game().id  # formats/games.toml's default game
    events = game_events(session, formats, game_id)
    ids = [e.pk for e in events]
    key = (str(session.get_bind().engine.url), game_id, tuple(ids), _fingerprint(session, ids))
    with _lock:
        hit = _cache.get(key)
        previous = _checkpoints.get(key[:2])
    if hit is not None:
        return hit
    done, checkpoints = _rate(session, events, game_id, previous)
    with _lock:
        _cache[key] = done
        _checkpoints[key[:2]] = checkpoints
        while len(_cache) > 8:
            _cache.popitem(last=False)
    return done


# per (database, game): the ratings after each event, so a change in the latest event (results
# coming in) rates that event again, not the whole history
_checkpoints: dict[tuple, list[tuple[int, int, dict[str, Rating], list[RatingChange]]]] = {}


def rate_events(session: Session, events: list[Event], game_id: str) -> GameRatings:
    """Rate every finished match of ``events`` (already in the order they were played)."""
    return _rate(session, events, game_id, None)[0]


def _rate(session: Session, events: list[Event], game_id: str, previous) -> tuple[GameRatings, list]:
    ids = [e.pk for e in events]
    who = identities(session, ids)
    by_event: dict[int, list] = {eid: [] for eid in ids}
    for m in finished_matches(session, ids):  # ordered by event, round, table
        if m.a in who and m.b in who:
            by_event[m.event_id].append(m)
    checkpoints: list[tuple[int, int, dict[str, Rating], list[RatingChange]]] = []
    ratings: dict[str, Rating] = {}
    reuse = True
    for n, eid in enumerate(ids):
        played = by_event[eid]
        digest = hash(tuple((m.id, m.a, m.b, m.a_games, m.b_games, m.draws, m.round_number)
                            for m in played))
        if reuse and previous is not None and n < len(previous) \
                and previous[n][0] == eid and previous[n][1] == digest:
            checkpoints.append(previous[n])
            ratings = previous[n][2]
            continue
        reuse = False
        # within a round each player plays once: the order of its tables changes nothing
        rated = [RatedMatch(m.id, who[m.a].key, who[m.b].key,
                            None if m.a_games == m.b_games else m.a_games > m.b_games)
                 for m in sorted(played, key=lambda m: (m.round_number, m.table_no))]
        ratings, changes = rate(rated, ratings)
        checkpoints.append((eid, digest, ratings, changes))
    history: dict[str, list[RatingChange]] = {}
    for _eid, _digest, _after, changes in checkpoints:
        for change in changes:
            history.setdefault(change.player, []).append(change)
    order = {eid: i for i, eid in enumerate(ids)}
    names: dict[str, str] = {}
    for ident in sorted(who.values(), key=lambda i: (order[i.event_id], i.registration_id)):
        names[ident.key] = ident.name
    by_id = {e.id: e for e in events}
    matches = {m.id: (m.event_id, by_id[m.event_id].name, m.round_number)
               for played in by_event.values() for m in played}
    return GameRatings(game_id, ratings, history, names, matches), checkpoints
