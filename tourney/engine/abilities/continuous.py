"""Continuous abilities, recomputed after every change of the game state (seed 000, 4.1;
7.1 D for several at once: the active player's first, so an Aka Shita that removes the
abilities of the other player's cards switches off the other one's).

What a card has in play is: its own declared keywords (``keywords.engine_keywords``), its
conditional keywords whose condition holds («Mientras este Aliado porte un Arma es
Imbloqueable»), what its Armas grant, what continuous abilities of cards in play give it
(«los Aliados de Raza Caballero que controles ganan 1 a la Fuerza»), and what effects until
the Fase Final give or take (``Inst.temp``). A card that lost its abilities keeps only what
its Armas and other cards give it (6.x: «pierde su habilidad»).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from typing import Any, TYPE_CHECKING

from ...catalog.model import WEAPON
from ..keywords import NO_ATTACK, NO_BLOCK, UNBLOCKABLE, engine_keywords, weapon_grants
from ..strength import layer_continuous
from .card_reads import IN_PLAY
from .evaluate import candidates, dynamic_amount
from .condition_check import holds
from .reads import Reads, fingerprint, read_back, reads

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

FLAG_OF = {"cannot_attack": NO_ATTACK, "cannot_block": NO_BLOCK,
           "cannot_be_blocked": UNBLOCKABLE}
STATIC_KINDS = frozenset({"keyword", "continuous"})


def own_keywords(card: Any, known: Any) -> frozenset[str]:
    """A card's unconditional keywords: those its text declares (``keywords.engine_keywords``)
    and its unconditional keyword abilities (Luz, Espectral, Exhumar …), as a card entering
    play has them before any recomputation (``refresh`` gives the same)."""
    kw = engine_keywords(card)
    if known is not None:
        kw = kw | frozenset(a.keyword for a in known.abilities
                            if a.kind == "keyword" and a.keyword and a.condition is None)
    return kw


def is_static(known: Any) -> bool:
    """Has continuous abilities or conditional keywords (recomputed after every change)."""
    return known is not None and any(
        (a.kind == "continuous" and any(e.kind in APPLIED for e in a.effects))
        or (a.kind == "keyword" and a.condition is not None)
        for a in known.abilities)


# what ``recompute`` applies (other continuous effects are read where they act: «no puede ser
# Anulado» by the chain, Armas capacity by ``play``…)
APPLIED = frozenset({"lose_abilities", "strength", "gain_keyword", "cannot_attack",
                     "cannot_block", "cannot_be_blocked", "race_becomes"})


_OFF_PLAY = frozenset({"zone_count", "zone_empty", "castle_at_most", "hand_at_most",
                       "entered_this_turn", "opponent_entered_this_turn", "dealt_castle_damage",
                       "happened_this_turn"})


def _conditions(cond: Any) -> Iterator[Any]:
    if cond is not None:
        yield cond
        for sub in cond.of:
            yield from _conditions(sub)


def zone_sensitive(game: State) -> bool:
    """Whether some continuous ability of this game depends on zones out of play (then every
    draw and mill is a change that matters), computed once per game."""
    found = game.memo.zone_sensitive
    if found is None:
        found = any(c.kind in _OFF_PLAY
                    for inst in game.cards.values() if inst.static and inst.abilities
                    for a in inst.abilities.abilities
                    for c in _conditions(a.condition)) or any(
            _off_play_counts(inst) for inst in game.cards.values() if inst.static)
        game.memo.zone_sensitive = found
    return found


def _off_play_counts(inst: Inst) -> list[Any]:
    """What the card's continuous amounts count out of play («por cada carta en tu Zona de
    Destierro»): those counts decide Fuerza too."""
    known = inst.abilities
    if known is None:
        return []
    return [f for a in known.abilities if a.kind == "continuous" for e in a.effects
            if e.amount_from == "count" and (f := e.count_filter or e.filter) is not None
            and f.zone != "in_play"]


def static_amount(game: State, effect: Any, source: Inst) -> int | None:
    """A continuous effect's number now: fixed, or «por cada …» counted (None: unknown)."""
    if effect.amount_from is None:
        fixed: int | None = effect.amount
        return fixed
    if effect.amount_from == "count":
        counted = effect.count_filter or effect.filter
        if counted is None:
            return None
        return (effect.amount or 1) * len(candidates(game, counted, source.controller, source))
    return dynamic_amount(game, effect.amount_from, None, source.controller, source)


def _off_play_conditions(inst: Inst) -> list[Any]:
    known = inst.abilities
    if known is None:
        return []
    return [a.condition for a in known.abilities if a.condition is not None
            and any(c.kind in _OFF_PLAY for c in _conditions(a.condition))]


def _off_play_parts(game: State) -> dict[str, tuple[list[Any], list[Any]]]:
    """card -> (its conditions on zones out of play, its counts out of play), for the cards
    that have some (computed once per game)."""
    found = game.memo.off_play_parts
    if found is None:
        found = {}
        for inst in game.cards.values():
            if inst.static:
                conditions, counts = _off_play_conditions(inst), _off_play_counts(inst)
                if conditions or counts:
                    found[inst.id] = (conditions, counts)
        game.memo.off_play_parts = found
    return found


_KW = Reads(kw=True)  # what of its own results ``read_back`` compares
_debug = {"full": False, "content": True}


def full_recompute(on: bool) -> None:
    """Debug switch: recompute every card in play after every change, never skipping (the
    reference the incremental path is tested against)."""
    _debug["full"] = on


def skip_by_content(on: bool) -> None:
    """Debug switch: with False, a recomputation is skipped only by the change counters,
    never because the fingerprint of what it reads is unchanged (``abilities.reads``)."""
    _debug["content"] = on


def recompute(game: State) -> None:
    """Recompute keywords and Fuerza bonuses of every card in play (4.1) — after every change
    of the game state: nothing to do when nothing changed since the last time."""
    if _debug["full"]:
        _recompute_all(game)
        return
    if not game.statics_in_play and not game.affected:
        if game.race_given:
            game.race_given = {}
        return
    content = _debug["content"]
    # the moves in play no continuous ability reads (abilities.reads.moves_matter) do not count
    moved = game.play_changes - game.unread_moves if content else game.play_changes
    key: tuple[Any, ...] = (moved, game.turn, game.phase, len(game.attackers), len(game.blocks))
    if zone_sensitive(game):  # what the zones out of play decide: the truth of those conditions
        memo = game.memo.off_play_key
        when = (game.changes, game.turn, len(game.entered), len(game.damaged))
        if memo[0] != when:
            parts = _off_play_parts(game)
            mine = [(game.cards[i], p) for i in game.statics_in_play if (p := parts.get(i))]
            memo = game.memo.off_play_key = (when, tuple(
                holds(game, c, src, src.controller) for src, p in mine for c in p[0]) + tuple(
                len(candidates(game, f, src.controller, src)) for src, p in mine for f in p[1]))
        key += memo[1]
    if game.memo.recomputed == key:
        return
    game.memo.recomputed = key
    what = reads(game) if content else None
    if what is None:
        _recompute(game)
        return
    # the key changed, but maybe nothing the continuous abilities read did (an Oro paid, a
    # turn begins …): a position a recomputation left as it found it (on everything it
    # reads) is a fixed point, recomputing it again gives the same
    before = fingerprint(game, what, key[5:])
    if before == game.memo.fixpoint:
        return
    _recompute(game)
    after = fingerprint(game, what, key[5:])
    # of what it writes, only keywords are read back by the next recomputation (it writes
    # them last, after every source; Fuerza, races and lost abilities start anew each time,
    # read as the sources before write them, 7.1 D): the same inputs give the same results
    if what.kw and after != before and read_back(after, _KW) != read_back(before, _KW):
        # it changed keywords it reads itself: the next call recomputes once more
        game.memo.fixpoint = None
        game.memo.recomputed = None
    else:
        game.memo.fixpoint = after


def _recompute_all(game: State) -> None:
    """The debug path: every card in play and every card touched before is refreshed."""
    game.memo.recomputed = None
    for pid in game.order:
        game.affected.update(i.id for i in game.in_play(pid))
    if not game.statics_in_play and not game.affected:
        game.race_given = {}
        return
    _recompute(game)


_KEEPS: dict[int, tuple[Any, tuple[Any, ...]]] = {}


def keeps_abilities(game: State, inst: Inst) -> bool:
    """«Este Aliado no puede perder su habilidad»: its own continuous protection holds, so no
    effect takes its abilities away (``protection`` with ``keyword`` «lose_abilities»)."""
    known = inst.abilities
    if known is None:
        return False
    entry = _KEEPS.get(id(known))
    if entry is None or entry[0] is not known:
        if len(_KEEPS) > 20000:  # abilities made on the fly (tests): keep it bounded
            _KEEPS.clear()
        entry = _KEEPS[id(known)] = (known, tuple(
            a for a in known.abilities if a.kind == "continuous" and any(
                e.kind == "protection" and e.keyword == "lose_abilities" and e.subject == "self"
                for e in a.effects)))
    keeping = entry[1]
    return any(holds(game, a.condition, inst, inst.controller) for a in keeping)


def _recompute(game: State) -> None:
    active = game.active
    statics = [game.cards[iid] for iid in game.statics_in_play]
    statics.sort(key=lambda i: i.controller != active)  # 7.1 D: the active player's first
    temped = [iid for iid in game.affected if game.cards[iid].temp]
    if not statics and not game.affected:
        return
    touched = set(game.affected)
    for iid in touched:
        inst = game.cards[iid]
        inst.lost = bool(inst.temp) and any(t[0].startswith("lose") for t in inst.temp) \
            and not keeps_abilities(game, inst)
        inst.static_bonus = 0
        inst.static_parts = ()
    gains: dict[str, set[str]] = {}
    sets: dict[str, list[tuple[int, int]]] = {}  # «tienen Fuerza N»: (since, N) (7.1 C)
    reached: set[str] = set(temped)
    game.race_given = {}
    # 7.1 D: the active player's continuous abilities are checked first
    for source in statics:
        in_play = source.zone in IN_PLAY
        if source.lost or not (in_play or source.zone == "graveyard"):
            continue
        for ability in (source.parts or parts_of(source))[2]:
            if (ability.zone == "graveyard") == in_play:
                continue  # in play its Cementerio abilities do nothing, in the Cementerio only those work
            if not holds(game, ability.condition, source, source.controller):
                continue
            for effect in ability.effects:
                if (effect.subject == "bearer" and source.card.type == WEAPON
                        and weapon_grants(source.card) != (0, frozenset())
                        and effect.kind in ("strength", "gain_keyword")):
                    continue  # the Arma's own «El Aliado portador …» text already gives it
                if effect.subject == "self":
                    hit = [source]
                elif effect.subject == "bearer":
                    hit = [game.cards[source.bearer]] if source.bearer else []
                elif effect.subject == "each" and effect.filter is not None:
                    hit = candidates(game, effect.filter, source.controller, source)
                else:
                    continue
                amount = static_amount(game, effect, source) if effect.kind == "strength" else None
                for target in hit:
                    touched.add(target.id)
                    if target.zone in IN_PLAY:
                        reached.add(target.id)
                    if effect.kind == "lose_abilities":
                        target.lost = target.lost or not keeps_abilities(game, target)
                    elif effect.kind == "strength" and amount is not None:
                        target.static_bonus += amount
                        target.static_parts += ((source.id, amount),)
                    elif effect.kind == "set_strength" and isinstance(effect.amount, int):
                        sets.setdefault(target.id, []).append((source.since, effect.amount))
                    elif effect.kind == "gain_keyword" and effect.keyword:
                        gains.setdefault(target.id, set()).add(effect.keyword)
                    elif effect.kind in FLAG_OF:
                        gains.setdefault(target.id, set()).add(FLAG_OF[effect.kind])
                    elif effect.kind == "race_becomes" and effect.keyword:
                        added = game.race_given.get(target.id, ())
                        if effect.keyword not in added:  # §1: the race is added
                            game.race_given[target.id] = added + (effect.keyword,)
    for iid, found in sets.items():
        layer_continuous(game.cards[iid], found, lambda c: game.cards[c].since,
                         lambda w: weapon_grants(game.cards[w].card)[0])
    for source in statics:
        touched.add(source.id)
    for iid in touched:
        refresh(game, game.cards[iid], gains.get(iid, ()))
    game.affected = reached


def parts_of(inst: Inst) -> tuple[Any, ...]:
    """(its keywords without condition, its (keyword, condition) pairs, its continuous
    abilities), read from its abilities once per card instance."""
    parts = inst.parts
    if parts is None:
        known = inst.abilities
        abilities = known.abilities if known is not None else ()
        plain = frozenset(a.keyword for a in abilities
                          if a.kind == "keyword" and a.keyword and a.condition is None)
        conditional = tuple((a.keyword, a.condition) for a in abilities
                            if a.kind == "keyword" and a.keyword and a.condition is not None)
        continuous = tuple(a for a in abilities if a.kind == "continuous")
        parts = inst.parts = (plain, conditional, continuous)
    return parts


def refresh(game: State, inst: Inst, extra: Iterable[str] = ()) -> None:
    """One card's keywords from its own text, conditions, Armas, continuous gains and
    effects until the Fase Final."""
    if inst.lost:
        kw: frozenset[str] = frozenset()
    else:
        kw = inst.base_kw
        plain, conditional, _ = inst.parts or parts_of(inst)
        if plain:
            kw = kw | plain
        for keyword, condition in conditional:
            if holds(game, condition, inst, inst.controller):
                kw = kw | {keyword}
    for wid in inst.weapons:
        kw = kw | weapon_grants(game.cards[wid].card)[1]
    if extra:
        kw = kw | frozenset(extra)
    for sign, word in inst.temp:
        if sign.startswith("+"):
            kw = kw | {word}
        elif sign.startswith("-"):
            kw = kw - {word}
    inst.kw = kw
