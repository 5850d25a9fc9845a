"""Players' pages (sign up, my list, my matches) and the decklists: entering a list (the
player, or the organizer at the desk), the live check, card search, the judges' views."""
from __future__ import annotations

from flask import abort, flash, jsonify, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from ...models.events import EVENT_FINISHED
from ...services import access, catalog as catalog_service, decklists, events as ev, rounds, swaps
from ...services.errors import Forbidden, ServiceError
from ..common import actor, catalog, db, format_for, open_event, organizer_required, service_call, sign_in_first
from ..forms import DecklistForm, EmptyForm
from .base import _require_registration, bp


@bp.post("/eventos/<int:event_id>/inscribirme")
@login_required
def register(event_id: int):
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    event = open_event(event_id)
    with service_call() as call:
        ev.register_self(db(), actor(), event)
    if not call.ok:
        return redirect(url_for("events.home", event_id=event_id))
    flash("Inscrito. Ahora envía tu lista.", "ok")
    return redirect(url_for("events.my_decklist", event_id=event_id))


@bp.route("/eventos/<int:event_id>/mi-lista", methods=["GET", "POST"])
@login_required
def my_decklist(event_id: int):
    event = open_event(event_id)
    return _decklist_editor(event, _require_registration(event))


@bp.route("/eventos/<int:event_id>/listas/<int:reg_id>/editar", methods=["GET", "POST"])
@organizer_required
def desk_decklist(event_id: int, reg_id: int):
    """The organizer enters a list for a player (desk entries without an account)."""
    event = open_event(event_id)
    return _decklist_editor(event, ev.get_registration(db(), event, reg_id), desk=True)


def _decklist_editor(event, reg, desk: bool = False):
    session = db()
    if format_for(event).sealed is not None:  # Sellado: built from the pool
        return redirect(url_for("pools.deck", event_id=event.id, reg_id=reg.id))
    form = DecklistForm()
    checked = None
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            upload = form.file.data
            data = upload.read() if upload and getattr(upload, "filename", "") else None
            with service_call(form) as call:
                sub, checked = decklists.submit_decklist(
                    session, actor(), event, reg, format_for(event), catalog(),
                    text=form.text.data if data is None else None, xlsx=data,
                    filename=upload.filename if data is not None else None,
                    source="xlsx" if data is not None else request.form.get("origen", "texto"))
            if not call.ok:
                status = call.status
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
    locked = decklists.is_locked(session, event) and (not desk or event.status == EVENT_FINISHED)
    return render_template("events/decklist.html", event=event, registration=reg, form=form,
                           checked=checked, current=current, history=hist, locked=locked,
                           desk=desk, headers=format_for(event).game.header_map()), status


@bp.post("/eventos/<int:event_id>/mi-lista/verificar")
@login_required
def check_decklist(event_id: int):
    """The live verdict: validate without storing (JSON)."""
    event = open_event(event_id)
    if not access.is_organizer(actor(), event, db()):
        _require_registration(event)
        if decklists.is_locked(db(), event):  # issue 15: nothing to check once lists are closed
            return jsonify({"error": "Las listas ya están cerradas: no se pueden enviar ni "
                                     "verificar más listas."}), 409
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
    open_event(event_id)
    return jsonify(catalog_service.search_names(catalog(), request.args.get("q", "")))


@bp.get("/eventos/<int:event_id>/mis-partidas")
@login_required
def my_matches(event_id: int):
    event = open_event(event_id)
    reg = _require_registration(event)
    items = [(rnd, t) for rnd, t in rounds.player_matches(db(), event, reg)
             if access.can_see_round(db(), actor(), event, rnd)]
    return render_template("events/my_matches.html", event=event, registration=reg, items=items)


@bp.get("/eventos/<int:event_id>/listas")
def decklist_index(event_id: int):
    event = open_event(event_id)
    if not access.can_view_decklists(db(), actor(), event):
        if not current_user.is_authenticated:
            return sign_in_first()
        raise Forbidden("Las listas son privadas hasta que el organizador las publique.")
    subs = decklists.registered_by_player(db(), event)
    return render_template("events/decklists.html", event=event, players=ev.players(db(), event),
                           subs=subs)


@bp.get("/eventos/<int:event_id>/listas/<int:reg_id>")
def decklist_view(event_id: int, reg_id: int):
    event = open_event(event_id)
    reg = ev.get_registration(db(), event, reg_id)
    if not access.can_view_decklist(db(), actor(), event, reg):
        if not current_user.is_authenticated:
            return sign_in_first()
        raise Forbidden("Las listas son privadas hasta que el organizador las publique.")
    sub = decklists.registered(db(), event, reg)
    judge = access.is_judge(db(), actor(), event)
    hist = decklists.history(db(), reg) if judge else []
    checks = swaps.deck_checks(db(), reg) if judge else []
    return render_template("events/decklist_view.html", event=event, registration=reg, sub=sub,
                           history=hist, checks=checks)
