"""The `tourney` group: Flask's CLI group, speaking Spanish first.

`tourney --help` starts with the project's commands: Flask's own options (--env-file, --app,
--debug) still work but are not listed, the Flask version option is gone, and Flask's default
commands get Spanish help (Flask-Limiter's maintenance group is hidden but still callable).
"""
from __future__ import annotations

import copy

import click
from flask.cli import FlaskGroup

SPANISH_HELP = {
    "run": "Servidor de desarrollo de Flask (para un local con varias mesas: tourney serve).",
    "shell": "Consola de Python con la aplicación cargada (para desarrolladores).",
    "routes": "Lista las rutas de la aplicación web (para desarrolladores).",
}
HIDDEN_COMMANDS = ("limiter",)
HIDDEN_OPTIONS = ("env_file", "app", "debug")


class TourneyGroup(FlaskGroup):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("add_version_option", False)
        super().__init__(*args, **kwargs)
        params = []
        for param in self.params:
            if param.name in HIDDEN_OPTIONS:
                param = copy.copy(param)
                param.hidden = True
            params.append(param)
        self.params = params

    def get_help_option(self, ctx: click.Context):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = "Muestra esta ayuda y termina."
        return option

    def get_command(self, ctx: click.Context, name: str):
        command = super().get_command(ctx, name)
        if command is None:
            return None
        if name in SPANISH_HELP or name in HIDDEN_COMMANDS:
            command = copy.copy(command)
            if name in SPANISH_HELP:
                command.help = command.short_help = SPANISH_HELP[name]
            command.hidden = name in HIDDEN_COMMANDS
        return command
