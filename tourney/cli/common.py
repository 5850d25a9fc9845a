"""Shared CLI helpers: clean Spanish errors and exit codes, never a traceback."""
from __future__ import annotations

import functools
import sys

import click
from flask import current_app
from flask.cli import with_appcontext

from .. import db

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2


class CliError(Exception):
    """An error the user must read: printed in Spanish, exits with ``code``."""

    def __init__(self, message: str, code: int = EXIT_UNREADABLE):
        super().__init__(message)
        self.message = message
        self.code = code


def friendly(func):
    """Turn CliError (and unexpected errors) into a message and an exit code."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except CliError as exc:
            click.echo(f"Error: {exc.message}", err=True)
            sys.exit(exc.code)
        except (click.exceptions.Exit, click.Abort, click.ClickException, SystemExit):
            raise
        except BrokenPipeError:  # `tourney … | head`: the reader left; nothing to report
            sys.stderr.close()
            sys.exit(0)
        except Exception as exc:  # last resort: never a traceback for the user
            first = (str(exc).strip().splitlines() or [""])[0][:300]
            click.echo(f"Error inesperado: {type(exc).__name__}: {first}", err=True)
            sys.exit(3)

    return wrapper


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
