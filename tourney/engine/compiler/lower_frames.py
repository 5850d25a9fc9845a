"""The lowering's frame side: conditions, costs, durations and triggers, each turned into its
``tourney.engine.abilities.model`` value."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.condition import Condition
from ..abilities.trigger_cost_duration import Cost, Duration, Trigger
from ..abilities.target_filter import TargetFilter
from .lower_filters import (
    ZONES,
    Unsupported,
    tf_fields,
    card_filter,
)
from .parsed import Cards
from .parsed import Condition as PCondition
from .parsed import Cost as PCost
from .parsed import Effect as PEffect
from .parsed import Trigger as PTrigger

PHASES = {"agrupacion": "regroup", "vigilia": "vigil", "final": "final", "batalla": "battle",
           "robar": "draw", "vigil": "vigil", "war": "war", "bloqueo": "block", "guerra": "war"}


_EVENTS = {"combat_damage": "combat_damage", "enters": "enters_play", "leaves": "leaves_play", "blocked": "blocked", "annulled": "annulled", "destroyed": "destroyed", "banished": "banished",
           "attacks": "attack_declared", "blocks": "block_declared", "played": "played",
           "purified": "purified", "to_graveyard": "to_graveyard", "regrouped": "regrouped",
           "ability_used": "ability_used", "damage": "damage", "searched": "searched",
           "shuffled": "shuffled", "to_paid": "to_paid", "discarded": "discarded", "paid_with": "paid_with", "control_gained": "control_changed"}


def duration(eff: PEffect, continuous: bool) -> Duration:
    """A continuous ability's effects last as long as the ability applies (no duration of
    their own, as in the engine's hand-written files)."""
    if eff.until == "end":
        return Duration("end_of_turn")
    if eff.until == "next":  # «hasta tu próximo turno»: ends as that turn begins
        return Duration("next_turn")
    if eff.until == "while" and not continuous:
        return Duration("while_in_play")
    return Duration()


def _condition(cond: PCondition) -> Condition:
    if cond.kind.startswith("not:"):  # «sólo puede ser declarado atacante si …»: while it does not hold
        return Condition("not", of=(_condition(replace(cond, kind=cond.kind[4:])),))
    plain = _plain_condition(cond)
    if plain is not None:
        return plain
    return _cards_condition(cond)


def _plain_condition(cond: PCondition) -> Condition | None:
    """A condition about this card or the bearer, without a card filter."""
    if cond.kind == "bearer_unblocked":  # «si el Aliado portador fue declarado atacante y no fue bloqueado»
        return Condition("unblocked", subject="bearer")
    if cond.kind == "self_counters":  # «si este Aliado tiene 2 o más contadores de Alimento»
        assert cond.n is not None and cond.zone is not None
        return Condition("has_counters", count=cond.n, counter=cond.zone)
    if cond.kind == "self_zone":
        assert cond.zone is not None
        return Condition("in_zone", zone=ZONES[cond.zone])
    if cond.kind == "self_bearing":
        return Condition("bears_weapon")
    if cond.kind == "dealt_damage":
        return Condition("dealt_castle_damage", subject="bearer" if cond.zone == "bearer" else "self")
    if cond.kind == "self_blocked":
        return Condition("blocked")  # «si este Aliado fue bloqueado este turno»
    if cond.kind == "paid_cost":
        return Condition("paid_cost")
    if cond.kind in ("your_turn", "opponent_turn"):  # «mientras … sea tu turno», «en el turno oponente»
        return Condition(cond.kind)
    if cond.kind == "played_from":
        return Condition("played_from", zone=ZONES[cond.zone or "hand"])
    return None


def _cards_condition(cond: PCondition) -> Condition:
    """A condition that counts or looks for cards (a filter)."""
    if cond.kind == "all_race":  # races and/or an attribute («son Luz») kept in ``zone``
        if cond.zone and cond.races:  # «Luz y/o de Raza Héroe»: each Ally is one of them
            either = (TargetFilter(attribute=cond.zone, targets=False),
                      TargetFilter(races=cond.races, targets=False))
            return Condition("all_allies", filter=TargetFilter(types=("Aliado",), any_of=either, controller="you",
                                                               other=cond.other, targets=False))
        return Condition("all_allies", filter=TargetFilter(types=("Aliado",), races=cond.races,
                                                           attribute=cond.zone, controller="you",
                                                           other=cond.other, targets=False))
    if cond.kind == "control":  # the grammar always gives the cards and how many
        assert cond.cards is not None and cond.n is not None
        flt = card_filter(cond.cards)
        flt = TargetFilter(**{**tf_fields(flt), "controller": "you", "count": 1, "targets": False})
        return Condition("controls", filter=flt, count=cond.n)
    if cond.kind == "more_than":  # «si controlas más Aliados que tu oponente» (zone: who has more)
        assert cond.cards is not None
        flt = TargetFilter(**{**tf_fields(card_filter(cond.cards)), "count": 1, "targets": False})
        return Condition("controls_more", filter=flt, player=cond.zone or "you")
    if cond.kind == "bearer_not_race":  # «mientras el Aliado portador no sea de Raza Samurái»
        return Condition("not", of=(Condition("bearer_is", filter=TargetFilter(
            types=("Aliado",), races=cond.races, targets=False)),))
    if cond.kind == "opp_control":  # «si tu oponente controla 3 o más Oros»
        assert cond.cards is not None and cond.n is not None
        flt = TargetFilter(**{**tf_fields(card_filter(cond.cards)), "count": 1, "targets": False})
        return Condition("opponent_controls", filter=flt, count=cond.n)
    if cond.kind == "control_at_most":  # «controlas N o menos Oros»: not N+1 or more
        assert cond.cards is not None and cond.n is not None
        return Condition("not", of=(_condition(replace(cond, kind="control", n=cond.n + 1)),))
    if cond.kind == "bearer_is":  # «si el Aliado portador tiene Fuerza 2 o menos»
        assert cond.cards is not None
        return Condition("bearer_is", filter=TargetFilter(**{**tf_fields(card_filter(cond.cards)),
                                                             "targets": False}))
    if cond.kind == "opponent_control":  # «si tu oponente controla uno o más Tótems o Armas»
        assert cond.cards is not None and cond.n is not None
        flt = TargetFilter(**{**tf_fields(card_filter(replace(cond.cards, count=1))), "targets": False})
        return Condition("opponent_controls", filter=flt, count=cond.n)
    if cond.kind == "bearer_race":  # races, or an attribute kept in ``zone``
        return Condition("bearer_is", filter=TargetFilter(types=("Aliado",), races=cond.races,
                                                          attribute=cond.zone, targets=False))
    if cond.kind == "entered":
        assert cond.cards is not None and cond.n is not None
        flt = card_filter(replace(cond.cards, count=1))
        if cond.zone == "opponent":  # «… entraron en juego bajo el control de tu oponente este turno»
            flt = TargetFilter(**{**tf_fields(flt), "controller": "any", "targets": False})
            return Condition("opponent_entered_this_turn", count=cond.n, filter=flt)
        flt = TargetFilter(**{**tf_fields(flt), "controller": "you", "targets": False})
        return Condition("entered_this_turn", count=cond.n, filter=flt)
    if cond.kind in ("happened", "not_happened"):  # «si un Aliado oponente fue Destruido este turno»,
        assert cond.cards is not None  # «si jugaste un Talismán …», «si este Aliado no fue declarado atacante …»
        seen = None if cond.cards.ref == "self" else TargetFilter(**{**tf_fields(card_filter(cond.cards)),
                                                                       "targets": False})
        player = "you" if cond.phase == "played" else "any"
        happened = Condition("happened_this_turn", event=cond.phase, filter=seen, player=player)
        return happened if cond.kind == "happened" else Condition("not", of=(happened,))
    if cond.kind == "zone_count":
        assert cond.cards is not None and cond.n is not None
        flt = card_filter(replace(cond.cards, zone="play", zone_owner=None, count=1))
        flt = TargetFilter(**{**tf_fields(flt), "targets": False})
        return Condition("zone_count", filter=flt, count=cond.n, zone=ZONES[cond.cards.zone], player="you")
    if cond.kind == "zone_empty":
        assert cond.cards is not None
        flt = card_filter(replace(cond.cards, zone="play", zone_owner=None, count=1))
        flt = TargetFilter(**{**tf_fields(flt), "targets": False})
        return Condition("zone_empty", filter=flt, zone=ZONES[cond.cards.zone], player="you")
    raise Unsupported(f"condición «{cond.kind}»")


def conditions(conds: tuple[PCondition, ...]) -> Condition | None:
    if not conds:
        return None
    if len(conds) == 1:
        return _condition(conds[0])
    return Condition("all_of", of=tuple(_condition(c) for c in conds))


def lower_cost(cost: PCost) -> Cost:
    if cost.kind in ("gold", "mill"):
        assert cost.amount is not None  # the grammar always reads how many
        return Cost(cost.kind, amount=cost.amount)
    if cost.kind == "counters":  # "quitar un contador de Honor de este Aliado"
        assert cost.amount is not None and cost.cards is not None
        return Cost("remove_counters", amount=cost.amount, counter=cost.cards.zone)
    if cost.kind in ("counters_own", "all_counters_own"):  # «… de un Aliado que controles»
        assert cost.cards is not None and cost.counter is not None
        flt = TargetFilter(**{**tf_fields(card_filter(cost.cards)), "count": 1, "targets": False})
        if cost.kind == "counters_own":
            assert cost.amount is not None
            return Cost("remove_counters_own", amount=cost.amount, filter=flt, counter=cost.counter)
        return Cost("remove_all_counters_own", filter=flt, counter=cost.counter)
    cards = cost.cards
    if cards is None:
        raise Unsupported("coste sin cartas")
    if cards.ref == "self":
        if cost.kind == "banish":
            return Cost("banish_self")
        if cost.kind == "destroy":
            return Cost("destroy_self")
        if cost.kind == "return":
            return Cost("return_self")
        if cost.kind == "shuffle" and cards.zone == "play":  # «Barajar este Aliado» (10.5)
            return Cost("shuffle_self")
        if cost.kind == "to_paid":  # «mover este Oro a tu Zona de Oro Pagado»
            return Cost("to_paid_self")
        if cost.kind in ("discard", "reveal"):  # «si está en tu mano, puedes mostrarla» (zone checked by lower)
            return Cost(f"{cost.kind}_self")
        raise Unsupported(f"coste «{cost.kind}» de esta carta")
    if cards.ref is not None or cards.count is None or cards.up_to:
        raise Unsupported("coste con cantidad variable")
    if cost.kind == "banish" and cards.position == "top" and cards.zone == "castle" and cards.zone_owner == "you" \
            and cards == Cards(count=cards.count, position="top", zone="castle", zone_owner="you"):
        return Cost("banish_castle_top", amount=cards.count)  # «Desterrar la primera carta de tu Mazo Castillo»
    flt = TargetFilter(**{**tf_fields(card_filter(cards)), "count": 1, "targets": False})
    if cost.kind == "banish" and cards.zone == "graveyard" and cards.zone_owner == "you":
        return Cost("banish_from_graveyard", amount=cards.count, filter=flt)
    if cost.kind == "banish" and cards.zone == "play" and cards.controller == "you":
        return Cost("banish_own", amount=cards.count, filter=flt)
    if cost.kind == "destroy" and cards.zone in ("play", "reserve", "paid") and cards.controller == "you":
        return Cost("destroy_own", amount=cards.count, filter=flt)  # also «un Oro de tu Reserva»
    if cost.kind == "discard" and cards.zone == "hand":
        return Cost("discard", amount=cards.count, filter=flt)
    if cost.kind == "reveal" and cards.zone == "hand":
        return Cost("reveal", amount=cards.count, filter=flt)
    if cost.kind == "banish" and cards.zone == "hand":
        return Cost("banish_from_hand", amount=cards.count, filter=flt)
    if cost.kind == "bottom" and cards.zone == "hand" and cards.zone_owner == "you":
        return Cost("bottom_from_hand", amount=cards.count, filter=flt)
    if cost.kind == "shuffle" and cards.zone in ("hand", "graveyard") and cards.zone_owner == "you":
        return Cost("shuffle_own", amount=cards.count, filter=flt)
    if cost.kind == "return" and cards.zone == "play" and cards.controller == "you":
        return Cost("return_own_to_hand", amount=cards.count, filter=flt)  # «Subir otro Aliado … a tu mano»
    raise Unsupported(f"coste «{cost.kind}» sin equivalente en el motor")


def trigger(t: PTrigger) -> Trigger:
    out = _trigger_of(t)
    if out.card is not None and (out.card.blocking is not None or out.card.blocked is not None) and \
            out.event not in ("attackers_declared",):
        # «Cuando un Aliado bloqueador sea Destruido»: the card has left the combat when the
        # event is seen; whether it was blocking then is not a state the filter can read
        raise Unsupported("disparo sobre un Aliado bloqueador o bloqueado")
    if t.self_too and out.card is None:
        raise Unsupported("«este u otro» sin cartas")
    return replace(out, delayed=t.delayed, self_too=t.self_too, by_opponent=t.by_opponent)


def _trigger_of(t: PTrigger) -> Trigger:
    if t.also and (t.event in ("phase_start", "phase_end", "drawn", "discarded", "milled")
                   or t.phase is not None):
        raise Unsupported("disparo con dos eventos de esta clase")
    if t.event in ("phase_start", "phase_end"):
        assert t.phase is not None  # the grammar reads a phase with these events
        player = {"you": "you", "opponent": "opponent", None: "any"}[t.whose]
        return Trigger("phase_begins" if t.event == "phase_start" else "phase_ends",
                       phase=PHASES[t.phase], player=player)
    if t.phase not in (None, "response"):
        raise Unsupported("disparo con fase")
    if t.event == "attackers":  # «Cuando dos o más Aliados oponentes sean declarados atacantes»
        cards = t.cards
        if cards is None or cards.count is None or replace(cards, count=1, controller=None) != \
                Cards(types=("Aliado",)) or cards.controller not in ("you", "opponent") or t.also:
            raise Unsupported("declaración de ataque de unas cartas que el motor no distingue")
        group: dict[str, Any] = {}
        if cards.count > 1:  # all of them are declared at once (9 C1): count the attackers
            kind = "controls" if cards.controller == "you" else "opponent_controls"
            group["condition"] = Condition(kind, count=cards.count, filter=TargetFilter(
                types=("Aliado",), attacking=True, targets=False))
        return Trigger("attackers_declared", player=cards.controller, **group)
    if t.event in ("drawn", "discarded", "milled") and t.cards is None:  # «Cuando tu oponente Robe una carta»
        return Trigger(t.event, player=t.player or "any")
    if t.event in ("counter_placed", "fed"):  # «sea Alimentado»: an Alimento counter is put on it (10.3)
        if t.also or t.cards is None or t.cards.ref is not None:
            raise Unsupported("disparo de contadores con otro evento o sobre una referencia")
        flt = TargetFilter(**{**tf_fields(card_filter(t.cards)), "targets": False, "count": 1})
        return Trigger("counter_placed", card=flt, player=t.player or "any",
                       counter="Alimento" if t.event == "fed" else t.counter)
    would = t.event.startswith("would_")
    event = _EVENTS.get(t.event.removeprefix("would_"))
    if event is None or t.cards is None:
        raise Unsupported(f"disparo «{t.event}» sin equivalente en el motor")
    more = []
    for other in t.also:  # «… sea Destruido o Desterrado»: one ability, several events
        if other.startswith("would_") != would or _EVENTS.get(other.removeprefix("would_")) is None:
            raise Unsupported(f"disparo «{t.event} o {other}» sin equivalente en el motor")
        more.append(_EVENTS[other.removeprefix("would_")])
    player = t.player or "any"
    extra: dict[str, Any] = {"would": would, "from_zone": ZONES[t.from_zone] if t.from_zone else None,
                             "events": tuple(more)}
    if t.together is not None:  # «declarado atacante con otros 2 o más Aliados de Raza Bárbaro»
        n, others = t.together
        flt = card_filter(replace(others, count=1, controller="you", attacking=True, other=True))
        extra["condition"] = Condition("controls", filter=TargetFilter(**{**tf_fields(flt), "targets": False}),
                                       count=n)
    if t.cards.ref == "self":
        return Trigger(event, self_only=True, player=player, **extra)
    if t.cards.ref == "bearer":
        return Trigger(event, bearer=True, player=player, **extra)
    if t.cards.ref is not None:
        raise Unsupported("disparo sobre una referencia")
    flt = TargetFilter(**{**tf_fields(card_filter(t.cards)), "targets": False, "count": 1})
    if flt.played_free is not None or flt.played_from_hand is not None or flt.targeting is not None:
        raise Unsupported("disparo según cómo se jugó la carta")  # known only once its window opens
    if t.whose in ("opponent_turn", "your_turn"):  # «… en un turno oponente», «… en tu turno»
        if "condition" in extra:
            raise Unsupported("dos condiciones en el disparo")
        return Trigger(event, card=flt, player=player, condition=Condition(t.whose), **extra)
    return Trigger(event, card=flt, player=player, **extra)
