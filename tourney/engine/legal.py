"""The legal actions of a position (issue 24; python-chess's ``legal_moves`` is the model).

``legal_actions(game, player)`` (also ``Game.legal_actions(player)``) is a lazy collection of
every action the engine can check for ``player`` now: the Oro, playing each card with each
payment / bearer / target choice, answers in the chain window (an Anulación included), v2
``activate`` of activated abilities, the ``effect`` line of a known Talismán, trigger or
ability, ``choose`` (order of simultaneous triggers, targets of a pending one), attack
declarations (with Retador challenges), block declarations, ``pass``, ``end``, the discard to
the hand limit and ``concede``.

Candidates are built from the position and each one is *checked by the engine itself*
(``Game.accepts``: applied and undone) before it is yielded, so every action of the
collection is accepted by ``apply``. Nothing is enumerated before it is asked for: payments,
subsets of attackers and block assignments come one at a time.

What the engine cannot check is not in the collection but in ``manual``: a ``Manual`` names
the card whose ability the engine does not (fully) know, or whose result it cannot write;
the acting player describes the result as an ``effect`` line (which the engine then applies
*unverified*, with ``reason``) and the opponent accepts or disputes it (the play table's job).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from itertools import combinations, islice, permutations, product
from typing import TYPE_CHECKING, Any

from ..catalog.model import ALLY, GOLD, TALISMAN, TOTEM, WEAPON
from .abilities.builder import effect_line
from .abilities.chain import own_effect
from .abilities.cost_rules import changed_cost
from .abilities.kinds.gold_kinds import real_due
from .abilities.evaluate import candidates, mismatch
from .abilities.model import Ability
from .abilities.target_filter import TargetFilter
from .errors import RecordError
from .combat_choices import attacks, blocks
from .keywords import GRAVEYARD, play_permissions
from .manual import Manual, manual_actions
from .record.model import Action
from .record.v1 import read_action
from .zones import HAND_LIMIT, IN_PLAY

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .zones import Inst

PLAYABLE = (ALLY, TOTEM, WEAPON, TALISMAN)
ORDER = ("gold", "play", "activate", "effect", "choose", "attack", "block", "pass", "end",
         "discard", "concede")
# costs paid with cards the record names in «costs», and the zones those cards come from
_NAMED = {"banish_from_graveyard": ("graveyard",), "discard": ("hand",),
          "destroy_own": IN_PLAY, "banish_own": IN_PLAY, "return_own_to_hand": IN_PLAY,
          "bottom_from_hand": ("hand",), "reveal": ("hand",), "banish_from_hand": ("hand",),
          "remove_counters_own": IN_PLAY, "remove_all_counters_own": IN_PLAY}


def action_key(action: Action, pay: bool = True, target_order: bool = True) -> tuple[object, ...]:
    """What makes two actions the same choice (the Oros, attackers and pairs as sets);
    without ``pay``: the same choice but for which Oros pay; without ``target_order``: the
    same targets named in another order (several targets of one kind are a set, 8.2)."""
    a = action
    targets = a.targets if target_order else tuple(sorted(a.targets))
    return (a.p, a.do, a.card, tuple(sorted(a.pay)) if pay else (), a.bearer, targets,
            tuple(sorted(a.cards)), tuple(sorted(a.pairs)), tuple(sorted(a.challenges)),
            a.source, a.moves, a.draw, a.mill, a.counters, a.strength, a.ability, a.costs,
            a.order)


class LegalActions:
    """The legal actions of ``player`` in ``game`` now (lazy; see the module docstring)."""

    def __init__(self, game: Game, player: str, line: int = 0):
        self.game = game
        self.player = player
        self.line = line

    # -- the collection ------------------------------------------------------------
    def __iter__(self) -> Iterator[Action]:
        for family in self.families():
            yield from family

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.p != self.player:
            return False
        key = action_key(action)
        loose = action_key(action, target_order=False)
        reordered = False
        for a in self._candidates(action.do, action.card or action.source):
            if action_key(a) == key:
                return self.game.accepts(a) is None
            reordered = reordered or action_key(a, target_order=False) == loose
        if reordered:  # the same targets in another order: legal if the engine takes that order
            return self.game.accepts(action) is None
        if action.do == "effect" and action.source is not None:
            # one canonical line per ability is generated; another wording of the same
            # resolution is the engine's to verify (it knows the ability)
            family = self._effect_families().get(action.source)
            # (accepted = verified: for a card it knows, a line that does not match is illegal)
            return family is not None and self.game.accepts(action) is None
        return False

    def count(self) -> int:
        return sum(1 for _ in self)

    def any(self) -> bool:
        return next(iter(self), None) is not None

    def summary(self) -> list[Action]:
        """One legal action per choice a player makes first (which card to play, activate or
        resolve; attack, block, pass, end…), with the first payment and targets that work:
        what a table shows before the player picks the details."""
        out = []
        for family in self.families():
            first = next(family, None)
            if first is not None:
                out.append(first)
        return out

    def for_card(self, iid: str) -> list[Action]:
        """Every legal action that names ``iid`` as the card played, activated or resolved."""
        return [a for a in self if iid in (a.card, a.source)]

    @property
    def manual(self) -> list[Manual]:
        return list(manual_actions(self.game, self.player, self._effect_families()))

    # -- families ------------------------------------------------------------------
    def families(self) -> Iterator[Iterator[Action]]:
        """One lazy iterator per first choice, in ``ORDER``; each yields checked actions."""
        g = self.game
        if g.outcome is not None:
            return
        for verb in ORDER:
            for key in self._keys(verb):
                yield self._checked(self._candidates(verb, key))

    def _checked(self, candidates: Iterable[Action]) -> Iterator[Action]:
        """The candidates ``apply`` accepts. Which Oros of the Reserva pay does not change
        whether an action is legal (8.1, 10.16: the engine checks they are in the Reserva
        and how many), so once one payment of a choice fails the others are not tried."""
        seen: set[tuple[object, ...]] = set()
        failed: set[tuple[object, ...]] = set()
        for a in candidates:
            k = action_key(a)
            if k in seen:
                continue
            seen.add(k)
            group = action_key(a, pay=False) if a.pay else k
            if group in failed:
                continue
            if self.game.accepts(a) is None:
                yield a
            else:
                failed.add(group)

    def _keys(self, verb: str) -> list[str | None]:
        g, p = self.game, self.player
        if verb == "play":
            return [i for i in self._playable()]
        if verb == "activate":
            # one key per card: a card with two usable abilities is one family, not two copies
            return list(dict.fromkeys(inst.id for inst, _, _ in self._activatable()))
        if verb == "effect":
            return list(self._effect_families())
        if verb == "gold":
            if g.phase == "vigil" and g.active == p and g.gold_allowed:
                return [i for i in g.zone_of(p, "hand") if g.cards[i].card.type == GOLD]
            return []
        return [None]

    def _candidates(self, verb: str, key: str | None) -> Iterator[Action]:
        g, p = self.game, self.player
        act = self._action
        if verb == "gold" and key is not None:
            yield act("gold", card=key)
        elif verb == "play" and key is not None:
            yield from self._plays(g.cards[key])
        elif verb == "activate" and key is not None:
            for inst, number, ability in self._activatable():
                if inst.id == key:
                    yield from self._activations(inst, number, ability)
        elif verb == "effect" and key is not None:
            obj = self._effect_families().get(key)
            if obj is not None:
                action = self._read(obj)
                if action is not None:
                    yield action
        elif verb == "choose":
            yield from self._chooses()
        elif verb == "attack":
            yield from attacks(g, p, act)
        elif verb == "block":
            yield from blocks(g, p, act)
        elif verb == "pass":
            if g.phase == "war" and g.priority == p:
                yield act("pass")
        elif verb == "end":
            if g.phase == "vigil" and g.active == p:
                yield act("end")
        elif verb == "discard":
            if g.phase == "discard" and g.active == p:
                hand = list(g.zone_of(p, "hand"))
                for cards in combinations(hand, max(0, len(hand) - HAND_LIMIT)):
                    yield act("discard", cards=cards)
        elif verb == "concede":
            yield act("concede")

    def _action(self, do: str, **fields: Any) -> Action:
        return Action(self.line, self.player, do, **fields)

    def _read(self, obj: dict[str, Any]) -> Action | None:
        try:
            return read_action(obj, self.line, self.game.order, self.game.cards)
        except RecordError:
            return None

    # -- playing a card ------------------------------------------------------------
    def _may_play_now(self) -> bool:
        g, p = self.game, self.player
        return bool(g.windows) or (g.phase == "vigil" and g.active == p) or g.phase == "block" \
            or (g.phase == "war" and g.priority == p)

    def _playable(self) -> list[str]:
        g, p = self.game, self.player
        if not self._may_play_now():
            return []
        out = [i for i in g.zone_of(p, "hand") if g.cards[i].card.type in PLAYABLE]
        for zone in ("graveyard", "exile"):  # cards whose text lets them be played from there
            for iid in g.zone_of(p, zone):
                inst = g.cards[iid]
                if inst.card.type not in PLAYABLE:
                    continue
                known = inst.abilities
                if (known is not None and any(a.kind == "play_permission" and a.zone == zone
                                              for a in known.abilities)) \
                        or (zone == "graveyard" and GRAVEYARD in play_permissions(inst.card)):
                    out.append(iid)
        reserve = len(g.zone_of(p, "reserve"))
        return [i for i in out if _due(g, g.cards[i], p) <= reserve
                or _alternative(g.cards[i])]

    def _plays(self, inst: Inst) -> Iterator[Action]:
        g = self.game
        cost = _due(g, inst, inst.owner)
        bearers: list[str | None] = [None]
        if inst.card.type == WEAPON:
            bearers = [b.id for b in g.in_play_typed((ALLY,)) if b.zone in ("defense", "attack")]
        effect = own_effect(inst)
        target_sets = list(self._targets(inst, effect[1])) if effect is not None else [()]
        payments = self._payments(cost)
        for bearer, targets in product(bearers, target_sets):
            for pay in payments():
                yield self._action("play", card=inst.id, pay=pay, bearer=bearer, targets=targets)

    def _payments(self, amount: int) -> Callable[[], Iterator[tuple[str, ...]]]:
        reserve = list(self.game.zone_of(self.player, "reserve"))

        def gen() -> Iterator[tuple[str, ...]]:
            return combinations(reserve, amount) if amount <= len(reserve) else iter(())
        return gen

    def _targets(self, source: Inst, ability: Ability) -> Iterator[tuple[str, ...]]:
        """Every combination of distinct valid targets for the ability's targets (8.2)."""
        g, p = self.game, self.player
        pools: list[tuple[TargetFilter, list[str]]] = []
        for f in ability.targets:
            if f.count_from is not None:
                return  # «hasta tantas cartas como …»: not enumerated
            if f.zone == "being_played":
                loose = replace(f, controller="any")
                pool = [w.source for w in g.windows
                        if mismatch(g, loose, g.cards[w.source], p, source) is None]
            else:
                pool = [i.id for i in candidates(g, f, p, source)]
            pools.append((f, pool))

        def rec(i: int, chosen: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
            if i == len(pools):
                yield chosen
                return
            f, pool = pools[i]
            free = [x for x in pool if x not in chosen]
            sizes = range(min(f.count, len(free)), -1, -1) if f.up_to else (f.count,)
            for n in sizes:
                for combo in combinations(free, n):
                    yield from rec(i + 1, chosen + combo)
        yield from rec(0, ())

    # -- abilities -----------------------------------------------------------------
    def _activatable(self) -> list[tuple[Inst, int, Ability]]:
        g, p = self.game, self.player
        out = []
        for inst in self._ability_holders():
            known = inst.abilities
            if known is None or not known.complete:
                continue
            for index, ability in enumerate(known.abilities):
                if ability.kind == "activated" and g.usable_now(inst, ability, p) is None:
                    out.append((inst, index + 1, ability))
        return out

    def _ability_holders(self) -> list[Inst]:
        g, p = self.game, self.player
        holders = list(g.in_play_typed(()))  # «cualquier jugador puede activar…» too
        for zone in ("hand", "graveyard"):
            holders.extend(g.cards[i] for i in g.zone_of(p, zone))
        return holders

    def _activations(self, inst: Inst, number: int, ability: Ability) -> Iterator[Action]:
        gold = sum(c.amount for c in ability.costs if c.kind == "gold")
        pools = []
        for cost in ability.costs:
            if cost.kind in _NAMED:
                zones = _NAMED[cost.kind]
                pool = [c.id for c in self._own_cards(zones) if c.id != inst.id
                        and (cost.filter is None or mismatch(
                            self.game, replace(cost.filter, zone="being_played",
                                               controller="any"), c, self.player, inst) is None)]
                n = 1 if cost.kind in ("remove_counters_own", "remove_all_counters_own") \
                    else cost.amount
                pools.append(list(combinations(pool, n)))
        payments = self._payments(gold)
        for targets in self._targets(inst, ability):
            for parts in product(*pools):
                costs = tuple(x for part in parts for x in part)
                if len(set(costs)) != len(costs):
                    continue
                for pay in payments():
                    yield self._action("activate", card=inst.id, ability=number, pay=pay,
                                       costs=costs, targets=targets)

    def _own_cards(self, zones: Iterable[str]) -> list[Inst]:
        g, p = self.game, self.player
        return [g.cards[i] for z in zones for i in g.zone_of(p, z)]

    def _effect_families(self) -> dict[str, dict[str, Any]]:
        """source -> the effect line the engine writes for the resolution ``player`` has
        pending (a Talismán, an announced ability, a trigger)."""
        g, p = self.game, self.player
        rng = random.Random(0)
        out: dict[str, dict[str, Any]] = {}
        for source, res in g.resolutions.items():
            inst = g.cards[source]
            if res.controller != p or inst.abilities is None or not inst.abilities.complete:
                continue
            ability = inst.abilities.abilities[res.index]
            line = effect_line(g, inst, ability, p, list(res.targets), rng)
            if line is not None:
                out[source] = line
        for q in g.pending:
            if q.controller != p or q.source in out:
                continue
            inst = g.cards[q.source]
            ability = q.ability(g)
            for targets in self._targets(inst, ability):
                line = effect_line(g, inst, ability, p, list(targets), rng)
                if line is not None:
                    if targets and "targets" not in line:
                        line["targets"] = list(targets)
                    out[q.source] = line
                    break
        for inst, _, ability in self._activatable():  # v1: an activation as one effect line
            if inst.id in out or ability.response:
                continue
            for targets in (*islice(self._targets(inst, ability), 1), ()):
                line = effect_line(g, inst, ability, p, list(targets), rng, costs=True)
                if line is not None:
                    out[inst.id] = line
                    break
        return out

    def _chooses(self) -> Iterator[Action]:
        g, p = self.game, self.player
        mine = list(dict.fromkeys(q.source for q in g.pending if q.controller == p))
        if 1 < len(mine) <= 5:
            for order in permutations(mine):
                yield self._action("choose", order=order)
        for q in g.pending:
            if q.controller != p or q.source in g.resolutions:
                continue
            ability = q.ability(g)
            if ability.targets:
                for targets in self._targets(g.cards[q.source], ability):
                    if targets:  # a «choose» names at least one target (the record's rule)
                        yield self._action("choose", card=q.source, targets=targets)


def legal_actions(game: Game, player: str, line: int = 0) -> LegalActions:
    return LegalActions(game, player, line)


def _due(game: Any, inst: Inst, p: str) -> int:
    """The Oros of the Reserva ``inst`` costs ``p`` now (its cost changes applied, 10.16, else
    its printed cost: a change the engine cannot know; less its Oros virtuales, §2.5)."""
    changed = changed_cost(game, inst, p)
    due = (inst.card.cost or 0) if changed is None else changed
    return real_due(game, inst, p, due)  # §2.5: its Oros virtuales pay first


def _alternative(inst: Inst) -> bool:
    known = inst.abilities
    return known is not None and any(a.kind == "alternative_cost" for a in known.abilities)
