"""A seeded game in which both seats choose among ``legal_actions`` (``tourney engine
play-random``): the harness of the legal-action property tests, and a way to watch the
engine play.

Each step collects the first choices of both players (``LegalActions.summary``), draws one
(weighted: an ability waiting to resolve first, conceding almost never, ending the turn less
often than doing something), then draws one action of that choice. The same decks and seed
give the same record (version 2).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import islice
from typing import Any

from ..catalog.model import Card
from .errors import IllegalAction
from .game import Game
from .generate import Deck, DeckError
from .legal import LegalActions
from .record.model import Action
from .record.v1 import read_header

_WEIGHT = {"effect": 8.0, "choose": 4.0, "gold": 6.0, "play": 3.0, "activate": 1.5,
           "attack": 3.0, "block": 3.0, "pass": 1.0, "end": 0.6, "discard": 1.0,
           "concede": 0.0}
# how many actions of one choice are drawn from (payments, subsets: enough for variety)
_SPREAD = 48


def header_for(deck_a: Deck, deck_b: Deck, rng: random.Random,
               name_of: Callable[[Card], str]) -> dict[str, Any]:
    """A v2 header with both Mazos Castillo shuffled by ``rng``."""
    players = []
    for pid, pname, deck in (("A", "Jugador A", deck_a), ("B", "Jugador B", deck_b)):
        castle = list(deck.castle)
        rng.shuffle(castle)
        players.append({"id": pid, "name": pname, "gold": [f"{pid}0", name_of(deck.gold)],
                        "castle": [[f"{pid}{i}", name_of(c)] for i, c in enumerate(castle, 1)]})
    return {"game": "myl", "version": 2, "format": "unificado", "first": rng.choice("AB"),
            "hand": 8, "players": players}


def play_random(deck_a: Deck, deck_b: Deck, seed: int, name_of: Callable[[Card], str],
                resolve: Callable[[str], Card], max_actions: int = 3000,
                concede_chance: float = 0.0) -> tuple[list[dict[str, Any]], Game]:
    """The record (header, then one object per action) and the final game."""
    rng = random.Random(seed)
    head = header_for(deck_a, deck_b, rng, name_of)
    header, _ = read_header(head, resolve)
    game = Game(header)
    if game.setup_problem is not None:  # e.g. two copies of an Única (10.13)
        raise DeckError(0, f"regla {game.setup_problem.rule}: {game.setup_problem.message}")
    out: list[dict[str, Any]] = [head]
    while game.outcome is None and len(out) <= max_actions:
        action = choose(game, rng, len(out) + 1, concede_chance)
        if action is None:
            break
        game.apply(action)
        out.append(action.to_json())
    game.finish()
    return out, game


def choose(game: Game, rng: random.Random, line: int,
           concede_chance: float = 0.0) -> Action | None:
    """One legal action of either player, drawn as the module docstring says."""
    if rng.random() < concede_chance:
        return Action(line, rng.choice(game.order), "concede")
    options: list[tuple[float, Action, LegalActions]] = []
    for pid in game.order:
        legal = game.legal_actions(pid, line)
        for first in legal.summary():
            weight = _WEIGHT.get(first.do, 1.0)
            if weight > 0:
                options.append((weight, first, legal))
    if not options:
        return None
    total = sum(w for w, _, _ in options)
    pick = rng.random() * total
    for weight, first, legal in options:
        pick -= weight
        if pick <= 0:
            break
    same = [a for a in islice(_family_of(legal, first), _SPREAD)]
    chosen: Action = rng.choice(same) if same else first
    if game.accepts(chosen) is not None:  # cannot happen: every action was checked
        raise IllegalAction(None, f"legal_actions propuso una acción ilegal: {chosen.to_json()}")
    return chosen


def _family_of(legal: LegalActions, first: Action) -> Iterator[Action]:
    for family in legal.families():
        head = next(family, None)
        if head is None:
            continue
        if head == first:
            yield head
            yield from family
            return
