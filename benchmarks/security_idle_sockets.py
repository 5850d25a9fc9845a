"""Figure: with 100 idle sockets open from one client, `/salud` still answers in ≤ 1 s.

Starts `tourney serve` on 127.0.0.1 (a free port; SQLite in a temporary folder, or
DATABASE_URL), opens 100 TCP connections that never send a byte, then times 20 requests to
/salud over fresh connections, with the idle sockets still open. Bounded: 100 sockets,
20 requests, 60 s at most. Also runs waitress with `--server waitress` when asked.

    .venv/bin/python benchmarks/security_idle_sockets.py [--server gunicorn|waitress] [--idle 100]
"""
from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


def get_health(port: int) -> float:
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/salud")
    resp = conn.getresponse()
    resp.read()
    conn.close()
    assert resp.status == 200
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="gunicorn", choices=["gunicorn", "waitress"])
    ap.add_argument("--idle", type=int, default=100)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="tourney-idle-")
    env = dict(os.environ)
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp}/t.sqlite3")
    cmd = [str(ROOT / ".venv/bin/tourney"), "serve", "--bind", f"127.0.0.1:{port}", "--server", args.server]
    if args.workers and args.server == "gunicorn":
        cmd += ["--workers", str(args.workers)]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    idle: list[socket.socket] = []
    try:
        wait_up(port, time.monotonic() + 30)
        for _ in range(args.idle):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(0.5)  # let the server accept them all
        times = [get_health(port) for _ in range(20)]
    finally:
        for s in idle:
            s.close()
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(f"servidor: {args.server}; {args.idle} sockets inactivos abiertos")
    print(f"/salud: mediana {statistics.median(times) * 1000:.1f} ms, máximo {max(times) * 1000:.1f} ms")
    print(f"FIGURE idle_sockets_health_max_ms={max(times) * 1000:.1f} (objetivo ≤ 1000)")


if __name__ == "__main__":
    main()
