"""Helpers of the documents tests (a uniquely named module: ``from documents_helpers import …``
works whichever test folders run together, unlike ``from conftest import …``)."""
from __future__ import annotations

import io
import random
from datetime import datetime

from pypdf import PdfReader

from tourney.document_values import DeckLine, DeckSheet

PRINTED_AT = datetime(2026, 11, 29, 9, 30)


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


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def pdf_reader(data: bytes):
    return PdfReader(io.BytesIO(data))
