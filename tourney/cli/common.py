"""Shared CLI helpers: clean Spanish errors and exit codes, never a traceback."""
from __future__ import annotations

import functools
import json
import sys
import zipfile
from contextlib import contextmanager

import click

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


def script_info():
    """Flask's ScriptInfo of this command line: the one Flask's group made, or — for a file
    command started without Flask's group (``tourney adjudicate``/``tourney deck``, see
    ``tourney.cli.main``) — a new one that creates the app as `tourney` does (and reads the
    ``.env``/``.flaskenv`` files, as Flask's group would have)."""
    from flask.cli import ScriptInfo, load_dotenv

    from .lazy import create_cli_app

    ctx = click.get_current_context()
    info = ctx.find_object(ScriptInfo)
    if info is None:
        load_dotenv()
        info = ScriptInfo(create_app=create_cli_app)
        ctx.find_root().obj = info
    return info


@contextmanager
def app_context():
    """The app (in its context), created only when a command needs it: commands that can run on
    files alone (``adjudicate --catalog``, ``deck check --catalog``) never pay for the web app."""
    from flask import current_app, has_app_context

    if has_app_context():
        yield current_app._get_current_object()
        return
    app = script_info().load_app()
    with app.app_context():
        yield app


def with_appcontext(command):
    """Flask's ``with_appcontext`` for a command function, without importing Flask until the
    command runs (the file commands start without Flask: a quicker command line, issue 27)."""
    @functools.wraps(command)
    def in_app_context(*args, **kwargs):
        with app_context():
            return command(*args, **kwargs)
    return in_app_context


def app_setting(name: str, default):
    """A setting of the installation without creating the app when `tourney` runs: from
    ``instance/config.py`` (where an installation sets it, read as Flask reads it: its
    UPPER_CASE names), else ``default``. An app handed to the CLI by its caller (``flask --app``,
    a test's runner) is asked directly. Flask is not imported when no Flask group started."""
    from ..paths import instance_dir

    if "flask.cli" in sys.modules:
        from flask.cli import ScriptInfo

        from .lazy import create_cli_app

        ctx = click.get_current_context(silent=True)
        info = ctx.find_object(ScriptInfo) if ctx else None
        if info is not None and info.create_app is not create_cli_app:
            return info.load_app().config.get(name, default)
    path = instance_dir() / "config.py"
    if not name.isupper() or not path.is_file():
        return default
    settings: dict[str, object] = {"__file__": str(path)}
    exec(compile(path.read_bytes(), str(path), "exec"), settings)  # as Flask's from_pyfile
    return settings.get(name, default)
