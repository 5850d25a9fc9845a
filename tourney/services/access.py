"""Rights: who may do what on an event. Every service asks here before acting.

Roles are held **per event** (issue 15):

- the global role ``organizador`` (``User.is_organizer``) only allows creating events (and
  managing the shared card catalog); it gives no right on anybody else's event;
- an event's **owner** is the account that created it (``Event.organizer_id``);
- its **staff** (``EventJudge`` rows, column ``role``): co-organizers (``organizador``) do
  everything the owner does; judges (``juez``) do what a judge does there (deck checks,
  documents, outstanding tables, any player's swaps);
- organizers of an event (owner, co-organizers) are also its judges;
- a player owns their registration: their list, their reports, their swaps;
- decklists are private to their owner and the event's staff until published;
- results: judges fill open tables and fix what the staff entered while the round is open; a
  result both players confirmed is changed only by an organizer, and a closed round's (a
  later round paired, the event finished) only by an organizer's explicit correction
  (``may_change_result``, stages of ``tourney.swiss.corrections``).

``is_organizer(actor)`` without an event answers the global question (may create events);
with an event (and the session) it answers for that event. Only reads of the session here
(never a flush): the services raise ``Forbidden`` from these.
"""
from __future__ import annotations

from typing import TypeGuard

from sqlmodel import Session, select

from ..models.events import Event, EventJudge, Registration, User
from ..swiss.corrections import STAGE_ENTERED, STAGE_OPEN
from .errors import Forbidden

STAFF_JUDGE = "juez"
STAFF_ORGANIZER = "organizador"
STAFF_ROLES = (STAFF_JUDGE, STAFF_ORGANIZER)


def _authenticated(actor: User | None) -> TypeGuard[User]:
    return bool(actor is not None and getattr(actor, "is_authenticated", False))


def _event_of(session: Session | None, thing) -> Event | None:
    """An Event, or the event of something that has ``event_id`` (Round, DeckCheck…)."""
    if thing is None or isinstance(thing, Event):
        return thing
    event_id = getattr(thing, "event_id", None)
    if event_id is None or session is None:
        return None
    return session.get(Event, event_id)


def staff_role(session: Session | None, actor: User | None, event: Event | None) -> str | None:
    """"owner", "organizador", "juez" or None: the actor's role on this event."""
    if not _authenticated(actor) or event is None:
        return None
    if event.organizer_id == actor.id:
        return "owner"
    if session is None:  # no way to read the staff: deny rather than guess
        return None
    row = session.exec(select(EventJudge).where(
        EventJudge.event_id == event.id, EventJudge.user_id == actor.id)).first()
    return row.role if row is not None else None


def signed_in(actor: User | None) -> User:
    """The actor as an account; Forbidden for a visitor who has not signed in."""
    if not _authenticated(actor):
        raise Forbidden("Inicia sesión para hacer esto.")
    return actor


def may_create_events(actor: User | None) -> bool:
    return bool(_authenticated(actor) and actor.is_organizer)


def is_organizer(actor: User | None, event=None, session: Session | None = None) -> bool:
    """Without ``event``: may create events (the global role). With ``event``: owner or
    co-organizer of that event."""
    if event is None:
        return may_create_events(actor)
    return staff_role(session, actor, _event_of(session, event)) in ("owner", STAFF_ORGANIZER)


def require_organizer(actor: User | None, event=None, session: Session | None = None) -> None:
    if not is_organizer(actor, event, session):
        if event is None:
            raise Forbidden("Solo una cuenta de organizador puede crear eventos. Tu cuenta es de "
                            "jugador: pide a un organizador que te dé el rol (`tourney users role "
                            "CORREO organizador`); si todavía no hay ninguno, el primero se crea "
                            "en la página de inicio desde la máquina que sirve la aplicación.")
        raise Forbidden("Solo los organizadores de este evento pueden hacer esto.")


def is_judge(session: Session, actor: User | None, event: Event) -> bool:
    """Judges of the event, and its organizers (who can do everything a judge does)."""
    return staff_role(session, actor, _event_of(session, event)) is not None


def require_judge(session: Session, actor: User | None, event: Event) -> None:
    if not is_judge(session, actor, event):
        raise Forbidden("Solo los jueces y organizadores de este evento pueden hacer esto.")


def owns(actor: User | None, registration: Registration) -> bool:
    """The registration is the actor's own (a desk entry without an account is nobody's)."""
    return bool(_authenticated(actor) and registration.user_id is not None
                and registration.user_id == actor.id)


def can_view_decklist(session: Session, actor: User | None, event: Event,
                      registration: Registration) -> bool:
    """Lists are private to their owner and the event's staff until published."""
    return event.decklists_published or owns(actor, registration) or is_judge(session, actor, event)


def can_view_decklists(session: Session, actor: User | None, event: Event) -> bool:
    """The event's lists (all of them, its metagame) once published; its staff always."""
    return event.decklists_published or is_judge(session, actor, event)


def require_view_decklists(session: Session, actor: User | None, event: Event) -> None:
    if not can_view_decklists(session, actor, event):
        raise Forbidden("Las listas son privadas hasta que el organizador las publique.")


def can_see_round(session: Session, actor: User | None, event: Event, rnd) -> bool:
    """A round's pairings (and its tables) are public once the organizer publishes them; the
    event's staff see them before."""
    return bool(rnd.published) or is_judge(session, actor, event)


def require_view_decklist(session: Session, actor: User | None, event: Event,
                          registration: Registration) -> None:
    if not can_view_decklist(session, actor, event, registration):
        raise Forbidden("Las listas son privadas hasta que el organizador las publique.")


def require_event_organizer(session: Session, actor: User | None, event: Event) -> None:
    """``require_organizer`` for one event, in the argument order of ``require_judge``."""
    require_organizer(actor, event, session)


def may_change_result(session: Session, actor: User | None, event: Event, stage: str) -> bool:
    """Who changes a table's result at each stage (tourney.swiss.corrections): the event's
    judges and organizers fill an open table and fix a result the staff entered while the
    round is open; a result both players agreed, and a correction of a closed round, only
    the event's organizers (owner, co-organizers)."""
    role = staff_role(session, actor, _event_of(session, event))
    if stage in (STAGE_OPEN, STAGE_ENTERED):
        return role is not None
    return role in ("owner", STAFF_ORGANIZER)


def is_staff_anywhere(session: Session, actor: User | None) -> bool:
    """An organizer account, an event's owner or anybody on an event's staff: the accounts
    whose sessions end after STAFF_IDLE_MINUTES idle (tourney.web.sessions)."""
    if not _authenticated(actor):
        return False
    if actor.is_organizer:
        return True
    if session.exec(select(Event.id).where(Event.organizer_id == actor.id).limit(1)).first():
        return True
    return session.exec(select(EventJudge.id).where(EventJudge.user_id == actor.id).limit(1)).first() is not None


def is_owner(actor: User | None, event: Event) -> bool:
    """The account that created the event (only it removes staff)."""
    return bool(_authenticated(actor) and event is not None and event.organizer_id == actor.id)


def require_owner(actor: User | None, event: Event) -> None:
    if not is_owner(actor, event):
        raise Forbidden("Solo el dueño del evento (quien lo creó) puede quitar a alguien del equipo.")


def may_create_first_organizer(organizer_exists: bool, from_machine: bool,
                               code_ok: bool) -> bool:
    """The first organizer account is made while none exists, only from the machine that
    serves the app or with the one-time code it printed (tourney.services.first_run)."""
    return not organizer_exists and (from_machine or code_ok)
