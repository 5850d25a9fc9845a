"""Lowering one effect step: a grammar ``Effect`` (``parsed``) -> an engine ``Effect``
(``_effect``), with the verb table it reads and the anaphora helpers («ese …»)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.trigger_cost_duration import Cost
from ..abilities.effect_value import Effect
from ..abilities.target_filter import TargetFilter
from .looks import lower_reveal
from .lower_choices import each_chooses
from .lower_filters import (
    PAID,
    Unsupported,
    count,
    card_fields,
    Scope,
    tf_fields,
    amount_source,
    card_filter,
    paid_card,
)
from .lower_frames import duration
from .parsed import Amount, Cards
from .parsed import Effect as PEffect
from .statics import KINDS as STATIC_KINDS
from .statics import lower_static

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


# the steps whose moved cards a next step may count («de esta manera», «esa misma cantidad»)
MOVING = frozenset({"destroy", "banish", "shuffle_into_castle", "return_to_hand", "discard"})


def lower_step(eff: PEffect, scope: Scope, continuous: bool) -> Effect:
    """One grammar effect step -> the engine's ``Effect``, by the lowering of its verb
    (``LOWERINGS``; the verbs that move or change cards share ``_moved``). The kinds it
    produces all have their home in ``abilities/kinds`` (checked by ``compile_text``)."""
    common: dict[str, Any] = {"then": eff.then, "optional": eff.optional}
    if eff.unless is not None:  # «a menos que tu oponente pague 2 Oros»: paid by the affected player
        # the model's payer is the affected player: only the same as «tu oponente» when the cards
        # acted on are the opponent's (or the attack is)
        if eff.kind != "cancel_attack" and (eff.cards is None or eff.cards.controller != "opponent"):
            common["unless_player"] = "opponent"  # «Roba una carta a menos que tu oponente pague …»
        common["unless"] = Cost(eff.unless[0], amount=eff.unless[1])
    if eff.per is not None and (eff.per.ref or "").startswith("moved") and not \
            (scope.step_kind is not None and eff.per.ref in ("moved", f"moved:{scope.step_kind}")):
        raise Unsupported("«de esta manera» / «esa misma cantidad» sin el paso anterior que lo dice")
    lowered = LOWERINGS.get(eff.kind, _moved)(eff, scope, continuous, common)
    scope.step_kind = lowered.kind if lowered.kind in MOVING else None
    if eff.until == "next" and lowered.duration.kind != "next_turn":
        raise Unsupported(f"«hasta tu próximo turno» en «{eff.kind}»: sin equivalente en el motor")
    return lowered


def _draw_or_mill(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """Roba / Bota N cartas, or as many as a card's Fuerza or coste."""
    if (eff.amount_from or "").startswith("strength_of_that:"):
        _, noun, verb = (eff.amount_from or "").split(":")
        ref = Amount("of_ref", cards=Cards(types=(noun,)), stat="strength", verb=verb)
        return Effect(eff.kind, subject="player", player=eff.player,
                      amount_from=amount_source(ref)[0], **common)
    if (eff.amount_from or "").startswith("cost_of_that:"):
        noun = (eff.amount_from or "").partition(":")[2]
        if scope.last is None and _fires_for(scope, noun):
            # «Cuando tu oponente juegue un Talismán, … tantas cartas como coste tenga ese
            # Talismán»: the card that fired the trigger
            source, target = "cost_of_triggering", 0
        else:
            source, target = _cost_of_that(eff.amount_from or "", scope)
        return Effect(eff.kind, subject="player", player=eff.player, amount_from=source,
                      target=target, **common)
    if eff.amount_from is not None:
        target = 0
        source = eff.amount_from
        if source == "strength_of_target":
            if scope.last is None and _fires_for(scope, "Aliado"):
                source = "strength_of_triggering"  # «Cuando otro Aliado … entre en juego, … ese Aliado»
            elif scope.last is None and (paid := paid_card(Amount("of_ref", cards=Cards(types=("Aliado",))))) \
                    is not None and paid.kind in ("destroy", "banish", "discard", "shuffle"):
                source = "strength_of_paid"  # «puedes Destruir otro Aliado … para que … ese Aliado»
            elif scope.last is None or scope.last[0] != "target":
                raise Unsupported("«ese Aliado» sin objetivo antes")
            else:
                target = scope.last[1]
        return Effect(eff.kind, subject="player", player=eff.player, amount_from=source,
                      target=target, **common)
    return Effect(eff.kind, subject="player", player=eff.player, amount=eff.amount,
                  **count(eff.per, eff.player), **common)


def _discard(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """Descarta N cartas de la mano, todas las de una mano mostrada, o la elegida de allí."""
    if eff.kind == "discard" and eff.cards is not None and eff.cards.zone == "hand" and \
            not eff.cards.types and eff.cards.count is not None and eff.cards.ref is None and \
            eff.cards.count_rel is None and not eff.cards.up_to:
        return Effect("discard", subject="player", player=eff.player, amount=eff.cards.count,
                      random=eff.cards.random, **count(eff.per, eff.player), **common)
    if eff.kind == "discard" and eff.cards is not None and eff.cards.zone == "hand" and eff.cards.count is None \
            and eff.cards.ref is None and eff.cards.zone_owner in ("you", "opponent"):
        # «Descarta todos los Talismanes de ahí» (the hand shown): every such card of that hand
        flt = card_filter(eff.cards)
        return Effect("discard", subject="each", player=eff.cards.zone_owner,
                      filter=TargetFilter(**{**tf_fields(flt), "count": 1, "targets": False}), **common)
    if eff.kind == "discard" and eff.cards is not None and eff.cards.ref == "that" and \
            scope.chosen is not None:
        # «elige una carta de allí … Tu oponente Descarta esa carta»: you choose, they discard
        flt, scope.chosen = scope.chosen, None
        return Effect("discard", subject="chosen", filter=flt, player="you", **common)
    return _moved(eff, scope, continuous, common)


def _shuffle(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Tu oponente Baraja esa carta (elegida de su mano) en su Mazo Castillo», else a move."""
    if eff.kind == "shuffle" and eff.cards is not None and eff.cards.ref == "that" and \
            scope.chosen is not None and eff.player == "opponent" and eff.dest == "castle":
        # «elige una carta Oscuridad de ahí. Tu oponente Baraja esa carta en su Mazo Castillo»
        flt, scope.chosen = scope.chosen, None
        return Effect("shuffle_into_castle", subject="chosen", filter=flt, player="you", **common)
    return _moved(eff, scope, continuous, common)


def _cannot_play(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«no se pueden jugar Talismanes»: a prohibition."""
    assert eff.cards is not None
    flt = TargetFilter(**{**tf_fields(card_filter(replace(eff.cards, count=1))), "targets": False})
    return Effect("cannot_play", subject="each", filter=flt, player=eff.player if eff.player != "each" else "any",
                  duration=duration(eff, continuous), **common)


def _look_hand(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Mira la mano de tu oponente»."""
    return Effect("look", subject="player", player=eff.player, zone="hand", **common)


def _cannot_search(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Los jugadores no pueden buscar cartas en los Mazos Castillo»."""
    if not continuous:
        raise Unsupported("prohibición de buscar fuera de una habilidad continua")
    return Effect("cannot_search", subject="player", player="each", zone="castle")


def _reveal_top(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Muestra la primera carta …, si es …, ponla en tu mano»."""
    return lower_reveal(eff, common)


def _dig(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Mira las primeras N cartas … Pon una en tu mano …»."""
    assert eff.cards is not None
    flt = card_filter(replace(eff.cards, zone="castle", zone_owner=None))  # what may be taken
    flt = TargetFilter(**{**tf_fields(flt), "targets": False})
    return Effect("dig", subject="player", player="you", amount=eff.amount, filter=flt, zone="hand",
                  rest_zone=eff.rest_zone, **common)


def _banish_top(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Destierra las primeras N cartas del Mazo Castillo»."""
    return Effect("banish_top", subject="player", player=eff.player, amount=eff.amount,
                  zone=eff.dest, under=eff.under, **common)


def _look(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Mira las primeras N cartas de un Mazo Castillo»."""
    return Effect("look", subject="player", player=eff.player, amount=eff.amount, zone="castle", **common)


def _extra_turn(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Gana un turno extra después de éste»."""
    return Effect("extra_turn", subject="player", player="you", **common)


def _prevent(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«para prevenirlo»: the event that was about to happen."""
    return Effect("prevent", subject="triggering", **common)


def _cancel_attack(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«cancela el ataque»."""
    return Effect("cancel_attack", subject="attackers", **common)


def _become_ally(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«convertir este Tótem en un Aliado con Fuerza N hasta la Fase Final»."""
    if eff.until != "end" or continuous:
        raise Unsupported("conversión sin «hasta la Fase Final»")
    assert eff.cards is not None
    return Effect("become_ally", amount=eff.amount, keyword=eff.keyword, duration=duration(eff, False),
                  **scope.subject(eff.cards), **count(eff.per, "you"), **common)


def _static(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """Damage to the Destierro, who may bear an Arma … (``statics``)."""
    return lower_static(eff, scope, continuous, common)


def _gold(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«genera N Oros (para jugar Talismanes)»: virtual Oros."""
    if eff.kind == "gold" and eff.cards is not None:  # «genera un Oro para jugar Talismanes»
        if eff.per is not None:
            raise Unsupported("Oros «por cada» sólo para jugar algunas cartas")
        only = TargetFilter(**{**tf_fields(card_filter(replace(eff.cards, count=1))), "targets": False})
        return Effect("virtual_gold", subject="player", player="you", amount=eff.amount, filter=only,
                      **common)
    return Effect("virtual_gold", subject="player", player="you", amount=eff.amount,
                  **count(eff.per, "you"), **common)


def _cost_change(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«te cuesta un Oro menos …», «el coste de las Armas se reduce en 1 Oro hasta la Fase Final»."""
    if eff.kind == "cost_change" and eff.cards is not None and eff.cards.ref == "self":
        return Effect("cost_change", subject="self", amount=eff.amount, **count(eff.per, "you"))
    if eff.kind == "cost_change" and eff.cards is not None and eff.cards.count is None and \
            eff.cards.ref is None and continuous and eff.per is None:
        # «te cuesta un Oro menos jugar Tótems»: every such card in your hand, while this applies
        flt = card_filter(eff.cards)
        return Effect("cost_change", subject="each", filter=TargetFilter(**{**tf_fields(flt), "targets": False}),
                      amount=eff.amount)
    if eff.kind == "cost_change" and eff.cards is not None and eff.cards.count is None and \
            eff.cards.ref is None and continuous and eff.per is not None:
        # «jugar Talismanes cuesta un Oro adicional por cada Tótem que controles»: counted now
        per = count(eff.per, "you")
        if per.get("amount_from") != "count" or eff.per.controller != "you" or eff.per.zone != "play":
            raise Unsupported("«por cada …» de un cambio de coste que no son cartas que controlas")
        flt = card_filter(eff.cards)
        return Effect("cost_change", subject="each", filter=TargetFilter(**{**tf_fields(flt), "targets": False}),
                      amount=eff.amount, amount_from="count", count_filter=per["filter"])
    if eff.kind == "cost_change" and eff.cards is not None and eff.cards.count is None and \
            eff.cards.ref is None and not continuous and eff.until == "end" and eff.per is None:
        # «el coste de las Armas se reduce en 1 Oro hasta la Fase Final»: those played this turn
        flt = card_filter(eff.cards)
        return Effect("cost_change", subject="each", filter=TargetFilter(**{**tf_fields(flt), "targets": False}),
                      amount=eff.amount, duration=duration(eff, continuous), **common)
    raise Unsupported("efecto «cost_change» sin equivalente en el motor")


def _search(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«Busca … en tu Mazo Castillo y ponlo en tu mano / juégalo …»."""
    if eff.kind == "search" and eff.cards is not None and eff.cards.plus:
        raise Both(eff)  # «un Aliado y un Talismán»: one search step per card (see ``_effects``)
    zones = (eff.cards.zone,) + eff.cards.also_zones if eff.cards is not None else ()
    if eff.cards is None or "castle" not in zones or eff.cards.count is None:
        raise Unsupported("Buscar sin carta concreta")
    owner = eff.cards.zone_owner if eff.cards.zone_owner != "owner" else eff.player
    if eff.cards.zone_owner is None:
        owner = "any"  # «en un Mazo Castillo»
    flt = card_filter(Cards(**{**card_fields(eff.cards), "zone_owner": None, "zone": "castle",
                               "also_zones": tuple(z for z in zones if z != "castle")}))
    assert eff.dest is not None  # the grammar always says where the found card goes
    dest = {"hand": "hand", "exile": "exile", "castle_top": "castle_top",
            "graveyard": "graveyard", "paid": "paid", "reserve": "reserve",
            "being_played": "being_played"}[eff.dest]  # being_played: «y juégalo sin pagar su coste»
    if dest == "being_played" and flt.count == 1 and not flt.up_to:
        scope.found = flt  # «… y jugarlo sin pagar su coste. Luego, Destierra ese Talismán»
    return Effect("search", subject="player", player=owner or "you", filter=flt, zone=dest, **common)


def _protection(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«no puede ser Desterrado por Talismanes», «no puede ser objetivo de …»."""
    if "+" in (eff.keyword or ""):
        raise Both(eff)
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


def _race_becomes(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """«se considera de Raza X» (one step per race: ``Both``)."""
    if "+" in (eff.keyword or ""):
        raise Both(eff)
    return _moved(eff, scope, continuous, common)


def _moved(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    """The verbs that move or change cards (``_MOVES``): their cards, amounts and words."""
    kind = _MOVES.get(eff.kind) if eff.kind != "put" else _PUT.get(eff.dest or "")
    if kind is None or eff.cards is None:
        raise Unsupported(f"efecto «{eff.kind}» sin equivalente en el motor")
    if eff.player != "you" and kind not in ("discard", "banish", "shuffle_into_castle"):
        raise Unsupported("efecto de otro jugador")
    if eff.player == "each":
        return each_chooses(eff, kind, common)
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
        counted = count(eff.per, "you")
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
    return Effect(kind, duration=duration(eff, continuous and kind in _LASTING), **fields, **extra,
                  **common)


LOWERINGS = {
    "draw": _draw_or_mill, "mill": _draw_or_mill, "discard": _discard, "shuffle": _shuffle,
    "cannot_play": _cannot_play, "look_hand": _look_hand, "cannot_search": _cannot_search,
    "reveal_top": _reveal_top, "dig": _dig, "banish_top": _banish_top, "look": _look,
    "gold": _gold, "cost_change": _cost_change, "search": _search, "extra_turn": _extra_turn,
    "prevent": _prevent, "cancel_attack": _cancel_attack, "protection": _protection,
    "race_becomes": _race_becomes, "become_ally": _become_ally,
    **{kind: _static for kind in STATIC_KINDS},
}


def _fires_for(scope: Scope, noun: str) -> bool:
    """«ese Aliado» names the card that fired the trigger: a card of that type (and no card was
    paid as a cost, which «ese» could name too)."""
    trig = scope.trigger
    paid = [c for c in PAID["costs"] if c.kind not in ("gold", "mill", "counters")]
    return bool(noun) and not paid and trig is not None and trig.cards is not None and \
        trig.cards.ref is None and trig.cards.types == (noun,)


def _cost_of_that(word: str, scope: Scope) -> tuple[str, int]:
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


class Both(Exception):
    """ "se consideran de ambas Razas": one race_becomes effect per race (see ``_effects``)."""

    def __init__(self, eff: PEffect):
        self.eff = eff


_LASTING = frozenset({"race_becomes", "strength", "set_strength", "gain_keyword", "lose_keyword", "lose_abilities",
                      "cannot_attack", "cannot_block"})
