"""Play tables (issue 24): casual tables by link, the table page, its state (JSON, per seat),
actions (JSON POST with the CSRF header), and Server-Sent Events that watch the table's
version in the database (so any process serves any seat; the page polls if SSE fails)."""
from __future__ import annotations

import json
import time
from typing import Any

from flask import (Blueprint, Response, current_app, flash, g, redirect, render_template,
                   request, stream_with_context, url_for)
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter
from flask_login import current_user, login_required

from .. import db as database
from ..services import events as event_service
from ..services import play as service
from ..services import play_actions as actions
from ..services import play_state as views
from ..services import play_match as matches
from ..services import play_notify as notify
from ..services import rounds
from ..services.catalog import load_catalog
from ..services.errors import Conflict, Forbidden, ServiceError
from .common import commit, db, formats, rollback

bp = Blueprint("play", __name__)

ACTIONS_PER_MINUTE = "120/minute"  # per account and process
SSE_SECONDS = 25  # one event stream lasts this long; the browser reconnects
SSE_PING = 2.0  # seconds between keep-alive comments when nothing changes


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


def _watched(token: str) -> Any:
    """The table, if the viewer may watch it (an event table: its two players and the
    event's staff)."""
    table = service.get_table(db(), token)
    if not matches.may_watch(db(), table, _user()):
        raise Forbidden("Esta mesa es de una partida del evento: la ven sus dos jugadores y los "
                        "jueces del evento.")
    return table


def _after(table: Any) -> None:
    """A finished game of an event's match becomes the match's recorded game."""
    if table.match_id is not None:
        found = matches.context(db(), table)
        fmt = formats().get(found[0].format_id) if found else None
        matches.record_game(db(), table, catalog(), fmt)


@bp.get("/mesas")
@login_required
def tables():
    return render_template("play/tables.html", tables=service.my_tables(db(), current_user),
                           matches=matches.my_matches(db(), current_user))


@bp.post("/eventos/<int:event_id>/mesas/<int:match_id>/jugar")
@login_required
def play_match(event_id: int, match_id: int):
    """Sit at the match's current game (or open the next one) and go to its table."""
    event = event_service.get_event(db(), event_id)
    match, _rnd = rounds.get_match(db(), event, match_id)
    try:
        table = matches.open_game(db(), current_user, event, match, catalog())
        commit()
    except Forbidden:
        raise  # nothing was written; the 403 page says why
    except ServiceError as exc:
        rollback()
        flash(exc.message, "error")
        return redirect(url_for("play.tables"))
    notify.changed(current_app.config["DATABASE_URL"], table.pk, table.version)
    return redirect(url_for("play.table", token=table.token))


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
    table = _watched(token)
    found = matches.context(db(), table)
    return render_template("play/table.html", table=table, match=found,
                           seat=service.seat_of(table, _user()))


@bp.post("/mesa/<token>/unirse")
@login_required
def join(token: str):
    table = _watched(token)
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
        if table is not None:
            _after(table)
        commit()
        out = {"ok": True, "message": message or ""}
        if table is not None:
            notify.changed(current_app.config["DATABASE_URL"], table.pk, table.version)
            out["state"] = _state_of(table)
        return out
    except Conflict as exc:
        rollback()
        return {"ok": False, "error": exc.message, "stale": True}, 409
    except ServiceError as exc:
        rollback()
        status = 403 if type(exc).__name__ == "Forbidden" else 400
        return {"ok": False, "error": exc.message}, status


def _state_of(table: Any) -> dict:
    judge = matches.judges(db(), table, _user())
    out = views.state(db(), table, _user(), catalog(), judge=judge)
    match = matches.summary(db(), table, _user())
    if match is not None:
        out["match"] = match
    return out


def _body() -> tuple[dict, int]:
    """The JSON body of a table action and the table version the page had seen (-1: none)."""
    body = request.get_json(silent=True)
    body = body if isinstance(body, dict) else {}
    seen = body.get("version")
    return body, seen if isinstance(seen, int) and not isinstance(seen, bool) else -1


@bp.post("/mesa/<token>/barajar")
@login_required
def shuffle(token: str):
    table = _watched(token)
    body = request.get_json(silent=True) or {}

    def seed():
        for attempt in range(3):  # the two seats shuffle at once: each seed is its own
            try:
                return service.add_seed(db(), table, current_user, str(body.get("seed", "")),
                                        catalog())
            except Conflict:
                if attempt == 2:
                    raise
                rollback()
                db().refresh(table)
        return None
    return _json_call(seed, table)


@bp.post("/mesa/<token>/accion")
@login_required
def act(token: str):
    if _limited():
        return {"ok": False, "error": "Demasiadas acciones seguidas: espera un momento."}, 429
    table = _watched(token)
    body, seen = _body()
    return _json_call(lambda: actions.act(db(), table, current_user, body.get("action"), seen,
                                          catalog()),
                      table)


@bp.post("/mesa/<token>/efecto")
@login_required
def answer(token: str):
    table = _watched(token)
    body, seen = _body()
    return _json_call(lambda: actions.answer_proposal(
        db(), table, current_user, bool(body.get("accept")), seen, catalog()))


@bp.post("/mesa/<token>/confirmar")
@login_required
def confirm(token: str):
    """A player confirms the decided match's result (their report to the event)."""
    table = _watched(token)
    return _json_call(lambda: matches.confirm(db(), current_user, table), table)


@bp.post("/mesa/<token>/deshacer")
@login_required
def take_back(token: str):
    """A judge of the event takes back the last action, with the reason (logged)."""
    return _with_reason(token, matches.take_back)


@bp.post("/mesa/<token>/juez")
@login_required
def call_judge(token: str):
    """«Llamar al juez»: a seated player pauses an event table; its judges see the call."""
    return _with_reason(token, matches.call_judge)


@bp.post("/mesa/<token>/reanudar")
@login_required
def resume(token: str):
    """A judge of the event resumes a paused table, with the ruling (logged)."""
    return _with_reason(token, matches.resume)


def _with_reason(token: str, step: Any):
    """A judge's or player's step on a table that carries a written reason (JSON body)."""
    table = _watched(token)
    body, seen = _body()
    return _json_call(lambda: step(db(), current_user, table, str(body.get("reason", "")), seen),
                      table)


@bp.get("/eventos/<int:event_id>/llamadas")
@login_required
def judge_calls(event_id: int):
    """The event's tables waiting for a judge (JSON, for the judges' round page)."""
    event = event_service.get_event(db(), event_id)
    return {"calls": [{**c, "url": url_for("play.table", token=c["token"])}
                      for c in matches.calls(db(), _user(), event)]}


@bp.get("/mesa/<token>/estado")
def state(token: str):
    return _state_of(_watched(token))


@bp.get("/mesa/<token>/registro")
def record(token: str):
    table = _watched(token)
    text = service.record_text(db(), table, _user())
    return Response(text, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f"attachment; filename=mesa-{table.id}.jsonl"})


@bp.get("/mesa/<token>/eventos")
def events(token: str):
    """SSE: «version» each time the table changes, whichever process wrote it (PostgreSQL
    LISTEN/NOTIFY, services.play_notify); the browser then fetches its own seat's state.
    ``?estado=1``: the stream carries the viewer's new state itself (an ``event: state``
    instead of the version, one request less per change), except after the viewer's own
    action (its page has that state from the action's answer: then the version)."""
    table = _watched(token)
    table_id, start = table.pk, table.version
    push = request.args.get("estado") == "1"
    url = current_app.config["DATABASE_URL"]
    # the request's (read-only) transaction is not held open while the stream waits; a commit
    # keeps what was read (a rollback would expire the logged-in user under the stream)
    commit()

    def read_version() -> int | None:
        with database.get_engine(url).connect() as conn:
            return service.table_version(conn, table_id)

    def stream():
        seen = start
        watch = notify.TableWatch(url, table_id, read_version)
        yield f"retry: 1000\ndata: {seen}\n\n"
        ends = time.monotonic() + SSE_SECONDS
        while True:
            left = ends - time.monotonic()
            if left <= 0:
                return
            now = watch.wait(seen, min(left, SSE_PING))
            if now is None:  # a comment: a browser that left is noticed here and its thread freed
                yield ":\n\n"
                continue
            seen = now
            pushed = _pushed_state(token) if push else None
            if pushed is None:
                yield f"data: {seen}\n\n"
            else:
                seen = pushed["version"]
                yield "event: state\ndata: " + json.dumps(
                    pushed, ensure_ascii=False, separators=(",", ":")) + "\n\n"
    return Response(stream_with_context(stream()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _pushed_state(token: str) -> dict | None:
    """The viewer's state of the table as it is now, for its event stream (None: the viewer
    made the last action, or the table is gone: the stream sends the version). The stream
    runs in an application context of its own: its own session, user and catalog."""
    try:
        table = service.get_table(db(), token, fresh=True)
        seat = service.seat_of(table, _user())
        if seat is not None and views.last_actor(table) == seat:
            return None
        return _state_of(table)
    except ServiceError:  # the table or its event's match is gone: the page asks and is told
        return None
    finally:
        commit()  # the stream holds no transaction while it waits
