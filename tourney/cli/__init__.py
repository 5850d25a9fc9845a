"""The `tourney` command: Flask's CLI group plus the project's commands.

Each area owns one module here with a ``register(group)`` function; this file
only wires them onto ``app.cli``, so ``tourney …`` and ``flask --app tourney …``
see the same commands.
"""
from __future__ import annotations

import importlib

import click
from flask.cli import FlaskGroup

COMMAND_MODULES = ("catalog", "deck", "swiss", "engine", "compiler", "documents", "events", "serve")


def register_commands(group: click.Group) -> None:
    from .common import db_group

    group.add_command(db_group)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:  # an area not built yet
            if exc.name != f"{__name__}.{name}":
                raise
            continue
        module.register(group)


def _create_app(*_args, **_kwargs):
    from .. import create_app

    return create_app()


@click.group(cls=FlaskGroup, create_app=_create_app,
             help="Torneos y legalidad de mazos de Mitos y Leyendas.")
def cli() -> None:
    pass


def main() -> None:
    cli(prog_name="tourney")
