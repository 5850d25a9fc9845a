"""The event's history (migration 0009): who changed what, when and why.

One row per change that matters after the fact: a result entered, corrected or undone, the
staff added or removed, an event finished. Rows are only ever added: an undo is a new row that
names the row it undoes (``undoes_id``), so the history keeps both. ``before_json`` and
``after_json`` hold what the change replaced and what it wrote (for a result: ``{"result",
"status"}``), enough to undo it; ``summary`` is the Spanish sentence the history page shows.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Optional

from sqlalchemy import Column, Text
from sqlmodel import Field

from .catalog import utcnow
from .rows import IdRow

# EventHistory.kind
HISTORY_RESULT = "resultado"          # a table's result entered or changed (open round)
HISTORY_CORRECTION = "correccion"     # an explicit correction of a closed round's result
HISTORY_UNDO = "deshacer"             # a correction undone (``undoes_id`` names it)
HISTORY_STAFF_ADDED = "equipo_alta"   # a judge or co-organizer added to the event's staff
HISTORY_STAFF_REMOVED = "equipo_baja"  # a judge or co-organizer removed from the staff
HISTORY_STAFF_INVITED = "equipo_invitacion"  # an invitation to the staff made or cancelled
HISTORY_EVENT = "evento"              # the event itself changed (finished, lists published…)
HISTORY_KINDS = (HISTORY_RESULT, HISTORY_CORRECTION, HISTORY_UNDO, HISTORY_STAFF_ADDED,
                 HISTORY_STAFF_REMOVED, HISTORY_STAFF_INVITED, HISTORY_EVENT)

SUMMARY_MAX = 500   # characters of the sentence shown
REASON_MAX = 500    # characters of the «motivo» an organizer writes


class EventHistory(IdRow, table=True):
    __tablename__ = "event_history"

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    at: datetime = Field(default_factory=utcnow)
    # who: the account (None: a command run on the machine without an account) and its name
    # as it was then (an account renamed later does not rewrite the history)
    actor_id: Optional[int] = Field(default=None, foreign_key="app_user.id")
    actor_name: str = Field(default="", max_length=120)
    kind: str = Field(max_length=20)
    summary: str = Field(default="", max_length=SUMMARY_MAX)
    reason: str = Field(default="", max_length=REASON_MAX)
    # the table a result change is about; no foreign key: the history outlives a table that
    # is later undone or paired again
    match_id: Optional[int] = Field(default=None, index=True)
    # the account a staff change is about (added or removed)
    subject_user_id: Optional[int] = Field(default=None, foreign_key="app_user.id")
    before_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))
    after_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))
    undoes_id: Optional[int] = Field(default=None, foreign_key="event_history.id")

    @property
    def before(self) -> dict[str, Any]:
        return json.loads(self.before_json or "{}")

    @property
    def after(self) -> dict[str, Any]:
        return json.loads(self.after_json or "{}")
