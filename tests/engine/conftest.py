"""Engine fixtures; the helpers they share with the tests live in engine_helpers.py."""
from __future__ import annotations

import pytest

from engine_helpers import POOL


@pytest.fixture
def pool():
    return POOL


@pytest.fixture(scope="session")
def real_catalog(shared_data):
    """The DeckForge catalog (read from ../shared/data, never copied)."""
    from tourney.catalog import Catalog
    from tourney.catalog.importers.deckforge import load_deckforge_cards

    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    return Catalog.from_cards(cards, editions)
