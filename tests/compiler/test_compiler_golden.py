"""Golden file: the compiled form of a fixed sample of 100 real identities.

For each identity (keyed by identity and name) and each sentence in order: whether it was
understood and then the Spanish rendering and JSON of its abilities (without the card's
text), or the kind of reason it was not. A grammar change that alters any of them shows in
the diff of ``golden/sample100.json``; review it sentence by sentence against the card text
(``tourney engine abilities NAME``); regenerate deliberately with
``python -m tests.compiler.golden_sample --write`` (the test never writes).
"""
from __future__ import annotations

import json

from .golden_sample import GOLDEN, sample, snapshot


def test_golden_sample_of_100_identities(real):
    # a missing golden is a failure: regenerating is a deliberate command, never the test
    assert GOLDEN.exists(), f"falta {GOLDEN.name}: genéralo con `python -m tests.compiler.golden_sample --write`"
    got = json.loads(json.dumps(snapshot(real.catalog), ensure_ascii=False))
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(want) == 100
    for identity, row in want.items():
        assert got[identity] == row, identity
    assert set(got) == set(want)


def test_golden_file_holds_no_card_text(real):
    # the abilities' ``text`` is blanked and reasons lose their quotes; a short sentence may
    # coincide with its own Spanish rendering, a long card line must not appear
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    rendered = {a["describe"] for row in data.values() for s in row["sentences"]
                for a in s.get("abilities", ())}
    assert all(a["json"]["text"] is None for row in data.values() for s in row["sentences"]
               for a in s.get("abilities", ()))
    text = GOLDEN.read_text(encoding="utf-8")
    for identity in sample(real.catalog):
        card = real.catalog.printings(identity)[0]
        for line in card.text.splitlines():
            if len(line) > 40 and line not in rendered:
                assert line not in text, identity


def test_a_missing_golden_fails_and_is_not_written(real, monkeypatch, tmp_path):
    from . import golden_sample, test_compiler_golden

    missing = tmp_path / "sample100.json"
    monkeypatch.setattr(test_compiler_golden, "GOLDEN", missing)
    monkeypatch.setattr(golden_sample, "GOLDEN", missing)
    try:
        test_golden_sample_of_100_identities(real)
    except AssertionError:
        pass
    else:
        raise AssertionError("a missing golden file must fail the test")
    assert not missing.exists()
