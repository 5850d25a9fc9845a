"""Reading ability values against a position: does a card match a ``TargetFilter`` (and
why not), which cards do, how many an amount word counts, which player does a ``PLAYERS``
word name (seed 000, 8.2). Whether a ``Condition`` holds: ``condition_check``."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...catalog.model import ALLY, RACE_SCHOOL, TALISMAN, fold_accents
from .card_reads import IN_PLAY, has_race, printed_keyword, races_label, type_of
from .matcher import matcher
from .target_filter import TargetFilter

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

def player_of(game: State, word: str, controller: str, target_owner: str | None = None) -> str:
    if word == "opponent":
        return game.opponent(controller)
    if word == "active":
        return game.active
    if word in ("controller_of_target", "owner_of_target", "target") and target_owner:
        return target_owner
    return controller


def mismatch(game: State, f: TargetFilter, inst: Inst, controller: str,
             source: Inst | None, explain: bool = True) -> str | None:
    """Why ``inst`` does not match ``f`` (for the ability of ``source`` controlled by
    ``controller``), in Spanish; None when it matches. ``explain=False`` skips writing the
    reason (the hot path: ``matches``). The checks run in a fixed order (where the card is,
    what it is, its Fuerza and cost, its qualities, amounts read now, the situation): the
    first that fails gives the reason."""
    return (_place_mismatch(game, f, inst, controller, explain)
            or _identity_mismatch(game, f, inst, controller, source, explain)
            or _strength_and_cost_mismatch(game, f, inst, explain)
            or _quality_mismatch(game, f, inst, controller, source, explain)
            or _relative_mismatch(game, f, inst, controller, source, explain)
            or _situation_mismatch(game, f, inst, controller, source, explain))


def _place_mismatch(game: State, f: TargetFilter, inst: Inst, controller: str,
                    explain: bool) -> str | None:
    """The zone the card must be in and whose it must be (controlled in play, else owned)."""
    if f.zone == "in_play":
        if inst.zone not in IN_PLAY:
            return f"{inst.label()} no está en juego (está en {game.where(inst)})" if explain else _NO
    elif f.zone == "being_played":
        pass  # checked by the chain
    elif f.zone in ("defense", "attack", "support", "reserve", "paid"):
        if inst.zone != f.zone:
            return f"{inst.label()} no está en {_ZONE[f.zone]}" if explain else _NO
    elif f.zone in ("hand", "graveyard", "exile", "castle"):
        if inst.zone != f.zone and inst.zone not in f.also_zones:
            return f"{inst.label()} no está en {_ZONE[f.zone]}" if explain else _NO
    if f.controller != "any":
        whose = inst.controller if inst.zone in IN_PLAY else inst.owner
        if (f.controller == "you") != (whose == controller):
            return f"{inst.label()} {'no es tuyo' if f.controller == 'you' else 'no es de tu oponente'}" if explain else _NO
    return None


def _identity_mismatch(game: State, f: TargetFilter, inst: Inst, controller: str,
                       source: Inst | None, explain: bool) -> str | None:
    """What the card is: type, race, owner, Escuela, name, not the source («otro»)."""
    card = inst.card
    kind = type_of(inst)
    if f.types and kind not in f.types:
        return f"{inst.label()} es {kind}, no {' ni '.join(f.types)}" if explain else _NO
    if f.races and not has_race(game, inst, f.races):
        return f"{inst.label()} no es de Raza {' ni '.join(f.races)}" if explain else _NO
    if f.not_races and has_race(game, inst, f.not_races):
        return f"{inst.label()} es de Raza {races_label(game, inst)}" if explain else _NO
    if f.not_types and kind in f.not_types:
        return f"{inst.label()} es {kind}" if explain else _NO
    if f.owned is not None and (inst.owner == controller) != f.owned:
        return f"{inst.label()} {'no es tuyo' if f.owned else 'es tuyo'}" if explain else _NO
    if f.schools and RACE_SCHOOL.get(card.race or "") not in f.schools:
        return f"{inst.label()} no es de la Escuela {' ni '.join(f.schools)}" if explain else _NO
    if f.names and card.name not in f.names and fold_accents(card.name) not in map(fold_accents, f.names):
        return f"{inst.label()} no se llama {' ni '.join(f.names)}" if explain else _NO
    if f.other and source is not None and inst is source:
        return f"{inst.label()} es la propia carta («otro»)" if explain else _NO
    return None


def _strength_and_cost_mismatch(game: State, f: TargetFilter, inst: Inst,
                                explain: bool) -> str | None:
    """Fixed limits of Fuerza (an Aliado's, now) and of printed cost."""
    card = inst.card
    if f.max_strength is not None or f.min_strength is not None:
        strength = game.strength(inst) if card.type == ALLY else None
        if strength is None:
            return f"{inst.label()} no tiene Fuerza" if explain else _NO
        if f.max_strength is not None and strength > f.max_strength:
            return f"{inst.label()} tiene Fuerza {strength}, más de {f.max_strength}" if explain else _NO
        if f.min_strength is not None and strength < f.min_strength:
            return f"{inst.label()} tiene Fuerza {strength}, menos de {f.min_strength}" if explain else _NO
    if f.max_cost is not None and (card.cost or 0) > f.max_cost:
        return f"{inst.label()} tiene coste {card.cost}, más de {f.max_cost}" if explain else _NO
    if f.min_cost is not None and (card.cost or 0) < f.min_cost:
        return f"{inst.label()} tiene coste {card.cost}, menos de {f.min_cost}" if explain else _NO
    return None


def _quality_mismatch(game: State, f: TargetFilter, inst: Inst, controller: str,
                      source: Inst | None, explain: bool) -> str | None:
    """Keywords it has or lacks, an Arma borne, counters, attribute, ability text, and one of
    the alternatives of ``any_of``."""
    card = inst.card
    for k in f.keywords:
        if k not in inst.kw and not printed_keyword(inst, k):
            return f"{inst.label()} no tiene {k}" if explain else _NO
    for k in f.without:
        if k in inst.kw:
            return f"{inst.label()} tiene {k}" if explain else _NO
    if f.bearing_weapon is not None and bool(inst.weapons) != f.bearing_weapon:
        return f"{inst.label()} {'no porta' if f.bearing_weapon else 'porta'} un Arma" if explain else _NO
    if f.counter is not None and not inst.counters.get(f.counter):
        return f"{inst.label()} no tiene contadores de {f.counter}" if explain else _NO
    if f.no_counter is not None and inst.counters.get(f.no_counter):
        return f"{inst.label()} tiene contadores de {f.no_counter}" if explain else _NO
    if f.attribute is not None and card.attribute != f.attribute:
        return f"{inst.label()} no es {f.attribute}" if explain else _NO
    if f.with_ability is not None and bool((card.text or "").strip()) != f.with_ability:
        return f"{inst.label()} {'no tiene' if f.with_ability else 'tiene'} habilidad" if explain else _NO
    if f.any_of and not any(
            mismatch(game, _loose(g), inst, controller, source, False) is None for g in f.any_of):
        return f"{inst.label()} no es {' ni '.join(g.noun() for g in f.any_of)}" if explain else _NO
    return None


def _relative_mismatch(game: State, f: TargetFilter, inst: Inst, controller: str,
                       source: Inst | None, explain: bool) -> str | None:
    """Limits read from the position now: a cost or Fuerza up to an amount («igual o menor
    a …»), the least or greatest Fuerza among the cards that match the rest."""
    card = inst.card
    if f.max_cost_from is not None:
        limit = dynamic_amount(game, f.max_cost_from, f.from_filter, controller, source)
        if limit is not None and f.strict_from:
            limit -= 1
        if limit is not None and (card.cost or 0) > limit:
            return f"{inst.label()} tiene coste {card.cost}, más de {limit}" if explain else _NO
    if f.max_strength_from is not None:
        limit = dynamic_amount(game, f.max_strength_from, f.from_filter, controller, source)
        if limit is not None and f.strict_from:
            limit -= 1
        if limit is not None and game.strength(inst) > limit:
            return (f"{inst.label()} tiene Fuerza {game.strength(inst)}, más de {limit}"
                    if explain else _NO)
    if f.extreme is not None:  # «el Aliado oponente de menor Fuerza»: among the others that match
        rivals = [game.strength(i) for i in candidates(game, replace(f, extreme=None), controller,
                                                        source)]
        best = (min(rivals) if f.extreme == "min_strength" else max(rivals)) if rivals else None
        if card.type != ALLY or game.strength(inst) != best:
            return (f"{inst.label()} no es el de {'menor' if f.extreme == 'min_strength' else 'mayor'}"
                    " Fuerza" if explain else _NO)
    return None


def _situation_mismatch(game: State, f: TargetFilter, inst: Inst, controller: str,
                        source: Inst | None, explain: bool) -> str | None:
    """The card's situation: its name shared with a target (known when the effect resolves),
    attacking, blocking, blocked, an attribute it must not have, how it was played, what it
    targets."""
    if f.same_name_as is not None:  # read when the effect resolves (verify.fixed), never here
        return f"{inst.label()}: el nombre se conoce al resolver" if explain else _NO
    if f.attacking is not None and (inst.zone == "attack") != f.attacking:
        return f"{inst.label()} {'no está atacando' if f.attacking else 'está atacando'}" if explain else _NO
    if f.blocking is not None and (inst.id in game.blocks.values()) != f.blocking:
        return f"{inst.label()} {'no es' if f.blocking else 'es'} bloqueador" if explain else _NO
    if f.blocked is not None and (inst.id in game.blocks) != f.blocked:
        return f"{inst.label()} {'no fue' if f.blocked else 'fue'} bloqueado" if explain else _NO
    if f.not_attribute is not None and inst.card.attribute == f.not_attribute:
        return f"{inst.label()} es {f.not_attribute}" if explain else _NO
    if (f.played_free is not None or f.played_from_hand is not None) and (why := _played(game, inst, f)):
        return why if explain else _NO
    if f.targeting is not None and not _aims_at(game, inst, f.targeting, controller, source):
        return (f"{inst.label()} no hace objetivo a "
                f"{replace(f.targeting, targets=False).describe()}" if explain else _NO)
    return None


def _played(game: State, inst: Inst, f: TargetFilter) -> str | None:
    """How the card being played was played (seed 000, 3: «sin pagar su coste» is without paying
    its Oros, by an effect or an alternative cost). A card of cost 0 pays nothing either way: not
    known, not a mismatch."""
    for window in game.windows:
        if window.source == inst.id and window.kind == "card":
            if f.played_free is not None and (inst.card.cost or 0) > 0 and window.free != f.played_free:
                return f"{inst.label()} {'se jugó pagando' if f.played_free else 'se jugó sin pagar'} su coste"
            if f.played_from_hand is not None and (window.from_zone == "hand") != f.played_from_hand:
                return f"{inst.label()} {'no ' if f.played_from_hand else ''}se jugó desde la mano de su dueño"
            return None
    return None


def _aims_at(game: State, inst: Inst, aimed: TargetFilter, controller: str, source: Inst | None) -> bool:
    """«un Talismán que haga objetivo a un Aliado que controles»: one of the targets the record
    names for ``inst`` (being played) matches ``aimed``. With no targets named, only a card whose
    abilities are all known is known to target nothing; otherwise it may (not a mismatch)."""
    for window in game.windows:
        if window.source == inst.id and window.kind == "card":
            if window.targets:
                return any(mismatch(game, aimed, game.cards[t], controller, source, False) is None
                           for t in window.targets if t in game.cards)
            break
    known = inst.abilities
    return known is None or not known.complete


def _loose(f: TargetFilter) -> TargetFilter:
    """A sub-filter of ``any_of``: its zone and controller are the outer filter's business."""
    return replace(f, zone="being_played") if f.zone == "in_play" else f


def dynamic_amount(game: State, word: str, counted: TargetFilter | None, controller: str,
                   source: Inst | None) -> int | None:
    """The number an ``AMOUNT_SOURCES`` word names now (None: not known here)."""
    if word == "count" and counted is not None:
        return len(candidates(game, counted, controller, source))
    if word == "allies_you_control":
        return sum(1 for i in game.in_play_list(controller) if i.card.type == ALLY)
    if word == "hand_size":
        return len(game.zone_of(controller, "hand"))
    if word == "entered_this_turn" and counted is not None:  # the same count as the condition
        return sum(1 for turn, iid, pid in game.entered if turn == game.turn and pid == controller
                   and matches_off_zone(game, counted, game.cards[iid], controller, source))
    if source is None:
        return None
    if word == "strength_of_self":
        return game.strength(source)
    if word == "strength_of_bearer" and source.bearer:
        return game.strength(game.cards[source.bearer])
    return None


def target_count(game: State, f: TargetFilter, controller: str, source: Inst | None,
                 unknown: int) -> int:
    """How many cards ``f`` takes at most: ``count``, or its ``count_from`` amount now
    (``unknown`` when it cannot be known here)."""
    if f.count_from is None:
        return f.count
    n = dynamic_amount(game, f.count_from, f.from_filter, controller, source)
    return unknown if n is None else n


def matches(game: State, f: TargetFilter, inst: Inst, controller: str,
            source: Inst | None) -> bool:
    return mismatch(game, f, inst, controller, source, False) is None


_NO = "no"
_ZONE = {"hand": "la mano", "graveyard": "el Cementerio", "exile": "la Zona de Destierro",
         "castle": "el Mazo Castillo", "defense": "la Línea de Defensa",
         "attack": "la Línea de Ataque", "support": "la Línea de Apoyo",
         "reserve": "la Reserva de Oro", "paid": "la Zona de Oro Pagado"}


def resolving_card(game: State, source: Inst | None) -> str | None:
    """2.3 / 8.1 E: a Talismán resolves while it goes to the Cementerio: it is not there yet
    (Forma de Oni does not count itself). The id of ``source`` while it resolves as a card."""
    if source is None or source.card.type != TALISMAN:
        return None
    res = game.resolutions.get(source.id)
    return source.id if res is not None and res.kind == "card" else None


def candidates(game: State, f: TargetFilter, controller: str, source: Inst | None) -> list[Inst]:
    if f.zone in ("graveyard", "exile", "any", None) and resolving_card(game, source):
        return [i for i in _candidates(game, f, controller, source) if i is not source]
    return _candidates(game, f, controller, source)


def _candidates(game: State, f: TargetFilter, controller: str, source: Inst | None) -> list[Inst]:
    if f.zone == "in_play":  # both players' cards in play of those types, cached per change
        test = matcher(f)
        if test is not None:
            return [i for i in game.in_play_typed(f.types) if test(game, i, controller, source)]
        return [i for i in game.in_play_typed(f.types)
                if mismatch(game, f, i, controller, source, False) is None]
    pool: list[Inst]
    if f.zone in ("defense", "attack", "support", "reserve", "paid", "hand", "graveyard",
                    "exile"):
        pool = [game.cards[iid] for pid in game.order for iid in game.zone_of(pid, f.zone)]
    elif f.zone == "castle":
        pool = [game.cards[iid] for pid in game.order for iid in game.players[pid].castle]
    else:
        pool = list(game.cards.values())
    if f.types:
        pool = [i for i in pool if type_of(i) in f.types]
    test = matcher(f)
    if test is not None:
        return [i for i in pool if test(game, i, controller, source)]
    return [i for i in pool if mismatch(game, f, i, controller, source, False) is None]


def matches_off_zone(game: State, f: TargetFilter, inst: Inst, controller: str,
                     source: Inst | None) -> bool:
    """A filter applied to a card outside play (its zone was already chosen)."""
    if f.types and type_of(inst) not in f.types:
        return False
    if f.races and not has_race(game, inst, f.races):
        return False
    if f.not_types and type_of(inst) in f.not_types:
        return False
    if f.max_cost is not None and (inst.card.cost or 0) > f.max_cost:
        return False
    if f.min_cost is not None and (inst.card.cost or 0) < f.min_cost:
        return False
    return True
