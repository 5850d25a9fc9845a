"""Fixtures for the legality tests: the real DeckForge catalog, the shipped formats,
and a small hand-written catalog for editions the real data does not cover."""
from __future__ import annotations

from datetime import date

import pytest

from tourney.catalog import Card, Catalog, Edition
from tourney.legality import load_formats


@pytest.fixture(scope="session")
def real_catalog(shared_data) -> Catalog:
    from tourney.catalog.importers.deckforge import load_deckforge_cards

    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    return Catalog.from_cards(cards, editions)


@pytest.fixture(scope="session")
def formats():
    return load_formats()


def _card(code, name, edition, type_, identity=None, **kw) -> Card:
    kw.setdefault("keywords", frozenset())
    return Card(code=code, name=name, edition=edition, type=type_, identity=identity or code.lower(), **kw)


@pytest.fixture(scope="session")
def small_catalog() -> Catalog:
    """Hand-written cards of editions outside the DeckForge data (Imperio, Génesis, observation)."""
    cards = [
        # Imperio 2025-26 editions
        _card("ZO-001", "León Zodiacal", "zodiaco", "Aliado", race="Bestia", rarity="Real", cost=2, strength=2),
        _card("ZO-002", "Carnero Dorado", "zodiaco", "Aliado", race="Bestia", rarity="Vasallo", cost=1, strength=1),
        _card("ZO-003", "Signo de Fuego", "zodiaco", "Talismán", rarity="Cortesano", cost=1),
        _card("ES-001", "Ronin Errante", "espiritu-samurai", "Aliado", race="Samurái", rarity="Cortesano",
              cost=2, strength=2),
        _card("ES-002", "Katana Rota", "espiritu-samurai", "Arma", rarity="Vasallo", cost=1),
        _card("ZO-090", "Oro Zodiaco", "zodiaco", "Oro", rarity="Oro"),
        _card("FU-100", "Oro Furia", "furia", "Oro", rarity="Oro"),
        # Génesis (2009): Reinos
        _card("ES-R01", "Reino de Avalon", "espada-sagrada", "Reino", rarity="Real"),
        _card("HE-R02", "Reino del Olimpo", "helenica", "Reino", rarity="Real"),
        _card("ES-010", "Caballero del Grial", "espada-sagrada", "Aliado", race="Caballero", cost=2, strength=2),
        _card("HE-020", "Hoplita", "helenica", "Aliado", race="Héroe", cost=1, strength=1),
        _card("ES-090", "Oro", "espada-sagrada", "Oro", rarity="Oro"),
        # Escuelas Elementales observation cards (editions outside the format)
        _card("CA-050", "Wyvern Dorado", "camelot", "Aliado", race=None, cost=4, strength=4, rarity="Real"),
        _card("KE-010", "Mut", "kemet", "Aliado", race="Ancestral", cost=2, strength=2, rarity="Real"),
        _card("KE-011", "Horus Menor", "kemet", "Aliado", race="Ancestral", cost=2, strength=2, rarity="Real"),
        # Infantería: regular printings disagree; the most recent edition decides
        _card("AS-001", "Lobo Gris", "asgard", "Aliado", identity="lobo-gris", race="Bestia", rarity="Real",
              cost=2, strength=2),
        _card("DH-001", "Lobo Gris", "dharma", "Aliado", identity="lobo-gris", race="Bestia",
              rarity="Vasallo", cost=2, strength=2),
        _card("AS-002", "Cuervo Negro", "asgard", "Aliado", identity="cuervo-negro", race="Bestia",
              rarity="Vasallo", cost=1, strength=1),
        _card("DH-002", "Cuervo Negro", "dharma", "Aliado", identity="cuervo-negro", race="Bestia",
              rarity="Mega Real", cost=1, strength=1),
        _card("AS-090", "Oro Asgard", "asgard", "Oro", rarity="Oro"),
        # editions no format file names: one dated after Furia, one only tagged with its era
        _card("NX-001", "Centinela del Mañana", "nueva-2027", "Aliado", race="Héroe", rarity="Real",
              cost=2, strength=2),
        _card("EX-001", "Explorador del Hielo", "expedicion-x", "Aliado", race="Héroe", rarity="Real",
              cost=2, strength=2),
        _card("GB-001", "Bárbaro del Norte", "guerrero-jaguar", "Aliado", race="Bárbaro", rarity="Real",
              cost=2, strength=2),
    ]
    editions = [
        Edition("zodiaco", "Zodiaco", date(2025, 6, 1)), Edition("espiritu-samurai", "Espíritu Samurái"),
        Edition("furia", "Furia", date(2014, 10, 1)), Edition("espada-sagrada", "Espada Sagrada"),
        Edition("helenica", "Helénica"), Edition("camelot", "Camelot"), Edition("kemet", "Kemet"),
        Edition("asgard", "Asgard", date(2016, 1, 1)), Edition("dharma", "Dharma", date(2019, 1, 1)),
        Edition("nueva-2027", "Nueva 2027", date(2027, 3, 1)),
        Edition("expedicion-x", "Expedición X", None, "Nueva Era"),
        Edition("guerrero-jaguar", "Guerrero Jaguar", date(2009, 5, 1), "Segundo Bloque"),
    ]
    return Catalog.from_cards(cards, editions)


from legality_decks import DRAGON_CASTLE, DRAGON_SUPPORT


@pytest.fixture
def dragon_castle() -> dict[str, int]:
    return dict(DRAGON_CASTLE)


@pytest.fixture
def dragon_support() -> dict[str, int]:
    return dict(DRAGON_SUPPORT)
