"""Helpers shared by the compiler tests (imported, not a conftest)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tourney.catalog import Catalog
from tourney.catalog.importers.deckforge import load_deckforge_cards
from tourney.engine.compiler import compile_card

CARDS_JSON = Path("deckforge") / "public-data" / "cards.json"


@lru_cache(maxsize=2)
def load_real(shared_data: Path) -> Catalog:
    cards, editions = load_deckforge_cards(shared_data / CARDS_JSON)
    return Catalog.from_cards(cards, editions)


def compiled(card) -> list[dict]:
    """The card's compiled abilities as JSON, without the sentence text they come from."""
    comp = compile_card(card)
    assert comp.complete, [(s.text, s.reason) for s in comp.sentences if s.reason]
    out = []
    for ability in comp.abilities:
        data = ability.to_json()
        data.pop("text", None)
        out.append(data)
    return out


def sentence_json(card, index: int) -> list[dict]:
    """The abilities of the card's sentence number ``index`` (which must be understood)."""
    sentence = compile_card(card).sentences[index]
    assert sentence.understood, sentence.reason
    out = []
    for ability in sentence.abilities:
        data = ability.to_json()
        data.pop("text", None)
        out.append(data)
    return out
