"""What one game computes once and keeps: indexes of its cards' abilities (a card instance's
abilities never change during a game) and the caches of the continuous recomputation (4.1).

It is never part of a position: undoing a line leaves it as it is (what it caches is keyed by
the change counters, or is the same for the whole game).
"""
from __future__ import annotations

from typing import Any


class Memo:
    """The per-game indexes and caches (``State.memo``); None: not computed yet."""

    __slots__ = (
        "continuous_effects",
        "cost_effects",
        "fixpoint",
        "heard",
        "in_play",
        "listening",
        "off_play_key",
        "off_play_parts",
        "reads",
        "recomputed",
        "triggers_by_kind",
        "typed",
        "watchers",
        "zone_sensitive",
    )

    def __init__(self) -> None:
        # -- indexes of the game's abilities (abilities.events, protections, cost_rules …)
        self.watchers: list[Any] | None = None  # cards with triggered / replacement abilities
        self.listening: frozenset[str] | None = None  # the event kinds some card triggers on
        self.heard: frozenset[str] | None = None  # the event kinds worth recording
        self.triggers_by_kind: dict[Any, list[Any]] | None = None
        self.zone_sensitive: bool | None = None  # continuous abilities read zones out of play
        self.continuous_effects: dict[str, list[Any]] | None = None  # by kind (protections)
        self.cost_effects: list[Any] | None = None  # (card, ability, effect) changing costs
        self.off_play_parts: dict[str, tuple[list[Any], list[Any]]] | None = None
        self.reads: Any = None  # abilities.reads: what the continuous abilities read
        # -- kept between recomputations (abilities.continuous.recompute)
        self.fixpoint: tuple[Any, ...] | None = None  # the fingerprint it left unchanged
        self.recomputed: tuple[Any, ...] | None = None  # the key of the last one
        self.off_play_key: tuple[Any, tuple[Any, ...]] = (None, ())
        # -- the cards in play, by player and by types, until the next move in play
        self.in_play: tuple[Any, dict[str, list[Any]]] = (None, {})
        self.typed: tuple[Any, dict[tuple[str, ...], list[Any]]] = (None, {})
