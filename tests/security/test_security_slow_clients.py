"""Issue 26, findings 1 and 2: slow clients. `tourney serve` reads request headers in its
worker's poller, with a deadline, so a connection that sends half its headers (slowloris) or
nothing at all never holds a thread, and thousands of them leave `/salud` answering."""
from __future__ import annotations

import http.client
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tourney.cli import serve, serve_worker

TOURNEY = Path(sys.executable).with_name("tourney")
PARTIAL_HEAD = b"GET /salud HTTP/1.1\r\nHost: x\r\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _health(port: int, timeout: float = 10) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", "/salud")
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.fixture
def served(tmp_path):
    port = _free_port()
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 't.sqlite3'}")
    proc = subprocess.Popen([str(TOURNEY), "serve", "--bind", f"127.0.0.1:{port}", "--threads", "8"],
                            env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            if _health(port, 2) == 200:
                break
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail("tourney serve did not start")
            time.sleep(0.2)
    yield port
    proc.terminate()
    proc.wait(timeout=30)


def _open(port: int, count: int, payload: bytes) -> list[socket.socket]:
    held = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        if payload:
            s.sendall(payload)
        held.append(s)
    return held


def _close(held: list[socket.socket]) -> None:
    for s in held:
        s.close()


def test_partial_header_sockets_hold_no_thread_and_salud_answers(served):
    held = _open(served, 100, PARTIAL_HEAD)  # 8 threads: on gthread, 8 of these stalled every request
    try:
        for _ in range(5):
            assert _health(served) == 200
    finally:
        _close(held)


def test_a_kept_alive_connection_sending_half_its_next_request_holds_no_thread(served):
    held = []
    try:
        for _ in range(20):
            s = socket.create_connection(("127.0.0.1", served), timeout=10)
            s.sendall(b"GET /salud HTTP/1.1\r\nHost: x\r\n\r\n")
            assert b" 200 " in s.recv(65536).split(b"\r\n", 1)[0] + b" "
            s.sendall(PARTIAL_HEAD)
            held.append(s)
        for _ in range(5):
            assert _health(served) == 200
    finally:
        _close(held)


def test_headers_not_completed_within_the_deadline_close_the_connection(served):
    s = socket.create_connection(("127.0.0.1", served), timeout=serve_worker.HEADER_SECONDS + 20)
    try:
        s.sendall(PARTIAL_HEAD)
        started = time.monotonic()
        assert s.recv(1) == b""  # closed by the server (a timeout here raises instead)
        assert time.monotonic() - started >= serve_worker.HEADER_SECONDS - 1.5
    finally:
        s.close()


def test_a_request_sent_in_pieces_within_the_deadline_is_served_whole(served):
    body = b"correo=a%40b.cl&clave=x"
    request = (b"\r\nPOST /entrar HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
               b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    with socket.create_connection(("127.0.0.1", served), timeout=10) as s:
        for i in range(0, len(request), 7):
            s.sendall(request[i:i + 7])
        first_line = s.recv(65536).split(b"\r\n", 1)[0]
    assert first_line.startswith(b"HTTP/1.1 ") and first_line.split()[1] in (b"400", b"200", b"302")


def test_two_thousand_idle_sockets_leave_salud_answering(served):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4000:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4000, hard), hard))
    held = _open(served, 2000, b"")  # more than gthread's old 1,000 connections per process
    try:
        for _ in range(5):
            assert _health(served) == 200
    finally:
        _close(held)


def test_serve_sizes_connections_for_ten_thousand_idle_sockets():
    opts = serve.gunicorn_options("127.0.0.1:8000", 1, serve.DEFAULT_THREADS, False)
    assert opts["worker_class"] == serve.WORKER_CLASS
    assert opts["worker_connections"] >= 10000
    assert serve.raise_open_files_limit() > 1024 or resource.getrlimit(resource.RLIMIT_NOFILE)[1] <= 1024
