"""Match results: players report (the opponent confirms), organizers enter or correct."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import login_required

from ...services import access, rounds
from ...services.errors import Forbidden
from ...swiss import Result
from ..common import actor, db, service_call
from ..forms import ResultForm
from .base import _event, _my_registration, bp


@bp.route("/eventos/<int:event_id>/mesas/<int:match_id>/resultado", methods=["GET", "POST"])
@login_required
def result(event_id: int, match_id: int):
    event = _event(event_id)
    session = db()
    match, rnd = rounds.get_match(session, event, match_id)
    organizer = access.is_organizer(actor(), event, session)
    reg = _my_registration(event)
    in_match = reg is not None and reg.id in (match.player_a_id, match.player_b_id)
    judge = not organizer and not in_match and access.is_judge(session, actor(), event)
    if not organizer and not in_match and not judge:
        raise Forbidden("Solo los jugadores de esta mesa, sus jueces y los organizadores ven "
                        "esta mesa.")
    if judge and request.method == "POST":
        raise Forbidden("Los jueces ingresan resultados desde el marcador de la ronda.")
    if not access.can_see_round(session, actor(), event, rnd):  # issue 15: unpublished is hidden
        abort(404)
    table = next(t for t in rounds.tables(session, event, rnd) if t.match.id == match.id)
    form = ResultForm()
    if in_match:
        form.a_games.label.text, form.b_games.label.text = "Juegos que ganaste", \
            "Juegos que ganó tu rival"
    elif table.b is not None:
        form.a_games.label.text = f"Juegos de {table.a.name}"
        form.b_games.label.text = f"Juegos de {table.b.name}"
    status = 200
    if request.method == "GET":
        form.version.data = str(match.version)
        if match.result:
            side = "b" if in_match and reg.id == match.player_b_id else "a"
            shown = Result.parse(match.result).seen_by(side)
            form.a_games.data, form.b_games.data, form.draws.data = (
                shown.a_games, shown.b_games, shown.draws)
    elif form.validate_on_submit():
        with service_call(form) as call:
            values = (form.a_games.data or 0, form.b_games.data or 0, form.draws.data or 0)
            if organizer and not in_match:
                text = rounds.normalize_result(*values)
                seen = int(form.version.data or match.version)
                rounds.enter_result(session, actor(), event, match, text, seen)
            elif organizer and request.form.get("como") == "organizador":
                text = rounds.normalize_result(*values)
                rounds.enter_result(session, actor(), event, match, text,
                                    int(form.version.data or match.version))
            else:
                rounds.report_result(session, actor(), event, match, reg, *values)
        if not call.ok:
            status = call.status
        else:
            flash(_result_message(match), "ok")
            if organizer:
                return redirect(url_for("events.outstanding", event_id=event_id,
                                        number=rnd.number))
            return redirect(url_for("events.my_matches", event_id=event_id))
    else:
        status = 400
    return render_template("events/result.html", event=event, rnd=rnd, table=table, form=form,
                           organizer=organizer, judge=judge, me=reg if in_match else None,
                           closed=rounds.closed_reason(session, event, rnd)), status


def _result_message(match) -> str:
    return {
        "confirmado": "Resultado confirmado.",
        "reportado": "Resultado reportado: falta que tu oponente lo confirme.",
        "disputado": "Tu oponente reportó otro resultado: el organizador decidirá.",
    }.get(match.status, "Resultado guardado.")
