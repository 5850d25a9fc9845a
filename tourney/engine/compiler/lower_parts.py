"""The lowering's building blocks: filters, the targets of one ability, conditions, costs,
durations and triggers, each turned into its ``tourney.engine.abilities.model`` value."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.model import Condition, Cost, Duration, TargetFilter, Trigger
from .parsed import Amount, Cards
from .parsed import Condition as PCondition
from .parsed import Cost as PCost
from .parsed import Effect as PEffect
from .parsed import Trigger as PTrigger


class Unsupported(Exception):
    pass


_ZONES = {"attack": "attack", "defense": "defense", "support": "support", "play": "in_play", "hand": "hand", "graveyard": "graveyard", "castle": "castle",
          "exile": "exile", "reserve": "reserve", "paid": "paid", "being_played": "being_played"}


_PHASES = {"agrupacion": "regroup", "vigilia": "vigil", "final": "final", "batalla": "battle",
           "robar": "draw", "vigil": "vigil", "war": "war"}


_EVENTS = {"combat_damage": "combat_damage", "enters": "enters_play", "leaves": "leaves_play", "blocked": "blocked", "annulled": "annulled", "destroyed": "destroyed", "banished": "banished",
           "attacks": "attack_declared", "blocks": "block_declared", "played": "played",
           "purified": "purified", "to_graveyard": "to_graveyard", "regrouped": "regrouped",
           "ability_used": "ability_used", "damage": "damage", "searched": "searched",
           "shuffled": "shuffled", "to_paid": "to_paid", "discarded": "discarded", "paid_with": "paid_with", "control_gained": "control_changed"}


def card_filter(cards: Cards, *, owner_player: str | None = None) -> TargetFilter:
    """A selection as a ``TargetFilter`` (count and targeting included). ``owner_player``:
    the player an effect is about, for "su Cementerio" and "que controle"."""
    if cards.ref is not None:
        raise Unsupported("una referencia no es un filtro")
    if cards.random or cards.position:
        raise Unsupported("filtro sin equivalente en el motor (al azar, posición en el Mazo Castillo)")
    if cards.controller == "subject":
        if owner_player not in ("you", "opponent"):
            raise Unsupported("«que controle» sin un jugador concreto")
        cards = replace(cards, controller=owner_player)
    types = cards.types
    if cards.exclude_types and types:
        raise Unsupported("tipo y exclusión a la vez")
    controller = cards.controller or "any"
    same_zone = False
    if cards.zone != "play":
        owner = cards.zone_owner
        if owner == "one":  # "hasta dos cartas en un Cementerio": all from the same one
            if cards.count is None:
                raise Unsupported("«cualquier cantidad de» cartas de un Cementerio")
            same_zone = cards.count != 1 or cards.count_rel is not None
            owner = None
        if owner == "owner":
            if owner_player is None:
                raise Unsupported("«su» zona sin jugador claro")
            owner = owner_player
        if cards.controller and owner and cards.controller != owner:
            raise Unsupported("dueño y zona contradictorios")
        controller = owner or cards.controller or "any"
    kwargs: dict[str, Any] = {}
    if cards.cost:
        op, n = cards.cost
        kwargs.update(min_cost=n if op in (">=", "==") else None, max_cost=n if op in ("<=", "==") else None)
    if cards.strength:
        op, n = cards.strength
        kwargs.update(min_strength=n if op in (">=", "==") else None,
                      max_strength=n if op in ("<=", "==") else None)
    if cards.count is None and cards.up_to:
        raise Unsupported("«cualquier cantidad de» sin tope")
    if cards.zone in ("attack", "defense") and controller == "owner":
        raise Unsupported("«su Línea» sin jugador claro")
    if cards.attribute_or_races is not None:  # «Luz o de Raza Samurái»: one of the two matches
        if cards.attribute or cards.races:
            raise Unsupported("atributo o Raza junto a otro atributo o Raza")
        attribute, either_races = cards.attribute_or_races
        kwargs["any_of"] = (TargetFilter(attribute=attribute, targets=False),
                            TargetFilter(races=either_races, targets=False))
    if cards.targeting is not None:  # «un Talismán que haga objetivo a un Aliado que controles»
        kwargs["targeting"] = TargetFilter(**{**_tf_fields(card_filter(cards.targeting)), "targets": False})
    if cards.not_attribute is not None:
        kwargs["not_attribute"] = cards.not_attribute
    if cards.played_free is not None or cards.played_from_hand is not None:
        if cards.zone not in ("play", "being_played"):
            raise Unsupported("cómo se jugó una carta que no se está jugando")
        kwargs.update(played_free=cards.played_free, played_from_hand=cards.played_from_hand)
    names: tuple[str, ...] = (_NAME["card"],) if cards.copy_of_self else ()
    if cards.copy_of_self and not _NAME["card"]:
        raise Unsupported("copia de esta carta sin nombre")
    if cards.names:
        names += tuple(spelled(n) for n in cards.names)
    if cards.any_of:  # «un Aliado Guardián o de Raza Héroe»: each alternative on its own, here
        if "any_of" in kwargs:
            raise Unsupported("dos alternativas en un filtro")
        kwargs["any_of"] = tuple(TargetFilter(**{**_tf_fields(card_filter(replace(c, count=1))), "targets": False})
                                 for c in cards.any_of)
    if cards.cost_rel is not None or cards.strength_rel is not None:
        kwargs.update(_relations(cards))
    if cards.count_rel is not None:  # «hasta tantas cartas como …»: count 1, at most that many
        source, counted = amount_source(cards.count_rel)
        if "from_filter" in kwargs and counted is not None:
            raise Unsupported("dos cantidades distintas en un filtro")
        kwargs["count_from"] = source
        if counted is not None:
            kwargs["from_filter"] = counted
    if cards.extreme is not None:
        kwargs["extreme"] = "min_strength" if cards.extreme == "min" else "max_strength"
    return TargetFilter(types=types, races=cards.races, controller=controller, keywords=cards.keywords,
                        names=names,
                        without=cards.without, attacking=cards.attacking, not_types=cards.exclude_types,
                        bearing_weapon=cards.bearing_weapon, counter=cards.counter,
                        no_counter=cards.no_counter,
                        not_races=cards.not_races, owned=cards.owned,
                        attribute=cards.attribute, with_ability=cards.with_ability,
                        zone=_ZONES[cards.zone], other=cards.other,
                        count=cards.count if cards.count is not None else 1, up_to=cards.up_to,
                        same_zone=same_zone, also_zones=tuple(_ZONES[z] for z in cards.also_zones),
                        **kwargs)


class _Scope:
    """Targets of one ability, in order; anaphora ("ese Aliado", "lo") point back."""

    def __init__(self, trigger: PTrigger | None):
        self.targets: list[TargetFilter] = []
        self.last: tuple[str, int] | None = None
        self.trigger = trigger
        self.chosen: TargetFilter | None = None  # «elige … de allí»: chosen when it resolves
        self.found: TargetFilter | None = None  # the card a search found and played

    def subject(self, cards: Cards, player: str | None = None) -> dict:
        if cards.ref == "self":
            return {"subject": "self"}
        if cards.ref == "bearer":
            return {"subject": "bearer"}
        if cards.ref == "earlier":  # «En la Fase Final, Destierra ese Aliado» (see delayed.py)
            return {"subject": "earlier", "filter": TargetFilter(types=cards.types, targets=False)}
        if cards.ref == "that" and self.chosen is not None:
            flt, self.chosen = self.chosen, None
            return {"subject": "chosen", "filter": flt}
        if cards.ref == "that" and self.last is None and self.found is not None and \
                cards.types and cards.types == self.found.types:
            # «busca un Talismán … y juégalo sin pagar su coste. Luego, Destierra ese Talismán»
            return {"subject": "found", "filter": TargetFilter(types=cards.types, targets=False)}
        if cards.ref == "that":
            if self.last == ("chosen", -1):
                raise Unsupported("«esa carta» de una carta elegida al resolver")
            if self.last is not None:
                kind, index = self.last
                return {"subject": kind, "target": index}
            if self.trigger is not None and self.trigger.cards is not None and \
                    self.trigger.cards.ref is None:
                return {"subject": "triggering"}
            raise Unsupported("«ese/esa» sin antecedente")
        if cards.copies_of_that:  # «un Aliado y todas sus copias en juego»
            if self.last is None or self.last[0] != "target" or cards.zone != "play":
                raise Unsupported("«todas sus copias» sin un objetivo antes")
            flt = card_filter(replace(cards, copies_of_that=False), owner_player=player)
            return {"subject": "each",
                    "filter": replace(flt, same_name_as=self.last[1], targets=False)}
        if cards.count is None:
            return {"subject": "each", "filter": card_filter(cards, owner_player=player)}
        if cards.extreme is not None and not cards.target:
            # «el Aliado oponente de menor Fuerza»: that one (a tie: its controller's choice),
            # found when the effect resolves, not targeted
            flt = card_filter(cards, owner_player=player)
            self.last = ("chosen", -1)
            return {"subject": "chosen", "filter": replace(flt, targets=False)}
        if cards.zone == "hand":
            # a card of a hand (a hidden zone) is chosen when the effect resolves, not targeted
            flt = card_filter(cards, owner_player=player)
            self.last = ("chosen", -1)
            return {"subject": "chosen", "filter": TargetFilter(**{**_tf_fields(flt), "targets": False})}
        self.targets.append(card_filter(cards, owner_player=player))
        self.last = ("target", len(self.targets) - 1)
        return {"subject": "target", "target": len(self.targets) - 1}


def _duration(eff: PEffect, continuous: bool) -> Duration:
    """A continuous ability's effects last as long as the ability applies (no duration of
    their own, as in the engine's hand-written files)."""
    if eff.until == "end":
        return Duration("end_of_turn")
    if eff.until == "while" and not continuous:
        return Duration("while_in_play")
    return Duration()


def _count(per: Cards | None, player: str) -> dict:
    """ "por cada Aliado de Raza Dragón que controles": amount × that count."""
    if per is None:
        return {}
    flt = card_filter(replace(per, count=1), owner_player=player)
    return {"amount_from": "count", "filter": TargetFilter(**{**_tf_fields(flt), "targets": False})}


def _fields(cards: Cards) -> dict:
    return {name: getattr(cards, name) for name in cards.__slots__}


def _condition(cond: PCondition) -> Condition:
    if cond.kind.startswith("not:"):  # «sólo puede ser declarado atacante si …»: while it does not hold
        return Condition("not", of=(_condition(replace(cond, kind=cond.kind[4:])),))
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
        flt = TargetFilter(**{**_tf_fields(flt), "controller": "you", "count": 1, "targets": False})
        return Condition("controls", filter=flt, count=cond.n)
    if cond.kind == "more_than":  # «si controlas más Aliados que tu oponente» (zone: who has more)
        assert cond.cards is not None
        flt = TargetFilter(**{**_tf_fields(card_filter(cond.cards)), "count": 1, "targets": False})
        return Condition("controls_more", filter=flt, player=cond.zone or "you")
    if cond.kind == "bearer_not_race":  # «mientras el Aliado portador no sea de Raza Samurái»
        return Condition("not", of=(Condition("bearer_is", filter=TargetFilter(
            types=("Aliado",), races=cond.races, targets=False)),))
    if cond.kind == "bearer_unblocked":  # «si el Aliado portador fue declarado atacante y no fue bloqueado»
        return Condition("unblocked", subject="bearer")
    if cond.kind == "opp_control":  # «si tu oponente controla 3 o más Oros»
        assert cond.cards is not None and cond.n is not None
        flt = TargetFilter(**{**_tf_fields(card_filter(cond.cards)), "count": 1, "targets": False})
        return Condition("opponent_controls", filter=flt, count=cond.n)
    if cond.kind == "control_at_most":  # «controlas N o menos Oros»: not N+1 or more
        assert cond.cards is not None and cond.n is not None
        return Condition("not", of=(_condition(replace(cond, kind="control", n=cond.n + 1)),))
    if cond.kind == "bearer_is":  # «si el Aliado portador tiene Fuerza 2 o menos»
        assert cond.cards is not None
        return Condition("bearer_is", filter=TargetFilter(**{**_tf_fields(card_filter(cond.cards)),
                                                             "targets": False}))
    if cond.kind == "self_counters":  # «si este Aliado tiene 2 o más contadores de Alimento»
        assert cond.n is not None and cond.zone is not None
        return Condition("has_counters", count=cond.n, counter=cond.zone)
    if cond.kind == "opponent_control":  # «si tu oponente controla uno o más Tótems o Armas»
        assert cond.cards is not None and cond.n is not None
        flt = TargetFilter(**{**_tf_fields(card_filter(replace(cond.cards, count=1))), "targets": False})
        return Condition("opponent_controls", filter=flt, count=cond.n)
    if cond.kind == "self_zone":
        assert cond.zone is not None
        return Condition("in_zone", zone=_ZONES[cond.zone])
    if cond.kind == "self_bearing":
        return Condition("bears_weapon")
    if cond.kind == "dealt_damage":
        return Condition("dealt_castle_damage", subject="bearer" if cond.zone == "bearer" else "self")
    if cond.kind == "bearer_race":  # races, or an attribute kept in ``zone``
        return Condition("bearer_is", filter=TargetFilter(types=("Aliado",), races=cond.races,
                                                          attribute=cond.zone, targets=False))
    if cond.kind == "entered":
        assert cond.cards is not None and cond.n is not None
        flt = card_filter(replace(cond.cards, count=1))
        flt = TargetFilter(**{**_tf_fields(flt), "controller": "you", "targets": False})
        return Condition("entered_this_turn", count=cond.n, filter=flt)
    if cond.kind == "self_blocked":
        return Condition("blocked")  # «si este Aliado fue bloqueado este turno»
    if cond.kind == "paid_cost":
        return Condition("paid_cost")
    if cond.kind == "played_from":
        return Condition("played_from", zone=_ZONES[cond.zone or "hand"])
    if cond.kind in ("happened", "not_happened"):  # «si un Aliado oponente fue Destruido este turno»,
        assert cond.cards is not None  # «si jugaste un Talismán …», «si este Aliado no fue declarado atacante …»
        seen = None if cond.cards.ref == "self" else TargetFilter(**{**_tf_fields(card_filter(cond.cards)),
                                                                       "targets": False})
        player = "you" if cond.phase == "played" else "any"
        happened = Condition("happened_this_turn", event=cond.phase, filter=seen, player=player)
        return happened if cond.kind == "happened" else Condition("not", of=(happened,))
    if cond.kind == "zone_count":
        assert cond.cards is not None and cond.n is not None
        flt = card_filter(replace(cond.cards, zone="play", zone_owner=None, count=1))
        flt = TargetFilter(**{**_tf_fields(flt), "targets": False})
        return Condition("zone_count", filter=flt, count=cond.n, zone=_ZONES[cond.cards.zone], player="you")
    if cond.kind == "zone_empty":
        assert cond.cards is not None
        flt = card_filter(replace(cond.cards, zone="play", zone_owner=None, count=1))
        flt = TargetFilter(**{**_tf_fields(flt), "targets": False})
        return Condition("zone_empty", filter=flt, zone=_ZONES[cond.cards.zone], player="you")
    raise Unsupported(f"condición «{cond.kind}»")


def _tf_fields(flt: TargetFilter) -> dict:
    return {name: getattr(flt, name) for name in flt.__slots__}


def _conditions(conds: tuple[PCondition, ...]) -> Condition | None:
    if not conds:
        return None
    if len(conds) == 1:
        return _condition(conds[0])
    return Condition("all_of", of=tuple(_condition(c) for c in conds))


def _cost(cost: PCost) -> Cost:
    if cost.kind in ("gold", "mill"):
        assert cost.amount is not None  # the grammar always reads how many
        return Cost(cost.kind, amount=cost.amount)
    if cost.kind == "counters":  # "quitar un contador de Honor de este Aliado"
        assert cost.amount is not None and cost.cards is not None
        return Cost("remove_counters", amount=cost.amount, counter=cost.cards.zone)
    if cost.kind in ("counters_own", "all_counters_own"):  # «… de un Aliado que controles»
        assert cost.cards is not None and cost.counter is not None
        flt = TargetFilter(**{**_tf_fields(card_filter(cost.cards)), "count": 1, "targets": False})
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
        if cost.kind in ("discard", "reveal"):  # «si está en tu mano, puedes mostrarla» (zone checked by lower)
            return Cost(f"{cost.kind}_self")
        raise Unsupported(f"coste «{cost.kind}» de esta carta")
    if cards.ref is not None or cards.count is None or cards.up_to:
        raise Unsupported("coste con cantidad variable")
    if cost.kind == "banish" and cards.position == "top" and cards.zone == "castle" and cards.zone_owner == "you" \
            and cards == Cards(count=cards.count, position="top", zone="castle", zone_owner="you"):
        return Cost("banish_castle_top", amount=cards.count)  # «Desterrar la primera carta de tu Mazo Castillo»
    flt = TargetFilter(**{**_tf_fields(card_filter(cards)), "count": 1, "targets": False})
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
    raise Unsupported(f"coste «{cost.kind}» sin equivalente en el motor")


def _trigger(t: PTrigger) -> Trigger:
    out = _trigger_of(t)
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
                       phase=_PHASES[t.phase], player=player)
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
        flt = TargetFilter(**{**_tf_fields(card_filter(t.cards)), "targets": False, "count": 1})
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
    extra: dict[str, Any] = {"would": would, "from_zone": _ZONES[t.from_zone] if t.from_zone else None,
                             "events": tuple(more)}
    if t.together is not None:  # «declarado atacante con otros 2 o más Aliados de Raza Bárbaro»
        n, others = t.together
        flt = card_filter(replace(others, count=1, controller="you", attacking=True, other=True))
        extra["condition"] = Condition("controls", filter=TargetFilter(**{**_tf_fields(flt), "targets": False}),
                                       count=n)
    if t.cards.ref == "self":
        return Trigger(event, self_only=True, player=player, **extra)
    if t.cards.ref == "bearer":
        return Trigger(event, bearer=True, player=player, **extra)
    if t.cards.ref is not None:
        raise Unsupported("disparo sobre una referencia")
    flt = TargetFilter(**{**_tf_fields(card_filter(t.cards)), "targets": False, "count": 1})
    if flt.played_free is not None or flt.played_from_hand is not None or flt.targeting is not None:
        raise Unsupported("disparo según cómo se jugó la carta")  # known only once its window opens
    if t.whose in ("opponent_turn", "your_turn"):  # «… en un turno oponente», «… en tu turno»
        if "condition" in extra:
            raise Unsupported("dos condiciones en el disparo")
        return Trigger(event, card=flt, player=player, condition=Condition(t.whose), **extra)
    return Trigger(event, card=flt, player=player, **extra)


_NAME = {"card": "", "text": ""}  # the card being lowered («una copia de esta carta») and its sentence


def spelled(folded: str) -> str:
    """A card name read as folded tokens («simon de montfort»), spelled as the sentence writes
    it («Simón de Montfort»); it must be written as a name (capital first letter)."""
    from .text import fold

    want = folded.split()
    words = [w.strip(".,;:()«»\"'") for w in _NAME["text"].split()]
    for i in range(len(words) - len(want) + 1):
        window = words[i:i + len(want)]
        if [fold(w) for w in window] == want and window[0][:1].isupper():
            return " ".join(window)
    raise Unsupported(f"«{folded}» no está escrito como el nombre de una carta")
_PAID: dict[str, tuple[PCost, ...]] = {"costs": ()}  # the costs of the ability being lowered


def _relations(cards: Cards) -> dict:
    """«de coste igual o menor a …» / «con Fuerza igual o menor a …» / «del mismo coste»
    (``amounts.py``) as the filter's ``max_cost_from`` / ``min_cost_from`` /
    ``max_strength_from`` words, with ``from_filter`` when they count cards."""
    out: dict[str, Any] = {}
    for stat, rel in (("cost", cards.cost_rel), ("strength", cards.strength_rel)):
        if rel is None:
            continue
        op, amt = rel
        if op == "==" and stat != "cost":
            raise Unsupported("comparación sin equivalente en el motor («la misma Fuerza»)")
        if op == "<":  # «con Fuerza menor a la Fuerza de este Aliado»
            if out or (cards.cost_rel is not None and cards.strength_rel is not None):
                raise Unsupported("«menor a» con otra comparación")
            out["strict_from"] = True
        if (stat == "cost" and (cards.cost is not None)) or (stat == "strength" and cards.strength):
            raise Unsupported("dos límites de la misma cifra")
        source, counted = amount_source(amt)
        if counted is not None:
            if out.get("from_filter", counted) != counted:
                raise Unsupported("dos cantidades distintas en un filtro")
            out["from_filter"] = counted
        if stat == "cost":
            out["max_cost_from"] = source
            if op == "==":
                out["min_cost_from"] = source
        else:
            out["max_strength_from"] = source
    return out


def amount_source(amt: Amount) -> tuple[str, TargetFilter | None]:
    """An amount as an ``AMOUNT_SOURCES`` word (and what it counts)."""
    if amt.source in ("count", "entered_this_turn"):
        assert amt.cards is not None  # the grammar always says what is counted
        flt = card_filter(replace(amt.cards, count=1))
        return amt.source, TargetFilter(**{**_tf_fields(flt), "targets": False})
    if amt.source in ("hand_size", "strength_of_self", "strength_of_bearer"):
        return amt.source, None
    if amt.source == "of_ref" and paid_card(amt) is not None:
        return ("cost_of_paid" if amt.stat == "cost" else "strength_of_paid"), None
    raise Unsupported("«esa carta» / «la carta Desterrada» sin una carta pagada como coste")


_PAID_VERBS = {"discard": ("discard",), "banish": ("banish",), "destroy": ("destroy",),
               "shuffle": ("shuffle",)}


def paid_card(amt: Amount) -> PCost | None:
    """The one card cost of the ability that «la carta Descartada» / «esa carta» / an elided
    «de coste igual o menor» points back to (None: there is not exactly one that fits)."""
    card_costs = [c for c in _PAID["costs"] if c.kind not in ("gold", "mill", "counters")]
    if len(card_costs) != 1:
        return None
    cost = card_costs[0]
    cards = cost.cards
    if cards is None or cards.ref is not None or cards.count != 1 or cards.up_to:
        return None
    if amt.verb is not None and cost.kind not in _PAID_VERBS.get(amt.verb, ()):
        return None
    wanted = amt.cards.types if amt.cards is not None else ()
    if wanted and tuple(cards.types) != tuple(wanted):
        return None
    return cost
