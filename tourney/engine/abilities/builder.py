"""Writing the ``effect`` line an ability produces (the inverse of ``verify``), for the game
generator and for tests: given the ability, its controller, targets and the position, the
changes a judge would record. Returns None for steps it cannot write (the generator then
simply does not use the ability)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..record import ZONES as RECORD_ZONES
from .card_reads import IN_PLAY
from .evaluate import candidates, mismatch, player_of
from .condition_check import holds
from .effect_value import Effect
from .model import Ability
from .target_filter import TargetFilter
from .verify_pool import DEST, ENGINE_APPLIED, land_zone
from .verify_parts import protection_of

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

WRITABLE = frozenset(DEST) | {"draw", "mill", "strength", "counters", "gain_control",
                              "put_into_play", "return_to_hand", "move", "regroup", "discard"} \
    | (ENGINE_APPLIED - {"redirect", "retarget"})


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
    """The ``effect`` line ``ability`` of ``source`` produces for ``p`` with ``targets`` (its
    costs in the line too with ``costs``); None when a step cannot be written."""
    if any(e.kind not in WRITABLE for e in ability.effects):
        return None
    line = _Line()
    if costs and not _pay_in_line(game, line, ability, source, p):
        return None
    split = _split_targets(ability, targets)
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
        if effect.player == "each" and effect.subject == "chosen":
            return None  # «cada jugador elige …»: each player's own choice, not built here
        f: TargetFilter | None = (ability.targets[effect.target] if effect.subject == "target"
                                  and effect.target < len(ability.targets) else effect.filter)
        subjects = _subjects(game, line, effect, f, split, source, p, rng)
        written = _write_step(game, line, effect, f, subjects, source, p)
        if written is None:
            return None
        done = written
    return line.to_json(p, source.id)


@dataclass(slots=True)
class _Line:
    """The changes of the line being written, in the record's fields."""

    moves: dict[str, str] = field(default_factory=dict)
    draw: dict[str, int] = field(default_factory=dict)
    mill: dict[str, int] = field(default_factory=dict)
    strength: list[list[Any]] = field(default_factory=list)
    counters: list[list[Any]] = field(default_factory=list)

    def to_json(self, p: str, source: str) -> dict[str, Any]:
        line: dict[str, Any] = {"p": p, "do": "effect", "source": source}
        if self.moves:
            line["moves"] = [[i, z] for i, z in self.moves.items()]
        for name in ("draw", "mill", "strength", "counters"):
            if getattr(self, name):
                line[name] = getattr(self, name)
        return line


def _pay_in_line(game: State, line: _Line, ability: Ability, source: Inst, p: str) -> bool:
    """The Oros (Reserva to Oro Pagado) and the «Destierra / Destruye esta carta» costs as
    moves of the line; False for a cost it cannot write."""
    for cost in ability.costs:
        if cost.kind == "gold":
            reserve = [g for g in game.zone_of(p, "reserve") if g not in line.moves]
            if len(reserve) < cost.amount:
                return False
            for g in reserve[:cost.amount]:
                line.moves[g] = "paid"
        elif cost.kind in ("banish_self", "destroy_self"):
            line.moves[source.id] = "exile" if cost.kind == "banish_self" else "graveyard"
        else:
            return False
    return True


def _split_targets(ability: Ability, targets: list[str]) -> list[list[str]]:
    """The chosen targets, per target filter of the ability (each takes its ``count``)."""
    pos = 0
    split: list[list[str]] = []
    for wanted in ability.targets:
        split.append(targets[pos:pos + wanted.count])
        pos += wanted.count
    return split


def _subjects(game: State, line: _Line, effect: Effect, f: TargetFilter | None,
              split: list[list[str]], source: Inst, p: str, rng: random.Random) -> list[str]:
    """The cards a step acts on: its targets, the card itself or its bearer, every card of
    its filter (not moved yet) or some of them chosen at random."""
    if effect.subject == "target":
        return split[effect.target] if effect.target < len(split) else []
    if effect.subject == "self":
        return [source.id]
    if effect.subject == "bearer":
        return [source.bearer] if source.bearer else []
    if effect.subject in ("each", "chosen") and f is not None:
        pool = [i.id for i in candidates(game, f, p, source) if i.id not in line.moves]
        if effect.subject == "chosen":
            rng.shuffle(pool)
            pool = pool[:effect.amount or f.count] if effect.kind != "regroup" else pool
        return pool
    return []


def _write_step(game: State, line: _Line, effect: Effect, f: TargetFilter | None,
                subjects: list[str], source: Inst, p: str) -> bool | None:
    """Write one step into the line: whether it did something (what a «then» step after it
    needs), None when it cannot be written."""
    kind = effect.kind
    if kind in ("draw", "mill"):
        if effect.amount is None:
            return None
        for pid in (game.order if effect.player == "each"
                    else (player_of(game, effect.player, p),)):
            (line.draw if kind == "draw" else line.mill)[pid] = effect.amount
        return True
    if kind == "regroup":
        paid = [g for g in game.zone_of(p, "paid")][:effect.amount or 0]
        for g in paid:
            line.moves[g] = "reserve"
        return bool(paid)
    if kind in ENGINE_APPLIED:
        return bool(subjects)
    if kind in ("strength", "counters"):
        if effect.amount is None:
            return None
        for iid in subjects:
            if game.cards[iid].zone in IN_PLAY:
                if kind == "strength":
                    line.strength.append([iid, effect.amount])
                else:
                    line.counters.append([iid, effect.counter, effect.amount])
        return bool(subjects)
    if kind == "discard":
        return None
    return _write_moves(game, line, effect, f, subjects, source, p)


def _write_moves(game: State, line: _Line, effect: Effect, f: TargetFilter | None,
                 subjects: list[str], source: Inst, p: str) -> bool:
    """A step that moves cards: each subject not protected (and still a valid target) goes
    where the step sends it."""
    kind = effect.kind
    done = False
    for iid in subjects:
        inst = game.cards[iid]
        if protection_of(game, inst, effect, source):
            continue
        if effect.subject == "target" and f is not None and mismatch(game, f, inst, p, source):
            continue
        if kind in DEST:
            line.moves[iid] = DEST[kind]
        elif kind == "move" and effect.zone in RECORD_ZONES:
            line.moves[iid] = effect.zone
        elif kind in ("put_into_play", "gain_control"):
            line.moves[iid] = land_zone(inst)
        done = True
    return done
