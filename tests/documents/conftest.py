"""Fixtures for the documents tests: real cards from ../shared/data, decks built from them,
and a few helpers that read the generated PDFs back (pypdf) and XLSX files (openpyxl)."""
from __future__ import annotations

import io
import random
from datetime import date, datetime

import pytest

from tourney.printing.data import DeckLine, DeckSheet, EventInfo

PRINTED_AT = datetime(2026, 11, 29, 9, 30)


@pytest.fixture(scope="session")
def cards(shared_data):
    from tourney.catalog.importers.deckforge import load_deckforge_cards

    found, _editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    return found


def line_of(card, qty: int, initial_gold: bool = False) -> DeckLine:
    return DeckLine(qty=qty, name=card.name, type=card.type, race=card.race, code=card.code,
                    initial_gold=initial_gold)


def build_deck(cards, distinct: int, seed: int = 0, support: int = 10,
               player: str = "Ana Muñoz", player_id: str = "ana@example.cl") -> DeckSheet:
    """A 50-card Castillo with ``distinct`` different cards (the last one an Oro sin habilidad,
    the Oro inicial, carrying the remaining copies) and a Soporte of ``support`` different cards."""
    rng = random.Random(seed)
    seen = set()
    pool = []
    for card in cards:
        if card.type != "Oro" and card.identity not in seen:
            seen.add(card.identity)
            pool.append(card)
    gold = next(c for c in cards if c.plain_gold)
    picked = rng.sample(pool, distinct - 1 + support)
    castle_cards, support_cards = picked[:distinct - 1], picked[distinct - 1:]
    qtys = [1] * len(castle_cards)
    remaining = 50 - len(castle_cards)
    for i in range(len(qtys)):  # give some cards 2 or 3 copies while an Oro line stays
        extra = min(rng.choice((0, 1, 2)), remaining - 1)
        qtys[i] += extra
        remaining -= extra
    castle = [line_of(c, q) for c, q in zip(castle_cards, qtys)]
    castle.append(line_of(gold, remaining, initial_gold=True))
    return DeckSheet(
        player_name=player, player_id=player_id, table="7", castle=tuple(castle),
        support=tuple(line_of(c, 1) for c in support_cards), legal=True,
        registered_at=datetime(2026, 11, 28, 20, 15), version=2,
    )


@pytest.fixture
def event():
    return EventInfo(name="Torneo de Ñuñoa: Copa Águila", date=date(2026, 11, 29),
                     format_name="Escuelas Elementales", location="Ñuñoa, Santiago")


def pdf_pages(data: bytes) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def pdf_reader(data: bytes):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data))


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
