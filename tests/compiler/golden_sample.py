"""The golden sample of the compiler: 100 real identities and their compiled form.

The test (``test_compiler_golden.py``) only compares; it never writes. Regenerating is a
deliberate command, after which the diff of ``golden/sample100.json`` is read sentence by
sentence against the card text (``tourney engine abilities NAME``)::

    python -m tests.compiler.golden_sample --write   # the venv's python, wherever it is
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
from pathlib import Path

from tourney.engine.compiler import compile_card

GOLDEN = Path(__file__).resolve().parent / "golden" / "sample100.json"
ROOT = Path(__file__).resolve().parents[2]


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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Regenera golden/sample100.json (revisa el diff).")
    parser.add_argument("--write", action="store_true", help="escribe el archivo (sin esto, no hace nada)")
    args = parser.parse_args(argv)
    if not args.write:
        parser.print_help()
        return 2
    from tests.compiler.realcards import load_real

    shared = Path(os.environ.get("TOURNEY_SHARED_DATA", ROOT.parent / "shared" / "data"))
    catalog = load_real(shared)
    GOLDEN.write_text(dump(json.loads(json.dumps(snapshot(catalog), ensure_ascii=False))), encoding="utf-8")
    print(f"escrito {GOLDEN.relative_to(ROOT)}: revisa `git diff` frase por frase")
    return 0


if __name__ == "__main__":
    sys.exit(main())
