"""What the continuous abilities of one game can read (4.1), so that ``continuous.recompute``
skips a recomputation that would give exactly what it gave last time.

``reads(game)`` walks, once per game, the conditions and filters of every card whose
continuous abilities or conditional keywords the recomputation evaluates, and says which
parts of a position they can tell apart: the phase, the attackers and blocks, the Línea
or Oro zone a card in play is in. Everything it does not recognise (a condition kind, a
filter field or an amount word it was not written for, a filter reaching cards out of play)
makes it answer None: then nothing is skipped by content, only by the change counters.

``fingerprint(game, what)`` is then the part of the position those abilities read — every
card in play with its controller, its bearer and Armas, Fuerza changes, counters, effects
until the Fase Final, and also what the last recomputation wrote (keywords, Fuerza bonus,
lost abilities, given races): equal fingerprints mean the recomputation reads equal inputs.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .condition import Condition
from .effect_value import Effect
from .target_filter import TargetFilter

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State
    from ..zones import Inst

_IN_PLAY = frozenset({"reserve", "paid", "defense", "attack", "support", "weapon"})
_IN_PLAY_ORDER = ("defense", "attack", "support", "weapon", "reserve", "paid")


@dataclass(frozen=True, slots=True)
class Reads:
    phase: bool = False  # the phase («durante la Guerra de Talismanes»)
    combat: bool = False  # the attackers and blocks
    zones: bool = False  # which zone in play (Línea de Defensa / Ataque, Reserva / Pagado…)
    active: bool = False  # whose turn it is (also the 7.1 D order, when it decides)
    turn: bool = False  # … read by a condition itself («durante tu turno», a player «activo»)
    types: frozenset[str] | None = None  # the card types its filters can match (None: any)
    # what a recomputation writes and reads back: keywords, Fuerza, races, lost abilities
    kw: bool = False
    strength: bool = False
    race: bool = False
    lost: bool = False
    # the game's cards of those types or with continuous abilities (None: every card)
    relevant: frozenset[str] | None = None


# condition kinds whose reads the fingerprint holds (the cards in play and their fields);
# the conditions on zones out of play (zone_count …) enter the key through their truth
_CONDITION_READS: dict[str, frozenset[str]] = {
    "always": frozenset(), "bears_weapon": frozenset(), "bears_no_weapon": frozenset(),
    "controls": frozenset(), "controls_none": frozenset(), "opponent_controls": frozenset(),
    "all_allies": frozenset(), "your_turn": frozenset({"active"}),
    "opponent_turn": frozenset({"active"}),
    "has_counters": frozenset(), "bearer_is": frozenset(),
    "strength_at_least": frozenset({"strength"}),
    "attacking": frozenset({"combat", "zones"}), "blocking": frozenset({"combat"}),
    "blocked": frozenset({"combat"}), "unblocked": frozenset({"combat"}),
    "phase": frozenset({"phase"}),
    "not": frozenset(), "all_of": frozenset(), "any_of": frozenset(),
}
# read through ``continuous._off_play_conditions``: their truth is part of the key
OFF_PLAY_CONDITIONS = frozenset({"zone_count", "zone_empty", "castle_at_most", "hand_at_most",
                                 "entered_this_turn", "opponent_entered_this_turn", "dealt_castle_damage"})

# filter fields read from the card itself (its printed data or its fields in play)
_PLAIN_FIELDS = frozenset({
    "types", "schools", "names", "controller", "min_cost", "max_cost", "other", "count",
    "up_to", "targets", "player", "bearing_weapon", "attribute", "with_ability",
    "not_types", "owned", "same_zone"})
_OUTPUT_FIELDS = {"races": "race_read", "not_races": "race_read", "keywords": "kw", "without": "kw",
                  "min_strength": "strength", "max_strength": "strength"}
_AMOUNT_READS = {"allies_you_control": frozenset({"type:Aliado"}), "count": frozenset(),
                 "strength_of_self": frozenset({"strength"}),
                 "strength_of_bearer": frozenset({"strength", "type:Aliado"})}
_DEFAULTS = {f.name: f.default for f in fields(TargetFilter)}
# what the recomputation reads of an effect (``_effect``), and the fields it never reads
_EFFECT_FIELDS = frozenset({
    "kind", "subject", "filter", "amount", "amount_from", "count_filter", "keyword",
    "target", "player", "zone", "counter", "duration", "optional", "then", "random", "unless",
    "unless_player", "condition", "rest_zone", "by"})
_EFFECT_DEFAULTS = {f.name: (f.default if f.default is not MISSING else None)
                    for f in fields(Effect) if f.default_factory is MISSING}
_CONDITION_FIELDS = frozenset({"kind", "filter", "count", "zone", "player", "phase", "counter",
                               "of", "subject", "event"})
# read back by the sources after it (7.1 D: the active player's first)
_OUTPUT_EFFECTS = {"lose_abilities": ("lost", "order"), "race_becomes": ("race_write", "order"),
                   "strength": ("strength_write",)}
_COUNTING = frozenset({"controls", "controls_none", "opponent_controls", "bearer_is"})


class _Unknown(Exception):
    pass


def _types(f: TargetFilter, out: set[str]) -> None:
    """The card types a filter that counts or hits cards can match ("type:*": any)."""
    if f.types:
        out.update(f"type:{t}" for t in f.types)
    elif f.any_of and all(g.types for g in f.any_of):
        out.update(f"type:{t}" for g in f.any_of for t in g.types)
    else:
        out.add("type:*")


def _filter(f: TargetFilter | None, out: set[str]) -> None:
    if f is None:
        return
    for name, default in _DEFAULTS.items():
        value = getattr(f, name)
        if value == default or name in _PLAIN_FIELDS:
            continue
        if name in _OUTPUT_FIELDS:
            out.add(_OUTPUT_FIELDS[name])
        elif name == "zone":
            if value in _IN_PLAY:
                out.add("zones")
            elif value != "being_played":
                raise _Unknown(value)  # cards out of play: not in the fingerprint
        elif name == "attacking":
            out.add("zones")
        elif name in ("blocking", "blocked"):
            out.add("combat")
        elif name == "any_of":
            for sub in value:
                _filter(sub, out)
        elif name in ("max_cost_from", "max_strength_from"):
            if value not in _AMOUNT_READS:
                raise _Unknown(value)
            out.update(_AMOUNT_READS[value])
            if name == "max_strength_from":
                out.add("strength")
        elif name == "from_filter":
            _types(value, out)
            _filter(value, out)
        else:
            raise _Unknown(name)


def _condition(c: Condition | None, out: set[str]) -> None:
    if c is None:
        return
    for f in fields(c):
        if f.name not in _CONDITION_FIELDS and getattr(c, f.name) != f.default:
            raise _Unknown(f.name)  # a field this module was not written for
    if c.kind in OFF_PLAY_CONDITIONS:
        return  # its truth is in the key
    if c.player == "active":  # «el jugador activo»: whose turn it is
        out.add("active")
    if c.kind == "in_zone":  # where this card is
        zone = c.zone or "in_play"
        if zone in _IN_PLAY:
            out.add("zones")
        elif zone != "in_play":
            raise _Unknown(zone)
    elif c.kind not in _CONDITION_READS or c.zone is not None:
        raise _Unknown(c.kind)
    else:
        out.update(_CONDITION_READS[c.kind])
    if c.kind in _COUNTING:
        _types(c.filter or TargetFilter(), out)
    elif c.kind == "all_allies":  # «todos los Aliados que controlas»: only Aliados count
        out.add("type:Aliado")
    _filter(c.filter, out)
    for sub in c.of:
        _condition(sub, out)


def _effect(e: Effect, out: set[str]) -> None:
    for name, default in _EFFECT_DEFAULTS.items():
        if name not in _EFFECT_FIELDS and getattr(e, name) != default:
            raise _Unknown(name)  # a field this module was not written for
    out.update(_OUTPUT_EFFECTS.get(e.kind, ()))
    if e.subject == "each":
        if e.filter is None:
            raise _Unknown("each")
        _types(e.filter, out)
        _filter(e.filter, out)
    if e.amount_from == "count":  # «por cada …»: out of play, its count is in the key
        counted = e.count_filter or e.filter
        if counted is None:
            raise _Unknown("count")
        if counted.zone == "in_play":
            _types(counted, out)
            _filter(counted, out)
    elif e.amount_from is not None:
        if e.amount_from not in _AMOUNT_READS:
            raise _Unknown(e.amount_from)
        out.update(_AMOUNT_READS[e.amount_from])


def reads(game: State) -> Reads | None:
    """What the continuous abilities and conditional keywords of this game's cards read
    (computed once per game); None: something not known here, never skip by content."""
    found = game.memo.reads
    if found is None:
        found = _reads(game)
        if found is not None and found.types is not None:
            types = found.types
            found = replace(found, relevant=frozenset(
                iid for iid, inst in game.cards.items()
                if inst.static or inst.card.type in types))
        found = game.memo.reads = found or False
    return found or None


def moves_matter(game: State, iid: str) -> bool:
    """Whether a move in play of this card (to, from or within play, an Arma attached) can
    change what the continuous abilities read: a card of a type their filters can match, one
    with continuous abilities, one they touched or a converted one (always, when what they
    read is not known)."""
    what = reads(game)
    if what is None or what.relevant is None:
        return True
    return iid in what.relevant or iid in game.affected or iid in game.converted


_OF_ABILITIES: dict[int, tuple[Any, frozenset[str] | None]] = {}


def _of_abilities(known: Any) -> frozenset[str] | None:
    """What one card identity's continuous abilities and conditional keywords read (None:
    something unknown), read once per abilities value."""
    entry = _OF_ABILITIES.get(id(known))
    if entry is not None and entry[0] is known:
        return entry[1]
    out: set[str] = set()
    found: frozenset[str] | None
    try:
        for a in known.abilities:
            if a.kind == "keyword" and a.condition is not None:
                _condition(a.condition, out)
            elif a.kind == "continuous":
                _condition(a.condition, out)
                for e in a.effects:
                    _effect(e, out)
        found = frozenset(out)
    except _Unknown:
        found = None
    if len(_OF_ABILITIES) > 20000:
        _OF_ABILITIES.clear()
    _OF_ABILITIES[id(known)] = (known, found)
    return found


def _reads(game: State) -> Reads | None:
    out: set[str] = set()
    for inst in game.cards.values():
        if not inst.static or inst.abilities is None:
            continue
        found = _of_abilities(inst.abilities)
        if found is None:
            return None
        out |= found
    types = frozenset(w[5:] for w in out if w.startswith("type:"))
    kw, lost = "kw" in out, "lost" in out
    strength = "strength" in out and "strength_write" in out
    race = "race_read" in out and "race_write" in out
    # 7.1 D: the active player's abilities first, so whose turn it is decides what a later
    # source reads of an earlier one's results
    turn = "active" in out
    active = turn or "order" in out or kw or strength or race or lost
    return Reads(phase="phase" in out, combat="combat" in out, zones="zones" in out,
                 active=active, turn=turn, types=None if "*" in types else types,
                 kw=kw, strength=strength, race=race, lost=lost)


_CHANGED = attrgetter("bearer", "weapons", "bonus", "counters", "temp", "static_bonus", "lost")


def works_from_graveyard(inst: Inst) -> bool:
    """The card has a continuous ability that works while it is in its owner's Cementerio
    («Mientras este Aliado esté en tu Cementerio, …»): a source of ``statics_in_play`` there."""
    known = inst.abilities
    return known is not None and any(a.kind == "continuous" and a.zone == "graveyard" for a in known.abilities)


def fingerprint(game: State, what: Reads, extra: tuple[Any, ...]) -> tuple[Any, ...]:
    """The part of the position the continuous abilities read, plus what they last wrote
    (on every card they may touch: the cards in play of the types they can match, the
    cards with continuous abilities, the cards already touched)."""
    cards = game.cards
    relevant = what.relevant
    statics = game.statics_in_play
    affected = game.affected
    converted = game.converted
    by_zone = what.zones
    seen: dict[str, tuple[Any, ...]] = {}
    for pid in game.order:
        zones = game.players[pid].zones
        for zone in _IN_PLAY_ORDER:
            ids = zones[zone]
            if not ids:
                continue
            where = zone if by_zone else pid
            for iid in ids:
                if (relevant is not None and iid not in relevant and iid not in affected
                        and iid not in converted):
                    continue  # no filter of theirs can match it, and it was not touched
                i = cards[iid]
                if not any(_CHANGED(i)):  # no bearer, Armas, Fuerza changes, counters, effects
                    seen[iid] = (pid, where, i.kw)
                else:
                    seen[iid] = (pid, where, i.kw, i.static_bonus, i.lost, i.bearer,
                                 tuple(i.weapons), i.bonus, tuple(sorted(i.counters.items())),
                                 i.temp)
    out_of_play = tuple(sorted(
        (iid, i.zone, i.kw, i.temp, i.static_bonus, i.lost)
        for iid in affected if (i := cards[iid]).zone not in _IN_PLAY))
    # whose turn it is: read by a condition, or deciding the order of the sources (7.1 D:
    # only when both players control some; else the order is the same either way)
    turn = game.active if what.turn or (what.active and _both_control(game, statics)) else None
    return (turn, game.phase if what.phase else None,
            (tuple(game.attackers), tuple(game.blocks.items())) if what.combat else None,
            tuple(statics), frozenset(affected), dict(game.race_given), seen, out_of_play,
            tuple((iid, cards[iid].card) for iid in game.converted), extra)


def _both_control(game: State, statics: dict[str, None]) -> bool:
    cards = game.cards
    first = None
    for iid in statics:
        controller = cards[iid].controller
        if first is None:
            first = controller
        elif controller != first:
            return True
    return False


def read_back(fp: tuple[Any, ...], what: Reads) -> tuple[Any, ...]:
    """What of a recomputation's own results (in a fingerprint) it reads again."""
    seen = fp[6]
    out = []
    for iid, t in seen.items():
        full = len(t) > 3
        out.append((iid, t[2] if what.kw else None,
                    (t[3] if full else 0) if what.strength else None,
                    (t[4] if full else False) if what.lost else None))
    return (fp[5] if what.race else None, sorted(out))

