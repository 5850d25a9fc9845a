"""`tourney --help` speaks Spanish first: Flask's options still work but are not listed."""
from __future__ import annotations

from click.testing import CliRunner

from tourney.cli.group import cli


def test_help_starts_with_the_projects_commands_not_flasks_boilerplate():
    out = CliRunner().invoke(cli, ["--help"], prog_name="tourney").output
    head = out.split("Commands:")[0]
    assert "Torneos y legalidad de mazos" in head
    assert "--env-file" not in head and "--app" not in head and "Flask version" not in head
    assert "Muestra esta ayuda" in head
    commands = out.split("Commands:")[1]
    assert "catalog" in commands and "Lista las rutas" in commands
    assert "limiter" not in commands and "Show the routes" not in commands


def test_flasks_hidden_options_and_commands_still_work(tmp_path):
    result = CliRunner().invoke(cli, ["--app", "tourney", "routes"], prog_name="tourney",
                                env={"DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
    assert result.exit_code == 0 and "/catalogo" in result.output
