"""Telling the seats of a play table that it changed, across processes (issue 24).

A change of a table is announced in its writing transaction: on PostgreSQL with
``pg_notify`` (delivered to every listening process when the transaction commits, never if it
rolls back); in this process also directly once the request committed (``changed``). Each
process that streams events keeps one listening connection (a thread, started on the first
stream) and wakes the streams of the table that changed. Without PostgreSQL (SQLite: one
process in practice) the streams also look at the table's version in the database every
``POLL_SECONDS``, which covers a second process writing the same file; with a listener they
look only every ``SAFETY_SECONDS`` (a notification lost while reconnecting).
"""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlmodel import Session

CHANNEL = "tourney_play"
POLL_SECONDS = 0.25  # SQLite: a look at the version in the database
SAFETY_SECONDS = 3.0  # PostgreSQL with a listener: a look in case a notification was lost

_changed = threading.Condition()
# (database url, table id) -> the latest version this process heard of
_versions: dict[tuple[str, int], int] = {}
_listeners: dict[str, tuple[int, threading.Thread]] = {}  # database url -> (pid, thread)
_listening: dict[str, bool] = {}  # database url -> the listener is connected now
_lock = threading.Lock()


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def announce(session: Session, table_id: int, version: int) -> None:
    """In the writing transaction: every process hears of it when (and only if) it commits."""
    bind = session.get_bind()
    if bind.dialect.name == "postgresql":
        session.execute(text("SELECT pg_notify(:channel, :payload)"),
                        {"channel": CHANNEL, "payload": f"{table_id}:{version}"})


def changed(url: str, table_id: int, version: int, read: bool = False) -> None:
    """This process committed a change (or heard of one): wake its own streams at once.
    ``read``: the version was read from the database, which is the truth."""
    key = (url, table_id)
    with _changed:
        if read or version > _versions.get(key, -1):
            _versions[key] = version
        _changed.notify_all()


def _listen(url: str) -> None:
    import psycopg

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    while True:
        try:
            with psycopg.connect(dsn, autocommit=True) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                with _changed:
                    _listening[url] = True
                    _changed.notify_all()
                for note in conn.notifies():
                    table_id, _, version = note.payload.partition(":")
                    if table_id.isdigit() and version.isdigit():
                        changed(url, int(table_id), int(version))
        except Exception:  # the database restarted, the network dropped: listen again
            _listening[url] = False
            time.sleep(1.0)


def _ensure_listener(url: str) -> bool:
    """One listening thread per process and database (started lazily: after a fork)."""
    if not is_postgres(url):
        return False
    with _lock:
        entry = _listeners.get(url)
        if entry is None or entry[0] != os.getpid() or not entry[1].is_alive():
            thread = threading.Thread(target=_listen, args=(url,), name="tourney-play-listen",
                                      daemon=True)
            _listeners[url] = (os.getpid(), thread)
            _listening[url] = False
            thread.start()
    return _listening.get(url, False)


class TableWatch:
    """One stream's watch of a table: ``wait`` returns the version once it differs from the
    one the stream saw. It looks at the database (the truth: another process, a lost note)
    when it starts and then every ``SAFETY_SECONDS`` with a listener (``POLL_SECONDS``
    without), counted across calls: a stream that wakes after each change or keep-alive
    does not read the database each time."""

    def __init__(self, url: str, table_id: int, read_version: Callable[[], int | None]):
        self.url, self.table_id, self.read_version = url, table_id, read_version
        self.next_look = 0.0

    def wait(self, seen: int, timeout: float) -> int | None:
        """The table's version once it differs from ``seen`` (None when ``timeout`` passed)."""
        ends = time.monotonic() + timeout
        key = (self.url, self.table_id)
        while True:
            now = time.monotonic()
            if now >= self.next_look:
                current = self.read_version()
                self.next_look = now + (SAFETY_SECONDS if _ensure_listener(self.url)
                                        else POLL_SECONDS)
                if current is not None:
                    changed(self.url, self.table_id, current, read=True)
                    if current != seen:
                        return current
            with _changed:
                heard = _versions.get(key)
                if heard is not None and heard > seen:
                    return heard
                if now >= ends:
                    return None
                _changed.wait(max(0.0, min(ends, self.next_look) - time.monotonic()))


def wait_change(url: str, table_id: int, seen: int, timeout: float,
                read_version: Callable[[], int | None]) -> int | None:
    """The table's version once it differs from ``seen`` (None when ``timeout`` passed); the
    database is read first (a one-call ``TableWatch``)."""
    return TableWatch(url, table_id, read_version).wait(seen, timeout)
