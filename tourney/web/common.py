"""Helpers shared by the blueprints: the session, commit at the edge, the opening of an event's
view (the event and the actor's right to it), formats and catalog."""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from threading import Lock

from flask import abort, current_app, flash
from flask_login import LoginManager, current_user
from markupsafe import Markup

from ..db import get_session
from ..localtime import venue_zone
from ..services.access import is_organizer, require_organizer
from ..services.events import find_event, get_event
from ..services.catalog import load_catalog
from ..services.legality import current_formats
from ..services.errors import Conflict, ServiceError
from ..services.pools import event_format  # Sellado / Lanzamiento: the event's Castillo size


login_manager = LoginManager()  # tourney.web.init_app binds it to each app


def db():
    return get_session()


def sign_in_first():
    """The answer to a visitor on a page that needs an account: the login page (and back)."""
    return login_manager.unauthorized()


def open_event(event_id: int, require: Callable | None = None):
    """The opening of an event's view: the event (NotFound: 404) and, with ``require`` (a right
    of tourney.services.access taking ``(session, actor, event)``: ``access.require_judge``,
    ``access.require_event_organizer``…), the actor's right to it (Forbidden: 403)."""
    session = db()
    event = get_event(session, event_id)
    if require is not None:
        require(session, actor(), event)
    return event


def commit() -> None:
    db().commit()


def rollback() -> None:
    db().rollback()


class service_call:
    """The one pattern of every write at the edge: call services (which flush), then commit;
    a ServiceError rolls the session back and is shown (next to its form field when a
    ``form`` is given, else flashed) instead of propagating. Other exceptions propagate.

        with service_call(form, success="Evento creado.") as call:
            event = ev.create_event(db(), actor(), ...)
        if call.ok:
            return redirect(...)
        return render_template(...), call.status

    ``success`` is flashed after the commit; ``call.error`` is the ServiceError (or None);
    ``call.status`` is 409 for a Conflict (someone changed it first), else 400.
    """

    def __init__(self, form=None, *, success: str | None = None):
        self.form = form
        self.success = success
        self.error: ServiceError | None = None

    def __enter__(self) -> "service_call":
        return self

    def __exit__(self, exc_type, exc, _tb) -> bool:
        if exc is None:
            commit()
            if self.success:
                flash(self.success, "ok")
            return False
        if not isinstance(exc, ServiceError):
            return False
        rollback()
        self.error = exc
        if self.form is not None:
            field_error(self.form, exc)
        else:
            flash(exc.message, "error")
        return True

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def status(self) -> int:
        """The HTTP status of a failed call: 409 Conflict, else 400."""
        return 409 if isinstance(self.error, Conflict) else 400


def actor():
    """The logged-in User row (or None)."""
    return current_user._get_current_object() if current_user.is_authenticated else None


def formats() -> dict:
    """The format files of FORMATS_DIR (reloaded when one changes: services.legality)."""
    return current_formats(current_app.config["FORMATS_DIR"])


def catalog():
    return load_catalog(db())


def format_for(event):
    fmt = formats().get(event.format_id)
    if fmt is None:
        abort(500, f"El formato {event.format_id} ya no existe en formats/.")
    return event_format(get_session(), event, fmt)


def format_name(fmt_id: str) -> str:
    try:
        fmt = formats().get(fmt_id)
    except Exception:  # formats dir broken: show the id
        fmt = None
    return fmt.name if fmt is not None else fmt_id


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
            return sign_in_first()
        if "event_id" in kwargs:  # an event's page: organizers OF THAT EVENT (services.access)
            event = find_event(db(), kwargs["event_id"])
            if event is None:
                abort(404)
            if not is_organizer(actor(), event, db()):
                abort(403)
        elif not current_user.is_organizer:  # creating events, the shared catalog
            require_organizer(actor())  # a Forbidden that says how to get the role
        return view(*args, **kwargs)

    return wrapper


def local_zone():
    """The venue's time zone (tourney.localtime)."""
    return venue_zone()


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
