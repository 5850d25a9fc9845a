"""Tables of the security work: server-side page notes (issue 15, migration 0005) and staff
invitations (issue 26, finding 16, migration 0012)."""
from __future__ import annotations

from datetime import datetime
from typing import Optional

from sqlalchemy import Column, Text
from sqlmodel import Field, SQLModel

from .catalog import utcnow
from .rows import IdRow


class PageNote(SQLModel, table=True):
    """A long message for one user's next page (an import summary of 500 lines), kept in the
    database instead of the session cookie (which browsers drop past ~4 KB)."""

    __tablename__ = "page_note"

    token: str = Field(primary_key=True, max_length=64)
    user_id: Optional[int] = Field(default=None, foreign_key="app_user.id", index=True)
    body: str = Field(default="[]", sa_column=Column(Text, nullable=False, default="[]"))
    created_at: datetime = Field(default_factory=utcnow)


class StaffInvitation(IdRow, table=True):
    """An invitation to one event's staff (issue 26, finding 16): the owner or a co-organizer
    types an e-mail and gets a link to hand over; whoever accepts it, logged in with that
    e-mail, joins the staff of that event only. The form answers the same whether the e-mail
    has an account or not (no account enumeration). Only the code's SHA-256 is kept: the link
    is shown once. Used (``accepted_at``), cancelled (``cancelled_at``) or past
    ``expires_at``, it opens nothing."""

    __tablename__ = "staff_invitation"

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    email: str = Field(max_length=254)
    role: str = Field(max_length=20)
    code_hash: str = Field(max_length=64, unique=True, index=True)
    created_by_id: Optional[int] = Field(default=None, foreign_key="app_user.id")
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime
    accepted_at: Optional[datetime] = None
    accepted_by_id: Optional[int] = Field(default=None, foreign_key="app_user.id")
    cancelled_at: Optional[datetime] = None
