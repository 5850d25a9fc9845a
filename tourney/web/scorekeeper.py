"""The scorekeeper grid (organizers and judges): every table of a round, one tap per result.
Thin over tourney.services.scorekeeper.

Blueprint ``scorekeeper`` also holds the event-day routes of ``web.players_day`` (confirm,
drop), ``web.judges`` (the expected deck) and the template helpers of ``web.event_day``.
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

from ..services import rounds, scorekeeper as sk
from ..services.errors import Conflict, Forbidden, NotFound, ServiceError
from ..ids import MAX_ID, as_count, as_id
from .common import actor, commit, db, open_event, rollback

bp = Blueprint("scorekeeper", __name__)


@bp.app_context_processor
def _cut_bracket_helper():
    """``cut_bracket(event)``: the top cut with its winners and champion for the standings page
    (services.final_standings.bracket), None before the cut."""
    from ..services.final_standings import bracket

    return {"cut_bracket": lambda event: bracket(db(), event)}


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
    event = open_event(event_id)
    open_only = request.args.get("abiertas") == "1"
    keep = request.args.get("guardada", type=int) if open_only else None
    rnd = sk.grid_round(session, actor(), event, number)
    key = (rounds.fingerprint(session, event), rnd.id, open_only, keep,
           rounds.closed_reason(session, event, rnd))
    with _rows_lock:
        hit = _rows_cache.get(key)
    if hit is None:
        data = sk.grid(session, actor(), event, number, open_only=open_only, keep=keep)
        hit = (_rows_html(event, data, open_only, keep), replace(data, rows=(), round=None))
        with _rows_lock:
            _rows_cache[key] = hit
            while len(_rows_cache) > 64:
                _rows_cache.popitem(last=False)
    rows_html, summary = hit
    return render_template("scorekeeper/grid.html", event=event, grid=replace(summary, round=rnd),
                           rows_html=rows_html, open_only=open_only)


def _rows_html(event, data: sk.Grid, open_only: bool, keep: int | None = None) -> Markup:
    """The grid's rows. Plain string building: 256 tables × 8 buttons is ~2,000 buttons, and
    a template escaping each value costs most of the page; only the names need escaping.
    A closed round (a later round paired, the event finished) has no buttons: each table
    links to its correction. ``keep``: the table just saved, shown (marked) among the open."""
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
                       + "".join(f" {rounds.label(x)}" for x in r.reports) + "</span>")
            else:
                res = "—"
            key = f"{r.match_id}:{r.version}:"
            if data.closed:
                fix = url_for("scorekeeper.correction", event_id=event.id, match_id=r.match_id)
                out.append(f'<tr id="mesa-{r.table}" data-table="{r.table}" data-open="0" '
                           f'tabindex="-1"><td>{r.table}</td><td class="quien">{who}</td>'
                           f'<td class="res">{res}</td><td><a class="corregir" href="{fix}">'
                           'Corregir</a></td></tr>')
                continue
            reported = set(r.reports) if not r.result else set()
            taps = "".join(
                f'<button class="r{" reportado" if val in reported and lbl != "ID" else ""}" '
                f'name="tap" value="{key}{sent}" data-k="{k}"'
                + (' aria-pressed="true"' if r.result == val and lbl != "ID" else "")
                + (' title="lo reportó un jugador"' if val in reported and lbl != "ID" else "")
                + f">{lbl}</button>" for lbl, sent, val, k in buttons) + '<span class="msg"></span>'
        saved = ' class="guardada"' if keep == r.table and not r.open else ""
        out.append(f'<tr id="mesa-{r.table}" data-table="{r.table}" data-open="{1 if r.open else 0}"'
                   f'{saved} tabindex="-1"><td>{r.table}</td><td class="quien">{who}</td>'
                   f'<td class="res">{res}</td><td>{taps}</td></tr>')
    if not out:
        empty = "Todas las mesas tienen resultado." if open_only else "Esta ronda no tiene mesas."
        out.append(f'<tr><td colspan="4">{empty}</td></tr>')
    return Markup("\n".join(out))


def _row_id(digits: str) -> int:
    """A match id from a tap; 0 (no such match) past MAX_ID."""
    return int(digits) if len(digits) <= 10 and int(digits) <= MAX_ID else 0


@bp.post("/eventos/<int:event_id>/rondas/<int:number>/marcador")
@login_required
def save(event_id: int, number: int):
    session = db()
    event = open_event(event_id)
    form = request.form
    match_id = form.get("match_id", type=as_id)
    table = form.get("table", type=as_id)
    version = form.get("version", type=as_count)
    result = form.get("result", "")
    tap = (form.get("tap") or "").split(":")
    if len(tap) == 3 and tap[0].isascii() and tap[0].isdigit() and tap[1].isascii() and tap[1].isdigit():
        match_id, version, result = _row_id(tap[0]), min(int(tap[1]), MAX_ID), tap[2]  # match:version:result
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
                       result=match.result, label=rounds.label(match.result),
                       open=sk.open_count(session, rounds.get_round(session, event, number)))
    flash(f"Mesa {match.table_no}: {rounds.label(match.result)}.", "ok")
    # with «Solo mesas abiertas» the saved table stays on the page (marked): the next table
    # never moves under the finger that just tapped
    return redirect(url_for("scorekeeper.grid", event_id=event_id, number=number,
                            abiertas="1" if open_only else None,
                            guardada=match.table_no if open_only else None)
                    + f"#mesa-{match.table_no}")
