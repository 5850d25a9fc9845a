"""The cards a line names in «costs» to pay an ability's or a card's other costs (10.16
Coste): each piece takes its cards from the list in order, and each card must be where that
piece takes it from, be the payer's and match its filter. ``Activation._check_costs`` checks
the Oros; the pieces are paid afterwards (``Activation._pay_cost``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..errors import IllegalAction
from .card_reads import IN_PLAY
from .costs import SELF_TO, counters_payable
from .evaluate import mismatch
from .trigger_cost_duration import Cost

if TYPE_CHECKING:  # pragma: no cover
    from ..record import Action
    from ..state import State
    from ..zones import Inst

# the pieces paid with cards the line names, and the zones those cards must be in
CARD_ZONES: dict[str, tuple[str, ...]] = {
    "banish_from_graveyard": ("graveyard",), "discard": ("hand",),
    "destroy_own": tuple(IN_PLAY), "banish_own": tuple(IN_PLAY),
    "return_own_to_hand": tuple(IN_PLAY), "bottom_from_hand": ("hand",),
    "reveal": ("hand",), "banish_from_hand": ("hand",),
}


@dataclass(slots=True)
class Naming:
    """The cards of «costs» not taken yet, while the pieces of ``source``'s cost take them."""

    game: State
    source: Inst
    p: str
    left: list[str]

    def take(self, n: int) -> list[str]:
        ids = self.left[:n]
        del self.left[:n]
        return ids

    def unnamed(self, cost: Cost) -> IllegalAction:
        return IllegalAction("10.16", f"{self.source.label()}: su coste es {cost.describe()} "
                                      "y el registro no nombra con qué se paga («costs»).")


def named_costs(game: State, action: Action, source: Inst,
                costs: tuple[Cost, ...]) -> list[tuple[Cost, list[str]]]:
    """Every piece of ``costs`` but the Oros, with the cards that pay it (none for a piece
    the engine pays itself: Botar, quitar contadores de la carta…); a card named in «costs»
    that pays nothing is refused."""
    naming = Naming(game, source, action.p, list(action.costs))
    others = []
    for cost in costs:
        if cost.kind == "gold":
            continue
        if cost.kind in CARD_ZONES or cost.kind == "shuffle_own":
            others.append((cost, _named_cards(naming, cost)))
            continue
        check = CHECKS.get(cost.kind)
        others.append((cost, check(naming, cost) if check is not None else []))
    if naming.left:
        raise IllegalAction("10.16", f"«costs» nombra cartas de más: {', '.join(naming.left)}.")
    return others


def _named_cards(naming: Naming, cost: Cost) -> list[str]:
    """The next cards of «costs»: the payer's, in the zones the piece takes them from, other
    than the card being played or used, matching its filter."""
    game, source, p = naming.game, naming.source, naming.p
    if cost.kind == "shuffle_own":  # «Baraja una carta de tu mano / de tu Cementerio / que controles»
        held = cost.filter.zone if cost.filter is not None else None
        zones = (held,) if held in ("hand", "graveyard", "exile") else tuple(IN_PLAY)
    else:
        zones = CARD_ZONES[cost.kind]
    ids = naming.take(cost.amount)
    if len(ids) < cost.amount:
        raise naming.unnamed(cost)
    for iid in ids:
        c = game.cards[iid]
        if c is source:
            raise IllegalAction("8.1", f"{source.label()} se está jugando o usando: no "
                                       f"sirve para pagar {cost.describe()}.")
        whose = c.controller if c.zone in IN_PLAY else c.owner
        ok = c.zone in zones and whose == p
        if ok and cost.filter is not None:
            f = replace(cost.filter, zone="being_played", controller="any")
            ok = mismatch(game, f, c, p, source) is None
        if not ok:
            raise IllegalAction("10.16", f"{c.label()} no sirve para pagar "
                                         f"{cost.describe()}: está en {game.where(c)}.")
    return ids


def _the_card_itself(naming: Naming, cost: Cost) -> list[str]:
    return [naming.source.id]


def _castle_top(naming: Naming, cost: Cost) -> list[str]:
    """«Destierra las primeras N cartas de tu Mazo Castillo»: named in «costs» when the order
    is revealed, else the top ones."""
    source, castle = naming.source, naming.game.players[naming.p].castle
    if len(castle) < cost.amount:
        raise IllegalAction("10.16", f"{source.label()}: no quedan {cost.amount} cartas "
                                     "para Desterrar.")
    if not naming.game.revealed_order and not (naming.left and naming.p in naming.game.unordered):
        return list(castle[-cost.amount:])  # a shuffled Castillo (order_hidden): named if the record does
    ids = naming.take(cost.amount)  # the record names the cards («costs»)
    if len(ids) < cost.amount or any(i not in castle for i in ids):
        raise IllegalAction("10.16", f"{source.label()}: su coste es {cost.describe()} "
                                     "y «costs» no nombra esas cartas de tu Mazo Castillo.")
    return ids


def _mill(naming: Naming, cost: Cost) -> list[str]:
    if len(naming.game.players[naming.p].castle) < cost.amount:
        raise IllegalAction("10.16", f"{naming.source.label()}: no quedan {cost.amount} cartas "
                                     "para Botar.")
    return []


def _counters_of_own(naming: Naming, cost: Cost) -> list[str]:
    """«quita N contadores de X de un Aliado que controles»: the card named first pays."""
    ids = naming.take(1)
    if not ids:
        raise naming.unnamed(cost)
    c = naming.game.cards[ids[0]]
    if not counters_payable(naming.game, cost, c, naming.source, naming.p):
        raise IllegalAction("10.16", f"{c.label()} no sirve para pagar {cost.describe()}.")
    return ids


def _counters_on_self(naming: Naming, cost: Cost) -> list[str]:
    source = naming.source
    if source.counters.get(cost.counter or "", 0) < cost.amount:
        raise IllegalAction("10.16", f"{source.label()} no tiene {cost.amount} "
                                     f"contador(es) de {cost.counter} para quitar.")
    return []


# the pieces checked another way than by the cards of ``CARD_ZONES``; any other piece is
# paid by the engine with no card named
CHECKS: dict[str, Callable[[Naming, Cost], list[str]]] = {
    **{kind: _the_card_itself for kind in SELF_TO},
    "shuffle_self": _the_card_itself,
    "banish_castle_top": _castle_top,
    "mill": _mill,
    "remove_counters_own": _counters_of_own,
    "remove_all_counters_own": _counters_of_own,
    "remove_counters": _counters_on_self,
}
