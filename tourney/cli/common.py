"""Shared CLI helpers: clean Spanish errors and exit codes, never a traceback."""
from __future__ import annotations

import functools
import json
import sys
import zipfile

import click
from flask import current_app
from flask.cli import with_appcontext

from .. import db

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2
EXIT_UNEXPECTED = 3  # a bug, never a user's input: reported with its type, no traceback


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
        except (RecursionError, MemoryError, UnicodeError, zipfile.BadZipFile) as exc:
            click.echo(f"Error: {unreadable_message(exc)}", err=True)
            sys.exit(EXIT_UNREADABLE)
        except ValueError as exc:
            message = unreadable_message(exc)
            if message is None:
                _unexpected(exc)
            click.echo(f"Error: {message}", err=True)
            sys.exit(EXIT_UNREADABLE)
        except Exception as exc:  # last resort: never a traceback for the user
            _unexpected(exc)

    return wrapper


def _unexpected(exc: BaseException) -> None:
    first = (str(exc).strip().splitlines() or [""])[0][:300]
    click.echo(f"Error inesperado: {type(exc).__name__}: {first}", err=True)
    sys.exit(EXIT_UNEXPECTED)


def unreadable_message(exc: BaseException) -> str | None:
    """The Spanish reason an input could not be read, for the errors Python's parsers raise
    on hostile input (exit 2, like any unreadable input); None: not an input error."""
    if isinstance(exc, RecursionError):
        return ("la entrada está anidada a demasiada profundidad (cientos de corchetes o llaves "
                "seguidos): no es un archivo válido")
    if isinstance(exc, MemoryError):
        return "la entrada es demasiado grande para leerla"
    if isinstance(exc, zipfile.BadZipFile):
        return "el archivo no es un ZIP válido (un XLSX es un ZIP): ¿está dañado o es de otro tipo?"
    if isinstance(exc, UnicodeError):
        return "la entrada no está en UTF-8: guárdala como texto UTF-8"
    if isinstance(exc, json.JSONDecodeError):
        return f"JSON inválido en la línea {exc.lineno}, columna {exc.colno}"
    text = str(exc)
    if "integer string conversion" in text or "int_max_str_digits" in text:
        return (f"la entrada tiene un número de más de {sys.get_int_max_str_digits()} cifras: "
                "no es un valor válido")
    return None


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
