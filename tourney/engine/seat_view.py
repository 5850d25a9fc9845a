"""What one seat of a played table may see (issue 24): its own hand, every zone in play,
Cementerios and Destierros, the other hand and both Castillos as counts. Nothing in a view
names a card the viewer may not see: the other hand's and the Castillos' instance ids are
not in it (``seat=None``: a spectator; ``everything``: a judge, who sees all)."""
from __future__ import annotations

from typing import Any

from ..catalog.model import Card
from .game import Game
from .zones import PHASE_NAMES, Inst

PUBLIC_ZONES = ("defense", "attack", "support", "reserve", "paid", "graveyard", "exile")


def tile(game: Game, inst: Inst) -> dict[str, Any]:
    card: Card = inst.card
    out: dict[str, Any] = {"id": inst.id, "name": card.name, "type": card.type,
                           "cost": card.cost, "text": card.text}
    if card.race:
        out["race"] = card.race
    if inst.zone in ("defense", "attack") or card.strength is not None:
        out["strength"] = game.strength(inst) if inst.zone in ("defense", "attack") \
            else card.strength
    if inst.bearer:
        out["bearer"] = inst.bearer
    if inst.counters:
        out["counters"] = dict(inst.counters)
    return out


def seat_view(game: Game, seat: str | None, everything: bool = False) -> dict[str, Any]:
    game.settle()
    players = []
    for pid in game.order:
        zones = game.players[pid].zones
        mine = everything or pid == seat
        view: dict[str, Any] = {
            "id": pid, "name": game.players[pid].name,
            "castle": len(game.players[pid].castle), "hand_count": len(zones["hand"]),
            "zones": {z: [tile(game, game.cards[i]) for i in zones[z]] for z in PUBLIC_ZONES},
            "weapons": [tile(game, game.cards[i]) for i in zones["weapon"]],
        }
        if mine:
            view["hand"] = [tile(game, game.cards[i]) for i in zones["hand"]]
        if everything:
            view["castle_cards"] = [tile(game, game.cards[i])
                                    for i in reversed(game.players[pid].castle)]
        players.append(view)
    out: dict[str, Any] = {
        "turn": game.turn, "active": game.active, "phase": game.phase,
        "phase_name": PHASE_NAMES.get(game.phase, game.phase), "priority": game.priority,
        "attackers": list(game.attackers), "blocks": dict(game.blocks),
        "players": players,
        "outcome": None if game.outcome is None else {"winner": game.outcome.winner,
                                                      "reason": game.outcome.reason},
    }
    return out
