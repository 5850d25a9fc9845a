"""``TargetFilter``: which cards qualify (a target, or the cards an effect, cost or
condition counts)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .value import bare_noun, check_word, Value
from .vocabulary import (
    AMOUNT_SOURCES,
    PLAYERS,
    ZONES,
)


@dataclass(frozen=True, slots=True, repr=False)
class TargetFilter(Value):
    """Which cards qualify: a target (8.2) or the cards an effect, cost or condition counts.

    ``types`` card types (Aliado, Talismán, Arma, Tótem, Oro; any if empty); ``races``,
    ``schools`` (Escuela Elemental), ``names``; ``controller`` you / opponent / any;
    ``zone`` where the card must be; ``min/max_strength`` and ``min/max_cost`` (printed cost,
    8.1); ``other`` "otro" (not the source); ``keywords`` it must have, ``without`` keywords it
    must not have; ``count`` how many, ``up_to`` "hasta" (0..count, 6.x); ``targets`` False when
    the card is chosen without targeting (8.2, two ways of choosing); ``player`` True when the
    target is a player, not a card."""

    types: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    schools: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    controller: str = "any"
    zone: str = "in_play"
    min_strength: int | None = None
    max_strength: int | None = None
    min_cost: int | None = None
    max_cost: int | None = None
    other: bool = False
    keywords: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    count: int = 1
    up_to: bool = False
    targets: bool = True
    player: bool = False
    bearing_weapon: bool | None = None
    attacking: bool | None = None
    blocking: bool | None = None  # «un Aliado bloqueador»: declared blocker of this combat
    blocked: bool | None = None  # «atacantes no bloqueados»: an attacker that was (not) blocked
    attribute: str | None = None  # "Luz" | "Oscuridad"
    with_ability: bool | None = None  # «un Oro con habilidad» / «sin habilidad»
    not_races: tuple[str, ...] = ()  # «que no sea de Raza Sacerdote ni Caballero»
    not_types: tuple[str, ...] = ()  # «que no sea Aliado / Oro»
    owned: bool | None = None  # False: «de los que no seas dueño»
    any_of: tuple[TargetFilter, ...] = ()  # «Guardián o de Raza Héroe»: one of them matches
    max_cost_from: str | None = None  # «de coste igual o menor a …» (an AMOUNT_SOURCES word)
    max_strength_from: str | None = None  # «de Fuerza igual o menor a …»
    min_cost_from: str | None = None  # with max_cost_from: «del mismo coste» (equal)
    extreme: str | None = None  # «el Aliado oponente de menor / mayor Fuerza»: min_strength /
    # max_strength among the cards that match the rest of the filter
    count_from: str | None = None  # «hasta tantas cartas como …» / «hasta una carta por cada
    # …»: at most that many (an AMOUNT_SOURCES word, counting ``from_filter``); ``count`` is 1
    strict_from: bool = False  # «con Fuerza menor a …»: the *_from upper limits are strict
    from_filter: TargetFilter | None = None  # what those amounts count ("count")
    same_zone: bool = False  # «hasta dos cartas de un Cementerio»: all from one player's zone
    same_name_as: int | None = None  # «y todas sus copias en juego»: the other cards named as
    # the ability's targets[n] (known only when the effect resolves: ``verify.fixed``)
    also_zones: tuple[str, ...] = ()  # «en tu Mazo Castillo o Cementerio»: ``zone`` or one of these
    counter: str | None = None  # «Aliados Alimentados», «con contadores de Honor»: has ≥ 1 of them
    no_counter: str | None = None  # «que no estén Alimentados»: has none of them
    not_attribute: str | None = None  # «que no sea Oscuridad»
    targeting: TargetFilter | None = None  # «un Talismán que haga objetivo a un Aliado que controles»
    played_free: bool | None = None  # a card being played without paying its Oros (3: effect or alternative cost)
    played_from_hand: bool | None = None  # False: «que no se haya jugado desde la mano de su dueño»

    def __post_init__(self) -> None:
        check_word(self.controller, PLAYERS, "controlador")
        check_word(self.zone, ZONES, "zona")
        for zone in self.also_zones:
            check_word(zone, ZONES, "zona")
        check_word(self.max_cost_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        check_word(self.max_strength_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        check_word(self.min_cost_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        check_word(self.count_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        if self.count < 0:
            raise ValueError("TargetFilter.count debe ser ≥ 0")

    def noun(self) -> str:
        """'Aliado oponente de Fuerza 2 o menos' (no article, no count)."""
        if self.player:
            return {"you": "tú", "opponent": "oponente"}.get(self.controller, "jugador")
        plural = self.count != 1
        return " ".join(self._kind_words(plural) + self._strength_and_cost_words()
                        + self._quality_words(plural) + self._combat_words(plural)
                        + self._place_words(plural))

    def _kind_words(self, plural: bool) -> list[str]:
        """«otros Aliados oponentes de Raza Héroe llamados …»: type, race, school, name."""
        if self.types:
            base = " o ".join(_TYPE_PLURAL.get(t, t + "s") if plural else t for t in self.types)
        else:
            base = "cartas" if plural else "carta"
        parts = [base]
        feminine = not self.types or all(t == "Arma" for t in self.types)  # «otra carta llamada …»
        if self.other:
            parts.insert(0, ("otras" if plural else "otra") if feminine else ("otros" if plural else "otro"))
        if self.controller == "opponent":
            parts.append("oponentes" if plural else "oponente")
        if self.races:
            parts.append("de Raza " + " o ".join(self.races))
        if self.schools:
            parts.append("de la Escuela " + " o ".join(self.schools))
        if self.names:
            parts.append("llamad" + ("a" if feminine else "o") + ("s " if plural else " ")
                         + " o ".join(self.names))
        return parts

    def _strength_and_cost_words(self) -> list[str]:
        """«de Fuerza 2 o menos», «de coste 0», «de coste igual o menor a …»."""
        parts = []
        if self.max_strength is not None:
            parts.append(f"de Fuerza {self.max_strength} o menos")
        if self.min_strength is not None:
            parts.append(f"de Fuerza {self.min_strength} o más")
        alternatives = [bare_noun(f.noun()) for f in self.any_of]
        if alternatives and set(alternatives) != set(self.types):  # not «Talismán o Oro (Talismán o Oro)»
            parts.append("(" + " o ".join(alternatives) + ")")
        exact_cost = self.max_cost is not None and self.max_cost == self.min_cost
        if exact_cost:  # «cartas de coste 0»: not «de coste 0 o menos de coste 0 o más»
            parts.append(f"de coste {self.max_cost}")
        elif self.max_cost is not None:
            parts.append(f"de coste {self.max_cost} o menos")
        counted = (self.from_filter.noun() if self.from_filter else "carta") \
            if self.max_cost_from is not None or self.max_strength_from is not None else ""
        if self.max_cost_from is not None:
            relation = "igual a " if self.min_cost_from == self.max_cost_from else "igual o menor a "
            parts.append("de coste " + relation
                         + AMOUNT_SOURCES[self.max_cost_from].format(filter=counted))
        if self.max_strength_from is not None:
            parts.append("de Fuerza igual o menor a "
                         + AMOUNT_SOURCES[self.max_strength_from].format(filter=counted))
        if self.min_cost is not None and not exact_cost:
            parts.append(f"de coste {self.min_cost} o más")
        if parts and parts[-1].startswith(("de coste igual", "de Fuerza igual")):
            parts[-1] = parts[-1].replace(" a el ", " al ")
            if self.strict_from:
                parts[-1] = parts[-1].replace("igual o menor", "menor")
        return parts

    def _quality_words(self, plural: bool) -> list[str]:
        """What the card is or is not: race and type excluded, owner, attribute, what it
        targets, how it was played, ability, keywords, Arma, counters."""
        parts = []
        if self.not_races:
            parts.append("que no sea de Raza " + " ni ".join(self.not_races))
        if self.not_types or self.not_attribute:  # «que no sean Oscuridad ni Oro»: one clause
            parts.append(("que no sean " if plural else "que no sea ") + " ni ".join(
                [*self.not_types, *([self.not_attribute] if self.not_attribute else [])]))
        if self.owned is False:
            parts.append("de los que no seas dueño")
        if self.owned is True:
            parts.append("de la que seas dueño" if not plural else "de las que seas dueño")
        if self.attribute:
            parts.append(self.attribute)
        if self.targeting is not None:
            parts.append("que haga objetivo a " + replace(self.targeting, targets=False).describe())
        if self.played_free is not None:
            parts.append("jugada sin pagar su coste" if self.played_free else "jugada pagando su coste")
        if self.played_from_hand is not None:
            parts.append("jugada desde la mano" if self.played_from_hand else "no jugada desde la mano de su dueño")
        if self.with_ability is not None:
            parts.append("con habilidad" if self.with_ability else "sin habilidad")
        if self.keywords:
            parts.append("con " + " y ".join(self.keywords))
        if self.without:
            parts.append("sin " + " ni ".join(self.without))
        if self.bearing_weapon is True:
            parts.append("que porte un Arma")
        if self.counter is not None:
            parts.append(f"con contadores de {self.counter}")
        if self.no_counter is not None:
            parts.append(f"sin contadores de {self.no_counter}")
        return parts

    def _combat_words(self, plural: bool) -> list[str]:
        """«atacantes no bloqueados», «bloqueador», «de menor Fuerza», «sus demás copias»."""
        parts = []
        if self.attacking is True and self.blocked is None:
            parts.append("atacante" if not plural else "atacantes")
        if self.blocked is not None:
            parts.append(("atacante " if not plural else "atacantes ") * bool(self.attacking)
                         + ("no " if not self.blocked else "")
                         + ("bloqueado" if not plural else "bloqueados"))
        if self.blocking is True:
            parts.append("bloqueador" if not plural else "bloqueadores")
        if self.extreme is not None:
            parts.append("de menor Fuerza" if self.extreme == "min_strength" else "de mayor Fuerza")
        if self.same_name_as is not None:
            parts.append("con el nombre del objetivo (sus demás copias)")
        return parts

    def _place_words(self, plural: bool) -> list[str]:
        """«que controles», «que se está jugando», «en los Cementerios», «en tu mano»."""
        parts = []
        if self.controller == "you":
            parts.append("que controles")
        if self.zone == "being_played":
            parts.append("que se está jugando" if not plural else "que se están jugando")
        elif self.zone == "graveyard" and self.controller == "any" and not self.also_zones:
            # «cartas en los Cementerios»: anyone's Cementerio (one of them with ``same_zone``)
            parts.append("de un mismo Cementerio" if self.same_zone else "en los Cementerios")
        elif self.zone not in ("in_play",):
            parts.append("en " + " o ".join(ZONES[z] for z in (self.zone,) + self.also_zones))
        return parts

    def describe(self) -> str:
        if self.player:
            return "un jugador" if self.controller == "any" else self.noun()
        n = self.count
        amount = ("hasta " if self.up_to else "") + (_NUMBER.get(n, str(n)) if n != 1 else
                                                    ("una" if self._feminine() else "un"))
        text = f"{amount} {self.noun()}"
        if self.count_from is not None:
            many = AMOUNT_SOURCES[self.count_from].format(
                filter=self.from_filter.noun() if self.from_filter else "carta")
            from dataclasses import replace
            much = "tantas" if self._feminine() else "tantos"
            return (f"hasta {much} {replace(self, count=2).noun()}"
                    + (" objetivo" if self.targets else "") + f" como {many}")
        return text + (" objetivo" if self.targets and n == 1 else
                       " objetivos" if self.targets else "")

    def _feminine(self) -> bool:
        return not self.types or self.types[0] in ("Arma",)


_TYPE_PLURAL = {"Aliado": "Aliados", "Talismán": "Talismanes", "Arma": "Armas",
                "Tótem": "Tótems", "Oro": "Oros"}
_NUMBER = {0: "cero", 1: "un", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis"}
