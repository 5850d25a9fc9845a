"""Delayed frames: what a card's text arms for later in the turn.

* «Hasta la Fase Final, cuando …, …» (a Talismán): a triggered ability that listens from the
  moment the card resolves until the Fase Final (``Trigger.delayed``).
* «Hasta la Fase Final, los Aliados oponentes pierden su habilidad» (a Talismán): the opening
  clause is the duration of the effects, as if written at the end.
* «En la Fase Final, Destierra ese Aliado» after a sentence that chose or played a card: at
  the Fase Final of that turn, the card the earlier sentence chose (``ref="earlier"``);
  ``earlier_reason`` checks, once the whole card is read, that the sentence before does
  choose exactly one card of that type.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...catalog.model import TALISMAN
from .parsed import Effect, Trigger
from .text import NotUnderstood

if TYPE_CHECKING:  # pragma: no cover
    from ..abilities.model import Ability

# the effects a duration applies to (lower._LASTING, in the grammar's words)
_LASTING = frozenset({"strength", "set_strength", "grant", "lose_keyword", "lose_ability",
                      "cannot_attack", "cannot_block", "race_becomes"})


def until_final_frame(trig: Trigger | None, effs: tuple[Effect, ...], card_type: str,
                      other_frames: bool) -> tuple[Trigger | None, tuple[Effect, ...]]:
    """«Hasta la Fase Final, …» opening a Talismán's sentence."""
    if card_type != TALISMAN or other_frames:
        raise NotUnderstood("«hasta la Fase Final» al comienzo de algo que no es un Talismán")
    if trig is not None:
        if trig.event in ("phase_start", "phase_end") or trig.would or trig.phase == "response":
            raise NotUnderstood("efecto diferido con un disparo de fase o en respuesta")
        return replace(trig, delayed=True), effs
    if not effs or any(e.kind not in _LASTING or e.until is not None or e.then or e.optional
                       or e.cond is not None for e in effs):
        raise NotUnderstood("«hasta la Fase Final, …» con efectos que no duran")
    return None, tuple(replace(e, until="end") for e in effs)


def at_final_phase(trig: Trigger, effs: tuple[Effect, ...]) -> tuple[Trigger, tuple[Effect, ...]]:
    """«En la Fase Final, Destruye ese Aliado»: «ese» is the card an earlier sentence chose."""
    if trig.event != "phase_start" or trig.phase != "final" or trig.whose is not None or \
            len(effs) != 1 or effs[0].cards is None or effs[0].cards.ref != "that" or \
            effs[0].kind not in ("destroy", "banish", "shuffle", "return", "to_hand"):
        return trig, effs
    eff = effs[0]
    assert eff.cards is not None
    return replace(trig, delayed=True), (replace(eff, cards=replace(eff.cards, ref="earlier")),)


def earlier_reason(before: tuple[Ability, ...] | None, abilities: tuple[Ability, ...]) -> str | None:
    """Why «ese Aliado» of a delayed ability has no antecedent (None: the ability just before
    chose exactly one card of that type)."""
    for ability in abilities:
        for eff in ability.effects:
            if eff.subject != "earlier":
                continue
            types = eff.filter.types if eff.filter is not None else ()
            if not before or not _chooses_one(before[-1], types):
                return "«ese/esa» sin antecedente: la frase anterior no elige una sola carta de ese tipo"
    return None


def _chooses_one(ability: Ability, types: tuple[str, ...]) -> bool:
    chosen = [t for t in ability.targets if not t.player]
    chosen += [e.filter for e in ability.effects if e.filter is not None and (
        (e.kind == "play_free" and e.subject == "chosen")
        or (e.kind == "search" and e.zone == "being_played"))]
    return len(chosen) == 1 and chosen[0].count == 1 and not chosen[0].up_to and \
        tuple(chosen[0].types) == tuple(types)
