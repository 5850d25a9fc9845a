"""The scorekeeper grid (organizers and judges), the opponent's one-tap confirmation and a
player dropping themselves. Thin over tourney.services.scorekeeper and services.self_drop.

Every write is a plain form POST (works without JavaScript: redirect back to the row); the
grid's script sends the same form with fetch and asks for JSON to stay on the page.
"""
from __future__ import annotations

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask_login import login_required

from ..services import events as ev, rounds, scorekeeper as sk, self_drop
from ..services.errors import Conflict, Forbidden, NotFound, ServiceError
from .common import actor, commit, db, rollback

bp = Blueprint("scorekeeper", __name__)


def _wants_json() -> bool:
    return request.headers.get("X-Requested-With") == "fetch" or \
        request.accept_mimetypes.best == "application/json"


@bp.get("/eventos/<int:event_id>/rondas/<int:number>/marcador")
@login_required
def grid(event_id: int, number: int):
    session = db()
    event = ev.get_event(session, event_id)
    open_only = request.args.get("abiertas") == "1"
    data = sk.grid(session, actor(), event, number, open_only=open_only)
    return render_template("scorekeeper/grid.html", event=event, grid=data, open_only=open_only,
                           label=sk.label)


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/marcador")
@login_required
def save(event_id: int, number: int):
    session = db()
    event = ev.get_event(session, event_id)
    form = request.form
    match_id = form.get("match_id", type=int)
    table = form.get("table", type=int)
    version = form.get("version", type=int)
    open_only = form.get("abiertas") == "1"
    try:
        match = sk.enter(session, actor(), event, number, form.get("result", ""),
                         match_id=match_id, table=table, seen_version=version)
        commit()
    except ServiceError as exc:
        rollback()
        status = (409 if isinstance(exc, Conflict) else 403 if isinstance(exc, Forbidden)
                  else 404 if isinstance(exc, NotFound) else 400)
        if _wants_json():
            return jsonify(ok=False, error=exc.message, table=table), status
        if isinstance(exc, Forbidden):
            raise
        flash(exc.message, "error")
        return redirect(url_for("scorekeeper.grid", event_id=event_id, number=number,
                                abiertas="1" if open_only else None))
    if _wants_json():
        return jsonify(ok=True, match_id=match.id, table=match.table_no, version=match.version,
                       result=match.result, label=sk.label(match.result),
                       open=sk.grid(session, actor(), event, number).open_count)
    flash(f"Mesa {match.table_no}: {sk.label(match.result)}.", "ok")
    return redirect(url_for("scorekeeper.grid", event_id=event_id, number=number,
                            abiertas="1" if open_only else None) + f"#mesa-{match.table_no}")


@bp.post("/eventos/<int:event_id>/mesas/<int:match_id>/confirmar")
@login_required
def confirm(event_id: int, match_id: int):
    session = db()
    event = ev.get_event(session, event_id)
    match, _rnd = rounds.get_match(session, event, match_id)
    reg = ev.registration_of(session, actor(), event)
    back = url_for("events.my_matches", event_id=event_id)
    try:
        if reg is None:
            raise Forbidden("No estás inscrito en este evento.")
        sk.confirm(session, actor(), event, match, reg, request.form.get("mine", ""))
        commit()
    except ServiceError as exc:
        rollback()
        if isinstance(exc, Forbidden):
            raise
        flash(exc.message, "error")
        return redirect(back)
    flash(f"Mesa {match.table_no}: resultado confirmado.", "ok")
    return redirect(back)


@bp.post("/eventos/<int:event_id>/retirarme")
@login_required
def drop_me(event_id: int):
    session = db()
    event = ev.get_event(session, event_id)
    try:
        self_drop.drop_self(session, actor(), event, confirmed=request.form.get("confirmo") == "1")
        commit()
    except ServiceError as exc:
        rollback()
        if isinstance(exc, Forbidden):
            raise
        flash(exc.message, "error")
        return redirect(url_for("events.my_matches", event_id=event_id))
    flash("Te retiraste del evento: no serás emparejado en las próximas rondas. Si fue un error, "
          "avisa al organizador antes de que empareje la siguiente ronda.", "ok")
    return redirect(url_for("events.my_matches", event_id=event_id))


@bp.post("/eventos/<int:event_id>/jugadores/<int:reg_id>/deshacer-retiro")
@login_required
def undo_drop(event_id: int, reg_id: int):
    session = db()
    event = ev.get_event(session, event_id)
    try:
        reg = ev.get_registration(session, event, reg_id)
        self_drop.undo_self_drop(session, actor(), event, reg)
        commit()
    except ServiceError as exc:
        rollback()
        if isinstance(exc, Forbidden):
            raise
        flash(exc.message, "error")
        return redirect(url_for("events.dashboard", event_id=event_id))
    flash(f"{reg.name} vuelve al evento.", "ok")
    return redirect(url_for("events.dashboard", event_id=event_id))


@bp.app_context_processor
def _event_day_helpers():
    """Helpers the shared event templates call: the opponent's report waiting for a tap, the
    players who dropped themselves, and the format's editions missing from the catalog."""
    def pending_confirmation(registration, table):
        return sk.pending_confirmation(db(), registration, table) if registration else None

    def self_drops(event):
        return self_drop.self_drops(db(), event)

    def catalog_gaps(event):
        from ..services.catalog_upload import format_coverage
        from .common import catalog, formats

        fmt = formats().get(event.format_id)
        if fmt is None or not fmt.game.catalog_required:
            return None
        return format_coverage(catalog(), fmt)

    def swap_choices(decks):
        from ..services.judge_tools import swap_choices as choices_of

        return choices_of(decks or {})

    return {"pending_confirmation": pending_confirmation, "self_drops": self_drops,
            "catalog_gaps": catalog_gaps, "swap_choices": swap_choices}


@bp.get("/eventos/<int:event_id>/revision/esperado")
@login_required
def expected_deck(event_id: int):
    """The deck expected for a player and game, as list text (prefills the deck check)."""
    from ..services import judge_tools
    from .common import format_for

    session = db()
    event = ev.get_event(session, event_id)
    ev.require_judge(session, actor(), event)
    try:
        reg = ev.get_registration(session, event, request.args.get("jugador", type=int) or 0)
        text = judge_tools.expected_text(session, actor(), event, reg,
                                         request.args.get("juego", 1, type=int),
                                         format_for(event))
    except ServiceError as exc:
        if isinstance(exc, Forbidden):
            raise
        return jsonify(ok=False, error=exc.message), 200
    return jsonify(ok=True, text=text)
