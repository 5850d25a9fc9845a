"""A round's tables, for the organizer: pair the next round, publish, pair again, swap two
players, break a table, seat players by hand, the round clock, the outstanding tables."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_login import login_required

from ...models.events import MATCH_PENDING
from ...services import access, rounds
from ..common import actor, db, open_event, organizer_required, service_call
from ..forms import BreakTableForm, EmptyForm, ManualPairForm, SwapTablesForm, TimerForm, choices
from .base import bp
from .organizer import _simple_post
from ...collation import spanish_key


@bp.post("/eventos/<int:event_id>/rondas")
@organizer_required
def pair(event_id: int):
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    event = open_event(event_id)
    with service_call() as call:
        rnd = rounds.pair_next_round(db(), actor(), event)
    if not call.ok:
        return redirect(url_for("events.dashboard", event_id=event_id))
    flash(f"{rounds.round_title(db(), rnd)} emparejada. Revísala y publícala.", "ok")
    warning = rounds.cut_list_warning(db(), event, rnd)
    if warning:
        flash(warning, "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=rnd.number))


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/publicar")
@organizer_required
def publish(event_id: int, number: int):
    publish_it = request.form.get("publicar", "1") == "1"

    def action(event):
        rounds.publish_round(db(), actor(), rounds.get_round(db(), event, number), publish_it)

    # back to the round (the clock one tap away), not the panel, unless the form says where
    return _simple_post(event_id, action,
                        "Emparejamientos publicados: inicia el reloj cuando empiece la ronda."
                        if publish_it else "Emparejamientos ocultos.",
                        default=url_for("events.pairings", event_id=event_id, number=number))


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/reemparejar")
@organizer_required
def repair(event_id: int, number: int):
    def action(event):
        rounds.repair_round(db(), actor(), event, rounds.get_round(db(), event, number))

    return _simple_post(event_id, action, f"Ronda {number} emparejada de nuevo.")


def _swap_tables_form(event, rnd):
    if not access.is_organizer(actor(), event, db()):
        return None
    form = SwapTablesForm()
    tables = rounds.tables(db(), event, rnd)
    # only tables still without a result (the service refuses the others): nothing to offer else
    tables = [t for t in tables if t.b is not None and t.match.status == MATCH_PENDING]
    seated = [(t.a.id, t.a.name) for t in tables] + [(t.b.id, t.b.name) for t in tables]
    seated.sort(key=lambda x: spanish_key(x[1]))
    form.player_x.choices = form.player_y.choices = choices(seated)
    return form


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/intercambio")
@organizer_required
def swap_tables(event_id: int, number: int):
    event = open_event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = _swap_tables_form(event, rnd)
    if form.validate_on_submit():
        with service_call() as call:
            notes = rounds.swap_between_tables(db(), actor(), event, rnd, form.player_x.data,
                                               form.player_y.data)
        if call.ok:
            flash("Jugadores intercambiados. " + " ".join(notes), "ok")
    else:
        flash("Elige dos jugadores de la ronda.", "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


def _break_form(event, rnd):
    form = BreakTableForm()
    form.match_id.choices = choices(
        (t.match.id, f"Mesa {t.match.table_no}: {t.a.name} – {t.b.name if t.b else 'BYE'}")
        for t in rounds.tables(db(), event, rnd)
        if t.b is None or t.match.status == MATCH_PENDING)
    return form


def _manual_form(event, rnd):
    form = ManualPairForm()
    free = [(r.id, r.name) for r in rounds.unseated(db(), event, rnd)]
    form.player_x.choices = choices(free)
    form.player_y.choices = choices(free + [(0, "BYE (sin rival)")])
    return form


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/deshacer")
@organizer_required
def break_table(event_id: int, number: int):
    """Undo a table (tourney.swiss break_match): its players wait to be seated by hand."""
    event = open_event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = _break_form(event, rnd)
    if form.validate_on_submit():
        with service_call() as call:
            notes = rounds.break_table(db(), actor(), event, rnd, form.match_id.data)
        if call.ok:
            flash("Mesa deshecha: " + " ".join(notes), "ok")
    else:
        flash("Elige una mesa sin resultado.", "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/a-mano")
@organizer_required
def pair_by_hand(event_id: int, number: int):
    """Seat two players without a table together, or give one the bye (tourney.swiss
    pair_players): the consequences (rematch, point difference) are shown."""
    event = open_event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = _manual_form(event, rnd)
    if form.validate_on_submit():
        with service_call() as call:
            notes = rounds.pair_by_hand(db(), actor(), event, rnd, form.player_x.data,
                                        form.player_y.data or None)
        if call.ok:
            flash("Mesa creada. Consecuencias: " + "; ".join(notes), "ok")
    else:
        flash("Elige dos jugadores sin mesa (o un jugador y «BYE»).", "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/reloj")
@organizer_required
def timer(event_id: int, number: int):
    event = open_event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = TimerForm()
    if form.validate_on_submit():
        with service_call(success=f"Reloj de la ronda {number} en marcha: "
                                  f"{form.minutes.data} minutos."):
            rounds.start_timer(db(), actor(), rnd, form.minutes.data)
    else:
        flash("Minutos: " + "; ".join(form.minutes.errors or ["valor no válido"]), "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


@bp.get("/eventos/<int:event_id>/rondas/<int:number>/pendientes")
@login_required
def outstanding(event_id: int, number: int):
    event = open_event(event_id, access.require_judge)
    rnd = rounds.get_round(db(), event, number)
    return render_template("events/outstanding.html", event=event, rnd=rnd,
                           tables=rounds.outstanding(db(), event, rnd))
