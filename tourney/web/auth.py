"""Accounts: sign up, log in, log out, change the password.

Issue 15: signing up does not tell whether an e-mail has an account (the same answer and the
same work either way; the new account then logs in); logging in costs the same for unknown
accounts (a dummy hash is checked) and waits a growing delay per account and per address
(issue 26: tourney.web.throttle.LoginAttempt, never a lock); logging out and changing the password revoke every session of the
account (``User.session_version``); every ``next=`` goes through ``security.safe_next``.
"""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required, login_user, logout_user

from ..services import accounts
from ..services.errors import ServiceError
from .common import actor, commit, db, field_error, rollback
from .forms import EmptyForm, LoginForm, SignupForm
from .forms_security import PasswordForm
from .security import safe_next
from .throttle import WAIT, LoginAttempt

bp = Blueprint("auth", __name__)

SIGNED_UP = ("Listo: si el correo no tenía cuenta, la cuenta quedó creada. Entra con tu correo "
             "y tu contraseña.")


def _safe_next(default: str) -> str:
    return safe_next(request.args.get("next"), default)


@bp.route("/cuenta/nueva", methods=["GET", "POST"])
def signup():
    form = SignupForm()
    if form.validate_on_submit():
        try:
            accounts.sign_up(db(), form.email.data, form.name.data, form.password.data)
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            # the same answer whether the account is new or not: nobody learns who has one
            flash(SIGNED_UP, "ok")
            target = _safe_next("")
            return redirect(url_for("auth.login", next=target) if target else url_for("auth.login"))
    status = 400 if request.method == "POST" else 200
    return render_template("auth/signup.html", form=form), status


@bp.route("/entrar", methods=["GET", "POST"])
def login():
    form = LoginForm()
    if form.validate_on_submit():
        attempt = LoginAttempt.start(form.email.data, form.code.data)
        if attempt.wait:  # a growing delay, never a lock (issue 26, finding 15)
            form.password.errors = [WAIT.format(seconds=attempt.wait)]
            return (render_template("auth/login.html", form=form, show_code=True), 429,
                    {"Retry-After": str(attempt.wait)})
        user = accounts.authenticate(db(), form.email.data, form.password.data)
        if user is None:
            attempt.failed()
            form.password.errors = ["Correo o contraseña incorrectos."]
        else:
            attempt.succeeded()
            login_user(user)
            return redirect(_safe_next(url_for("events.index")))
    status = 400 if request.method == "POST" else 200
    return render_template("auth/login.html", form=form, show_code=bool(form.code.data)), status


@bp.post("/salir")
@login_required
def logout():
    EmptyForm()  # CSRF is checked by CSRFProtect
    user = actor()
    accounts.revoke_sessions(db(), user)  # a copied cookie stops working too
    commit()
    logout_user()
    return redirect(url_for("events.index"))


@bp.route("/cuenta/clave", methods=["GET", "POST"])
@login_required
def change_password():
    form = PasswordForm()
    if form.validate_on_submit():
        try:
            user = accounts.change_password(db(), actor(), form.current.data, form.password.data)
            commit()
        except ServiceError as exc:
            rollback()
            field_error(form, exc)
        else:
            login_user(user)  # this session continues with the new version; the others end
            flash("Contraseña cambiada: se cerró la sesión en los demás dispositivos.", "ok")
            return redirect(url_for("events.index"))
    status = 400 if request.method == "POST" else 200
    return render_template("auth/password.html", form=form, user=current_user), status
