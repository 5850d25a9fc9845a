"""The cards of a new game (3.2): each player's Oro inicial in their Reserva de Oro and the
rest of the deck as their Mazo Castillo, and what keeps the game from starting (an Oro inicial
that is not an Oro, two copies of a carta Única: 10.13)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..catalog.model import Card
from .abilities.continuous import is_static, own_keywords
from .abilities.model import CardAbilities
from .abilities.registry import abilities_for
from .errors import IllegalAction
from .keywords import UNIQUE
from .zones import Inst, Player

if TYPE_CHECKING:  # pragma: no cover
    from .state import State

_KNOWN: dict[int, tuple[Card, tuple[frozenset[str], CardAbilities | None, bool]]] = {}


def known(card: Card) -> tuple[frozenset[str], CardAbilities | None, bool]:
    """A card's own keywords, abilities and whether it has continuous ones: read once per
    card object for every game (again when the registry gives it other abilities)."""
    abilities = abilities_for(card)
    entry = _KNOWN.get(id(card))
    if entry is not None and entry[0] is card and entry[1][1] is abilities:
        return entry[1]
    if len(_KNOWN) > 20000:  # cards made on the fly (tests): keep it bounded
        _KNOWN.clear()
    found = (own_keywords(card, abilities), abilities, is_static(abilities))
    _KNOWN[id(card)] = (card, found)
    return found


def deal(state: State) -> None:
    """Every card of the header as an instance: the Oro inicial in the Reserva de Oro, the
    castle in its order (the header lists it top first)."""
    for setup in state.header.players:
        player = Player(setup.id, setup.name)
        state.players[setup.id] = player
        gid, gcard = setup.gold
        g = Inst(gid, gcard, setup.id, known(gcard))
        state.cards[gid] = g
        g.zone = "reserve"
        player.zones["reserve"][gid] = None
        for iid, card in reversed(setup.castle):
            state.cards[iid] = Inst(iid, card, setup.id, known(card))
            player.castle.append(iid)


def setup_problem(state: State) -> IllegalAction | None:
    """Why the game cannot start as the header says (None: it can)."""
    for setup in state.header.players:
        if not setup.gold[1].is_gold:
            return IllegalAction("3.2", f"{setup.name}: el Oro inicial {setup.gold[1].name} "
                                        f"({setup.gold[0]}) no es un Oro.")
        seen: dict[str, str] = {}
        for iid, card in (setup.gold, *setup.castle):
            if UNIQUE in state.cards[iid].base_kw:
                if card.identity in seen:
                    return IllegalAction("10.13", f"{setup.name} tiene dos copias de la carta "
                                                  f"Única {card.name} ({seen[card.identity]} "
                                                  f"y {iid}).")
                seen[card.identity] = iid
    return None
