"""Who a player is across events (leagues, ratings, player pages), and their profile setting.

A player is their account when the registration has one («u12»); else the ID or e-mail the
organizer entered at the desk or in an import (a hash, never the ID itself: «x…»); else their
name, folded (accents, case and spacing ignored: «n…»). The same account in two events is one
player; two desk entries with the same ID are one player.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache

from sqlmodel import Session, select

from ..catalog.model import fold
from ..models.catalog import utcnow
from ..models.events import User
from ..models.leagues import PlayerProfile
from .errors import Forbidden


@lru_cache(maxsize=65536)
def player_key(user_id: int | None, external_id: str | None, name: str) -> str:
    if user_id:
        return f"u{user_id}"
    if external_id and external_id.strip():
        return "x" + hashlib.sha1(fold(external_id).encode()).hexdigest()[:12]
    return "n" + hashlib.sha1(fold(name).encode()).hexdigest()[:12]


def user_of_key(key: str) -> int | None:
    return int(key[1:]) if key.startswith("u") and key[1:].isdigit() else None


def hidden_users(session: Session) -> set[int]:
    return set(session.exec(select(PlayerProfile.user_id).where(PlayerProfile.hidden == True)))  # noqa: E712


def is_hidden(session: Session, key: str) -> bool:
    uid = user_of_key(key)
    if uid is None:
        return False
    row = session.exec(select(PlayerProfile).where(PlayerProfile.user_id == uid)).first()
    return bool(row and row.hidden)


def set_hidden(session: Session, actor: User | None, hidden: bool) -> None:
    """A player hides (or shows) their own public page; their results still count."""
    if actor is None or not getattr(actor, "is_authenticated", False):
        raise Forbidden("Entra con tu cuenta para cambiar tu perfil.")
    row = session.exec(select(PlayerProfile).where(PlayerProfile.user_id == actor.id)).first()
    if row is None:
        row = PlayerProfile(user_id=actor.pk)
    row.hidden = hidden
    row.updated_at = utcnow()
    session.add(row)
    session.flush()
