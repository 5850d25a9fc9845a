"""The wall: the favicon, a short link and its QR code to the live pairings, and the
projector view (large type, pages that turn by themselves). Thin over services.wall."""
from __future__ import annotations

import io

from flask import Blueprint, Response, abort, render_template, request, send_from_directory, url_for

from ..services import access
from ..services import wall
from ..ids import as_id
from .common import db, open_event

bp = Blueprint("wall", __name__)


@bp.get("/favicon.ico")
def favicon():
    from flask import current_app

    return send_from_directory(current_app.static_folder, "favicon.ico",
                               mimetype="image/vnd.microsoft.icon", max_age=86400)


@bp.get("/e/<int:event_id>")
def short(event_id: int):
    """The short link on the wall: the latest published pairings (or the event's page), shown
    at this address, so a phone that refreshes it follows the event from round to round."""
    from .events import public

    event = open_event(event_id)
    rnd = wall.latest_published(db(), event)
    if rnd is None:
        return public.home(event.pk)
    return public.pairings(event.pk, rnd.number)


def public_base() -> str:
    """The configured public address (``PUBLIC_URL``, README «Dirección pública»), or ""."""
    from flask import current_app

    return str(current_app.config.get("PUBLIC_URL") or "").strip().rstrip("/")


def short_url(event_id: int) -> str:
    """The short link printed in the QR: on the configured public address, never on the Host
    header of whoever asked (issue 26, finding 17). Without ``PUBLIC_URL`` the request's own
    address is the only guess, and the QR is then not cached for anybody else."""
    base = public_base()
    if base:
        return base + url_for("wall.short", event_id=event_id)
    return url_for("wall.short", event_id=event_id, _external=True)


@bp.get("/eventos/<int:event_id>/qr.svg")
def qr(event_id: int):
    import segno

    open_event(event_id)
    code = segno.make(short_url(event_id), error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=8, border=2, dark="#000", light="#fff",
              title="Emparejamientos en vivo")
    cache = "public, max-age=3600" if public_base() else "private, no-store"
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": cache})


@bp.get("/eventos/<int:event_id>/proyector")
def projector(event_id: int):
    session = db()
    event = open_event(event_id)
    number = request.args.get("ronda", type=as_id)
    rnd = wall.latest_published(session, event)
    if number is not None:
        from ..services import rounds

        rnd = rounds.get_round(session, event, number)
        if not access.can_see_round(session, None, event, rnd):  # the public's view, whoever is logged in
            abort(404)
    rows = wall.wall_rows(session, event, rnd) if rnd is not None else []
    per_page = max(8, min(request.args.get("filas", 18, type=int), 60))
    seconds = max(4, min(request.args.get("segundos", 12, type=int), 120))
    pages = [rows[i:i + per_page] for i in range(0, len(rows), per_page)] or [[]]
    return render_template("wall/projector.html", event=event, rnd=rnd, pages=pages,
                           seconds=seconds, link=short_url(event.pk), public_url_set=bool(public_base()))
