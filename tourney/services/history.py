"""The event's history: every change that matters after the fact, with who, when, what, why.

``record`` adds one row (flush, never commit); ``entries`` reads them for the history page
(the event's staff only). Rows are never updated or deleted: an undo is a new row naming the
row it undoes. Other areas record their own changes here (staff added or removed…) with the
kinds of ``tourney.models.history``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from ..models.events import Event, User
from ..models.history import (
    HISTORY_KINDS, HISTORY_UNDO, REASON_MAX, SUMMARY_MAX, EventHistory,
)
from .access import require_judge
from .errors import ServiceError


def clean_reason(reason: str | None, *, required: bool = False) -> str:
    """The «motivo» of a change: trimmed, at most REASON_MAX characters (else a clear error)."""
    text = " ".join((reason or "").split())
    if required and not text:
        raise ServiceError("Escribe el motivo de la corrección (queda en el historial).",
                           "reason")
    if len(text) > REASON_MAX:
        raise ServiceError(f"El motivo es demasiado largo: {len(text)} caracteres (máximo "
                           f"{REASON_MAX}).", "reason")
    return text


def record(session: Session, event: Event, actor: User | None, kind: str, summary: str, *,
           reason: str = "", match_id: int | None = None, subject_user_id: int | None = None,
           before: dict[str, Any] | None = None, after: dict[str, Any] | None = None,
           undoes: EventHistory | None = None) -> EventHistory:
    """Add one row to the event's history (``actor`` None: a command run on the machine)."""
    if kind not in HISTORY_KINDS:
        raise ValueError(f"unknown history kind {kind!r}")
    row = EventHistory(
        event_id=event.pk, actor_id=getattr(actor, "id", None),
        actor_name=(getattr(actor, "name", "") or getattr(actor, "email", "") or "")[:120],
        kind=kind, summary=summary[:SUMMARY_MAX], reason=clean_reason(reason),
        match_id=match_id, subject_user_id=subject_user_id,
        before_json=json.dumps(before or {}, ensure_ascii=False, sort_keys=True),
        after_json=json.dumps(after or {}, ensure_ascii=False, sort_keys=True),
        undoes_id=undoes.id if undoes is not None else None)
    session.add(row)
    session.flush()
    return row


@dataclass(frozen=True)
class Entry:
    """One history row as the page shows it; ``undone_by`` is the row that undid it."""

    row: EventHistory
    undone_by: EventHistory | None

    @property
    def undone(self) -> bool:
        return self.undone_by is not None


def rows(session: Session, event: Event, *, match_id: int | None = None,
         kind: str | None = None) -> list[EventHistory]:
    """The event's history rows, oldest first (no rights check: for services)."""
    query = select(EventHistory).where(EventHistory.event_id == event.id)
    if match_id is not None:
        query = query.where(EventHistory.match_id == match_id)
    if kind is not None:
        query = query.where(EventHistory.kind == kind)
    return list(session.exec(query.order_by(col(EventHistory.id))))


def entries(session: Session, actor: User | None, event: Event, *,
            match_id: int | None = None) -> list[Entry]:
    """The history page (the event's judges and organizers): newest first, each row with the
    row that undid it, if any."""
    require_judge(session, actor, event)
    every = rows(session, event)
    undone = {r.undoes_id: r for r in every if r.kind == HISTORY_UNDO and r.undoes_id}
    shown = [r for r in every if match_id is None or r.match_id == match_id]
    return [Entry(r, undone.get(r.pk)) for r in reversed(shown)]


def undoing(session: Session, row: EventHistory) -> EventHistory | None:
    """The row that undid ``row``, if any."""
    return session.exec(select(EventHistory).where(
        EventHistory.event_id == row.event_id, EventHistory.kind == HISTORY_UNDO,
        EventHistory.undoes_id == row.id)).first()
