"""«Convertir este Tótem / Oro en un Aliado (de Raza X) con Fuerza N hasta la Fase Final»
(seed 000: the Convertir entries of the Tótem and Aliado sections and of the glossary).

While converted the card *is* an Aliado for every rule: its type, Fuerza and Raza are the
conversion's (``Inst.card`` is swapped for a copy with those characteristics; the printed
card is kept in ``State.converted``). It is the same card in play — it does not enter play,
so whether it may attack still depends on being in play since its controller's last
Agrupación (Furia aside) — and it moves to the Línea de Defensa. When the conversion ends
(9 D e, «hasta la Fase Final») it is its printed type again and goes back to the Línea de
Apoyo (a Tótem) or the Zona de Oro Pagado (an Oro); an Arma it carried is Destroyed (no
valid bearer). If it leaves play while converted, it left play as an Aliado: the triggers
of that action see an Aliado, and then it is its printed card again out of play.

The Fuerza «igual a la cantidad de …» is read when the conversion resolves (the rules do not
say whether it follows the count afterwards): such lines stay unverified (``Plan.doubt``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...catalog.model import ALLY, GOLD, TOTEM
from ..keywords import INDESTRUCTIBLE
from .card_reads import IN_PLAY

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State
    from .model import CardAbilities
    from .effect_value import Effect
    from .verify_pool import Plan, Pool

CONVERTIBLE = (TOTEM, GOLD)


def converts_itself(known: CardAbilities | None) -> bool:
    """Whether some ability of the card converts the card itself into an Aliado."""
    return known is not None and any(
        e.kind == "become_ally" and e.subject == "self"
        for a in known.abilities for e in a.effects)


def explain(game: State, pool: Pool, effect: Effect, source: Inst, p: str, plan: Plan) -> bool:
    """The conversion step of an ``effect`` line: the line may show the card moving to the
    Línea de Defensa (or nothing); the engine applies the rest (``convert``)."""
    from .verify_pool import Unverifiable
    from .verify_amounts import amount

    if effect.subject != "self" or effect.duration.kind != "end_of_turn":
        raise Unverifiable("conversión de otra carta o sin «hasta la Fase Final»")
    if source.zone not in IN_PLAY or (source.card.type not in CONVERTIBLE
                                      and source.id not in game.converted):
        raise Unverifiable("conversión de una carta que no es Tótem ni Oro en juego")
    if pool.moves.get(source.id) == "defense":
        del pool.moves[source.id]
    strength = amount(game, effect, source, p, pool)
    if effect.amount_from is not None:
        plan.doubt = "Fuerza igual a una cantidad: el motor la lee al resolverse"
    plan.extras.append((replace(effect, amount=strength, amount_from=None), (source.id,)))
    return True


def convert(game: State, inst: Inst, strength: int, race: str | None) -> None:
    """The card becomes an Aliado of that Fuerza (and Raza) in its controller's Línea de
    Defensa, without entering play."""
    if inst.zone not in IN_PLAY:
        return
    printed = game.converted.setdefault(inst.id, inst.card)
    inst.card = replace(printed, type=ALLY, strength=strength, race=race)
    game.affected.add(inst.id)
    game.changes += 1
    game.play_changes += 1  # the cards of each type in play (cached lists) changed
    if inst.zone not in ("defense", "attack"):
        game._put(inst, "defense", inst.controller)


def revert(game: State, inst: Inst) -> None:
    """The conversion ends: the printed card again; in play, back to its own zone and its
    Armas Destroyed (2.2: no valid bearer)."""
    printed = game.converted.pop(inst.id, None)
    if printed is None:
        return
    inst.card = printed
    game.affected.add(inst.id)
    game.changes += 1
    game.play_changes += 1
    if inst.zone not in IN_PLAY:
        return
    for wid in list(inst.weapons):
        weapon = game.cards[wid]
        game._detach(weapon)
        if INDESTRUCTIBLE in weapon.kw:  # stays in the Línea de Apoyo
            game._put(weapon, "support", weapon.controller)
        else:
            game._put(weapon, "graveyard")
    home = "paid" if printed.type == GOLD else "support"
    if inst.zone != home:
        game._put(inst, home, inst.controller)


def end_of_turn(game: State) -> None:
    """9 D e: the conversions «hasta la Fase Final» end."""
    for iid in sorted(game.converted):
        revert(game, game.cards[iid])


def revert_gone(game: State) -> None:
    """Converted cards that left play (after the triggers of that action saw an Aliado)
    are their printed card again."""
    if game.converted:
        for iid in [i for i in game.converted if game.cards[i].zone not in IN_PLAY]:
            revert(game, game.cards[iid])
