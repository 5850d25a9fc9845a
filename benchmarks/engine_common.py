"""Shared setup for the engine benchmarks: the real catalog and seeded generated games."""
from __future__ import annotations

import os
import random
from pathlib import Path

from tourney.catalog import Catalog
from tourney.catalog.importers.deckforge import load_deckforge_cards
from tourney.engine import catalog_resolver
from tourney.engine.generate import generate_game, random_deck
from tourney.engine.record import dumps_line

ROOT = Path(__file__).resolve().parent.parent
CARDS = Path(os.environ.get("TOURNEY_SHARED_DATA", ROOT.parent / "shared" / "data")) / "deckforge" / "public-data" / "cards.json"


def load_catalog() -> Catalog:
    cards, editions = load_deckforge_cards(CARDS)
    return Catalog.from_cards(cards, editions)


def generated_games(catalog: Catalog, n: int, first_seed: int = 1000) -> list[list[str]]:
    resolve = catalog_resolver(catalog)
    cards = list(catalog)

    def name_of(c):
        return c.name if catalog.resolve(c.name).ok else f"{c.name} ({c.code})"

    games = []
    for seed in range(first_seed, first_seed + n):
        rng = random.Random(seed)
        deck_a, deck_b = random_deck(cards, rng), random_deck(cards, rng)
        objs = generate_game(deck_a, deck_b, seed, name_of, resolve)
        games.append([dumps_line(o) for o in objs])
    return games
