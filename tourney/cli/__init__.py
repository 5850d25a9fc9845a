"""The `tourney` command: Flask's CLI group plus the project's commands.

Each area owns one module here with a ``register(group)`` function. The commands are loaded
lazily: ``COMMANDS`` (cli/lazy.py) says which modules register each top-level command and gives
its one-line help, so ``tourney --help`` lists every command without importing any of them (nor
the web app), and ``tourney X`` imports only X's modules. ``flask --app tourney …`` sees the same
commands (``create_app`` puts a ``LazyCommands`` group on ``app.cli``).

The commands that work on files alone (``FILE_COMMANDS``) start without Flask at all: ``main``
runs them in a plain click group (cli/files.py) and the app is created only if such a command
asks for the database (``common.app_context``). The whole group (Flask's) is
``tourney.cli.group.cli``.
"""
from __future__ import annotations

import sys

FILE_COMMANDS = ("adjudicate", "deck")


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] in FILE_COMMANDS:
        from .files import file_commands

        file_commands(prog_name="tourney")
    else:
        from .group import cli

        cli(prog_name="tourney")

