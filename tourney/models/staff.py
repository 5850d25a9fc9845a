"""Tables of the security work (issue 15, migration 0005): server-side page notes."""
from __future__ import annotations

from datetime import datetime
from typing import Optional

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from .catalog import utcnow


class PageNote(SQLModel, table=True):
    """A long message for one user's next page (an import summary of 500 lines), kept in the
    database instead of the session cookie (which browsers drop past ~4 KB)."""

    __tablename__ = "page_note"

    token: str = Field(primary_key=True, max_length=64)
    user_id: Optional[int] = Field(default=None, foreign_key="app_user.id", index=True)
    body: str = Field(default="[]", sa_column=Column(Text, nullable=False, default="[]"))
    created_at: datetime = Field(default_factory=utcnow)
