"""Shared helpers for the web benchmarks: a database, a real server (waitress) in a subprocess."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_database(url: str | None) -> str:
    """A migrated empty database: a new SQLite file, or the given PostgreSQL URL reset."""
    from sqlalchemy import text

    from tourney import db

    if url is None:
        path = Path(tempfile.mkdtemp(prefix="tourney-bench-")) / "bench.sqlite3"
        url = f"sqlite:///{path}"
    else:
        engine = db.get_engine(url)
        with engine.begin() as conn:
            conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
        db.dispose_engines()
    db.upgrade(url)
    return url


class Server:
    """``waitress-serve`` of the app on loopback, in its own process."""

    def __init__(self, url: str, threads: int = 8):
        self.port = free_port()
        env = dict(os.environ, DATABASE_URL=url, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [PYTHON, "-m", "waitress", "--listen", f"127.0.0.1:{self.port}",
             f"--threads={threads}", "--connection-limit=400", "--call", "tourney:create_app"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=str(ROOT))
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{self.base}/salud", timeout=2).read()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start: " + self.proc.stderr.read().decode()[-2000:])

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def opener():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]
