"""Does a ``Condition`` hold now (seed 000, 4.2: «si …», «mientras …»): one small check per
condition word (``CONDITION_CHECKS``), read against the position for the card whose ability
it is and the player who controls that ability."""
from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Callable
from dataclasses import replace

from ...catalog.model import ALLY
from .card_reads import IN_PLAY
from .condition import Condition
from .evaluate import matches_off_zone, mismatch, player_of, resolving_card
from .kinds.played_kinds import HOW_PLAYED, how_played
from .matcher import matcher
from .target_filter import TargetFilter

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

# the events a «… este turno» condition asks about (happened_this_turn); the game keeps them
# in ``State.history``
HISTORY = frozenset({"attack_declared", "destroyed", "banished", "played"})


def holds(game: State, cond: Condition | None, source: Inst, controller: str) -> bool:
    """Whether ``cond`` holds now for the ability of ``source`` that ``controller`` controls
    (no condition always holds; a word without a check never does)."""
    if cond is None:
        return True
    check = CONDITION_CHECKS.get(cond.kind)
    return check is not None and check(game, cond, source, controller)


Check = Callable[["State", Condition, "Inst", str], bool]

_ANY_CARD = TargetFilter()
_NOT_OTHER: dict[int, tuple[TargetFilter, TargetFilter]] = {}


def _not_other(f: TargetFilter) -> TargetFilter:
    """``f`` without «demás» (made once per filter value)."""
    entry = _NOT_OTHER.get(id(f))
    if entry is None or entry[0] is not f:
        if len(_NOT_OTHER) > 20000:
            _NOT_OTHER.clear()
        entry = _NOT_OTHER[id(f)] = (f, replace(f, other=False))
    return entry[1]


# -- the card itself -------------------------------------------------------------------------

def _always(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return True


def _how_played(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    """«si pagaste su coste», «si lo jugaste de tu mano»: when how it was played is unknown,
    taken as true (its line stays unverified: ``played_kinds.undecided_now``)."""
    return how_played(game, cond, source) is not False


def _in_zone(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    zone = cond.zone or "in_play"
    return source.zone in IN_PLAY if zone == "in_play" else source.zone == zone


def _bears_weapon(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return bool(source.weapons)


def _bears_no_weapon(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return not source.weapons


def _has_counters(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return source.counters.get(cond.counter or "", 0) >= cond.count


def _strength_at_least(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return game.strength(source) >= cond.count


def _bearer_is(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    if not source.bearer:
        return False
    return mismatch(game, cond.filter or TargetFilter(), game.cards[source.bearer],
                    controller, source, False) is None


# -- combat ----------------------------------------------------------------------------------

def _attacking(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return source.zone == "attack" and source.id in game.attackers


def _blocking(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return source.id in game.blocks.values()


def _blocked(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return source.id in game.blocks


def _unblocked(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    """Subject "bearer": the Aliado that bears this Arma."""
    who = source.bearer if cond.subject == "bearer" else source.id
    return who is not None and who in game.attackers and who not in game.blocks


def _dealt_castle_damage(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    hitter: str | None = source.bearer if cond.subject == "bearer" else source.id
    return hitter is not None and (game.turn, hitter) in game.damaged


# -- what the players control and hold ---------------------------------------------------------

def _controls(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    """«si controlas (al menos N) …», «si no controlas …», «si tu oponente controla …»."""
    kind = cond.kind
    who = game.opponent(controller) if kind == "opponent_controls" else controller
    f = cond.filter or _ANY_CARD
    mine = game.in_play_list(who)
    test = matcher(f)
    if test is not None:
        n = sum(1 for i in mine if test(game, i, who, source) and not (f.other and i is source))
    else:
        n = sum(1 for i in mine if mismatch(game, f, i, who, source, False) is None
                and not (f.other and i is source))
    return n == 0 if kind == "controls_none" else n >= cond.count


def _all_allies(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    """«todos los (demás) Aliados que controlas»."""
    f = cond.filter or _ANY_CARD
    others = f.other
    allies = [i for i in game.in_play_list(controller)
              if i.card.type == ALLY and not (others and i is source)]
    if others:
        f = _not_other(f)
    test = matcher(f)
    if test is not None:
        return (bool(allies) or others) and all(test(game, i, controller, source) for i in allies)
    return (bool(allies) or others) and all(
        mismatch(game, f, i, controller, source, False) is None for i in allies)


def _controls_more(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    """«si controlas más Aliados que tu oponente» (``player``: who has more)."""
    more = player_of(game, cond.player, controller)
    f = cond.filter or TargetFilter()
    counts = [sum(1 for i in game.in_play_list(pid) if mismatch(game, f, i, pid, source, False) is None)
              for pid in (more, game.opponent(more))]
    return counts[0] > counts[1]


def _zone_count(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    """«si hay N … en tu Cementerio», «si no hay otros Aliados en tu Cementerio»."""
    who = player_of(game, cond.player, controller)
    zone = cond.zone or "graveyard"
    f = cond.filter or TargetFilter(zone=zone)
    ids = game.players[who].castle if zone == "castle" else game.zone_of(who, zone)
    n = sum(1 for iid in ids
            if matches_off_zone(game, f, game.cards[iid], controller, source)
            and not ((f.other or resolving_card(game, source)) and iid == source.id))
    return n == 0 if cond.kind == "zone_empty" else n >= cond.count


def _castle_at_most(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return len(game.players[controller].castle) <= cond.count


def _hand_at_most(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return len(game.zone_of(controller, "hand")) <= cond.count


# -- the turn ------------------------------------------------------------------------------------

def _phase(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    now = {"vigil": "vigil", "block": "block", "war": "war", "discard": "draw"}.get(
        game.phase, game.phase)
    return now == cond.phase


def _your_turn(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return game.active == controller


def _opponent_turn(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return game.active != controller


def _entered_this_turn(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    f = cond.filter or TargetFilter()
    whose = game.opponent(controller) if cond.kind == "opponent_entered_this_turn" else controller
    n = sum(1 for turn, iid, pid in game.entered if turn == game.turn and pid == whose
            and matches_off_zone(game, f, game.cards[iid], controller, source)
            and not (f.other and iid == source.id))
    return n >= cond.count


def _happened(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    """«si jugaste un Talismán este turno», «si un Aliado oponente fue Destruido este turno»,
    «si este Aliado fue declarado atacante este turno» (no filter: the card itself)."""
    f = cond.filter
    if f is not None and f.zone == "in_play":
        f = replace(f, zone="being_played")  # where the card is now does not matter
    for turn, kind, card, player in reversed(game.history):
        if turn != game.turn:
            break
        if kind != cond.event or card is None:
            continue
        if cond.player == "you" and player != controller:
            continue
        if cond.player == "opponent" and player == controller:
            continue
        if f is None:
            if card == source.id:
                return True
        elif mismatch(game, f, game.cards[card], controller, source, False) is None:
            return True
    return False


# -- combined ------------------------------------------------------------------------------------

def _not(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return not all(holds(game, c, source, controller) for c in cond.of)


def _all_of(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return all(holds(game, c, source, controller) for c in cond.of)


def _any_of(game: State, cond: Condition, source: Inst, controller: str) -> bool:
    return any(holds(game, c, source, controller) for c in cond.of)


CONDITION_CHECKS: dict[str, Check] = {
    "always": _always,
    **{kind: _how_played for kind in HOW_PLAYED},
    "in_zone": _in_zone,
    "bears_weapon": _bears_weapon,
    "bears_no_weapon": _bears_no_weapon,
    "has_counters": _has_counters,
    "strength_at_least": _strength_at_least,
    "bearer_is": _bearer_is,
    "attacking": _attacking,
    "blocking": _blocking,
    "blocked": _blocked,
    "unblocked": _unblocked,
    "dealt_castle_damage": _dealt_castle_damage,
    "controls": _controls,
    "controls_none": _controls,
    "opponent_controls": _controls,
    "all_allies": _all_allies,
    "controls_more": _controls_more,
    "zone_count": _zone_count,
    "zone_empty": _zone_count,
    "castle_at_most": _castle_at_most,
    "hand_at_most": _hand_at_most,
    "phase": _phase,
    "your_turn": _your_turn,
    "opponent_turn": _opponent_turn,
    "entered_this_turn": _entered_this_turn,
    "opponent_entered_this_turn": _entered_this_turn,
    "happened_this_turn": _happened,
    "not": _not,
    "all_of": _all_of,
    "any_of": _any_of,
}
