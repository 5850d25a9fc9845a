"""Leagues (a season of one organizer's events), the organizer's archetype names per event, and
a player's profile setting (hidden from the public). Migration 0009_leagues."""
from __future__ import annotations

from datetime import datetime
from typing import Optional

from sqlalchemy import Column, Text, UniqueConstraint, false
from sqlmodel import Field

from .catalog import utcnow
from .rows import IdRow

MAX_LEAGUE_NAME = 120


class League(IdRow, table=True):
    """A season: events of one organizer, points per placement (``points_toml``,
    tourney.meta.points), standings across them."""

    __tablename__ = "league"

    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(max_length=MAX_LEAGUE_NAME)
    organizer_id: int = Field(foreign_key="app_user.id", index=True)
    game_id: str = Field(default="myl", max_length=40)
    points_toml: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


class LeagueEvent(IdRow, table=True):
    """An event in a league (it can join before or after it is played)."""

    __tablename__ = "league_event"
    __table_args__ = (UniqueConstraint("league_id", "event_id", name="uq_league_event"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", index=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    added_at: datetime = Field(default_factory=utcnow)


class ArchetypeAlias(IdRow, table=True):
    """The organizer's name for an archetype in one event: a rename, or several merged into one."""

    __tablename__ = "archetype_alias"
    __table_args__ = (UniqueConstraint("event_id", "source", name="uq_archetype_alias"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True)
    source: str = Field(max_length=60)
    target: str = Field(max_length=60)


class PlayerProfile(IdRow, table=True):
    """A player's choice about their public page (their results still count everywhere)."""

    __tablename__ = "player_profile"
    __table_args__ = (UniqueConstraint("user_id", name="uq_player_profile_user"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="app_user.id")
    hidden: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    updated_at: datetime = Field(default_factory=utcnow)
