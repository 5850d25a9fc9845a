"""Grammar values (``parsed``) -> engine ability values (``tourney.engine.abilities.model``).

Whatever the engine's model cannot say exactly raises ``Unsupported``: the sentence then
stays not understood (a wrong ability is worse than none).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.model import Ability, Condition, Cost, Duration, Effect, TargetFilter, Trigger
from .parsed import Cards
from .parsed import Condition as PCondition
from .parsed import Cost as PCost
from .parsed import Effect as PEffect
from .parsed import Parsed
from .parsed import Trigger as PTrigger


class Unsupported(Exception):
    pass


_ZONES = {"attack": "attack", "defense": "defense", "support": "support", "play": "in_play", "hand": "hand", "graveyard": "graveyard", "castle": "castle",
          "exile": "exile", "reserve": "reserve", "paid": "paid", "being_played": "being_played"}
_PHASES = {"agrupacion": "regroup", "vigilia": "vigil", "final": "final", "batalla": "battle",
           "robar": "draw", "vigil": "vigil", "war": "war"}
_MOVES = {"destroy": "destroy", "banish": "banish", "annul": "annul", "return": "return_to_hand",
          "to_hand": "return_to_hand", "shuffle": "shuffle_into_castle", "gain_control": "gain_control",
          "strength": "strength", "grant": "gain_keyword", "lose_keyword": "lose_keyword",
          "lose_ability": "lose_abilities", "cannot_attack": "cannot_attack",
          "cannot_block": "cannot_block", "set_strength": "set_strength", "discard": "discard",
          "group": "regroup", "feed": "counters", "counters": "counters", "play_free": "play_free", "move": "move",
          "race_becomes": "race_becomes", "remove_counters": "remove_counters", "purify": "purify",
          "attach": "attach", "cannot_be_annulled": "cannot_be_annulled"}
_PUT = {"castle_top": "to_castle_top", "castle_bottom": "to_castle_bottom"}
_EVENTS = {"combat_damage": "combat_damage", "enters": "enters_play", "leaves": "leaves_play", "blocked": "blocked", "annulled": "annulled", "destroyed": "destroyed", "banished": "banished",
           "attacks": "attack_declared", "blocks": "block_declared", "played": "played"}


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
    if cards.zone != "play":
        owner = cards.zone_owner
        if owner == "one":  # "hasta dos cartas en un Cementerio": all from the same one
            if cards.count != 1 or cards.up_to and cards.count != 1:
                raise Unsupported("varias cartas de un mismo Cementerio")
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
    names = (_NAME["card"],) if cards.copy_of_self else ()
    if cards.copy_of_self and not _NAME["card"]:
        raise Unsupported("copia de esta carta sin nombre")
    return TargetFilter(types=types, races=cards.races, controller=controller, keywords=cards.keywords,
                        names=names,
                        without=cards.without, attacking=cards.attacking, not_types=cards.exclude_types,
                        bearing_weapon=cards.bearing_weapon,
                        not_races=cards.not_races, owned=cards.owned,
                        attribute=cards.attribute, with_ability=cards.with_ability,
                        zone=_ZONES[cards.zone], other=cards.other,
                        count=cards.count if cards.count is not None else 1, up_to=cards.up_to,
                        **kwargs)


class _Scope:
    """Targets of one ability, in order; anaphora ("ese Aliado", "lo") point back."""

    def __init__(self, trigger: PTrigger | None):
        self.targets: list[TargetFilter] = []
        self.last: tuple[str, int] | None = None
        self.trigger = trigger
        self.chosen: TargetFilter | None = None  # «elige … de allí»: chosen when it resolves

    def subject(self, cards: Cards, player: str | None = None) -> dict:
        if cards.ref == "self":
            return {"subject": "self"}
        if cards.ref == "bearer":
            return {"subject": "bearer"}
        if cards.ref == "that" and self.chosen is not None:
            flt, self.chosen = self.chosen, None
            return {"subject": "chosen", "filter": flt}
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
        if cards.count is None:
            return {"subject": "each", "filter": card_filter(cards, owner_player=player)}
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


def _effect(eff: PEffect, scope: _Scope, continuous: bool) -> Effect:
    common: dict[str, Any] = {"then": eff.then, "optional": eff.optional}
    if eff.unless is not None:  # «a menos que tu oponente pague 2 Oros»: paid by the affected player
        # the model's payer is the affected player: only the same as «tu oponente» when the cards
        # acted on are the opponent's (or the attack is)
        if eff.kind != "cancel_attack" and (eff.cards is None or eff.cards.controller != "opponent"):
            raise Unsupported("«a menos que tu oponente pague» sobre cartas que pueden no ser suyas")
        common["unless"] = Cost(eff.unless[0], amount=eff.unless[1])
    if eff.kind in ("draw", "mill") and eff.amount_from is not None:
        if eff.amount_from == "strength_of_target" and (scope.last is None or scope.last[0] != "target"):
            raise Unsupported("«ese Aliado» sin objetivo antes")
        return Effect(eff.kind, subject="player", player=eff.player, amount_from=eff.amount_from,
                      target=scope.last[1] if eff.amount_from == "strength_of_target" else 0, **common)
    if eff.kind in ("draw", "mill"):
        return Effect(eff.kind, subject="player", player=eff.player, amount=eff.amount,
                      **_count(eff.per, eff.player), **common)
    if eff.kind == "discard" and eff.cards is not None and eff.cards.zone == "hand" and \
            not eff.cards.types and eff.cards.count is not None and eff.cards.ref is None:
        return Effect("discard", subject="player", player=eff.player, amount=eff.cards.count,
                      random=eff.cards.random, **_count(eff.per, eff.player), **common)
    if eff.kind == "cannot_play":  # «no se pueden jugar Talismanes»
        assert eff.cards is not None
        flt = TargetFilter(**{**_tf_fields(card_filter(replace(eff.cards, count=1))), "targets": False})
        return Effect("cannot_play", subject="each", filter=flt, player=eff.player if eff.player != "each" else "any",
                      duration=_duration(eff, continuous), **common)
    if eff.kind == "look_hand":
        return Effect("look", subject="player", player=eff.player, zone="hand", **common)
    if eff.kind == "discard" and eff.cards is not None and eff.cards.ref == "that" and \
            scope.chosen is not None:
        # «elige una carta de allí … Tu oponente Descarta esa carta»: you choose, they discard
        flt, scope.chosen = scope.chosen, None
        return Effect("discard", subject="chosen", filter=flt, player="you", **common)
    if eff.kind == "dig":  # look at the top N, take some, the rest go to ``rest_zone``
        assert eff.cards is not None
        flt = TargetFilter(count=eff.cards.count or 1, zone="castle", targets=False)
        return Effect("dig", subject="player", player="you", amount=eff.amount, filter=flt, zone="hand",
                      rest_zone=eff.rest_zone, **common)
    if eff.kind == "banish_top":
        return Effect("banish_top", subject="player", player=eff.player, amount=eff.amount,
                      zone=eff.dest, **common)
    if eff.kind == "look":  # player: whose Mazo Castillo is looked at
        return Effect("look", subject="player", player=eff.player, amount=eff.amount, zone="castle", **common)
    if eff.kind == "gold":
        return Effect("virtual_gold", subject="player", player="you", amount=eff.amount,
                      **_count(eff.per, "you"), **common)
    if eff.kind == "cost_change" and eff.cards is not None and eff.cards.ref == "self":
        return Effect("cost_change", subject="self", amount=eff.amount, **_count(eff.per, "you"))
    if eff.kind == "cost_change" and eff.cards is not None and eff.cards.count is None and \
            eff.cards.ref is None and continuous and eff.per is None:
        # «te cuesta un Oro menos jugar Tótems»: every such card in your hand, while this applies
        flt = card_filter(eff.cards)
        return Effect("cost_change", subject="each", filter=TargetFilter(**{**_tf_fields(flt), "targets": False}),
                      amount=eff.amount)
    if eff.kind == "search":
        if eff.cards is None or eff.cards.zone != "castle" or eff.cards.count is None:
            raise Unsupported("Buscar sin carta concreta")
        owner = eff.cards.zone_owner if eff.cards.zone_owner != "owner" else eff.player
        if eff.cards.zone_owner is None:
            owner = "any"  # «en un Mazo Castillo»
        flt = card_filter(Cards(**{**_fields(eff.cards), "zone_owner": None, "zone": "castle"}))
        dest = {"hand": "hand", "exile": "exile", "castle_top": "castle_top",
                "graveyard": "graveyard", "paid": "paid", "reserve": "reserve",
                "being_played": "being_played"}[eff.dest]  # being_played: «y juégalo sin pagar su coste»
        return Effect("search", subject="player", player=owner or "you", filter=flt, zone=dest, **common)
    if eff.kind == "prevent":  # «para prevenirlo»: the event that was about to happen
        return Effect("prevent", subject="triggering", **common)
    if eff.kind == "cancel_attack":
        return Effect("cancel_attack", subject="attackers", **common)
    if eff.kind in ("race_becomes", "protection") and "+" in (eff.keyword or ""):
        raise _Both(eff)
    if eff.kind == "protection":
        if eff.cards is None or eff.cards.ref not in ("self", "bearer"):
            if eff.per is not None:
                raise Unsupported("protección de varias cartas contra un tipo de fuente")
        sources = None
        if eff.per is not None:
            sources = TargetFilter(types=eff.per.types, controller=eff.per.controller or "any",
                                   not_types=eff.per.exclude_types, targets=False)
        fields = scope.subject(eff.cards) if eff.cards is not None else {"subject": "self"}
        if "filter" in fields:  # "each": the filter says which cards are protected
            return Effect("protection", keyword=eff.keyword, **fields, **common)
        return Effect("protection", keyword=eff.keyword, filter=sources, **fields, **common)
    kind = _MOVES.get(eff.kind) if eff.kind != "put" else _PUT.get(eff.dest or "")
    if kind is None or eff.cards is None:
        raise Unsupported(f"efecto «{eff.kind}» sin equivalente en el motor")
    if eff.player != "you" and kind not in ("discard", "banish", "shuffle_into_castle"):
        raise Unsupported("efecto de otro jugador")
    if eff.player != "you":
        raise Unsupported("otro jugador elige qué cartas")
    cards = eff.cards
    if kind == "annul" and cards.ref is None and cards.zone == "play":
        cards = replace(cards, zone="being_played")  # 8.1 D: an Anulación acts on a card being played
    if kind == "regroup" and cards.ref is None and cards.zone == "play" and cards.types == ("Oro",):
        cards = replace(cards, zone="paid")  # 9 A: only Oros in the Zona de Oro Pagado can be grouped
    fields = scope.subject(cards, eff.player)
    extra: dict[str, Any] = {}
    if eff.per is not None:
        if fields["subject"] == "each":
            raise Unsupported("«por cada» sobre «todos los …»")
        extra.update(_count(eff.per, "you"))
    if eff.kind in ("strength", "set_strength"):
        extra["amount"] = eff.amount
    if eff.kind in ("grant", "lose_keyword", "race_becomes"):
        extra["keyword"] = eff.keyword
    if eff.kind == "move":
        extra["zone"] = eff.dest
    if eff.kind == "feed":
        extra.update(amount=1, counter="Alimento")
    if eff.kind in ("counters", "remove_counters"):
        extra.update(amount=eff.amount, counter=eff.counter)
    if kind == "discard":
        raise Unsupported("Descartar una carta concreta")
    return Effect(kind, duration=_duration(eff, continuous and kind in _LASTING), **fields, **extra,
                  **common)


class _Both(Exception):
    """ "se consideran de ambas Razas": one race_becomes effect per race (see ``_effects``)."""

    def __init__(self, eff: PEffect):
        self.eff = eff


def _effects(p: Parsed, scope: _Scope, continuous: bool) -> tuple[Effect, ...]:
    out = []
    for i, eff in enumerate(p.effects):
        if eff.kind == "choose":  # «Elige un Aliado. Ese Aliado …»: only names the target
            if eff.cards.count is None or eff.cards.ref is not None or i + 1 == len(p.effects):
                raise Unsupported("«elige» sin efecto sobre lo elegido")
            if eff.cards.zone == "hand":  # from the hand just looked at: chosen on resolution
                flt = card_filter(eff.cards, owner_player=eff.cards.zone_owner)
                scope.chosen = TargetFilter(**{**_tf_fields(flt), "targets": False})
                continue
            scope.subject(eff.cards)
            continue
        try:
            out.append(_effect(eff, scope, continuous))
        except _Both as both:
            for race in (both.eff.keyword or "").split("+"):
                out.append(_effect(replace(both.eff, keyword=race), scope, continuous))
    return tuple(out)


_LASTING = frozenset({"race_becomes", "strength", "set_strength", "gain_keyword", "lose_keyword", "lose_abilities",
                      "cannot_attack", "cannot_block"})


def _fields(cards: Cards) -> dict:
    return {name: getattr(cards, name) for name in cards.__slots__}


def _condition(cond: PCondition) -> Condition:
    if cond.kind == "all_race":  # races, or an attribute («son Luz») kept in ``zone``
        return Condition("all_allies", filter=TargetFilter(types=("Aliado",), races=cond.races,
                                                           attribute=cond.zone, controller="you",
                                                           targets=False))
    if cond.kind == "control":
        flt = card_filter(cond.cards)
        flt = TargetFilter(**{**_tf_fields(flt), "controller": "you", "count": 1, "targets": False})
        return Condition("controls", filter=flt, count=cond.n)
    if cond.kind == "self_zone":
        return Condition("in_zone", zone=_ZONES[cond.zone])
    if cond.kind == "self_bearing":
        return Condition("bears_weapon")
    if cond.kind == "dealt_damage":
        return Condition("dealt_castle_damage", subject="bearer" if cond.zone == "bearer" else "self")
    if cond.kind == "bearer_race":  # races, or an attribute kept in ``zone``
        return Condition("bearer_is", filter=TargetFilter(types=("Aliado",), races=cond.races,
                                                          attribute=cond.zone, targets=False))
    if cond.kind == "entered":
        flt = card_filter(replace(cond.cards, count=1))
        flt = TargetFilter(**{**_tf_fields(flt), "controller": "you", "targets": False})
        return Condition("entered_this_turn", count=cond.n, filter=flt)
    if cond.kind == "self_blocked":
        return Condition("blocked")  # «si este Aliado fue bloqueado este turno»
    if cond.kind == "paid_cost":
        return Condition("paid_cost")
    if cond.kind == "played_from":
        return Condition("played_from", zone=_ZONES[cond.zone or "hand"])
    if cond.kind == "happened":  # «si un Aliado oponente fue Destruido este turno», «si jugaste un Talismán …»
        assert cond.cards is not None
        flt = TargetFilter(**{**_tf_fields(card_filter(cond.cards)), "targets": False})
        player = "you" if cond.phase == "played" else "any"
        return Condition("happened_this_turn", event=cond.phase, filter=flt, player=player)
    if cond.kind == "zone_count":
        flt = card_filter(replace(cond.cards, zone="play", zone_owner=None, count=1))
        flt = TargetFilter(**{**_tf_fields(flt), "targets": False})
        return Condition("zone_count", filter=flt, count=cond.n, zone=_ZONES[cond.cards.zone], player="you")
    if cond.kind == "zone_empty":
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
    if cost.kind == "gold":
        return Cost("gold", amount=cost.amount)
    if cost.kind == "mill":
        return Cost("mill", amount=cost.amount)
    if cost.kind == "counters":  # "quitar un contador de Honor de este Aliado"
        return Cost("remove_counters", amount=cost.amount, counter=cost.cards.zone)
    cards = cost.cards
    if cards is None:
        raise Unsupported("coste sin cartas")
    if cards.ref == "self":
        if cost.kind == "banish":
            return Cost("banish_self")
        if cost.kind == "destroy":
            return Cost("destroy_self")
        raise Unsupported(f"coste «{cost.kind}» de esta carta")
    if cards.ref is not None or cards.count is None or cards.up_to:
        raise Unsupported("coste con cantidad variable")
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
    if cost.kind == "shuffle" and cards.zone in ("hand", "graveyard") and cards.zone_owner == "you":
        return Cost("shuffle_own", amount=cards.count, filter=flt)
    raise Unsupported(f"coste «{cost.kind}» sin equivalente en el motor")


def _trigger(t: PTrigger) -> Trigger:
    if t.event in ("phase_start", "phase_end"):
        player = {"you": "you", "opponent": "opponent", None: "any"}[t.whose]
        return Trigger("phase_begins" if t.event == "phase_start" else "phase_ends",
                       phase=_PHASES[t.phase], player=player)
    if t.phase not in (None, "response"):
        raise Unsupported("disparo con fase")
    if t.event in ("drawn", "discarded", "milled"):  # «Cuando tu oponente Robe una carta»
        return Trigger(t.event, player=t.player or "any")
    would = t.event.startswith("would_")
    event = _EVENTS.get(t.event.removeprefix("would_"))
    if event is None or t.cards is None:
        raise Unsupported(f"disparo «{t.event}» sin equivalente en el motor")
    player = t.player or "any"
    extra: dict[str, Any] = {"would": would, "from_zone": _ZONES[t.from_zone] if t.from_zone else None}
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
    if t.whose == "opponent_turn":  # «… en un turno oponente»
        if "condition" in extra:
            raise Unsupported("dos condiciones en el disparo")
        return Trigger(event, card=flt, player=player, condition=Condition("opponent_turn"), **extra)
    return Trigger(event, card=flt, player=player, **extra)


_CAPACITY = {"no puede portar Armas": 0, "puede portar un Arma adicional": 2,
             "puede portar cualquier cantidad de Armas": None}
_PERMISSION_ZONES = {"desde tu Cementerio": ("graveyard", ()),
                     "desde tu Cementerio en tu Fase de Vigilia": ("graveyard", ("vigil",))}


_NAME = {"card": ""}  # the name of the card being lowered («una copia de esta carta»)


def lower(p: Parsed, text: str, card_type: str, name: str = "") -> Ability:
    _NAME["card"] = name
    try:
        return _lower(p, text, card_type)
    finally:
        _NAME["card"] = ""


def _lower(p: Parsed, text: str, card_type: str) -> Ability:
    if p.kind == "keyword":
        return Ability("keyword", keyword=p.keyword, param=p.param, text=text)
    if p.kind == "property":
        if p.param == "no puede ser Anulado":
            return Ability("continuous", effects=(Effect("cannot_be_annulled", subject="self"),),
                           text=text)
        if p.param == "se destierra al resolverse":
            return Ability("triggered", trigger=Trigger("played", self_only=True, player="you"),
                           effects=(Effect("banish", subject="self"),), text=text)
        if p.param == "counters":
            counter, n = p.extra
            return Ability("continuous", effects=(Effect("enters_with_counters", subject="self",
                                                         amount=int(n), counter=counter),), text=text)
        if p.param in _CAPACITY:
            return Ability("continuous", effects=(Effect("weapon_capacity", subject="self",
                                                         amount=_CAPACITY[p.param]),), text=text)
        if p.param == "no puede bloquear":
            return Ability("continuous", effects=(Effect("cannot_block", subject="self"),),
                           text=text)
        if p.param == "no puede ser declarado atacante":
            return Ability("continuous", effects=(Effect("cannot_attack", subject="self"),),
                           text=text)
        raise Unsupported(f"propiedad «{p.param}» sin equivalente en el motor")
    if p.kind == "permission" and p.conditions:
        plain = _lower(Parsed("permission", param=p.param), text, card_type)
        return Ability("play_permission", zone=plain.zone, phases=plain.phases, own_turn=plain.own_turn,
                       effects=plain.effects, condition=_conditions(p.conditions), text=text)
    if p.kind == "permission":
        if p.param in _PERMISSION_ZONES:
            zone, phases = _PERMISSION_ZONES[p.param]
            then = ()
            if "destiérralo" in text.casefold() or "destierralo" in text.casefold():
                then = (Effect("banish", subject="self", then=True),)
            return Ability("play_permission", zone=zone, phases=phases,
                           own_turn=True if phases else None, effects=then, text=text)
        if p.param == "en Guerra de Talismanes":
            return Ability("play_permission", zone="hand", phases=("war",), text=text)
        if p.param == "al comienzo de la Fase de Vigilia oponente":
            return Ability("play_permission", zone="hand", phases=("vigil",), own_turn=False, text=text)
        if p.param == "al comienzo de la Declaración de Bloqueo":
            return Ability("play_permission", zone="hand", phases=("block",), text=text)
        if p.param == "al comienzo de tu Declaración de Bloqueo":  # you block: not your turn
            return Ability("play_permission", zone="hand", phases=("block",), own_turn=False,
                           text=text)
        raise Unsupported(f"permiso «{p.param}» sin equivalente en el motor")
    if p.kind == "restriction":
        if p.timing == "hand_vigil":
            return Ability("play_restriction", zone="hand", phases=("vigil",), own_turn=True, text=text)
        if p.timing == "hand":
            return Ability("play_restriction", zone="hand", text=text)
        if p.timing == "own_turn":
            return Ability("play_restriction", own_turn=True, text=text)
        if p.timing == "own_war":
            return Ability("play_restriction", phases=("war",), own_turn=True, text=text)
        if p.timing:
            return Ability("play_restriction", phases=(_PHASES[p.timing],),
                           own_turn=True if p.timing == "vigil" else None, text=text)
        return Ability("play_restriction", condition=_conditions(p.conditions), text=text)
    if p.kind == "add_cost":  # «Para jugar este Talismán, debes …»
        return Ability("additional_cost", costs=tuple(_cost(c) for c in p.costs), text=text)
    if p.kind == "alt_cost":
        return Ability("alternative_cost", costs=tuple(_cost(c) for c in p.costs), text=text)
    scope = _Scope(p.trigger)
    continuous = p.kind == "static"
    effects = _effects(p, scope, continuous)
    costs = tuple(_cost(c) for c in p.costs)
    response = any(e.kind in ("annul", "cancel") for e in effects)  # Anulación: «en respuesta»
    common: dict[str, Any] = {"condition": _conditions(p.conditions), "costs": costs, "targets": tuple(scope.targets),
              "effects": effects, "optional": p.optional and p.kind != "activated", "per_turn": 1 if p.once_per_turn else None,
              "text": text}
    if response:
        common["response"] = True
    if p.kind == "spell":
        if card_type != "Talismán":
            raise Unsupported("efecto suelto en una carta que no es Talismán")
        return Ability("effect", zone="hand", **common)
    if p.kind in ("activated", "triggered", "static"):
        # "Si esta carta está en tu Cementerio, puedes …": the ability works from that zone
        zones = {c.zone for c in p.conditions if c.kind == "self_zone"} | {
            c.cards.zone for c in p.costs if c.cards is not None and c.cards.ref == "self" and c.cards.zone != "play"}
        if len(zones) == 1 and zones != {"play"}:
            common["zone"] = _ZONES[zones.pop()]
            # the zone says it: the condition «si esta carta está en tu Cementerio» is not repeated
            common["condition"] = _conditions(tuple(c for c in p.conditions if c.kind != "self_zone"))
    if p.kind == "triggered":
        if p.trigger.phase == "response":
            common["response"] = True
        if p.trigger.whose == "every":  # «cada vez que»: every time (the engine's convention: 99)
            common["per_turn"] = 99
        trig = _trigger(p.trigger)
        if trig.would and any(e.kind == "prevent" for e in effects):
            # «si … fuera a ser Destruido, puedes … para prevenirlo»: instead of it
            return Ability("replacement", trigger=trig, **common)
        if trig.would:  # «En respuesta a que … fuera a ser Destruido, puedes …»: before it, in response
            common["response"] = True
        return Ability("triggered", trigger=trig, **common)
    if p.kind == "activated":
        phases = (_PHASES[p.timing],) if p.timing else ()
        return Ability("activated", phases=phases, own_turn=True if p.timing == "vigil" else None,
                       **common)
    if p.kind == "static" and len(effects) == 1 and effects[0].kind == "gain_keyword" and \
            effects[0].subject == "self":
        # a keyword of the card itself, conditional or not (Iga Kunoichi: Imbloqueable while
        # it bears an Arma) is a keyword ability, the way the engine reads keywords
        return Ability("keyword", keyword=effects[0].keyword, condition=common["condition"], text=text)
    if p.kind == "static":
        if p.optional or costs:
            raise Unsupported("habilidad continua con coste")
        if any(e.kind == "cost_change" and e.subject == "self" for e in effects):
            common["zone"] = "hand"  # "Reduce el coste de este Aliado…": it works while being played
        return Ability("continuous", **common)
    raise Unsupported(f"tipo «{p.kind}»")
