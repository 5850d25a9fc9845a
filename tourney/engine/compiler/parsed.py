"""What the grammar reads from a sentence, before it becomes engine ability values.

Frozen, comparable values with a Spanish ``describe()``; ``lower.py`` turns them into
``tourney.engine.abilities`` values. Zones: play, hand, graveyard, castle, exile, reserve,
paid. Players: ``you``, ``opponent``, ``each``, ``owner``.
"""
from __future__ import annotations

from typing import cast, Any

from dataclasses import asdict, dataclass, field

from .render import ZONE, describe_condition, describe_cost, describe_effect, describe_parsed, describe_trigger

PLURAL = {"Aliado": "Aliados", "Talismán": "Talismanes", "Arma": "Armas", "Tótem": "Tótems",
          "Oro": "Oros"}


@dataclass(frozen=True, slots=True)
class Cards:
    """A selection of cards: what a target filter and a count say."""

    types: tuple[str, ...] = ()  # catalog type names; () = any card
    count: int | None = 1  # None = all of them ("todos")
    up_to: bool = False  # "hasta N"
    target: bool = False  # "objetivo"
    controller: str | None = None  # you / opponent (cards in play)
    zone: str = "play"
    zone_owner: str | None = None  # whose hand / Cementerio / Mazo Castillo; None = any
    races: tuple[str, ...] = ()
    cost: tuple[str, int] | None = None  # ("<=", 3), (">=", 2), ("==", 1)
    strength: tuple[str, int] | None = None
    attribute: str | None = None
    exclude_types: tuple[str, ...] = ()  # "que no sea Oro"
    with_ability: bool | None = None  # "Oro con habilidad" / "sin habilidad"
    other: bool = False  # "otro" / "los demás"
    ref: str | None = None  # self / bearer / that (anaphora "ese Aliado", "lo")
    position: str | None = None  # top / bottom of a Mazo Castillo
    random: bool = False
    keywords: tuple[str, ...] = ()  # "un Aliado Indestructible", "Aliados con Furia"
    without: tuple[str, ...] = ()  # "que no sean Guardián"
    attacking: bool | None = None  # "los Aliados declarados atacantes"
    blocking: bool | None = None  # "un Aliado bloqueador"
    blocked: bool | None = None  # "atacantes no bloqueados", "que no hayan sido bloqueados"
    not_races: tuple[str, ...] = ()  # "que no sea de Raza Sacerdote ni Caballero"
    owned: bool | None = None  # False: "de los que no seas dueño"
    copy_of_self: bool = False  # "una copia de esta carta"
    count_rel: Amount | None = None  # «hasta tantas cartas como …»: at most that many
    extreme: str | None = None  # "el Aliado oponente de menor / mayor Fuerza": min / max
    copies_of_that: bool = False  # "y todas sus (demás) copias": same name as the card just named
    bearing_weapon: bool | None = None  # "los Aliados que porten Armas"
    names: tuple[str, ...] = ()  # «buscar a Simón de Montfort»: folded, as the tokens read it
    also_zones: tuple[str, ...] = ()  # «en tu Mazo Castillo o Cementerio»: zone or one of these
    any_of: tuple[Cards, ...] = ()  # «un Aliado Luz o de Raza Héroe», «un Aliado … o un Arma»
    plus: tuple[Cards, ...] = ()  # «buscar un Aliado y un Talismán»: found by the same search
    attribute_or_races: tuple[str, tuple[str, ...]] | None = None  # "Luz o de Raza Samurái"
    counter: str | None = None  # "Aliados Alimentados", "con contadores de Honor"
    no_counter: str | None = None  # "que no estén Alimentados", "que no tengan contadores de X"
    # «de coste igual o menor a la cantidad de …», «con Fuerza igual o menor a la Fuerza de
    # este Aliado», «del mismo coste»: (operator, amount), see ``amounts.py``
    cost_rel: tuple[str, Amount] | None = None
    strength_rel: tuple[str, Amount] | None = None
    not_attribute: str | None = None  # "que no sea Oscuridad"
    targeting: Cards | None = None  # "un Talismán que haga objetivo a un Aliado que controles"
    played_free: bool | None = None  # "una carta jugada sin pagar su coste"
    played_from_hand: bool | None = None  # False: "que no se haya jugado desde la mano de su dueño"
    entered_this_turn: bool = False  # (por cada) "Aliado que entró en juego bajo tu control este turno"

    def describe(self) -> str:
        if self.ref == "self":
            return "esta carta"
        if self.ref == "bearer":
            return "el Aliado portador"
        if self.ref == "that":
            return "esa(s) carta(s)"
        if self.ref == "earlier":
            return "la carta que eligió la frase anterior"
        if self.ref == "blocker":
            return "el Aliado que lo bloquea"
        if self.ref == "looked":
            return "la mano mirada"
        if self.plus:
            from dataclasses import replace
            return " y ".join(c.describe() for c in (replace(self, plus=()),) + self.plus)
        many = self.count is None or self.count != 1 or self.up_to
        names = [PLURAL.get(t, t) if many else t for t in self.types] or (
            ["cartas" if many else "carta"])
        noun = " o ".join(names)
        if self.count is None:
            head = f"todos los {noun}"
        elif self.up_to:
            head = f"hasta {self.count} {noun}"
        else:
            head = f"{self.count} {noun}"
        parts = [head]
        if self.names:
            parts.append("llamada " + " o ".join(self.names))
        if self.any_of:
            parts.append("(" + " o ".join(c.describe() for c in self.any_of) + ")")
        if self.other:
            parts.append("(otro)")
        if self.target:
            parts.append("objetivo")
        if self.position:
            parts.append("de arriba" if self.position == "top" else "de abajo")
        if self.races:
            parts.append("de Raza " + " o ".join(self.races))
        if self.attribute:
            parts.append(self.attribute)
        if self.attribute_or_races:
            parts.append(f"{self.attribute_or_races[0]} o de Raza " + " o ".join(self.attribute_or_races[1]))
        if self.not_attribute:
            parts.append("que no sea " + self.not_attribute)
        if self.targeting is not None:
            parts.append("que haga objetivo a " + self.targeting.describe())
        if self.played_free:
            parts.append("jugada sin pagar su coste")
        if self.played_from_hand is False:
            parts.append("que no se jugó desde la mano de su dueño")
        if self.entered_this_turn:
            parts.append("que entró en juego bajo tu control este turno")
        if self.keywords:
            parts.append("con " + " y ".join(self.keywords))
        if self.counter:
            parts.append(f"con contadores de {self.counter}")
        if self.no_counter:
            parts.append(f"sin contadores de {self.no_counter}")
        if self.cost:
            parts.append(f"de coste {_cmp(self.cost)}")
        if self.strength:
            parts.append(f"de Fuerza {_cmp(self.strength)}")
        if self.cost_rel:
            parts.append(f"de coste {_REL[self.cost_rel[0]]} {self.cost_rel[1].describe()}")
        if self.strength_rel:
            parts.append(f"de Fuerza {_REL[self.strength_rel[0]]} {self.strength_rel[1].describe()}")
        if self.exclude_types:
            parts.append("que no sea " + " ni ".join(self.exclude_types))
        if self.with_ability is not None:
            parts.append("con habilidad" if self.with_ability else "sin habilidad")
        if self.controller:
            parts.append("que controlas" if self.controller == "you" else "del oponente")
        if self.zone != "play":
            whose = {"you": "de tu ", "opponent": "del oponente: ", None: "de cualquier "}
            parts.append(f"{whose.get(self.zone_owner, '')}{ZONE[self.zone]}"
                         + "".join(f" o {ZONE[z]}" for z in self.also_zones))
        if self.random:
            parts.append("al azar")
        return " ".join(parts)


_REL = {"<=": "igual o menor a", "==": "igual a", "<": "menor a"}


@dataclass(frozen=True, slots=True)
class Amount:
    """A number read from the game when the ability resolves (``amounts.py``).

    ``source``: "count" (how many ``cards`` there are), "hand_size", "strength_of_self",
    "strength_of_bearer", or "of_ref": the ``stat`` ("cost" / "strength") of a card the
    ability acted on before — a card paid as its cost or an earlier step's card
    (``cards``: its noun, ``verb``: what was done to it, "discard", "banish", …; None: «esa
    carta» or an elided «de coste igual o menor»)."""

    source: str
    cards: Cards | None = None
    stat: str | None = None
    verb: str | None = None

    def describe(self) -> str:
        if self.source == "count":
            return "la cantidad de " + (self.cards.describe() if self.cards else "cartas")
        if self.source == "entered_this_turn":
            return ("la cantidad de " + (self.cards.describe() if self.cards else "cartas")
                    + " que entraron en juego bajo tu control este turno")
        if self.source == "of_ref":
            stat = "el coste" if self.stat == "cost" else "la Fuerza"
            return f"{stat} de esa carta"
        return {"hand_size": "la cantidad de cartas en tu mano",
                "strength_of_self": "la Fuerza de esta carta",
                "strength_of_bearer": "la Fuerza del Aliado portador"}.get(self.source, self.source)


def _cmp(pair: tuple[str, int]) -> str:
    op, n = pair
    return {"<=": f"{n} o menos", ">=": f"{n} o más", "==": str(n)}[op]


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str  # see effects.KINDS
    player: str = "you"  # who performs it (draw, mill, discard, search…)
    cards: Cards | None = None
    amount: int | None = None
    keyword: str | None = None
    counter: str | None = None
    until: str | None = None  # "end": hasta la Fase Final; "next": hasta tu próximo turno; "while": while the ability holds
    dest: str | None = None  # destination zone (to_hand, shuffle, put)
    per: Cards | None = None  # "por cada …": amount per matching card
    amount_from: str | None = None  # "tantas cartas como Fuerza tenga ese Aliado"
    amount_of: Amount | None = None  # "gane tanta Fuerza como coste tenga la carta Descartada"
    rest_zone: str | None = None  # dig: where the cards not taken go
    under: bool = False  # banish_top: «… y ponla(s) bajo este Aliado» (10.19)
    unless: tuple[str, int] | None = None  # "a menos que tu oponente pague 2 Oros": (cost kind, n)
    then: bool = False  # "Luego, …": only after the previous step was done
    optional: bool = False  # "puedes …" inside a chain ("Luego, puedes Robar una carta")
    cond: Condition | None = None  # "Luego, si …, Roba una carta": this step only if it holds

    def describe(self) -> str:
        return describe_effect(self)


@dataclass(frozen=True, slots=True)
class Trigger:
    event: str  # enters, destroyed, banished, attacks, blocked, blocks, played, phase_start, phase_end
    cards: Cards | None = None  # whose event (ref=self for "este Aliado")
    player: str | None = None  # "cuando juegues" = you; "cuando tu oponente juegue" = opponent
    phase: str | None = None
    whose: str | None = None  # whose phase: you / opponent / None (any)
    from_zone: str | None = None  # "desde tu mano", "de tu Cementerio"
    together: tuple[int, Cards] | None = None  # "declarado atacante con otros 2 o más Aliados de Raza X"
    would: bool = False  # "fuera a ser Destruido": before it happens (replacement)
    also: tuple[str, ...] = ()  # more events after "o": "entra en juego o es declarado bloqueador"
    counter: str | None = None  # counter_placed: "cuando un contador de Alimento sea puesto sobre …"
    delayed: bool = False  # «Hasta la Fase Final, cuando …»: armed by the card's effect before it
    self_too: bool = False  # «este u otro Aliado de Raza X»: this card too, wherever it went
    by_opponent: bool = False  # «… por un efecto (o habilidad) oponente»

    def describe(self) -> str:
        return describe_trigger(self)


@dataclass(frozen=True, slots=True)
class Condition:
    # all_race (races and/or an attribute kept in ``zone``: each Ally is one of them), control,
    # self_zone, self_bearing, no_cards, phase
    kind: str
    races: tuple[str, ...] = ()
    cards: Cards | None = None
    n: int | None = None
    zone: str | None = None
    phase: str | None = None
    other: bool = False  # all_race: «los demás Aliados que controlas» (not this card)

    def describe(self) -> str:
        return describe_condition(self)


@dataclass(frozen=True, slots=True)
class Cost:
    kind: str  # gold, banish, discard, destroy, mill, shuffle, reveal, return, pay_instead, counters…
    amount: int | None = None
    cards: Cards | None = None
    counter: str | None = None  # counters_own / all_counters_own: the counter's name

    def describe(self) -> str:
        return describe_cost(self)


@dataclass(frozen=True, slots=True)
class Parsed:
    """One ability as the grammar read it."""

    kind: str  # keyword, spell, triggered, activated, static, permission, restriction, property
    effects: tuple[Effect, ...] = ()
    trigger: Trigger | None = None
    conditions: tuple[Condition, ...] = ()
    costs: tuple[Cost, ...] = ()
    optional: bool = False  # "puedes …"
    once_per_turn: bool = False
    timing: str | None = None  # vigil / war / block / own_block / final … (activated / permission)
    keyword: str | None = None
    param: str | None = None  # keyword parameter, permission zone, property name
    extra: tuple[str, ...] = field(default=())

    def describe(self) -> str:
        return describe_parsed(self)

    def to_json(self) -> dict[Any, Any]:
        return cast("dict[Any, Any]", _prune(asdict(self)))


def _prune(value: Any) -> Any:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "count":
                if v != 1:
                    out[k] = "all" if v is None else v
            elif v not in (None, (), [], False, {}) and not (k == "zone" and v == "play") \
                    and not (k == "player" and v == "you"):
                out[k] = _prune(v)
        return out
    if isinstance(value, (list, tuple)):
        return [_prune(v) for v in value]
    return value
