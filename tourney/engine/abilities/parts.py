"""The pieces an ability is made of: ``TargetFilter``, ``Condition``, ``Trigger``, ``Cost``,
``Duration`` and ``Effect`` (frozen values; see ``model`` for ``Ability``)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from .value import _bare, _check, _INFINITIVE, _Value
from .vocabulary import (
    AMOUNT_SOURCES,
    CONDITIONS,
    COSTS,
    DURATIONS,
    EFFECTS,
    EVENTS,
    PHASES,
    PLAYERS,
    SUBJECTS,
    ZONES,
)


@dataclass(frozen=True, slots=True, repr=False)
class TargetFilter(_Value):
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
        _check(self.controller, PLAYERS, "controlador")
        _check(self.zone, ZONES, "zona")
        for zone in self.also_zones:
            _check(zone, ZONES, "zona")
        _check(self.max_cost_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        _check(self.max_strength_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        _check(self.min_cost_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        _check(self.count_from, AMOUNT_SOURCES, "origen de cantidad", optional=True)
        if self.count < 0:
            raise ValueError("TargetFilter.count debe ser ≥ 0")

    def noun(self) -> str:
        """'Aliado oponente de Fuerza 2 o menos' (no article, no count)."""
        if self.player:
            return {"you": "tú", "opponent": "oponente"}.get(self.controller, "jugador")
        plural = self.count != 1
        if self.types:
            base = " o ".join(_TYPE_PLURAL.get(t, t + "s") if plural else t for t in self.types)
        else:
            base = "cartas" if plural else "carta"
        parts = [base]
        if self.other:
            parts.insert(0, "otros" if plural else "otro")
        if self.controller == "opponent":
            parts.append("oponentes" if plural else "oponente")
        if self.races:
            parts.append("de Raza " + " o ".join(self.races))
        if self.schools:
            parts.append("de la Escuela " + " o ".join(self.schools))
        if self.names:
            parts.append("llamad" + ("os " if plural else "o ") + " o ".join(self.names))
        if self.max_strength is not None:
            parts.append(f"de Fuerza {self.max_strength} o menos")
        if self.min_strength is not None:
            parts.append(f"de Fuerza {self.min_strength} o más")
        if self.any_of:
            parts.append("(" + " o ".join(_bare(f.noun()) for f in self.any_of) + ")")
        if self.max_cost is not None:
            parts.append(f"de coste {self.max_cost} o menos")
        if self.max_cost_from is not None:
            relation = "igual a " if self.min_cost_from == self.max_cost_from else "igual o menor a "
            parts.append("de coste " + relation + AMOUNT_SOURCES[self.max_cost_from].format(
                filter=self.from_filter.noun() if self.from_filter else "carta"))
        if self.max_strength_from is not None:
            parts.append("de Fuerza igual o menor a " + AMOUNT_SOURCES[
                self.max_strength_from].format(
                filter=self.from_filter.noun() if self.from_filter else "carta"))
        if self.min_cost is not None:
            parts.append(f"de coste {self.min_cost} o más")
        if parts[-1].startswith(("de coste igual", "de Fuerza igual")):
            parts[-1] = parts[-1].replace(" a el ", " al ")
            if self.strict_from:
                parts[-1] = parts[-1].replace("igual o menor", "menor")
        if self.not_races:
            parts.append("que no sea de Raza " + " ni ".join(self.not_races))
        if self.not_types:
            parts.append(("que no sean " if plural else "que no sea ") + " ni ".join(self.not_types))
        if self.owned is False:
            parts.append("de los que no seas dueño")
        if self.owned is True:
            parts.append("de la que seas dueño" if not plural else "de las que seas dueño")
        if self.attribute:
            parts.append(self.attribute)
        if self.not_attribute:
            parts.append("que no sea " + self.not_attribute)
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
        if self.attacking is True:
            parts.append("atacante")
        if self.extreme is not None:
            parts.append("de menor Fuerza" if self.extreme == "min_strength" else "de mayor Fuerza")
        if self.same_name_as is not None:
            parts.append("con el nombre del objetivo (sus demás copias)")
        if self.controller == "you":
            parts.append("que controles")
        if self.zone == "being_played":
            parts.append("que se está jugando" if not plural else "que se están jugando")
        elif self.zone not in ("in_play",):
            parts.append("en " + " o ".join(ZONES[z] for z in (self.zone,) + self.also_zones))
        return " ".join(parts)

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
            return (f"hasta tantas {replace(self, count=2).noun()} como {many}"
                    + (" objetivo" if self.targets else ""))
        return text + (" objetivo" if self.targets and n == 1 else
                       " objetivos" if self.targets else "")

    def _feminine(self) -> bool:
        return not self.types or self.types[0] in ("Arma",)


_DIG_REST = {"castle": " y baraja el resto en su Mazo Castillo",
             "castle_top": " y pone el resto en el tope de su Mazo Castillo en cualquier orden"}
_OWN_ZONE = {"hand": "mano", "graveyard": "Cementerio", "castle": "Mazo Castillo", "exile": "Zona de Destierro"}
_TYPE_PLURAL = {"Aliado": "Aliados", "Talismán": "Talismanes", "Arma": "Armas",
                "Tótem": "Tótems", "Oro": "Oros"}
_NUMBER = {0: "cero", 1: "un", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis"}


def _whose_zone(zone: str | None, player: str) -> str:
    """«tu Cementerio», «la Reserva de Oro de tu oponente», «el juego» (a zone_count's zone)."""
    text = ZONES.get(zone or "in_play", "")
    if zone in (None, "in_play"):
        return text
    if player == "you":
        return "tu " + text.split(" ", 1)[1]
    if player == "opponent":
        return f"{text} de tu oponente"
    return f"{text} de cualquier jugador"


@dataclass(frozen=True, slots=True, repr=False)
class Condition(_Value):
    """A game condition (4.2, «Mientras…», «si controlas…», racial conditions).

    ``kind`` is a word of ``CONDITIONS``; the other fields are its parameters: ``filter``
    (what is counted), ``count``, ``zone``, ``player`` (whose zone), ``phase``, ``counter``
    and, for not / all_of / any_of, the sub-conditions ``of``. ``Condition.from_json`` also
    accepts a bare word: ``"bears_weapon"``."""

    kind: str = "always"
    filter: TargetFilter | None = None
    count: int = 1
    zone: str | None = None
    player: str = "you"
    phase: str | None = None
    counter: str | None = None
    of: tuple[Condition, ...] = ()
    subject: str = "self"  # dealt_castle_damage, unblocked: "self" | "bearer"
    event: str | None = None  # happened_this_turn: a word of EVENTS

    _nested: ClassVar[dict[str, type]] = {}
    _nested_many: ClassVar[dict[str, type]] = {}
    _from_word: ClassVar[bool] = True  # Condition.from_json("bears_weapon")

    def __post_init__(self) -> None:
        _check(self.kind, CONDITIONS, "condición")
        _check(self.event, EVENTS, "evento", optional=True)
        _check(self.zone, ZONES, "zona", optional=True)
        _check(self.phase, PHASES, "fase", optional=True)
        _check(self.player, PLAYERS, "jugador")

    def describe(self) -> str:
        template = CONDITIONS[self.kind]
        if self.kind == "all_allies" and self.filter is not None and self.filter.other:
            from dataclasses import replace
            return Condition("all_allies", replace(self.filter, other=False)).describe().replace(
                "todos los Aliados", "todos los demás Aliados")
        if self.kind == "controls_more":
            noun = _bare(self.filter.noun()) if self.filter else "cartas"
            return (f"controlas más {noun} que tu oponente" if self.player == "you"
                    else f"tu oponente controla más {noun} que tú")
        if self.kind == "unblocked" and self.subject == "bearer":
            return "el Aliado portador fue declarado atacante y no fue bloqueado"
        if self.kind == "happened_this_turn":  # no filter: the card itself
            who = _bare(self.filter.noun()) if self.filter else "esta carta"
            return f"este turno ocurrió: {EVENTS.get(self.event or '', '')} ({who})"
        return template.format(
            zone=ZONES.get(self.zone or "in_play", ""), whose_zone=_whose_zone(self.zone, self.player),
            filter=(_bare(self.filter.noun()) if self.filter else "cartas"),
            count=self.count, player=PLAYERS.get(self.player, ""),
            phase=PHASES.get(self.phase or "", "esa fase"), counter=self.counter or "",
            of=" y ".join(c.describe() for c in self.of),
            of_or=" o ".join(c.describe() for c in self.of),
            subject="el Aliado portador" if self.subject == "bearer" else "esta carta",
            event=EVENTS.get(self.event or "", ""))


_WHO_EVENTS = {"damage": "{card} hace daño al Mazo Castillo de {player}",
               "regrouped": "{player} Agrupa {card}",
               "ability_used": "{player} utiliza la habilidad de {card}"}


@dataclass(frozen=True, slots=True, repr=False)
class Trigger(_Value):
    """What fires a triggered ability (6 Habilidades disparadas): an ``event`` of ``EVENTS``
    happening to a card matching ``card`` (``self_only``: this very card; ``card`` None and
    not self_only: any card), by or to ``player``, in ``phase`` when given, with an extra
    ``condition`` checked when it fires. ``would``: «en respuesta a que fuera a…» (fires in
    step C, before the action happens); otherwise after it (6.7 «En Respuesta»). For
    «damage» ``player`` is whose Mazo Castillo receives it and ``card`` the Aliado that deals
    it; for «regrouped» / «ability_used», who groups the card / uses its ability."""

    event: str
    self_only: bool = False
    card: TargetFilter | None = None
    player: str = "any"
    phase: str | None = None
    condition: Condition | None = None
    would: bool = False
    bearer: bool = False  # the event happens to this Arma's bearer
    from_zone: str | None = None  # where the card was («desde el Cementerio», «de tu mano»)
    events: tuple[str, ...] = ()  # more events that fire it («entra en juego o sea declarado…»)
    # «Hasta la Fase Final, cuando …» / «En la Fase Final, Destruye ese Aliado» after another
    # effect of the card: armed when that effect resolves, only until the Fase Final of that
    # turn (the engine does not arm it yet: see events.tracked)
    delayed: bool = False
    counter: str | None = None  # counter_placed: the counter's name (None: any counter)
    self_too: bool = False  # «este u otro Aliado …»: ``card`` includes this card, from any zone
    by_opponent: bool = False  # «… por un efecto oponente»: caused by the opponent (not tracked yet)

    def __post_init__(self) -> None:
        _check(self.event, EVENTS, "evento")
        _check(self.player, PLAYERS, "jugador")
        _check(self.phase, PHASES, "fase", optional=True)
        _check(self.from_zone, ZONES, "zona", optional=True)
        for event in self.events:
            _check(event, EVENTS, "evento")

    def describe(self) -> str:
        text = " o ".join(EVENTS[e] for e in (self.event, *self.events))
        if self.counter is not None:
            text = text.replace("un contador", f"un contador de {self.counter}")
        who = self.card is not None and not self.events and self.event in _WHO_EVENTS
        if who and self.card is not None:
            said = self.card.describe().replace(" objetivo", "")  # who does it, to which card
            text = _WHO_EVENTS[self.event].format(card=said, player=PLAYERS[self.player]).replace(
                "al Mazo Castillo de tú", "a tu Mazo Castillo").replace(
                "tú utiliza", "utilizas").replace("tú Agrupa", "Agrupas")
        elif self.bearer:
            text = text.replace("una carta", "el Aliado portador").replace(
                "un Aliado atacante", "el Aliado portador").replace("un Aliado", "el Aliado portador")
        elif self.self_only:
            text = text.replace("una carta", "esta carta").replace("un Aliado", "este Aliado")
        elif self.card is not None:
            said = self.card.describe().replace(" objetivo", "")
            if self.self_too:
                said = "esta carta u otr" + ("a " if said.startswith("una") else "o ") + \
                    said.split(" ", 1)[1]
            if "una carta" in text:
                text = text.replace("una carta", said)
            else:  # «un Aliado es declarado atacante»: which Aliado
                text = text.replace("un Aliado atacante", said).replace("un Aliado", said)
        if self.phase:
            text += f" ({PHASES[self.phase]})"
        if self.player not in ("any",) and not who:
            text += f" ({PLAYERS[self.player]})"
        if self.from_zone:
            text += f" desde {ZONES[self.from_zone]}"
        if self.by_opponent:
            text += " por un efecto o habilidad de tu oponente"
        head = "En respuesta a que fuera a ocurrir: " if self.would else "Cuando "
        out = head + text
        if self.delayed:  # armed by the effect before it, until the Fase Final of that turn
            out = ("En la Fase Final del turno en que se resolvió la frase anterior"
                   if self.event == "phase_begins" and self.phase == "final" else
                   "Desde que se resuelve esta carta y hasta la Fase Final, c" + out[1:])
        if self.condition is not None:
            out += ", si " + self.condition.describe()
        return out


@dataclass(frozen=True, slots=True, repr=False)
class Cost(_Value):
    """One piece of a cost (10.16 Coste; 6.5 B): ``kind`` of ``COSTS``, ``amount``,
    ``filter`` (which cards may pay it), ``counter`` (counter name). A cost never targets and
    cannot be answered (6.5 B); it must be payable in full."""

    kind: str
    amount: int = 1
    filter: TargetFilter | None = None
    counter: str | None = None

    def __post_init__(self) -> None:
        _check(self.kind, COSTS, "coste")
        if self.amount < 0:
            raise ValueError("Cost.amount debe ser ≥ 0")

    def describe(self) -> str:
        noun = self.filter.noun() if self.filter else ("carta" if self.amount == 1 else "cartas")
        return COSTS[self.kind].format(amount=self.amount, filter=noun, counter=self.counter or "")


@dataclass(frozen=True, slots=True, repr=False)
class Duration(_Value):
    """How long an effect lasts: ``kind`` of ``DURATIONS``; ``while`` needs ``condition``.
    Strength changes without a stated duration last until the next Fase Final (6.x)."""

    kind: str = "instant"
    condition: Condition | None = None

    def __post_init__(self) -> None:
        _check(self.kind, DURATIONS, "duración")
        if self.kind == "while" and self.condition is None:
            raise ValueError("Duration('while') necesita una condición")

    def describe(self) -> str:
        return DURATIONS[self.kind].format(
            condition=self.condition.describe() if self.condition else "")


@dataclass(frozen=True, slots=True, repr=False)
class Effect(_Value):
    """One step of what an ability does (``kind`` of ``EFFECTS``).

    ``subject`` (``SUBJECTS``) says what it acts on: ``target`` uses the ability's
    ``targets[target]``; ``each``/``chosen`` use ``filter``. ``player`` is whose Castillo/hand
    for draw, mill, discard, search, virtual_gold, damage. ``amount`` a number (Fuerza change,
    cards, counters, Oros, cost change); ``amount_from`` a number read from the game instead
    ("strength_of_bearer", "strength_of_target", "allies_you_control"…); ``zone`` a
    destination (put_into_play, move, search); ``keyword`` a keyword name or a race
    (race_becomes); ``counter`` a counter name; ``duration``; ``optional`` «puedes»; ``then``
    «Luego»: only if the previous step was done (6.x); ``instead`` replacement «en su lugar»."""

    kind: str
    subject: str = "target"
    target: int = 0
    filter: TargetFilter | None = None
    player: str = "you"
    amount: int | None = None
    amount_from: str | None = None
    zone: str | None = None
    keyword: str | None = None
    counter: str | None = None
    duration: Duration = field(default_factory=Duration)
    optional: bool = False
    then: bool = False
    random: bool = False  # «al azar» (discard)
    unless: Cost | None = None  # «a menos que tu oponente pague…»: paid by the affected player
    # … or by this player (``PLAYERS`` word) when the text names one the affected cards may not
    # be: «Roba una carta a menos que tu oponente pague dos Oros» (never verified: see verify)
    unless_player: str | None = None
    condition: Condition | None = None  # «Luego, si …, Agrupa…»: this step only if it holds
    count_filter: TargetFilter | None = None  # what amount_from "count" counts (else `filter`)
    rest_zone: str | None = None  # dig: where the cards not taken go
    by: TargetFilter | None = None  # protection of ``filter``'s cards: the sources it is against

    _nested: ClassVar[dict[str, type]] = {}

    def __post_init__(self) -> None:
        _check(self.kind, EFFECTS, "efecto")
        if self.amount_from is not None:
            _check(self.amount_from, AMOUNT_SOURCES, "origen de cantidad")
        _check(self.subject, SUBJECTS, "sujeto")
        _check(self.player, PLAYERS, "jugador")
        _check(self.zone, ZONES, "zona", optional=True)
        _check(self.rest_zone, ZONES, "zona", optional=True)
        _check(self.unless_player, PLAYERS, "jugador", optional=True)

    def subject_text(self, targets: tuple[TargetFilter, ...] = ()) -> str:
        if self.kind == "search" and self.filter is not None:  # «Busca hasta tres Armas …»
            from dataclasses import replace
            return replace(self.filter, targets=False).describe()
        if self.kind == "reveal_top" and self.filter is not None:  # «si es un Talismán …»
            from dataclasses import replace
            return replace(self.filter, zone="in_play", up_to=False, targets=False).describe()
        if self.kind == "dig" and self.filter is not None:  # «… y toma una carta»
            from dataclasses import replace
            return replace(self.filter, zone="in_play", targets=False).describe()
        if self.player == "each" and self.subject == "chosen" and self.filter is not None:
            from dataclasses import replace  # «Cada jugador Destierra un Aliado que controle»
            f = self.filter
            own = replace(f, controller="any", zone="in_play", targets=False).describe()
            return own + (" que controle" if f.zone == "in_play" else f" de su {_OWN_ZONE.get(f.zone, f.zone)}")
        if self.subject == "target" and self.target < len(targets):
            return targets[self.target].describe()
        if self.subject in ("each", "chosen", "player") and self.filter is not None:
            noun = self.filter.noun()
            return ("cada " if self.subject == "each" else "") + noun
        return SUBJECTS[self.subject]

    def describe(self, targets: tuple[TargetFilter, ...] = ()) -> str:
        per = ""
        if self.amount_from == "count":
            amount: object = self.amount or 1
            counted = self.count_filter or self.filter
            per = " por cada " + (counted.noun() if counted else "carta")
        elif self.amount_from is not None:
            amount = AMOUNT_SOURCES[self.amount_from]
        else:
            amount = self.amount if self.amount is not None else "X"
        text = EFFECTS[self.kind].format(
            subject=self.subject_text(targets), player=PLAYERS.get(self.player, ""),
            amount=amount, zone=ZONES.get(self.zone or "in_play", ""),
            keyword=self.keyword or "", counter=self.counter or "",
            bearers=_bearers(self)).strip()
        if text.startswith("tú "):
            text = text[3:]
        text = _hand_and_castle_words(self, text)
        if self.player == "each" and self.subject == "chosen" and not text.startswith("cada jugador"):
            text = "cada jugador " + text
        if self.kind == "reveal_top" and self.zone == "being_played":
            text = text.replace(", va a las cartas que se están jugando", ", se juega sin pagar su coste")
        if self.kind == "reveal_top" and self.filter is not None and self.filter.up_to:
            text = text.replace(", va a ", ", puede ir a ").replace(", se juega", ", puede jugarse")
        if self.kind == "dig" and self.rest_zone:  # where the cards not taken go
            if self.filter is not None and self.filter.count == 0:
                text = text.split(" y toma ")[0] + " y las devuelve al tope de su Mazo Castillo en cualquier orden"
            else:
                text += " en su mano" + _DIG_REST.get(self.rest_zone,
                                                      f" y pone el resto en {ZONES.get(self.rest_zone, '')}")
        if self.kind == "become_ally" and not self.keyword:
            text = text.replace(" de Raza  de", " de")  # no Race given: only the Fuerza
        if self.random:
            text += " al azar"
        if self.unless is not None:
            payer = PLAYERS[self.unless_player] if self.unless_player else "el jugador afectado"
            text += f" a menos que {payer} elija {self.unless.describe()}"
        text += per
        if self.kind == "protection":
            text = _protection_text(self, targets)
        if self.kind == "direct_damage_increase" and self.subject == "each" and self.filter is None:
            text = f"el daño directo aumenta en {self.amount}"  # anyone's
        if self.kind == "virtual_gold" and self.filter is not None and self.amount_from is None:
            # «genera un Oro para jugar Talismanes»: those Oros only pay for such cards
            text += " sólo para jugar " + replace(self.filter, zone="in_play", count=2, controller="any").noun()
        if self.kind == "strength" and isinstance(self.amount, int) and self.amount < 0:
            text = text.replace(f"gana {self.amount}", f"pierde {-self.amount}")
        if self.condition is not None:
            text = f"si {self.condition.describe()}, {text}"
        if self.optional:
            head, _, rest = text.partition(" ")
            text = "puedes " + _INFINITIVE.get(head, head) + (" " + rest if rest else "")
        if self.then:
            text = "Luego, " + text
        extra = self.duration.describe()
        return f"{text} {extra}".strip()




def _hand_and_castle_words(effect: Effect, text: str) -> str:
    """Whose hand is looked at, which cards of it are discarded, whose Mazo Castillo is searched:
    the templates leave these out («Mira X cartas de la mano», «Descarta X cartas»)."""
    kind, f = effect.kind, effect.filter
    if kind == "look" and effect.zone == "hand" and effect.amount is None and effect.player == "opponent":
        return "mira la mano de tu oponente"
    if kind == "discard" and effect.subject in ("each", "chosen") and f is not None and f.zone == "hand":
        whose = {"opponent": "tu oponente", "you": ""}.get(f.controller or "", "")
        noun = replace(f, zone="in_play", controller="any", targets=False).noun()
        if effect.subject == "each":
            return f"{whose} Descarta cada {noun} de su mano".strip()
        return f"{whose} Descarta la {noun} elegida de su mano".strip() if noun == "carta" else \
            f"{whose} Descarta la carta elegida de su mano ({noun})".strip()
    if kind == "weapon_capacity" and effect.amount in (None, 0):  # «cualquier número de» / «no puede portar»
        return text.replace("puede portar X Arma(s)", "puede portar cualquier cantidad de Armas").replace(
            "puede portar 0 Arma(s)", "no puede portar Armas")
    if kind == "shuffle_into_castle" and effect.subject == "chosen" and f is not None and f.zone == "hand":
        whose = {"opponent": "tu oponente", "you": ""}.get(f.controller or "", "")
        noun = replace(f, zone="in_play", controller="any", targets=False).noun()
        return f"{whose} Baraja la carta elegida de su mano ({noun}) en su Mazo Castillo".strip()
    if kind == "search" and effect.player == "opponent" and text.startswith("tu oponente Busca "):
        # the searcher is the ability's controller; the cards are the opponent's (verify.py)
        return "Busca " + text.removeprefix("tu oponente Busca ").replace(
            "en el Mazo Castillo", "en el Mazo Castillo de tu oponente", 1)
    return text


_GUARDED = {"destroyed": "no puede ser Destruido", "banished": "no puede ser Desterrado",
            "targeted": "no puede ser objetivo", "lose_abilities": "no puede perder su habilidad"}


def _protection_text(effect: Effect, targets: tuple[TargetFilter, ...]) -> str:
    """«cada otro Aliado que controles no puede ser Desterrado por Talismanes»: the protected
    cards (``filter`` with subject each), what they are protected from and, from ``by`` (or
    ``filter`` for this card / the bearer), by what kind of source."""
    who = effect.subject_text(targets)
    what = _GUARDED.get(effect.keyword or "", f"no puede ser afectado así ({effect.keyword})")
    sources = effect.by if effect.subject == "each" else effect.filter
    text = f"{who} {what}"
    if sources is not None:
        noun = replace(sources, count=2).noun()  # the kind of source: plural
        text += f" de {noun}" if effect.keyword == "targeted" else f" por {noun}"
    return text


def _bearers(effect: Effect) -> str:
    """Who may (bearer_only: «un Aliado de coste 3 o más») or may not (bearer_not: «Aliados
    Luz») bear this Arma."""
    if effect.kind == "unblockable_by" and effect.by is not None:
        return replace(effect.by, count=2).noun()
    if effect.kind not in ("bearer_only", "bearer_not") or effect.filter is None:
        return ""
    if effect.kind == "bearer_only":
        return effect.filter.describe()
    return replace(effect.filter, count=2).noun()
