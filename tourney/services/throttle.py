"""Rate-limit counters shared by every process: a ``limits`` storage in the database.

``tourney serve`` runs several processes; a counter in one process's memory would let an
attacker spread guesses over them. Flask-Limiter keeps its counters here (table
``rate_limit``, migration 0005) unless ``REDIS_URL`` is set, where Redis keeps them.

Fixed windows only (the strategy ``tourney.web.throttle`` uses): one row per key with its
hits and the time the window ends; ``incr`` is one atomic upsert, correct under concurrent
requests on PostgreSQL and SQLite alike.
"""
from __future__ import annotations

import time

from limits.storage import Storage
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from ..db import get_engine

SCHEME = "tourneydb"

_INCR = text(
    "INSERT INTO rate_limit (key, hits, expires_at) VALUES (:key, :amount, :ends) "
    "ON CONFLICT (key) DO UPDATE SET "
    "hits = CASE WHEN rate_limit.expires_at <= :now THEN :amount ELSE rate_limit.hits + :amount END, "
    "expires_at = CASE WHEN rate_limit.expires_at <= :now THEN :ends ELSE rate_limit.expires_at END "
    "RETURNING hits")


class DatabaseStorage(Storage):
    """``tourneydb://`` with the option ``database_url`` (the app's DATABASE_URL)."""

    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.database_url = str(options.get("database_url") or "")
        if not self.database_url:
            raise ValueError("tourneydb:// necesita la opción database_url")

    @property
    def base_exceptions(self):
        return SQLAlchemyError

    def _engine(self):
        return get_engine(self.database_url)

    PURGE_EVERY = 500  # increments per process between purges of finished windows

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = time.time()
        self._since_purge = getattr(self, "_since_purge", 0) + 1
        if self._since_purge >= self.PURGE_EVERY:  # guesses at random e-mails leave one row each
            self._since_purge = 0
            self.purge_expired()
        with self._engine().begin() as conn:
            return int(conn.execute(_INCR, {"key": key[:255], "amount": amount, "now": now,
                                            "ends": now + expiry}).scalar_one())

    def get(self, key: str) -> int:
        with self._engine().connect() as conn:
            row = conn.execute(text("SELECT hits, expires_at FROM rate_limit WHERE key = :key"),
                               {"key": key[:255]}).first()
        if row is None or row.expires_at <= time.time():
            return 0
        return int(row.hits)

    def get_expiry(self, key: str) -> float:
        with self._engine().connect() as conn:
            ends = conn.execute(text("SELECT expires_at FROM rate_limit WHERE key = :key"),
                                {"key": key[:255]}).scalar()
        return float(ends) if ends is not None and ends > time.time() else time.time()

    def check(self) -> bool:
        try:
            with self._engine().connect() as conn:
                conn.execute(text("SELECT 1 FROM rate_limit WHERE 1 = 0"))
            return True
        except Exception:  # noqa: BLE001 - a health check answers, never raises
            return False

    def reset(self) -> int | None:
        with self._engine().begin() as conn:
            return conn.execute(text("DELETE FROM rate_limit")).rowcount

    def clear(self, key: str) -> None:
        with self._engine().begin() as conn:
            conn.execute(text("DELETE FROM rate_limit WHERE key = :key"), {"key": key[:255]})

    def purge_expired(self) -> int:
        """Drop finished windows (the table stays small: one row per active key)."""
        with self._engine().begin() as conn:
            return conn.execute(text("DELETE FROM rate_limit WHERE expires_at <= :now"),
                                {"now": time.time()}).rowcount
