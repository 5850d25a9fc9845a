"""Accounts: sign up, log in, log out."""
from __future__ import annotations

from urllib.parse import urlparse

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import login_required, login_user, logout_user

from ..services import accounts
from ..services.errors import ServiceError
from .common import commit, db, field_error, rollback
from .forms import EmptyForm, LoginForm, SignupForm

bp = Blueprint("auth", __name__)


def _safe_next(default: str) -> str:
    target = request.args.get("next") or ""
    parts = urlparse(target)
    if target.startswith("/") and not target.startswith("//") and not parts.netloc:
        return target
    return default


@bp.route("/cuenta/nueva", methods=["GET", "POST"])
def signup():
    form = SignupForm()
    if form.validate_on_submit():
        try:
            user = accounts.create_user(db(), form.email.data, form.name.data, form.password.data)
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            login_user(user)
            flash("Cuenta creada. ¡Bienvenido!", "ok")
            return redirect(_safe_next(url_for("events.index")))
    status = 400 if request.method == "POST" else 200
    return render_template("auth/signup.html", form=form), status


@bp.route("/entrar", methods=["GET", "POST"])
def login():
    form = LoginForm()
    if form.validate_on_submit():
        user = accounts.authenticate(db(), form.email.data, form.password.data)
        if user is None:
            form.password.errors = ["Correo o contraseña incorrectos."]
        else:
            login_user(user)
            return redirect(_safe_next(url_for("events.index")))
    status = 400 if request.method == "POST" else 200
    return render_template("auth/login.html", form=form), status


@bp.post("/salir")
@login_required
def logout():
    EmptyForm()  # CSRF is checked by CSRFProtect
    logout_user()
    return redirect(url_for("events.index"))
