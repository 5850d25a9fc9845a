"""Fixtures for the catalog tests: the real DeckForge files, read once per session."""
from __future__ import annotations

import pytest

from tourney.catalog import Catalog
from tourney.catalog.importers.deckforge import load_deckforge_cards, load_deckforge_files


@pytest.fixture(scope="session")
def public_cards_path(shared_data):
    return shared_data / "deckforge" / "public-data" / "cards.json"


@pytest.fixture(scope="session")
def src_paths(shared_data):
    return sorted((shared_data / "deckforge" / "data-src").glob("*.json"))


@pytest.fixture(scope="session")
def public_catalog(public_cards_path) -> Catalog:
    cards, editions = load_deckforge_cards(public_cards_path)
    return Catalog.from_cards(cards, editions)


@pytest.fixture(scope="session")
def src_only_cards(src_paths):
    """data-src/*.json read alone (no catalog known): identities derived."""
    cards, _ = load_deckforge_files(src_paths)
    return cards


@pytest.fixture(scope="session")
def full_catalog(public_cards_path, src_paths) -> Catalog:
    cards, editions = load_deckforge_files([public_cards_path, *src_paths])
    return Catalog.from_cards(cards, editions)
