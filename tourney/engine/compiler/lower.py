"""Grammar values (``parsed``) -> engine ability values (``tourney.engine.abilities.model``).

Whatever the engine's model cannot say exactly raises ``Unsupported``: the sentence then
stays not understood (a wrong ability is worse than none).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.model import Ability, Cost, Effect, TargetFilter, Trigger
from .lower_parts import (
    _NAME, _PAID, _PHASES, _ZONES, Unsupported, _conditions, _cost, _count, _duration, _fields,
    _Scope, _tf_fields, _trigger, amount_source, card_filter,
)
from .lower_choices import _each_chooses
from .looks import lower_reveal
from .parsed import Amount, Cards
from .parsed import Cost as PCost
from .parsed import Effect as PEffect
from .parsed import Parsed
from .statics import KINDS as STATIC_KINDS
from .statics import lower_static

__all__ = ["Unsupported", "card_filter", "lower"]


_MOVES = {"destroy": "destroy", "banish": "banish", "annul": "annul", "return": "return_to_hand",
          "to_hand": "return_to_hand", "shuffle": "shuffle_into_castle", "gain_control": "gain_control",
          "strength": "strength", "grant": "gain_keyword", "lose_keyword": "lose_keyword",
          "lose_ability": "lose_abilities", "cannot_attack": "cannot_attack",
          "cannot_block": "cannot_block", "set_strength": "set_strength", "discard": "discard",
          "group": "regroup", "feed": "counters", "counters": "counters", "play_free": "play_free", "play_paying": "play_paying", "move": "move",
          "race_becomes": "race_becomes", "remove_counters": "remove_counters",
          "remove_all_counters": "remove_all_counters", "purify": "purify", "cancel": "cancel",
          "attach": "attach", "cannot_be_annulled": "cannot_be_annulled"}
_PUT = {"castle_top": "to_castle_top", "castle_bottom": "to_castle_bottom"}


def _effect(eff: PEffect, scope: _Scope, continuous: bool) -> Effect:
    common: dict[str, Any] = {"then": eff.then, "optional": eff.optional}
    if eff.unless is not None:  # «a menos que tu oponente pague 2 Oros»: paid by the affected player
        # the model's payer is the affected player: only the same as «tu oponente» when the cards
        # acted on are the opponent's (or the attack is)
        if eff.kind != "cancel_attack" and (eff.cards is None or eff.cards.controller != "opponent"):
            common["unless_player"] = "opponent"  # «Roba una carta a menos que tu oponente pague …»
        common["unless"] = Cost(eff.unless[0], amount=eff.unless[1])
    if eff.kind in ("draw", "mill") and (eff.amount_from or "").startswith("strength_of_that:"):
        _, noun, verb = (eff.amount_from or "").split(":")
        ref = Amount("of_ref", cards=Cards(types=(noun,)), stat="strength", verb=verb)
        return Effect(eff.kind, subject="player", player=eff.player,
                      amount_from=amount_source(ref)[0], **common)
    if eff.kind in ("draw", "mill") and (eff.amount_from or "").startswith("cost_of_that:"):
        noun = (eff.amount_from or "").partition(":")[2]
        if scope.last is None and _fires_for(scope, noun):
            # «Cuando tu oponente juegue un Talismán, … tantas cartas como coste tenga ese
            # Talismán»: the card that fired the trigger
            source, target = "cost_of_triggering", 0
        else:
            source, target = _cost_of_that(eff.amount_from or "", scope)
        return Effect(eff.kind, subject="player", player=eff.player, amount_from=source,
                      target=target, **common)
    if eff.kind in ("draw", "mill") and eff.amount_from is not None:
        target = 0
        source = eff.amount_from
        if source == "strength_of_target":
            if scope.last is None and _fires_for(scope, "Aliado"):
                source = "strength_of_triggering"  # «Cuando otro Aliado … entre en juego, … ese Aliado»
            elif scope.last is None or scope.last[0] != "target":
                raise Unsupported("«ese Aliado» sin objetivo antes")
            else:
                target = scope.last[1]
        return Effect(eff.kind, subject="player", player=eff.player, amount_from=source,
                      target=target, **common)
    if eff.kind in ("draw", "mill"):
        return Effect(eff.kind, subject="player", player=eff.player, amount=eff.amount,
                      **_count(eff.per, eff.player), **common)
    if eff.kind == "discard" and eff.cards is not None and eff.cards.zone == "hand" and \
            not eff.cards.types and eff.cards.count is not None and eff.cards.ref is None and \
            eff.cards.count_rel is None and not eff.cards.up_to:
        return Effect("discard", subject="player", player=eff.player, amount=eff.cards.count,
                      random=eff.cards.random, **_count(eff.per, eff.player), **common)
    if eff.kind == "discard" and eff.cards is not None and eff.cards.zone == "hand" and eff.cards.count is None \
            and eff.cards.ref is None and eff.cards.zone_owner in ("you", "opponent"):
        # «Descarta todos los Talismanes de ahí» (the hand shown): every such card of that hand
        flt = card_filter(eff.cards)
        return Effect("discard", subject="each", player=eff.cards.zone_owner,
                      filter=TargetFilter(**{**_tf_fields(flt), "count": 1, "targets": False}), **common)
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
    if eff.kind == "shuffle" and eff.cards is not None and eff.cards.ref == "that" and \
            scope.chosen is not None and eff.player == "opponent" and eff.dest == "castle":
        # «elige una carta Oscuridad de ahí. Tu oponente Baraja esa carta en su Mazo Castillo»
        flt, scope.chosen = scope.chosen, None
        return Effect("shuffle_into_castle", subject="chosen", filter=flt, player="you", **common)
    if eff.kind == "cannot_search":  # a prohibition while the ability applies
        if not continuous:
            raise Unsupported("prohibición de buscar fuera de una habilidad continua")
        return Effect("cannot_search", subject="player", player="each", zone="castle")
    if eff.kind == "reveal_top":  # «muestra la primera carta …, si es …, ponla en tu mano»
        return lower_reveal(eff, common)
    if eff.kind == "dig":  # look at the top N, take some, the rest go to ``rest_zone``
        assert eff.cards is not None
        flt = card_filter(replace(eff.cards, zone="castle", zone_owner=None))  # what may be taken
        flt = TargetFilter(**{**_tf_fields(flt), "targets": False})
        return Effect("dig", subject="player", player="you", amount=eff.amount, filter=flt, zone="hand",
                      rest_zone=eff.rest_zone, **common)
    if eff.kind == "banish_top":
        return Effect("banish_top", subject="player", player=eff.player, amount=eff.amount,
                      zone=eff.dest, **common)
    if eff.kind == "look":  # player: whose Mazo Castillo is looked at
        return Effect("look", subject="player", player=eff.player, amount=eff.amount, zone="castle", **common)
    if eff.kind == "gold" and eff.cards is not None:  # «genera un Oro para jugar Talismanes»
        if eff.per is not None:
            raise Unsupported("Oros «por cada» sólo para jugar algunas cartas")
        only = TargetFilter(**{**_tf_fields(card_filter(replace(eff.cards, count=1))), "targets": False})
        return Effect("virtual_gold", subject="player", player="you", amount=eff.amount, filter=only,
                      **common)
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
    if eff.kind == "cost_change" and eff.cards is not None and eff.cards.count is None and \
            eff.cards.ref is None and not continuous and eff.until == "end" and eff.per is None:
        # «el coste de las Armas se reduce en 1 Oro hasta la Fase Final»: those played this turn
        flt = card_filter(eff.cards)
        return Effect("cost_change", subject="each", filter=TargetFilter(**{**_tf_fields(flt), "targets": False}),
                      amount=eff.amount, duration=_duration(eff, continuous), **common)
    if eff.kind == "search" and eff.cards is not None and eff.cards.plus:
        raise _Both(eff)  # «un Aliado y un Talismán»: one search step per card (see ``_effects``)
    if eff.kind == "search":
        zones = (eff.cards.zone,) + eff.cards.also_zones if eff.cards is not None else ()
        if eff.cards is None or "castle" not in zones or eff.cards.count is None:
            raise Unsupported("Buscar sin carta concreta")
        owner = eff.cards.zone_owner if eff.cards.zone_owner != "owner" else eff.player
        if eff.cards.zone_owner is None:
            owner = "any"  # «en un Mazo Castillo»
        flt = card_filter(Cards(**{**_fields(eff.cards), "zone_owner": None, "zone": "castle",
                                   "also_zones": tuple(z for z in zones if z != "castle")}))
        assert eff.dest is not None  # the grammar always says where the found card goes
        dest = {"hand": "hand", "exile": "exile", "castle_top": "castle_top",
                "graveyard": "graveyard", "paid": "paid", "reserve": "reserve",
                "being_played": "being_played"}[eff.dest]  # being_played: «y juégalo sin pagar su coste»
        if dest == "being_played" and flt.count == 1 and not flt.up_to:
            scope.found = flt  # «… y jugarlo sin pagar su coste. Luego, Destierra ese Talismán»
        return Effect("search", subject="player", player=owner or "you", filter=flt, zone=dest, **common)
    if eff.kind == "extra_turn":  # «Gana un turno extra después de éste»
        return Effect("extra_turn", subject="player", player="you", **common)
    if eff.kind in STATIC_KINDS:  # damage to the Destierro, who may bear an Arma
        return lower_static(eff, scope, continuous, common)
    if eff.kind == "prevent":  # «para prevenirlo»: the event that was about to happen
        return Effect("prevent", subject="triggering", **common)
    if eff.kind == "cancel_attack":
        return Effect("cancel_attack", subject="attackers", **common)
    if eff.kind in ("race_becomes", "protection") and "+" in (eff.keyword or ""):
        raise _Both(eff)
    if eff.kind == "protection":
        sources = None
        if eff.per is not None:
            sources = TargetFilter(types=eff.per.types, controller=eff.per.controller or "any",
                                   not_types=eff.per.exclude_types, attribute=eff.per.attribute,
                                   targets=False)
        fields = scope.subject(eff.cards) if eff.cards is not None else {"subject": "self"}
        if fields["subject"] == "each":  # the filter says which cards, ``by`` against what
            if not continuous:
                raise Unsupported("protección de varias cartas fuera de una habilidad continua")
            return Effect("protection", keyword=eff.keyword, by=sources, **fields, **common)
        if fields["subject"] not in ("self", "bearer") and sources is not None:
            raise Unsupported("protección de un objetivo contra un tipo de fuente")
        return Effect("protection", keyword=eff.keyword, filter=sources, **fields, **common)
    if eff.kind == "become_ally":  # «convertir este Tótem en un Aliado con Fuerza 3 hasta la Fase Final»
        if eff.until != "end" or continuous:
            raise Unsupported("conversión sin «hasta la Fase Final»")
        assert eff.cards is not None
        return Effect("become_ally", amount=eff.amount, keyword=eff.keyword, duration=_duration(eff, False),
                      **scope.subject(eff.cards), **_count(eff.per, "you"), **common)
    kind = _MOVES.get(eff.kind) if eff.kind != "put" else _PUT.get(eff.dest or "")
    if kind is None or eff.cards is None:
        raise Unsupported(f"efecto «{eff.kind}» sin equivalente en el motor")
    if eff.player != "you" and kind not in ("discard", "banish", "shuffle_into_castle"):
        raise Unsupported("efecto de otro jugador")
    if eff.player == "each":
        return _each_chooses(eff, kind, common)
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
        counted = _count(eff.per, "you")
        if eff.per.other and not eff.per.copy_of_self and fields["subject"] != "self":
            raise Unsupported("«por cada otro …»: ¿otro que cuál?")
        if fields["subject"] == "each":  # «Los Aliados … ganan 1 por cada …»: count apart
            extra.update(amount_from="count", count_filter=counted["filter"])
        else:
            extra.update(counted)
    if eff.kind in ("strength", "set_strength"):
        extra["amount"] = eff.amount
    if eff.amount_of is not None:  # «gane tanta Fuerza como coste tenga la carta Descartada»
        if eff.amount_of.verb == "self":  # «gane Fuerza igual a su coste»: the card's own
            if fields.get("subject") != "target":
                raise Unsupported("«su coste» de una carta que no es el objetivo")
            extra["amount_from"] = "cost_of_target"
        else:
            extra["amount_from"] = amount_source(eff.amount_of)[0]
    if eff.kind in ("grant", "lose_keyword", "race_becomes"):
        extra["keyword"] = eff.keyword
    if eff.kind == "move":
        extra["zone"] = eff.dest
    if eff.kind == "feed":
        extra.update(amount=1, counter="Alimento")
    if eff.kind == "remove_all_counters":
        extra.update(counter=eff.counter)
    if eff.kind in ("counters", "remove_counters"):
        extra.update(amount=eff.amount, counter=eff.counter)
    if kind == "discard":
        raise Unsupported("Descartar una carta concreta")
    return Effect(kind, duration=_duration(eff, continuous and kind in _LASTING), **fields, **extra,
                  **common)


def _fires_for(scope: _Scope, noun: str) -> bool:
    """«ese Aliado» names the card that fired the trigger: a card of that type (and no card was
    paid as a cost, which «ese» could name too)."""
    trig = scope.trigger
    paid = [c for c in _PAID["costs"] if c.kind not in ("gold", "mill", "counters")]
    return bool(noun) and not paid and trig is not None and trig.cards is not None and \
        trig.cards.ref is None and trig.cards.types == (noun,)


def _cost_of_that(word: str, scope: _Scope) -> tuple[str, int]:
    """«tantas cartas como coste tenga ese Talismán»: the ability's target named just before,
    or else the one card paid as its cost (``amount_source``)."""
    kind = word.partition(":")[2]
    if scope.last is not None and scope.last[0] == "target":
        index = scope.last[1]
        if kind and scope.targets[index].types != (kind,):
            raise Unsupported("«ese …» no es el objetivo de antes")
        return "cost_of_target", index
    if scope.last is None:
        ref = Amount("of_ref", cards=Cards(types=(kind,) if kind else ()), stat="cost")
        return amount_source(ref)[0], 0
    raise Unsupported("«ese …» sin antecedente claro")


class _Both(Exception):
    """ "se consideran de ambas Razas": one race_becomes effect per race (see ``_effects``)."""

    def __init__(self, eff: PEffect):
        self.eff = eff


def _effects(p: Parsed, scope: _Scope, continuous: bool) -> tuple[Effect, ...]:
    out = []
    for i, eff in enumerate(p.effects):
        if eff.kind == "choose":  # «Elige un Aliado. Ese Aliado …»: only names the target
            assert eff.cards is not None  # the grammar always names what is chosen
            if eff.cards.count is None or eff.cards.ref is not None or i + 1 == len(p.effects):
                raise Unsupported("«elige» sin efecto sobre lo elegido")
            if eff.cards.zone == "hand":  # from the hand just looked at: chosen on resolution
                flt = card_filter(eff.cards, owner_player=eff.cards.zone_owner)
                scope.chosen = TargetFilter(**{**_tf_fields(flt), "targets": False})
                continue
            scope.subject(eff.cards)
            continue
        if eff.cond is not None:  # «Luego, si …»: the step happens only if the condition holds
            if continuous:
                raise Unsupported("paso condicional en una habilidad continua")
            out.append(replace(_effect(replace(eff, cond=None), scope, continuous),
                               condition=_conditions((eff.cond,))))
            continue
        try:
            out.append(_effect(eff, scope, continuous))
        except _Both as both:
            if both.eff.kind == "search":
                assert both.eff.cards is not None
                for part in (replace(both.eff.cards, plus=()),) + both.eff.cards.plus:
                    out.append(_effect(replace(both.eff, cards=part), scope, continuous))
                continue
            for race in (both.eff.keyword or "").split("+"):
                out.append(_effect(replace(both.eff, keyword=race), scope, continuous))
    return tuple(out)


_LASTING = frozenset({"race_becomes", "strength", "set_strength", "gain_keyword", "lose_keyword", "lose_abilities",
                      "cannot_attack", "cannot_block"})


_CAPACITY = {"no puede portar Armas": 0, "puede portar un Arma adicional": 2,
             "puede portar cualquier cantidad de Armas": None}
_PERMISSION_ZONES = {"desde tu Cementerio": ("graveyard", ()),
                     "desde tu Cementerio en tu Fase de Vigilia": ("graveyard", ("vigil",))}


def lower(p: Parsed, text: str, card_type: str, name: str = "",
          additional: tuple[PCost, ...] = ()) -> Ability:
    """``additional``: the card's additional costs read so far («Para jugar este Talismán, …»),
    what a Talismán's «la carta Desterrada» points back to."""
    _NAME["card"], _NAME["text"] = name, text
    _PAID["costs"] = p.costs or (additional if p.kind == "spell" else ())
    try:
        return _lower(p, text, card_type)
    finally:
        _NAME["card"] = _NAME["text"] = ""
        _PAID["costs"] = ()


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
    if p.kind == "permission" and p.trigger is not None:  # «… en respuesta a que tu oponente juegue un Aliado»
        if p.conditions:
            raise Unsupported("permiso en respuesta con condición")
        return Ability("play_permission", zone="hand", response=True, trigger=_trigger(p.trigger), text=text)
    if p.kind == "permission" and p.conditions:
        plain = _lower(Parsed("permission", param=p.param), text, card_type)
        return Ability("play_permission", zone=plain.zone, phases=plain.phases, own_turn=plain.own_turn,
                       effects=plain.effects, condition=_conditions(p.conditions), text=text)
    if p.kind == "permission":
        if p.param in _PERMISSION_ZONES:
            zone, phases = _PERMISSION_ZONES[p.param]
            then: tuple[Effect, ...] = ()
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
    if any(t.count_from is not None for t in scope.targets[:-1]):
        raise Unsupported("un objetivo de cantidad variable antes de otro")  # the engine splits by count
    if continuous and any(e.filter is not None and e.filter.count_from is not None for e in effects):
        raise Unsupported("cantidad variable de cartas en una habilidad continua")
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
        zones = {c.zone for c in p.conditions if c.kind == "self_zone" and c.zone is not None} | {
            c.cards.zone for c in p.costs if c.cards is not None and c.cards.ref == "self" and c.cards.zone != "play"} | {
            e.cards.zone for e in p.effects if e.kind in ("play_free", "play_paying") and e.cards is not None
            and e.cards.ref == "self" and e.cards.zone != "play"}  # «jugar este Aliado desde tu Cementerio / mano»
        if len(zones) == 1 and zones != {"play"}:
            common["zone"] = _ZONES[zones.pop()]
            # the zone says it: the condition «si esta carta está en tu Cementerio» is not repeated
            common["condition"] = _conditions(tuple(c for c in p.conditions if c.kind != "self_zone"))
        elif not zones and any(e.kind == "play_free" and e.cards is not None and e.cards.ref == "self"
                               for e in p.effects) and not (p.trigger and p.trigger.cards and
                                                            p.trigger.cards.ref == "self"):
            common["zone"] = "hand"  # «puedes … para jugar este Aliado»: it is played from the hand (8.1)
    if any(c.kind in ("discard_self", "reveal_self") for c in costs) and common.get("zone") != "hand":
        raise Unsupported("Descartar / mostrar esta carta fuera de la mano")
    if p.kind == "triggered":
        assert p.trigger is not None  # a triggered ability always has its trigger
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
