"""Event commands: `tourney demo` and `tourney users …`."""
from __future__ import annotations

from pathlib import Path

import click
from flask import current_app

from .. import db
from ..paths import CHECKOUT_DIR
from ..catalog.importers.deckforge import load_deckforge_cards
from ..legality import load_formats
from ..services import accounts
from ..services import catalog as catalog_service
from ..services.demo import DEMO_PASSWORD, demo_event, has_events
from ..services.league_demo import demo_league
from ..services.login_backoff import CODE_MINUTES
from ..services.errors import ServiceError
from .common import CliError, friendly, with_appcontext


def register(group: click.Group) -> None:
    group.add_command(demo)
    group.add_command(users)


def _deckforge_cards() -> Path:
    return CHECKOUT_DIR.parent / "shared" / "data" / "deckforge" / "public-data" / "cards.json"


@click.command("demo", help="Crea un evento de demostración (y una liga de tres eventos): 16 jugadores con listas legales y "
               "3 rondas jugadas (importa el catálogo DeckForge si está vacío).")
@click.option("--if-empty", is_flag=True, help="No hace nada si ya hay eventos.")
@click.option("--format", "format_id", default="unificado", show_default=True)
@click.option("--players", default=16, show_default=True, type=click.IntRange(2, 512))
@click.option("--rounds", "rounds_played", default=3, show_default=True, type=click.IntRange(0, 12))
@click.option("--seed", default=2021, show_default=True)
@click.option("--league/--no-league", default=True, show_default=True,
              help="También una liga de tres eventos: dos anteriores (listas publicadas) y este.")
@with_appcontext
@friendly
def demo(if_empty: bool, format_id: str, players: int, rounds_played: int, seed: int,
         league: bool) -> None:
    db.upgrade(current_app.config["DATABASE_URL"])
    with db.session_scope() as session:
        if if_empty and has_events(session):
            click.echo("Ya hay eventos: no se crea la demostración.")
            return
        cat = catalog_service.load_catalog(session, use_cache=False)
        if len(cat) == 0:
            path = _deckforge_cards()
            if not path.exists():
                raise CliError("El catálogo está vacío y no se encontró "
                               f"{path}: importa las cartas con `tourney catalog import`.")
            cards, editions = load_deckforge_cards(path)
            report = catalog_service.import_cards(session, cards, editions, source="deckforge")
            session.flush()
            click.echo(f"Catálogo importado: {report.summary()}")
            catalog_service.clear_cache()
            cat = catalog_service.load_catalog(session, use_cache=False)
        try:
            event = demo_event(session, cat, load_formats(current_app.config["FORMATS_DIR"]),
                               format_id=format_id, players=players,
                               rounds_played=rounds_played, seed=seed)
        except ServiceError as exc:
            raise CliError(exc.message) from None
        click.echo(f"Evento de demostración creado: «{event.name}» (id {event.id}), {players} "
                   f"jugadores, {rounds_played} rondas jugadas.")
        if league and getattr(load_formats(current_app.config["FORMATS_DIR"]).get(format_id),
                              "sealed", None) is None:
            try:
                made = demo_league(session, cat, load_formats(current_app.config["FORMATS_DIR"]),
                                   event, players=players, seed=seed)
            except ServiceError as exc:
                raise CliError(exc.message) from None
            click.echo(f"Liga de demostración creada: «{made.name}» (id {made.id}), con dos "
                       "eventos anteriores de los mismos jugadores y este.")
        click.echo(f"Cuentas: organizador@demo.cl, juez@demo.cl, jugador1@demo.cl … "
                   f"(contraseña «{DEMO_PASSWORD}»).")


@click.group("users", help="Cuentas de usuario.")
def users() -> None:
    pass


@users.command("create", help="Crea una cuenta (pide la contraseña si no se da).")
@click.argument("email")
@click.option("--name", default=None, help="Nombre visible (por defecto, el del correo).")
@click.option("--role", type=click.Choice(["jugador", "organizador"]), default="jugador",
              show_default=True)
@click.option("--password", default=None,
              help="La contraseña (sin esta opción se pide dos veces, sin mostrarla).")
@with_appcontext
@friendly
def users_create(email: str, name: str | None, role: str, password: str | None) -> None:
    if password is None:
        password = ask_password()
    try:
        with db.session_scope() as session:
            user = accounts.create_user(session, email, name or email.split("@")[0], password, role)
            click.echo(f"Cuenta creada: {user.email} ({user.role}).")
    except ServiceError as exc:
        raise CliError(exc.message) from None


PASSWORDS_DIFFER = "Error: las dos contraseñas no coinciden; escríbela de nuevo."


def ask_password() -> str:
    """The password typed twice without showing it, every word in Spanish (click's own
    confirmation says «Repeat for confirmation» and «The two entered values do not match»)."""
    try:
        while True:
            first = click.prompt("Contraseña", hide_input=True)
            second = click.prompt("Repite la contraseña para confirmarla", hide_input=True)
            if first == second:
                return first
            click.echo(PASSWORDS_DIFFER, err=True)
    except click.exceptions.Abort:
        raise CliError("Cancelado: no se creó la cuenta.") from None


def first_run_message(host: str = "127.0.0.1", port: int | str = 5000) -> str:
    """The first run's notice: how to make the first organizer (the one-time code), or ""."""
    from ..services import first_run

    path = Path(current_app.config.get("FIRST_RUN_CODE_FILE")
                or Path(current_app.instance_path) / "first-run-code")
    with db.session_scope() as session:
        code = first_run.issue_code(session, path)
    if code is None:
        return ""
    return (f"Primera vez: no hay ninguna cuenta de organizador. Ábrela en http://{host}:{port}/ "
            "desde esta máquina, o desde otra con el código de un solo uso: "
            f"{code}  (también en {path}).")


@users.command("first-run", help="Primera vez: dice cómo crear la primera cuenta de organizador "
                                  "desde la web (con el código de un solo uso).")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default="5000", show_default=True)
@with_appcontext
@friendly
def users_first_run(host: str, port: str) -> None:
    db.upgrade(current_app.config["DATABASE_URL"])
    message = first_run_message(host, port)
    click.echo(message or "Ya hay una cuenta de organizador: entra con ella (o crea otra con "
                          "`tourney users create --role organizador`).")


@users.command("role", help="Cambia el rol de una cuenta existente.")
@click.argument("email")
@click.argument("role", type=click.Choice(["jugador", "organizador"]))
@with_appcontext
@friendly
def users_role(email: str, role: str) -> None:
    try:
        with db.session_scope() as session:
            user = accounts.set_role(session, email, role)
            click.echo(f"{user.email} ahora es {user.role}.")
    except ServiceError as exc:
        raise CliError(exc.message) from None


@users.command("login-code", help="Imprime un código de entrada de un solo uso para una cuenta a la "
                                   "que los intentos fallidos de otra persona hacen esperar.")
@click.argument("email")
@with_appcontext
@friendly
def users_login_code(email: str) -> None:
    try:
        with db.session_scope() as session:
            user = accounts.existing(session, email)
    except ServiceError as exc:
        raise CliError(exc.message) from None
    code = current_app.extensions["tourney_login_backoff"].issue_code(user.email)
    click.echo(f"Código de entrada para {user.email}: {code}")
    click.echo(f"Sirve una vez durante {CODE_MINUTES} minutos: en «Entrar», con su contraseña, "
               "entra sin esperar aunque otros hayan fallado intentos con esa cuenta.")
