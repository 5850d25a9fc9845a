"""Play tables (issue 24): casual tables by link, the table page, its state (JSON, per seat),
actions (JSON POST with the CSRF header), and Server-Sent Events that watch the table's
version in the database (so any process serves any seat; the page polls if SSE fails)."""
from __future__ import annotations

import time

from flask import (Blueprint, Response, current_app, flash, g, redirect, render_template,
                   request, stream_with_context, url_for)
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter
from flask_login import current_user, login_required

from .. import db as database
from ..services import play as service
from ..services import play_notify as notify
from ..services.errors import Conflict, ServiceError
from ..services.catalog import load_catalog
from .common import commit, db, rollback

bp = Blueprint("play", __name__)

ACTIONS_PER_MINUTE = "120/minute"  # per account and process
SSE_SECONDS = 25  # one event stream lasts this long; the browser reconnects


def _user():
    return current_user if current_user.is_authenticated else None


# Counted in this process's memory: a database counter costs a transaction (a disk flush) per
# action, a quarter of a tap's time; with N processes a seat gets at most N times the limit.
_ACTION_LIMITER = FixedWindowRateLimiter(MemoryStorage())
_ACTION_LIMIT = parse(ACTIONS_PER_MINUTE)


def _limited() -> bool:
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return False
    return not _ACTION_LIMITER.hit(_ACTION_LIMIT, "mesa-acciones", str(current_user.id))


def catalog():
    """The catalog, read once per request (its freshness check is two queries)."""
    if "play_catalog" not in g:
        g.play_catalog = load_catalog(db())
    return g.play_catalog


@bp.get("/mesas")
@login_required
def tables():
    return render_template("play/tables.html", tables=service.my_tables(db(), current_user))


@bp.post("/mesas")
@login_required
def open_table():
    try:
        table = service.open_table(db(), current_user, request.form.get("deck", ""), catalog())
        commit()
    except ServiceError as exc:
        rollback()
        flash(exc.message, "error")
        return redirect(url_for("play.tables"))
    return redirect(url_for("play.table", token=table.token))


@bp.get("/mesa/<token>")
def table(token: str):
    table = service.get_table(db(), token)
    return render_template("play/table.html", table=table,
                           seat=service.seat_of(table, _user()))


@bp.post("/mesa/<token>/unirse")
@login_required
def join(token: str):
    table = service.get_table(db(), token)
    try:
        service.join_table(db(), table, current_user, request.form.get("deck", ""), catalog())
        commit()
    except ServiceError as exc:
        rollback()
        flash(exc.message, "error")
    return redirect(url_for("play.table", token=token))


def _json_call(fn, table=None):
    """Call ``fn``, commit, wake this process's streams; the answer carries the acting seat's
    new state (one request instead of two: the page shows it at once). ``table``: the play
    table (services.play.get_table)."""
    try:
        message = fn()
        commit()
        out = {"ok": True, "message": message or ""}
        if table is not None:
            notify.changed(current_app.config["DATABASE_URL"], table.id, table.version)
            out["state"] = service.state(db(), table, _user(), catalog())
        return out
    except Conflict as exc:
        rollback()
        return {"ok": False, "error": exc.message, "stale": True}, 409
    except ServiceError as exc:
        rollback()
        status = 403 if type(exc).__name__ == "Forbidden" else 400
        return {"ok": False, "error": exc.message}, status


@bp.post("/mesa/<token>/barajar")
@login_required
def shuffle(token: str):
    table = service.get_table(db(), token)
    body = request.get_json(silent=True) or {}
    return _json_call(lambda: service.add_seed(db(), table, current_user,
                                               str(body.get("seed", "")), catalog()), table)


@bp.post("/mesa/<token>/accion")
@login_required
def act(token: str):
    if _limited():
        return {"ok": False, "error": "Demasiadas acciones seguidas: espera un momento."}, 429
    table = service.get_table(db(), token)
    body = request.get_json(silent=True) or {}
    seen = body.get("version")
    return _json_call(lambda: service.act(db(), table, current_user, body.get("action"),
                                          seen if isinstance(seen, int) else -1, catalog()),
                      table)


@bp.post("/mesa/<token>/efecto")
@login_required
def answer(token: str):
    table = service.get_table(db(), token)
    body = request.get_json(silent=True) or {}
    seen = body.get("version")
    return _json_call(lambda: service.answer_proposal(
        db(), table, current_user, bool(body.get("accept")),
        seen if isinstance(seen, int) else -1, catalog()))


@bp.get("/mesa/<token>/estado")
def state(token: str):
    table = service.get_table(db(), token)
    return service.state(db(), table, _user(), catalog())


@bp.get("/mesa/<token>/registro")
def record(token: str):
    table = service.get_table(db(), token)
    text = service.record_text(db(), table, _user())
    return Response(text, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f"attachment; filename=mesa-{table.id}.jsonl"})


@bp.get("/mesa/<token>/eventos")
def events(token: str):
    """SSE: «version» each time the table changes, whichever process wrote it (PostgreSQL
    LISTEN/NOTIFY, services.play_notify); the browser then fetches its own seat's state."""
    table = service.get_table(db(), token)
    table_id, start = table.pk, table.version
    url = current_app.config["DATABASE_URL"]
    rollback()  # the request's transaction is not held open while the stream waits

    def read_version() -> int | None:
        with database.get_engine(url).connect() as conn:
            return service.table_version(conn, table_id)

    def stream():
        seen = start
        yield f"retry: 1000\ndata: {seen}\n\n"
        ends = time.monotonic() + SSE_SECONDS
        while True:
            left = ends - time.monotonic()
            if left <= 0:
                return
            now = notify.wait_change(url, table_id, seen, left, read_version)
            if now is not None:
                seen = now
                yield f"data: {seen}\n\n"
    return Response(stream_with_context(stream()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
