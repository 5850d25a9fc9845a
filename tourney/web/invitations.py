"""Invitations to an event's staff (issue 26, finding 16; tourney.services.invitations).

``/invitaciones/<code>`` says which event and role the invitation is for; whoever is logged in
with the invited e-mail accepts it there (a POST with CSRF). Without a session the page offers
to log in or create the account and comes back. The panel's staff form makes the invitations
(``events.add_judge``) and shows the link once.
"""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_login import current_user, login_required

from ..services import access, invitations
from ..services.errors import NotFound, ServiceError
from ..services.staff import ROLE_LABELS
from .common import actor, commit, db, rollback
from .forms import EmptyForm
from .wall import public_base

bp = Blueprint("invitations", __name__)


def link(code: str) -> str:
    """The invitation's address: on PUBLIC_URL when configured (README «Dirección pública»)."""
    base = public_base()
    if base:
        return base + url_for("invitations.show", code=code)
    return url_for("invitations.show", code=code, _external=True)


def _page(code: str, error: str | None = None, status: int = 200):
    session = db()
    try:
        invitation, event = invitations.find(session, code)
    except NotFound as exc:
        return render_template("error.html", code=404, message=exc.message), 404
    user = actor()
    return render_template(
        "auth/invitation.html", code=code, invitation=invitation, event=event,
        role_label=ROLE_LABELS.get(invitation.role, invitation.role),
        inviter=invitations.inviter_name(session, invitation), form=EmptyForm(),
        same_email=bool(user and user.email == invitation.email), error=error,
        here=url_for("invitations.show", code=code)), status


@bp.get("/invitaciones/<code>")
def show(code: str):
    return _page(code)


@bp.post("/invitaciones/<code>/aceptar")
@login_required
def accept(code: str):
    if not EmptyForm().validate_on_submit():
        return _page(code, "El formulario expiró: vuelve a intentarlo.", 400)
    try:
        event, row = invitations.accept(db(), actor(), code)
        commit()
    except NotFound as exc:
        rollback()
        return render_template("error.html", code=404, message=exc.message), 404
    except ServiceError as exc:
        rollback()
        return _page(code, exc.message, 400)
    if row is None:
        flash("Ya eres el dueño de este evento.", "info")
    else:
        flash(f"Listo: eres {ROLE_LABELS.get(row.role, row.role)} de {event.name}.", "ok")
    if access.is_organizer(current_user, event, db()):
        return redirect(url_for("events.dashboard", event_id=event.id))
    return redirect(url_for("events.home", event_id=event.id))
