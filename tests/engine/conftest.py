"""Engine fixtures; the helpers they share with the tests live in engine_helpers.py."""
from __future__ import annotations

import pytest

from engine_helpers import POOL


@pytest.fixture
def pool():
    return POOL


@pytest.fixture(scope="session")
def catalog(real_catalog):
    """The real catalog, as the played-game tests of the compiled families call it."""
    return real_catalog


@pytest.fixture(scope="session")
def judge(real_catalog):
    """Adjudicate a header and its action lines (dicts) as the product does (tests.compiler.games)."""
    from tests.compiler.games import make_judge

    return make_judge(real_catalog)


@pytest.fixture(scope="session")
def cost(real_catalog):
    """A card's printed cost, by name."""
    return lambda name: real_catalog.resolve(name).card.cost or 0


@pytest.fixture(scope="session")
def real_catalog(shared_data):
    """The DeckForge catalog (read from ../shared/data, never copied)."""
    from tourney.catalog import Catalog
    from tourney.catalog.importers.deckforge import load_deckforge_cards

    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    return Catalog.from_cards(cards, editions)
