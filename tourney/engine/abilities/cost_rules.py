"""Whether the Oros a card costs may differ from its printed cost (10.16: reductions and
increases are continuous abilities or effects of other cards: «te cuesta un Oro menos jugar
Tótems», «el coste de las Armas se reduce en 1 Oro hasta la Fase Final», «Reduce el coste de
este Aliado en 1 Oro por cada …»).

The engine does not compute the changed cost yet. A ``play`` line that pays a number of Oros
other than the printed cost stays *unverified* (``play``) when a compiled cost change may
apply to the card; otherwise it is illegal (8.1), as before."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .evaluate import IN_PLAY, holds, matches

if TYPE_CHECKING:  # pragma: no cover
    from ..state import Inst, State

_ZONES = IN_PLAY | {"graveyard", "exile"}  # a Talismán that resolved this turn is there


def cost_may_change(game: State, played: Inst) -> bool:
    """The card's own cost change, a continuous one of a card in play whose filter takes it,
    or a cost change «hasta la Fase Final» of a card in play, a Cementerio or a Destierro (the
    engine does not know whether it was used this turn)."""
    for inst in game.cards.values():
        known = inst.abilities
        if known is None or (inst.zone not in _ZONES and inst is not played):
            continue
        for ability in known.abilities:
            for effect in ability.effects:
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
