"""Event pages: organizer dashboard, registration, decklists, rounds, results, swaps, checks."""
from __future__ import annotations

from flask import (
    Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for,
)
from flask_login import current_user, login_required
from sqlmodel import select

from ..catalog.model import fold
from ..models.events import DeckCheck
from ..services import decklists, events as ev, rounds, swaps
from ..services.errors import Forbidden, ServiceError
from .common import (
    actor, cached_fragment, catalog, commit, db, field_error, format_for, format_name, formats,
    from_local, organizer_required, rollback,
)
from .forms import (
    BreakTableForm, DeckCheckForm, DecklistForm, DeskPlayerForm, EmptyForm, EventForm,
    ForbiddenPairForm, JudgeForm, ManualPairForm, ResultForm, SwapForm, SwapTablesForm,
    TimerForm, choices,
)

bp = Blueprint("events", __name__)


@bp.app_context_processor
def inject():
    return {"format_name": format_name, "sections": sections, "event_nav": event_nav,
            "status_label": status_label, "outcome_for": outcome_for}


STATUS_LABELS = {
    "pendiente": "sin resultado",
    "reportado": "reportado: falta que el rival lo confirme",
    "disputado": "en disputa: decide el organizador",
    "confirmado": "confirmado",
}


def status_label(status: str) -> str:
    """A match status in words a player understands."""
    return STATUS_LABELS.get(status, status)


def outcome_for(table, registration_id: int) -> str:
    """The match result told from one player's side: «Ganaste 2-1», «Perdiste 0-2»,
    «Empate 1-1 (1 juego empatado)»; empty while there is no result."""
    match = table.match
    if table.b is None:
        return "Bye: cuenta como partida ganada."
    if not match.result:
        return ""
    a, b, d = (int(x) for x in match.result.split("-"))
    mine, theirs = (a, b) if registration_id == match.player_a_id else (b, a)
    score = f"{mine}-{theirs}" + (f" ({d} juego{'s' if d != 1 else ''} empatado{'s' if d != 1 else ''})"
                                  if d else "")
    if mine > theirs:
        return f"Ganaste {score}"
    if mine < theirs:
        return f"Perdiste {score}"
    return f"Empate {score}"


def event_nav(event) -> list[tuple[str, str, bool]]:
    """The links every event page shows under the header, for whoever is looking:
    (label, url, is_current_page). Everyone: event, last visible round, standings; players:
    their matches and list; judges: lists, deck check, documents; organizers: the dashboard."""
    session = db()
    me = actor()
    judge = ev.is_judge(session, me, event)
    reg = _my_registration(event)
    visible = [r for r in rounds.event_rounds(session, event) if r.published or judge]
    links = [("Evento", url_for("events.home", event_id=event.id))]
    if visible:
        last = visible[-1]
        links.append((f"Ronda {last.number}",
                      url_for("events.pairings", event_id=event.id, number=last.number)))
    links.append(("Clasificación", url_for("events.standings", event_id=event.id)))
    if reg is not None:
        links.append(("Mis partidas", url_for("events.my_matches", event_id=event.id)))
        links.append(("Mi lista", url_for("events.my_decklist", event_id=event.id)))
    if event.decklists_published or judge:
        links.append(("Listas", url_for("events.decklist_index", event_id=event.id)))
        links.append(("Metagama", url_for("events.metagame", event_id=event.id)))
    if judge:
        links.append(("Revisión de mazo", url_for("events.deck_check", event_id=event.id)))
        if visible:
            links.append(("Mesas pendientes", url_for("events.outstanding", event_id=event.id,
                                                      number=visible[-1].number)))
    if ev.is_organizer(me):
        links.append(("Panel", url_for("events.dashboard", event_id=event.id)))
    here = request.path
    return [(label, url, url == here) for label, url in links]


def sections(event) -> dict:
    """The game's own deck section names for an event's pages (Mazo Castillo / Mazo de Soporte;
    Magic: Mazo principal / Sideboard; Sky World: Mazo / Héroe) and whether cards come from
    the imported catalog (card search)."""
    fmt = formats().get(event.format_id)
    if fmt is None:
        return {"main": "Mazo Castillo", "side": "Mazo de Soporte", "catalog": True, "myl": True}
    return {"main": fmt.main_name, "side": fmt.side_name,
            "catalog": fmt.game.catalog_required, "myl": fmt.game.id == "myl"}


def _event(event_id: int):
    return ev.get_event(db(), event_id)


def _my_registration(event):
    return ev.registration_of(db(), actor(), event)


def _require_registration(event):
    reg = _my_registration(event)
    if reg is None:
        raise Forbidden("No estás inscrito en este evento.")
    return reg


# -- public pages ------------------------------------------------------------------------------
@bp.get("/")
def index():
    return render_template("events/index.html", events=ev.list_events(db()))


@bp.get("/eventos/<int:event_id>")
def home(event_id: int):
    event = _event(event_id)
    session = db()
    all_rounds = rounds.event_rounds(session, event)
    current = all_rounds[-1] if all_rounds else None
    reg = _my_registration(event)
    my_table = None
    if reg is not None and current is not None and current.published:
        my_table = next((t for t in rounds.tables(session, event, current)
                         if reg.id in (t.match.player_a_id, t.match.player_b_id)), None)
    return render_template(
        "events/home.html", event=event, rounds=all_rounds, current=current, registration=reg,
        my_table=my_table,
        players=ev.players(session, event), is_judge=ev.is_judge(session, actor(), event),
        remaining=rounds.timer_remaining(current) if current else None,
        registered=decklists.registered(session, event, reg) if reg else None,
        planned=_planned(event), champion=rounds.champion(session, event))


def _planned(event):
    return rounds.planned_rounds(db(), event)


@bp.get("/eventos/<int:event_id>/rondas/<int:number>")
def pairings(event_id: int, number: int):
    event = _event(event_id)
    session = db()
    rnd = rounds.get_round(session, event, number)
    judge = ev.is_judge(session, actor(), event)
    if not (rnd.published or judge):
        abort(404)
    order = "alfabetico" if request.args.get("orden") == "alfabetico" else "mesa"
    query = (request.args.get("q") or "").strip()[:80]
    organizer = ev.is_organizer(actor())
    key = ("pairings", rounds.fingerprint(session, event), rnd.id, order, fold(query), judge,
           organizer)
    table_html = cached_fragment(key, lambda: _pairings_table(event, rnd, order, query, judge,
                                                              organizer))
    reg = _my_registration(event)
    my_table = None
    if reg is not None:
        my_table = next((t for t in rounds.tables(session, event, rnd)
                         if reg.id in (t.match.player_a_id, t.match.player_b_id)), None)
    return render_template("events/pairings.html", event=event, rnd=rnd, table_html=table_html,
                           order=order, query=query, remaining=rounds.timer_remaining(rnd),
                           is_judge=judge, is_organizer=organizer, my_table=my_table,
                           registration=reg,
                           swap_form=_swap_tables_form(event, rnd) if organizer else None,
                           timer_form=TimerForm() if organizer else None,
                           break_form=_break_form(event, rnd) if organizer else None,
                           manual_form=_manual_form(event, rnd) if organizer else None,
                           unseated=rounds.unseated(session, event, rnd) if judge else [])


def _pairings_table(event, rnd, order, query, judge, organizer) -> str:
    tables = rounds.tables(db(), event, rnd)
    rows = []
    if order == "alfabetico":
        for t in tables:
            rows.append((t.a.name, t.match.table_no, t.b.name if t.b else None))
            if t.b:
                rows.append((t.b.name, t.match.table_no, t.a.name))
        rows.sort(key=lambda r: fold(r[0]))
    if query:
        q = fold(query)
        tables = [t for t in tables if q in fold(t.a.name) or (t.b and q in fold(t.b.name))]
        rows = [r for r in rows if q in fold(r[0])]
    return render_template("events/_pairings_table.html", event=event, tables=tables, rows=rows,
                           order=order, is_judge=judge, is_organizer=organizer)


@bp.get("/eventos/<int:event_id>/clasificacion")
def standings(event_id: int):
    event = _event(event_id)
    session = db()
    key = ("standings", rounds.fingerprint(session, event))

    def render():
        rows = rounds.standings(session, event) if rounds.event_rounds(session, event) else []
        shown = [(s.rank, s.name + (" (retirado)" if s.dropped else ""), s.points, s.record,
                  f"{float(s.omw) * 100:.2f}",
                  f"{float(s.gw) * 100:.2f}", f"{float(s.ogw) * 100:.2f}") for s in rows]
        return render_template("events/_standings_table.html", rows=shown)

    return render_template("events/standings.html", event=event,
                           table_html=cached_fragment(key, render))


@bp.get("/eventos/<int:event_id>/metagama")
def metagame(event_id: int):
    event = _event(event_id)
    if not (event.decklists_published or ev.is_judge(db(), actor(), event)):
        raise Forbidden("El metagama se muestra cuando el organizador publica las listas.")
    from ..services.metagame import metagame as compute

    data = compute(db(), event, catalog())
    return render_template("events/metagame.html", event=event, data=data)


# -- organizer -----------------------------------------------------------------------------
@bp.route("/eventos/nuevo", methods=["GET", "POST"])
@organizer_required
def create():
    form = EventForm()
    form.format_id.choices = choices((fid, getattr(f, "name", fid))
                                    for fid, f in sorted(formats().items()))
    if request.method == "GET" and "unificado" in formats():
        form.format_id.data = "unificado"  # the everyday MyL format, not the first alphabetically
    if form.validate_on_submit():
        try:
            event = ev.create_event(
                db(), actor(), name=form.name.data, date=form.date.data,
                format_id=form.format_id.data, formats=formats(), venue=form.venue.data or "",
                rounds_planned=form.rounds_planned.data, top_cut=int(form.top_cut.data),
                registration_deadline=from_local(form.registration_deadline.data),
                decklist_deadline=from_local(form.decklist_deadline.data),
                support_required=not form.league.data, page_size=form.page_size.data)
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            flash("Evento creado.", "ok")
            return redirect(url_for("events.dashboard", event_id=event.id))
    status = 400 if request.method == "POST" else 200
    return render_template("events/create.html", form=form), status


@bp.route("/eventos/<int:event_id>/editar", methods=["GET", "POST"])
@organizer_required
def edit(event_id: int):
    """Edit an event after creation (consequences shown as messages)."""
    from .common import local_time

    event = _event(event_id)
    form = EventForm(obj=None if request.method == "POST" else event)
    form.format_id.choices = choices((fid, getattr(f, "name", fid))
                                    for fid, f in sorted(formats().items()))
    if request.method == "GET":
        form.top_cut.data = str(event.top_cut)
        form.league.data = not event.support_required
        from datetime import datetime as _dt

        for name in ("registration_deadline", "decklist_deadline"):
            value = getattr(event, name)
            getattr(form, name).data = (_dt.strptime(local_time(value, "%Y-%m-%dT%H:%M"),
                                                     "%Y-%m-%dT%H:%M") if value else None)
    if form.validate_on_submit():
        try:
            notes = ev.update_event(
                db(), actor(), event, formats=formats(), name=form.name.data,
                date=form.date.data, format_id=form.format_id.data, venue=form.venue.data or "",
                rounds_planned=form.rounds_planned.data, top_cut=int(form.top_cut.data),
                registration_deadline=from_local(form.registration_deadline.data),
                decklist_deadline=from_local(form.decklist_deadline.data),
                support_required=not form.league.data, page_size=form.page_size.data)
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            flash("Evento actualizado.", "ok")
            for note in notes:
                flash(note, "info")
            return redirect(url_for("events.dashboard", event_id=event.id))
    status = 400 if request.method == "POST" else 200
    return render_template("events/create.html", form=form, event=event), status


@bp.get("/eventos/<int:event_id>/panel")
@organizer_required
def dashboard(event_id: int, desk_form=None, judge_form=None, forbidden_form=None, status=200):
    event = _event(event_id)
    session = db()
    regs = ev.players(session, event)
    subs = decklists.registered_by_player(session, event)
    all_rounds = rounds.event_rounds(session, event)
    current = all_rounds[-1] if all_rounds else None
    missing = rounds.outstanding(session, event, current) if current else []
    # re-pairing is only possible before any result (rounds.repair_round): hide it after
    can_repair = current is not None and all(
        m.status == "pendiente" or m.player_b_id is None
        for m in rounds.round_matches(session, current))
    return render_template(
        "events/dashboard.html", event=event, players=regs, subs=subs, rounds=all_rounds,
        current=current, missing=missing, judges=ev.judges(session, event),
        desk_form=desk_form or DeskPlayerForm(), judge_form=judge_form or JudgeForm(),
        forbidden_form=_forbidden_form(event, forbidden_form),
        forbidden=ev.forbidden_pairs(session, event),
        unseated=rounds.unseated(session, event, current) if current else [],
        timer_form=TimerForm(), planned=_planned(event), step=rounds.next_step(session, event),
        champion=rounds.champion(session, event), can_repair=can_repair), status


def _simple_post(event_id: int, action, success: str):
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    event = _event(event_id)
    try:
        action(event)
        commit()
        flash(success, "ok")
    except ServiceError as exc:
        rollback()
        flash(exc.message, "error")
    target = request.form.get("next") or ""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        target = url_for("events.dashboard", event_id=event_id)
    return redirect(target)


@bp.post("/eventos/<int:event_id>/inscripcion")
@organizer_required
def toggle_registration(event_id: int):
    is_open = request.form.get("abrir") == "1"
    return _simple_post(event_id, lambda e: ev.set_registration_open(db(), actor(), e, is_open),
                        "Inscripciones abiertas." if is_open else "Inscripciones cerradas.")


@bp.post("/eventos/<int:event_id>/jugadores")
@organizer_required
def add_player(event_id: int):
    event = _event(event_id)
    form = DeskPlayerForm()
    if form.validate_on_submit():
        try:
            reg = ev.add_player_at_desk(db(), actor(), event, form.name.data, form.email.data,
                                        form.with_losses.data, external_id=form.external_id.data,
                                        byes=form.byes.data or 0, link_unknown_email=True)
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            flash(f"{reg.name} inscrito.", "ok")
            return redirect(url_for("events.dashboard", event_id=event_id))
    return dashboard(event_id, desk_form=form, status=400)


@bp.post("/eventos/<int:event_id>/jugadores/<int:reg_id>/retiro")
@organizer_required
def toggle_drop(event_id: int, reg_id: int):
    drop = request.form.get("accion") != "reincorporar"

    def action(event):
        reg = ev.get_registration(db(), event, reg_id)
        ev.set_dropped(db(), actor(), event, reg, drop)

    return _simple_post(event_id, action, "Jugador retirado." if drop else "Jugador reincorporado.")


@bp.post("/eventos/<int:event_id>/jueces")
@organizer_required
def add_judge(event_id: int):
    event = _event(event_id)
    form = JudgeForm()
    if form.validate_on_submit():
        try:
            ev.add_judge(db(), actor(), event, form.email.data)
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            flash("Juez agregado.", "ok")
            return redirect(url_for("events.dashboard", event_id=event_id))
    return dashboard(event_id, judge_form=form, status=400)


@bp.post("/eventos/<int:event_id>/listas/publicacion")
@organizer_required
def toggle_publication(event_id: int):
    publish = request.form.get("publicar") == "1"
    return _simple_post(event_id,
                        lambda e: ev.set_decklists_published(db(), actor(), e, publish),
                        "Listas publicadas." if publish else "Listas ocultas.")


@bp.post("/eventos/<int:event_id>/finalizar")
@organizer_required
def finish(event_id: int):
    return _simple_post(event_id, lambda e: ev.finish_event(db(), actor(), e), "Evento finalizado.")


@bp.post("/eventos/<int:event_id>/rondas")
@organizer_required
def pair(event_id: int):
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    event = _event(event_id)
    try:
        rnd = rounds.pair_next_round(db(), actor(), event)
        commit()
    except ServiceError as exc:
        rollback()
        flash(exc.message, "error")
        return redirect(url_for("events.dashboard", event_id=event_id))
    flash(f"Ronda {rnd.number} emparejada. Revísala y publícala.", "ok")
    return redirect(url_for("events.pairings", event_id=event_id, number=rnd.number))


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/publicar")
@organizer_required
def publish(event_id: int, number: int):
    publish_it = request.form.get("publicar", "1") == "1"

    def action(event):
        rounds.publish_round(db(), actor(), rounds.get_round(db(), event, number), publish_it)

    return _simple_post(event_id, action,
                        "Emparejamientos publicados." if publish_it else "Emparejamientos ocultos.")


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/reemparejar")
@organizer_required
def repair(event_id: int, number: int):
    def action(event):
        rounds.repair_round(db(), actor(), event, rounds.get_round(db(), event, number))

    return _simple_post(event_id, action, f"Ronda {number} emparejada de nuevo.")


def _swap_tables_form(event, rnd):
    if not ev.is_organizer(actor()):
        return None
    form = SwapTablesForm()
    tables = rounds.tables(db(), event, rnd)
    seated = [(t.a.id, t.a.name) for t in tables] + [(t.b.id, t.b.name) for t in tables if t.b]
    seated.sort(key=lambda x: fold(x[1]))
    form.player_x.choices = form.player_y.choices = choices(seated)
    return form


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/intercambio")
@organizer_required
def swap_tables(event_id: int, number: int):
    event = _event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = _swap_tables_form(event, rnd)
    if form.validate_on_submit():
        try:
            notes = rounds.swap_between_tables(db(), actor(), event, rnd, form.player_x.data,
                                               form.player_y.data)
            commit()
        except ServiceError as exc:
            rollback()
            flash(exc.message, "error")
        else:
            flash("Jugadores intercambiados. " + " ".join(notes), "ok")
    else:
        flash("Elige dos jugadores de la ronda.", "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


def _break_form(event, rnd):
    form = BreakTableForm()
    form.match_id.choices = choices(
        (t.match.id, f"Mesa {t.match.table_no}: {t.a.name} – {t.b.name if t.b else 'BYE'}")
        for t in rounds.tables(db(), event, rnd)
        if t.b is None or t.match.status == "pendiente")
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
    event = _event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = _break_form(event, rnd)
    if form.validate_on_submit():
        try:
            notes = rounds.break_table(db(), actor(), event, rnd, form.match_id.data)
            commit()
        except ServiceError as exc:
            rollback()
            flash(exc.message, "error")
        else:
            flash("Mesa deshecha: " + " ".join(notes), "ok")
    else:
        flash("Elige una mesa sin resultado.", "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/a-mano")
@organizer_required
def pair_by_hand(event_id: int, number: int):
    """Seat two players without a table together, or give one the bye (tourney.swiss
    pair_players): the consequences (rematch, point difference) are shown."""
    event = _event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = _manual_form(event, rnd)
    if form.validate_on_submit():
        try:
            notes = rounds.pair_by_hand(db(), actor(), event, rnd, form.player_x.data,
                                        form.player_y.data or None)
            commit()
        except ServiceError as exc:
            rollback()
            flash(exc.message, "error")
        else:
            flash("Mesa creada. Consecuencias: " + "; ".join(notes), "ok")
    else:
        flash("Elige dos jugadores sin mesa (o un jugador y «BYE»).", "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


@bp.post("/eventos/<int:event_id>/parejas-prohibidas")
@organizer_required
def add_forbidden(event_id: int):
    event = _event(event_id)
    form = _forbidden_form(event)
    if form.validate_on_submit():
        try:
            ev.add_forbidden_pair(db(), actor(), event, form.player_x.data, form.player_y.data,
                                  form.reason.data or "")
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            flash("Pareja registrada: el emparejamiento evitará que se enfrenten.", "ok")
            return redirect(url_for("events.dashboard", event_id=event_id))
    return dashboard(event_id, forbidden_form=form, status=400)


@bp.post("/eventos/<int:event_id>/parejas-prohibidas/<int:pair_id>/quitar")
@organizer_required
def remove_forbidden(event_id: int, pair_id: int):
    return _simple_post(event_id,
                        lambda e: ev.remove_forbidden_pair(db(), actor(), e, pair_id),
                        "Pareja quitada.")


def _forbidden_form(event, form=None):
    form = form or ForbiddenPairForm()
    everyone = [(r.id, r.name) for r in ev.players(db(), event)]
    form.player_x.choices = choices(everyone)
    form.player_y.choices = choices(everyone)
    return form


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/reloj")
@organizer_required
def timer(event_id: int, number: int):
    event = _event(event_id)
    rnd = rounds.get_round(db(), event, number)
    form = TimerForm()
    if form.validate_on_submit():
        try:
            rounds.start_timer(db(), actor(), rnd, form.minutes.data)
            commit()
            flash(f"Reloj de la ronda {number} en marcha: {form.minutes.data} minutos.", "ok")
        except ServiceError as exc:
            rollback()
            flash(exc.message, "error")
    else:
        flash("Minutos: " + "; ".join(form.minutes.errors or ["valor no válido"]), "error")
    return redirect(url_for("events.pairings", event_id=event_id, number=number))


@bp.get("/eventos/<int:event_id>/rondas/<int:number>/pendientes")
@login_required
def outstanding(event_id: int, number: int):
    event = _event(event_id)
    ev.require_judge(db(), actor(), event)
    rnd = rounds.get_round(db(), event, number)
    return render_template("events/outstanding.html", event=event, rnd=rnd,
                           tables=rounds.outstanding(db(), event, rnd))


# -- results -----------------------------------------------------------------------------------
@bp.route("/eventos/<int:event_id>/mesas/<int:match_id>/resultado", methods=["GET", "POST"])
@login_required
def result(event_id: int, match_id: int):
    event = _event(event_id)
    session = db()
    match, rnd = rounds.get_match(session, event, match_id)
    organizer = ev.is_organizer(actor())
    reg = _my_registration(event)
    in_match = reg is not None and reg.id in (match.player_a_id, match.player_b_id)
    if not organizer and not in_match:
        raise Forbidden("Solo los jugadores de esta mesa y los organizadores ven este formulario.")
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
            a, b, d = (int(x) for x in match.result.split("-"))
            if not organizer and reg.id == match.player_b_id:
                a, b = b, a
            form.a_games.data, form.b_games.data, form.draws.data = a, b, d
    elif form.validate_on_submit():
        try:
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
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
            status = 409 if exc.__class__.__name__ == "Conflict" else 400
        else:
            flash(_result_message(match), "ok")
            if organizer:
                return redirect(url_for("events.outstanding", event_id=event_id,
                                        number=rnd.number))
            return redirect(url_for("events.my_matches", event_id=event_id))
    else:
        status = 400
    return render_template("events/result.html", event=event, rnd=rnd, table=table, form=form,
                           organizer=organizer, me=reg if in_match else None), status


def _result_message(match) -> str:
    return {
        "confirmado": "Resultado confirmado.",
        "reportado": "Resultado reportado: falta que tu oponente lo confirme.",
        "disputado": "Tu oponente reportó otro resultado: el organizador decidirá.",
    }.get(match.status, "Resultado guardado.")


# -- players -----------------------------------------------------------------------------------
@bp.post("/eventos/<int:event_id>/inscribirme")
@login_required
def register(event_id: int):
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    event = _event(event_id)
    try:
        ev.register_self(db(), actor(), event)
        commit()
    except ServiceError as exc:
        rollback()
        flash(exc.message, "error")
        return redirect(url_for("events.home", event_id=event_id))
    flash("Inscrito. Ahora envía tu lista.", "ok")
    return redirect(url_for("events.my_decklist", event_id=event_id))


@bp.route("/eventos/<int:event_id>/mi-lista", methods=["GET", "POST"])
@login_required
def my_decklist(event_id: int):
    event = _event(event_id)
    return _decklist_editor(event, _require_registration(event))


@bp.route("/eventos/<int:event_id>/listas/<int:reg_id>/editar", methods=["GET", "POST"])
@organizer_required
def desk_decklist(event_id: int, reg_id: int):
    """The organizer enters a list for a player (desk entries without an account)."""
    event = _event(event_id)
    return _decklist_editor(event, ev.get_registration(db(), event, reg_id), desk=True)


def _decklist_editor(event, reg, desk: bool = False):
    session = db()
    form = DecklistForm()
    checked = None
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            upload = form.file.data
            data = upload.read() if upload and getattr(upload, "filename", "") else None
            try:
                sub, checked = decklists.submit_decklist(
                    session, actor(), event, reg, format_for(event), catalog(),
                    text=form.text.data if data is None else None, xlsx=data,
                    filename=upload.filename if data is not None else None,
                    source="xlsx" if data is not None else request.form.get("origen", "texto"))
                commit()
            except ServiceError as exc:
                rollback()
                field_error(form, exc)
                status = 400
            else:
                flash("Lista legal registrada." if sub.legal else
                      "Lista guardada, pero NO es legal: corrígela antes del cierre.",
                      "ok" if sub.legal else "error")
                if data is not None:
                    form.text.data = sub.raw_text
        else:
            status = 400
    current = decklists.registered(session, event, reg)
    hist = decklists.history(session, reg)
    if request.method == "GET" and hist:
        form.text.data = hist[0].raw_text
    locked = decklists.is_locked(session, event) and not desk
    return render_template("events/decklist.html", event=event, registration=reg, form=form,
                           checked=checked, current=current, history=hist, locked=locked,
                           desk=desk), status


@bp.post("/eventos/<int:event_id>/mi-lista/verificar")
@login_required
def check_decklist(event_id: int):
    """The live verdict: validate without storing (JSON)."""
    event = _event(event_id)
    if not ev.is_organizer(actor()):
        _require_registration(event)
    text = request.form.get("text", "")
    try:
        checked = decklists.check_decklist(event, format_for(event), catalog(), text=text)
    except ServiceError as exc:
        return jsonify({"error": exc.message}), 400
    return jsonify({"verdict": checked.verdict, "legal": checked.legal})


@bp.get("/eventos/<int:event_id>/cartas")
@login_required
def card_search(event_id: int):
    """Card search for the decklist form: names matching ``q`` (JSON)."""
    _event(event_id)
    q = fold(request.args.get("q", ""))
    if len(q) < 2:
        return jsonify([])
    seen, out = set(), []
    for card in catalog():
        key = fold(card.name)
        if q in key and card.name not in seen:
            seen.add(card.name)
            out.append({"name": card.name, "code": card.code, "type": card.type})
            if len(out) >= 20:
                break
    return jsonify(out)


@bp.get("/eventos/<int:event_id>/mis-partidas")
@login_required
def my_matches(event_id: int):
    event = _event(event_id)
    reg = _require_registration(event)
    items = [(rnd, t) for rnd, t in rounds.player_matches(db(), event, reg) if rnd.published
             or ev.is_organizer(actor())]
    return render_template("events/my_matches.html", event=event, registration=reg, items=items)


# -- decklists (judges; public after publication) -------------------------------------------
@bp.get("/eventos/<int:event_id>/listas")
def decklist_index(event_id: int):
    event = _event(event_id)
    if not (event.decklists_published or ev.is_judge(db(), actor(), event)):
        if not current_user.is_authenticated:
            from flask import current_app

            return current_app.login_manager.unauthorized()
        raise Forbidden("Las listas son privadas hasta que el organizador las publique.")
    subs = decklists.registered_by_player(db(), event)
    return render_template("events/decklists.html", event=event, players=ev.players(db(), event),
                           subs=subs)


@bp.get("/eventos/<int:event_id>/listas/<int:reg_id>")
def decklist_view(event_id: int, reg_id: int):
    event = _event(event_id)
    reg = ev.get_registration(db(), event, reg_id)
    if not decklists.can_view(db(), actor(), event, reg):
        if not current_user.is_authenticated:
            from flask import current_app

            return current_app.login_manager.unauthorized()
        raise Forbidden("Las listas son privadas hasta que el organizador las publique.")
    sub = decklists.registered(db(), event, reg)
    hist = decklists.history(db(), reg) if ev.is_judge(db(), actor(), event) else []
    checks = list(db().exec(select(DeckCheck).where(DeckCheck.registration_id == reg.id)
                            .order_by(DeckCheck.created_at.desc()))) if hist is not None else []
    return render_template("events/decklist_view.html", event=event, registration=reg, sub=sub,
                           history=hist, checks=checks if ev.is_judge(db(), actor(), event) else [])


# -- Mazo de Soporte swaps -------------------------------------------------------------------
@bp.route("/eventos/<int:event_id>/mesas/<int:match_id>/cambios", methods=["GET", "POST"])
@login_required
def swaps_entry(event_id: int, match_id: int):
    event = _event(event_id)
    session = db()
    match, rnd = rounds.get_match(session, event, match_id)
    judge = ev.is_judge(session, actor(), event)
    reg = _swap_player(session, event, match)
    form = SwapForm()
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            had_game3 = 3 in swaps.swaps_for(session, match, reg)
            try:
                swaps.record_swaps(session, actor(), event, match, reg, int(form.game.data),
                                   form.out_text.data or "", form.in_text.data or "",
                                   format_for(event), catalog(),
                                   started_at=_opened_at(form.opened.data))
                commit()
            except ServiceError as exc:
                rollback()
                field_error(form, exc)
                status = 400
            else:
                flash(f"Cambios para el juego {form.game.data} registrados.", "ok")
                if form.game.data == "2" and had_game3:
                    flash("Los cambios del juego 3 se borraron (partían del Castillo anterior "
                          "del juego 2): ingrésalos de nuevo.", "error")
                return redirect(url_for("events.swaps_entry", event_id=event_id,
                                        match_id=match_id, jugador=reg.id))
        else:
            status = 400
    if request.method == "GET" or not form.opened.data:
        form.opened.data = _opened_token()
    try:
        decks = {g: swaps.expected_deck(session, event, reg, match, g) for g in (1, 2, 3)}
        problem = None
    except ServiceError as exc:
        decks, problem = {}, exc.message
    recorded = swaps.swaps_for(session, match, reg)
    table = next(t for t in rounds.tables(session, event, rnd) if t.match.id == match.id)
    return render_template("events/swaps.html", event=event, rnd=rnd, table=table, reg=reg,
                           form=form, decks=decks, recorded=recorded, problem=problem,
                           judge=judge), status


@bp.post("/eventos/<int:event_id>/mesas/<int:match_id>/cambios/verificar")
@login_required
def swaps_check(event_id: int, match_id: int):
    """The live check of the swaps form (JSON), nothing stored."""
    event = _event(event_id)
    session = db()
    match, _rnd = rounds.get_match(session, event, match_id)
    reg = _swap_player(session, event, match)
    form = SwapForm()
    if not form.validate_on_submit():
        return jsonify({"error": "Formulario no válido.", "field": None}), 400
    try:
        swap, after = swaps.check_swaps(session, actor(), event, match, reg, int(form.game.data),
                                        form.out_text.data or "", form.in_text.data or "",
                                        format_for(event), catalog())
    except ServiceError as exc:
        if isinstance(exc, Forbidden):
            raise
        return jsonify({"error": exc.message, "field": exc.field}), 200
    n = sum(e["qty"] for e in swap["in"])
    return jsonify({"ok": True, "message": f"Correcto: {n} cambios; el Castillo para el juego "
                    f"{form.game.data} queda en {sum(after.castle.values())} cartas."})


def _opened_serializer():
    from flask import current_app
    from itsdangerous import URLSafeSerializer

    return URLSafeSerializer(current_app.secret_key, salt="cambios-abierto")


def _opened_token() -> str:
    from ..models.catalog import utcnow

    return _opened_serializer().dumps(utcnow().isoformat())


def _opened_at(token):
    """The signed time the swaps form was opened; None when missing or forged."""
    from datetime import datetime as _dt

    from itsdangerous import BadSignature

    try:
        return _dt.fromisoformat(_opened_serializer().loads(token or ""))
    except (BadSignature, ValueError, TypeError):
        return None


def _swap_player(session, event, match):
    """Whose swaps: the player themself, or (for judges) ``jugador`` of this match."""
    if not sections(event)["myl"]:
        from ..services.errors import NotFound

        raise NotFound("Los cambios con el Mazo de Soporte (sección 11) son de Mitos y Leyendas: "
                       "este evento es de otro juego.")
    if ev.is_judge(session, actor(), event):
        wanted = request.values.get("jugador", type=int)
        reg_id = wanted if wanted in (match.player_a_id, match.player_b_id) else match.player_a_id
        return ev.get_registration(session, event, reg_id)
    mine = _my_registration(event)
    if mine is not None and mine.id in (match.player_a_id, match.player_b_id):
        return mine
    raise Forbidden("Solo los jugadores de esta mesa y los jueces registran cambios.")


# -- deck checks -----------------------------------------------------------------------------
@bp.route("/eventos/<int:event_id>/revision", methods=["GET", "POST"])
@login_required
def deck_check(event_id: int):
    event = _event(event_id)
    session = db()
    ev.require_judge(session, actor(), event)
    form = DeckCheckForm()
    form.registration_id.choices = choices((r.id, r.name) for r in ev.players(session, event))
    if request.method == "GET" and request.args.get("jugador", type=int):
        form.registration_id.data = request.args.get("jugador", type=int)
    check = checked_who = None
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                reg = ev.get_registration(session, event, form.registration_id.data)
                checked_who = reg.name
                match = swaps.current_match(session, event, reg)
                game = int(form.game.data)
                check = swaps.deck_check(session, actor(), event, reg, form.counted_text.data,
                                         game, match if game > 1 else None, catalog(),
                                         fmt=format_for(event))
                commit()
            except ServiceError as exc:
                rollback()
                field_error(form, exc)
                status = 400
        else:
            status = 400
    return render_template("events/deck_check.html", event=event, form=form, check=check,
                           checked_who=checked_who), status
