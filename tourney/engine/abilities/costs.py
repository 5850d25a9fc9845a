"""The costs of an ability found in a v1 ``effect`` line (10.16 Coste): every piece paid in
full, with cards of the right zone and owner — Oros from the Reserva to the Zona de Oro
Pagado, cards banished from the Cementerio, discarded, destroyed… (``verify`` removes them
from the line before it looks at the effects)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Callable, Iterable
from dataclasses import dataclass

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
    """10.16: ``cost`` paid in full by what the line shows (``pool``: its moves, mills and
    counters, taken as they pay); else ``IllegalAction`` (or unverifiable when the record
    cannot show it)."""
    payment = Payment(game, pool, cost, source, p)
    moved = MOVED_COSTS.get(cost.kind)
    if moved is not None:
        frm, to, what = moved
        payment.require(payment.moved(frm, to, cost.filter), what)
        return
    payer = PAYERS.get(cost.kind)
    if payer is not None:
        payer(payment)


@dataclass(frozen=True, slots=True)
class Payment:
    """One cost piece being paid by a line: who pays it, for which card, with what."""

    game: State
    pool: Pool
    cost: Cost
    source: Inst
    p: str

    @property
    def name(self) -> str:
        return self.game.players[self.p].name

    def moved(self, frm: Iterable[str], to: str, f: TargetFilter | None) -> list[str]:
        """The line's moves to ``to`` of the payer's cards (controlled in play, else owned)
        that were in one of ``frm`` and match ``f``."""
        game, p, frm = self.game, self.p, set(frm)
        return [iid for iid, z in self.pool.moves.items()
                if z == to and game.cards[iid].zone in frm
                and (game.cards[iid].controller if game.cards[iid].zone in IN_PLAY
                     else game.cards[iid].owner) == p
                and (f is None or kind_ok(f, game.cards[iid]))
                and not (f is not None and f.other and iid == self.source.id)]

    def require(self, ids: list[str], what: str) -> None:
        """The piece's amount taken from ``ids`` (the cards noted as what it was paid with,
        except Oros), else the line does not pay it."""
        need = self.cost.amount
        if len(ids) < need:
            raise IllegalAction("10.16", f"{self.source.label()}: su coste es {self.cost.describe()} "
                                         f"y el registro no lo paga ({what}: {len(ids)} de {need}).")
        self.pool.take_moves(ids[:need])
        if self.cost.kind not in ("gold", "regroup_gold"):
            self.pool.paid.extend(ids[:need])  # «la carta Descartada»: what the effect may point at

    def unpaid(self) -> IllegalAction:
        return IllegalAction("10.16", f"{self.source.label()}: su coste es {self.cost.describe()} "
                                      "y el registro no lo paga.")


# the costs paid by moving cards of the payer: from these zones, to this one (the words say
# what the line did not show enough of)
MOVED_COSTS: dict[str, tuple[frozenset[str], str, str]] = {
    "banish_from_graveyard": (frozenset({"graveyard"}), "exile", "cartas Desterradas de tu Cementerio"),
    "discard": (frozenset({"hand"}), "graveyard", "cartas Descartadas"),
    "destroy_own": (IN_PLAY, "graveyard", "cartas tuyas Destruidas"),
    "banish_own": (IN_PLAY, "exile", "cartas tuyas Desterradas"),
    "return_own_to_hand": (IN_PLAY, "hand", "cartas tuyas devueltas a la mano"),
    "bottom_from_hand": (frozenset({"hand"}), "castle_bottom",
                         "cartas de la mano al fondo del Mazo Castillo"),
    "banish_from_hand": (frozenset({"hand"}), "exile", "cartas Desterradas de tu mano"),
}


def _pay_gold(payment: Payment) -> None:
    game = payment.game
    if any(g.player == payment.p and g.pays_for is None for g in game.virtual):
        _unverifiable(payment.cost)  # §2.5: Oros virtuales pay first; a v1 line does not say how many
    payment.require(payment.moved({"reserve"}, "paid", None),
                    f"Oros de la Reserva de {payment.name} al Oro Pagado")


def _pay_regroup_gold(payment: Payment) -> None:
    payment.require(payment.moved({"paid"}, "reserve", None), "Oros agrupados")


def _pay_mill(payment: Payment) -> None:
    pool, p, need = payment.pool, payment.p, payment.cost.amount
    have = pool.mill.get(p, 0)
    if have < need:
        raise IllegalAction("10.16", f"{payment.source.label()}: su coste es "
                                     f"{payment.cost.describe()} y {payment.name} botó {have}.")
    pool.mill[p] = have - need


def _pay_with_self(payment: Payment) -> None:
    """«Destrúyelo», «Súbelo a tu mano», «mover este Oro a tu Zona de Oro Pagado»."""
    kind, source, pool = payment.cost.kind, payment.source, payment.pool
    if pool.moves.get(source.id) != SELF_TO[kind] or (kind == "to_paid_self" and source.zone != "reserve"):
        raise payment.unpaid()
    del pool.moves[source.id]


def _pay_shuffle_self(payment: Payment) -> None:
    """10.5: into its owner's Mazo Castillo, the record says which end."""
    source, pool = payment.source, payment.pool
    if pool.moves.get(source.id) not in ("castle_top", "castle_bottom"):
        raise payment.unpaid()
    del pool.moves[source.id]


def _pay_reveal_self(payment: Payment) -> None:
    """Showing the card changes nothing the record shows."""


def _pay_reveal(payment: Payment) -> None:
    """«mostrar un Aliado de tu mano»: nothing moves, the hand must have one."""
    from dataclasses import replace

    from .evaluate import mismatch
    game, p, source, f = payment.game, payment.p, payment.source, payment.cost.filter
    loose = replace(f, zone="being_played", also_zones=(), controller="any") if f else None
    shown = [iid for iid in game.zone_of(p, "hand") if loose is None
             or mismatch(game, loose, game.cards[iid], p, source, explain=False) is None]
    if len(shown) < payment.cost.amount:
        _unverifiable(payment.cost)  # which card was shown is not in the record: never illegal


def _pay_shuffle_own(payment: Payment) -> None:
    """The record shows the card put in the Mazo Castillo (where in it is not known)."""
    f = payment.cost.filter
    frm = {"hand"} if f is not None and f.zone == "hand" else set(IN_PLAY)
    ids = payment.moved(frm, "castle_top", f) + payment.moved(frm, "castle_bottom", f)
    if len(ids) != payment.cost.amount:
        _unverifiable(payment.cost)
    payment.pool.take_moves(ids)
    payment.pool.paid.extend(ids)


def _pay_banish_castle_top(payment: Payment) -> None:
    need, moves = payment.cost.amount, payment.pool.moves
    castle = payment.game.players[payment.p].castle
    if payment.game.order_hidden(payment.p):  # the order is hidden: any of its cards, as the record names them
        ids = [iid for iid, z in moves.items() if z == "exile" and iid in castle]
    else:
        top = set(castle[-need:]) if need else set()
        ids = [iid for iid, z in moves.items() if z == "exile" and iid in top]
    payment.require(ids, f"cartas del tope del Mazo Castillo de {payment.name} Desterradas")


def _pay_counters_on_self(payment: Payment) -> None:
    """«quitar / poner N contadores de X en esta carta»: the line changes them on the source."""
    need, kind = payment.cost.amount, payment.cost.kind
    want = (payment.source.id, payment.cost.counter or "", -need if kind == "remove_counters" else need)
    if want not in payment.pool.counters:
        raise payment.unpaid()
    payment.pool.counters.remove(want)


def _pay_counters_of_own(payment: Payment) -> None:
    _pay_counters_own(payment.game, payment.pool, payment.cost, payment.source, payment.p)


# the cost pieces paid another way than by moving the payer's cards (``MOVED_COSTS``)
PAYERS: dict[str, Callable[[Payment], None]] = {
    "gold": _pay_gold,
    "regroup_gold": _pay_regroup_gold,
    "mill": _pay_mill,
    **{kind: _pay_with_self for kind in SELF_TO},
    "shuffle_self": _pay_shuffle_self,
    "reveal_self": _pay_reveal_self,
    "reveal": _pay_reveal,
    "shuffle_own": _pay_shuffle_own,
    "banish_castle_top": _pay_banish_castle_top,
    "remove_counters_own": _pay_counters_of_own,
    "remove_all_counters_own": _pay_counters_of_own,
    "remove_counters": _pay_counters_on_self,
    "add_counters": _pay_counters_on_self,
}


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


