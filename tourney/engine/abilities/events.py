"""Game events and the triggered abilities they fire (seed 000, 6 Habilidades disparadas;
6.6 Resolución de múltiples habilidades disparadas).

The engine records an ``Event`` for every card played, entering or leaving play, destroyed,
banished, drawn, discarded, milled, every attacker and blocker declared, combat damage and
phase begins. After each action, ``fire`` finds the triggered abilities those events fire
(a card's own «cuando este Aliado sea Destruido» fires from its destination zone) and they
become ``Pending``: the record resolves them with ``effect`` lines (active player's first,
6.6) before the next action, or they lapse.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .card_reads import IN_PLAY
from .evaluate import mismatch
from .condition_check import holds
from .delayed import fire_armed, follows_earlier
from .model import Ability
from .trigger_match import event_fits

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

SELF_FROM_ANYWHERE = frozenset({"destroyed", "banished", "leaves_play", "returned_to_hand",
                                "discarded", "milled", "drawn", "played", "annulled",
                                "to_graveyard"})


# The event kinds the engine records (``_emit``) and, for «phase_begins» / «phase_ends», the
# phases and steps it announces (9 A a, 9 B, 9 C, 9 C2 a, 9 C3 a, 9 D a, 9 E a). A trigger on anything else (or a delayed
# one about the card of an earlier step) never fires: ``tracked`` says so,
# and an ``effect`` line such an ability may have produced stays unverified, never illegal.
# («ability_used» is only recorded for ``activate`` lines, not for an activated ability used
# straight by its ``effect`` line: not tracked.)
EMITTED = frozenset({"played", "enters_play", "leaves_play", "destroyed", "banished",
                     "returned_to_hand", "drawn", "discarded", "milled", "gold_enters",
                     "attack_declared", "attackers_declared", "block_declared", "combat_damage",
                     "phase_begins", "phase_ends", "annulled", "blocked", "control_changed",
                     "to_graveyard", "to_paid", "regrouped", "paid_with", "counter_placed",
                     "shuffled", "searched", "damage"})
# the events whose card has already moved on: the trigger's zone is where it came from
# («Baraje una carta de su Cementerio», «Busque una carta en su Mazo Castillo»), announced by
# the homes of the steps that cause them (``Plan.announced``)
FROM_ZONE = frozenset({"shuffled", "searched"})
ANNOUNCED_PHASES = frozenset({"regroup", "vigil", "battle", "block", "war", "final", "draw"})
ANNOUNCED_ENDS = frozenset({"vigil"})


def tracked(ability: Ability) -> bool:
    """Whether the engine can fire this triggered ability (see ``EMITTED``)."""
    trigger = ability.trigger
    if trigger is None:
        return True
    if (trigger.delayed and follows_earlier(ability)) or any(
            e not in EMITTED for e in (trigger.event, *trigger.events)):
        return False  # a delayed trigger is armed by its card (``delayed``), unless it follows one
    events = (trigger.event, *trigger.events)
    return not (("phase_begins" in events and trigger.phase not in ANNOUNCED_PHASES)
                or ("phase_ends" in events and trigger.phase not in ANNOUNCED_ENDS))


class Event(NamedTuple):  # a tuple: made for every recorded event, cheaper than a frozen dataclass
    kind: str
    card: str | None
    player: str | None
    phase: str | None = None
    came_from: str | None = None
    to: str | None = None
    lost: bool = False  # 6.9: the card left play without its abilities (it does not fire)
    cause: str | None = None  # the player whose effect line caused it ("?": a line without
    # source, unknown; None: no effect line — combat, a cost, a card played)


@dataclass(frozen=True, slots=True)
class Pending:
    """A triggered ability waiting for its ``effect`` line (6.6)."""

    source: str
    index: int  # into the card's abilities
    controller: str
    event: Event
    seq: int
    optional: bool

    def ability(self, game: State) -> Ability:
        known = game.cards[self.source].abilities
        assert known is not None
        return known.abilities[self.index]


def watchers(game: State) -> list[Inst]:
    """Cards that have triggered or replacement abilities (computed once per game)."""
    out = game.memo.watchers
    if out is None:
        out = [i for i in game.cards.values() if i.abilities is not None and any(
            a.kind in ("triggered", "replacement") for a in i.abilities.abilities)]
        game.memo.watchers = out
    return out


def listening(game: State) -> frozenset[str]:
    """The event kinds some card of this game triggers on (computed once per game)."""
    out = game.memo.listening
    if out is None:
        kinds = {e for i in watchers(game) for a in i.abilities.abilities  # type: ignore[union-attr]
                 if a.trigger is not None for e in (a.trigger.event, *a.trigger.events)}
        out = frozenset(kinds)
        game.memo.listening = out
    return out


def fire(game: State, event: Event, settle: Callable[[], None] | None = None) -> list[Pending]:
    """The triggered abilities ``event`` fires; ``settle`` (continuous abilities up to date,
    4.1) is called once, only when a trigger gets past the cheap checks."""
    out: list[Pending] = []
    settled = settle is None
    if event.kind not in listening(game):
        return out
    if game.armed:  # «Hasta la Fase Final, cuando …» of a Talismán that resolved (``delayed``)
        out.extend(fire_armed(game, event, settle, lambda inst, index, controller, ability: _pending(
            game, inst, index, controller, event, ability)))
    index_ = _by_kind(game)
    entries = _of_phase(index_, event) if event.kind in _PHASED else index_.get(event.kind, ())
    # «este Aliado»: only that card's triggers
    own = index_.get((event.kind, event.card)) if event.card is not None else None
    if own:
        entries = [*entries, *own]
    for inst, index, ability, card_filter in entries:
        trigger = ability.trigger
        assert trigger is not None
        if event.kind == "paid_with" and event.to != inst.id:
            continue  # «Cuando este Oro sea utilizado para pagar …»: only the Oro that paid (to)
        controller = inst.controller if inst.zone in IN_PLAY else inst.owner
        if trigger.bearer:
            if inst.bearer is None or event.card != inst.bearer:
                continue
        elif trigger.self_only:
            if event.card != inst.id:
                continue
            if event.kind not in SELF_FROM_ANYWHERE and inst.zone not in IN_PLAY:
                continue
        else:
            itself = trigger.self_too and event.card == inst.id and (
                event.kind in SELF_FROM_ANYWHERE or inst.zone in IN_PLAY)  # «este u otro …»
            if not itself and ability.zone == "in_play" and inst.zone not in IN_PLAY:
                continue
            if not itself and ability.zone not in ("in_play",) and inst.zone != ability.zone:
                continue
            # «este»: this card, whatever it is now; a search that found nothing (no card) fires,
            # its line unverified (``effects``)
            if trigger.card is not None and not itself and not (
                    event.card is None and event.kind == "searched"):
                if event.card is None:
                    continue
                if settle is not None and not settled:
                    settle()
                    settled = True
                target = game.cards[event.card]
                f = card_filter if event.kind not in FROM_ZONE else _came_from(trigger.card, event)
                if f is None or mismatch(game, f, target, controller, inst, False):
                    continue
        if not event_fits(trigger, event, controller):
            continue
        if settle is not None and not settled:  # «pierde su habilidad» (inst.lost): up to date once settled
            settle()
            settled = True
        if inst.lost or (event.lost and event.card == inst.id):
            continue
        if not holds(game, trigger.condition, inst, controller):
            continue
        if not holds(game, ability.condition, inst, controller):
            continue
        if ability.per_turn is not None and _used_up(game, inst, index, ability.per_turn):
            continue  # 6.1 «una vez por turno»: already used this turn, it does not fire
        out.append(_pending(game, inst, index, controller, event, ability))
    return out


_PHASED = frozenset({"phase_begins", "phase_ends"})


def _came_from(f: Any, event: Event) -> Any:
    """The trigger's filter for a card that has moved on (``FROM_ZONE``): its zone must be the one
    the card came from, the rest is matched where the card is now; None when it came from
    elsewhere."""
    from dataclasses import replace

    origin = event.came_from
    if f.zone == "in_play":
        came = origin in IN_PLAY
    else:
        came = f.zone == "being_played" or origin == f.zone or origin in f.also_zones
    return replace(f, zone="being_played", also_zones=()) if came else None


def _of_phase(index_: dict[Any, list[tuple[Inst, int, Ability, Any]]],
              event: Event) -> Sequence[tuple[Inst, int, Ability, Any]]:
    """The triggers on a phase that can fire for this one (made once per game and phase, in
    the index's order: the others would be passed over by ``fire``'s phase check, with nothing
    read before it for an event without a card)."""
    if event.phase is None or event.card is not None:
        return index_.get(event.kind, ())
    key = (event.kind, "phase", event.phase)
    found = index_.get(key)
    if found is None:
        found = index_[key] = [e for e in index_.get(event.kind, ())
                               if e[2].trigger is not None
                               and e[2].trigger.phase in (None, event.phase)]
    return found


def _pending(game: State, inst: Inst, index: int, controller: str, event: Event,
             ability: Ability) -> Pending:
    # ``seq``: the batch of triggers fired together (one per ``_fire_now``): 7.2, a later
    # batch is a higher level of the tree and resolves first
    return Pending(inst.id, index, controller, event, game.seq,
                   ability.optional or any(e.optional for e in ability.effects[:1]))


def _used_up(game: State, inst: Inst, index: int, limit: int) -> bool:
    turn, count = divmod(game.used.get((inst.id, index), 0), 1000)
    return turn == game.turn and count >= limit


def _by_kind(game: State) -> dict[Any, list[tuple[Inst, int, Ability, Any]]]:
    out = game.memo.triggers_by_kind
    if out is None:
        out = {}
        for inst in watchers(game):
            for index, ability in enumerate(inst.abilities.abilities):  # type: ignore[union-attr]
                trigger = ability.trigger
                if ability.kind == "triggered" and trigger is not None and tracked(ability) \
                        and not trigger.delayed:  # those fire once armed (``delayed``)
                    card_filter = _any_zone(trigger.card) if trigger.card is not None else None
                    for event in (trigger.event, *trigger.events):
                        key: Any = ((event, inst.id) if trigger.self_only and not trigger.bearer
                                    else event)
                        out.setdefault(key, []).append((inst, index, ability, card_filter))
        game.memo.triggers_by_kind = out
    return out


_ANY_ZONE: dict[int, tuple[Any, Any]] = {}


def _any_zone(f: Any) -> Any:
    """The event already says where the card is: match the rest of the filter (made once
    per filter value)."""
    entry = _ANY_ZONE.get(id(f))
    if entry is not None and entry[0] is f:
        return entry[1]
    from dataclasses import replace

    found = replace(f, zone="being_played") if f.zone == "in_play" else f
    if len(_ANY_ZONE) > 20000:
        _ANY_ZONE.clear()
    _ANY_ZONE[id(f)] = (f, found)
    return found
