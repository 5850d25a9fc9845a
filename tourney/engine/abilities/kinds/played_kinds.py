"""The homes of the conditions on how a card was played: «si pagaste su coste» (``paid_cost``)
and «si lo jugaste de tu mano / desde tu Cementerio» (``played_from``).

A ``play`` line notes how the card was played (``note_play``: from which zone, and whether its
Oros were paid — with Oros of the Reserva or virtual ones, §2.5; a cost alternativo or nothing
paid is «sin pagar su coste», as the rules read «jugar sin pagar su coste»). The note
holds while the card stays where it landed (an Aliado, Arma or Tótem in play since then) or
while the Talismán resolves. ``how_played`` decides the condition from it; when there is no
note — the card came into play another way (an effect that plays it, Ilusión…), or its cost is
0 — the engine cannot tell (None): a trigger fires as before and its line stays *unverified*
(``verify_steps``), never illegal."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..card_reads import IN_PLAY
from .base import ENFORCED, declare

if TYPE_CHECKING:  # pragma: no cover
    from ...state import State
    from ...zones import Inst
    from ..condition import Condition

HOW_PLAYED = frozenset({"paid_cost", "played_from"})


def note_play(game: Any, inst: Inst, origin: str, paid: bool) -> None:
    """After a ``play`` line landed ``inst``: played from ``origin``, its Oros paid or not."""
    since = inst.since if inst.zone in IN_PLAY else None  # a Talismán: while it resolves
    known = paid if (inst.card.cost or 0) > 0 else None  # cost 0: «pagaste su coste» is unclear
    game.played_how = {**game.played_how, inst.id: (since, origin, known)}


def _note(game: State, source: Inst) -> tuple[str, bool | None] | None:
    note = game.played_how.get(source.id)
    if note is None:
        return None
    since, origin, paid = note
    if since is None:
        res = game.resolutions.get(source.id)
        current = source.zone not in IN_PLAY and res is not None and res.kind == "card"
    else:
        current = source.zone in IN_PLAY and source.since == since
    return (origin, paid) if current else None


def how_played(game: State, cond: Condition, source: Inst) -> bool | None:
    """Whether ``cond`` («pagaste su coste», «lo jugaste de …») holds for ``source``; None
    when the engine cannot tell."""
    note = _note(game, source)
    if note is None:
        return None
    origin, paid = note
    if cond.kind == "paid_cost":
        return paid
    return origin == (cond.zone or "hand")


def undecided_now(game: State, cond: Condition | None, source: Inst) -> bool:
    """Some part of ``cond`` is a condition on how ``source`` was played the engine cannot
    tell now."""
    if cond is None:
        return False
    if cond.kind in HOW_PLAYED and how_played(game, cond, source) is None:
        return True
    return any(undecided_now(game, c, source) for c in cond.of)


for _word in sorted(HOW_PLAYED):
    # condition_check.holds reads ``how_played``; unknown: the line stays unverified (verify_steps)
    declare("condition", _word, decide=ENFORCED)
