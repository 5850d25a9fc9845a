"""What an ``effect`` line is checked against (see ``verify``): the line's changes still to be
accounted for (``Pool``), the ``Plan`` handed back, ``Unverifiable``, and the effect kinds
the engine applies once a line is explained (``ENGINE_APPLIED``; their homes are
``kinds/applied_kinds.py``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...catalog.model import ALLY, GOLD, TOTEM, WEAPON
from .effect_value import Effect

if TYPE_CHECKING:  # pragma: no cover
    from ..record import Action
    from ..zones import Inst
    from ..state import State


DEST = {"destroy": "graveyard", "banish": "exile", "return_to_hand": "hand",
        "to_castle_top": "castle_top", "to_castle_bottom": "castle_bottom"}
ENGINE_APPLIED = frozenset({"gain_keyword", "lose_keyword", "lose_abilities", "cannot_attack",
                            "cannot_block", "cannot_be_blocked", "reduce_damage",
                            "redirect_damage", "prevent_damage", "cancel_attack", "annul",
                            "cancel", "redirect", "retarget", "prevent"})


class Unverifiable(Exception):
    """The ability has a step the engine cannot check from a record line."""


@dataclass(slots=True)
class Plan:
    extras: list[tuple[Effect, tuple[str, ...]]] = field(default_factory=list)
    doubt: str | None = None  # explained and applied, but a detail is not checked: unverified
    spent: list[str] = field(default_factory=list)  # cards a prevention kept from this move
    # events the explained steps cause that no move announces (their homes' «announce»:
    # «Baraja … en su Mazo Castillo», «Busca en un Mazo Castillo»): (kind, card, player, came_from)
    # (card None: a search that found nothing)
    announced: list[tuple[str, str | None, str, str]] = field(default_factory=list)


def land_zone(inst: Inst) -> str:
    return {ALLY: "defense", TOTEM: "support", WEAPON: "support", GOLD: "reserve"}.get(
        inst.card.type, "defense")


class Pool:
    """The changes of the line not yet accounted for."""

    def __init__(self, action: Action):
        self.moves: dict[str, str] = dict(action.moves)
        self.under: dict[str, str] = dict(action.under)  # card -> the card it goes under (v2)
        self.draw: dict[str, int] = dict(action.draw)
        self.mill: dict[str, int] = dict(action.mill)
        self.counters: list[tuple[str, str, int]] = list(action.counters)
        self.moves_counters = bool(action.counters)  # the line changes counters somewhere
        self.strength: list[tuple[str, int]] = list(action.strength)
        self.drawn: set[str] = set()  # the cards this line's draws take (in hand after them)
        self.paid: list[str] = []  # the cards the costs were paid with, in order
        self.chosen = False  # the targets were chosen and checked before this line (8.2)
        self.moved_last = 0  # the cards the step just checked moved (``moved_before``)

    def take_moves(self, ids: list[str]) -> None:
        for iid in ids:
            del self.moves[iid]

    def left(self, game: State) -> str | None:
        if self.moves:
            iid, zone = next(iter(self.moves.items()))
            return f"mover {game.cards[iid].label()} a {zone}"
        if self.under:
            iid, host = next(iter(self.under.items()))
            return f"poner {game.cards[iid].label()} bajo {game.cards[host].label()}"
        for pid, n in self.draw.items():
            if n:
                return f"que {game.players[pid].name} robe {n}"
        for pid, n in self.mill.items():
            if n:
                return f"que {game.players[pid].name} bote {n}"
        if self.counters:
            iid, name, n = self.counters[0]
            return f"{n:+d} contador(es) de {name} en {game.cards[iid].label()}"
        if self.strength:
            iid, n = self.strength[0]
            return f"{n:+d} a la Fuerza de {game.cards[iid].label()}"
        return None


def drawn_by(game: State, action: Action) -> dict[str, list[str]]:
    """The cards each player's ``draw`` of the line takes, top first (named in ``revealed``
    when the order is unknown)."""
    out: dict[str, list[str]] = {}
    named = dict(action.revealed)
    for pid, n in action.draw:
        castle = game.players[pid].castle
        if game.revealed_order or pid in named:
            out[pid] = list(named.get(pid, ()))[:n]
        else:
            out[pid] = list(reversed(castle[-n:])) if n else []
    return out
