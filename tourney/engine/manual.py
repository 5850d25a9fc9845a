"""What the engine cannot check in a position (issue 24): the abilities whose result the
acting player states as an ``effect`` line (or announces with ``activate`` and then states),
for the opponent to accept or dispute. ``LegalActions.manual`` lists them beside the checked
actions; the engine applies such a line *unverified*, with its reason (6.3).
"""
from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..catalog.model import TALISMAN
from .abilities.events import tracked
from .abilities.model import Ability
from .abilities.replacements import prevention_checked

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .zones import Inst


@dataclass(frozen=True, slots=True)
class Manual:
    """An ability the engine cannot check: the player states its result as an ``effect``
    line (``verb`` "effect"), or announces it (``verb`` "activate") and then states it."""

    player: str
    source: str
    verb: str
    reason: str  # in Spanish: why the engine cannot check it


def manual_actions(game: Game, p: str, written: Collection[str]) -> Iterator[Manual]:
    """The manual actions of ``p`` now, one per card and verb; ``written``: the sources whose
    resolution the engine writes itself (legal's effect families)."""
    seen: set[tuple[str, str]] = set()
    for m in _manual(game, p, written):
        if (m.source, m.verb) not in seen:
            seen.add((m.source, m.verb))
            yield m


def _manual(game: Game, p: str, written: Collection[str]) -> Iterator[Manual]:
    g = game
    for source, res in g.resolutions.items():
        inst = g.cards[source]
        if res.controller != p:
            continue
        if inst.abilities is None or not inst.abilities.complete:
            yield Manual(p, source, "effect", f"el motor no conoce (del todo) las "
                                              f"habilidades de {inst.label()}")
        elif source not in written:
            yield Manual(p, source, "effect", f"el motor no sabe escribir el resultado de "
                                              f"{inst.label()}")
    for w in g.windows:  # a card just played whose text the engine does not know
        inst = g.cards[w.source]
        if w.player == p and w.kind == "card" and inst.card.type == TALISMAN \
                and (inst.abilities is None or not inst.abilities.complete):
            yield Manual(p, w.source, "effect", f"el motor no conoce el efecto de "
                                                f"{inst.label()}")
    for inst in g.in_play_list(p):
        known = inst.abilities
        if (known is None or not known.complete) and mentions_ability(inst):
            yield Manual(p, inst.id, "activate", f"el motor no conoce (del todo) las "
                                                 f"habilidades de {inst.label()}")
    for inst, ability in _unfollowed(g, p):
        yield Manual(p, inst.id, "effect", f"el motor aún no sigue una habilidad de "
                                           f"{inst.label()}: «{ability.text or ability.kind}»")


def unfollowed(ability: Ability) -> bool:
    """A trigger the engine does not fire (a delayed one, «Hasta la Fase Final, cuando …», an
    event it does not announce) or a replacement it does not apply: a line naming its card is
    accepted unverified (effects._unexplained), so the player states what it did."""
    if ability.kind == "replacement":
        return not prevention_checked(ability)
    return ability.kind == "triggered" and not tracked(ability)


def _unfollowed(g: Game, p: str) -> Iterator[tuple[Inst, Ability]]:
    """``p``'s known cards with an ability the engine does not follow: in play, and the
    cards it played this turn now in its Cementerio (a resolved Talismán's delayed trigger
    lasts until the Fase Final)."""
    played = {card for turn, kind, card, who in g.history
              if turn == g.turn and kind == "played" and who == p}
    cards = [*g.in_play_list(p), *(g.cards[i] for i in g.zone_of(p, "graveyard") if i in played)]
    for inst in cards:
        known = inst.abilities
        if known is None or not known.complete:
            continue  # listed above as a card the engine does not know
        found = next((a for a in known.abilities if unfollowed(a)), None)
        if found is not None:
            yield inst, found


def mentions_ability(inst: Inst) -> bool:
    text = inst.card.text or ""
    return ":" in text or "puedes" in text.lower()
