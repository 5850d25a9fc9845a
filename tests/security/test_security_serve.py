"""Issue 15, finding 3: the server of the README fell over with 100 idle sockets from one
client. `tourney serve` runs gunicorn with threaded workers (or a tuned waitress) and keeps
answering `/salud` while they stay open."""
from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

TOURNEY = Path(sys.executable).with_name("tourney")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _health(port: int, timeout: float) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/salud")
        return conn.getresponse().status
    finally:
        conn.close()


def _serving(tmp_path, *args):
    port = _free_port()
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 't.sqlite3'}")
    proc = subprocess.Popen([str(TOURNEY), "serve", "--bind", f"127.0.0.1:{port}", *args], env=env,
                            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            if _health(port, 2) == 200:
                return proc, port
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail("tourney serve did not start")
            time.sleep(0.2)


def _waiting_to_be_accepted(port: int) -> int:
    """Connections in the listening socket's accept queue (Linux /proc/net/tcp: a LISTEN
    socket's rx_queue); 0 where the kernel does not say."""
    table = Path("/proc/net/tcp")
    if not table.exists():
        return 0
    for line in table.read_text().splitlines()[1:]:
        fields = line.split()
        if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
            return int(fields[4].split(":")[1], 16)
    return 0


@pytest.mark.parametrize("server", ["gunicorn", "waitress"])
def test_100_idle_sockets_from_one_client_leave_salud_answering(tmp_path, server):
    proc, port = _serving(tmp_path, "--server", server, *(["--workers", "2"] if server == "gunicorn" else []))
    idle = []
    try:
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(100)]
        deadline = time.monotonic() + 30  # the server has taken every idle connection in
        while _waiting_to_be_accepted(port) and time.monotonic() < deadline:
            time.sleep(0.01)
        for _ in range(5):  # the README's old command timed out here (waitress: 100 connections)
            assert _health(port, timeout=10) == 200
    finally:
        for s in idle:
            s.close()
        proc.terminate()
        proc.wait(timeout=30)


def test_serve_uses_threaded_gunicorn_workers_with_the_documented_numbers():
    from tourney.cli import serve

    opts = serve.gunicorn_options("127.0.0.1:8000", 4, serve.DEFAULT_THREADS, False)
    assert opts["worker_class"] == serve.WORKER_CLASS and opts["workers"] == 4 and opts["threads"] == 32
    assert opts["keepalive"] > 30  # longer than the pairings page's 30 s poll
    assert opts["worker_connections"] >= 1000
    waitress = serve.waitress_options("127.0.0.1", 8000, 16)
    assert waitress["connection_limit"] > 100 and waitress["channel_timeout"] < 120
    assert serve.default_workers("sqlite:///x") == 1 and serve.default_workers("postgresql+psycopg://x/y") >= 1


def test_waitress_is_one_process_only(tmp_path):
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 't.sqlite3'}")
    result = subprocess.run([str(TOURNEY), "serve", "--server", "waitress", "--workers", "4"], env=env,
                            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "un solo proceso" in result.stderr
