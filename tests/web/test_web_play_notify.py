"""A play table's change reaches the streams of every process (issue 24): in this process at
once, through PostgreSQL LISTEN/NOTIFY from another process, and from the database itself
when no notification comes (SQLite, a lost note)."""
from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from tourney import db
from tourney.services import play_notify

PG_URL = os.environ.get("DATABASE_URL", "")


def test_a_change_committed_in_this_process_wakes_the_waiting_stream():
    url = "sqlite:///mesas-proceso-1.sqlite3"  # a key of its own (the reads are given here)
    heard: list[int | None] = []
    started = threading.Event()

    def wait():
        started.set()
        heard.append(play_notify.wait_change(url, 1, 4, 30.0, lambda: 4))

    waiter = threading.Thread(target=wait)
    waiter.start()
    started.wait()
    play_notify.changed(url, 1, 5)
    waiter.join(30)
    assert heard == [5]


def test_the_database_version_is_the_truth_when_nothing_is_announced():
    url = "sqlite:///mesas-proceso-2.sqlite3"
    assert play_notify.wait_change(url, 7, 2, 5.0, lambda: 3) == 3
    # an older version than the one heard (the database was emptied): the stream follows it
    play_notify.changed(url, 8, 40)
    assert play_notify.wait_change(url, 8, 40, 5.0, lambda: 1) == 1
    assert play_notify.wait_change(url, 8, 1, 0.3, lambda: 1) is None


WRITER = """
import sys
from sqlmodel import Session
from tourney import db
from tourney.services.play_notify import announce
with Session(db.get_engine(sys.argv[1])) as s:
    announce(s, int(sys.argv[2]), int(sys.argv[3]))
    s.commit()
"""


@pytest.mark.skipif(not PG_URL.startswith("postgres"), reason="needs DATABASE_URL on PostgreSQL")
def test_another_process_s_change_arrives_by_listen_notify():
    url = db.normalize_url(PG_URL)
    play_notify._ensure_listener(url)
    with play_notify._changed:  # the listener connected (it says so when LISTEN is done)
        play_notify._changed.wait_for(lambda: play_notify._listening.get(url), timeout=30)
    assert play_notify._listening.get(url)
    heard: list[int | None] = []
    started = threading.Event()

    def wait():
        started.set()
        # the database read says «unchanged»: only the notification can wake this stream
        heard.append(play_notify.wait_change(url, 990001, 1, 2.5, lambda: 1))

    waiter = threading.Thread(target=wait)
    waiter.start()
    started.wait()
    subprocess.run([sys.executable, "-c", WRITER, url, "990001", "2"], check=True, timeout=60)
    waiter.join(30)
    assert heard == [2]
