"""The scorekeeper grid (organizers and judges), the opponent's one-tap confirmation and a
player dropping themselves. Thin over tourney.services.scorekeeper and services.self_drop.

Every write is a plain form POST (works without JavaScript: redirect back to the row); the
grid's script sends the same form with fetch and asks for JSON to stay on the page.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from threading import Lock

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup, escape
from flask_login import login_required

from ..services import events as ev, rounds, scorekeeper as sk, self_drop
from ..services.errors import Conflict, Forbidden, NotFound, ServiceError
from .common import actor, commit, db, rollback

bp = Blueprint("scorekeeper", __name__)


def _wants_json() -> bool:
    return request.headers.get("X-Requested-With") == "fetch" or \
        request.accept_mimetypes.best == "application/json"


_rows_cache: "OrderedDict[tuple, tuple]" = OrderedDict()
_rows_lock = Lock()


@bp.get("/eventos/<int:event_id>/rondas/<int:number>/marcador")
@login_required
def grid(event_id: int, number: int):
    """Every table of the round. The rows are rendered once per change of the round (the
    fingerprint of pairings and results), not once per scorekeeper reloading the page."""
    session = db()
    event = ev.get_event(session, event_id)
    open_only = request.args.get("abiertas") == "1"
    rnd = sk.grid_round(session, actor(), event, number)
    key = (rounds.fingerprint(session, event), rnd.id, open_only)
    with _rows_lock:
        hit = _rows_cache.get(key)
    if hit is None:
        data = sk.grid(session, actor(), event, number, open_only=open_only)
        hit = (_rows_html(data, open_only), replace(data, rows=(), round=None))
        with _rows_lock:
            _rows_cache[key] = hit
            while len(_rows_cache) > 64:
                _rows_cache.popitem(last=False)
    rows_html, summary = hit
    return render_template("scorekeeper/grid.html", event=event, grid=replace(summary, round=rnd),
                           rows_html=rows_html, open_only=open_only)


def _rows_html(data: sk.Grid, open_only: bool) -> Markup:
    """The grid's rows. Plain string building: 256 tables × 8 buttons is ~2,000 buttons, and
    a template escaping each value costs most of the page; only the names need escaping."""
    from .events.base import status_label

    buttons = [(lbl, lbl if lbl == "ID" else val, val, i)
               for i, (lbl, val) in enumerate(data.buttons, 1)]
    out = []
    for r in data.rows:
        if r.b is None:
            who = f'{escape(r.a)} <span class="pts">({r.a_points})</span><br><em>BYE</em>'
            res, taps = "bye", ""
        else:
            who = (f'{escape(r.a)} <span class="pts">({r.a_points})</span><br>'
                   f'{escape(r.b)} <span class="pts">({r.b_points})</span>')
            if r.result:
                res = r.shown
            elif r.reports:
                res = (f'<span class="pts">{escape(status_label(r.status))}:'
                       + "".join(f" {sk.label(x)}" for x in r.reports) + "</span>")
            else:
                res = "—"
            key = f"{r.match_id}:{r.version}:"
            taps = "".join(
                f'<button class="r" name="tap" value="{key}{sent}" data-k="{k}"'
                + (' aria-pressed="true"' if r.result == val and lbl != "ID" else "")
                + f">{lbl}</button>" for lbl, sent, val, k in buttons) + '<span class="msg"></span>'
        out.append(f'<tr id="mesa-{r.table}" data-table="{r.table}" data-open="{1 if r.open else 0}" '
                   f'tabindex="-1"><td>{r.table}</td><td class="quien">{who}</td>'
                   f'<td class="res">{res}</td><td>{taps}</td></tr>')
    if not out:
        empty = "Todas las mesas tienen resultado." if open_only else "Esta ronda no tiene mesas."
        out.append(f'<tr><td colspan="4">{empty}</td></tr>')
    return Markup("\n".join(out))


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/marcador")
@login_required
def save(event_id: int, number: int):
    session = db()
    event = ev.get_event(session, event_id)
    form = request.form
    match_id = form.get("match_id", type=int)
    table = form.get("table", type=int)
    version = form.get("version", type=int)
    result = form.get("result", "")
    tap = (form.get("tap") or "").split(":")
    if len(tap) == 3 and tap[0].isdigit() and tap[1].isdigit():  # a tap: match:version:result
        match_id, version, result = int(tap[0]), int(tap[1]), tap[2]
    open_only = form.get("abiertas") == "1"
    try:
        match = sk.enter(session, actor(), event, number, result,
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
                       open=sk.open_count(session, rounds.get_round(session, event, number)))
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

    def deck_groups(event, entries):
        """A registered section's entries grouped by card type like the printed sheet
        (Aliados, Talismanes, …) when the game's sheet groups by type; else one group."""
        from ..document_values import OTHER_HEADING, TYPE_HEADINGS, TYPE_ORDER
        from .common import catalog, formats

        ordered = sorted(entries or [], key=lambda e: (e["name"].casefold(), e.get("code") or ""))
        fmt = formats().get(event.format_id)
        if fmt is None or not getattr(fmt.game, "sheet_by_type", False):
            return [("", ordered)]
        cards = catalog()
        groups: dict[str, list] = {}
        for e in ordered:
            card = cards.by_code(e["code"]) if e.get("code") else None
            key = card.type if card is not None and card.type in TYPE_HEADINGS else ""
            groups.setdefault(key, []).append(e)
        return [(TYPE_HEADINGS.get(t, OTHER_HEADING), groups[t]) for t in (*TYPE_ORDER, "")
                if groups.get(t)]

    return {"pending_confirmation": pending_confirmation, "self_drops": self_drops,
            "catalog_gaps": catalog_gaps, "swap_choices": swap_choices, "deck_groups": deck_groups,
            "catalog_is_empty": lambda: len(_catalog()) == 0}


def _catalog():
    from .common import catalog

    return catalog()


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
