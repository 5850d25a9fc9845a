"""Rate limits (Flask-Limiter), shared by every process of ``tourney serve``.

Counters live in Redis when ``REDIS_URL`` is set, else in the database (table
``rate_limit``, tourney.services.throttle): never in one process's memory, so several
processes count together.

Limits (README, «Seguridad»; docs/security.md):

* log in: a growing delay, never a lock (``LoginAttempt`` over
  tourney.services.login_backoff): per account and address, per account, per address; a
  browser the account already logged in from (a signed cookie, ``DEVICE_COOKIE``) has only
  its own key, so guesses from elsewhere never keep the real owner out of their phone; and a
  one-time code printed on the machine (``tourney users login-code``) skips every delay;
* sign up: ``SIGNUP_PER_ADDRESS`` per address;
* the live decklist check: ``LIVE_CHECK_PER_USER`` per account (it runs as you type);
* changing the password: ``PASSWORD_CHANGE_PER_USER`` wrong current passwords per account.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from flask import Flask, current_app, render_template, request
from flask_limiter import Limiter
from flask_login import current_user
from itsdangerous import BadSignature, URLSafeTimedSerializer

from limits.storage import MemoryStorage

from ..services import throttle  # noqa: F401  (registers the tourneydb:// scheme)
from ..services.accounts import normalize_email
from ..services.login_backoff import LoginBackoff
from .forms_security import PasswordForm

SIGNUP_PER_ADDRESS = "20 per hour"
LIVE_CHECK_PER_USER = "120 per minute"
PASSWORD_CHANGE_PER_USER = "5 per 15 minutes"  # wrong current passwords (issue 26, finding 14)
DEVICE_COOKIE = "tourney_dispositivo"
DEVICE_DAYS = 90
DEVICE_ACCOUNTS = 5  # accounts remembered per browser

TOO_MANY = "Demasiados intentos seguidos: espera unos minutos y vuelve a intentarlo."
WAIT = ("Demasiados intentos seguidos: espera {seconds} segundos y vuelve a intentarlo (cada "
        "intento fallido alarga la espera). Si otra persona te está bloqueando, pide al "
        "organizador un código de entrada.")


def _address() -> str:
    return "ip:" + (request.remote_addr or "desconocida")


def _user_or_address() -> str:
    if current_user.is_authenticated:
        return f"usuario:{current_user.id}"
    return _address()


def _device_serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt="tourney-dispositivo")


def _device() -> dict:
    """The signed device cookie: {"id": random, "cuentas": [e-mails that logged in here]}."""
    raw = request.cookies.get(DEVICE_COOKIE)
    if not raw or len(raw) > 4000:
        return {}
    try:
        data = _device_serializer().loads(raw, max_age=DEVICE_DAYS * 86400)
    except BadSignature:
        return {}
    return data if isinstance(data, dict) and isinstance(data.get("cuentas"), list) else {}


def _known_device(email: str) -> str | None:
    """The key of this browser when ``email`` already logged in from it (issue 26, finding
    15): only that key's delay applies, so guesses from elsewhere cannot keep the owner out."""
    device = _device()
    if email and email in device.get("cuentas", []) and device.get("id"):
        return str(device["id"])[:64]
    return None


def login_backoff(app: Flask | None = None) -> LoginBackoff:
    return (app or current_app).extensions["tourney_login_backoff"]


@dataclass
class LoginAttempt:
    """One POST of the log-in form: how long it must wait, and what its outcome records."""

    email: str
    keys: dict
    code: str
    code_ok: bool
    wait: int

    @classmethod
    def start(cls, email: str, code: str | None = None) -> "LoginAttempt":
        email = normalize_email(email)[:254]
        backoff = login_backoff()
        keys = backoff.keys(email, request.remote_addr or "desconocida", _known_device(email))
        code_ok = backoff.code_valid(email, code)
        waits = current_app.config.get("RATELIMIT_ENABLED", True) and not code_ok
        return cls(email, keys, code or "", code_ok, backoff.wait(keys) if waits else 0)

    def failed(self) -> None:
        backoff = login_backoff()
        if self.code_ok:
            backoff.code_failed(self.email, self.code)
        else:
            backoff.failed(self.keys)

    def succeeded(self) -> None:
        backoff = login_backoff()
        if self.code_ok:
            backoff.code_used(self.email, self.code)
        backoff.succeeded(self.keys)


class _Resilient:
    """The shared storage, or this process's memory while it is down (logins keep working
    at the event rather than all failing)."""

    def __init__(self, storage):
        self.storage = storage  # a callable: the limiter makes its storage on init_app
        self.memory = MemoryStorage()

    def _call(self, name: str, *args, **kwargs):
        try:
            return getattr(self.storage(), name)(*args, **kwargs)
        except Exception:  # noqa: BLE001 - Redis or the database down: count locally
            return getattr(self.memory, name)(*args, **kwargs)

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        return self._call("incr", key, expiry, amount=amount)

    def get(self, key: str) -> int:
        return self._call("get", key)

    def clear(self, key: str) -> None:
        self._call("clear", key)


def _remember_device(response):
    """After a successful log-in, this browser is remembered for that account."""
    if request.endpoint != "auth.login" or request.method != "POST" or response.status_code != 302:
        return response
    email = normalize_email(request.form.get("email", ""))[:254]
    device = _device()
    accounts = [e for e in device.get("cuentas", []) if e != email][-(DEVICE_ACCOUNTS - 1):] + [email]
    value = _device_serializer().dumps({"id": device.get("id") or secrets.token_urlsafe(12),
                                        "cuentas": accounts})
    response.set_cookie(DEVICE_COOKIE, value, max_age=DEVICE_DAYS * 86400, httponly=True,
                        samesite="Lax", secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def _failed(response) -> bool:
    return response.status_code != 302  # a successful login / sign-up redirects


def storage(app: Flask) -> tuple[str, dict]:
    url = app.config.get("REDIS_URL")
    if url:
        return url, {}
    return "tourneydb://", {"database_url": app.config["DATABASE_URL"]}


def init_app(app: Flask) -> None:
    uri, options = storage(app)
    prefix = app.config.get("RATELIMIT_KEY_PREFIX") or _prefix(app)
    limiter = Limiter(key_func=_address, app=app, storage_uri=uri, storage_options=options,
                      strategy="fixed-window", headers_enabled=True,
                      # Redis or the database down: count in this process's memory meanwhile
                      # rather than refuse every login at the event
                      swallow_errors=True, in_memory_fallback_enabled=True,
                      enabled=app.config.get("RATELIMIT_ENABLED", True),
                      key_prefix=prefix)
    app.extensions["tourney_limiter"] = limiter
    app.extensions["tourney_login_backoff"] = LoginBackoff(
        _Resilient(lambda: limiter.storage), prefix)
    app.after_request(_remember_device)
    _limit(app, limiter, "auth.signup", SIGNUP_PER_ADDRESS, _address, methods=["POST"])
    _limit(app, limiter, "events.check_decklist", LIVE_CHECK_PER_USER, _user_or_address)
    _limit(app, limiter, "auth.change_password", PASSWORD_CHANGE_PER_USER, _user_or_address,
           methods=["POST"], deduct_when=_failed)

    @app.errorhandler(429)
    def too_many(_exc):
        if request.endpoint == "auth.change_password":
            form = PasswordForm()
            form.current.errors = [TOO_MANY]
            return render_template("auth/password.html", form=form, user=current_user), 429
        if request.endpoint == "events.check_decklist":
            return {"error": TOO_MANY}, 429
        return render_template("error.html", code=429, message=TOO_MANY), 429


def _prefix(app: Flask) -> str:
    """One prefix for every process of an installation; a test app counts alone."""
    if app.config.get("TESTING"):
        return "test-" + secrets.token_hex(4)
    return "tourney"


def _limit(app: Flask, limiter, endpoint: str, value: str, key_func, **kw) -> None:
    view = app.view_functions.get(endpoint)
    if view is not None:
        app.view_functions[endpoint] = limiter.limit(value, key_func=key_func, **kw)(view)
