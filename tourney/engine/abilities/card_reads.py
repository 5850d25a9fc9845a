"""What a card is where it is now: its type (an Espectral card in a Cementerio is a Talismán,
10.24), its races (§1 Raza: a continuous «se considera de Raza X» adds one), the keywords it
prints and whether it is in play. Read by the filters (evaluate.mismatch and matcher.matcher)
and by the effect homes."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...catalog.model import TALISMAN, fold_accents

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State
    from ..zones import Inst

IN_PLAY = frozenset({"reserve", "paid", "defense", "attack", "support", "weapon"})


def has_race(game: State, inst: Inst, races: tuple[str, ...]) -> bool:
    """Whether the card is of one of ``races``: its own race, or one a continuous «se
    consideran de Raza X» adds to it (§1 Raza: the race is added, not replaced; 4.1)."""
    if inst.card.race in races:
        return True
    given = game.race_given
    return bool(given) and any(r in races for r in given.get(inst.id, ()))


def races_label(game: State, inst: Inst) -> str:
    races = [r for r in (inst.card.race, *game.race_given.get(inst.id, ())) if r]
    return " y ".join(dict.fromkeys(races)) or "ninguna"


def type_of(inst: Inst) -> str:
    """The card's type where it is: an Espectral card is a Talismán while it is in a
    Cementerio (10.24)."""
    if inst.zone == "graveyard" and inst.card.type != TALISMAN and \
            "Espectral" in (inst.card.text or "") and printed_keyword(inst, "Espectral"):
        return TALISMAN
    return inst.card.type


def printed_keyword(inst: Inst, keyword: str) -> bool:
    """A keyword the engine does not track in ``Inst.kw`` (Espectral, Ilusión, Exhumar…): the
    card has it as a keyword ability of its own; with its abilities not all known, its text
    naming it is enough (not known to lack it: not a mismatch)."""
    from ..keywords import ENGINE_KEYWORDS

    if keyword in ENGINE_KEYWORDS:
        return False
    known = inst.abilities
    if known is not None and known.complete:
        return not inst.lost and any(a.kind == "keyword" and a.keyword == keyword and a.condition is None
                                     for a in known.abilities)
    return fold_accents(keyword) in fold_accents(inst.card.text or "")
