"""Players on the event day: the opponent's one-tap confirmation of a report, and a player
dropping themselves (the organizer can undo it before the next pairing). Routes of the
``scorekeeper`` blueprint; thin over services.scorekeeper and services.self_drop."""
from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_login import login_required

from ..services import events as ev, rounds, scorekeeper as sk, self_drop
from ..services.errors import Forbidden, ServiceError
from .common import actor, commit, db, open_event, rollback
from .scorekeeper import bp


@bp.post("/eventos/<int:event_id>/mesas/<int:match_id>/confirmar")
@login_required
def confirm(event_id: int, match_id: int):
    session = db()
    event = open_event(event_id)
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
    event = open_event(event_id)
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
    event = open_event(event_id)
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
