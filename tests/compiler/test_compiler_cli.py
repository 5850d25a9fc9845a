"""`tourney engine coverage` and `tourney engine abilities`."""
from __future__ import annotations

import json

from click.testing import CliRunner

from tourney.cli.group import cli
from tourney.engine.compiler.coverage import coverage

from .realcards import CARDS_JSON

KEYS = {"identities", "with_text", "compiled", "partial", "none", "override", "by_type",
        "top_missing", "compiled_unenforced", "error", "top_unenforced", "errors"}


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_coverage_json_has_the_issue_keys_and_adds_up(real, shared_data):
    result = run("engine", "coverage", "--catalog", str(shared_data / CARDS_JSON), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert KEYS <= set(data) and set(data) - KEYS == {"by_family"}
    assert data["identities"] == 1789 and data["with_text"] == 1669
    assert data["compiled"] + data["partial"] + data["none"] + data["override"] + data["error"] \
        == data["with_text"]
    assert data["compiled_unenforced"] <= data["partial"]
    assert sum(row["with_text"] for row in data["by_type"].values()) == data["with_text"]
    assert all(set(row) == {"shape", "identities", "example"} for row in data["top_missing"])
    assert data == json.loads(json.dumps(coverage(real.catalog).to_json()))


def test_coverage_text_is_in_spanish(shared_data):
    result = run("engine", "coverage", "--catalog", str(shared_data / CARDS_JSON), "--top", "3")
    assert result.exit_code == 0
    assert "compiladas por completo" in result.output and "Por familia" in result.output


def test_abilities_shows_each_sentence_with_its_compiled_form_or_reason(shared_data):
    result = run("engine", "abilities", "Vestalis Maxima", "--catalog", str(shared_data / CARDS_JSON))
    assert result.exit_code == 0
    assert "= Única." in result.output and "no entendida:" in result.output
    as_json = json.loads(run("engine", "abilities", "Kyudo", "--catalog",
                             str(shared_data / CARDS_JSON), "--json").output)
    assert as_json["status"] == "compiled" and as_json["complete"]
    (sentence,) = as_json["sentences"]
    assert sentence["abilities"][0]["json"]["effects"][0] == {
        "kind": "mill", "subject": "player", "player": "opponent", "amount": 7}


def test_abilities_of_an_unknown_card_exits_2_with_suggestions(shared_data):
    result = run("engine", "abilities", "Kirn", "--catalog", str(shared_data / CARDS_JSON))
    assert result.exit_code == 2 and "Kirin" in result.output


def test_unreadable_catalog_exits_2(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("[{", encoding="utf-8")
    result = run("engine", "coverage", "--catalog", str(bad))
    assert result.exit_code == 2 and "Traceback" not in result.output
