"""Helpers shared by the blueprints: the session, commit at the edge, formats and catalog."""
from __future__ import annotations

from collections import OrderedDict
from functools import wraps
from threading import Lock

from flask import abort, current_app
from flask_login import current_user
from markupsafe import Markup

from ..db import get_session


def db():
    return get_session()


def commit() -> None:
    db().commit()


def rollback() -> None:
    db().rollback()


def actor():
    """The logged-in User row (or None)."""
    return current_user._get_current_object() if current_user.is_authenticated else None


_formats_cache: dict[tuple, dict] = {}


def formats() -> dict:
    """The format files, reloaded when a file in FORMATS_DIR changes (organizers edit TOML)."""
    from pathlib import Path

    from ..legality import load_formats

    folder = Path(current_app.config["FORMATS_DIR"])
    key = (str(folder), tuple(sorted((p.name, p.stat().st_mtime_ns)
                                     for p in folder.glob("*.toml"))))
    found = _formats_cache.get(key)
    if found is None:
        found = load_formats(folder)
        _formats_cache.clear()
        _formats_cache[key] = found
    return found


def catalog():
    from ..services.catalog import load_catalog

    return load_catalog(db())


def format_for(event):
    fmt = formats().get(event.format_id)
    if fmt is None:
        abort(500, f"El formato {event.format_id} ya no existe en formats/.")
    return fmt


def format_name(fmt_id: str) -> str:
    try:
        fmt = formats().get(fmt_id)
    except Exception:  # formats dir broken: show the id
        fmt = None
    return getattr(fmt, "name", None) or fmt_id


def field_error(form, exc) -> None:
    """Put a ServiceError next to its form field (or on the form when it names none)."""
    name = getattr(exc, "field", None)
    field = getattr(form, name, None) if name else None
    if field is not None:
        field.errors = list(field.errors) + [exc.message]
    else:
        form.form_errors.append(exc.message)


def organizer_required(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        if not current_user.is_authenticated:
            return current_app.login_manager.unauthorized()
        if not current_user.is_organizer:
            abort(403)
        return view(*args, **kwargs)

    return wrapper


def local_zone():
    from zoneinfo import ZoneInfo

    return ZoneInfo(current_app.config.get("TIMEZONE", "America/Santiago"))


def from_local(value):
    """A naive date-time typed in a form (the venue's local time) -> aware UTC."""
    from datetime import timezone

    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=local_zone())
    return value.astimezone(timezone.utc)


def local_time(value, fmt: str = "%d-%m-%Y %H:%M") -> str:
    """Jinja filter ``hora``: an aware UTC date-time shown in the venue's time zone."""
    from datetime import timezone

    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(local_zone()).strftime(fmt)


_fragments: "OrderedDict[tuple, str]" = OrderedDict()
_fragments_lock = Lock()


def cached_fragment(key: tuple, render) -> Markup:
    """Rendered HTML reused while ``key`` (which must include the data's fingerprint) holds.

    Big public tables (pairings, standings at 1,024 players) are rendered once per change
    instead of once per phone refreshing the page."""
    with _fragments_lock:
        hit = _fragments.get(key)
        if hit is not None:
            _fragments.move_to_end(key)
            return Markup(hit)
    html = str(render())
    with _fragments_lock:
        _fragments[key] = html
        while len(_fragments) > 256:
            _fragments.popitem(last=False)
    return Markup(html)
