"""The organizer's event: create and edit it, the dashboard, players at the desk, drops,
judges, forbidden pairs, registration and publication switches, finishing."""
from __future__ import annotations

from datetime import datetime

from flask import abort, flash, redirect, render_template, request, url_for

from ...services import access, decklists, events as ev, invitations, notes, rounds, staff
from ...services.names import account_name_differs
from ..common import actor, commit, db, formats, open_event, organizer_required, service_call
from ...localtime import from_local, local_time
from ..forms import (
    DeskPlayerForm, EmptyForm, EventForm, ForbiddenPairForm, JudgeForm, TimerForm, choices,
)
from ..pools import configure_from_form, sealed_choices  # Sellado / Lanzamiento (issue 16)
from ..invitations import link as invitation_link
from ..security import safe_next
from .base import _planned, bp


@bp.route("/eventos/nuevo", methods=["GET", "POST"])
@organizer_required
def create():
    form = EventForm()
    sealed_choices(form)
    form.format_id.choices = choices((fid, getattr(f, "name", fid))
                                    for fid, f in sorted(formats().items()))
    if request.method == "GET" and "unificado" in formats():
        form.format_id.data = "unificado"  # the everyday MyL format, not the first alphabetically
    if form.validate_on_submit():
        with service_call(form, success="Evento creado.") as call:
            event = ev.create_event(
                db(), actor(), name=form.name.data, date=form.date.data,
                format_id=form.format_id.data, formats=formats(), venue=form.venue.data or "",
                rounds_planned=form.rounds_planned.data, top_cut=int(form.top_cut.data),
                registration_deadline=from_local(form.registration_deadline.data),
                decklist_deadline=from_local(form.decklist_deadline.data),
                support_required=not form.league.data, page_size=form.page_size.data)
            configure_from_form(event, form)  # Sellado / Lanzamiento: Castillo size, pool edition
        if call.ok:
            return redirect(url_for("events.dashboard", event_id=event.id))
    status = 400 if request.method == "POST" else 200
    return render_template("events/create.html", form=form), status


@bp.route("/eventos/<int:event_id>/editar", methods=["GET", "POST"])
@organizer_required
def edit(event_id: int):
    """Edit an event after creation (consequences shown as messages)."""
    event = open_event(event_id)
    form = EventForm(obj=None if request.method == "POST" else event)
    form.format_id.choices = choices((fid, getattr(f, "name", fid))
                                    for fid, f in sorted(formats().items()))
    if request.method == "GET":
        form.top_cut.data = str(event.top_cut)
        form.league.data = not event.support_required
        for name in ("registration_deadline", "decklist_deadline"):
            value = getattr(event, name)
            getattr(form, name).data = (datetime.strptime(local_time(value, "%Y-%m-%dT%H:%M"),
                                                         "%Y-%m-%dT%H:%M") if value else None)
    if form.validate_on_submit():
        with service_call(form, success="Evento actualizado.") as call:
            notes = ev.update_event(
                db(), actor(), event, formats=formats(), name=form.name.data,
                date=form.date.data, format_id=form.format_id.data, venue=form.venue.data or "",
                rounds_planned=form.rounds_planned.data, top_cut=int(form.top_cut.data),
                registration_deadline=from_local(form.registration_deadline.data),
                decklist_deadline=from_local(form.decklist_deadline.data),
                support_required=not form.league.data, page_size=form.page_size.data)
        if call.ok:
            for note in notes:
                flash(note, "info")
            return redirect(url_for("events.dashboard", event_id=event.id))
    status = 400 if request.method == "POST" else 200
    return render_template("events/create.html", form=form, event=event), status


@bp.get("/eventos/<int:event_id>/panel")
@organizer_required
def dashboard(event_id: int, desk_form=None, judge_form=None, forbidden_form=None, status=200):
    event = open_event(event_id)
    session = db()
    regs = ev.players(session, event)
    subs = decklists.registered_by_player(session, event)
    all_rounds = rounds.event_rounds(session, event)
    current = all_rounds[-1] if all_rounds else None
    missing = rounds.outstanding(session, event, current) if current else []
    # re-pairing is only possible before any result (rounds.repair_round): hide it after
    can_repair = current is not None and rounds.can_repair(session, event, current)
    # the link of an invitation just made, shown once (services.notes: read and deleted)
    links = [text for text, _ in notes.take(session, actor().id, request.args.get("invitacion"))]
    if links:
        commit()
    return render_template(
        "events/dashboard.html", event=event, players=regs, subs=subs, rounds=all_rounds,
        current=current, missing=missing, judges=ev.judges(session, event),
        staff_members=staff.members(session, event), owner=access.is_owner(actor(), event),
        invitations=invitations.pending(session, event), invitation_links=links,
        desk_form=desk_form or DeskPlayerForm(), judge_form=judge_form or JudgeForm(),
        forbidden_form=_forbidden_form(event, forbidden_form),
        forbidden=ev.forbidden_pairs(session, event),
        unseated=rounds.unseated(session, event, current) if current else [],
        timer_form=TimerForm(), planned=_planned(event), step=rounds.next_step(session, event),
        champion=rounds.champion(session, event), can_repair=can_repair,
        cut_warning=rounds.cut_list_warning(session, event)
        or (rounds.cut_list_warning(session, event, current) if current else "")), status


def _simple_post(event_id: int, action, success: str, default: str | None = None):
    """A one-button POST: ``action(event)`` through service_call, then back to ``next`` (a
    local path), else ``default``, else the dashboard."""
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    event = open_event(event_id)
    with service_call(success=success):
        action(event)
    return redirect(safe_next(request.form.get("next"),
                              default or url_for("events.dashboard", event_id=event_id)))


@bp.post("/eventos/<int:event_id>/inscripcion")
@organizer_required
def toggle_registration(event_id: int):
    is_open = request.form.get("abrir") == "1"
    return _simple_post(event_id, lambda e: ev.set_registration_open(db(), actor(), e, is_open),
                        "Inscripciones abiertas." if is_open else "Inscripciones cerradas.")


@bp.post("/eventos/<int:event_id>/jugadores")
@organizer_required
def add_player(event_id: int):
    event = open_event(event_id)
    form = DeskPlayerForm()
    if form.validate_on_submit():
        with service_call(form) as call:
            reg = ev.add_player_at_desk(db(), actor(), event, form.name.data, form.email.data,
                                        form.with_losses.data, external_id=form.external_id.data,
                                        byes=form.byes.data or 0, link_unknown_email=True)
        if call.ok:
            typed = " ".join((form.name.data or "").split())
            renamed = reg.user_id is not None and account_name_differs(reg.name, typed)
            flash(f"{reg.name} inscrito con el nombre de su cuenta (el formulario decía "
                  f"«{typed}»)." if renamed else f"{reg.name} inscrito.", "ok")
            # back to the form, the name field focused (autofocus scrolls to it; a #fragment
            # would switch autofocus off): the next player is typed at once
            return redirect(url_for("events.dashboard", event_id=event_id, inscrito=1))
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
    """The staff form invites (issue 26, finding 16): the same answer whether the e-mail has
    an account or not, and a link to hand over, shown once (a page note, never the cookie)."""
    event = open_event(event_id)
    form = JudgeForm()
    if form.validate_on_submit():
        role = "organizador" if request.form.get("rol") == "organizador" else "juez"
        with service_call(form) as call:
            created = invitations.invite(db(), actor(), event, form.email.data, role)
            token = notes.store(db(), actor().id, [(invitation_link(created.code), "invitacion")])
        if call.ok:
            flash("Invitación creada: entrega el enlace de abajo a esa persona (sirve una vez, "
                  f"durante {invitations.INVITATION_DAYS} días); entra al equipo cuando la "
                  "acepte con ese correo.", "ok")
            return redirect(url_for("events.dashboard", event_id=event_id, invitacion=token,
                                    _anchor="jueces"))
    return dashboard(event_id, judge_form=form, status=400)


@bp.post("/eventos/<int:event_id>/invitaciones/<int:invitation_id>/anular")
@organizer_required
def cancel_invitation(event_id: int, invitation_id: int):
    return _simple_post(event_id, lambda e: invitations.cancel(db(), actor(), e, invitation_id),
                        "Invitación anulada: su enlace ya no sirve.")


@bp.post("/eventos/<int:event_id>/equipo/<int:user_id>/quitar")
@organizer_required
def remove_staff(event_id: int, user_id: int):
    """The owner takes someone off the staff (services.staff; recorded in the history)."""
    access.require_owner(actor(), open_event(event_id))  # a 403 for anyone else, before the form
    return _simple_post(event_id, lambda e: staff.remove(db(), actor(), e, user_id),
                        "Quitado del equipo del evento.")


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


@bp.post("/eventos/<int:event_id>/parejas-prohibidas")
@organizer_required
def add_forbidden(event_id: int):
    event = open_event(event_id)
    form = _forbidden_form(event)
    if form.validate_on_submit():
        with service_call(form, success="Pareja registrada: el emparejamiento evitará que se "
                                        "enfrenten.") as call:
            ev.add_forbidden_pair(db(), actor(), event, form.player_x.data, form.player_y.data,
                                  form.reason.data or "")
        if call.ok:
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
