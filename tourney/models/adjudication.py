"""Adjudicated game records: one row per upload of a recorded game of a match.

A judge (or organizer) uploads the record of game 1, 2 or 3 of a match; the service replays it
with the rules engine and stores the record as sent, the engine's verdict (JSON), the deck
check of the record against the registrations and the §11 swaps of that game, and who sent
it. A corrected record is a new row with the next ``revision``: the history is kept, the
latest revision is the one that counts.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Optional

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field

from .catalog import utcnow
from .rows import IdRow

SOURCE_TEXT = "texto"      # pasted into the form
SOURCE_FILE = "archivo"    # uploaded as a .jsonl file
SOURCE_CLI = "cli"         # `tourney adjudicate FILE --event --match --game`
SOURCE_TABLE = "mesa"      # played at a play table of the event (services.play_match)
SOURCES = (SOURCE_TEXT, SOURCE_FILE, SOURCE_CLI, SOURCE_TABLE)


def _text(default: str) -> Any:
    return Field(default=default, sa_column=Column(Text, nullable=False, default=default))


class Adjudication(IdRow, table=True):
    __tablename__ = "adjudication"
    __table_args__ = (
        UniqueConstraint("match_id", "game", "revision", name="uq_adjudication_revision"),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    game: int  # 1, 2 or 3: the game of the match this record is
    revision: int = 1  # 1 = first upload; a corrected record adds one
    uploaded_by: Optional[int] = Field(default=None, foreign_key="app_user.id")
    uploaded_at: datetime = Field(default_factory=utcnow)
    source: str = Field(default=SOURCE_TEXT, max_length=10)
    filename: str = Field(default="", max_length=255)
    record_text: str = _text("")
    # the record's player ids -> registration ids, e.g. {"A": 12, "B": 7}
    players_json: str = _text("{}")
    verdict_json: str = _text("{}")  # the engine's verdict, as its JSON output
    # {"players": [one entry per player], "notes": [...]} (services.record_deck)
    deck_check_json: str = _text("{}")
    # copied from the verdict for lists and exports
    status: str = Field(default="", max_length=20)  # finished | unfinished | illegal
    line: Optional[int] = None  # the first illegal line
    rule: Optional[str] = Field(default=None, max_length=40)
    winner_id: Optional[int] = Field(default=None, foreign_key="registration.id")
    decks_ok: bool = False  # every deck in the record matches its registration + swaps

    @property
    def verdict(self) -> dict:
        return json.loads(self.verdict_json or "{}")

    @property
    def deck_check(self) -> dict:
        return json.loads(self.deck_check_json or "{}")

    @property
    def players(self) -> dict[str, int]:
        return {k: int(v) for k, v in json.loads(self.players_json or "{}").items()}
