"""Golden decks: `golden/<format>__<name>.txt` checked against `golden/<format>__<name>.json`
(the verdict's to_dict plus the lines of each violation). Decks of Mitos y Leyendas are checked
against the real DeckForge catalog; a deck with a `<format>__<name>.catalog.csv` beside it
(hand-written cards of editions the real data lacks: Imperio, Génesis) is checked against the
real catalog plus that CSV, read by the catalog's CSV importer. Regenerate after a deliberate
change with `TOURNEY_UPDATE_GOLDEN=1 pytest tests/legality/test_legality_golden.py` and review the diff."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tourney.catalog import Catalog
from tourney.catalog.importers.detect import read_files
from tourney.legality import parse_decklist, validate

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = sorted(GOLDEN.glob("*.txt"))


def verdict_record(verdict) -> dict:
    data = verdict.to_dict()
    for item, violation in zip(data["violations"], verdict.violations):
        item["lines"] = list(violation.lines)
    return data


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_deck(path, formats, request):
    format_id = path.stem.split("__", 1)[0]
    fmt = formats[format_id]
    catalog = request.getfixturevalue("real_catalog") if fmt.game.catalog_required else None
    extra = path.with_suffix(".catalog.csv")
    if extra.exists():
        cards, editions = read_files([extra])
        catalog = Catalog.from_cards([*catalog.cards, *cards], [*catalog.editions.values(), *editions])
    deck = parse_decklist(path.read_text(encoding="utf-8"), fmt.game)
    got = verdict_record(validate(deck, fmt, catalog))
    expected_path = path.with_suffix(".json")
    if os.environ.get("TOURNEY_UPDATE_GOLDEN"):
        expected_path.write_text(json.dumps(got, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    assert got == expected


def test_golden_set_covers_legal_and_illegal_decks():
    verdicts = [json.loads(p.with_suffix(".json").read_text(encoding="utf-8"))["legal"] for p in CASES]
    assert True in verdicts and False in verdicts


def test_golden_set_has_a_legal_deck_for_every_shipped_format(formats):
    legal = {p.stem.split("__", 1)[0] for p in CASES
             if json.loads(p.with_suffix(".json").read_text(encoding="utf-8"))["legal"]}
    assert set(formats) - legal == set()  # load_formats() leaves out abstract parents
