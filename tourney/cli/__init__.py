"""The `tourney` command: Flask's CLI group plus the project's commands.

Each area owns one module here with a ``register(group)`` function. The commands are loaded
lazily: ``COMMANDS`` says which modules register each top-level command and gives its one-line
help, so ``tourney --help`` lists every command without importing any of them (nor the web app),
and ``tourney X`` imports only X's modules. ``flask --app tourney …`` sees the same commands
(``create_app`` puts a ``LazyCommands`` group on ``app.cli``).
"""
from __future__ import annotations

import click

from .group import TourneyGroup  # Spanish first (issue 13), commands loaded lazily
from .lazy import create_cli_app


@click.group(cls=TourneyGroup, create_app=create_cli_app,
             help="Torneos y legalidad de mazos de Mitos y Leyendas.")
def cli() -> None:
    pass


def main() -> None:
    cli(prog_name="tourney")
