"""The event's history page (judges and organizers): who changed what, when and why.
Route of the ``scorekeeper`` blueprint; thin over tourney.services.history."""
from __future__ import annotations

from flask import render_template
from flask_login import login_required

from ..services import history
from .common import actor, db, open_event
from .scorekeeper import bp


@bp.get("/eventos/<int:event_id>/historial")
@login_required
def event_history(event_id: int):
    session = db()
    event = open_event(event_id)
    entries = history.entries(session, actor(), event)
    return render_template("events/history.html", event=event, entries=entries)
