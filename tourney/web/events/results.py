"""Match results: players report (the opponent confirms), organizers enter or correct."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import login_required

from ...services import access, rounds, scorekeeper as sk
from ...services.errors import Forbidden, ServiceError
from ...swiss import Result
from ..common import actor, db, open_event, service_call
from ..forms import ResultForm
from .base import _my_registration, bp


@bp.route("/eventos/<int:event_id>/mesas/<int:match_id>/resultado", methods=["GET", "POST"])
@login_required
def result(event_id: int, match_id: int):
    event = open_event(event_id)
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
    side = "b" if in_match and reg.id == match.player_b_id else "a"
    status, sent = 200, None
    if request.method == "GET":
        form.version.data = str(match.version)
    elif form.validate_on_submit():
        with service_call(form) as call:
            values = _submitted(form)
            sent = "-".join(map(str, values))
            if organizer and not in_match:
                text = rounds.normalize_result(*values)
                seen = int(form.version.data or match.version)
                rounds.enter_result(session, actor(), event, match, text, seen)
            elif organizer and request.form.get("como") == "organizador":
                text = rounds.normalize_result(*values)  # from my side: stored from A's
                text = rounds.flip(text) if side == "b" else text
                rounds.enter_result(session, actor(), event, match, text,
                                    int(form.version.data or match.version))
            else:
                rounds.report_result(session, actor(), event, match, reg, *values)
        if not call.ok:
            status = call.status
            if sent and not request.form.get("resultado"):
                form.otro.data = form.otro.data or sent  # what was typed stays in the box
        else:
            flash(_result_message(match), "ok")
            if organizer:
                return redirect(url_for("events.outstanding", event_id=event_id,
                                        number=rnd.number))
            return redirect(url_for("events.my_matches", event_id=event_id))
    else:
        status = 400
    mine = table.reports.get(reg.id) if in_match else None
    current = mine or match.result
    pressed = str(Result.parse(current).seen_by(side)) if current else None
    if sent and request.form.get("resultado"):
        pressed = sent  # the button tapped stays marked when the save was refused
    return render_template("events/result.html", event=event, rnd=rnd, table=table, form=form,
                           organizer=organizer, judge=judge, me=reg if in_match else None,
                           closed=rounds.closed_reason(session, event, rnd),
                           buttons=_buttons(rnd, side),
                           pressed=pressed), status


def _submitted(form) -> tuple[int, int, int]:
    """The result sent: a button («2-1», «ID»: the Marcador's codes, read by the swiss core)
    or the «Otro resultado» box; else the three number fields of the older form (still
    accepted). From the reporter's side (mine first), or player A's for the staff."""
    code = request.form.get("resultado") or (form.otro.data or "").strip()
    if code:
        try:
            a, b, d = (int(x) for x in sk.parse_code(code).split("-"))
        except ServiceError as exc:
            exc.field = "otro"
            raise
        return a, b, d
    return form.a_games.data or 0, form.b_games.data or 0, form.draws.data or 0


def _buttons(rnd, side: str) -> list[tuple[str, str, str]]:
    """(label, "a-b-d", words) of the round's result buttons; words from the reporter's side
    («ganaste», «perdiste», «empate»)."""
    out = []
    for label, value in sk.round_buttons(rnd):
        winner = Result.parse(value).winner()
        words = ("empate acordado" if label == "ID" else "empate" if winner is None
                 else "ganaste" if winner == "a" else "perdiste")
        out.append((label, value, words))
    return out


def _result_message(match) -> str:
    return {
        "confirmado": "Resultado confirmado.",
        "reportado": "Resultado reportado: falta que tu oponente lo confirme.",
        "disputado": "Tu oponente reportó otro resultado: el organizador decidirá.",
    }.get(match.status, "Resultado guardado.")
