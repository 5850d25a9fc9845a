"""Invitations to an event's staff (issue 26, finding 16).

The staff form used to add an account by e-mail and answer «No hay ninguna cuenta…» for an
unknown one, which told anybody with an event which e-mails have accounts. Now the owner or
a co-organizer *invites*: the answer is the same whether the e-mail has an account or not (a
link to hand over), and nothing changes on the staff until the invitee, logged in with that
e-mail (an existing account, or one they create), accepts it. They then join the staff of
that event only, with the role of the invitation. The history records the invitation, its
cancellation and its acceptance (``services.staff``).

A code is 24 random URL-safe characters (144 bits); only its SHA-256 is stored, so the link
is shown once. An invitation lasts ``INVITATION_DAYS`` and opens once; an event holds at most
``MAX_PENDING`` pending invitations. Services flush only.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlmodel import Session, col, select

from ..models.catalog import utcnow
from ..models.events import Event, EventJudge, User
from ..models.history import HISTORY_STAFF_INVITED
from ..models.staff import StaffInvitation
from . import history, staff
from .access import STAFF_ROLES, require_organizer
from .accounts import EMAIL_RE, normalize_email
from .errors import Conflict, NotFound, ServiceError

INVITATION_DAYS = 7
MAX_PENDING = 50  # pending invitations per event
CODE_MAX = 64     # characters of a code read from a URL (a real one has 24)

# One answer for a code that never existed, was used, cancelled or expired.
GONE = "Esa invitación no existe, ya se usó, se anuló o venció: pide una nueva al organizador."
OTHER_EMAIL = ("Esta invitación es para otro correo: entra (o crea tu cuenta) con el correo al "
               "que te invitaron.")


def _hash(code: str) -> str:
    return hashlib.sha256((code or "")[:CODE_MAX].encode("utf-8", "replace")).hexdigest()


def _aware(value: datetime) -> datetime:
    """SQLite gives back naive datetimes (stored in UTC)."""
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def is_pending(invitation: StaffInvitation, now: datetime | None = None) -> bool:
    return (invitation.accepted_at is None and invitation.cancelled_at is None
            and _aware(invitation.expires_at) > (now or utcnow()))


@dataclass(frozen=True)
class Created:
    invitation: StaffInvitation
    code: str  # shown once: the link is /invitaciones/<code>


def invite(session: Session, actor: User, event: Event, email: str, role: str = "juez") -> Created:
    """A new invitation for ``email`` to the event's staff as ``role``: the same whether an
    account with that e-mail exists or not. A pending invitation of the same e-mail is
    replaced (its link stops working)."""
    require_organizer(actor, event, session)
    if role not in STAFF_ROLES:
        raise ServiceError(f"Rol desconocido: {role} (usa {' u '.join(STAFF_ROLES)}).", "email")
    address = normalize_email(email)
    if len(address) > 254 or not EMAIL_RE.match(address):
        raise ServiceError("El correo no es válido.", "email")
    now = utcnow()
    pending = [i for i in session.exec(select(StaffInvitation).where(
        col(StaffInvitation.event_id) == event.id, col(StaffInvitation.accepted_at).is_(None),
        col(StaffInvitation.cancelled_at).is_(None))).all() if is_pending(i, now)]
    for old in pending:
        if old.email == address:
            old.cancelled_at = now
            session.add(old)
    if len([i for i in pending if i.email != address]) >= MAX_PENDING:
        raise Conflict(f"Este evento ya tiene {MAX_PENDING} invitaciones pendientes: anula "
                       "alguna antes de invitar a otra persona.", "email")
    code = secrets.token_urlsafe(18)
    invitation = StaffInvitation(event_id=event.pk, email=address, role=role,
                                 code_hash=_hash(code), created_by_id=actor.id, created_at=now,
                                 expires_at=now + timedelta(days=INVITATION_DAYS))
    session.add(invitation)
    session.flush()
    history.record(session, event, actor, HISTORY_STAFF_INVITED,
                   f"{staff.who(actor)} invitó a {address} al equipo como "
                   f"{staff.ROLE_LABELS.get(role, role)}.",
                   after={"email": address, "role": role, "invitation": invitation.id})
    return Created(invitation, code)


def find(session: Session, code: str) -> tuple[StaffInvitation, Event]:
    """The pending invitation of ``code`` and its event, or NotFound (one message for all)."""
    invitation = session.exec(select(StaffInvitation).where(
        StaffInvitation.code_hash == _hash(code))).first()
    event = session.get(Event, invitation.event_id) if invitation is not None else None
    if invitation is None or event is None or not is_pending(invitation):
        raise NotFound(GONE)
    return invitation, event


def inviter_name(session: Session, invitation: StaffInvitation) -> str:
    return staff.who(session.get(User, invitation.created_by_id)
                     if invitation.created_by_id else None)


def accept(session: Session, user: User, code: str) -> tuple[Event, EventJudge | None]:
    """``user`` (logged in with the invited e-mail) joins the event's staff with the
    invitation's role; the invitation is used up. The owner keeps being the owner."""
    invitation, event = find(session, code)
    if normalize_email(user.email) != invitation.email:
        raise ServiceError(OTHER_EMAIL)
    invitation.accepted_at = utcnow()
    invitation.accepted_by_id = user.id
    session.add(invitation)
    if event.organizer_id == user.id:
        session.flush()
        return event, None
    row = session.exec(select(EventJudge).where(EventJudge.event_id == event.id,
                                                EventJudge.user_id == user.id)).first()
    previous = row.role if row is not None else None
    if row is None:
        row = EventJudge(event_id=event.pk, user_id=user.pk, role=invitation.role)
    row.role = invitation.role
    session.add(row)
    session.flush()
    if previous != invitation.role:
        staff.record_added(session, user, event, user, invitation.role, previous,
                           invited_by=inviter_name(session, invitation))
    return event, row


def pending(session: Session, event: Event) -> list[StaffInvitation]:
    """The event's invitations still waiting, oldest first (the panel lists them)."""
    now = utcnow()
    rows = session.exec(select(StaffInvitation).where(
        col(StaffInvitation.event_id) == event.id, col(StaffInvitation.accepted_at).is_(None),
        col(StaffInvitation.cancelled_at).is_(None)).order_by(col(StaffInvitation.id))).all()
    return [row for row in rows if is_pending(row, now)]


def cancel(session: Session, actor: User, event: Event, invitation_id: int) -> StaffInvitation:
    """The owner or a co-organizer cancels a pending invitation (its link stops working)."""
    require_organizer(actor, event, session)
    invitation = session.get(StaffInvitation, invitation_id)
    if invitation is None or invitation.event_id != event.id or not is_pending(invitation):
        raise NotFound("Esa invitación no está pendiente en este evento.")
    invitation.cancelled_at = utcnow()
    session.add(invitation)
    session.flush()
    history.record(session, event, actor, HISTORY_STAFF_INVITED,
                   f"{staff.who(actor)} anuló la invitación de {invitation.email} "
                   f"({staff.ROLE_LABELS.get(invitation.role, invitation.role)}).",
                   before={"email": invitation.email, "role": invitation.role,
                           "invitation": invitation.id})
    return invitation
