"""`tourney adjudicate` exit codes and output; `tourney engine generate`."""
from __future__ import annotations

import json

from engine_helpers import FILLER, GOLDEN, header, lines

CATALOG = str(GOLDEN / "catalog.json")


def write(tmp_path, rows, name="partida.jsonl"):
    path = tmp_path / name
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


def test_adjudicate_exit_0_and_spanish_summary(runner):
    result = runner.invoke(args=["adjudicate", str(GOLDEN / "02_castillo_vacio.jsonl"),
                                 "--catalog", CATALOG])
    assert result.exit_code == 0
    assert "gana Ana" in result.output and "Castillo" in result.output


def test_adjudicate_exit_1_names_line_and_rule(runner):
    result = runner.invoke(args=["adjudicate", str(GOLDEN / "03_ataque_sin_agrupacion.jsonl"),
                                 "--catalog", CATALOG])
    assert result.exit_code == 1
    assert "línea 4" in result.output and "2.1 Aliados" in result.output


def test_adjudicate_exit_2_on_unreadable_record_without_traceback(runner, tmp_path):
    path = write(tmp_path, lines(header(FILLER, FILLER), ['{"p": "A"']))
    result = runner.invoke(args=["adjudicate", path, "--json", "--catalog", CATALOG])
    assert result.exit_code == 2
    assert "línea 2" in result.output and "Traceback" not in result.output
    path = write(tmp_path, lines(header(["Carta Que No Existe"], FILLER), []), "b.jsonl")
    result = runner.invoke(args=["adjudicate", path, "--catalog", CATALOG])
    assert result.exit_code == 2 and "Carta Que No Existe" in result.output


def test_adjudicate_reads_the_catalog_from_the_database(runner):
    imported = runner.invoke(args=["catalog", "import", CATALOG])
    assert imported.exit_code == 0, imported.output
    result = runner.invoke(args=["adjudicate", str(GOLDEN / "01_batalla_legal.jsonl"), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["status"] == "unfinished"


def test_engine_generate_is_seeded_and_adjudicates_legal(runner, tmp_path, shared_data):
    cards = str(shared_data / "deckforge" / "public-data" / "cards.json")
    out1, out2 = tmp_path / "g1.jsonl", tmp_path / "g2.jsonl"
    for out in (out1, out2):
        result = runner.invoke(args=["engine", "generate", "--seed", "7", "--catalog", cards,
                                     "-o", str(out)])
        assert result.exit_code == 0, result.output
    assert out1.read_bytes() == out2.read_bytes()
    result = runner.invoke(args=["adjudicate", str(out1), "--json", "--catalog", cards])
    assert result.exit_code == 0 and json.loads(result.stdout)["status"] in ("finished", "unfinished")


def test_engine_generate_with_decklists(runner, tmp_path):
    deck = tmp_path / "mazo.txt"
    deck.write_text("# mazo de prueba\n20 Oro\n15 Soldado\n10 Caballero\n4 Lobo Furioso\n",
                    encoding="utf-8")
    result = runner.invoke(args=["engine", "generate", "--seed", "3", "--catalog", CATALOG,
                                 "--deck-a", str(deck), "--deck-b", str(deck)])
    assert result.exit_code == 0, result.output
    head = json.loads(result.stdout.splitlines()[0])
    assert len(head["players"][0]["castle"]) == 48 and head["players"][0]["gold"][1] == "Oro"
    bad = tmp_path / "malo.txt"
    bad.write_text("3 Soldado\n2 Nadie\n", encoding="utf-8")
    result = runner.invoke(args=["engine", "generate", "--seed", "3", "--catalog", CATALOG,
                                 "--deck-a", str(bad)])
    assert result.exit_code == 2 and "línea 2" in result.output


def test_engine_generate_revealed_record_adjudicates_like_the_shuffled_one(runner, tmp_path):
    deck = tmp_path / "mazo.txt"
    deck.write_text("20 Oro\n15 Soldado\n10 Caballero\n4 Lobo Furioso\n", encoding="utf-8")
    verdicts = []
    for extra in ([], ["--revealed"]):
        out = tmp_path / f"g{len(extra)}.jsonl"
        result = runner.invoke(args=["engine", "generate", "--seed", "11", "--catalog", CATALOG,
                                     "--deck-a", str(deck), "--deck-b", str(deck), "-o", str(out),
                                     *extra])
        assert result.exit_code == 0, result.output
        result = runner.invoke(args=["adjudicate", str(out), "--json", "--catalog", CATALOG])
        assert result.exit_code == 0, result.output
        verdicts.append(json.loads(result.stdout))
    assert verdicts[0] == verdicts[1]
    assert json.loads((tmp_path / "g1.jsonl").read_text(encoding="utf-8").splitlines()[0])["order"] == "revealed"


def test_same_record_gives_byte_identical_json_across_processes(tmp_path):
    """Determinism does not depend on the process (hash seeds differ between runs)."""
    import os
    import subprocess
    import sys

    outputs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, DATABASE_URL=f"sqlite:///{tmp_path}/x.db")
        done = subprocess.run(
            [sys.executable, "-c", "from tourney.cli import main; main()", "adjudicate",
             str(GOLDEN / "04_efecto_y_concesion.jsonl"), "--json", "--catalog", CATALOG],
            capture_output=True, env=env, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and outputs[0].startswith(b"{")


def test_adjudicate_accepts_the_issue_header_as_printed(runner, tmp_path, shared_data):
    from test_engine_record import issue_record

    cards = str(shared_data / "deckforge" / "public-data" / "cards.json")
    path = write(tmp_path, issue_record([{"p": "A", "do": "gold", "card": "A2"}]))
    result = runner.invoke(args=["adjudicate", path, "--json", "--catalog", cards])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    assert (got["status"], got["actions"], got["line"]) == ("unfinished", 1, None)
    path = write(tmp_path, issue_record([{"p": "A", "do": "gold", "card": "A2"},
                                         {"p": "A", "do": "play", "card": "A1", "pay": ["A0", "A2"]}]),
                 "b.jsonl")
    result = runner.invoke(args=["adjudicate", path, "--json", "--catalog", cards])
    assert result.exit_code == 1
    got = json.loads(result.stdout)
    assert (got["status"], got["line"], got["rule"]) == ("illegal", 6, "8.1")
    assert "Kirin" in got["message"]



def test_adjudicate_missing_record_file_is_exit_2_in_spanish(runner, tmp_path):
    result = runner.invoke(args=["adjudicate", str(tmp_path / "no-hay.jsonl"), "--catalog", CATALOG])
    assert result.exit_code == 2
    assert "no existe el registro" in result.output and "No such file" not in result.output


def test_adjudicate_without_database_tables_is_exit_2_not_a_crash(tmp_path):
    from tourney import create_app, db

    url = f"sqlite:///{tmp_path / 'vacia.sqlite3'}"  # never upgraded: no tables
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url})
    try:
        result = app.test_cli_runner().invoke(args=["adjudicate", str(GOLDEN / "01_batalla_legal.jsonl")])
    finally:
        db.get_engine(url).dispose()
        db._engines.pop(db.normalize_url(url), None)
    assert result.exit_code == 2, result.output
    assert "tourney db upgrade" in result.output and "Traceback" not in result.output


def test_engine_generate_refuses_a_deck_with_two_copies_of_an_unica(runner, tmp_path, shared_data):
    cards = str(shared_data / "deckforge" / "public-data" / "cards.json")
    deck = tmp_path / "a.txt"
    deck.write_text("2 Kirin\n48 Lararium\n", encoding="utf-8")  # Kirin is Única
    ok = tmp_path / "b.txt"
    ok.write_text("1 Kirin\n49 Lararium\n", encoding="utf-8")
    out = tmp_path / "g.jsonl"
    result = runner.invoke(args=["engine", "generate", "--seed", "1", "--catalog", cards,
                                 "--deck-a", str(deck), "--deck-b", str(ok), "-o", str(out)])
    assert result.exit_code == 2 and "10.13" in result.output and "Kirin" in result.output
    assert not out.exists()
    result = runner.invoke(args=["engine", "generate", "--seed", "1", "--catalog", cards,
                                 "--deck-a", str(ok), "--deck-b", str(ok), "-o", str(out)])
    assert result.exit_code == 0, result.output


def test_text_verdict_flags_an_estimated_rule_number():
    from tourney.cli.engine import describe
    from tourney.engine import Verdict

    final = {"A": {"castle": 1, "hand": 0, "graveyard": 0, "exile": 0, "in_play": 1}}
    text = describe(Verdict("illegal", None, None, 7, "10.29", "X es Imbloqueable.", 5, (), final), {})
    assert "regla 10.29 Imbloqueable, número estimado" in text
    text = describe(Verdict("illegal", None, None, 7, "9 C4", "…", 5, (), final), {})
    assert "regla 9 C4 Asignación de Daño)" in text
