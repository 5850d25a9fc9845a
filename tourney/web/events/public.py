"""Public pages: the event list, an event's home, pairings and standings (the metagame: metagame.py)."""
from __future__ import annotations

from flask import abort, render_template, request

from ...catalog.model import fold
from ...services import access, decklists, events as ev, play_match, rounds
from ...services.final_standings import final_standings
from ...services.wall import records_before
from ..common import actor, cached_fragment, db, open_event
from ..forms import TimerForm
from .base import _my_registration, _planned, bp
from .tables import _break_form, _manual_form, _swap_tables_form
from ...collation import spanish_key
from .. import first_run


@bp.get("/")
def index():
    if first_run.needed():  # no organizer yet: create the first one (issue 23)
        return first_run.page()
    return render_template("events/index.html", events=ev.list_events(db()))


@bp.get("/eventos/<int:event_id>")
def home(event_id: int):
    event = open_event(event_id)
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
        players=ev.players(session, event), is_judge=access.is_judge(session, actor(), event),
        remaining=rounds.timer_remaining(current) if current else None,
        clock_ends=rounds.timer_end(current) if current else None,
        registered=decklists.registered(session, event, reg) if reg else None,
        planned=_planned(event), champion=rounds.champion(session, event))


@bp.get("/eventos/<int:event_id>/rondas/<int:number>")
def pairings(event_id: int, number: int):
    event = open_event(event_id)
    session = db()
    rnd = rounds.get_round(session, event, number)
    judge = access.is_judge(session, actor(), event)
    if not access.can_see_round(session, actor(), event, rnd):
        abort(404)
    order = "alfabetico" if request.args.get("orden") == "alfabetico" else "mesa"
    query = (request.args.get("q") or "").strip()[:80]
    organizer = access.is_organizer(actor(), event, session)
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
                           clock_ends=rounds.timer_end(rnd),
                           is_judge=judge, is_organizer=organizer, my_table=my_table,
                           judge_calls=play_match.calls(session, actor(), event) if judge else [],
                           registration=reg,
                           swap_form=_swap_tables_form(event, rnd) if organizer else None,
                           timer_form=TimerForm() if organizer else None,
                           break_form=_break_form(event, rnd) if organizer else None,
                           manual_form=_manual_form(event, rnd) if organizer else None,
                           unseated=rounds.unseated(session, event, rnd) if judge else [],
                           cut_warning=rounds.cut_list_warning(session, event, rnd)
                           if organizer else "")


def _pairings_table(event, rnd, order, query, judge, organizer) -> str:
    tables = rounds.tables(db(), event, rnd)
    rows = []
    if order == "alfabetico":
        for t in tables:
            rows.append((t.a.name, t.match.table_no, t.b.name if t.b else None, t.a.id))
            if t.b:
                rows.append((t.b.name, t.match.table_no, t.a.name, t.b.id))
        rows.sort(key=lambda r: spanish_key(r[0]))
    if query:
        q = fold(query)
        tables = [t for t in tables if q in fold(t.a.name) or (t.b and q in fold(t.b.name))]
        rows = [r for r in rows if q in fold(r[0])]
    return render_template("events/_pairings_table.html", event=event, tables=tables, rows=rows,
                           order=order, is_judge=judge, is_organizer=organizer,
                           before=records_before(db(), event, rnd))


@bp.get("/eventos/<int:event_id>/clasificacion")
def standings(event_id: int):
    event = open_event(event_id)
    session = db()
    key = ("standings", rounds.fingerprint(session, event))

    def render():
        rows = rounds.standings(session, event) if rounds.event_rounds(session, event) else []
        shown = [(s.rank, s.name + (" (retirado)" if s.dropped else ""), s.points, s.record,
                  f"{float(s.omw) * 100:.2f}",
                  f"{float(s.gw) * 100:.2f}", f"{float(s.ogw) * 100:.2f}") for s in rows]
        return render_template("events/_standings_table.html", rows=shown,
                               final=final_standings(session, event))

    return render_template("events/standings.html", event=event,
                           table_html=cached_fragment(key, render))
