"""Fixtures for the documents tests: real cards from ../shared/data, decks built from them,
and a few helpers that read the generated PDFs back (pypdf) and XLSX files (openpyxl)."""
from __future__ import annotations

from datetime import date

import pytest
from documents_helpers import PRINTED_AT, build_deck, pdf_pages  # noqa: F401  (re-exported)

from tourney.catalog.importers.deckforge import load_deckforge_cards
from tourney.document_values import DeckSheet, EventInfo


@pytest.fixture(scope="session")
def cards(shared_data):
    found, _editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    return found


@pytest.fixture
def event():
    return EventInfo(name="Torneo de Ñuñoa: Copa Águila", date=date(2026, 11, 29),
                     format_name="Escuelas Elementales", location="Ñuñoa, Santiago")


@pytest.fixture
def printed_at():
    return PRINTED_AT


@pytest.fixture
def make_deck(cards):
    def make(distinct: int = 30, seed: int = 0, support: int = 10, **kwargs) -> DeckSheet:
        return build_deck(cards, distinct, seed, support, **kwargs)
    return make


@pytest.fixture
def read_pdf():
    """PDF bytes -> list of page texts."""
    return pdf_pages
