"""The `tourney` group: Flask's CLI group, speaking Spanish first.

`tourney --help` starts with the project's commands: Flask's own options (--env-file, --app,
--debug) still work but are not listed, the Flask version option is gone, and Flask's default
commands get Spanish help (Flask-Limiter's maintenance group is hidden but still callable).
Every command's and subcommand's ``--help`` says so in Spanish (click's own text is English).
"""
from __future__ import annotations

import copy

import click
from flask.cli import AppGroup, FlaskGroup

from .lazy import (COMMANDS, create_cli_app, lazy_command, spanish_help_option,
                   spanish_help_options)

SPANISH_HELP = {
    "run": "Servidor de desarrollo de Flask (para un local con varias mesas: tourney serve).",
    "shell": "Consola de Python con la aplicación cargada (para desarrolladores).",
    "routes": "Lista las rutas de la aplicación web (para desarrolladores).",
    "limiter": "Límites de intentos (Flask-Limiter): mantenimiento, para desarrolladores.",
}
# Spanish help of the options of Flask's own commands (same flags, same behaviour)
SPANISH_OPTION_HELP = {
    "run": {
        "debug": "Modo de depuración.",
        "host": "Dirección donde escuchar.",
        "port": "Puerto donde escuchar.",
        "cert": "Certificado para servir por HTTPS.",
        "key": "Clave del certificado.",
        "reload": "Recarga al cambiar el código (por defecto, con --debug).",
        "debugger": "Depurador en el navegador (por defecto, con --debug).",
        "with_threads": "Atiende con hilos.",
        "extra_files": "Otros archivos que recargan al cambiar (separados por ':').",
        "exclude_patterns": "Patrones fnmatch de archivos que no recargan (separados por ':').",
    },
    "routes": {
        "sort": "Orden de las rutas ('match': el orden en que Flask las prueba).",
        "all_methods": "Muestra también HEAD y OPTIONS.",
    },
}
HIDDEN_COMMANDS = ("limiter",)
HIDDEN_OPTIONS = ("env_file", "app", "debug")


def _with_help(param: click.Parameter, text: str) -> click.Parameter:
    param = copy.copy(param)
    param.help = text
    return param


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

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        return spanish_help_option(super().get_help_option(ctx))

    def list_commands(self, ctx: click.Context) -> list[str]:
        # the project's commands (COMMANDS), Flask's own and Flask-Limiter's hidden group, all
        # known without creating the app: `tourney --help` imports none of them
        return sorted(set(self.commands) | set(COMMANDS) | set(HIDDEN_COMMANDS))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """`tourney --help`: the project's commands' lines come from COMMANDS (nothing is
        imported to print them); Flask's own are its built-in commands."""
        rows = []
        for name in self.list_commands(ctx):
            if name in HIDDEN_COMMANDS:
                continue
            if name in COMMANDS:
                rows.append((name, COMMANDS[name].short_help))
            elif name in self.commands:
                rows.append((name, SPANISH_HELP.get(name) or self.commands[name].get_short_help_str()))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, name: str):
        if name in COMMANDS:
            command = lazy_command(self, name)
        else:  # Flask's run/shell/routes, or a command of the app's (Flask-Limiter's group)
            command = super().get_command(ctx, name)
        if command is None:
            return None
        if name in SPANISH_HELP or name in HIDDEN_COMMANDS:
            command = copy.copy(command)
            if name in SPANISH_HELP:
                command.help = command.short_help = SPANISH_HELP[name]
            spanish = SPANISH_OPTION_HELP.get(name, {})
            command.params = [_with_help(p, spanish[p.name]) if p.name in spanish else p
                              for p in command.params]
            command.hidden = name in HIDDEN_COMMANDS
        spanish_help_options(command, ctx)
        return command


class LazyCommands(AppGroup):
    """``app.cli`` for ``flask --app tourney``: the same commands, loaded when used."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return lazy_command(self, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMANDS))


@click.group(cls=TourneyGroup, create_app=create_cli_app,
             help="Torneos y legalidad de mazos de Mitos y Leyendas.")
def cli() -> None:
    pass
