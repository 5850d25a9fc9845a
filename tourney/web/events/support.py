"""Mazo de Soporte: the players' swaps between games (section 11) and the judges' deck checks."""
from __future__ import annotations

from datetime import UTC, datetime

from flask import current_app, flash, jsonify, redirect, render_template, request, url_for
from flask_login import login_required
from itsdangerous import BadSignature, URLSafeSerializer

from ...services import access, events as ev, judge_tools, rounds, swaps
from ...services.adjudication_access import round_published
from ...services.errors import Forbidden, NotFound, ServiceError
from ...swiss import MATCH_GAMES
from ...ids import as_id
from ..common import actor, catalog, db, format_for, open_event, service_call
from ..forms import DeckCheckForm, SwapForm, choices
from .base import _my_registration, bp, sections


@bp.route("/eventos/<int:event_id>/mesas/<int:match_id>/cambios", methods=["GET", "POST"])
@login_required
def swaps_entry(event_id: int, match_id: int):
    event = open_event(event_id)
    session = db()
    match, rnd = rounds.get_match(session, event, match_id)
    judge = access.is_judge(session, actor(), event)
    reg = _swap_player(session, event, match)
    form = SwapForm()
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            had_game3 = 3 in swaps.swaps_for(session, match, reg)
            with service_call(form) as call:
                swaps.record_swaps(session, actor(), event, match, reg, int(form.game.data),
                                   form.out_text.data or "", form.in_text.data or "",
                                   format_for(event), catalog(),
                                   started_at=_opened_at(form.opened.data))
            if not call.ok:
                status = call.status
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
        decks = {g: swaps.expected_deck(session, event, reg, match, g) for g in MATCH_GAMES}
        problem = None
    except ServiceError as exc:
        decks, problem = {}, exc.message
    recorded = swaps.swaps_for(session, match, reg)
    table = next(t for t in rounds.tables(session, event, rnd) if t.match.id == match.id)
    return render_template("events/swaps.html", event=event, rnd=rnd, table=table, reg=reg,
                           form=form, decks=decks, recorded=recorded, problem=problem,
                           judge=judge, fmt=format_for(event)), status


@bp.post("/eventos/<int:event_id>/mesas/<int:match_id>/cambios/verificar")
@login_required
def swaps_check(event_id: int, match_id: int):
    """The live check of the swaps form (JSON), nothing stored."""
    event = open_event(event_id)
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


def _prefill_deck_check(session, event, form) -> None:
    """The deck check starts from the deck expected for that game (the judge corrects counts)."""
    form.game.data = request.args.get("juego", form.game.data or "1")
    try:
        reg = ev.get_registration(session, event, form.registration_id.data)
        form.counted_text.data = judge_tools.expected_text(
            session, actor(), event, reg, int(form.game.data), format_for(event))
    except (ServiceError, ValueError):
        pass


def _opened_serializer():
    return URLSafeSerializer(current_app.secret_key, salt="cambios-abierto")


def _opened_token() -> str:
    return _opened_serializer().dumps(datetime.now(UTC).isoformat())


def _opened_at(token):
    """The signed time the swaps form was opened; None when missing or forged."""
    try:
        return datetime.fromisoformat(_opened_serializer().loads(token or ""))
    except (BadSignature, ValueError, TypeError):
        return None


def _swap_player(session, event, match):
    """Whose swaps: the player themself, or (for judges) ``jugador`` of this match."""
    if not sections(event)["swaps"]:
        raise NotFound("Los cambios con el Mazo de Soporte (sección 11) son de Mitos y Leyendas: "
                       "este evento es de otro juego.")
    if access.is_judge(session, actor(), event):
        wanted = request.values.get("jugador", type=as_id)
        reg_id = wanted if wanted in (match.player_a_id, match.player_b_id) else match.player_a_id
        return ev.get_registration(session, event, reg_id)
    mine = _my_registration(event)
    if mine is not None and mine.id in (match.player_a_id, match.player_b_id):
        if not round_published(session, event, match):
            raise NotFound("Esa ronda todavía no está publicada.")  # issue 15: ids are sequential
        return mine
    raise Forbidden("Solo los jugadores de esta mesa y los jueces registran cambios.")


@bp.route("/eventos/<int:event_id>/revision", methods=["GET", "POST"])
@login_required
def deck_check(event_id: int):
    event = open_event(event_id, access.require_judge)
    session = db()
    form = DeckCheckForm()
    players = ev.players(session, event)
    form.registration_id.choices = choices((r.id, r.name) for r in players)
    query = (request.args.get("buscar") or "").strip()[:80]
    hits = judge_tools.find_players(session, actor(), event, query)
    chosen_id = request.args.get("jugador", type=as_id)
    if chosen_id is None and len(hits) == 1:  # one name or one bye table: picked at once
        chosen_id = hits[0].registration.id
    if request.method == "GET" and chosen_id:
        form.registration_id.data = chosen_id
        _prefill_deck_check(session, event, form)
    check = checked_who = None
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            with service_call(form) as call:
                reg = ev.get_registration(session, event, form.registration_id.data)
                checked_who = reg.name
                match = swaps.current_match(session, event, reg)
                game = int(form.game.data)
                check = swaps.deck_check(session, actor(), event, reg, form.counted_text.data,
                                         game, match if game > 1 else None, catalog(),
                                         fmt=format_for(event))
            if not call.ok:
                status = call.status
        else:
            status = 400
    chosen = next((r for r in players if r.id == form.registration_id.data), None)
    return render_template("events/deck_check.html", event=event, form=form, check=check,
                           checked_who=checked_who, query=query, hits=hits, chosen=chosen,
                           chosen_table=_table_of(session, event, chosen)), status


def _table_of(session, event, reg) -> int | None:
    """The table of ``reg`` in their current match (None without one)."""
    match = swaps.current_match(session, event, reg) if reg is not None else None
    return match.table_no if match is not None else None
