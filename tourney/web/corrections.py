"""Corrections of a closed round's results (the event's organizers): pick the result and the
reason, see the consequences, confirm; undo from the history. Routes of the ``scorekeeper``
blueprint; thin over tourney.services.rounds.corrections."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_login import login_required

from ..models.events import MATCH_CONFIRMED, ROUND_TOP_CUT
from ..services import rounds, scorekeeper as sk
from ..services.access import require_event_organizer
from ..services.errors import Conflict, ServiceError
from ..services.history import clean_reason
from ..services.rounds import corrections
from ..swiss import PLAYOFF_BUTTONS, RESULT_BUTTONS
from .common import actor, db, open_event, service_call
from .scorekeeper import bp


@bp.route("/eventos/<int:event_id>/mesas/<int:match_id>/correccion", methods=["GET", "POST"])
@login_required
def correction(event_id: int, match_id: int):
    session = db()
    event = open_event(event_id, require_event_organizer)
    match, rnd = rounds.get_match(session, event, match_id)
    table = next(t for t in rounds.tables(session, event, rnd) if t.match.id == match.id)
    buttons = PLAYOFF_BUTTONS if rnd.kind == ROUND_TOP_CUT else RESULT_BUTTONS[:-1]
    form = request.form
    chosen, reason = form.get("result", ""), form.get("reason", "")
    version = form.get("version", type=int)
    shown, error, status = None, None, 200
    if request.method == "POST":
        try:
            result = sk.parse_code(chosen) if chosen else None
            if result is None:
                raise ServiceError("Elige el resultado correcto.", "result")
            if form.get("accion") == "confirmar":
                with service_call() as call:
                    corrections.correct_result(session, actor(), event, match, result, reason,
                                               version if version is not None else match.version)
                if call.ok:
                    flash(f"Corrección guardada: mesa {match.table_no} de la ronda "
                          f"{rnd.number}, {rounds.label(result)}. Se puede deshacer aquí.", "ok")
                    return redirect(url_for("scorekeeper.event_history", event_id=event_id))
                status = call.status
            else:
                clean_reason(reason, required=True)
                shown = corrections.preview(session, actor(), event, match, result)
        except ServiceError as exc:
            error, status = exc.message, 409 if isinstance(exc, Conflict) else 400
    return render_template("events/correction.html", event=event, rnd=rnd, table=table,
                           buttons=buttons, chosen=chosen, reason=reason, shown=shown,
                           error=error, version=match.version if version is None else version,
                           closed=rounds.closed_reason(session, event, rnd),
                           current=rounds.label(match.result)
                           if match.status == MATCH_CONFIRMED else ""), status


@bp.post("/eventos/<int:event_id>/historial/<int:history_id>/deshacer")
@login_required
def undo_correction(event_id: int, history_id: int):
    session = db()
    event = open_event(event_id, require_event_organizer)
    with service_call(success="Corrección deshecha: la mesa volvió a su resultado anterior."):
        corrections.undo(session, actor(), event, history_id, request.form.get("reason", ""))
    return redirect(url_for("scorekeeper.event_history", event_id=event_id))
