"""The metagame of an event (after its lists are published; its staff see it before): shares,
conversion to the top cut, win rates with their interval, the matchup matrix, SVG charts,
the CSV and the PDF; the organizer names and merges archetypes."""
from __future__ import annotations

from flask import Response, redirect, render_template, url_for
from flask_login import login_required

from ...printing.metagame import render_metagame
from ...services import metagame as meta_service
from ...services.access import is_organizer, require_organizer
from ..charts import share_chart, win_rate_chart
from ..common import actor, catalog, db, formats, open_event, service_call
from ..forms_meta import ArchetypeRenameForm
from .base import bp


def _data(event_id: int):
    session = db()
    event = open_event(event_id, meta_service.require_visible)
    return event, meta_service.event_metagame(session, event, catalog(), formats())


def _rename_form(data) -> ArchetypeRenameForm:
    form = ArchetypeRenameForm()
    names = sorted(set(data.automatic) | set(data.aliases) | set(data.aliases.values()),
                   key=str.casefold)
    form.source.choices = [(n, n) for n in names]
    return form


def _page(event, data, form=None, status=200):
    organizer = is_organizer(actor(), event, db())
    return render_template(
        "events/metagame.html", event=event, data=data, meta=data.meta,
        share_svg=share_chart(data.meta.rows) if data.meta.rows else None,
        win_svg=win_rate_chart(data.meta.rows), is_organizer=organizer,
        rename_form=(form or _rename_form(data)) if organizer else None), status


@bp.get("/eventos/<int:event_id>/metagama")
def metagame(event_id: int):
    event, data = _data(event_id)
    return _page(event, data)


@bp.get("/eventos/<int:event_id>/metagama.csv")
def metagame_csv(event_id: int):
    event, data = _data(event_id)
    return Response(meta_service.metagame_csv(data), mimetype="text/csv",
                    headers={"Content-Disposition":
                             f'attachment; filename="metagama-evento-{event.id}.csv"'})


@bp.get("/eventos/<int:event_id>/metagama.pdf")
def metagame_pdf(event_id: int):
    event, data = _data(event_id)
    pdf = render_metagame(event.name, data.meta, page=event.page_size or "A4",
                          subtitle=f"{data.lists} listas inscritas de {data.players} jugadores")
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition":
                             f'attachment; filename="metagama-evento-{event.id}.pdf"'})


@bp.post("/eventos/<int:event_id>/metagama/arquetipos")
@login_required
def rename_archetype(event_id: int):
    event, data = _data(event_id)
    require_organizer(actor(), event, db())
    form = _rename_form(data)
    if not form.validate_on_submit():
        return _page(event, data, form, 400)
    with service_call(form, success="Arquetipo renombrado.") as call:
        meta_service.rename_archetype(db(), actor(), event, form.source.data, form.target.data)
    if call.ok:
        return redirect(url_for("events.metagame", event_id=event.id))
    return _page(event, data, form, call.status)
