"""Golden recorded games (tests/engine/golden/*.jsonl) against their expected verdicts.

The expected ``message`` of an illegal line is "*": any Spanish text, checked non-empty.
"""
from __future__ import annotations

import json

import pytest
from conftest import GOLDEN, resolve

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
                         "unverified_count", "verified_cards", "unverified_cards"]
    check(got, want)
