"""Golden file: the compiled form of a fixed sample of 100 real identities.

For each identity (keyed by identity and name) and each sentence in order: whether it was
understood and then the Spanish rendering and JSON of its abilities (without the card's
text), or the kind of reason it was not. A grammar change that alters any of them shows in
the diff of ``golden/sample100.json``; review it sentence by sentence against the card text
(``tourney engine abilities NAME``) and regenerate with ``UPDATE_GOLDEN=1``.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from tourney.engine.compiler import compile_card

GOLDEN = Path(__file__).resolve().parent / "golden" / "sample100.json"


def sample(catalog, n=100):
    """A fixed sample: the identities with text whose sha1 comes first (stable across runs)."""
    ids = [i for i in catalog.identities() if (catalog.printings(i)[0].text or "").strip()]
    ids.sort(key=lambda i: hashlib.sha1(i.encode()).hexdigest())
    return ids[:n]


def reason_kind(reason: str) -> str:
    """The reason without the quoted card words (the golden file holds no card text)."""
    return re.sub(r"«[^»]*»?", "«…»", reason)


def snapshot(catalog) -> dict:
    out = {}
    for identity in sample(catalog):
        card = catalog.printings(identity)[0]
        sentences = []
        for s in compile_card(card).sentences:
            if s.understood:
                sentences.append({"understood": True, "abilities": [
                    {"describe": a.describe(), "json": a.to_json() | {"text": None}} for a in s.abilities]})
            else:
                sentences.append({"understood": False, "reason": reason_kind(s.reason)})
        out[identity] = {"name": card.name, "sentences": sentences}
    return out


def dump(data: dict) -> str:
    """One line per sentence, so that a diff points at the sentence that changed."""
    blocks = []
    for identity, row in data.items():
        lines = ",\n".join("    " + json.dumps(s, ensure_ascii=False) for s in row["sentences"])
        blocks.append(f'  {json.dumps(identity)}: {{"name": {json.dumps(row["name"], ensure_ascii=False)}, '
                      f'"sentences": [\n{lines}\n  ]}}')
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def test_golden_sample_of_100_identities(real):
    got = json.loads(json.dumps(snapshot(real.catalog), ensure_ascii=False))
    if os.environ.get("UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.write_text(dump(got), encoding="utf-8")
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
