"""Amounts and filters as an effect line is checked (see ``verify``): how many cards or points
a step means, and ``fixed`` (a filter with the values known when it resolves)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...catalog.model import ALLY
from .card_reads import IN_PLAY
from .evaluate import dynamic_amount
from .model import Ability
from .effect_value import Effect
from .target_filter import TargetFilter
from .verify_pool import Unverifiable, Pool

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State


def split_targets(ability: Ability, targets: tuple[str, ...] | None) -> list[list[str]] | None:
    if targets is None:
        return None
    out: list[list[str]] = []
    pos = 0
    for f in ability.targets:
        n = f.count if f.count_from is None else len(targets)  # a variable count comes last
        out.append(list(targets[pos:pos + n]))
        pos += n
    return out


def amount(game: State, effect: Effect, source: Inst, controller: str,
            pool: Pool | None = None, split: list[list[str]] | None = None) -> int:
    src = effect.amount_from
    if effect.amount is not None and src is None:
        return effect.amount
    if src in RELATIVE_SOURCES:
        n = _relative(game, src, pool, split, effect.target)
        if n is None:
            raise Unverifiable(f"cantidad {src!r}")
        return n
    if src == "strength_of_bearer" and source.bearer:
        return game.strength(game.cards[source.bearer])
    if src == "strength_of_self":
        return game.strength(source)
    if src == "count" and (effect.count_filter or effect.filter) is not None:
        if effect.player == "each":
            raise Unverifiable("cantidad por jugador")
        from .evaluate import candidates
        counted = effect.count_filter or effect.filter
        assert counted is not None
        return (effect.amount or 1) * len(candidates(game, counted, controller, source))
    if src == "entered_this_turn" and effect.filter is not None and effect.player != "each":
        # «por cada Aliado … que entró en juego bajo tu control este turno» (those that left since too)
        entered = dynamic_amount(game, src, effect.filter, controller, source)
        assert entered is not None  # a filter is given: the count is always known
        return (effect.amount or 1) * entered
    if src == "moved_before" and pool is not None:  # «por cada Aliado Desterrado de esta manera»
        return (effect.amount or 1) * pool.moved_last
    if src == "hand_size":
        return len(game.zone_of(controller, "hand"))
    if src == "allies_you_control":
        return sum(1 for i in game.in_play(controller) if i.card.type == ALLY)
    raise Unverifiable(f"cantidad {src!r}")


def each_count(game: State, effect: Effect, source: Inst, player: str) -> int:
    """«cada jugador … por cada Aliado que controle»: the count of ``player``'s own cards (the
    filter's «you» is that player)."""
    from .evaluate import candidates
    counted = effect.count_filter or effect.filter
    assert counted is not None  # a count always has its filter
    return (effect.amount or 1) * len(candidates(game, counted, player, source))


def of_triggering(game: State, src: str | None, triggering: str | None) -> int:
    """«tantas cartas como Fuerza / coste tenga ese Aliado»: the card that fired the trigger."""
    if triggering is None:
        raise Unverifiable(f"cantidad {src!r}")
    inst = game.cards[triggering]
    if src == "cost_of_triggering":
        return inst.card.cost or 0
    return game.strength(inst) if inst.zone in IN_PLAY else inst.card.strength or 0


RELATIVE_SOURCES = frozenset({"cost_of_paid", "strength_of_paid", "cost_of_target",
                              "strength_of_target"})


def _relative(game: State, src: str, pool: Pool | None, split: list[list[str]] | None,
              target: int = 0) -> int | None:
    """The cost or Fuerza of the card paid as the cost (``pool.paid``) or of the ability's
    target, read before the line moves it (None: not known from this line)."""
    if src.endswith("_of_paid"):
        ids = pool.paid if pool is not None else []
    else:
        ids = split[target] if split is not None and target < len(split) else []
    if len(ids) != 1:
        return None
    inst = game.cards[ids[0]]
    if src.startswith("cost"):
        return inst.card.cost or 0
    if inst.zone in IN_PLAY:
        return game.strength(inst)
    return inst.card.strength or 0


_FROM = ("max_cost_from", "min_cost_from", "max_strength_from")


def fixed(game: State, f: TargetFilter | None, pool: Pool | None, source: Inst, p: str,
          split: list[list[str]] | None) -> TargetFilter | None:
    """``f`` with its amounts read now («de coste igual o menor a la carta Descartada», «a la
    cantidad de …»): fixed numbers; ``Unverifiable`` when one cannot be known here."""
    if f is not None and f.same_name_as is not None:  # «y todas sus copias en juego»
        named = split[f.same_name_as] if split is not None and f.same_name_as < len(split) else []
        if len(named) != 1:
            raise Unverifiable("copias de un objetivo no nombrado")
        f = replace(f, same_name_as=None, names=(game.cards[named[0]].card.name,))
    if f is not None and f.count_from is not None:  # «hasta tantas cartas como …»
        n = (_relative(game, f.count_from, pool, split) if f.count_from in RELATIVE_SOURCES
             else dynamic_amount(game, f.count_from, f.from_filter, p, source))
        if n is None:
            raise Unverifiable(f"cantidad {f.count_from!r}")
        f = replace(f, count_from=None, count=n,
                    from_filter=f.from_filter if f.max_cost_from or f.max_strength_from else None)
    if f is None or (f.max_cost_from is None and f.min_cost_from is None
                     and f.max_strength_from is None):
        return f
    got: dict[str, int] = {}
    for name in _FROM:
        word = getattr(f, name)
        if word is None:
            continue
        n = (_relative(game, word, pool, split) if word in RELATIVE_SOURCES
             else dynamic_amount(game, word, f.from_filter, p, source))
        if n is None:
            raise Unverifiable(f"cantidad {word!r}")
        got[name] = n - 1 if f.strict_from and name.startswith("max") else n

    def low(a: int | None, b: int | None) -> int | None:
        return b if a is None else a if b is None else min(a, b)

    def high(a: int | None, b: int | None) -> int | None:
        return b if a is None else a if b is None else max(a, b)

    return replace(f, max_cost_from=None, min_cost_from=None, max_strength_from=None,
                   from_filter=None, strict_from=False, max_cost=low(f.max_cost, got.get("max_cost_from")),
                   min_cost=high(f.min_cost, got.get("min_cost_from")),
                   max_strength=low(f.max_strength, got.get("max_strength_from")))
