"""Rights: who may do what on an event. Every service asks here before acting.

- organizers (``User.is_organizer``) do everything, on every event;
- judges of an event (``EventJudge``) do what a judge does there (deck checks, documents,
  outstanding tables, any player's swaps), and so do organizers;
- a player owns their registration: their list, their reports, their swaps;
- decklists are private to their owner, the event's judges and organizers until published.

Only reads of the session here (never a flush): the services raise ``Forbidden`` from these.
"""
from __future__ import annotations

from sqlmodel import Session, select

from ..models.events import Event, EventJudge, Registration, User
from .errors import Forbidden


def _authenticated(actor: User | None) -> bool:
    return bool(actor is not None and getattr(actor, "is_authenticated", False))


def is_organizer(actor: User | None) -> bool:
    return bool(_authenticated(actor) and actor.is_organizer)


def require_organizer(actor: User | None) -> None:
    if not is_organizer(actor):
        raise Forbidden("Solo un organizador puede hacer esto.")


def is_judge(session: Session, actor: User | None, event: Event) -> bool:
    """Judges of the event, and organizers (who can do everything a judge does)."""
    if not _authenticated(actor):
        return False
    if actor.is_organizer:
        return True
    return session.exec(select(EventJudge).where(
        EventJudge.event_id == event.id, EventJudge.user_id == actor.id)).first() is not None


def require_judge(session: Session, actor: User | None, event: Event) -> None:
    if not is_judge(session, actor, event):
        raise Forbidden("Solo los jueces de este evento y los organizadores pueden hacer esto.")


def owns(actor: User | None, registration: Registration) -> bool:
    """The registration is the actor's own (a desk entry without an account is nobody's)."""
    return bool(_authenticated(actor) and registration.user_id is not None
                and registration.user_id == actor.id)


def can_view_decklist(session: Session, actor: User | None, event: Event,
                      registration: Registration) -> bool:
    """Lists are private to their owner, the judges and organizers until published."""
    return event.decklists_published or owns(actor, registration) or is_judge(session, actor, event)


def require_view_decklist(session: Session, actor: User | None, event: Event,
                          registration: Registration) -> None:
    if not can_view_decklist(session, actor, event, registration):
        raise Forbidden("Las listas son privadas hasta que el organizador las publique.")
