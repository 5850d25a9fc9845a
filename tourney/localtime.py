"""The venue's local time: one time zone for every page, PDF and workbook.

Times are stored in UTC (aware, or naive when SQLite reads them back). They are shown, printed
and exported in the venue's zone: the app's ``TIMEZONE`` setting (instance/config.py; default
America/Santiago) inside an app, else the ``TOURNEY_TIMEZONE`` environment variable, else the
default. Never the server's own zone: a server abroad prints the venue's hours.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

from flask import current_app, has_app_context

from .dates import DATETIME_FORMAT

DEFAULT_TIMEZONE = "America/Santiago"
DEFAULT_FORMAT = DATETIME_FORMAT  # tourney.dates


@lru_cache(maxsize=16)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def venue_zone() -> ZoneInfo:
    """The configured venue time zone."""
    if has_app_context():
        name = current_app.config.get("TIMEZONE") or DEFAULT_TIMEZONE
    else:
        name = os.environ.get("TOURNEY_TIMEZONE") or DEFAULT_TIMEZONE
    return _zone(name)


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def to_local(value: datetime | None) -> datetime | None:
    """A stored UTC time as the venue's wall-clock time (naive, for documents and cells)."""
    if value is None:
        return None
    return _aware(value).astimezone(venue_zone()).replace(tzinfo=None)


def local_time(value: datetime | None, fmt: str = DEFAULT_FORMAT) -> str:
    """A stored UTC time written in the venue's zone (the pages' ``hora`` filter)."""
    if value is None:
        return ""
    return _aware(value).astimezone(venue_zone()).strftime(fmt)


def from_local(value: datetime | None) -> datetime | None:
    """A naive time typed in a form (the venue's wall clock) -> aware UTC."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=venue_zone())
    return value.astimezone(timezone.utc)


def now_local() -> datetime:
    """Now on the venue's wall clock (naive, to the second): «Impreso: …»."""
    return datetime.now(venue_zone()).replace(tzinfo=None, microsecond=0)
