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

What it changes from gthread: ``accept`` and ``on_client_socket_readable`` (both used to enqueue
the connection on the thread pool) and the sweep of expired connections. The rest (request
handling, keep-alive, graceful stop) is gthread's.
"""
from __future__ import annotations

import errno
import selectors
import time
from collections import deque
from functools import partial

from gunicorn.workers import gthread

HEADER_SECONDS = 10.0
HEAD_LIMIT = 64 * 1024  # bytes buffered before the thread's parser takes over (and refuses)


class HeadConn(gthread.TConn):
    """A connection that may carry header bytes already read by the poller."""

    def __init__(self, cfg, sock, client, server):
        super().__init__(cfg, sock, client, server)
        self.head = bytearray()
        self.reading_head = False

    def init(self):
        fresh = not self.initialized
        super().init()
        if fresh and self.head:
            self.parser.unreader.unread(bytes(self.head))
            self.head = bytearray()


def head_ends(head: bytearray, searched: int) -> bool:
    """Whether the request head is complete (its blank line), looking only past ``searched``."""
    return head.find(b"\r\n\r\n", searched) >= 0 or head.find(b"\n\n", searched) >= 0


class HeaderDeadlineWorker(gthread.ThreadWorker):
    """gthread with the request head read in the poller, under a deadline (module docstring)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.heading: deque[tuple[float, HeadConn]] = deque()  # (deadline, conn), oldest first

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
        conn.timeout = time.monotonic() + HEADER_SECONDS
        self.heading.append((conn.timeout, conn))
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_head_readable, conn))

    def on_head_readable(self, conn: HeadConn, client) -> None:
        try:
            data = conn.sock.recv(HEAD_LIMIT)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client went away
            self._drop_head(conn)
            return
        if not conn.head:  # blank lines before a request line are skipped (RFC 9112 section 2.2)
            data = data.lstrip(b"\r\n")
        searched = max(0, len(conn.head) - 3)
        conn.head += data
        if len(conn.head) < HEAD_LIMIT and not head_ends(conn.head, searched):
            return
        self.poller.unregister(conn.sock)
        conn.reading_head = False
        conn.data_ready = True
        if conn.initialized:  # a kept-alive connection: its parser already exists
            conn.parser.unreader.unread(bytes(conn.head))
            conn.head = bytearray()
        self.enqueue_req(conn)

    def _drop_head(self, conn: HeadConn) -> None:
        conn.reading_head = False
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
            deadline, conn = self.heading[0]
            current = conn.reading_head and conn.timeout == deadline
            if current and deadline > now:
                break
            self.heading.popleft()
            if current:  # out of time: the headers never completed
                self._drop_head(conn)
