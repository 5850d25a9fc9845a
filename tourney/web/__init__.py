"""Web layer: thin blueprints over tourney.services."""
from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from flask_wtf.csrf import CSRFProtect

    CSRFProtect(app)

    @app.get("/salud")
    def health():
        return {"estado": "ok"}
