"""The app under waitress on a free loopback port, for the real-browser tests, and its clean stop.

Closing waitress's sockets from the test thread while its loop thread sits in ``select`` (and a
worker thread still finishes a request) makes the loop thread die with «Bad file descriptor», which
pytest reports as an error of whichever test tore the server down. So the stop goes in order: the
workers finish what they hold while the loop still runs, then the loop thread itself closes every
socket it owns and returns."""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from waitress import wasyncore
from waitress.server import create_server


@contextmanager
def serve(app, threads: int = 4) -> Iterator[str]:
    """Yield the base URL of ``app`` served on 127.0.0.1; stop the server cleanly afterwards."""
    server = create_server(app, host="127.0.0.1", port=0, threads=threads)
    loop = threading.Thread(target=server.run, daemon=True, name="waitress-loop")
    loop.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.task_dispatcher.shutdown(timeout=5)
        server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
        loop.join(timeout=5)
