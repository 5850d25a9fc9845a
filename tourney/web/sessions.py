"""Idle sessions (issue 26, finding 20): every logged-in session ends after a while without a
request — a staff account's (organizer, an event's owner, co-organizer or judge) after
``STAFF_IDLE_MINUTES`` (default 120), a player's after ``PLAYER_IDLE_MINUTES`` (default 24 h:
an event day, with its pauses between rounds). Both can be set in ``instance/config.py``.
CSRF tokens expire after ``WTF_CSRF_TIME_LIMIT`` (12 h, set in create_app). The session
cookie itself is a browser-session cookie (no ``remember me``), and logging out or changing
the password revokes every session of the account (``User.session_version``).

The session remembers when it was last seen (``seen``, rewritten at most once a minute, so the
cookie does not change on every request) and whether the account is staff (read again then).
A session from before this (no ``seen``) starts counting now.
"""
from __future__ import annotations

import time

from flask import Flask, current_app, flash, session
from flask_login import current_user, logout_user, user_logged_in

from ..services.access import is_staff_anywhere
from .common import db

STAFF_IDLE_MINUTES = 120
PLAYER_IDLE_MINUTES = 24 * 60
REFRESH_SECONDS = 60
EXPIRED = "Tu sesión se cerró tras un rato sin uso: vuelve a entrar."


def idle_limit_seconds(app: Flask, staff: bool = True) -> float:
    if staff:
        return float(app.config.get("STAFF_IDLE_MINUTES", STAFF_IDLE_MINUTES)) * 60
    return float(app.config.get("PLAYER_IDLE_MINUTES", PLAYER_IDLE_MINUTES)) * 60


def check_idle() -> None:
    if not current_user.is_authenticated:
        return
    now = time.time()
    seen = session.get("seen")
    if isinstance(seen, (int, float)) \
            and now - seen > idle_limit_seconds(current_app, bool(session.get("staff"))):
        logout_user()
        session.pop("seen", None)
        session.pop("staff", None)
        flash(EXPIRED, "info")
        return
    if not isinstance(seen, (int, float)) or now - seen >= REFRESH_SECONDS:
        session["seen"] = int(now)
        session["staff"] = is_staff_anywhere(db(), current_user)


def _fresh_login(_app, user=None, **_extra) -> None:
    session["seen"] = int(time.time())
    session["staff"] = is_staff_anywhere(db(), user)


def init_app(app: Flask) -> None:
    app.before_request(check_idle)
    user_logged_in.connect(_fresh_login, app)
