"""The `tourney` command: Flask's CLI group plus the project's commands.

Each area owns one module here with a ``register(group)`` function; this file
only wires them onto ``app.cli``, so ``tourney …`` and ``flask --app tourney …``
see the same commands.
"""
from __future__ import annotations

import importlib

import click

from .. import create_app
from .common import db_group
from .group import TourneyGroup  # Spanish first (issue 13)

COMMAND_MODULES = ("catalog", "deck", "swiss", "engine", "compiler", "documents", "events", "serve",
                   "meta")


class CommandModuleError(RuntimeError):
    """A command module of COMMAND_MODULES failed to import or has no ``register``: a bug,
    reported loudly (never a command silently missing from ``tourney --help``)."""


def register_commands(group: click.Group) -> None:
    group.add_command(db_group)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except Exception as exc:
            raise CommandModuleError(f"el módulo de comandos tourney.cli.{name} no se pudo "
                                     f"importar: {exc.__class__.__name__}: {exc}") from exc
        register = getattr(module, "register", None)
        if not callable(register):
            raise CommandModuleError(f"el módulo de comandos tourney.cli.{name} no tiene "
                                     "register(group)")
        register(group)


def _create_app(*_args, **_kwargs):
    return create_app()


@click.group(cls=TourneyGroup, create_app=_create_app,
             help="Torneos y legalidad de mazos de Mitos y Leyendas.")
def cli() -> None:
    pass


def main() -> None:
    cli(prog_name="tourney")
