"""`tourney adjudicate` and `tourney deck`, started without Flask: the same commands the Flask
group lists (same modules, options, exit codes and Spanish help), in a plain click group, so a
judge's `tourney adjudicate` does not pay for importing the web stack (issue 27)."""
from __future__ import annotations

import click

from . import FILE_COMMANDS
from .lazy import lazy_command, spanish_help_option, spanish_help_options


class FileCommands(click.Group):
    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return spanish_help_option(super().get_help_option(ctx))

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(FILE_COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in FILE_COMMANDS:
            return None
        command = lazy_command(self, name)
        if command is not None:
            spanish_help_options(command, ctx)
        return command


file_commands = FileCommands(name="tourney",
                             help="Torneos y legalidad de mazos de Mitos y Leyendas.")
