"""The lowering's card side: ``card_filter`` (a selection as a ``TargetFilter``), the targets
of one ability (``_Scope``), amounts read from cards, and the state of the card being lowered."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.target_filter import TargetFilter
from .parsed import Amount, Cards
from .parsed import Cost as PCost
from .parsed import Trigger as PTrigger


class Unsupported(Exception):
    pass


ZONES = {"attack": "attack", "defense": "defense", "support": "support", "play": "in_play", "hand": "hand", "graveyard": "graveyard", "castle": "castle",
          "exile": "exile", "reserve": "reserve", "paid": "paid", "being_played": "being_played"}


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
        kwargs["targeting"] = TargetFilter(**{**tf_fields(card_filter(cards.targeting)), "targets": False})
    if cards.not_attribute is not None:
        kwargs["not_attribute"] = cards.not_attribute
    if cards.played_free is not None or cards.played_from_hand is not None:
        if cards.zone not in ("play", "being_played"):
            raise Unsupported("cómo se jugó una carta que no se está jugando")
        kwargs.update(played_free=cards.played_free, played_from_hand=cards.played_from_hand)
    names: tuple[str, ...] = (NAME["card"],) if cards.copy_of_self else ()
    if cards.copy_of_self and not NAME["card"]:
        raise Unsupported("copia de esta carta sin nombre")
    if cards.names:
        names += tuple(spelled(n) for n in cards.names)
    if cards.any_of:  # «un Aliado Guardián o de Raza Héroe»: each alternative on its own, here
        if "any_of" in kwargs:
            raise Unsupported("dos alternativas en un filtro")
        kwargs["any_of"] = tuple(TargetFilter(**{**tf_fields(card_filter(replace(c, count=1))), "targets": False})
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
                        without=cards.without, attacking=cards.attacking, blocking=cards.blocking,
                        blocked=cards.blocked, not_types=cards.exclude_types,
                        bearing_weapon=cards.bearing_weapon, counter=cards.counter,
                        no_counter=cards.no_counter,
                        not_races=cards.not_races, owned=cards.owned,
                        attribute=cards.attribute, with_ability=cards.with_ability,
                        zone=ZONES[cards.zone], other=cards.other,
                        count=cards.count if cards.count is not None else 1, up_to=cards.up_to,
                        same_zone=same_zone, also_zones=tuple(ZONES[z] for z in cards.also_zones),
                        **kwargs)


class Scope:
    """Targets of one ability, in order; anaphora ("ese Aliado", "lo") point back."""

    def __init__(self, trigger: PTrigger | None):
        self.targets: list[TargetFilter] = []
        self.last: tuple[str, int] | None = None
        self.trigger = trigger
        self.chosen: TargetFilter | None = None  # «elige … de allí»: chosen when it resolves
        self.found: TargetFilter | None = None  # the card a search found and played
        # after «Luego, …» a card not called «objetivo» is chosen when the step resolves (8.2:
        # what follows an earlier action is picked then, without targeting)
        self.after_then = False
        self.step_kind: str | None = None  # the step just lowered, when it moves cards (its count)

    def subject(self, cards: Cards, player: str | None = None) -> dict[Any, Any]:
        if cards.ref == "self":
            return {"subject": "self"}
        if cards.ref == "bearer":
            return {"subject": "bearer"}
        if cards.ref == "blocker":  # «Cuando este Aliado sea bloqueado, … el Aliado que lo bloquea»
            t = self.trigger
            if t is None or t.event != "blocked" or t.cards is None or t.cards.ref != "self":
                raise Unsupported("«el Aliado bloqueador» sin «cuando este Aliado sea bloqueado»")
            return {"subject": "blocker"}
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
            return {"subject": "chosen", "filter": TargetFilter(**{**tf_fields(flt), "targets": False})}
        if self.after_then and not cards.target:
            flt = card_filter(cards, owner_player=player)
            self.last = ("chosen", -1)
            return {"subject": "chosen", "filter": TargetFilter(**{**tf_fields(flt), "targets": False})}
        self.targets.append(card_filter(cards, owner_player=player))
        self.last = ("target", len(self.targets) - 1)
        return {"subject": "target", "target": len(self.targets) - 1}


def count(per: Cards | None, player: str) -> dict[Any, Any]:
    """ "por cada Aliado de Raza Dragón que controles": amount × that count."""
    if per is None:
        return {}
    if per.ref is not None and per.ref.startswith("moved"):  # «por cada Aliado Desterrado de esta
        return {"amount_from": "moved_before"}  # manera», «esa misma cantidad»: see lower_step
    if per.entered_this_turn:  # «por cada Aliado … que entró en juego bajo tu control este turno»
        if player == "each" or per.controller is not None or per.zone != "play":
            raise Unsupported("«que entró en juego este turno» de otro jugador o zona")
        flt = card_filter(replace(per, count=1, entered_this_turn=False))
        return {"amount_from": "entered_this_turn",
                "filter": TargetFilter(**{**tf_fields(flt), "controller": "you", "targets": False})}
    if player == "each" and per.controller == "subject":
        player = "you"  # «cada jugador … por cada Aliado que controle»: each counts their own
    flt = card_filter(replace(per, count=1), owner_player=player)
    return {"amount_from": "count", "filter": TargetFilter(**{**tf_fields(flt), "targets": False})}


def card_fields(cards: Cards) -> dict[Any, Any]:
    return {name: getattr(cards, name) for name in cards.__slots__}


def tf_fields(flt: TargetFilter) -> dict[Any, Any]:
    return {name: getattr(flt, name) for name in flt.__slots__}


NAME = {"card": "", "text": ""}  # the card being lowered («una copia de esta carta») and its sentence


def spelled(folded: str) -> str:
    """A card name read as folded tokens («simon de montfort»), spelled as the sentence writes
    it («Simón de Montfort»); it must be written as a name (capital first letter)."""
    from ...catalog.model import fold_accents

    want = folded.split()
    words = [w.strip(".,;:()«»\"'") for w in NAME["text"].split()]
    for i in range(len(words) - len(want) + 1):
        window = words[i:i + len(want)]
        if [fold_accents(w) for w in window] == want and window[0][:1].isupper():
            return " ".join(window)
    raise Unsupported(f"«{folded}» no está escrito como el nombre de una carta")
PAID: dict[str, tuple[PCost, ...]] = {"costs": ()}  # the costs of the ability being lowered
# the ability's first step on its one target so far: (step kind, filter), for «Luego, … de coste
# igual o menor al del Aliado Destruido» when no card was paid as a cost (see ``amount_source``)
EARLIER: dict[str, tuple[str, TargetFilter] | None] = {"target": None}
_EARLIER_VERBS = {"destroy": "destroy", "banish": "banish", "shuffle": "shuffle_into_castle",
                  "discard": "discard"}


def _relations(cards: Cards) -> dict[Any, Any]:
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
        return amt.source, TargetFilter(**{**tf_fields(flt), "targets": False})
    if amt.source in ("hand_size", "strength_of_self", "strength_of_bearer"):
        return amt.source, None
    if amt.source == "of_ref" and paid_card(amt) is not None:
        return ("cost_of_paid" if amt.stat == "cost" else "strength_of_paid"), None
    if amt.source == "of_ref" and not [c for c in PAID["costs"] if c.kind not in ("gold", "mill", "counters")] \
            and (earlier := EARLIER["target"]) is not None:
        # «Destruye un Aliado oponente. Luego, … de coste igual o menor al del Aliado Destruido»:
        # the ability's one target, acted on by the step before (read as the line resolves)
        kind, flt = earlier
        wanted = amt.cards.types if amt.cards is not None else ()
        if (amt.verb is None or _EARLIER_VERBS.get(amt.verb) == kind) and flt.count == 1 and \
                not flt.up_to and flt.count_from is None and (not wanted or flt.types == tuple(wanted)):
            return ("cost_of_target" if amt.stat == "cost" else "strength_of_target"), None
    raise Unsupported("«esa carta» / «la carta Desterrada» sin una carta pagada como coste")


_PAID_VERBS = {"discard": ("discard",), "banish": ("banish",), "destroy": ("destroy",),
               "shuffle": ("shuffle",)}


def paid_card(amt: Amount) -> PCost | None:
    """The one card cost of the ability that «la carta Descartada» / «esa carta» / an elided
    «de coste igual o menor» points back to (None: there is not exactly one that fits)."""
    card_costs = [c for c in PAID["costs"] if c.kind not in ("gold", "mill", "counters")]
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
