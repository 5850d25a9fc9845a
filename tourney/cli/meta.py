"""`tourney meta EVENT` (an event's metagame, after its lists are published) and
`tourney league …` (create a league, add events, standings, workbook), `tourney ratings`."""
from __future__ import annotations

import json
from pathlib import Path

import click
from flask import current_app

from .. import db
from ..legality import load_formats
from ..models.events import User
from ..services import catalog as catalog_service, leagues as league_service
from ..services.documents import find_event
from ..services.errors import ServiceError
from ..services.metagame import event_metagame
from ..services.rows import existing
from .common import CliError, friendly, with_appcontext


def register(group: click.Group) -> None:
    group.add_command(meta_command)
    group.add_command(league_group)
    group.add_command(ratings_command)


def _pct(v: float | None) -> str:
    return "—" if v is None else f"{100 * v:.1f} %"


def _formats() -> dict:
    return load_formats(current_app.config["FORMATS_DIR"])


GAME_HELP = "Juego (por defecto, el que formats/games.toml marca «default»)."


def _default_game_id() -> str:
    from ..legality.games import default_game

    return default_game(current_app.config["FORMATS_DIR"]).id


@click.command("meta", help="Metagama de un evento (sus listas deben estar publicadas): "
               "arquetipos, conversión al corte, % de victorias sin espejos y enfrentamientos.")
@click.argument("event_ref", metavar="EVENTO")
@click.option("--json", "as_json", is_flag=True, help="Salida JSON.")
@with_appcontext
@friendly
def meta_command(event_ref: str, as_json: bool) -> None:
    try:
        with db.session_scope() as session:
            event = find_event(session, event_ref)
            if not event.decklists_published:
                raise CliError(f"Las listas de «{event.name}» no están publicadas: el metagama se "
                               "muestra después de publicarlas.")
            data = event_metagame(session, event, catalog_service.load_catalog(session), _formats())
    except ServiceError as exc:
        raise CliError(exc.message) from None
    m = data.meta
    if as_json:
        click.echo(json.dumps({"event": {"id": event.id, "name": event.name,
                                         "format": event.format_id},
                               "lists": data.lists, "renames": data.aliases, **m.to_dict()},
                              ensure_ascii=False, indent=2))
        return
    click.echo(f"Metagama · {event.name}: {data.lists} listas, {m.matches} partidas terminadas.")
    for r in m.rows:
        low, high = r.record.interval
        cut = f", corte {r.top_cut} ({_pct(r.conversion)})" if m.has_cut else ""
        click.echo(f"  {r.name}: {r.players} ({_pct(r.share)}){cut}, "
                   f"{r.record.wins}-{r.record.losses}-{r.record.draws} sin espejos, "
                   f"{_pct(r.record.win_rate)} [IC 95 % {100 * low:.0f}–{100 * high:.0f}]")
    if m.matches:
        click.echo("Enfrentamientos (fila contra columna: G-P-E, % de victorias):")
        for x in m.names:
            for y in m.names:
                c = m.cell(x, y)
                if c.matches:
                    click.echo(f"  {x} vs {y}: {c.wins}-{c.losses}-{c.draws}, {_pct(c.win_rate)} "
                               f"({c.games_won}-{c.games_lost} juegos)")


@click.group("league", help="Ligas: una temporada de eventos de un organizador.")
def league_group() -> None:
    pass


def _write_whole(target: Path, data: bytes) -> None:
    """Written whole or not at all: a temporary file beside the target, renamed over it."""
    import os
    import tempfile

    if target.is_dir() or not target.parent.exists():
        raise CliError(f"no se puede escribir {target}: indique un archivo en una carpeta que exista")
    fd, tmp = tempfile.mkstemp(prefix=".tourney-", dir=str(target.parent))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _points_text(path: str | None) -> str | None:
    if path is None:
        return None
    p = Path(path)
    try:
        if p.stat().st_size > 16 * 1024:
            raise CliError(f"{p.name}: la tabla de puntos tiene más de 16 KB")
        return p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"no se pudo leer {p}: {exc}") from None


@league_group.command("create", help="Crea una liga de un organizador.")
@click.argument("name", metavar="NOMBRE")
@click.option("--organizer", "email", required=True, help="Correo del organizador.")
@click.option("--points", "points_file", default=None,
              help="Tabla de puntos TOML (por defecto formats/_league_points.toml).")
@click.option("--game", default=None, help=GAME_HELP)
@with_appcontext
@friendly
def league_create(name: str, email: str, points_file: str | None, game: str | None) -> None:
    game = game or _default_game_id()
    points = _points_text(points_file)
    try:
        with db.session_scope() as session:
            from sqlmodel import select

            user = session.exec(select(User).where(User.email == email.strip().lower())).first()
            if user is None:
                raise CliError(f"No hay una cuenta {email}.")
            league = league_service.create_league(session, user, name, game, points)
            click.echo(f"Liga creada: «{league.name}» (id {league.id}).")
    except ServiceError as exc:
        raise CliError(exc.message) from None


@league_group.command("add-event", help="Agrega un evento (jugado o no) a una liga.")
@click.argument("league_ref", metavar="LIGA")
@click.argument("event_ref", metavar="EVENTO")
@with_appcontext
@friendly
def league_add_event(league_ref: str, event_ref: str) -> None:
    try:
        with db.session_scope() as session:
            league = league_service.find_league(session, league_ref)
            event = find_event(session, event_ref)
            owner = existing(session, User, league.organizer_id)
            league_service.add_event(session, owner, league, event, _formats())
            click.echo(f"«{event.name}» está en la liga «{league.name}».")
    except ServiceError as exc:
        raise CliError(exc.message) from None


@league_group.command("standings", help="Clasificación de una liga con sus desempates.")
@click.argument("league_ref", metavar="LIGA")
@click.option("--json", "as_json", is_flag=True, help="Salida JSON (liga, eventos, clasificación, "
              "metagama de la temporada, ratings).")
@with_appcontext
@friendly
def league_standings(league_ref: str, as_json: bool) -> None:
    try:
        with db.session_scope() as session:
            league = league_service.find_league(session, league_ref)
            report = league_service.league_report(session, league,
                                                  catalog_service.load_catalog(session), _formats())
    except ServiceError as exc:
        raise CliError(exc.message) from None
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
        return
    lg = report["league"]
    click.echo(f"Liga «{lg['name']}»: {len(report['events'])} eventos; desempates: "
               f"{', '.join(lg['tiebreakers']) or 'ninguno'}.")
    for r in report["standings"]:
        rating = "—" if r["rating"] is None else f"{r['rating']:.1f}"
        click.echo(f"{r['rank']:>4}. {r['player']}: {r['points']} puntos, {r['events_played']} "
                   f"eventos, mejor {r['best_place']}.º, {r['record']}, rating {rating}")


@league_group.command("export", help="El libro de la liga (XLSX).")
@click.argument("league_ref", metavar="LIGA")
@click.argument("out", metavar="ARCHIVO.xlsx")
@with_appcontext
@friendly
def league_export(league_ref: str, out: str) -> None:
    try:
        with db.session_scope() as session:
            league = league_service.find_league(session, league_ref)
            data = league_service.league_workbook(session, league,
                                                  catalog_service.load_catalog(session), _formats())
    except ServiceError as exc:
        raise CliError(exc.message) from None
    _write_whole(Path(out), data)
    click.echo(f"Libro de la liga: {out} ({len(data) // 1024} KB)")


@click.command("ratings", help="Ratings (OpenSkill, μ − 3σ) de un juego; con --event, los "
               "jugadores de ese evento en orden de rating (para sembrar).")
@click.option("--game", default=None, help=GAME_HELP)
@click.option("--event", "event_ref", default=None, help="Evento (id o nombre exacto).")
@click.option("--json", "as_json", is_flag=True, help="Salida JSON.")
@with_appcontext
@friendly
def ratings_command(game: str | None, event_ref: str | None, as_json: bool) -> None:
    game = game or _default_game_id()
    from ..meta import seeding_order
    from ..services.event_results import identities
    from ..services.ratings import game_ratings

    try:
        with db.session_scope() as session:
            rated = game_ratings(session, _formats(), game)
            if event_ref is not None:
                event = find_event(session, event_ref)
                who = identities(session, [event.pk])
                keys = [i.key for i in sorted(who.values(), key=lambda i: i.registration_id)]
                names = {i.key: i.name for i in who.values()}
                keys = seeding_order(keys, rated.ratings)
            else:
                names = rated.names
                keys = seeding_order(sorted(rated.ratings), rated.ratings)
    except ServiceError as exc:
        raise CliError(exc.message) from None
    rows = [{"seed": i, "player": names.get(k, k), "key": k,
             **(rated.ratings[k].to_dict() if k in rated.ratings else {"rating": None})}
            for i, k in enumerate(keys, start=1)]
    if as_json:
        click.echo(json.dumps({"game": game, "players": rows}, ensure_ascii=False, indent=2))
        return
    for r in rows:
        shown = "sin rating" if r["rating"] is None else f"{r['rating']:.1f} ({r['matches']} partidas)"
        click.echo(f"{r['seed']:>4}. {r['player']}: {shown}")
