"""The costs of an ability found in a v1 ``effect`` line (10.16 Coste): every piece paid in
full, with cards of the right zone and owner — Oros from the Reserva to the Zona de Oro
Pagado, cards banished from the Cementerio, discarded, destroyed… (``verify`` removes them
from the line before it looks at the effects)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction
from .card_reads import IN_PLAY
from .trigger_cost_duration import Cost
from .target_filter import TargetFilter

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State
    from .verify_pool import Pool

# the costs that move the card itself, and where to
SELF_TO = {"destroy_self": "graveyard", "banish_self": "exile", "return_self": "hand",
           "discard_self": "graveyard", "to_paid_self": "paid"}


def pay(game: State, pool: Pool, cost: Cost, source: Inst, p: str) -> None:
    name = game.players[p].name
    need = cost.amount

    def moved(frm: set[str], to: str, f: TargetFilter | None) -> list[str]:
        return [iid for iid, z in pool.moves.items()
                if z == to and game.cards[iid].zone in frm
                and (game.cards[iid].controller if game.cards[iid].zone in IN_PLAY
                     else game.cards[iid].owner) == p
                and (f is None or kind_ok(f, game.cards[iid]))
                and not (f is not None and f.other and iid == source.id)]

    def require(ids: list[str], what: str) -> None:
        if len(ids) < need:
            raise IllegalAction("10.16", f"{source.label()}: su coste es {cost.describe()} y el "
                                         f"registro no lo paga ({what}: {len(ids)} de {need}).")
        pool.take_moves(ids[:need])
        if kind not in ("gold", "regroup_gold"):
            pool.paid.extend(ids[:need])  # «la carta Descartada»: what the effect may point at

    kind = cost.kind
    if kind == "gold":
        require(moved({"reserve"}, "paid", None), f"Oros de la Reserva de {name} al Oro Pagado")
    elif kind == "regroup_gold":
        require(moved({"paid"}, "reserve", None), "Oros agrupados")
    elif kind == "mill":
        have = pool.mill.get(p, 0)
        if have < need:
            raise IllegalAction("10.16", f"{source.label()}: su coste es {cost.describe()} y "
                                         f"{name} botó {have}.")
        pool.mill[p] = have - need
    elif kind == "banish_from_graveyard":
        require(moved({"graveyard"}, "exile", cost.filter), "cartas Desterradas de tu Cementerio")
    elif kind == "discard":
        require(moved({"hand"}, "graveyard", cost.filter), "cartas Descartadas")
    elif kind == "destroy_own":
        require(moved(set(IN_PLAY), "graveyard", cost.filter), "cartas tuyas Destruidas")
    elif kind == "banish_own":
        require(moved(set(IN_PLAY), "exile", cost.filter), "cartas tuyas Desterradas")
    elif kind == "return_own_to_hand":
        require(moved(set(IN_PLAY), "hand", cost.filter), "cartas tuyas devueltas a la mano")
    elif kind in SELF_TO:  # «Destrúyelo», «Súbelo a tu mano», «mover este Oro a tu Zona de Oro Pagado»
        if pool.moves.get(source.id) != SELF_TO[kind] or (kind == "to_paid_self" and source.zone != "reserve"):
            raise IllegalAction("10.16", f"{source.label()}: su coste es {cost.describe()} y el "
                                         "registro no lo paga.")
        del pool.moves[source.id]
    elif kind == "bottom_from_hand":
        require(moved({"hand"}, "castle_bottom", cost.filter), "cartas de la mano al fondo del Mazo Castillo")
    elif kind == "reveal_self":
        pass  # showing the card changes nothing the record shows
    elif kind == "reveal":  # «mostrar un Aliado de tu mano»: nothing moves, the hand must have one
        from dataclasses import replace

        from .evaluate import mismatch
        f = cost.filter
        loose = replace(f, zone="being_played", also_zones=(), controller="any") if f else None
        shown = [iid for iid in game.zone_of(p, "hand") if loose is None
                or mismatch(game, loose, game.cards[iid], p, source, explain=False) is None]
        if len(shown) < need:
            _unverifiable(cost)  # which card was shown is not in the record: never illegal
    elif kind == "banish_from_hand":
        require(moved({"hand"}, "exile", cost.filter), "cartas Desterradas de tu mano")
    elif kind == "shuffle_own":  # the record shows the card put in the Mazo Castillo
        f = cost.filter
        frm = {"hand"} if f is not None and f.zone == "hand" else set(IN_PLAY)
        ids = moved(frm, "castle_top", f) + moved(frm, "castle_bottom", f)
        if len(ids) != need:
            _unverifiable(cost)
        pool.take_moves(ids)
        pool.paid.extend(ids)
    elif kind == "banish_castle_top":
        castle = game.players[p].castle
        if game.order_hidden(p):  # the order is hidden: any of its cards, as the record names them
            ids = [iid for iid, z in pool.moves.items() if z == "exile" and iid in castle]
        else:
            top = set(castle[-need:]) if need else set()
            ids = [iid for iid, z in pool.moves.items() if z == "exile" and iid in top]
        require(ids, f"cartas del tope del Mazo Castillo de {name} Desterradas")
    elif kind in ("remove_counters_own", "remove_all_counters_own"):
        _pay_counters_own(game, pool, cost, source, p)
    elif kind in ("remove_counters", "add_counters"):
        want = (source.id, cost.counter or "", -need if kind == "remove_counters" else need)
        if want not in pool.counters:
            raise IllegalAction("10.16", f"{source.label()}: su coste es {cost.describe()} y el "
                                         "registro no lo paga.")
        pool.counters.remove(want)


def _unverifiable(cost: Cost) -> None:
    from .verify_pool import Unverifiable
    raise Unverifiable(f"coste {cost.kind!r}")


def counters_payable(game: State, cost: Cost, inst: Inst, source: Inst, p: str) -> bool:
    """Whether ``inst`` can pay «quitar N contadores de X / todo el X de un Aliado que
    controles»: in play under ``p``'s control, matching the filter, with the counters."""
    from .evaluate import mismatch
    have = inst.counters.get(cost.counter or "", 0)
    need = cost.amount if cost.kind == "remove_counters_own" else 1
    return (inst.zone in IN_PLAY and inst.controller == p and have >= max(need, 1)
            and (cost.filter is None or mismatch(game, cost.filter, inst, p, source, False) is None))


def _pay_counters_own(game: State, pool: Pool, cost: Cost, source: Inst, p: str) -> None:
    """One line entry removes the counters from one card that can pay (all of them for
    «todo el Alimento»)."""
    name = cost.counter or ""
    for entry in pool.counters:
        iid, counter, n = entry
        inst = game.cards[iid]
        if counter != name or not counters_payable(game, cost, inst, source, p):
            continue
        want = -cost.amount if cost.kind == "remove_counters_own" else -inst.counters.get(name, 0)
        if n == want:
            pool.counters.remove(entry)
            return
    raise IllegalAction("10.16", f"{source.label()}: su coste es {cost.describe()} y el registro no "
                                 "lo paga.")


def kind_ok(f: TargetFilter, inst: Inst) -> bool:
    if f.types and inst.card.type not in f.types:
        return False
    if f.races and inst.card.race not in f.races:
        return False
    if f.max_cost is not None and (inst.card.cost or 0) > f.max_cost:
        return False
    if f.min_cost is not None and (inst.card.cost or 0) < f.min_cost:
        return False
    return True


