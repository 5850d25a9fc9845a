"""The gunicorn worker of `tourney serve`: gthread, but request headers are read by the poller.

gunicorn's gthread worker hands every connection to a thread as soon as its first byte arrives,
and the thread then reads the rest of the headers with a blocking ``recv`` and no deadline: 130
sockets sending ``GET /salud HTTP/1.1\\r\\nHost: x\\r\\n`` and never the blank line held every
thread (issue 26, finding 1, "slowloris"). Here the worker's main loop (one ``epoll``) reads a
connection's bytes without blocking until the headers are complete (the blank line), and only
then gives the connection, with those bytes, to a thread. A connection gets HEADER_SECONDS to
send complete headers, counted from its accept (a new connection) or from its first byte after a
keep-alive pause; after that it is closed. A silent or half-sent connection costs one file
descriptor and a buffer, never a thread, so thousands of them leave ``/salud`` answering
(finding 2: ``worker_connections`` is sized for 10,000 and the file-descriptor limit raised).

The **body** is read the same way (issue 26, audit: slow POST bodies): a request that declares
``Content-Length`` is handed to a thread only once all its body is in the buffer, so a client
sending ``POST /entrar`` with ``Content-Length: 100000`` and then a byte now and then holds no
thread either (before, 20 of them on 8 threads left ``/salud`` unanswered). The body has
``HEADER_SECONDS`` plus one second per ``BODY_RATE`` bytes it declares (a 2 MB upload: 10 s + 128
s); a body longer than ``BODY_LIMIT`` is answered 413 at once, a chunked one 411 (browsers send
``Content-Length``); ``Expect: 100-continue`` is answered by the poller. All the bytes a worker
holds for connections still being read stay under ``BUFFER_BUDGET`` (past it, the connection
that would exceed it is closed).

What it changes from gthread: ``accept`` and ``on_client_socket_readable`` (both used to enqueue
the connection on the thread pool) and the sweep of expired connections. The rest (request
handling, keep-alive, graceful stop) is gthread's.
"""
from __future__ import annotations

import errno
import heapq
import itertools
import selectors
import time
from functools import partial

from gunicorn.workers import gthread

HEADER_SECONDS = 10.0
HEAD_LIMIT = 64 * 1024  # bytes buffered before the thread's parser takes over (and refuses)
BODY_LIMIT = 4 * 1024 * 1024  # the app refuses more than 2 MB (MAX_CONTENT_LENGTH) anyway
BODY_RATE = 16 * 1024  # bytes per second a body may be sent at, at the slowest
BUFFER_BUDGET = 256 * 1024 * 1024  # bytes buffered per worker for connections being read
READ_CHUNK = 256 * 1024


def _reply(status: str, text: str) -> bytes:
    body = text.encode("utf-8")
    return (f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("ascii") + body


TOO_LARGE = _reply("413 Content Too Large", "La solicitud es demasiado grande.")
LENGTH_REQUIRED = _reply("411 Length Required", "La solicitud debe indicar su largo (Content-Length).")
CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


class HeadConn(gthread.TConn):
    """A connection that may carry header bytes already read by the poller."""

    def __init__(self, cfg, sock, client, server):
        super().__init__(cfg, sock, client, server)
        self.head = bytearray()
        self.reading_head = False
        self.body_left: int | None = None  # body bytes still to come (None: head not complete)

    def init(self):
        fresh = not self.initialized
        super().init()
        if fresh and self.head:
            self.parser.unreader.unread(bytes(self.head))
            self.head = bytearray()


def head_end(head: bytearray, searched: int) -> int:
    """Where the request head ends (just past its blank line), looking only past ``searched``;
    -1 while it is not complete."""
    ends = [i + len(mark) for mark in (b"\r\n\r\n", b"\n\n")
            if (i := head.find(mark, searched)) >= 0]
    return min(ends) if ends else -1


def head_ends(head: bytearray, searched: int) -> bool:
    """Whether the request head is complete (its blank line), looking only past ``searched``."""
    return head_end(head, searched) >= 0


def body_plan(head: bytes) -> tuple[str, int]:
    """What the head says of the body: ("length", n), ("chunked", 0), or ("parser", 0) when
    the thread's parser must decide (no body, or headers it will refuse)."""
    lengths, chunked, expect = set(), False, False
    for line in head.split(b"\n")[1:]:
        name, sep, value = line.partition(b":")
        if not sep:
            continue
        name, value = name.strip().lower(), value.strip().lower()
        if name == b"content-length":
            lengths.add(value)
        elif name == b"transfer-encoding" and b"chunked" in value:
            chunked = True
        elif name == b"expect" and value == b"100-continue":
            expect = True
    if chunked:
        return "chunked", 0
    if len(lengths) != 1:
        return "parser", 0
    value = lengths.pop()
    if not value.isdigit() or len(value) > 12:
        return "parser", 0
    return ("length-continue" if expect else "length"), int(value)


class HeaderDeadlineWorker(gthread.ThreadWorker):
    """gthread with the request head read in the poller, under a deadline (module docstring)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.heading: list[tuple[float, int, HeadConn]] = []  # a heap of (deadline, n, conn)
        self.numbering = itertools.count()
        self.buffered = 0  # bytes held by connections still being read

    def accept(self, listener):
        if self.cfg.is_ssl:  # TLS is the proxy's job; keep gthread's path for it
            return super().accept(listener)
        try:
            client_sock, client_addr = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = HeadConn(self.cfg, client_sock, client_addr, listener.getsockname())
        self._read_head(conn)

    def on_client_socket_readable(self, conn, client):
        if not isinstance(conn, HeadConn):
            return super().on_client_socket_readable(conn, client)
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self._read_head(conn)

    def _read_head(self, conn: HeadConn) -> None:
        conn.sock.setblocking(False)
        conn.reading_head = True
        conn.body_left = None
        self._deadline(conn, time.monotonic() + HEADER_SECONDS)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_head_readable, conn))

    def _deadline(self, conn: HeadConn, when: float) -> None:
        conn.timeout = when
        heapq.heappush(self.heading, (when, next(self.numbering), conn))

    def on_head_readable(self, conn: HeadConn, client) -> None:
        try:
            data = conn.sock.recv(HEAD_LIMIT if conn.body_left is None else READ_CHUNK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client went away
            self._drop_head(conn)
            return
        if self.buffered + len(data) > BUFFER_BUDGET:
            self._drop_head(conn)
            return
        if conn.body_left is not None:  # the body, after a complete head
            self._keep(conn, data)
            conn.body_left -= len(data)
            if conn.body_left <= 0:
                self._hand_over(conn)
            return
        if not conn.head:  # blank lines before a request line are skipped (RFC 9112 section 2.2)
            data = data.lstrip(b"\r\n")
        searched = max(0, len(conn.head) - 3)
        self._keep(conn, data)
        end = head_end(conn.head, searched)
        if end < 0:
            if len(conn.head) >= HEAD_LIMIT:
                self._hand_over(conn)  # the thread's parser refuses it
            return
        plan, length = body_plan(bytes(conn.head[:end]))
        if plan == "chunked":
            self._refuse(conn, LENGTH_REQUIRED)
            return
        if plan.startswith("length") and length > BODY_LIMIT:
            self._refuse(conn, TOO_LARGE)
            return
        missing = length - (len(conn.head) - end) if plan.startswith("length") else 0
        if missing <= 0:
            self._hand_over(conn)
            return
        if plan == "length-continue":
            self._answer_continue(conn, end)
        conn.body_left = missing
        self._deadline(conn, time.monotonic() + HEADER_SECONDS + length / BODY_RATE)

    def _keep(self, conn: HeadConn, data: bytes) -> None:
        conn.head += data
        self.buffered += len(data)

    def _answer_continue(self, conn: HeadConn, end: int) -> None:
        """The client waits for «100 Continue» before its body: the poller says it, and the
        Expect header is dropped so the thread does not say it again."""
        try:
            conn.sock.send(CONTINUE)
        except OSError:
            return
        head = bytes(conn.head[:end])
        lines = [line for line in head.split(b"\n")
                 if line.partition(b":")[0].strip().lower() != b"expect"]
        rest = bytes(conn.head[end:])
        self.buffered -= len(conn.head)
        conn.head = bytearray()
        self._keep(conn, b"\n".join(lines) + rest)

    def _refuse(self, conn: HeadConn, response: bytes) -> None:
        try:
            conn.sock.send(response)
        except OSError:
            pass
        self._drop_head(conn)

    def _hand_over(self, conn: HeadConn) -> None:
        """The request (head and body) is in the buffer: a thread takes it from here."""
        self.poller.unregister(conn.sock)
        conn.reading_head = False
        conn.body_left = None
        conn.data_ready = True
        self.buffered -= len(conn.head)
        if conn.initialized:  # a kept-alive connection: its parser already exists
            conn.parser.unreader.unread(bytes(conn.head))
            conn.head = bytearray()
        self.enqueue_req(conn)

    def _drop_head(self, conn: HeadConn) -> None:
        conn.reading_head = False
        self.buffered -= len(conn.head)
        conn.head = bytearray()
        try:
            self.poller.unregister(conn.sock)
        except (OSError, KeyError, ValueError):
            pass
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        super().murder_pending()
        now = time.monotonic()
        while self.heading:
            deadline, _n, conn = self.heading[0]
            current = conn.reading_head and conn.timeout == deadline
            if current and deadline > now:
                break
            heapq.heappop(self.heading)
            if current:  # out of time: the head or the body never completed
                self._drop_head(conn)
