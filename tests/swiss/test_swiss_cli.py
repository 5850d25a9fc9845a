"""`tourney swiss …`: pure commands (no database), Spanish output, exit codes."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tourney.cli.swiss import swiss_group

STATE = {
    "players": [{"id": f"p{i}", "name": n, "dropped": False}
                for i, n in enumerate(["Ana", "Beto", "Carla", "Diego", "Elena"], 1)],
    "rounds": [[{"a": "p1", "b": "p2", "result": "2-1-0"}, {"a": "p3", "b": "p4", "result": "0-0-3"},
                {"a": "p5", "b": None}]],
}


@pytest.fixture
def state_file(tmp_path):
    path = tmp_path / "STATE.json"
    path.write_text(json.dumps(STATE), encoding="utf-8")
    return path


def run(*args):
    return CliRunner().invoke(swiss_group, [str(a) for a in args])


def test_pair_json_lists_tables_with_flags(state_file):
    result = run("pair", state_file, "--seed", 4, "--json")
    assert result.exit_code == 0, result.output
    pairings = json.loads(result.output)
    assert all(set(p) == {"table", "a", "b", "flags"} for p in pairings)
    seated = sorted(x for p in pairings for x in (p["a"], p["b"]) if x)
    assert seated == ["p1", "p2", "p3", "p4", "p5"]
    assert sum(p["b"] is None for p in pairings) == 1


def test_pair_is_deterministic_for_a_seed(state_file):
    assert run("pair", state_file, "--seed", 9).output == run("pair", state_file, "--seed", 9).output


def test_pair_text_is_spanish(state_file):
    result = run("pair", state_file)
    assert result.exit_code == 0
    assert result.output.startswith("Ronda 2: 3 mesas") and "Bye" in result.output


def test_pair_output_appends_the_round(state_file, tmp_path):
    out = tmp_path / "NEXT.json"
    assert run("pair", state_file, "-o", out).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["rounds"]) == 2 and all(m["result"] is None for m in data["rounds"][1])
    again = run("pair", out)
    assert again.exit_code == 1 and "falta el resultado" in again.output


def test_standings_json_shape(state_file):
    result = run("standings", state_file, "--json")
    rows = json.loads(result.output)
    assert list(rows[0]) == ["rank", "id", "name", "points", "record", "omw", "gw", "ogw"]
    assert rows[0]["id"] in ("p1", "p5") and rows[0]["points"] == 3
    p3 = next(r for r in rows if r["id"] == "p3")
    assert p3["record"] == "0-0-1" and p3["gw"] == 1 / 3


def test_standings_text_has_percentages(state_file):
    result = run("standings", state_file)
    assert "OMW%" in result.output and "33.33%" in result.output


@pytest.mark.parametrize("bad, where", [
    ({"a": "p1", "b": "p9", "result": "2-0-0"}, "ronda 2, mesa 1: jugador desconocido «p9»"),
    ({"a": "p1", "b": "p2", "result": "3-0-0"}, "ronda 2, mesa 1: resultado «3-0-0» inválido"),
    ({"a": "p1", "b": "p2", "result": "2-2-0"}, "ronda 2, mesa 1: resultado «2-2-0» inválido"),
])
def test_malformed_state_exits_2_naming_round_and_table(tmp_path, bad, where):
    data = json.loads(json.dumps(STATE))
    data["rounds"].append([bad])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command in ("pair", "standings"):
        result = run(command, path)
        assert result.exit_code == 2
        assert where in result.output
        assert "Traceback" not in result.output


def test_player_twice_in_a_round_exits_2(tmp_path):
    data = json.loads(json.dumps(STATE))
    data["rounds"][0][2] = {"a": "p1", "b": None}
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("pair", path)
    assert result.exit_code == 2 and "ronda 1, mesa 3: «p1» ya juega en la mesa 1" in result.output


def test_unreadable_json_exits_2_with_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"players": [\n', encoding="utf-8")
    result = run("standings", path)
    assert result.exit_code == 2 and "JSON inválido en la línea 2" in result.output


def test_simulate_then_pair_and_topcut(tmp_path):
    out = tmp_path / "sim.json"
    result = run("simulate", "--players", 20, "--rounds", 3, "--seed", 1, "-o", out)
    assert result.exit_code == 0, result.output
    assert len(json.loads(out.read_text(encoding="utf-8"))["rounds"]) == 3
    assert run("pair", out, "--json").exit_code == 0
    top = run("topcut", out, "--size", 8, "--json")
    assert [(m["table"]) for m in json.loads(top.output)] == [1, 2, 3, 4]


def test_rounds_command_follows_appendix_e():
    assert run("rounds", 600).output.strip() == "600 jugadores: 10 rondas de suizo, top 8"


def test_registered_on_the_tourney_command(state_file):
    exe = Path(sys.executable).with_name("tourney")
    if not exe.exists():
        pytest.skip("el comando tourney no está instalado en este entorno")
    done = subprocess.run([str(exe), "swiss", "standings", str(state_file), "--json"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == 5


def test_pair_gives_the_byes_assigned_in_advance_and_says_so(tmp_path):
    data = {"players": [{"id": "p1", "name": "Ana", "byes": 1}, {"id": "p2", "name": "Beto"},
                        {"id": "p3", "name": "Carla"}]}
    path = tmp_path / "byes.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("pair", path, "-o", tmp_path / "next.json")
    assert result.exit_code == 0, result.output
    assert "Bye      Ana (p1, 0 pts)  — bye asignado de antemano" in result.output
    saved = json.loads((tmp_path / "next.json").read_text(encoding="utf-8"))
    assert {"a": "p1", "b": None, "result": None} in saved["rounds"][0]
    assert saved["players"][0]["byes"] == 1
    as_json = json.loads(run("pair", path, "--json").output)
    assert {"table": 2, "a": "p1", "b": None, "flags": ["bye", "assigned_bye"]} in as_json
