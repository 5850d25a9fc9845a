"""An event's staff (issue 26, finding 12): who is on it with which role, removing someone
(the owner only), and the event's history recording who added or removed whom.

Adding stays ``events.add_judge`` (owner or co-organizer), which records here. Rights are in
``services.access``."""
from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from ..models.events import Event, EventJudge, User
from ..models.history import HISTORY_STAFF_ADDED, HISTORY_STAFF_REMOVED
from . import history
from .access import STAFF_ORGANIZER, require_owner
from .errors import NotFound

ROLE_LABELS = {"juez": "Juez", STAFF_ORGANIZER: "Coorganizador"}


@dataclass(frozen=True)
class StaffMember:
    user_id: int
    name: str
    email: str
    role: str

    @property
    def role_label(self) -> str:
        return ROLE_LABELS.get(self.role, self.role)


def members(session: Session, event: Event) -> list[StaffMember]:
    rows = session.exec(select(User, col(EventJudge.role)).join(EventJudge, col(EventJudge.user_id) == User.id)
                        .where(col(EventJudge.event_id) == event.id).order_by(col(User.name), col(User.id)))
    return [StaffMember(user.pk, user.name, user.email, role) for user, role in rows]


def who(user: User | None) -> str:
    return (getattr(user, "name", "") or getattr(user, "email", "") or "la consola")[:120]


def record_added(session: Session, actor: User | None, event: Event, user: User, role: str,
                 previous: str | None, invited_by: str | None = None) -> None:
    """``invited_by``: the name of who made the invitation ``user`` (the actor) accepted."""
    label = ROLE_LABELS.get(role, role)
    if invited_by is not None:
        summary = (f"{who(user)} aceptó la invitación de {invited_by[:120]} y entró al equipo "
                   f"como {label}" + (f" (antes {ROLE_LABELS.get(previous, previous)})."
                                      if previous else "."))
    elif previous is None:
        summary = f"{who(actor)} agregó a {who(user)} al equipo como {label}."
    else:
        summary = (f"{who(actor)} cambió el rol de {who(user)}: de "
                   f"{ROLE_LABELS.get(previous, previous)} a {label}.")
    history.record(session, event, actor, HISTORY_STAFF_ADDED, summary, subject_user_id=user.id,
                   before={"role": previous} if previous else {}, after={"role": role})


def remove(session: Session, actor: User | None, event: Event, user_id: int) -> StaffMember:
    """Take ``user_id`` off the event's staff (the owner only), recorded in the history."""
    require_owner(actor, event)
    row = session.exec(select(EventJudge).where(EventJudge.event_id == event.id,
                                                EventJudge.user_id == user_id)).first()
    user = session.get(User, user_id) if row is not None else None
    if row is None or user is None:
        raise NotFound("Esa cuenta no está en el equipo de este evento.")
    member = StaffMember(user.pk, user.name, user.email, row.role)
    session.delete(row)
    session.flush()
    history.record(session, event, actor, HISTORY_STAFF_REMOVED,
                   f"{who(actor)} quitó a {who(user)} ({member.role_label}) del equipo.",
                   subject_user_id=user.id, before={"role": member.role}, after={})
    return member
