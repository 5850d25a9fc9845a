"""`tourney db upgrade|downgrade`: the Alembic migrations of the database."""
from __future__ import annotations

import click
from flask import current_app

from .. import db
from .common import with_appcontext


def register(group: click.Group) -> None:
    group.add_command(db_group)


@click.group("db", help="Base de datos: migraciones.")
def db_group() -> None:
    pass


@db_group.command("upgrade", help="Aplica las migraciones pendientes (crea la base si no existe).")
@click.option("--revision", default="head", show_default=True)
@with_appcontext
def db_upgrade(revision: str) -> None:
    db.upgrade(current_app.config["DATABASE_URL"], revision)
    click.echo("Base de datos al día.")


@db_group.command("downgrade", help="Revierte hasta una revisión.")
@click.argument("revision")
@with_appcontext
def db_downgrade(revision: str) -> None:
    db.downgrade(current_app.config["DATABASE_URL"], revision)
    click.echo(f"Base de datos en la revisión {revision}.")
