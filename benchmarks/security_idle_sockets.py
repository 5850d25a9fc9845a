"""Figures: `/salud` p95 with 1,000 partial-header sockets open (slowloris), and with 10,000 idle
sockets open (issue 26, findings 1 and 2). Loopback only.

Starts `tourney serve` on 127.0.0.1 (a free port; SQLite in a temporary folder, or DATABASE_URL),
then, one scenario at a time:

* partial: ``--partial`` connections (1,000) each send ``GET /salud HTTP/1.1\\r\\nHost: x\\r\\n``
  and never the blank line; with them open, 40 requests to /salud over fresh connections are timed;
* idle: ``--idle`` connections (10,000) that never send a byte; with them open, 40 requests;
* slow body: ``--slow-body`` connections (1,000) each send a complete ``POST /entrar`` head
  declaring ``Content-Length: 100000`` and the first bytes of the body, and never the rest
  (the audit of issue 26: slow POST bodies); with them open, 40 requests.

Bounded: the sockets are opened once, 40 probes per scenario, each probe times out after 10 s,
the whole run takes well under two minutes. Raises its own open-file limit (and `tourney serve`
raises the server's). Also runs `--server waitress` when asked.

    .venv/bin/python benchmarks/security_idle_sockets.py [--partial 1000] [--idle 10000]
        [--slow-body 1000] [--workers N]
"""
from __future__ import annotations

import argparse
import http.client
import os
import resource
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTIAL_HEAD = b"GET /salud HTTP/1.1\r\nHost: x\r\n"
SLOW_BODY = (b"POST /entrar HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
             b"Content-Length: 100000\r\n\r\nemail=")
PROBES = 40


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def wait_up(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/salud")
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("el servidor no arrancó")


def get_health(port: int) -> float | None:
    """Seconds for one /salud over a fresh connection, or None when it failed or took > 10 s."""
    t0 = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/salud")
        resp = conn.getresponse()
        resp.read()
        conn.close()
    except OSError:
        return None
    return time.perf_counter() - t0 if resp.status == 200 else None


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def scenario(port: int, count: int, payload: bytes) -> tuple[list[float], int]:
    held: list[socket.socket] = []
    try:
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            if payload:
                s.sendall(payload)
            held.append(s)
        time.sleep(0.5)  # let the server accept them all
        results = [get_health(port) for _ in range(PROBES)]
    finally:
        for s in held:
            s.close()
    times = [t for t in results if t is not None]
    return times, PROBES - len(times)


def report(name: str, count: int, times: list[float], failed: int) -> float:
    worst = p95(times) * 1000 if times else float("inf")
    median = statistics.median(times) * 1000 if times else float("inf")
    print(f"{name}: {count} sockets abiertos; /salud mediana {median:.1f} ms, p95 {worst:.1f} ms, "
          f"{failed} de {PROBES} sin respuesta")
    return worst if not failed else float("inf")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="gunicorn", choices=["gunicorn", "waitress"])
    ap.add_argument("--partial", type=int, default=1000)
    ap.add_argument("--idle", type=int, default=10000)
    ap.add_argument("--slow-body", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    raise_open_files(args.idle + args.partial + args.slow_body + 1000)
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="tourney-idle-")
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp}/t.sqlite3")
    cmd = [str(ROOT / ".venv/bin/tourney"), "serve", "--bind", f"127.0.0.1:{port}", "--server", args.server]
    if args.workers and args.server == "gunicorn":
        cmd += ["--workers", str(args.workers)]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_up(port, time.monotonic() + 30)
        partial = report("cabeceras a medias", args.partial, *scenario(port, args.partial, PARTIAL_HEAD))
        idle = report("inactivos", args.idle, *scenario(port, args.idle, b""))
        slow = report("cuerpos lentos", args.slow_body, *scenario(port, args.slow_body, SLOW_BODY))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(f"servidor: {args.server}")
    print(f"FIGURE slow_body_health_p95_ms={slow:.1f} con {args.slow_body} cuerpos POST a medias "
          "(objetivo: responde)")
    print(f"FIGURE idle_sockets_health_p95_ms={idle:.1f} con {args.idle} inactivos (objetivo: responde)")
    print(f"FIGURE partial_header_health_p95_ms={partial:.1f} con {args.partial} a medias (objetivo ≤ 50)")


if __name__ == "__main__":
    main()
