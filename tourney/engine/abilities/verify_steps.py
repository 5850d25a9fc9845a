"""Checking one effect step of an ``effect`` line (see ``verify``): what every step shares
(its condition, its filter's amounts read now, the cards it acts on), then the check of its
kind, which lives in the kind's home (``kinds/``: ``move_kinds``, ``player_kinds``,
``amount_kinds``, ``applied_kinds``), found through the registry (``kinds.base.handler``)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .effect_value import Effect
from ..errors import IllegalAction
from .card_reads import IN_PLAY
from .evaluate import mismatch, player_of
from .condition_check import holds
from .kinds import effect_kinds  # noqa: F401 - loads every effect's home
from .kinds.base import handler
from .kinds.move_kinds import verify_each_chooses
from .kinds.played_kinds import undecided_now
from .model import Ability
from .verify_amounts import fixed
from .verify_parts import Step, subjects
from .verify_pool import Plan, Unverifiable, Pool

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State
    from ..zones import Inst


UNLESS_PAID = {"gold": ("reserve", "paid"), "banish_from_graveyard": ("graveyard", "exile")}


def unless_paid(game: State, pool: Pool, effect: Effect, p: str, known: list[str] | None) -> bool:
    """«… a menos que tu oponente pague dos Oros / Destierre dos cartas de su Cementerio»: the
    line shows the payer paying exactly that (Oros of their Reserva to their Zona de Oro Pagado,
    cards of their Cementerio to the Destierro); those moves are taken from the line. The payer
    is the one the text names, else the controller of the card it affects (the opponent)."""
    assert effect.unless is not None
    if effect.unless_player is not None:
        payer = player_of(game, effect.unless_player, p)
    elif known:
        inst = game.cards[known[0]]
        payer = inst.controller if inst.zone in IN_PLAY else inst.owner
    else:
        payer = game.opponent(p)
    frm, to = UNLESS_PAID[effect.unless.kind]
    paid = [iid for iid, z in pool.moves.items() if z == to and game.cards[iid].zone == frm
            and (game.cards[iid].controller if frm in IN_PLAY else game.cards[iid].owner) == payer]
    if not paid:
        return False
    need = effect.unless.amount or 1
    if len(paid) != need:
        raise IllegalAction("10.16", f"Para evitar el efecto hay que pagar "
                                     f"{effect.unless.describe()}, y el registro paga {len(paid)}.")
    pool.take_moves(paid)
    return True


def verify_step(game: State, pool: Pool, effect: Effect, ability: Ability, source: Inst,
                p: str, split: list[list[str]] | None, triggering: str | None, plan: Plan) -> bool:
    """Account for one effect step of the line: what the step's home (``kinds``) checks,
    after what every step shares (its condition, the cards it acts on). ``Unverifiable`` when
    its kind has no verification or a part of it cannot be known from the line."""
    kind = effect.kind
    verify = handler("effect", kind, "verify")
    if verify is None or (effect.unless is not None and effect.unless.kind not in UNLESS_PAID):
        raise Unverifiable(f"el motor aún no comprueba «{effect.describe()}»"
                           + (" con ese «a menos que»" if effect.unless is not None else ""))
    trigger_cond = ability.trigger.condition if ability.trigger is not None else None
    if any(undecided_now(game, c, source) for c in (effect.condition, ability.condition, trigger_cond)):
        raise Unverifiable("no se sabe cómo se jugó la carta («si pagaste su coste», «si lo "
                           "jugaste de …»)")
    counted = effect.count_filter or effect.filter
    if effect.amount_from == "count" and counted is not None and pool.moves_counters and (
            counted.counter is not None or counted.no_counter is not None):
        raise Unverifiable("la cuenta depende de contadores que esta misma línea cambia")
    if effect.condition is not None and not holds(game, effect.condition, source, p):
        return False  # «Luego, si …»: the condition does not hold, the step does nothing
    if effect.player == "each" and effect.subject == "chosen":  # each player chooses their own
        return verify_each_chooses(Step(game, pool, effect, ability, source, p, split, triggering, plan))
    copies_of = effect.filter.same_name_as if effect.filter is not None else None
    f = fixed(game, ability.targets[effect.target] if effect.subject == "target"
              and effect.target < len(ability.targets) else effect.filter, pool, source, p, split)
    if f is not effect.filter and effect.subject != "target":
        effect = replace(effect, filter=f)  # its amounts read now (search, discard, each)
    known = subjects(game, effect, ability, source, split, triggering)
    if effect.unless is not None and unless_paid(game, pool, effect, p, known):
        return False  # «a menos que tu oponente pague dos Oros»: paid, the step does nothing
    if effect.subject == "each" and effect.filter is not None:
        known = [i.id for i in game.cards.values()
                 if mismatch(game, effect.filter, i, p, source) is None]
        if copies_of is not None and split is not None:  # «sus copias»: not the target itself
            known = [iid for iid in known if iid not in split[copies_of]]
    return bool(verify(Step(game, pool, effect, ability, source, p, split, triggering, plan, f, known)))
