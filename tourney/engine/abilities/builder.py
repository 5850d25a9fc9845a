"""Writing the ``effect`` line an ability produces (the inverse of ``verify``), for the game
generator and for tests: given the ability, its controller, targets and the position, the
changes a judge would record. Returns None for steps it cannot write (the generator then
simply does not use the ability)."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..record import ZONES as RECORD_ZONES
from .card_reads import IN_PLAY
from .evaluate import candidates, mismatch, player_of
from .condition_check import holds
from .model import Ability
from .target_filter import TargetFilter
from .verify_pool import DEST, ENGINE_APPLIED, land_zone
from .verify_parts import protection_of

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

WRITABLE = frozenset(DEST) | {"draw", "mill", "strength", "counters", "gain_control",
                              "put_into_play", "return_to_hand", "move", "regroup", "discard"} \
    | (ENGINE_APPLIED - {"redirect"})


def choose_targets(game: State, source: Inst, ability: Ability, p: str,
                   rng: random.Random) -> list[str] | None:
    """Valid targets for every target of the ability (None when one has none)."""
    chosen: list[str] = []
    for f in ability.targets:
        if f.count_from is not None:
            return None  # «hasta tantas cartas como …»: not generated
        if f.zone == "being_played":
            pool = [game.cards[w.source] for w in game.windows
                    if mismatch(game, _any(f), game.cards[w.source], p, source) is None]
        else:
            pool = [i for i in candidates(game, f, p, source) if i.id not in chosen]
        if len(pool) < f.count and not f.up_to:
            return None
        rng.shuffle(pool)
        chosen.extend(i.id for i in pool[:f.count])
    return chosen


def _any(f: TargetFilter) -> TargetFilter:
    from dataclasses import replace
    return replace(f, controller="any") if f.controller == "any" else replace(
        f, zone="being_played")


def effect_line(game: State, source: Inst, ability: Ability, p: str, targets: list[str],
                rng: random.Random, costs: bool = False) -> dict[str, Any] | None:
    if any(e.kind not in WRITABLE for e in ability.effects):
        return None
    moves: dict[str, str] = {}
    draw: dict[str, int] = {}
    mill: dict[str, int] = {}
    strength: list[list[Any]] = []
    counters: list[list[Any]] = []
    if costs:
        for cost in ability.costs:
            if cost.kind == "gold":
                reserve = [g for g in game.zone_of(p, "reserve") if g not in moves]
                if len(reserve) < cost.amount:
                    return None
                for g in reserve[:cost.amount]:
                    moves[g] = "paid"
            elif cost.kind in ("banish_self", "destroy_self"):
                moves[source.id] = "exile" if cost.kind == "banish_self" else "graveyard"
            else:
                return None
    pos = 0
    split: list[list[str]] = []
    for wanted in ability.targets:
        split.append(targets[pos:pos + wanted.count])
        pos += wanted.count
    done = True
    for effect in ability.effects:
        if effect.then and not done:
            continue
        if effect.optional and rng.random() < 0.2:
            done = False
            continue
        if effect.condition is not None and not holds(game, effect.condition, source, p):
            done = False
            continue
        kind = effect.kind
        if effect.player == "each" and effect.subject == "chosen":
            return None  # «cada jugador elige …»: each player's own choice, not built here
        f: TargetFilter | None = (ability.targets[effect.target] if effect.subject == "target"
             and effect.target < len(ability.targets) else effect.filter)
        if effect.subject == "target":
            subjects = split[effect.target] if effect.target < len(split) else []
        elif effect.subject == "self":
            subjects = [source.id]
        elif effect.subject == "bearer":
            subjects = [source.bearer] if source.bearer else []
        elif effect.subject in ("each", "chosen") and f is not None:
            pool = [i.id for i in candidates(game, f, p, source) if i.id not in moves]
            if effect.subject == "chosen":
                rng.shuffle(pool)
                pool = pool[:effect.amount or f.count] if kind != "regroup" else pool
            subjects = pool
        else:
            subjects = []
        if kind in ("draw", "mill"):
            if effect.amount is None:
                return None
            for pid in (game.order if effect.player == "each"
                        else (player_of(game, effect.player, p),)):
                (draw if kind == "draw" else mill)[pid] = effect.amount
            done = True
            continue
        if kind == "regroup":
            paid = [g for g in game.zone_of(p, "paid")][:effect.amount or 0]
            for g in paid:
                moves[g] = "reserve"
            done = bool(paid)
            continue
        if kind in ENGINE_APPLIED:
            done = bool(subjects)
            continue
        if kind in ("strength", "counters"):
            if effect.amount is None:
                return None
            for iid in subjects:
                if game.cards[iid].zone in IN_PLAY:
                    if kind == "strength":
                        strength.append([iid, effect.amount])
                    else:
                        counters.append([iid, effect.counter, effect.amount])
            done = bool(subjects)
            continue
        if kind == "discard":
            return None
        done = False
        for iid in subjects:
            inst = game.cards[iid]
            if protection_of(game, inst, effect, source):
                continue
            if effect.subject == "target" and f is not None and mismatch(game, f, inst, p, source):
                continue
            if kind in DEST:
                moves[iid] = DEST[kind]
            elif kind == "move" and effect.zone in RECORD_ZONES:
                moves[iid] = effect.zone
            elif kind in ("put_into_play", "gain_control"):
                moves[iid] = land_zone(inst)
            done = True
    line: dict[str, Any] = {"p": p, "do": "effect", "source": source.id}
    if moves:
        line["moves"] = [[i, z] for i, z in moves.items()]
    if draw:
        line["draw"] = draw
    if mill:
        line["mill"] = mill
    if strength:
        line["strength"] = strength
    if counters:
        line["counters"] = counters
    return line
