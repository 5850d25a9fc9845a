"""Judges' helpers on the event day: the deck expected for a player and game, as list text
(the deck check starts from it). Route of the ``scorekeeper`` blueprint."""
from __future__ import annotations

from flask import jsonify, request
from flask_login import login_required

from ..services import access, events as ev, judge_tools
from ..services.errors import Forbidden, ServiceError
from ..ids import as_id
from .common import actor, db, format_for, open_event
from .scorekeeper import bp


@bp.get("/eventos/<int:event_id>/revision/esperado")
@login_required
def expected_deck(event_id: int):
    """The deck expected for a player and game, as list text (prefills the deck check)."""
    session = db()
    event = open_event(event_id, access.require_judge)
    try:
        reg = ev.get_registration(session, event, request.args.get("jugador", type=as_id) or 0)
        text = judge_tools.expected_text(session, actor(), event, reg,
                                         request.args.get("juego", 1, type=as_id),
                                         format_for(event))
    except ServiceError as exc:
        if isinstance(exc, Forbidden):
            raise
        return jsonify(ok=False, error=exc.message), 200
    return jsonify(ok=True, text=text)
