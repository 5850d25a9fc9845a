"""Issue 26, findings 1 and 2 (and the audit's slow POST bodies): slow clients. `tourney serve`
reads request headers, and then the declared body, in its worker's poller, with a deadline, so
a connection that sends half its headers (slowloris), half its body, or nothing at all never
holds a thread, and thousands of them leave `/salud` answering."""
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
SLOW_BODY = (b"POST /entrar HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
             b"Content-Length: 100000\r\n\r\nemail=")


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


def _reply(s: socket.socket) -> bytes:
    """A whole response: read until its Content-Length is in, or the server closes."""
    data = b""
    while b"\r\n\r\n" not in data or len(data.partition(b"\r\n\r\n")[2]) < _length(data):
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def _length(data: bytes) -> int:
    for line in data.partition(b"\r\n\r\n")[0].split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return int(value)
    return 0


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


# -- the audit: slow POST bodies --------------------------------------------------------------
def test_slow_post_bodies_hold_no_thread_and_salud_answers(served):
    held = _open(served, 100, SLOW_BODY)  # 8 threads: before, 20 of these stalled every request
    try:
        for _ in range(5):
            assert _health(served) == 200
    finally:
        _close(held)


def test_a_body_sent_in_pieces_within_its_deadline_reaches_the_app_whole(served):
    body = b"email=a%40b.cl&password=" + b"x" * 5000
    head = (b"POST /entrar HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n")
    with socket.create_connection(("127.0.0.1", served), timeout=10) as s:
        s.sendall(head)
        for i in range(0, len(body), 1000):
            s.sendall(body[i:i + 1000])
        reply = _reply(s)
    # the app read the whole form: the CSRF check answers (not a parser's 400 on a cut body)
    assert reply.startswith(b"HTTP/1.1 400") and "CSRF".encode() in reply


def test_a_body_longer_than_the_limit_is_refused_at_once_and_a_chunked_one_asks_for_a_length(served):
    big = (b"POST /entrar HTTP/1.1\r\nHost: x\r\nContent-Length: "
           + str(serve_worker.BODY_LIMIT + 1).encode() + b"\r\n\r\n")
    chunked = b"POST /entrar HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhola\r\n"
    for request, status in ((big, b"413"), (chunked, b"411")):
        with socket.create_connection(("127.0.0.1", served), timeout=10) as s:
            s.sendall(request)
            assert s.recv(65536).split(b" ")[1] == status


def test_expect_100_continue_is_answered_before_the_body(served):
    body = b"email=a%40b.cl&password=clave"
    with socket.create_connection(("127.0.0.1", served), timeout=10) as s:
        s.sendall(b"POST /entrar HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
                  b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                  + str(len(body)).encode() + b"\r\n\r\n")
        assert s.recv(len(serve_worker.CONTINUE)) == serve_worker.CONTINUE
        s.sendall(body)
        reply = _reply(s)
    assert reply.startswith(b"HTTP/1.1 400") and b"100 Continue" not in reply


def test_the_poller_reads_the_declared_body_length_from_the_head():
    assert serve_worker.body_plan(b"POST / HTTP/1.1\r\nContent-Length: 12\r\n") == ("length", 12)
    assert serve_worker.body_plan(b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n")[0] == "parser"
    assert serve_worker.body_plan(b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n")[0] == "chunked"
    assert serve_worker.body_plan(b"GET / HTTP/1.1\r\nHost: x\r\n") == ("parser", 0)
