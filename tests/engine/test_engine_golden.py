"""Golden recorded games (tests/engine/golden/*.jsonl) against their expected verdicts.

The expected ``message`` of an illegal line is "*": any Spanish text, checked non-empty.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from engine_helpers import GOLDEN, resolve

from tourney.engine import adjudicate, read_record

CASES = sorted(p.stem for p in GOLDEN.glob("*.jsonl"))


def expected(name):
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def check(got: dict, want: dict):
    if want["message"] == "*":
        assert isinstance(got["message"], str) and got["message"]
        got = dict(got, message="*")
    assert got == want


@pytest.mark.parametrize("name", CASES)
def test_golden_record_verdict(name):
    lines = (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    check(adjudicate(read_record(lines, resolve)).to_json(), expected(name))


@pytest.mark.parametrize("name", CASES)
def test_golden_record_through_the_cli(runner, name):
    result = runner.invoke(args=["adjudicate", str(GOLDEN / f"{name}.jsonl"), "--json",
                                 "--catalog", str(GOLDEN / "catalog.json")])
    want = expected(name)
    assert result.exit_code == (1 if want["status"] == "illegal" else 0), result.output
    got = json.loads(result.stdout)
    assert list(got) == ["status", "winner", "reason", "line", "rule", "message", "actions",
                         "unverified", "final", "verified", "verified_count",
                         "unverified_count", "verified_cards", "unverified_cards",
                         "unverified_reasons"]
    check(got, want)


# -- real recorded games (DeckForge catalog, format version 2) -----------------------------
REAL = GOLDEN / "real"
REAL_CASES = sorted(p.stem for p in REAL.glob("*.jsonl"))


@pytest.mark.parametrize("name", REAL_CASES)
def test_real_game_with_talismanes_abilities_and_an_anulacion(real_catalog, name):
    """Puño Bendito (Talismán, 8.2 target), César Borgia (triggered when a card is played,
    8.1 C), Monje (activated, one Oro: 10.16) and Nanna's Anulación in the rival's Vigilia
    (8.1 D); 06 ends with a block on the Imbloqueable Monje (10.29)."""
    from tourney.engine import catalog_resolver

    lines = (REAL / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    got = adjudicate(read_record(lines, catalog_resolver(real_catalog))).to_json()
    want = json.loads((REAL / f"{name}.json").read_text(encoding="utf-8"))
    assert got == want
    assert got["verified_cards"] == ["César Borgia (A2)", "Monje (A1)"]
    assert got["unverified"] == [] and got["verified"] == [8, 12]
    if name.startswith("06"):
        assert (got["status"], got["line"], got["rule"]) == ("illegal", 16, "10.29")
    else:
        assert got["status"] == "unfinished" and got["final"]["A"]["graveyard"] == 2


@pytest.mark.parametrize("name", REAL_CASES)
def test_real_game_through_the_cli(runner, shared_data, name):
    cards = shared_data / "deckforge" / "public-data" / "cards.json"
    result = runner.invoke(args=["adjudicate", str(REAL / f"{name}.jsonl"), "--json",
                                 "--catalog", str(cards)])
    want = json.loads((REAL / f"{name}.json").read_text(encoding="utf-8"))
    assert result.exit_code == (1 if want["status"] == "illegal" else 0), result.output
    assert json.loads(result.stdout) == want


@pytest.mark.parametrize("name", REAL_CASES)
def test_real_game_as_a_user_runs_it(shared_data, tmp_path, name):
    """`tourney adjudicate GAME.jsonl --catalog cards.json --json` in its own process, with
    the ability compiler on as users get it: the same verdict as the golden file."""
    cards = shared_data / "deckforge" / "public-data" / "cards.json"
    done = subprocess.run(
        [sys.executable, "-c", "from tourney.cli import main; main()", "adjudicate",
         str(REAL / f"{name}.jsonl"), "--json", "--catalog", str(cards)],
        capture_output=True, text=True, cwd=tmp_path, timeout=300)
    want = json.loads((REAL / f"{name}.json").read_text(encoding="utf-8"))
    assert done.returncode == (1 if want["status"] == "illegal" else 0), done.stderr
    assert json.loads(done.stdout) == want


def test_the_real_games_run_with_the_compiler_on(real_catalog):
    """The cards of the real golden games that have no hand-written file get their abilities
    from the compiler (no test switches it off)."""
    from tourney.engine.abilities.registry import abilities_for

    for name in ("Vigia", "Thorkell el Alto"):
        got = abilities_for(real_catalog.resolve(name).card)
        assert got is not None and got.source == "compiler" and got.complete, name
