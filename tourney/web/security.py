"""HTTP hardening: cookies, security headers, a Content-Security-Policy the pages' own
scripts pass, and Spanish form messages.

* Cookies: ``SameSite=Lax`` always (Flask's default is ``None``); ``Secure`` (and HSTS) when
  the installation is served over HTTPS: ``HTTPS = True`` in ``instance/config.py`` or
  ``TOURNEY_HTTPS=1`` in the environment (README, «Servir un evento»); ``BEHIND_PROXY`` /
  ``TOURNEY_BEHIND_PROXY=1``: trust one proxy's X-Forwarded-For / X-Forwarded-Proto.
* CSP: scripts only from this site or inline ``<script>`` blocks **written in the templates**:
  the template loader gives every literal ``<script>`` tag of a template file a per-request
  nonce before Jinja compiles it, so a script that arrives inside data (a player's name, a
  decklist) never carries the nonce and the browser refuses it. ``frame-ancestors 'none'``,
  ``object-src 'none'``, ``base-uri 'none'``, forms post only to this site.
* ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (old browsers),
  ``Referrer-Policy: same-origin``.
* WTForms messages in Spanish (its own ``es`` catalog): «El campo no puede tener más de …».
"""
from __future__ import annotations

import os
import re
import secrets
from urllib.parse import urlsplit

from flask import Flask, g, render_template, session
from flask_wtf import FlaskForm
from jinja2 import BaseLoader
from werkzeug.middleware.proxy_fix import ProxyFix

from ..services.access import is_organizer
from .common import actor, db

_SCRIPT_TAG = re.compile(r"<script(?=[\s>])(?![^>]*\bnonce=)", re.IGNORECASE)
NONCE_EXPR = '<script nonce="{{ csp_nonce() }}"'


def csp_nonce() -> str:
    """This request's nonce (made on first use)."""
    nonce = g.get("_csp_nonce")
    if nonce is None:
        nonce = g._csp_nonce = secrets.token_urlsafe(18)
    return nonce


class NonceLoader(BaseLoader):
    """Wraps the app's template loader: every ``<script`` written in a template's source gets
    ``nonce="{{ csp_nonce() }}"``. Only template source is touched, never rendered values."""

    def __init__(self, inner: BaseLoader):
        self.inner = inner

    def get_source(self, environment, template):
        source, filename, uptodate = self.inner.get_source(environment, template)
        return _SCRIPT_TAG.sub(NONCE_EXPR, source), filename, uptodate

    def list_templates(self):
        return self.inner.list_templates()


def organizes(event) -> bool:
    """For templates: the logged-in account is an organizer OF THIS EVENT (owner or
    co-organizer), not just an account with the global role (services.access)."""
    return is_organizer(actor(), event, db())


def content_security_policy(nonce: str) -> str:
    return "; ".join((
        "default-src 'self'",
        f"script-src 'self' 'nonce-{nonce}'",
        "style-src 'self' 'unsafe-inline'",  # style="" attributes; no script can run from CSS
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ))


def _flag(app: Flask, key: str, env: str) -> bool:
    if key in app.config:
        return bool(app.config[key])
    return os.environ.get(env, "").strip().lower() in ("1", "true", "si", "sí", "yes")


def https_enabled(app: Flask) -> bool:
    return _flag(app, "HTTPS", "TOURNEY_HTTPS")


def configure(app: Flask) -> None:
    """Cookie settings (call after the instance config is loaded)."""
    for key in ("SESSION_COOKIE_SAMESITE", "REMEMBER_COOKIE_SAMESITE"):
        if not app.config.get(key):  # Flask defines the key as None: setdefault does nothing
            app.config[key] = "Lax"
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.config.setdefault("REMEMBER_COOKIE_HTTPONLY", True)
    if https_enabled(app):
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["REMEMBER_COOKIE_SECURE"] = True
        app.config["PREFERRED_URL_SCHEME"] = "https"
    app.config["WTF_I18N_ENABLED"] = False  # flask-babel is not used: WTForms' own catalog
    _spanish_forms()
    if _flag(app, "BEHIND_PROXY", "TOURNEY_BEHIND_PROXY"):
        # one trusted proxy in front: the client's address (rate limits per address) and
        # scheme come from its X-Forwarded-For / X-Forwarded-Proto
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1)  # type: ignore[method-assign]  # Flask's middleware hook


def _spanish_forms() -> None:
    FlaskForm.Meta.locales = ("es",)


BARE_HEADERS = [
    ("Content-Type", "text/html; charset=utf-8"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"),
    ("Cache-Control", "no-store"),
]
BARE_500 = ("<!doctype html><html lang=\"es\"><meta charset=\"utf-8\"><title>Error 500</title>"
            "<h1>Error</h1><p>" + "Ocurrió un error inesperado en el servidor; avisa al organizador si se "
            "repite." + "</p><p><a href=\"/\">Volver al inicio</a></p></html>").encode()


class LastResort:
    """WSGI middleware: when even the error page fails (its template, the database), answer a
    plain Spanish 500 with the security headers instead of the server's bare page and
    traceback log line (issue 26, finding 11). The error is still logged."""

    def __init__(self, wsgi_app, logger):
        self.wsgi_app = wsgi_app
        self.logger = logger

    def __call__(self, environ, start_response):
        try:
            return self.wsgi_app(environ, start_response)
        except Exception:  # noqa: BLE001 - the last line of defence answers, never raises
            self.logger.exception("error al mostrar la página de error")
            start_response("500 INTERNAL SERVER ERROR", list(BARE_HEADERS))
            return [BARE_500]


FLASH_MAX_CHARS = 300  # a flashed message (it lives in the session cookie until shown)
FLASH_MAX_COUNT = 5


def bound_flashes(store) -> None:
    """Every flashed text is cut to FLASH_MAX_CHARS, and only the last FLASH_MAX_COUNT stay:
    a 200,000-character Marcador result or file name never makes a 200 KB cookie (issue 26,
    finding 18). One place for every ``flash`` call of the app."""
    flashes = store.get("_flashes") if store is not None else None
    if not flashes:
        return
    bounded = [(category, message if len(str(message)) <= FLASH_MAX_CHARS
                else str(message)[:FLASH_MAX_CHARS - 1] + "…")
               for category, message in flashes[-FLASH_MAX_COUNT:]]
    if bounded != flashes:
        store["_flashes"] = bounded


def init_app(app: Flask) -> None:
    """Headers on every response and the nonce loader (call after the blueprints)."""
    if not app.testing:  # tests see the exception itself
        app.wsgi_app = LastResort(app.wsgi_app, app.logger)  # type: ignore[method-assign]  # Flask's middleware hook
    app.jinja_env.globals["csp_nonce"] = csp_nonce
    app.jinja_env.globals["organizes"] = organizes
    loader = app.jinja_env.loader
    if loader is None:  # Flask gives every app its template loader
        raise RuntimeError("la aplicación no tiene cargador de plantillas")
    app.jinja_env.loader = NonceLoader(loader)
    secure = https_enabled(app)
    _spanish_errors(app)

    @app.after_request
    def bounded_flashes(response):
        bound_flashes(session)
        return response

    @app.after_request
    def security_headers(response):
        headers = response.headers
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("X-Frame-Options", "DENY")
        headers.setdefault("Referrer-Policy", "same-origin")
        if response.mimetype == "text/html":
            headers.setdefault("Content-Security-Policy", content_security_policy(csp_nonce()))
        if secure:
            headers.setdefault("Strict-Transport-Security", "max-age=31536000")
        return response


SPANISH_ERRORS = {
    400: "La solicitud no es válida: vuelve a la página anterior e inténtalo de nuevo.",
    405: "Esta dirección no acepta esa operación.",
    500: "Ocurrió un error inesperado en el servidor; avisa al organizador si se repite.",
}


def _spanish_errors(app: Flask) -> None:
    """Werkzeug's own pages are in English: every status the app can answer gets its
    Spanish page (the specific handlers, such as CSRF's, still win)."""
    def handler(code: int):
        def render(_exc):
            if code == 500:  # the failed request may have left the session in an aborted transaction
                session = g.get("db_session")
                if session is not None:
                    session.rollback()
            return render_template("error.html", code=code, message=SPANISH_ERRORS[code]), code

        return render

    for code in SPANISH_ERRORS:
        if code not in app.error_handler_spec.get(None, {}):
            app.register_error_handler(code, handler(code))

    @app.errorhandler(ValueError)
    def huge_number(exc):
        """A number of thousands of digits in a form or URL value is bad input (400 in
        Spanish), not a server error; any other ValueError goes on as before (a 500)."""
        text = str(exc)
        if "integer string conversion" in text or "int_max_str_digits" in text:
            return render_template("error.html", code=400, message=(
                "Un número del formulario tiene demasiadas cifras: corrígelo y vuelve a "
                "enviarlo.")), 400
        raise exc


def safe_next(target: str | None, default: str) -> str:
    """The one checker of ``next=`` redirects: a path on this site, else ``default``.

    Refuses absolute URLs, scheme-relative ``//host``, backslashes (``/\\host``) and any
    control or blank character: browsers drop tabs and newlines, so ``"/\\t/evil.example/"``
    would become ``//evil.example/``."""
    target = target or ""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    if any(ord(ch) < 0x21 or ord(ch) == 0x7F or ch.isspace() for ch in target):
        return default
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return default
    return target
