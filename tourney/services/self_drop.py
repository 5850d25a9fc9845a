"""A player drops themselves from an event (Tournament facts: a player must drop before the
next round is paired; dropped players stay in the standings). The organizer sees who did and
can undo it until the next round is paired."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlmodel import Session, select

from ..models.catalog import utcnow
from ..models.events import EVENT_FINISHED, Event, Registration, Round, User
from .access import require_organizer
from .errors import Forbidden, ServiceError


def _aware(value: datetime | None) -> datetime:
    if value is None:  # not dropped by the player: the oldest
        return datetime.min.replace(tzinfo=timezone.utc)
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def drop_self(session: Session, actor: User | None, event: Event,
              confirmed: bool = False) -> Registration:
    """The actor's own registration leaves the event (it keeps its results and standing);
    ``confirmed``: the player ticked «Sí, me retiro» (a drop is not undone by the player)."""
    if actor is None or not getattr(actor, "is_authenticated", False):
        raise Forbidden("Inicia sesión para retirarte.")
    reg = session.exec(select(Registration).where(Registration.event_id == event.id,
                                                  Registration.user_id == actor.id)).first()
    if reg is None:
        raise Forbidden("No estás inscrito en este evento.")
    if event.status == EVENT_FINISHED:
        raise ServiceError("El evento ya terminó: no hay de qué retirarse.")
    if reg.dropped:
        raise ServiceError("Ya estás retirado de este evento.")
    if not confirmed:
        raise ServiceError("Marca «Sí, me retiro» para confirmar que te retiras.", "confirmo")
    reg.dropped = True
    reg.self_dropped_at = utcnow()
    session.add(reg)
    session.flush()
    return reg


def can_undo(session: Session, event: Event, reg: Registration) -> bool:
    """A self-drop can be undone while no round has been paired since."""
    if not reg.dropped or reg.self_dropped_at is None:
        return False
    when = _aware(reg.self_dropped_at)
    return not any(_aware(r.created_at) > when for r in session.exec(
        select(Round).where(Round.event_id == event.id)))


def self_drops(session: Session, event: Event) -> list[tuple[Registration, bool]]:
    """Players who dropped themselves, latest first, with whether it can still be undone."""
    regs = session.exec(select(Registration).where(Registration.event_id == event.id,
                                                   Registration.dropped == True,  # noqa: E712
                                                   Registration.self_dropped_at != None))  # noqa: E711
    out = [(r, can_undo(session, event, r)) for r in regs]
    out.sort(key=lambda x: _aware(x[0].self_dropped_at), reverse=True)
    return out


def undo_self_drop(session: Session, actor: User | None, event: Event,
                   reg: Registration) -> Registration:
    """The organizer brings back a player who dropped themselves, before the next pairing."""
    require_organizer(actor, event, session)
    if reg.event_id != event.id or reg.self_dropped_at is None or not reg.dropped:
        raise ServiceError(f"{reg.name} no se retiró desde la web: usa «reincorporar».")
    if not can_undo(session, event, reg):
        raise ServiceError(f"Ya se emparejó una ronda después del retiro de {reg.name}: "
                           "reincorpóralo con «reincorporar» (quedará sin mesa en esa ronda).")
    reg.dropped = False
    reg.self_dropped_at = None
    session.add(reg)
    session.flush()
    return reg
