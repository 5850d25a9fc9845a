"""tourney: torneos y legalidad de mazos para Mitos y Leyendas.

`create_app` follows Flask's application-factory pattern: defaults, then
`instance/config.py`, then `test_config`; ``DATABASE_URL`` in the environment
overrides the database everywhere (web and CLI).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from .paths import FORMATS_DIR, TEMPLATES_DIR, instance_dir

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict | None = None) -> Flask:
    from flask import Flask  # imported here: `tourney --help` and the pure cores never pay for it

    app = Flask(
        __name__,
        instance_path=str(instance_dir()),
        instance_relative_config=True,
        template_folder=str(TEMPLATES_DIR),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY="dev-change-me",
        DATABASE_URL=f"sqlite:///{Path(app.instance_path) / 'tourney.sqlite3'}",
        FORMATS_DIR=str(FORMATS_DIR),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,  # uploads: decklists and XLSX files
        WTF_CSRF_TIME_LIMIT=12 * 3600,  # a form's token lasts an event day (docs/security.md)
        TIMEZONE="America/Santiago",  # venue time for the times typed in forms
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if app.config["SECRET_KEY"] == "dev-change-me" and not app.config.get("TESTING"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))
    if os.environ.get("DATABASE_URL") and not (test_config or {}).get("DATABASE_URL"):
        app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    if os.environ.get("PUBLIC_URL") and not app.config.get("PUBLIC_URL"):
        app.config["PUBLIC_URL"] = os.environ["PUBLIC_URL"]  # the QR's address (README)
    if os.environ.get("REDIS_URL") and not app.config.get("REDIS_URL"):
        app.config["REDIS_URL"] = os.environ["REDIS_URL"]

    from .web import security

    security.configure(app)  # SameSite=Lax always, Secure behind HTTPS, Spanish form messages

    from . import db

    db.init_app(app)
    from .models.events import STATES

    app.jinja_env.globals.update(STATES)  # match, round and event states by their model names

    from .web import init_app as init_web

    init_web(app)
    security.init_app(app)  # security headers and the CSP nonce of the templates' scripts

    from .web import throttle

    throttle.init_app(app)  # rate limits shared by every process (database or Redis)

    from .web import sessions

    sessions.init_app(app)  # staff sessions end after STAFF_IDLE_MINUTES idle

    from .cli.group import LazyCommands

    lazy = LazyCommands(app.name)  # `flask --app tourney …`: the commands, imported when used
    lazy.commands.update(app.cli.commands)  # what extensions added (Flask-Limiter's group)
    app.cli = lazy
    return app


def _instance_secret(instance: Path) -> str:
    """A random secret kept in ``instance/secret_key`` (made on first start), so an
    installation never signs sessions with a key everyone can read in the source."""
    import secrets

    path = instance / "secret_key"
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = secrets.token_urlsafe(48)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process made it first
            return path.read_text(encoding="utf-8").strip()
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(key)
        return key
