"""The demo's league: two earlier weekly events of the same players (all rounds played, lists
published, finished) and the demo event, in «Liga Demo», with the default points table."""
from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session

from ..models.catalog import utcnow
from ..models.events import Event, User
from ..models.leagues import League
from . import events, leagues
from .demo import demo_event
from .rows import existing


def demo_league(session: Session, catalog, formats: dict, current: Event, players: int = 16,
                seed: int = 2021) -> League:
    organizer = existing(session, User, current.organizer_id)
    today = utcnow().date()
    past = []
    for weeks, number in ((2, 1), (1, 2)):
        event = demo_event(session, catalog, formats, format_id=current.format_id, players=players,
                           rounds_played=4, seed=seed + number, extras=False,
                           name=f"Liga Demo · fecha {number}",
                           event_date=today - timedelta(weeks=weeks))
        events.set_decklists_published(session, organizer, event, True)
        events.finish_event(session, organizer, event)
        past.append(event)
    league = leagues.create_league(session, organizer, "Liga Demo",
                                   formats[current.format_id].game.id)
    for event in past + [current]:
        leagues.add_event(session, organizer, league, event, formats)
    return league
