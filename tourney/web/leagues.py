"""League pages (a season of one organizer's events) and player pages. Thin over
tourney.services.leagues and tourney.services.player_pages."""
from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, render_template, url_for
from flask_login import login_required

from ..dates import format_date
from ..legality.games import load_games
from ..meta import TIEBREAKERS
from ..services import events as ev, leagues as league_service, player_pages, players
from ..services.access import may_create_events
from ..services.errors import Forbidden
from .charts import share_chart, win_rate_chart
from .common import actor, catalog, db, formats, open_event, service_call
from .forms_meta import LeagueEventForm, LeagueForm, ProfileForm

bp = Blueprint("leagues", __name__)


def _games() -> dict:
    from flask import current_app

    return load_games(current_app.config["FORMATS_DIR"])


def _league_form(league=None) -> LeagueForm:
    form = LeagueForm()
    form.game.choices = [(gid, g.name) for gid, g in _games().items()]
    if league is not None and not form.is_submitted():
        form.name.data, form.game.data, form.points.data = league.name, league.game_id, league.points_toml
    elif not form.is_submitted():
        form.points.data = league_service.default_points()
    return form


@bp.get("/ligas")
def index():
    return render_template("leagues/index.html", leagues=league_service.list_leagues(db()),
                           can_create=may_create_events(actor()))


@bp.route("/ligas/nueva", methods=["GET", "POST"])
@login_required
def new():
    if not may_create_events(actor()):
        raise Forbidden("Solo una cuenta de organizador puede crear ligas.")
    form = _league_form()
    if form.validate_on_submit():
        with service_call(form, success="Liga creada.") as call:
            league = league_service.create_league(db(), actor(), form.name.data, form.game.data,
                                                  form.points.data, games=_games())
        if call.ok:
            return redirect(url_for("leagues.show", league_id=league.id))
        return render_template("leagues/edit.html", form=form, league=None), call.status
    return render_template("leagues/edit.html", form=form, league=None), 400 if form.errors else 200


def _show(league, add_form=None, status=200):
    session = db()
    table = league_service.standings(session, league, formats(), with_ratings=True)
    organizer = league_service.is_league_organizer(actor(), league)
    if organizer and add_form is None:
        add_form = LeagueEventForm()
    if add_form is not None:
        add_form.event.choices = [(e.id, f"{e.name} ({format_date(e.date)})")
                                  for e in league_service.candidate_events(session, league, formats())]
    return render_template("leagues/show.html", league=league, table=table,
                           tiebreaker_names=TIEBREAKERS,
                           is_organizer=organizer, add_form=add_form,
                           hidden=players.hidden_users(session)), status


@bp.get("/ligas/<int:league_id>")
def show(league_id: int):
    return _show(league_service.get_league(db(), league_id))


@bp.route("/ligas/<int:league_id>/editar", methods=["GET", "POST"])
@login_required
def edit(league_id: int):
    league = league_service.get_league(db(), league_id)
    league_service.require_league_organizer(actor(), league)
    form = _league_form(league)
    if form.validate_on_submit():
        with service_call(form, success="Liga guardada.") as call:
            league_service.update_league(db(), actor(), league, form.name.data, form.points.data)
        if call.ok:
            return redirect(url_for("leagues.show", league_id=league.id))
        return render_template("leagues/edit.html", form=form, league=league), call.status
    return render_template("leagues/edit.html", form=form, league=league), 400 if form.errors else 200


@bp.post("/ligas/<int:league_id>/eventos")
@login_required
def add_event(league_id: int):
    league = league_service.get_league(db(), league_id)
    league_service.require_league_organizer(actor(), league)
    form = LeagueEventForm()
    if not form.validate_on_submit() or not str(form.event.data).isdigit():
        return _show(league, form, 400)
    event = ev.get_event(db(), int(form.event.data))
    with service_call(form, success=f"«{event.name}» se agregó a la liga.") as call:
        league_service.add_event(db(), actor(), league, event, formats())
    if call.ok:
        return redirect(url_for("leagues.show", league_id=league.id))
    return _show(league, form, call.status)


@bp.post("/ligas/<int:league_id>/eventos/<int:event_id>/quitar")
@login_required
def remove_event(league_id: int, event_id: int):
    league = league_service.get_league(db(), league_id)
    league_service.require_league_organizer(actor(), league)
    form = LeagueEventForm()  # CSRF only
    if not form.validate_on_submit() and form.csrf_token.errors:
        abort(400)
    event = open_event(event_id)
    with service_call(success=f"«{event.name}» salió de la liga."):
        league_service.remove_event(db(), actor(), league, event)
    return redirect(url_for("leagues.show", league_id=league.id))


@bp.get("/ligas/<int:league_id>/metagama")
def metagame(league_id: int):
    league = league_service.get_league(db(), league_id)
    season = league_service.season_metagame(db(), league, catalog(), formats())
    rows = season.meta.rows
    return render_template("leagues/metagame.html", league=league, season=season, meta=season.meta,
                           share_svg=share_chart(rows) if rows else None,
                           win_svg=win_rate_chart(rows))


@bp.get("/ligas/<int:league_id>/libro.xlsx")
def workbook(league_id: int):
    league = league_service.get_league(db(), league_id)
    data = league_service.league_workbook(db(), league, catalog(), formats())
    return Response(data, mimetype="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    headers={"Content-Disposition": f'attachment; filename="liga-{league.id}.xlsx"'})


@bp.get("/jugadores/<key>")
def player(key: str):
    if len(key) > 40 or key[:1] not in ("u", "x", "n"):
        abort(404)
    session = db()
    if not player_pages.can_see(session, actor(), key):
        raise Forbidden("Este jugador ocultó su perfil. Sus resultados siguen contando en las "
                        "clasificaciones.")
    page = player_pages.player_page(session, key, formats())
    me = actor()
    own = me is not None and players.user_of_key(key) == me.id
    form = None
    if own:
        form = ProfileForm()
        form.hidden.data = page.hidden
    return render_template("leagues/player.html", page=page, own=own, form=form)


@bp.post("/jugadores/perfil")
@login_required
def profile():
    form = ProfileForm()
    if not form.validate_on_submit():
        abort(400)
    with service_call(success="Perfil oculto al público." if form.hidden.data
                      else "Perfil visible al público."):
        players.set_hidden(db(), actor(), bool(form.hidden.data))
    return redirect(url_for("leagues.player", key=f"u{actor().id}"))
