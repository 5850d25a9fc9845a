"""Decklist submissions: parse, validate (tourney.legality), keep history, lock them.

Lists lock at the decklist deadline or at the first pairing, whichever comes first (a deadline
set after the event starts does not keep them open), and a finished event is read-only for
everyone (issue 23). The registered list of a player is the last *legal* submission made
before the decklist deadline; every submission stays in the history.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, func
from sqlmodel import Session, col, select

from ..legality import DecklistError, DeckList, Verdict, parse_decklist, parse_decklist_xlsx, validate
from ..legality.decklist import check_unknown_names
from ..legality import swaps as support_rules
from ..models.catalog import utcnow
from ..models.events import (
    EVENT_FINISHED, EVENT_REGISTRATION, DecklistSubmission, Event, Registration, User,
)
from .access import is_organizer, owns
from .errors import Forbidden, ServiceError

XLSX_MAGIC = b"PK\x03\x04"
SOURCES = ("texto", "xlsx", "formulario")

SUPPORT_RULE = support_rules.RULE


@dataclass
class Checked:
    """The outcome of checking a decklist: the verdict as a dict plus the resolved deck."""

    verdict: dict
    resolved: dict  # {"castle": [{"code", "name", "qty"}], "support": [...]}
    legal: bool


def is_locked(session: Session, event: Event, now: datetime | None = None) -> bool:
    """Players' lists are closed: the first round was paired (or the event finished), or
    the decklist deadline passed."""
    return lock_reason(event, now) is not None


def lock_reason(event: Event, now: datetime | None = None) -> str | None:
    """Why players can no longer send lists (Spanish), None while they can."""
    if event.status == EVENT_FINISHED:
        return "el evento terminó"
    if event.status != EVENT_REGISTRATION:
        return "se emparejó la primera ronda"
    now = now or utcnow()
    if event.decklist_deadline is not None and now > _aware(event.decklist_deadline):
        return "pasó el plazo de entrega"
    return None


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def require_lists_open(session: Session, event: Event, organizer: bool,
                       now: datetime | None = None) -> None:
    """Players send lists until the lock; the organizers until the event is finished (a desk
    correction mid-event); nobody after it (a finished event is read-only)."""
    reason = lock_reason(event, now)
    if reason is None:
        return
    if event.status == EVENT_FINISHED:
        raise ServiceError("El evento terminó: las listas quedan como se jugaron (solo "
                           "lectura).")
    if not organizer:
        raise ServiceError(f"Las listas están cerradas: {reason}. Tu lista inscrita es la "
                           "última legal que enviaste antes del cierre.")


def _located(exc: Exception) -> str:
    """The parser's Spanish message, with its line number once."""
    text = str(exc)
    line = getattr(exc, "line", None)
    if line and not text.startswith("línea"):
        text = f"línea {line}: {text}"
    return text


# -- checking -----------------------------------------------------------------------------
def _entries(pairs) -> list[dict]:
    merged: dict[str, dict] = {}
    for card, qty in pairs:
        # games checked without a catalog (Magic, Sky World) have no codes: one line per name
        key = card.code or f"nombre:{card.identity or card.name}"
        entry = merged.setdefault(key, {"code": card.code or "", "name": card.name, "qty": 0})
        entry["qty"] += qty
    return list(merged.values())


def catalog_for(fmt, catalog):
    """The catalog a format is checked with: None for games whose catalog is optional
    (Magic, Sky World: cards checked by name), the imported one for Mitos y Leyendas."""
    if fmt is not None and not fmt.game.catalog_required:
        return None
    return catalog


def check_decklist(event: Event, fmt, catalog, *, text: str | None = None,
                   xlsx: bytes | None = None, filename: str | None = None) -> Checked:
    """Parse and validate without storing (the live verdict).

    Raises ServiceError when the list cannot be read."""
    return check_deck(event, fmt, catalog, read_deck(fmt, text=text, xlsx=xlsx,
                                                     filename=filename))[1]


def read_deck(fmt, *, text: str | None = None, xlsx: bytes | None = None,
              filename: str | None = None) -> DeckList:
    """Parse a decklist (text, or an XLSX upload) for ``fmt``'s game; ServiceError (naming
    the line, on the form field) when it cannot be read."""
    game = fmt.game if fmt is not None else None
    try:
        if xlsx is not None:
            wrong_name = filename and not filename.lower().endswith(".xlsx")
            if wrong_name or not xlsx.startswith(XLSX_MAGIC):
                raise ServiceError("El archivo no es una planilla XLSX (Excel): sube un .xlsx o "
                                   "pega la lista como texto.", "file")
            return parse_decklist_xlsx(xlsx, game)
        if text is None or not text.strip():
            raise ServiceError(f"La lista está vacía: pega el {fmt.main_name} y el "
                               f"{fmt.side_name}.", "text")
        return parse_decklist(text, game)
    except ServiceError:
        raise
    except Exception as exc:  # DecklistError and XLSX errors carry a Spanish message
        raise ServiceError(_located(exc), "file" if xlsx is not None else "text") from None


def check_deck(event: Event, fmt, catalog, deck: DeckList) -> tuple[Verdict, Checked]:
    """Validate a parsed list once (tourney.legality) for ``event``: the legality Verdict
    (with line numbers, for importers) and the Checked that a submission stores."""
    try:  # bounded work: more unknown names than the maximum are refused before suggesting
        check_unknown_names(deck, catalog_for(fmt, catalog))
    except DecklistError as exc:
        raise ServiceError(_located(exc), "text") from None
    verdict = support_rules.with_support_required(validate(deck, fmt, catalog_for(fmt, catalog)),
                                                  fmt, event.support_required)
    data = verdict.to_dict()
    legal = bool(verdict.legal)
    resolved = getattr(verdict, "resolved", None)
    castle = getattr(resolved, "castle", None) if resolved is not None else None
    support = getattr(resolved, "support", None) if resolved is not None else None
    if castle is None and isinstance(resolved, dict):
        castle, support = resolved.get("castle"), resolved.get("support")
    return verdict, Checked(verdict=data, resolved={"castle": _entries(castle or []),
                                                    "support": _entries(support or [])},
                            legal=legal)


def submit_decklist(session: Session, actor: User, event: Event, registration: Registration,
                    fmt, catalog, *, text: str | None = None, xlsx: bytes | None = None,
                    filename: str | None = None, source: str = "texto",
                    now: datetime | None = None,
                    checked: Checked | None = None) -> tuple[DecklistSubmission, Checked]:
    """Store a new submission (legal or not) with its verdict; refuse after the deadline.

    ``checked``: the list of ``text`` already checked (check_deck), so an import validates
    each list once."""
    organizer = is_organizer(actor, event, session)
    if not owns(actor, registration) and not organizer:
        raise Forbidden("Solo puedes enviar tu propia lista.")
    if registration.event_id != event.id:
        raise Forbidden("Ese jugador no está inscrito en este evento.")
    now = now or utcnow()
    require_lists_open(session, event, organizer, now)
    if source not in SOURCES:
        source = "texto"
    if not organizer:
        _check_submission_rate(session, registration, now)
    if checked is None:
        checked = check_decklist(event, fmt, catalog, text=text, xlsx=xlsx, filename=filename)
    raw = text if xlsx is None else _xlsx_as_text(checked.resolved, fmt)
    sub = DecklistSubmission(
        registration_id=registration.pk, submitted_by=actor.pk, source=source,
        raw_text=raw or "", resolved_json=json.dumps(checked.resolved, ensure_ascii=False),
        verdict_json=json.dumps(checked.verdict, ensure_ascii=False, default=str),
        legal=checked.legal, submitted_at=now)
    session.add(sub)
    session.flush()
    _prune_history(session, event, registration)
    return sub, checked


# Bounds of a player's submissions (issue 26, finding 5; docs/security.md)
SUBMISSIONS_PER_WINDOW = 20
SUBMISSION_WINDOW = timedelta(minutes=10)
MAX_HISTORY = 30  # submissions kept per registration (the newest legal one always stays)


def _check_submission_rate(session: Session, registration: Registration, now: datetime) -> None:
    recent = session.exec(select(func.count()).select_from(DecklistSubmission).where(
        DecklistSubmission.registration_id == registration.id,
        DecklistSubmission.submitted_at > now - SUBMISSION_WINDOW)).one()
    if recent >= SUBMISSIONS_PER_WINDOW:
        raise ServiceError(f"Enviaste {recent} listas en los últimos "
                           f"{int(SUBMISSION_WINDOW.total_seconds() // 60)} minutos (el máximo es "
                           f"{SUBMISSIONS_PER_WINDOW}): espera unos minutos y vuelve a enviarla.")


def _prune_history(session: Session, event: Event, registration: Registration) -> None:
    """Keep the newest MAX_HISTORY submissions, plus the newest legal one and the registered
    one (they can be older than those); older ones are deleted."""
    rows = session.exec(select(DecklistSubmission.id, DecklistSubmission.legal).where(
        DecklistSubmission.registration_id == registration.id).order_by(
        col(DecklistSubmission.submitted_at).desc(), col(DecklistSubmission.id).desc())).all()
    if len(rows) <= MAX_HISTORY:
        return
    keep = {row_id for row_id, _legal in rows[:MAX_HISTORY]}
    newest_legal = next((row_id for row_id, legal in rows if legal), None)
    if newest_legal is not None:
        keep.add(newest_legal)
    inscribed = registered(session, event, registration)
    if inscribed is not None:
        keep.add(inscribed.id)
    drop = [row_id for row_id, _legal in rows if row_id not in keep]
    if drop:
        session.exec(delete(DecklistSubmission).where(col(DecklistSubmission.id).in_(drop)))


def _xlsx_as_text(resolved: dict, fmt=None) -> str:
    """A resolved deck as decklist text with the game's own section headers."""
    game = fmt.game if fmt is not None else None
    main = game.main.name if game is not None else "Mazo Castillo"
    side = game.side.name if game is not None else "Mazo de Soporte"

    def line(e):
        return f"{e['qty']} {e['name']} ({e['code']})" if e.get("code") else \
            f"{e['qty']} {e['name']}"

    lines = [main] + [line(e) for e in resolved["castle"]]
    if resolved["support"]:
        lines += ["", side] + [line(e) for e in resolved["support"]]
    return "\n".join(lines) + "\n"


# -- reading ------------------------------------------------------------------------------
def history(session: Session, registration: Registration) -> list[DecklistSubmission]:
    return list(session.exec(select(DecklistSubmission)
                             .where(DecklistSubmission.registration_id == registration.id)
                             .order_by(col(DecklistSubmission.submitted_at).desc(),
                                       col(DecklistSubmission.id).desc())))


def registered(session: Session, event: Event,
               registration: Registration) -> DecklistSubmission | None:
    """The last legal submission made before the decklist deadline."""
    query = (select(DecklistSubmission)
             .where(DecklistSubmission.registration_id == registration.id,
                    DecklistSubmission.legal == True)  # noqa: E712
             .order_by(col(DecklistSubmission.submitted_at).desc(), col(DecklistSubmission.id).desc()))
    if event.decklist_deadline is not None:
        query = query.where(DecklistSubmission.submitted_at <= event.decklist_deadline)
    return session.exec(query).first()


def registered_by_player(session: Session, event: Event) -> dict[int, DecklistSubmission]:
    """Registered list per registration id, in one query (for lists, metagame, dashboards)."""
    query = (select(DecklistSubmission).join(Registration,
                                             col(Registration.id) == DecklistSubmission.registration_id)
             .where(Registration.event_id == event.id, DecklistSubmission.legal == True)  # noqa: E712
             .order_by(col(DecklistSubmission.submitted_at), col(DecklistSubmission.id)))
    if event.decklist_deadline is not None:
        query = query.where(DecklistSubmission.submitted_at <= event.decklist_deadline)
    out: dict[int, DecklistSubmission] = {}
    for sub in session.exec(query):
        out[sub.registration_id] = sub  # later rows win
    return out


def deck_text(resolved: dict, fmt=None) -> str:
    return _xlsx_as_text(resolved, fmt)
