"""Events: creation, registration, players at the desk, drops, judges, publication.

Every function takes the Session and the acting User, checks the actor's rights
(``tourney.services.access``, import the checks from there), flushes and never commits (the request edge
or the CLI command commits).
"""
from __future__ import annotations

from datetime import date as date_type, datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from ..models.catalog import utcnow
from ..models.events import (
    EVENT_FINISHED, ROUND_SWISS, Event, EventJudge, ForbiddenPair, Registration, Round, User,
)
from ..swiss import MAX_ASSIGNED_BYES, TOP_CUT_SIZES
from .access import STAFF_ROLES, require_organizer
from . import staff
from .names import clean_name, player_name
from .accounts import normalize_email
from .errors import Conflict, Forbidden, NotFound, ServiceError
from .rounds.reads import event_rounds
from ..collation import spanish_sorted

TOP_CUTS = TOP_CUT_SIZES  # tourney.swiss


def get_event(session: Session, event_id: int) -> Event:
    event = session.get(Event, event_id)
    if event is None:
        raise NotFound("No existe ese evento.")
    return event


def find_event(session: Session, event_id: int) -> Event | None:
    """The event, or None (the views' lookup: they read no model themselves)."""
    return session.get(Event, event_id)


def registration_name(session: Session, registration_id: int) -> str:
    registration = session.get(Registration, registration_id)
    return registration.name if registration is not None else ""


def user_name(session: Session, user_id: int) -> str:
    user = session.get(User, user_id)
    return user.name if user is not None else ""


def registration_of(session: Session, actor: User | None, event: Event) -> Registration | None:
    if actor is None or not getattr(actor, "is_authenticated", False):
        return None
    return session.exec(select(Registration).where(
        Registration.event_id == event.id, Registration.user_id == actor.id)).first()


def get_registration(session: Session, event: Event, registration_id: int) -> Registration:
    reg = session.get(Registration, registration_id)
    if reg is None or reg.event_id != event.id:
        raise NotFound("Ese jugador no está inscrito en este evento.")
    return reg


def players(session: Session, event: Event) -> list[Registration]:
    """The event's players in Spanish alphabetical order (tourney.collation)."""
    return spanish_sorted(session.exec(select(Registration).where(Registration.event_id == event.id)
                                       .order_by(col(Registration.id))), key=lambda r: r.name)


def rounds_played(session: Session, event: Event) -> int:
    return session.exec(select(func.count()).select_from(Round)
                        .where(Round.event_id == event.id)).one()


# -- organizer actions ---------------------------------------------------------------------
def create_event(session: Session, actor: User, *, name: str, date: date_type, format_id: str,
                 formats: dict, venue: str = "", rounds_planned: int | None = None,
                 top_cut: int = 0, registration_deadline: datetime | None = None,
                 decklist_deadline: datetime | None = None, support_required: bool = True,
                 seed: int | None = None, page_size: str = "A4") -> Event:
    require_organizer(actor)
    values = _event_values(name=name, date=date, format_id=format_id, formats=formats,
                           venue=venue, rounds_planned=rounds_planned, top_cut=top_cut,
                           registration_deadline=registration_deadline,
                           decklist_deadline=decklist_deadline,
                           support_required=support_required, page_size=page_size)
    event = Event(**values, organizer_id=actor.pk,
                  seed=seed if seed is not None else int(utcnow().timestamp()) % 1_000_000)
    session.add(event)
    session.flush()
    return event


PAGE_SIZES = ("A4", "Letter")


def _event_values(*, name, date, format_id, formats, venue, rounds_planned, top_cut,
                  registration_deadline, decklist_deadline, support_required,
                  page_size) -> dict:
    name = clean_name(name, "name", "El nombre del evento")
    if not name:
        raise ServiceError("El evento necesita un nombre.", "name")
    if format_id not in formats:
        raise ServiceError(f"Formato desconocido: {format_id}.", "format_id")
    if rounds_planned is not None and not 1 <= rounds_planned <= 20:
        raise ServiceError("Las rondas deben ser entre 1 y 20 (o «recomendadas»).",
                           "rounds_planned")
    if top_cut not in TOP_CUTS:
        raise ServiceError("El corte debe ser 0, 4, 8 o 16 jugadores.", "top_cut")
    if registration_deadline and decklist_deadline and decklist_deadline < registration_deadline:
        raise ServiceError("El cierre de listas no puede ser antes del cierre de inscripciones.",
                           "decklist_deadline")
    if page_size not in PAGE_SIZES:
        raise ServiceError("El tamaño de página debe ser A4 o carta (Letter).", "page_size")
    return dict(name=name.strip(), date=date, venue=(venue or "").strip(), format_id=format_id,
                rounds_planned=rounds_planned, top_cut=top_cut,
                registration_deadline=registration_deadline,
                decklist_deadline=decklist_deadline, support_required=support_required,
                page_size=page_size)


def update_event(session: Session, actor: User, event: Event, *, formats: dict,
                 **fields) -> list[str]:
    """Edit an event after creation. The format cannot change once a round is paired (lists
    were validated against it). Returns notes on consequences, in Spanish."""
    require_organizer(actor, event, session)
    values = _event_values(formats=formats, **fields)
    notes = []
    played = rounds_played(session, event)
    if values["format_id"] != event.format_id:
        if played:
            raise ServiceError("No se puede cambiar el formato: ya hay rondas emparejadas.",
                               "format_id")
        notes.append("Cambió el formato: las listas ya enviadas se revisaron con el formato "
                     "anterior; pide a los jugadores que las vuelvan a enviar.")
    if values["top_cut"] != event.top_cut and played:
        if any(r.kind != ROUND_SWISS for r in event_rounds(session, event)):
            raise ServiceError("No se puede cambiar el corte: el corte final ya empezó.", "top_cut")
    if values["decklist_deadline"] != event.decklist_deadline:
        notes.append("Cambió el cierre de listas: la lista inscrita de cada jugador es la última "
                     "legal enviada antes del nuevo cierre.")
    for key, value in values.items():
        setattr(event, key, value)
    session.add(event)
    session.flush()
    return notes


def set_registration_open(session: Session, actor: User, event: Event, is_open: bool) -> None:
    require_organizer(actor, event, session)
    if is_open and event.status == EVENT_FINISHED:
        raise ServiceError("El evento ya terminó: no se pueden abrir las inscripciones.")
    event.registration_open = is_open
    session.add(event)
    session.flush()


def _insert_registration(session: Session, reg: Registration) -> Registration:
    session.add(reg)
    try:
        session.flush()
    except IntegrityError:
        raise Conflict("Ese jugador ya está inscrito en este evento.") from None
    return reg


def register_self(session: Session, actor: User, event: Event,
                  now: datetime | None = None) -> Registration:
    """A player signs up (idempotent: signing up twice returns the same registration)."""
    if actor is None or not getattr(actor, "is_authenticated", False):
        raise Forbidden("Inicia sesión para inscribirte.")
    existing = registration_of(session, actor, event)
    if existing is not None:
        return existing
    now = now or utcnow()
    if not event.registration_open or event.status == EVENT_FINISHED:
        raise ServiceError("Las inscripciones de este evento están cerradas.")
    if event.registration_deadline and now > event.registration_deadline:
        raise ServiceError("Pasó el plazo de inscripción: pide al organizador que te inscriba "
                           "en la mesa.")
    return _insert_registration(session, Registration(
        event_id=event.pk, user_id=actor.pk, name=player_name(actor.name, None)))


MAX_BYES = MAX_ASSIGNED_BYES  # tourney.swiss


def add_player_at_desk(session: Session, actor: User, event: Event, name: str,
                       email: str | None = None, with_losses: bool = False, *,
                       external_id: str | None = None, byes: int = 0,
                       link_unknown_email: bool = False) -> Registration:
    """The organizer enters a player (late entries too: 0 points, or a loss per round played).

    ``email`` of an account links the registration to it. Without an account the e-mail is
    kept on the registration when ``link_unknown_email`` (else it is an error, as a typo in an
    account's e-mail usually is). ``external_id``: the player's ID (unique in the event).
    ``byes``: byes assigned in advance (rounds 1..byes)."""
    require_organizer(actor, event, session)
    name = clean_name(name, "name", "El nombre del jugador")
    if not name:
        raise ServiceError("Escribe el nombre del jugador.", "name")
    if not isinstance(byes, int) or not 0 <= byes <= MAX_BYES:
        raise ServiceError(f"Los byes asignados deben ser de 0 a {MAX_BYES}.", "byes")
    if byes and rounds_played(session, event):
        raise ServiceError("Los byes asignados de antemano son para las primeras rondas: ya hay "
                           "rondas emparejadas.", "byes")
    user_id = None
    kept_email = None
    account_name = None
    if email and email.strip():
        address = normalize_email(email)
        user = session.exec(select(User).where(User.email == address)).first()
        if user is None:
            if not link_unknown_email:
                raise ServiceError("No hay ninguna cuenta con ese correo (deja el campo vacío "
                                   "para inscribir sin cuenta).", "email")
            kept_email = address
        else:
            user_id, account_name = user.id, user.name
            if registration_of(session, user, event) is not None:
                raise Conflict("Esa cuenta ya está inscrita en este evento.", "email")
    external_id = (external_id or "").strip() or None
    if external_id is not None:
        taken = session.exec(select(Registration).where(
            Registration.event_id == event.id, Registration.external_id == external_id)).first()
        if taken is not None:
            raise Conflict(f"El ID {external_id} ya es de {taken.name}.", "external_id")
    late = rounds_played(session, event) if with_losses else 0
    return _insert_registration(session, Registration(
        event_id=event.pk, user_id=user_id, name=player_name(account_name, name),
        late_losses=late, byes=byes,
        email=kept_email, external_id=external_id))


def forbidden_pairs(session: Session, event: Event) -> list[tuple]:
    """(ForbiddenPair, Registration x, Registration y) of the event."""
    rows = session.exec(select(ForbiddenPair).where(ForbiddenPair.event_id == event.id)
                        .order_by(col(ForbiddenPair.id))).all()
    regs = {r.id: r for r in players(session, event)}
    return [(row, regs.get(row.player_x_id), regs.get(row.player_y_id)) for row in rows]


def add_forbidden_pair(session: Session, actor: User, event: Event, x: int, y: int,
                       reason: str = "") -> None:
    """Two players who must not be paired (family…): tourney.swiss avoids the pair."""
    require_organizer(actor, event, session)
    if x == y:
        raise ServiceError("Elige dos jugadores distintos.", "player_y")
    for rid, fld in ((x, "player_x"), (y, "player_y")):
        reg = session.get(Registration, rid)
        if reg is None or reg.event_id != event.id:
            raise ServiceError("Ese jugador no está inscrito en este evento.", fld)
    a, b = sorted((x, y))
    session.add(ForbiddenPair(event_id=event.pk, player_x_id=a, player_y_id=b,
                              reason=(reason or "").strip()[:200]))
    try:
        session.flush()
    except IntegrityError:
        raise Conflict("Esa pareja ya está registrada.", "player_y") from None


def remove_forbidden_pair(session: Session, actor: User, event: Event, pair_id: int) -> None:
    require_organizer(actor, event, session)
    row = session.get(ForbiddenPair, pair_id)
    if row is None or row.event_id != event.id:
        raise NotFound("Esa pareja no existe en este evento.")
    session.delete(row)
    session.flush()


def set_byes(session: Session, actor: User, event: Event, registration: Registration,
             byes: int) -> None:
    """Byes assigned in advance, before round 1 is paired."""
    require_organizer(actor, event, session)
    if not 0 <= byes <= MAX_BYES:
        raise ServiceError(f"Los byes asignados deben ser de 0 a {MAX_BYES}.", "byes")
    if rounds_played(session, event):
        raise ServiceError("Los byes asignados se cambian antes de emparejar la ronda 1.", "byes")
    registration.byes = byes
    session.add(registration)
    session.flush()


def set_dropped(session: Session, actor: User, event: Event, registration: Registration,
                dropped: bool) -> None:
    require_organizer(actor, event, session)
    if registration.event_id != event.id:
        raise NotFound("Ese jugador no está inscrito en este evento.")
    registration.dropped = dropped
    session.add(registration)
    session.flush()


def add_judge(session: Session, actor: User, event: Event, email: str,
              role: str = "juez") -> EventJudge:
    """Add an account to the event's staff: a judge ("juez") or a co-organizer
    ("organizador"), who may then do on this event what its owner does (services.access)."""
    require_organizer(actor, event, session)
    if role not in STAFF_ROLES:
        raise ServiceError(f"Rol desconocido: {role} (usa {' u '.join(STAFF_ROLES)}).", "email")
    user = session.exec(select(User).where(User.email == normalize_email(email))).first()
    if user is None:
        raise ServiceError("No hay ninguna cuenta con ese correo.", "email")
    existing = session.exec(select(EventJudge).where(
        EventJudge.event_id == event.id, EventJudge.user_id == user.id)).first()
    if existing is not None:
        if existing.role != role:
            previous, existing.role = existing.role, role
            session.add(existing)
            session.flush()
            staff.record_added(session, actor, event, user, role, previous)
        return existing
    judge = EventJudge(event_id=event.pk, user_id=user.pk, role=role)
    session.add(judge)
    session.flush()
    staff.record_added(session, actor, event, user, role, None)
    return judge


def judges(session: Session, event: Event) -> list[User]:
    return list(session.exec(select(User).join(EventJudge, col(EventJudge.user_id) == User.id)
                             .where(EventJudge.event_id == event.id).order_by(User.name)))


def set_decklists_published(session: Session, actor: User, event: Event, published: bool) -> None:
    require_organizer(actor, event, session)
    event.decklists_published = published
    session.add(event)
    session.flush()


def finish_event(session: Session, actor: User, event: Event) -> None:
    require_organizer(actor, event, session)
    event.status = EVENT_FINISHED
    event.registration_open = False
    session.add(event)
    session.flush()


def list_events(session: Session) -> list[Event]:
    return list(session.exec(select(Event).order_by(col(Event.date).desc(), col(Event.id).desc())))


