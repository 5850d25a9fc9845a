"""Play tables (issue 24): casual tables by link, the table page, its state (JSON, per seat),
actions (JSON POST with the CSRF header), and Server-Sent Events that watch the table's
version in the database (so any process serves any seat; the page polls if SSE fails)."""
from __future__ import annotations

import time

from flask import (Blueprint, Response, current_app, flash, redirect, render_template,
                   request, stream_with_context, url_for)
from flask_login import current_user, login_required

from .. import db as database
from ..services import play as service
from ..services.errors import Conflict, ServiceError
from .common import catalog, commit, db, rollback

bp = Blueprint("play", __name__)

ACTIONS_PER_MINUTE = "120/minute"  # per account, every process (the app's limiter storage)
SSE_SECONDS = 25  # one event stream lasts this long; the browser reconnects
SSE_POLL = 0.25  # seconds between looks at the table's version


def _user():
    return current_user if current_user.is_authenticated else None


def _limited() -> bool:
    limiter = current_app.extensions.get("tourney_limiter")
    if limiter is None or not current_app.config.get("RATELIMIT_ENABLED", True):
        return False
    from limits import parse

    return not limiter.limiter.hit(parse(ACTIONS_PER_MINUTE), "mesa-acciones",
                                   str(current_user.id))


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


def _json_call(fn):
    try:
        message = fn()
        commit()
        return {"ok": True, "message": message or ""}
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
                                               str(body.get("seed", "")), catalog()))


@bp.post("/mesa/<token>/accion")
@login_required
def act(token: str):
    if _limited():
        return {"ok": False, "error": "Demasiadas acciones seguidas: espera un momento."}, 429
    table = service.get_table(db(), token)
    body = request.get_json(silent=True) or {}
    seen = body.get("version")
    return _json_call(lambda: service.act(db(), table, current_user, body.get("action"),
                                          seen if isinstance(seen, int) else -1, catalog()))


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
    """SSE: «version» each time the table changes (read from the database, whichever process
    wrote it); the browser then fetches its own seat's state."""
    table = service.get_table(db(), token)
    table_id, start = table.id, table.version
    url = current_app.config["DATABASE_URL"]

    def stream():
        seen = start
        yield f"retry: 1000\ndata: {seen}\n\n"
        ends = time.monotonic() + SSE_SECONDS
        engine = database.get_engine(url)
        while time.monotonic() < ends:
            with engine.connect() as conn:
                now = service.table_version(conn, table_id)
            if now is not None and now != seen:
                seen = now
                yield f"data: {seen}\n\n"
            time.sleep(SSE_POLL)
    return Response(stream_with_context(stream()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
