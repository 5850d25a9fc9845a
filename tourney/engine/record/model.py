"""The values of a game record: header, player setups, actions (docs/game-record.md)."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...catalog.model import GOLD, Card

DEFAULT_HAND = 8
VERBS_V1 = ("gold", "play", "attack", "block", "pass", "end", "discard", "concede", "effect")
VERBS_V2 = ("activate", "choose")
VERBS = VERBS_V1 + VERBS_V2
VERSIONS = (1, 2)
ZONES = ("hand", "graveyard", "exile", "castle_top", "castle_bottom", "defense", "support",
         "reserve", "paid")

# A record may name an Oro sin habilidad just "Oro" (the example does): in play every
# Oro without ability is the same, so a catalog that has no card called "Oro" gets this one.
GENERIC_GOLD = Card(code="ORO", name="Oro", edition="generico", type=GOLD, identity="oro")

# resolve(name) -> Card, or raises LookupError with a Spanish reason
Resolver = Callable[[str], Card]


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    id: str
    name: str
    gold: tuple[str, Card]
    castle: tuple[tuple[str, Card], ...]  # top card first ("revealed" order: any order)
    opening: tuple[str, ...] = ()  # "revealed" order: the ids of the opening hand


@dataclass(frozen=True, slots=True)
class Header:
    game: str
    version: int
    format: str
    first: str
    hand: int
    players: tuple[PlayerSetup, PlayerSetup]
    order: str = "shuffled"  # "shuffled": castle in deck order | "revealed": order unknown


@dataclass(frozen=True, slots=True)
class Action:
    """One action line. ``line`` is the 1-based line number in the record (header = 1)."""

    line: int
    p: str
    do: str
    card: str | None = None
    cards: tuple[str, ...] = ()
    pay: tuple[str, ...] = ()
    bearer: str | None = None
    targets: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    challenges: tuple[tuple[str, str], ...] = ()
    # effect
    source: str | None = None
    moves: tuple[tuple[str, str], ...] = ()
    draw: tuple[tuple[str, int], ...] = ()
    mill: tuple[tuple[str, int], ...] = ()
    counters: tuple[tuple[str, str, int], ...] = ()
    strength: tuple[tuple[str, int], ...] = ()
    # the cards this action's draws and mills take from each Castillo, in order
    revealed: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # version 2: `activate` (ability number, cards paying its non-Oro costs), `choose`
    # (order of simultaneous triggers)
    ability: int | None = None
    costs: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    mode: int | None = None  # v2: the mode chosen of an «elige uno» (1 = the first)
    # v2 effect: (card, host) — the card is Desterrada bajo / puesta debajo of host (10.19, 10.38)
    under: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"p": self.p, "do": self.do}
        if self.card is not None:
            out["card"] = self.card
        if self.do in ("attack", "discard"):
            out["cards"] = list(self.cards)
        if self.do == "play":
            out["pay"] = list(self.pay)
        if self.bearer is not None:
            out["bearer"] = self.bearer
        if self.targets:
            out["targets"] = list(self.targets)
        if self.do == "block":
            out["pairs"] = [list(p) for p in self.pairs]
        if self.challenges:
            out["challenges"] = [list(c) for c in self.challenges]
        if self.source is not None:
            out["source"] = self.source
        if self.moves:
            out["moves"] = [list(m) for m in self.moves]
        if self.draw:
            out["draw"] = dict(self.draw)
        if self.mill:
            out["mill"] = dict(self.mill)
        if self.counters:
            out["counters"] = [list(c) for c in self.counters]
        if self.strength:
            out["strength"] = [list(s) for s in self.strength]
        if self.revealed:
            out["revealed"] = {pid: list(ids) for pid, ids in self.revealed}
        if self.ability is not None:
            out["ability"] = self.ability
        if self.do == "activate" and self.pay:
            out["pay"] = list(self.pay)
        if self.costs:
            out["costs"] = list(self.costs)
        if self.order:
            out["order"] = list(self.order)
        if self.mode is not None:
            out["mode"] = self.mode
        if self.under:
            out["under"] = [list(u) for u in self.under]
        return out


@dataclass(frozen=True, slots=True)
class GameRecord:
    header: Header
    actions: tuple[Action, ...]
    cards: dict[str, Card] = field(default_factory=dict)  # instance id -> card


def dumps_line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


