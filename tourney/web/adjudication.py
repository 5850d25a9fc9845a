"""Adjudication pages: upload a recorded game of a match, its verdict, and the board viewer
(one plain page per line; static/adjudication.js steps through it without reloading)."""
from __future__ import annotations

from collections import OrderedDict
from threading import Lock

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.datastructures import FileStorage
from flask_login import current_user
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import SelectField, TextAreaField
from wtforms.validators import Length, Optional

from ..models.adjudication import SOURCE_CLI, SOURCE_FILE, SOURCE_TEXT
from ..engine.rules import rule_title
from ..services import adjudication as service
from ..services import adjudication_access as access
from ..services import adjudication_view as view
from ..services.errors import NotFound, ServiceError
from ..services.events import get_registration, registration_name, user_name
from ..ids import as_id
from ..swiss import MATCH_GAMES
from .common import actor, catalog, db, format_for, open_event, service_call, sign_in_first
from .forms import choices

bp = Blueprint("adjudication", __name__)


class UploadForm(FlaskForm):
    game = SelectField("Juego", default="1", validate_choice=False)  # the service says 1-3
    first_player = SelectField("Primer jugador del registro", default="0")
    record = TextAreaField("Registro de la partida (JSON Lines, pegado)",
                           validators=[Optional(), Length(max=service.MAX_RECORD_BYTES)])
    file = FileField("…o sube el archivo .jsonl")


@bp.app_context_processor
def _adjudicated_games():
    """``adjudicated_games(match_id)`` for the match pages (templates/events/result.html):
    the games of the match with a stored record, so only those are linked."""
    def adjudicated_games(match_id: int) -> list[int]:
        return service.games_of(db(), match_id)
    return {"adjudicated_games": adjudicated_games}



def _names(match) -> dict[int, str]:
    ids = [i for i in (match.player_a_id, match.player_b_id) if i is not None]
    return {i: registration_name(db(), i) for i in ids}


def _game(number: int) -> int:
    if number not in MATCH_GAMES:
        raise NotFound(f"No hay juego {number}: una partida es al mejor de tres.")
    return number


def _viewable(event, match):
    """Rights for reading; anonymous visitors who may not see are sent to log in."""
    if not access.can_view(db(), actor(), event, match):
        if not current_user.is_authenticated:
            return sign_in_first()
        access.require_view(db(), actor(), event, match)
    return None


def _selected(match, number: int):
    """The revision asked for (``?revision=N``), else the latest; None when there is none."""
    rows = [a for a in service.for_match(db(), match) if a.game == number]
    wanted = request.args.get("revision", type=as_id)
    if wanted is not None:
        found = next((a for a in rows if a.revision == wanted), None)
        if found is None:
            raise NotFound(f"No existe la revisión {wanted} de este juego.")
        return found, rows
    return (rows[0] if rows else None), rows


# -- list ----------------------------------------------------------------------------------
@bp.get("/eventos/<int:event_id>/arbitrajes")
def index(event_id: int):
    if not current_user.is_authenticated:
        return sign_in_first()
    event = open_event(event_id)
    session = db()
    staff = access.can_upload(session, actor(), event)
    wanted = request.args.get("mesa", type=as_id)
    if staff and wanted:  # the «arbitrar una mesa» picker (a plain GET form)
        match, _rnd = service.get_match(session, event, wanted)
        return redirect(url_for("adjudication.upload", event_id=event.id, match_id=match.id))
    rounds, rnd, choices_ = (service.tables_to_adjudicate(session, event,
                                                          request.args.get("ronda", type=as_id))
                             if staff else ([], None, []))
    rows = service.visible(session, actor(), event)
    tables = {}
    for a in rows:
        match, its_round = service.get_match(session, event, a.match_id)
        tables[a.id] = (match, its_round, _names(match))
    return render_template("adjudication/index.html", event=event, rows=rows, tables=tables,
                           staff=staff, describe=service.describe, rounds=rounds, rnd=rnd,
                           choices=choices_)


# -- upload ----------------------------------------------------------------------------------
@bp.route("/eventos/<int:event_id>/mesas/<int:match_id>/arbitraje", methods=["GET", "POST"])
def upload(event_id: int, match_id: int):
    if not current_user.is_authenticated:
        return sign_in_first()
    event = open_event(event_id, access.require_upload)
    session = db()
    match, rnd = service.get_match(session, event, match_id)
    names = _names(match)
    form = UploadForm()
    form.game.choices = choices((g, f"Juego {g}") for g in MATCH_GAMES)
    form.first_player.choices = choices(
        [(0, "según los nombres del registro")] + [(rid, n) for rid, n in names.items()])
    if request.method == "GET" and request.args.get("juego", type=as_id) in MATCH_GAMES:
        form.game.data = str(request.args.get("juego", type=as_id))
    status = 200
    if request.method == "POST":
        status = 400
        if form.validate_on_submit():
            with service_call(form) as call:
                text, source, filename = _posted_record(form)
                first = int(form.first_player.data or 0)
                row = service.upload(session, actor(), event, match, form.game.data, text,
                                     catalog(), format_for(event), source=source,
                                     filename=filename, first_player=first or None)
            if call.ok:
                flash(f"Juego {row.game} arbitrado (revisión {row.revision}).", "ok")
                return redirect(url_for("adjudication.verdict", event_id=event.id,
                                        match_id=match.id, number=row.game))
    return render_template("adjudication/upload.html", event=event, match=match, rnd=rnd,
                           names=names, form=form, rows=service.for_match(session, match),
                           max_kb=service.MAX_RECORD_BYTES // 1024), status


def _posted_record(form) -> tuple[str, str, str]:
    storage = form.file.data
    if isinstance(storage, FileStorage) and storage.filename:
        data = storage.read(service.MAX_RECORD_BYTES + 1)
        return service.decode_upload(data, storage.filename), SOURCE_FILE, storage.filename
    text = form.record.data or ""
    if not text.strip():
        raise ServiceError("Pega el registro de la partida o sube el archivo .jsonl.", "record")
    return text, SOURCE_TEXT, ""


# -- verdict -----------------------------------------------------------------------------------
@bp.get("/eventos/<int:event_id>/mesas/<int:match_id>/juegos/<int:number>/veredicto")
def verdict(event_id: int, match_id: int, number: int):
    event = open_event(event_id)
    match, rnd = service.get_match(db(), event, match_id)
    denied = _viewable(event, match)
    if denied is not None:
        return denied
    number = _game(number)
    adj, revisions = _selected(match, number)
    details = {rid: access.sees_deck(db(), actor(), event, get_registration(db(), event, rid))
               for rid in _names(match)}
    return render_template("adjudication/verdict.html", event=event, match=match, rnd=rnd,
                           number=number, adj=adj, revisions=revisions, names=_names(match),
                           staff=access.can_upload(db(), actor(), event), details=details,
                           rule_title=rule_title, uploader=_uploader(adj),
                           judged=service.games_of(db(), match.pk))


def _uploader(adj) -> str:
    if adj is not None and adj.uploaded_by is None and adj.source == SOURCE_CLI:
        return "la consola (tourney adjudicate)"
    if adj is None or adj.uploaded_by is None:
        return ""
    return user_name(db(), adj.uploaded_by)


# -- board -------------------------------------------------------------------------------------
_boards: "OrderedDict[tuple, view.Board]" = OrderedDict()
_boards_lock = Lock()


def _board(adj) -> view.Board:
    """The viewer's steps of a stored record (a row never changes: cached by its id and
    record text, so another database reusing the id never gets this board)."""
    seats = {pid: registration_name(db(), rid) for pid, rid in adj.players.items()}
    key = (adj.id, hash(adj.record_text), adj.verdict_json, tuple(sorted(seats.items())))
    with _boards_lock:
        hit = _boards.get(key)
        if hit is not None:
            _boards.move_to_end(key)
            return hit
    record = service.read(adj.record_text, catalog())
    built = view.board(record, adj.record_text, adj.verdict, seats)
    with _boards_lock:
        _boards[key] = built
        while len(_boards) > 32:
            _boards.popitem(last=False)
    return built


@bp.get("/eventos/<int:event_id>/mesas/<int:match_id>/juegos/<int:number>/tablero")
def board(event_id: int, match_id: int, number: int):
    event = open_event(event_id)
    match, rnd = service.get_match(db(), event, match_id)
    denied = _viewable(event, match)
    if denied is not None:
        return denied
    number = _game(number)
    adj, _revisions = _selected(match, number)
    if adj is None:
        return render_template("adjudication/board.html", event=event, match=match, rnd=rnd,
                               number=number, adj=None, names=_names(match))
    try:
        steps = view.hide_decks(_board(adj), access.hidden_players(db(), actor(), event, adj))
    except ServiceError as exc:  # the catalog no longer has a card of the stored record
        return render_template("error.html", code=409, message="Este registro ya no se puede "
                               f"reproducir con el catálogo actual. {exc.message}"), 409
    line = request.args.get("linea", type=as_id)
    if line is None:
        line = steps.steps[steps.illegal].line if steps.illegal is not None else 1
    step = view.step_for_line(steps, line)
    shown = step.position
    if shown is None:  # a line after the illegal one: the board stays where the game stopped
        stop = steps.steps[steps.illegal] if steps.illegal is not None else steps.steps[0]
        shown = stop.position
    args = {"event_id": event.id, "match_id": match.id, "number": number}
    if request.args.get("revision", type=as_id) is not None:
        args["revision"] = adj.revision
    template = ("adjudication/_board.html" if request.args.get("parcial") == "1"
                else "adjudication/board.html")
    listed, earlier, later = _window(steps.steps, step)
    return render_template(template, event=event, match=match, rnd=rnd, number=number,
                           adj=adj, steps=steps, step=step, position=shown, args=args,
                           names=_names(match), zones=view.ZONES, listed=listed,
                           earlier=earlier, later=later)


LINES_PER_PAGE = 200  # lines of the record listed on one board page (issue 26, finding 6)


def _window(all_steps, step):
    """The LINES_PER_PAGE lines around ``step``, and the lines that open the pages before and
    after: a 1 MB record no longer makes every board page several MB of HTML."""
    try:
        here = all_steps.index(step)
    except ValueError:
        here = 0
    lo = max(0, min(here - LINES_PER_PAGE // 2, len(all_steps) - LINES_PER_PAGE))
    hi = min(len(all_steps), lo + LINES_PER_PAGE)
    earlier = all_steps[max(0, lo - LINES_PER_PAGE // 2)].line if lo > 0 else None
    later = all_steps[min(len(all_steps) - 1, hi + LINES_PER_PAGE // 2)].line if hi < len(all_steps) else None
    return all_steps[lo:hi], earlier, later
