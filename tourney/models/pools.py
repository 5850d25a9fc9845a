"""Sellado and Lanzamiento tables: the event's sealed settings and each player's pool.

* ``sealed_event``: one row per sealed event: the Mazo Castillo size the organizer chose, the
  edition(s) of the pool, whether players may type their own pool at the table, and when the
  organizer locked the pools (deck building starts after that; a locked pool never changes).
* ``player_pool``: one row per registration: the pool as opened (one entry per product and
  printing, JSON), how it was entered, and its lock.

The deck built from the pool is an ordinary ``decklist_submission`` (source ``pool``) whose
Mazo de Soporte is the rest of the pool, so swaps, deck checks, Swiss and standings read it
like any other registered list.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Optional

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field

from .catalog import utcnow
from .rows import IdRow

POOL_SOURCES = ("texto", "xlsx", "productos", "demo")


def _text(default: str) -> Any:
    return Field(default=default, sa_column=Column(Text, nullable=False, default=default))


class SealedEvent(IdRow, table=True):
    __tablename__ = "sealed_event"
    __table_args__ = (UniqueConstraint("event_id", name="uq_sealed_event"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    castle_size: int = 40
    editions_json: str = _text("[]")  # edition slugs of the pool
    player_entry: bool = False  # players may type their own pool (the organizer locks it)
    pools_locked_at: Optional[datetime] = None
    locked_by: Optional[int] = Field(default=None, foreign_key="app_user.id")
    created_at: datetime = Field(default_factory=utcnow)

    @property
    def editions(self) -> list[str]:
        return json.loads(self.editions_json or "[]")

    @property
    def locked(self) -> bool:
        return self.pools_locked_at is not None


class PlayerPool(IdRow, table=True):
    __tablename__ = "player_pool"
    __table_args__ = (UniqueConstraint("registration_id", name="uq_player_pool"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    registration_id: int = Field(foreign_key="registration.id")
    cards_json: str = _text("[]")  # [{"code", "name", "identity", "qty", "product"}]
    card_count: int = 0
    source: str = Field(default="texto", max_length=20)
    raw_text: str = _text("")
    entered_by: Optional[int] = Field(default=None, foreign_key="app_user.id")
    entered_at: datetime = Field(default_factory=utcnow)
    locked_at: Optional[datetime] = None
    locked_by: Optional[int] = Field(default=None, foreign_key="app_user.id")

    @property
    def cards(self) -> list[dict]:
        return json.loads(self.cards_json or "[]")

    @property
    def locked(self) -> bool:
        return self.locked_at is not None
