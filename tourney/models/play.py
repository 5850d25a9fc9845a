"""Play tables (migration 0011, issue 24): a game two players play in the browser.

The game *is* its record: ``record`` holds the JSON Lines (header first) and ``version``
counts the lines, so every process serves the same table from the database and a reload
resumes it. The castle order comes from a commit-reveal (``tourney.engine.shuffle``): the
server's seed stays here, unpublished, until the game ends.
"""
from __future__ import annotations

from datetime import datetime
from typing import Optional

from sqlalchemy import Column, Text
from sqlmodel import Field

from .catalog import utcnow
from .rows import IdRow

TABLE_WAITING = "esperando"   # the second seat is free
TABLE_PLAYING = "jugando"
TABLE_PAUSED = "pausada"      # «llamar al juez»
TABLE_FINISHED = "terminada"
TABLE_STATUSES = (TABLE_WAITING, TABLE_PLAYING, TABLE_PAUSED, TABLE_FINISHED)


class PlayTable(IdRow, table=True):
    __tablename__ = "play_table"

    id: Optional[int] = Field(default=None, primary_key=True)
    token: str = Field(max_length=40, unique=True, index=True)  # the table's link
    status: str = Field(default=TABLE_WAITING, max_length=12)
    seat_a_id: int = Field(foreign_key="app_user.id", index=True)
    seat_b_id: Optional[int] = Field(default=None, foreign_key="app_user.id", index=True)
    deck_a: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    deck_b: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    server_seed: str = Field(max_length=64)
    seed_commit: str = Field(max_length=64)
    seed_a: str = Field(default="", max_length=128)
    seed_b: str = Field(default="", max_length=128)
    record: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    version: int = Field(default=0)  # bumped by every change a seat must see
    # a manual effect line waiting for the opponent: {"seat": "A", "action": {...}, "reason"}
    proposal: str = Field(default="", sa_column=Column(Text, nullable=False, default=""))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    # migration 0013: a game of an event's match (None: a casual table); one row per game
    match_id: Optional[int] = Field(default=None, foreign_key="match.id", index=True)
    game_no: int = Field(default=1, sa_column_kwargs={"server_default": "1"})
    # a judge's take-backs: [{"judge", "reason", "line", "action", "at"}] (services.play_match)
    judge_log: str = Field(default="[]", sa_column=Column(Text, nullable=False, default="[]",
                                                          server_default="[]"))
