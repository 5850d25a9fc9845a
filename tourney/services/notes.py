"""Page notes: a summary shown once on the next page, stored server-side (issue 15).

``store`` keeps ``(text, category)`` lines for a user and returns a token for the redirect's
URL; ``take`` reads them once (only for the same user) and deletes them. Notes older than a
day are dropped when a new one is stored. Services flush only.
"""
from __future__ import annotations

import json
import secrets
from datetime import timedelta

from sqlmodel import Session, col, delete

from ..models.catalog import utcnow
from ..models.staff import PageNote

MAX_AGE = timedelta(days=1)


def store(session: Session, user_id: int | None, lines: list[tuple[str, str]]) -> str:
    session.exec(delete(PageNote).where(col(PageNote.created_at) < utcnow() - MAX_AGE))
    token = secrets.token_urlsafe(24)
    session.add(PageNote(token=token, user_id=user_id, body=json.dumps(lines, ensure_ascii=False)))
    session.flush()
    return token


def take(session: Session, user_id: int | None, token: str | None) -> list[tuple[str, str]]:
    if not token:
        return []
    note = session.get(PageNote, token[:64])
    if note is None or note.user_id != user_id:
        return []
    lines = [tuple(x) for x in json.loads(note.body or "[]")]
    session.delete(note)
    session.flush()
    return lines
