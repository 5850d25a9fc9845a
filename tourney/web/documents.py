"""Documents: PDF and XLSX downloads (judges: PDFs; organizers: the workbook) and XLSX imports
of players and decklists (organizers). Thin over tourney.services.documents."""
from __future__ import annotations

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from werkzeug.datastructures import FileStorage
from flask_login import login_required

from ..services import access, documents as docs_service, imports, notes, rounds
from ..services.errors import Forbidden, ServiceError
from ..sheets import SheetFileError, SheetImportError
from ..ids import as_id
from .common import actor, catalog, commit, db, format_for, formats, open_event, rollback
from .forms import ImportForm

bp = Blueprint("documents", __name__)

PDF_KINDS = ("decksheets", "blank", "pairings", "slips", "standings", "adjudications")
KIND_LABELS = {
    "decksheets": "Hojas de registro de mazo",
    "blank": "Hoja de registro en blanco",
    "pairings": "Emparejamientos",
    "slips": "Hojas de resultado",
    "standings": "Clasificación",
    "adjudications": "Partidas arbitradas",
    "workbook": "Libro del evento (XLSX)",
}
ORDERS = {"mesa": "mesa", "alfabetico": "alfabetico", "ambos": "ambos"}


def _page(event, *, players_form=None, decklists_form=None, errors=None, status=200, summary=None):
    session = db()
    all_rounds = rounds.event_rounds(session, event)
    return render_template(
        "events/documents.html", event=event, rounds=all_rounds,
        is_organizer=access.is_organizer(actor(), event, session), labels=KIND_LABELS,
        players_form=players_form or ImportForm(prefix="jugadores"),
        decklists_form=decklists_form or ImportForm(prefix="listas"),
        errors=errors or [], summary=summary or []), status


@bp.get("/eventos/<int:event_id>/documentos")
@login_required
def index(event_id: int):
    event = open_event(event_id, access.require_judge)
    summary = notes.take(db(), actor().id, request.args.get("resumen"))  # stored server-side
    if summary:
        commit()
    return _page(event, summary=summary)


@bp.get("/eventos/<int:event_id>/documentos/<kind>")
@login_required
def download(event_id: int, kind: str):
    session = db()
    event = open_event(event_id, access.require_judge)
    if kind == "workbook" and not access.is_organizer(actor(), event, session):
        raise Forbidden("Solo un organizador descarga el libro del evento.")
    if kind not in PDF_KINDS + ("workbook",):
        abort(404)
    number = request.args.get("ronda", type=as_id)
    order = ORDERS.get(request.args.get("orden", "ambos"), "ambos")
    try:
        doc = docs_service.render_document(
            session, event, kind, catalog=catalog(), formats=formats(), round_number=number,
            page_size=getattr(event, "page_size", None) or "A4", order=order)
    except ServiceError as exc:
        rollback()
        flash(exc.message, "error")
        return redirect(url_for("documents.index", event_id=event_id))
    return Response(doc.data, mimetype=doc.mimetype, headers={
        "Content-Disposition": f'attachment; filename="{doc.filename}"',
        "Cache-Control": "no-store"})


def _import(event_id: int, which: str):
    session = db()
    event = open_event(event_id, access.require_event_organizer)
    form = ImportForm(prefix=which)
    forms: dict[str, ImportForm | None] = {"players_form": None, "decklists_form": None}
    forms["players_form" if which == "jugadores" else "decklists_form"] = form
    if not form.validate_on_submit():
        return _page(event, **forms, status=400)
    upload = form.file.data
    data = upload.read() if isinstance(upload, FileStorage) and upload.filename else b""
    name = (upload.filename if isinstance(upload, FileStorage) else None) or "archivo"
    errors = []
    try:
        if not data:
            raise ServiceError("Elige una planilla XLSX para importar.", "file")
        if not name.lower().endswith(".xlsx"):
            raise ServiceError(f"«{name}» no es una planilla XLSX: guárdala como .xlsx.", "file")
        if which == "jugadores":
            summary = imports.import_players(session, actor(), event, data)
        else:
            summary = imports.import_decklists(session, actor(), event, data,
                                                    format_for(event), catalog())
        commit()
    except SheetImportError as exc:
        rollback()
        errors = exc.errors
        form.file.errors = [f"{name}: {len(errors)} error(es); no se importó nada."]
    except SheetFileError as exc:
        rollback()
        form.file.errors = [f"{name}: {exc}; no se importó nada."]
    except ServiceError as exc:
        rollback()
        if isinstance(exc, Forbidden):
            raise
        form.file.errors = [exc.message]
    else:
        what = "jugadores inscritos" if which == "jugadores" else "listas importadas"
        flash(f"{name}: {summary.created} {what}.", "ok")
        # the summary's lines (one per player: 6 KB at 500 players) stay in the database,
        # not in the session cookie, which browsers drop past 4 KB (issue 15)
        token = notes.store(db(), actor().id, [
            (line, "error" if line in summary.illegal else "info") for line in summary.lines()])
        commit()
        return redirect(url_for("documents.index", event_id=event_id, resumen=token))
    return _page(event, **forms, errors=errors, status=400)


@bp.post("/eventos/<int:event_id>/importar/jugadores")
@login_required
def import_players(event_id: int):
    return _import(event_id, "jugadores")


@bp.post("/eventos/<int:event_id>/importar/listas")
@login_required
def import_decklists(event_id: int):
    return _import(event_id, "listas")
