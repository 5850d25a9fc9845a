"""The pieces of a position: card instances, players and their zones, the outcome.

``state.State`` moves them around; import them from here.
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass

from ..catalog.model import Card
from .abilities.continuous import is_static, own_keywords
from .abilities.model import CardAbilities
from .abilities.registry import abilities_for

HAND_LIMIT = 8
IN_PLAY = frozenset({"reserve", "paid", "defense", "attack", "support", "weapon"})
IN_PLAY_ORDER = ("defense", "attack", "support", "weapon", "reserve", "paid")  # iteration order
ZONE_NAMES = {
    "castle": "Mazo Castillo", "hand": "mano", "graveyard": "Cementerio",
    "exile": "Zona de Destierro", "reserve": "Reserva de Oro", "paid": "Zona de Oro Pagado",
    "defense": "Línea de Defensa", "attack": "Línea de Ataque", "support": "Línea de Apoyo",
    "weapon": "portada por un Aliado", "under": "bajo otra carta",
}
PHASE_NAMES = {
    "vigil": "la Fase de Vigilia", "block": "la Declaración de Bloqueo",
    "war": "la Guerra de Talismanes", "discard": "el descarte de la Fase de Robar",
    "over": "el fin de la partida",
}


class Inst:
    """One card instance: a physical card of the game, wherever it is."""

    __slots__ = (
        "abilities",
        "base_kw",
        "bearer",
        "bonus",
        "card",
        "controller",
        "counters",
        "id",
        "kw",
        "lost",
        "owner",
        "parts",
        "since",
        "static",
        "static_bonus",
        "static_parts",
        "temp",
        "weapons",
        "zone",
    )

    def __init__(self, iid: str, card: Card, owner: str,
                 known: tuple[frozenset[str], CardAbilities | None, bool] | None = None):
        self.id = iid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = "castle"
        self.since = 0  # clock value when its controller gained it in play
        self.counters: dict[str, int] = {}
        self.bearer: str | None = None  # Arma: the Aliado that carries it
        self.weapons: list[str] = []  # Aliado: the Armas it carries
        if known is None:
            abilities = abilities_for(card)
            known = (own_keywords(card, abilities), abilities, is_static(abilities))
        self.base_kw = known[0]  # declared in its own text, unconditional
        self.kw = self.base_kw  # with conditions, Armas and effects (continuous.refresh)
        self.bonus = 0  # Fuerza until the Fase Final (effect lines)
        self.static_bonus = 0  # Fuerza from continuous abilities (recomputed, 4.1)
        self.static_parts: tuple[tuple[str, int], ...] = ()  # … by source (7.1 C, ``strength``)
        self.abilities: CardAbilities | None = known[1]
        # effects until the Fase Final: ("+", keyword) / ("-", keyword) / ("lose", "")
        self.temp: tuple[tuple[str, str], ...] = ()
        self.lost = False  # has lost its abilities (recomputed)
        self.static = known[2]  # continuous abilities / conditional keywords
        self.parts: tuple[Any, ...] | None = None  # continuous.parts_of: its abilities sorted once

    def label(self) -> str:
        return f"{self.card.name} ({self.id})"


class Player:
    __slots__ = ("castle", "id", "name", "zones")

    def __init__(self, pid: str, name: str):
        self.id = pid
        self.name = name
        self.castle: list[str] = []  # BOTTOM first: the top card is castle[-1]
        self.zones: dict[str, dict[str, None]] = {
            z: {} for z in ("hand", "graveyard", "exile", "reserve", "paid", "defense",
                            "attack", "support", "weapon", "under")}

    def count(self) -> dict[str, int]:
        z = self.zones
        return {"castle": len(self.castle), "hand": len(z["hand"]),
                "graveyard": len(z["graveyard"]), "exile": len(z["exile"]),
                "in_play": sum(len(z[k]) for k in IN_PLAY_ORDER)}


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str | None
    reason: str  # "castle_empty" | "concede"


