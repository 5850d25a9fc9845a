"""`tourney serve`: the production WSGI server for an event.

Gunicorn with threaded workers (``gthread``): several processes, each with a pool of
threads. Why these numbers (README, «Servir un evento»):

* ``--workers`` (default 2 × CPU, at most 8; 1 on SQLite): Python runs one thread at a time
  per process, so processes are what use the cores. On SQLite one process is the default
  (one writer at a time; several processes are correct but gain little).
* ``--threads 32``: requests wait mostly on the database; 32 threads per process keep a slow
  request from holding up the others. Only complete request heads reach a thread.
* the worker (tourney.cli.serve_worker.HeaderDeadlineWorker) is gthread with the request
  headers read by the poller under a 10 s deadline: a connection that sends half its headers
  (slowloris) or nothing never holds a thread, and is closed when its time is up.
* ``--worker-connections 12000`` per process (at most the open-file limit, which ``serve``
  raises to the hard limit): 10,000 idle sockets are parked in one process's epoll.
* ``--keep-alive 40`` seconds: longer than the 30 s the pairings page waits between polls,
  so a phone reuses its connection; an idle connection is closed after that.
* ``--timeout 60``: a worker silent for a minute (stuck) is restarted; the heaviest page
  (the PDFs of a 1,000-player event) takes a few seconds.
* database pool (tourney.db): ``DB_POOL_SIZE`` (default 10) + ``DB_MAX_OVERFLOW`` (10)
  connections per process: 4 processes use at most 80 of PostgreSQL's default 100.

``--server waitress`` runs one process of waitress instead (Windows, or a laptop at a small
event): ``--threads`` threads, ``connection_limit`` 2,000 and ``channel_timeout`` 40 s, so
idle sockets neither fill the connection table (the default 100 did) nor stay for 2 minutes.
"""
from __future__ import annotations

import os

import click
from waitress import serve

from .. import create_app, db
from .common import CliError, friendly

DEFAULT_THREADS = 32
WORKER_CONNECTIONS = 12000
WORKER_CLASS = "tourney.cli.serve_worker.HeaderDeadlineWorker"
OPEN_FILES = 65536
KEEP_ALIVE = 40
TIMEOUT = 60
WAITRESS_CONNECTION_LIMIT = 2000
FIRST_BYTE_SECONDS = 0.1


def default_workers(database_url: str) -> int:
    if database_url.startswith("sqlite"):
        return 1
    return max(1, min(8, 2 * (os.cpu_count() or 1)))


def gunicorn_options(bind: str, workers: int, threads: int, access_log: bool) -> dict:
    """The gunicorn settings of ``tourney serve`` (explained in the module docstring)."""
    return {
        "bind": bind,
        "workers": workers,
        "worker_class": WORKER_CLASS,
        "threads": threads,
        "worker_connections": WORKER_CONNECTIONS,
        "keepalive": KEEP_ALIVE,
        "timeout": TIMEOUT,
        "graceful_timeout": 30,
        "backlog": 2048,
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "proc_name": "tourney",
        "forwarded_allow_ips": os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1"),
    }


def waitress_options(host: str, port: int, threads: int) -> dict:
    return {
        "host": host, "port": port, "threads": threads,
        "connection_limit": WAITRESS_CONNECTION_LIMIT,
        "channel_timeout": KEEP_ALIVE,
        "cleanup_interval": 10,
        "backlog": 2048,
        "ident": "tourney",
    }


def _park_silent_connections_sooner() -> None:
    """gthread gives a new connection a thread and waits up to 5 s for its first byte before
    parking it in the poller: 100 silent sockets would hold 100 threads for 5 s and make
    /salud wait. A browser sends its request right after connecting, so waiting
    FIRST_BYTE_SECONDS is plenty; a slower client is parked (not dropped) and served when its
    bytes arrive. (gunicorn reads this module value at every new connection.)"""
    try:
        from gunicorn.workers import gthread
    except ImportError:  # pragma: no cover - gunicorn is a dependency
        return
    if hasattr(gthread, "DEFAULT_WORKER_DATA_TIMEOUT"):
        gthread.DEFAULT_WORKER_DATA_TIMEOUT = FIRST_BYTE_SECONDS


def raise_open_files_limit(wanted: int = OPEN_FILES) -> int:
    """Raise this process's open-file limit (inherited by the workers) towards ``wanted``:
    every parked connection is a file descriptor, and the usual soft limit is 1,024."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def _run_gunicorn(options: dict) -> None:
    from gunicorn.app.base import BaseApplication

    class TourneyServer(BaseApplication):
        def load_config(self):
            for key, value in options.items():
                if value is not None:
                    self.cfg.set(key, value)

        def load(self):  # in each worker, after the fork: its own engines and pools
            _park_silent_connections_sooner()
            return create_app()

    TourneyServer().run()


def _first_run_notice(host: str, port: int) -> str:
    """No organizer yet: the one-time code for the first-run page (issue 23), else ""."""
    from .events import first_run_message

    with create_app().app_context():
        try:
            return first_run_message("127.0.0.1" if host in ("0.0.0.0", "::") else host, port)
        finally:
            db.dispose_engines()


def _split_bind(bind: str) -> tuple[str, int]:
    host, _, port = bind.rpartition(":")
    try:
        return host or "127.0.0.1", int(port)
    except ValueError:
        raise CliError(f"--bind «{bind}» no es HOST:PUERTO (p. ej. 0.0.0.0:8000)") from None


def register(group: click.Group) -> None:
    @group.command("serve", help="Sirve la aplicación para un evento (gunicorn: varios procesos con "
                                 "hilos; o waitress, un proceso). Ver «Servir un evento» en el README.")
    @click.option("--bind", default="0.0.0.0:8000", show_default=True, help="HOST:PUERTO donde escuchar")
    @click.option("--workers", type=click.IntRange(1, 64), default=None,
                  help="procesos (por defecto 2 × núcleos, máx. 8; 1 con SQLite)")
    @click.option("--threads", type=click.IntRange(1, 256), default=DEFAULT_THREADS, show_default=True,
                  help="hilos por proceso")
    @click.option("--server", type=click.Choice(["gunicorn", "waitress"]), default="gunicorn",
                  show_default=True, help="servidor WSGI")
    @click.option("--access-log", is_flag=True, help="registra cada petición en la salida estándar")
    @click.option("--upgrade/--no-upgrade", default=True, show_default=True,
                  help="aplica las migraciones pendientes antes de servir (una vez, antes de los procesos)")
    @friendly
    def serve_command(bind: str, workers: int | None, threads: int, server: str, access_log: bool,
                      upgrade: bool) -> None:
        url = create_app().config["DATABASE_URL"]
        host, port = _split_bind(bind)
        if upgrade:
            db.upgrade(url)
        notice = _first_run_notice(host, port)
        if upgrade:
            db.dispose_engines()  # no connection crosses the fork into the workers
        if notice:
            click.echo(notice, err=True)
        if server == "waitress":
            if workers not in (None, 1):
                raise CliError("waitress corre un solo proceso: use --server gunicorn para varios")
            serve(create_app(), **waitress_options(host, port, threads))
            return
        workers = workers or default_workers(url)
        open_files = raise_open_files_limit()
        options = gunicorn_options(f"{host}:{port}", workers, threads, access_log)
        options["worker_connections"] = max(threads + 1, min(WORKER_CONNECTIONS, open_files - 100))
        click.echo(f"tourney: {workers} procesos × {threads} hilos en http://{host}:{port}/ "
                   f"({'SQLite' if url.startswith('sqlite') else 'PostgreSQL'})", err=True)
        _run_gunicorn(options)
