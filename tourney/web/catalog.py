"""Catalog onboarding for organizers: the catalog's state and a file upload.
Thin over tourney.services.catalog_upload."""
from __future__ import annotations

from flask import Blueprint, render_template
from flask_wtf import FlaskForm
from wtforms import MultipleFileField, SelectField

from ..services import catalog_upload as upload
from ..services.errors import ServiceError
from .common import actor, commit, db, field_error, formats, organizer_required, rollback
from .forms import choices

bp = Blueprint("catalog", __name__)


class CatalogUploadForm(FlaskForm):
    files = MultipleFileField("Archivos de cartas (.json, .csv, .xlsx o un .zip con ellos)")
    fmt = SelectField("Formato de los archivos", choices=choices(list(upload.FORMAT_LABELS.items())),
                      default="")


def _page(form=None, status=200, report=None):
    overview = upload.catalog_overview(db(), formats())
    return render_template("catalog/index.html", overview=overview,
                           form=form or CatalogUploadForm(), labels=upload.FORMAT_LABELS,
                           max_mb=upload.MAX_UPLOAD_BYTES // 1048576, report=report), status


@bp.get("/catalogo")
@organizer_required
def index():
    return _page()


@bp.post("/catalogo")
@organizer_required
def upload_files():
    form = CatalogUploadForm()
    if not form.validate_on_submit():
        return _page(form, 400)
    files = [(f.filename or "", f.read()) for f in (form.files.data or []) if f]
    try:
        report = upload.upload_catalog(db(), actor(), files, form.fmt.data or None)
        commit()
    except ServiceError as exc:
        rollback()
        field_error(form, exc)
        return _page(form, 400)
    # the report of each file is shown right here (a ZIP of 40 files is too long for a flash)
    return _page(report=report)
