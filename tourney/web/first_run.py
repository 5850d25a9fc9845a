"""The first-run page: while no organizer exists, the home page creates the first one (from
the machine itself, or with the one-time code `make run` / `tourney serve` print), then leads
to the catalog upload. Thin over tourney.services.first_run."""
from __future__ import annotations

import ipaddress
from pathlib import Path

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_login import login_user
from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField, StringField
from wtforms.validators import DataRequired, Length, Optional

from ..services import first_run
from ..services.errors import Forbidden, ServiceError
from .common import commit, db, field_error, rollback

bp = Blueprint("first_run", __name__)
REQUIRED = "Obligatorio."


class FirstOrganizerForm(FlaskForm):
    name = StringField("Nombre", validators=[DataRequired(REQUIRED), Length(max=120)])
    email = EmailField("Correo", validators=[DataRequired(REQUIRED), Length(max=254)])
    password = PasswordField("Contraseña (al menos 8 caracteres)", validators=[
        DataRequired(REQUIRED), Length(min=8, max=200, message="De 8 a 200 caracteres.")])
    code = StringField("Código de un solo uso", validators=[Optional(), Length(max=40)])


def code_path() -> Path:
    return Path(current_app.config.get("FIRST_RUN_CODE_FILE")
                or Path(current_app.instance_path) / "first-run-code")


def from_machine() -> bool:
    """The request comes from this machine: a loopback address, with no proxy in between
    (behind a proxy every request looks local, so the code is always asked)."""
    if current_app.config.get("BEHIND_PROXY") or request.headers.get("X-Forwarded-For"):
        return False
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


def needed() -> bool:
    return not first_run.organizer_exists(db())


def page(form=None, status=200):
    return render_template("auth/first_run.html", form=form or FirstOrganizerForm(),
                           from_machine=from_machine()), status


@bp.post("/primera-vez")
def create():
    if not needed():  # an organizer exists: this page is closed for good
        raise Forbidden("Ya hay una cuenta de organizador: entra con ella.")
    form = FirstOrganizerForm()
    if not form.validate_on_submit():
        return page(form, 400)
    try:
        user = first_run.create_first_organizer(
            db(), email=form.email.data, name=form.name.data, password=form.password.data,
            from_machine=from_machine(), code=form.code.data, code_path=code_path())
        commit()
    except Forbidden as exc:
        rollback()
        field_error(form, exc)
        return page(form, 403)
    except ServiceError as exc:
        rollback()
        field_error(form, exc)
        return page(form, 400)
    login_user(user)
    flash("Cuenta de organizador creada. Ahora sube el catálogo de cartas.", "ok")
    return redirect(url_for("catalog.index"))
