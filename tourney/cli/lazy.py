"""Which module registers each `tourney` command, and the groups that import a command only
when it is used (``tourney --help`` lists them all without importing any, nor the web app)."""
from __future__ import annotations

import importlib
from typing import NamedTuple

import click

PACKAGE = "tourney.cli"
HELP_TEXT = "Muestra esta ayuda y termina."


class Entry(NamedTuple):
    modules: tuple[str, ...]  # the modules of tourney.cli that register the command, in order
    short_help: str  # what `tourney --help` prints for it (set on the command when loaded)


COMMANDS: dict[str, Entry] = {
    "adjudicate": Entry(("engine",), "Arbitra una partida registrada (JSON Lines)."),
    "catalog": Entry(("catalog",), "Catálogo de cartas: importar, sincronizar, consultar."),
    "db": Entry(("database",), "Base de datos: migraciones."),
    "deck": Entry(("deck",), "Mazos: revisar una lista y ver los formatos."),
    "demo": Entry(("events",), "Crea un evento de demostración (y una liga de tres eventos)."),
    "engine": Entry(("engine", "compiler"), "Motor de reglas: herramientas de prueba."),
    "export": Entry(("documents",), "Exporta el libro del evento en XLSX."),
    "import": Entry(("documents",), "Importa jugadores o listas desde una planilla XLSX."),
    "league": Entry(("meta",), "Ligas: crear, agregar eventos, clasificación y libro XLSX."),
    "meta": Entry(("meta",), "Metagama de un evento (con sus listas publicadas)."),
    "ratings": Entry(("meta",), "Ratings por juego; los jugadores de un evento para sembrar."),
    "print": Entry(("documents",), "Imprime documentos del evento en PDF."),
    "serve": Entry(("serve",), "Sirve la aplicación para un evento (varios procesos)."),
    "swiss": Entry(("swiss",), "Suizo: emparejamientos, posiciones y corte final."),
    "users": Entry(("events",), "Cuentas de usuario."),
}
COMMAND_MODULES = tuple(dict.fromkeys(m for entry in COMMANDS.values() for m in entry.modules))


class CommandModuleError(RuntimeError):
    """A command module of COMMAND_MODULES failed to import or has no ``register``: a bug,
    reported loudly (never a command silently missing from ``tourney --help``)."""


def register_module(group: click.Group, name: str) -> None:
    try:
        module = importlib.import_module(f"{PACKAGE}.{name}")
    except Exception as exc:
        raise CommandModuleError(f"el módulo de comandos {PACKAGE}.{name} no se pudo "
                                 f"importar: {exc.__class__.__name__}: {exc}") from exc
    register = getattr(module, "register", None)
    if not callable(register):
        raise CommandModuleError(f"el módulo de comandos {PACKAGE}.{name} no tiene "
                                 "register(group)")
    register(group)


def register_commands(group: click.Group, modules: tuple[str, ...] | None = None) -> None:
    """Register every command at once (what the lazy groups do one command at a time)."""
    for name in COMMAND_MODULES if modules is None else modules:
        register_module(group, name)


def lazy_command(group: click.Group, name: str) -> click.Command | None:
    """``group``'s command ``name``, importing the modules that register it the first time."""
    entry = COMMANDS.get(name)
    if entry is None:
        return group.commands.get(name)
    if name not in group.commands:
        register_commands(group, entry.modules)
        if name not in group.commands:
            raise CommandModuleError(f"ningún módulo de {entry.modules} registra «{name}»")
    command = group.commands[name]
    command.short_help = entry.short_help
    return command


def create_cli_app(*_args, **_kwargs):
    """The app `tourney` creates when a command needs it (never for `--help`)."""
    from .. import create_app

    return create_app()


def spanish_help_option(option: click.Option | None) -> click.Option | None:
    """A group's own ``--help`` option, saying so in Spanish."""
    if option is not None:
        option.help = HELP_TEXT
    return option


def spanish_help_options(command: click.Command, ctx: click.Context) -> None:
    """Give ``command`` and every subcommand under it the Spanish ``--help`` text (click
    caches one help option per command, so setting its text once is enough)."""
    spanish_help_option(command.get_help_option(ctx))
    for sub in getattr(command, "commands", {}).values():
        spanish_help_options(sub, ctx)
