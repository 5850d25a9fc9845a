"""Web layer: thin blueprints over tourney.services.

The request edge commits: a view calls a service (which flushes), then ``commit()``; a
ServiceError rolls the session back and is shown next to its field.
"""
from __future__ import annotations

from flask import Flask, render_template
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.routing import IntegerConverter

from ..db import get_session
from ..ids import MAX_ID
from ..services.accounts import session_user
from ..services.errors import Forbidden, NotFound
from . import auth, documents, events
from .common import login_manager
from . import catalog, scorekeeper, wall  # event day (issue 13)
from . import corrections, event_day, history, judges, players_day  # noqa: F401  (scorekeeper routes)
from . import adjudication  # recorded games of a match (issue 12)
from . import pools  # Sellado / Lanzamiento pools (issue 16)
from . import first_run  # the first organizer (issue 23)
from . import leagues  # leagues, player pages, ratings (issue 25)
from . import play  # play tables (issue 24)
from . import invitations  # staff invitations (issue 26, finding 16)
from ..dates import DATETIME_SECONDS_FORMAT, format_date
from ..localtime import local_time


class RowId(IntegerConverter):
    """``<int:…>`` in every route: at most MAX_ID, so ``/eventos/2147483648`` is a 404, never a
    database error (issue 26, finding 8)."""

    def __init__(self, map, fixed_digits=0, min=None, max=MAX_ID, signed=False):  # noqa: A002
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


def init_app(app: Flask) -> None:
    app.url_map.converters["int"] = RowId  # before the blueprints add their rules
    CSRFProtect(app)
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")
    app.config.setdefault("REMEMBER_COOKIE_SAMESITE", "Lax")

    login = login_manager
    login.init_app(app)
    login.login_view = "auth.login"
    login.login_message = "Inicia sesión para continuar."
    login.login_message_category = "info"

    @login.user_loader
    def load_user(user_id: str):
        return session_user(get_session(), user_id)

    @app.get("/salud")
    def health():
        return {"estado": "ok"}

    app.jinja_env.filters["hora"] = local_time  # a stored UTC time, in the venue's zone
    app.jinja_env.filters["fecha"] = format_date  # a calendar date: dd-mm-aaaa
    app.jinja_env.filters["hora_exacta"] = lambda v: local_time(v, DATETIME_SECONDS_FORMAT)

    app.register_blueprint(auth.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(documents.bp)
    app.register_blueprint(catalog.bp)
    app.register_blueprint(scorekeeper.bp)
    app.register_blueprint(wall.bp)
    app.register_blueprint(adjudication.bp)
    app.register_blueprint(pools.bp)
    app.register_blueprint(first_run.bp)
    app.register_blueprint(leagues.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(invitations.bp)

    @app.errorhandler(Forbidden)
    def forbidden(exc):
        return render_template("error.html", code=403, message=exc.message), 403

    @app.errorhandler(NotFound)
    def not_found(exc):
        return render_template("error.html", code=404, message=exc.message), 404

    @app.errorhandler(403)
    def forbidden_http(_exc):
        return render_template("error.html", code=403,
                               message="No tienes permiso para ver esta página."), 403

    @app.errorhandler(404)
    def not_found_http(_exc):
        return render_template("error.html", code=404, message="Página no encontrada."), 404

    @app.errorhandler(413)
    def too_large(_exc):
        return render_template("error.html", code=413,
                               message="El archivo es demasiado grande (máximo 2 MB)."), 413

    @app.errorhandler(CSRFError)
    def csrf_error(exc):
        return render_template("error.html", code=400,
                               message="El formulario expiró o no es válido (CSRF). Vuelve a "
                                       "cargar la página e inténtalo de nuevo."), 400
