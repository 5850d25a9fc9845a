"""A player's page across events: their events (place, record, the list once published), their
rating per game with its history, and their leagues. A player with an account can hide the page
from the public (tourney.services.players); their results still count everywhere."""
from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from ..meta import Rating
from ..models.events import Event, Registration, User
from .errors import NotFound
from .event_results import finished_matches, placements
from .leagues import leagues_of_event, standings as league_standings
from .players import is_hidden, player_key, user_of_key
from .ratings import game_ratings


@dataclass
class PlayedEvent:
    event: Event
    registration_id: int
    place: int | None
    record: str
    list_public: bool


@dataclass
class RatingLine:
    event: str
    round: int
    opponent: str
    outcome: str
    before: float
    after: float


@dataclass
class GameRating:
    game_id: str
    game_name: str
    rating: Rating
    history: list[RatingLine]


@dataclass
class PlayerPage:
    key: str
    name: str
    hidden: bool
    events: list[PlayedEvent] = field(default_factory=list)
    ratings: list[GameRating] = field(default_factory=list)
    leagues: list[tuple] = field(default_factory=list)  # (league, rank, points, events played)


def registrations_of(session: Session, key: str) -> list[Registration]:
    uid = user_of_key(key)
    if uid is not None:
        return list(session.exec(select(Registration).where(Registration.user_id == uid)))
    rows = session.exec(select(Registration).where(Registration.user_id.is_(None)))  # type: ignore[union-attr]
    return [r for r in rows if player_key(None, r.external_id, r.name) == key]


def can_see(session: Session, actor: User | None, key: str) -> bool:
    """Hidden pages are seen only by the player themselves."""
    if not is_hidden(session, key):
        return True
    return bool(actor is not None and getattr(actor, "is_authenticated", False)
                and user_of_key(key) == actor.id)


def player_page(session: Session, key: str, formats: dict) -> PlayerPage:
    regs = registrations_of(session, key)
    uid = user_of_key(key)
    if not regs and uid is None:
        raise NotFound("No hay un jugador con ese enlace.")
    user = session.get(User, uid) if uid is not None else None
    if not regs and user is None:
        raise NotFound("No hay un jugador con ese enlace.")
    events = {e.pk: e for e in session.exec(select(Event).where(
        col(Event.id).in_([r.event_id for r in regs])))} if regs else {}
    regs.sort(key=lambda r: (events[r.event_id].date, r.event_id), reverse=True)
    name = regs[0].name if regs else user.name  # type: ignore[union-attr]
    page = PlayerPage(key, name, is_hidden(session, key))
    mine = {r.pk for r in regs}
    records: dict[int, list[int]] = {}
    for m in finished_matches(session, list(events)):
        for me, mg, tg in ((m.a, m.a_games, m.b_games), (m.b, m.b_games, m.a_games)):
            if me in mine:
                r = records.setdefault(me, [0, 0, 0])
                r[0 if mg > tg else 1 if tg > mg else 2] += 1
    for reg in regs:
        event = events[reg.event_id]
        w, lo, d = records.get(reg.pk, [0, 0, 0])
        place = placements(session, event).get(reg.id) if reg.id in records else None
        page.events.append(PlayedEvent(event, reg.pk, place, f"{w}-{lo}-{d}",
                                       event.decklists_published))
    games: dict[str, str] = {}
    for event in events.values():
        fmt = formats.get(event.format_id)
        if fmt is not None:
            games[fmt.game.id] = fmt.game.name
    for game_id, game_name in sorted(games.items()):
        rated = game_ratings(session, formats, game_id)
        if key not in rated.ratings:
            continue
        lines = []
        for change in rated.history.get(key, []):
            _eid, ev_name, number = rated.matches[change.ref]
            lines.append(RatingLine(ev_name, number, rated.names.get(change.opponent, "?"),
                                    change.outcome, change.before.ordinal, change.after.ordinal))
        page.ratings.append(GameRating(game_id, game_name, rated.ratings[key], lines[::-1]))
    seen: set[int] = set()
    for event in events.values():
        for league in leagues_of_event(session, event):
            if league.id in seen:
                continue
            seen.add(league.pk)
            table = league_standings(session, league, formats)
            row = next((r for r in table.rows if r.key == key), None)
            if row is not None:
                page.leagues.append((league, row.rank, row.points, len(row.events)))
    return page


def registration_ids_with_key(session: Session, event_ids: list[int]) -> dict[int, str]:
    rows = session.execute(sa_select(col(Registration.id), col(Registration.user_id), col(Registration.external_id),
                                     col(Registration.name)).where(col(Registration.event_id).in_(event_ids)))
    return {rid: player_key(uid, ext, name) for rid, uid, ext, name in rows}
