"""Event tables: accounts, events, registrations, decklists, rounds, matches, swaps, deck checks.

Integrity lives in the schema where it can: one account per e-mail, one registration per
account per event, one round number per event, one seat per player per round (so a player
can never be in two matches of the same round), one table number per round, one result report
per player per match, one swap record per player per match per game.
"""
from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any, Optional

from flask_login import UserMixin
from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field

from .catalog import utcnow
from .rows import IdRow

ROLE_PLAYER = "jugador"
ROLE_ORGANIZER = "organizador"
ROLES = (ROLE_PLAYER, ROLE_ORGANIZER)

# Event.status
EVENT_REGISTRATION = "inscripcion"
EVENT_RUNNING = "en_curso"
EVENT_FINISHED = "finalizado"

# Round.kind
ROUND_SWISS = "suizo"
ROUND_TOP_CUT = "corte"  # single elimination after the Swiss rounds

SWAP_SECONDS = 120  # seed 000 §11: time allowed for the Mazo de Soporte swaps between games

# Match.status
MATCH_PENDING = "pendiente"      # no result yet
MATCH_REPORTED = "reportado"     # one player reported; waiting for the opponent
MATCH_DISPUTED = "disputado"     # the players disagree: the organizer decides
MATCH_CONFIRMED = "confirmado"   # final (both players agreed, or the organizer entered it)

# the states above by name: templates compare with these (tourney.create_app makes them globals)
STATES = {"EVENT_REGISTRATION": EVENT_REGISTRATION, "EVENT_RUNNING": EVENT_RUNNING,
          "EVENT_FINISHED": EVENT_FINISHED, "ROUND_SWISS": ROUND_SWISS, "ROUND_TOP_CUT": ROUND_TOP_CUT,
          "MATCH_PENDING": MATCH_PENDING, "MATCH_REPORTED": MATCH_REPORTED,
          "MATCH_DISPUTED": MATCH_DISPUTED, "MATCH_CONFIRMED": MATCH_CONFIRMED}


def _json_text(default: str = "{}") -> Any:
    return Field(default=default, sa_column=Column(Text, nullable=False, default=default))


class User(UserMixin, IdRow, table=True):
    __tablename__ = "app_user"
    __table_args__ = (UniqueConstraint("email", name="uq_user_email"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    email: str = Field(max_length=254)
    name: str = Field(max_length=120)
    password_hash: str = Field(max_length=255)
    role: str = Field(default=ROLE_PLAYER, max_length=20)
    created_at: datetime = Field(default_factory=utcnow)
    # bumped by logout and password change: sessions signed with an older value are revoked
    session_version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})

    def get_id(self) -> str:  # flask-login: the session names the user and its version
        return f"{self.id}:{self.session_version or 0}"

    @property
    def is_organizer(self) -> bool:
        return self.role == ROLE_ORGANIZER


class Event(IdRow, table=True):
    __tablename__ = "event"

    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    date: date
    venue: str = Field(default="", max_length=200)
    format_id: str = Field(max_length=80)
    rounds_planned: Optional[int] = None  # None = recommended by player count
    top_cut: int = 0  # 0, 4, 8 or 16
    registration_deadline: Optional[datetime] = None
    decklist_deadline: Optional[datetime] = None
    support_required: bool = True  # seed 000 §11: optional only for leagues
    registration_open: bool = True
    status: str = Field(default=EVENT_REGISTRATION, max_length=20)
    decklists_published: bool = False
    page_size: str = Field(default="A4", max_length=10)  # "A4" | "Letter": the printed documents
    seed: int = 0
    organizer_id: int = Field(foreign_key="app_user.id")
    created_at: datetime = Field(default_factory=utcnow)


class EventJudge(IdRow, table=True):
    __tablename__ = "event_judge"
    __table_args__ = (UniqueConstraint("event_id", "user_id", name="uq_event_judge"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    user_id: int = Field(foreign_key="app_user.id")
    # the staff of one event: "juez" (judge) or "organizador" (co-organizer); the owner is
    # Event.organizer_id (tourney.services.access)
    role: str = Field(default="juez", max_length=20, sa_column_kwargs={"server_default": "juez"})


class Registration(IdRow, table=True):
    """A player in an event (with an account, or entered at the desk without one)."""

    __tablename__ = "registration"
    __table_args__ = (UniqueConstraint("event_id", "user_id", name="uq_registration_user"),
                      UniqueConstraint("event_id", "external_id", name="uq_registration_external"))

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    user_id: Optional[int] = Field(default=None, foreign_key="app_user.id")
    name: str = Field(max_length=120)
    # a player entered at the desk or imported without an account: their ID / e-mail
    external_id: Optional[str] = Field(default=None, max_length=254)
    email: Optional[str] = Field(default=None, max_length=254)
    byes: int = 0  # byes assigned in advance by the organizer: rounds 1..byes (tourney.swiss)
    dropped: bool = False
    late_losses: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    # when the player dropped themselves from the web (migration 0008); None: organizer's drop
    self_dropped_at: Optional[datetime] = None


class ForbiddenPair(IdRow, table=True):
    """Two players the organizer does not want paired (family, same household…)."""

    __tablename__ = "forbidden_pair"
    __table_args__ = (
        UniqueConstraint("event_id", "player_x_id", "player_y_id", name="uq_forbidden_pair"),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    player_x_id: int = Field(foreign_key="registration.id")  # the smaller registration id
    player_y_id: int = Field(foreign_key="registration.id")
    reason: str = Field(default="", max_length=200)


class DecklistSubmission(IdRow, table=True):
    """Every decklist a player sent, kept as history; the registered one is derived."""

    __tablename__ = "decklist_submission"

    id: Optional[int] = Field(default=None, primary_key=True)
    registration_id: int = Field(foreign_key="registration.id", index=True)
    submitted_by: Optional[int] = Field(default=None, foreign_key="app_user.id")
    source: str = Field(default="texto", max_length=20)  # texto | xlsx | formulario
    raw_text: str = _json_text("")
    resolved_json: str = _json_text("{}")  # {"castle": [{code,name,qty}], "support": [...]}
    verdict_json: str = _json_text("{}")
    legal: bool = False
    submitted_at: datetime = Field(default_factory=utcnow, index=True)

    @property
    def resolved(self) -> dict:
        return json.loads(self.resolved_json or "{}")

    @property
    def verdict(self) -> dict:
        return json.loads(self.verdict_json or "{}")


class Round(IdRow, table=True):
    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("event_id", "number", name="uq_round_number"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    number: int
    kind: str = Field(default=ROUND_SWISS, max_length=10)
    published: bool = False
    timer_started_at: Optional[datetime] = None
    timer_minutes: int = 50
    created_at: datetime = Field(default_factory=utcnow)


class Match(IdRow, table=True):
    __tablename__ = "match"
    __table_args__ = (UniqueConstraint("round_id", "table_no", name="uq_match_table"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    table_no: int
    player_a_id: int = Field(foreign_key="registration.id")
    player_b_id: Optional[int] = Field(default=None, foreign_key="registration.id")  # None = bye
    result: Optional[str] = Field(default=None, max_length=10)  # "a-b-d" from A's side
    status: str = Field(default=MATCH_PENDING, max_length=20)
    version: int = 0  # bumped on every result change (optimistic concurrency)
    flags: str = _json_text("[]")
    updated_at: datetime = Field(default_factory=utcnow)


class MatchSeat(IdRow, table=True):
    """One row per player per round: the schema forbids a player in two matches of a round."""

    __tablename__ = "match_seat"
    __table_args__ = (UniqueConstraint("round_id", "registration_id", name="uq_seat_player_round"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True)
    registration_id: int = Field(foreign_key="registration.id", index=True)
    match_id: int = Field(foreign_key="match.id", index=True)


class ResultReport(IdRow, table=True):
    """A player's report of their own match (one per player per match; re-reporting updates it)."""

    __tablename__ = "result_report"
    __table_args__ = (UniqueConstraint("match_id", "registration_id", name="uq_report_player"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    registration_id: int = Field(foreign_key="registration.id")
    user_id: Optional[int] = Field(default=None, foreign_key="app_user.id")
    result: str = Field(max_length=10)  # from the match's A side
    created_at: datetime = Field(default_factory=utcnow)


class SupportSwap(IdRow, table=True):
    """Mazo de Soporte swaps made by one player before game 2 or 3 of one match (seed 000 §11)."""

    __tablename__ = "support_swap"
    __table_args__ = (
        UniqueConstraint("match_id", "registration_id", "game", name="uq_swap_player_game"),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    registration_id: int = Field(foreign_key="registration.id")
    game: int  # 2 or 3
    swaps_json: str = _json_text("[]")  # [{"out": code, "in": code, "qty": n}]
    entered_by: Optional[int] = Field(default=None, foreign_key="app_user.id")
    entered_at: datetime = Field(default_factory=utcnow)
    # when the swaps form was opened (the rules give 2 minutes for the swaps); None: unknown
    started_at: Optional[datetime] = None

    @property
    def swaps(self) -> list[dict]:
        return json.loads(self.swaps_json or "[]")

    @property
    def seconds_taken(self) -> Optional[int]:
        if self.started_at is None or self.entered_at is None:
            return None
        from datetime import timezone

        def aware(v):
            return v if v.tzinfo is not None else v.replace(tzinfo=timezone.utc)

        return int((aware(self.entered_at) - aware(self.started_at)).total_seconds())

    @property
    def late(self) -> bool:
        """Entered more than 2 minutes after the form was opened (seed 000 §11 time)."""
        taken = self.seconds_taken
        return taken is not None and taken > SWAP_SECONDS


class DeckCheck(IdRow, table=True):
    __tablename__ = "deck_check"

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    registration_id: int = Field(foreign_key="registration.id")
    match_id: Optional[int] = Field(default=None, foreign_key="match.id")
    game: int = 1
    judge_id: Optional[int] = Field(default=None, foreign_key="app_user.id")
    counted_text: str = _json_text("")
    differences_json: str = _json_text("[]")
    ok: bool = False
    created_at: datetime = Field(default_factory=utcnow)

    @property
    def differences(self) -> list[dict]:
        return json.loads(self.differences_json or "[]")
