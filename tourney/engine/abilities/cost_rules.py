"""The Oros a card costs when it is played (8.1 B–C, 10.16; seed 000, §1: a reduction applies
only while the card is played, never below 1 Oro, and a card of cost 0 or 1 cannot reduce its
cost): its printed cost plus the compiled cost changes that apply now — its own («Reduce el
coste de este Aliado en un Oro por cada …», «Te cuesta un Oro menos jugar este Talismán si
…») and the continuous ones of cards in play whose filter takes it («te cuesta un Oro menos
jugar Tótems», «jugar cartas Luz cuesta un Oro adicional»); «las cartas no pueden reducir su
coste» (``cannot_reduce_cost``) cancels every reduction.

``changed_cost`` gives that number, or None when the engine cannot know it: a cost change
«hasta la Fase Final» of a card in play, a Cementerio or a Destierro may have happened this
turn; ``play`` then leaves a payment other than the printed cost
*unverified* (``cost_may_change``). Otherwise the payment must be exactly the changed cost
(8.1). Oros virtuales («genera dos Oros para jugar Talismanes») are no cost change: they pay
part of it, first (``kinds/gold_kinds``)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, TYPE_CHECKING

from .card_reads import IN_PLAY
from .evaluate import candidates, matches
from .condition_check import holds

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

_ZONES = IN_PLAY | {"graveyard", "exile"}  # a Talismán that resolved this turn is there


def cost_may_change(game: State, played: Inst) -> bool:
    """The card's own cost change, a continuous one of a card in play whose filter takes it,
    or a cost change «hasta la Fase Final» of a card in play, a Cementerio or a Destierro (the
    engine does not know whether it was used this turn)."""
    for inst, ability, effect in cost_effects(game):
        if inst.zone not in _ZONES and inst is not played:
            continue
        if effect.kind != "cost_change":
            continue
        if inst is played and effect.subject == "self":
            return True
        if ability.kind != "continuous":
            if effect.subject == "each":
                return True  # an effect that may have happened this turn
            continue
        if inst.zone in IN_PLAY and not inst.lost and effect.subject == "each" and \
                effect.filter is not None and holds(game, ability.condition, inst,
                                                    inst.controller) and \
                matches(game, replace(effect.filter, zone="being_played"), played,
                        inst.controller, inst):
            return True
    return False


def changed_cost(game: State, played: Inst, p: str) -> int | None:
    """The Oros ``played`` costs ``p`` now, its cost changes applied (§1's floors); None
    when some change cannot be known (``cost_may_change`` says whether one may apply)."""
    printed = played.card.cost or 0
    if _unknown_change(game, played):
        return None
    up = down = 0
    no_reduction = False
    for inst, ability, effect in _continuous(game):
        if effect.kind == "cannot_reduce_cost":
            if inst.zone in IN_PLAY and _covers(game, ability, effect, inst, played):
                no_reduction = True
            continue
        if effect.kind != "cost_change":
            continue
        if effect.subject == "self":
            if inst is not played or not holds(game, ability.condition, played, p):
                continue
            delta = (effect.amount or 0) * (_count(game, effect.filter, p, played)
                                            if effect.amount_from == "count" else 1)
        elif inst.zone in IN_PLAY and _covers(game, ability, effect, inst, played):
            # «… cuesta un Oro adicional por cada Tótem que controles»: the holder's count
            delta = (effect.amount or 0) * (_count(game, effect.count_filter, inst.controller, inst)
                                            if effect.amount_from == "count" else 1)
        else:
            continue
        if delta > 0:
            up += delta
        else:
            down -= delta
    if no_reduction or printed <= 1:  # §1: a card of cost 0 or 1 cannot reduce its cost
        down = 0
    due = printed + up
    return max(1, due - down) if down else due


def _unknown_change(game: State, played: Inst) -> bool:
    """A change the engine cannot read from the position: a cost change of an effect (not
    continuous) that may have happened this turn."""
    for inst, ability, effect in cost_effects(game):
        if inst.zone not in _ZONES and inst is not played:
            continue
        if effect.kind == "cost_change":
            if ability.kind != "continuous" and effect.subject == "each":
                return True
            if ability.kind == "continuous" and effect.amount_from not in (None, "count"):
                return True
    return False


def _continuous(game: State) -> Any:
    for inst, ability, effect in cost_effects(game):
        if ability.kind == "continuous" and not inst.lost:
            yield inst, ability, effect


_COST_KINDS = frozenset({"cost_change", "cannot_reduce_cost"})


def cost_effects(game: State) -> list[tuple[Inst, Any, Any]]:
    """(card, ability, effect) of every effect of this game's cards that changes a cost, in
    the cards' order (computed once per game)."""
    found = game.memo.cost_effects
    if found is None:
        found = game.memo.cost_effects = [
            (inst, ability, effect) for inst in game.cards.values()
            if inst.abilities is not None for ability in inst.abilities.abilities
            for effect in ability.effects if effect.kind in _COST_KINDS]
    return found


def _covers(game: State, ability: Any, effect: Any, holder: Inst, played: Inst) -> bool:
    return (effect.subject == "each" and effect.filter is not None
            and holds(game, ability.condition, holder, holder.controller)
            and matches(game, replace(effect.filter, zone="being_played"), played,
                        holder.controller, holder))


def _count(game: State, f: Any, p: str, played: Inst) -> int:
    return len(candidates(game, f, p, played)) if f is not None else 0
