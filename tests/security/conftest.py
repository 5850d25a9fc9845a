"""Fixtures for the security tests of the pure cores: the real DeckForge catalog, read once."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def real_catalog(shared_data):
    from tourney.catalog import Catalog
    from tourney.catalog.importers.deckforge import load_deckforge_cards

    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    return Catalog.from_cards(cards, editions)
