"""Card abilities as frozen values (seed 000, 6 Habilidades: Condición, Coste y Efecto).

Every value here is frozen, comparable, hashable and printable: ``repr`` shows only the
fields that differ from their default and can be pasted back (``from
tourney.engine.abilities.model import *``); ``describe()`` renders it in Spanish with the
rules' words; ``to_json()`` / ``from_json()`` round-trip through plain JSON (the hand-written
ability files in ``cards/`` are the same dicts written as TOML, see docs/abilities.md).

The composition follows the rules document (an ability is Condición + Coste + Efecto) and the
usual card-engine split (Forge's K:/A:/T:/S: lines, XMage's Ability/Cost/Effect/Target/
Condition/Duration): an ``Ability`` has a ``kind`` and is made of a ``Trigger`` (triggered
abilities), a ``Condition``, ``Cost`` pieces, ``TargetFilter`` targets, ``Effect`` steps and a
``Duration``. The vocabularies are the module constants ``ABILITY_KINDS``, ``EVENTS``,
``CONDITIONS``, ``COSTS``, ``EFFECTS``, ``DURATIONS``, ``ZONES`` and ``PLAYERS``; an unknown
word raises ``ValueError`` at construction, so a value that exists is a value the engine
can read.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

# -- vocabularies (word -> Spanish) ----------------------------------------------------

ABILITY_KINDS = {
    "keyword": "habilidad clave",
    "continuous": "habilidad continua",
    "triggered": "habilidad disparada",
    "activated": "habilidad activada",
    "play_permission": "permiso de juego",
    "replacement": "reemplazo («en su lugar»)",
    "effect": "efecto de la carta (Talismán, 2.3: se resuelve al jugarla)",
    "play_restriction": "restricción de juego («sólo puedes jugar esta carta…»)",
    "alternative_cost": "coste alternativo (en vez de pagar el coste de Oro, 10.16)",
}

# Zones an ability talks about. "in_play" = any zone in play; "castle" = the Mazo Castillo
# (as a source); "castle_top"/"castle_bottom" as destinations; "being_played" = a card that
# is being played (8.1: what an Anulación targets).
ZONES = {
    "hand": "la mano", "graveyard": "el Cementerio", "exile": "la Zona de Destierro",
    "castle": "el Mazo Castillo", "castle_top": "el tope del Mazo Castillo",
    "castle_bottom": "el fondo del Mazo Castillo", "defense": "la Línea de Defensa",
    "attack": "la Línea de Ataque", "support": "la Línea de Apoyo",
    "reserve": "la Reserva de Oro", "paid": "la Zona de Oro Pagado", "in_play": "el juego",
    "being_played": "las cartas que se están jugando", "weapon": "portada por un Aliado",
}

# Whose: relative to the ability's controller.
PLAYERS = {"you": "tú", "opponent": "tu oponente", "any": "cualquier jugador",
           "each": "cada jugador", "active": "el jugador activo",
           "target": "el jugador objetivo", "controller_of_target": "el controlador del objetivo",
           "owner_of_target": "el dueño del objetivo"}

EVENTS = {
    "played": "se juega una carta",
    "enters_play": "una carta entra en juego",
    "leaves_play": "una carta sale del juego",
    "destroyed": "una carta es Destruida",
    "banished": "una carta es Desterrada",
    "returned_to_hand": "una carta vuelve a la mano",
    "drawn": "se Roba una carta",
    "discarded": "se Descarta una carta",
    "milled": "se Bota una carta",
    "gold_enters": "un Oro entra en juego",
    "attack_declared": "un Aliado es declarado atacante",
    "block_declared": "un Aliado es declarado bloqueador",
    "combat_damage": "un Aliado hace daño de combate",
    "damage": "se hace daño a un Castillo",
    "phase_begins": "comienza una fase",
    "phase_ends": "termina una fase",
    "step_begins": "comienza un paso",
    "ability_used": "se utiliza una habilidad",
    "annulled": "una carta es Anulada",
    "cancelled": "una habilidad es Cancelada",
    "counter_placed": "se pone un contador",
    "blocked": "un Aliado atacante es bloqueado",
    "control_changed": "una carta cambia de controlador",
}

# Phases and steps (a Trigger's or a Condition's ``phase``).
PHASES = {"regroup": "la Fase de Agrupación", "vigil": "la Fase de Vigilia",
          "battle": "la Batalla Mitológica", "attack": "la Declaración de Ataque",
          "block": "la Declaración de Bloqueo", "war": "la Guerra de Talismanes",
          "damage": "la Asignación de Daño", "final": "la Fase Final", "draw": "la Fase de Robar"}

CONDITIONS = {
    "always": "siempre",
    "in_zone": "esta carta está en {zone}",
    "bears_weapon": "este Aliado porta un Arma",
    "bears_no_weapon": "este Aliado no porta Armas",
    "attacking": "este Aliado está atacando",
    "blocking": "este Aliado está bloqueando",
    "blocked": "este Aliado fue bloqueado",
    "unblocked": "este Aliado no fue bloqueado",
    "controls": "controlas {count} o más {filter}",
    "controls_none": "no controlas {filter}",
    "opponent_controls": "tu oponente controla {count} o más {filter}",
    "all_allies": "todos los Aliados que controlas son {filter}",
    "zone_count": "hay {count} o más {filter}",
    "zone_empty": "no hay {filter}",
    "phase": "es {phase}",
    "your_turn": "es tu turno",
    "opponent_turn": "es el turno de tu oponente",
    "has_counters": "esta carta tiene {count} o más contadores de {counter}",
    "strength_at_least": "la Fuerza de este Aliado es {count} o más",
    "castle_at_most": "tu Mazo Castillo tiene {count} cartas o menos",
    "hand_at_most": "tienes {count} cartas o menos en tu mano",
    "dealt_castle_damage": "{subject} hizo daño al Castillo oponente este turno",
    "bearer_is": "el Aliado portador es {filter}",
    "entered_this_turn": "entraron en juego {count} o más {filter} bajo tu control este turno",
    "not": "no se cumple que {of}",
    "all_of": "{of}",
    "any_of": "{of_or}",
}

COSTS = {
    "gold": "pagar {amount} Oro(s)",
    "mill": "Botar {amount} carta(s)",
    "banish_from_graveyard": "Desterrar {amount} {filter} de tu Cementerio",
    "discard": "Descartar {amount} {filter}",
    "destroy_own": "Destruir {amount} {filter} que controles",
    "banish_own": "Desterrar {amount} {filter} que controles",
    "destroy_self": "Destruir esta carta",
    "banish_self": "Desterrar esta carta",
    "return_own_to_hand": "devolver {amount} {filter} que controles a tu mano",
    "remove_counters": "quitar {amount} contador(es) de {counter} de esta carta",
    "add_counters": "poner {amount} contador(es) de {counter} en esta carta",
    "regroup_gold": "Agrupar {amount} Oro(s)",
    "shuffle_own": "barajar {amount} {filter} en tu Mazo Castillo",
    "reveal": "mostrar {amount} {filter} de tu mano",
    "banish_from_hand": "Desterrar {amount} {filter} de tu mano",
}

EFFECTS = {
    # moves between zones
    "destroy": "Destruye {subject}",
    "banish": "Destierra {subject}",
    "return_to_hand": "devuelve {subject} a la mano de su dueño",
    "to_castle_top": "pon {subject} en el tope del Mazo Castillo de su dueño",
    "to_castle_bottom": "pon {subject} debajo del Mazo Castillo de su dueño",
    "put_into_play": "pon {subject} en juego",
    "move": "mueve {subject} a {zone}",
    "shuffle_into_castle": "baraja {subject} en el Mazo Castillo de su dueño",
    # cards from the Castillo / the hand
    "draw": "{player} Roba {amount} carta(s)",
    "mill": "{player} Bota {amount} carta(s)",
    "discard": "{player} Descarta {amount} carta(s)",
    "search": "{player} Busca {subject} en {zone} y baraja",
    "look": "{player} Mira {amount} carta(s) de {zone}",
    # strength, keywords, abilities
    "strength": "{subject} gana {amount} a la Fuerza",
    "set_strength": "la Fuerza de {subject} es {amount}",
    "gain_keyword": "{subject} gana {keyword}",
    "lose_keyword": "{subject} pierde {keyword}",
    "lose_abilities": "{subject} pierde su habilidad",
    "cannot_attack": "{subject} no puede ser declarado atacante",
    "cannot_block": "{subject} no puede bloquear",
    "cannot_be_blocked": "{subject} no puede ser bloqueado",
    "must_block": "{subject} debe bloquear",
    "race_becomes": "{subject} se considera de Raza {keyword}",
    "counters": "pon {amount} contador(es) de {counter} en {subject}",
    "remove_counters": "quita {amount} contador(es) de {counter} de {subject}",
    # the chain
    "annul": "Anula {subject}",
    "cancel": "Cancela {subject}",
    "cannot_be_annulled": "{subject} no puede ser Anulada",
    "cancel_attack": "cancela el ataque de {subject}",
    "end_battle": "termina la Batalla Mitológica",
    # damage and redirection (10.41)
    "redirect": "redirige el efecto de {subject} a un nuevo objetivo válido",
    "redirect_damage": "redirige el daño de {subject} a {player}",
    "reduce_damage": "reduce en {amount} el daño que haría {subject}",
    "prevent_damage": "previene el daño que haría {subject}",
    "damage": "{subject} hace {amount} de daño a {player}",
    # gold and costs
    "virtual_gold": "{player} gana {amount} Oro(s) virtual(es)",
    "cost_change": "el coste de {subject} cambia en {amount}",
    "play_free": "juega {subject} sin pagar su coste",
    "regroup": "Agrupa {subject}",
    # control and players
    "gain_control": "gana el control de {subject}",
    "extra_turn": "{player} juega un turno adicional",
    "weapon_capacity": "{subject} puede portar {amount} Arma(s)",
    "enters_with_counters": "{subject} entra en juego con {amount} contador(es) de {counter}",
    "lose_game": "{player} pierde la partida",
}

DURATIONS = {
    "instant": "",
    "end_of_turn": "hasta la Fase Final",
    "while": "mientras {condition}",
    "permanent": "de forma permanente",
    "next_turn": "durante el siguiente turno",
    "while_in_play": "mientras esta carta esté en juego",
}

# Where an Effect's number comes from when it is not fixed (``Effect.amount_from``);
# "count" multiplies ``amount`` (default 1) by the number of cards matching ``filter``.
AMOUNT_SOURCES = {
    "count": "por cada {filter}",
    "strength_of_bearer": "la Fuerza del Aliado portador",
    "strength_of_self": "la Fuerza de esta carta",
    "strength_of_target": "la Fuerza del objetivo",
    "allies_you_control": "la cantidad de Aliados que controlas",
}

# What an Effect acts on. "target" = the ability's targets[target] (8.2, chosen when the
# ability is used); "chosen" = chosen on resolution without targeting; "each" = every card
# matching ``filter``; "self" = the source; "bearer" = an Arma's bearer; "triggering" = the
# card that fired the trigger; "player" = the effect acts on ``player`` only.
SUBJECTS = {"target": "el objetivo", "chosen": "la carta elegida", "each": "cada",
            "self": "esta carta", "bearer": "el Aliado portador",
            "triggering": "esa carta", "player": "", "attackers": "los Aliados atacantes",
            "blockers": "los Aliados bloqueadores", "being_played": "la carta que se juega"}


def _check(word: str | None, vocab: dict[str, str], what: str, optional: bool = False) -> None:
    if word is None and optional:
        return
    if word not in vocab:
        raise ValueError(f"{what} desconocido: {word!r}; se esperaba uno de: {', '.join(vocab)}")


# -- generic value machinery -------------------------------------------------------------

class _Value:
    """repr of non-default fields, JSON of non-default fields, and back."""

    __slots__ = ()
    _nested: ClassVar[dict[str, type]] = {}  # field -> value class (single value)
    _nested_many: ClassVar[dict[str, type]] = {}  # field -> value class (tuple of values)

    def _changed(self) -> list[tuple[str, Any]]:
        out = []
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.default is not dataclasses.MISSING:
                default = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            else:
                out.append((f.name, value))
                continue
            if value != default:
                out.append((f.name, value))
        return out

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._changed())
        return f"{type(self).__name__}({args})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in self._changed():
            if isinstance(v, _Value):
                out[k] = v.to_json()
            elif isinstance(v, tuple):
                out[k] = [x.to_json() if isinstance(x, _Value) else x for x in v]
            else:
                out[k] = v
        return out

    @classmethod
    def from_json(cls, data: Any):  # noqa: ANN206 - returns cls
        if isinstance(data, str) and cls is Condition:
            return cls(data)
        if not isinstance(data, dict):
            raise ValueError(f"{cls.__name__}: se esperaba un objeto, no {data!r}")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"{cls.__name__}: campo desconocido «{sorted(unknown)[0]}»")
        kwargs: dict[str, Any] = {}
        for k, v in data.items():
            if k in cls._nested and v is not None:
                kwargs[k] = cls._nested[k].from_json(v)  # type: ignore[attr-defined]
            elif k in cls._nested_many:
                if not isinstance(v, list):
                    raise ValueError(f"{cls.__name__}.{k}: se esperaba una lista")
                kwargs[k] = tuple(cls._nested_many[k].from_json(x) for x in v)  # type: ignore[attr-defined]
            elif isinstance(v, list):
                kwargs[k] = tuple(v)
            else:
                kwargs[k] = v
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise ValueError(f"{cls.__name__}: {exc}") from None


_INFINITIVE = {"Roba": "Robar", "Bota": "Botar", "Destruye": "Destruir", "Destierra": "Desterrar",
               "devuelve": "devolver", "pon": "poner", "gana": "ganar", "mueve": "mover",
               "Agrupa": "Agrupar", "Anula": "Anular", "Cancela": "Cancelar",
               "Descarta": "Descartar", "Busca": "Buscar", "cancela": "cancelar",
               "baraja": "barajar", "juega": "jugar", "quita": "quitar", "Mira": "Mirar"}


def _bare(noun: str) -> str:
    """«carta de Raza Oni» -> «de Raza Oni» (after «todos los Aliados que controlas son»)."""
    for head in ("cartas ", "carta "):
        if noun.startswith(head):
            return noun[len(head):]
    return noun


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


# -- values ------------------------------------------------------------------------------

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

    def __post_init__(self) -> None:
        _check(self.controller, PLAYERS, "controlador")
        _check(self.zone, ZONES, "zona")
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
        if self.max_cost is not None:
            parts.append(f"de coste {self.max_cost} o menos")
        if self.min_cost is not None:
            parts.append(f"de coste {self.min_cost} o más")
        if self.not_races:
            parts.append("que no sea de Raza " + " ni ".join(self.not_races))
        if self.not_types:
            parts.append("que no sea " + " ni ".join(self.not_types))
        if self.owned is False:
            parts.append("de los que no seas dueño")
        if self.attribute:
            parts.append(self.attribute)
        if self.with_ability is not None:
            parts.append("con habilidad" if self.with_ability else "sin habilidad")
        if self.keywords:
            parts.append("con " + " y ".join(self.keywords))
        if self.without:
            parts.append("sin " + " ni ".join(self.without))
        if self.bearing_weapon is True:
            parts.append("que porte un Arma")
        if self.attacking is True:
            parts.append("atacante")
        if self.controller == "you":
            parts.append("que controles")
        if self.zone == "being_played":
            parts.append("que se está jugando" if not plural else "que se están jugando")
        elif self.zone not in ("in_play",):
            parts.append("en " + ZONES[self.zone])
        return " ".join(parts)

    def describe(self) -> str:
        if self.player:
            return "un jugador" if self.controller == "any" else self.noun()
        n = self.count
        amount = ("hasta " if self.up_to else "") + (_NUMBER.get(n, str(n)) if n != 1 else
                                                    ("una" if self._feminine() else "un"))
        text = f"{amount} {self.noun()}"
        return text + (" objetivo" if self.targets and n == 1 else
                       " objetivos" if self.targets else "")

    def _feminine(self) -> bool:
        return not self.types or self.types[0] in ("Arma",)


_TYPE_PLURAL = {"Aliado": "Aliados", "Talismán": "Talismanes", "Arma": "Armas",
                "Tótem": "Tótems", "Oro": "Oros"}
_NUMBER = {0: "cero", 1: "un", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis"}


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
    subject: str = "self"  # dealt_castle_damage: "self" | "bearer"

    _nested: ClassVar[dict[str, type]] = {}
    _nested_many: ClassVar[dict[str, type]] = {}

    def __post_init__(self) -> None:
        _check(self.kind, CONDITIONS, "condición")
        _check(self.zone, ZONES, "zona", optional=True)
        _check(self.phase, PHASES, "fase", optional=True)
        _check(self.player, PLAYERS, "jugador")

    def describe(self) -> str:
        template = CONDITIONS[self.kind]
        return template.format(
            zone=ZONES.get(self.zone or "in_play", ""),
            filter=(_bare(self.filter.noun()) if self.filter else "cartas"),
            count=self.count, player=PLAYERS.get(self.player, ""),
            phase=PHASES.get(self.phase or "", "esa fase"), counter=self.counter or "",
            of=" y ".join(c.describe() for c in self.of),
            of_or=" o ".join(c.describe() for c in self.of),
            subject="el Aliado portador" if self.subject == "bearer" else "esta carta")


@dataclass(frozen=True, slots=True, repr=False)
class Trigger(_Value):
    """What fires a triggered ability (6 Habilidades disparadas): an ``event`` of ``EVENTS``
    happening to a card matching ``card`` (``self_only``: this very card; ``card`` None and
    not self_only: any card), by or to ``player``, in ``phase`` when given, with an extra
    ``condition`` checked when it fires. ``would``: «en respuesta a que fuera a…» (fires in
    step C, before the action happens); otherwise after it (6.7 «En Respuesta»)."""

    event: str
    self_only: bool = False
    card: TargetFilter | None = None
    player: str = "any"
    phase: str | None = None
    condition: Condition | None = None
    would: bool = False
    bearer: bool = False  # the event happens to this Arma's bearer

    def __post_init__(self) -> None:
        _check(self.event, EVENTS, "evento")
        _check(self.player, PLAYERS, "jugador")
        _check(self.phase, PHASES, "fase", optional=True)

    def describe(self) -> str:
        text = EVENTS[self.event]
        if self.bearer:
            text = text.replace("una carta", "el Aliado portador").replace(
                "un Aliado atacante", "el Aliado portador").replace("un Aliado", "el Aliado portador")
        elif self.self_only:
            text = text.replace("una carta", "esta carta").replace("un Aliado", "este Aliado")
        elif self.card is not None:
            text = text.replace("una carta", self.card.describe().replace(" objetivo", ""))
        if self.phase:
            text += f" ({PHASES[self.phase]})"
        if self.player not in ("any",):
            text += f" ({PLAYERS[self.player]})"
        head = "En respuesta a que fuera a ocurrir: " if self.would else "Cuando "
        out = head + text
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

    _nested: ClassVar[dict[str, type]] = {}

    def __post_init__(self) -> None:
        _check(self.kind, EFFECTS, "efecto")
        if self.amount_from is not None:
            _check(self.amount_from, AMOUNT_SOURCES, "origen de cantidad")
        _check(self.subject, SUBJECTS, "sujeto")
        _check(self.player, PLAYERS, "jugador")
        _check(self.zone, ZONES, "zona", optional=True)

    def subject_text(self, targets: tuple[TargetFilter, ...] = ()) -> str:
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
            per = " por cada " + (self.filter.noun() if self.filter else "carta")
        elif self.amount_from is not None:
            amount = AMOUNT_SOURCES[self.amount_from]
        else:
            amount = self.amount if self.amount is not None else "X"
        text = EFFECTS[self.kind].format(
            subject=self.subject_text(targets), player=PLAYERS.get(self.player, ""),
            amount=amount, zone=ZONES.get(self.zone or "in_play", ""),
            keyword=self.keyword or "", counter=self.counter or "").strip()
        if text.startswith("tú "):
            text = text[3:]
        if self.random:
            text += " al azar"
        text += per
        if self.kind == "strength" and isinstance(self.amount, int) and self.amount < 0:
            text = text.replace(f"gana {self.amount}", f"pierde {-self.amount}")
        if self.optional:
            head, _, rest = text.partition(" ")
            text = "puedes " + _INFINITIVE.get(head, head) + (" " + rest if rest else "")
        if self.then:
            text = "Luego, " + text
        extra = self.duration.describe()
        return f"{text} {extra}".strip()


@dataclass(frozen=True, slots=True, repr=False)
class Ability(_Value):
    """One ability of a card.

    * ``keyword`` — a keyword ability (``keyword``: «Furia», «Imbloqueable», «Inmunidad»
      with ``param`` «Talismanes»…), conditional when ``condition`` is given (Iga Kunoichi:
      Imbloqueable while it bears an Arma).
    * ``continuous`` — effects that apply while ``condition`` holds and the card is in
      ``zone`` (4.1: recomputed after every change).
    * ``triggered`` — ``trigger`` fires it; then costs, targets, effects (6.5, 6.6).
    * ``activated`` — used at will in ``phases`` (default: your Vigilia or the Guerra de
      Talismanes, 6.x) paying ``costs``.
    * ``play_permission`` — the card may be played from ``zone`` in ``phases``
      («En tu Fase de Vigilia, si este Aliado está en tu Cementerio, puedes jugarlo pagando
      su coste»); ``effects`` may add «luego Destiérralo» (banish, subject self).
    * ``effect`` — what a card does by being played: a Talismán's text (2.3: a Talismán
      has no ability, it *is* an effect), with its ``targets`` chosen when it is played (8.2)
      and its ``costs`` as additional costs.
    * ``replacement`` — «si … fuera a …, en su lugar …»: ``trigger`` (would=True) names the
      replaced event, ``effects`` what happens instead.

    ``per_turn``: «Una vez por turno» (1) or None (the edition default, 6.x: abilities of
    cards from Invasión Oscura on are once per turn unless they say otherwise, decided by the
    engine from the card's edition). ``response``: it is used «en respuesta» (Anulación,
    Cancelación, prevention, redirection: does not need priority, 10.11). ``optional``:
    «puedes». ``text``: the sentence of the card it comes from."""

    kind: str
    keyword: str | None = None
    param: str | None = None
    trigger: Trigger | None = None
    condition: Condition | None = None
    costs: tuple[Cost, ...] = ()
    targets: tuple[TargetFilter, ...] = ()
    effects: tuple[Effect, ...] = ()
    zone: str = "in_play"
    phases: tuple[str, ...] = ()
    own_turn: bool | None = None
    per_turn: int | None = None
    response: bool = False
    optional: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        _check(self.kind, ABILITY_KINDS, "tipo de habilidad")
        _check(self.zone, ZONES, "zona")
        for phase in self.phases:
            _check(phase, PHASES, "fase")
        if self.kind == "keyword" and not self.keyword:
            raise ValueError("Ability('keyword') necesita «keyword»")
        if self.kind in ("triggered", "replacement") and self.trigger is None:
            raise ValueError(f"Ability({self.kind!r}) necesita «trigger»")
        for e in self.effects:
            if (e.subject == "target" and e.kind not in _PLAYER_EFFECTS
                    and e.target >= len(self.targets)):
                raise ValueError(f"Effect({e.kind!r}) usa el objetivo {e.target} y la habilidad "
                                 f"tiene {len(self.targets)}")

    @property
    def once_per_turn(self) -> bool:
        return self.per_turn == 1

    def describe(self) -> str:
        if self.kind == "keyword":
            text = self.keyword or ""
            if self.param:
                text += f" - {self.param}"
            if self.condition is not None:
                text = f"Mientras {self.condition.describe()}, es {text}"
            return text + "."
        parts: list[str] = []
        if self.per_turn == 1:
            parts.append("Una vez por turno,")
        if self.kind == "play_permission":
            where = ZONES[self.zone]
            when = " o ".join(PHASES[p] for p in self.phases) if self.phases else None
            text = f"Puedes jugar esta carta desde {where}" if self.zone != "hand" else \
                "Puedes jugar esta carta"
            if self.phases and self.own_turn:
                when = " o ".join(PHASES[p].removeprefix("la ") for p in self.phases)
                text += f" en tu {when}"
            elif when:
                text += f" en {when}"
            if self.costs:
                text += " pagando " + ", ".join(c.describe() for c in self.costs)
            else:
                text += " pagando su coste"
            if self.condition is not None:
                text += f", si {self.condition.describe()}"
            parts.append(text)
            if self.effects:
                parts.append("; " + ". ".join(e.describe(self.targets) for e in self.effects))
            return " ".join(parts).replace(" ;", ";") + "."
        if self.trigger is not None:
            parts.append(self.trigger.describe() + ",")
        if self.condition is not None:
            parts.append(("mientras " if self.kind == "continuous" else "si ")
                         + self.condition.describe() + ",")
        if self.kind == "activated" and self.phases:
            parts.append("en " + " o ".join(PHASES[p] for p in self.phases) + ",")
        if self.costs:
            parts.append(", ".join(c.describe() for c in self.costs) + ":")
        if self.optional and not (self.effects and self.effects[0].optional):
            parts.append("puedes")
        body = ". ".join(e.describe(self.targets) for e in self.effects) or "sin efecto"
        parts.append(body)
        text = " ".join(parts)
        return text[0].upper() + text[1:] + "."


_PLAYER_EFFECTS = frozenset({"draw", "mill", "discard", "search", "look", "virtual_gold",
                             "extra_turn", "lose_game", "end_battle"})


@dataclass(frozen=True, slots=True, repr=False)
class CardAbilities(_Value):
    """All the abilities of one card identity, and where they come from.

    ``source``: "hand" (a data file in ``abilities/cards/``) or "compiler"; ``complete``:
    every sentence of the card's text is covered (only then are its ``effect`` lines
    verified, see docs/abilities.md); ``unparsed``: the sentences that are not."""

    identity: str
    name: str
    abilities: tuple[Ability, ...] = ()
    complete: bool = True
    source: str = "hand"
    unparsed: tuple[str, ...] = ()

    def describe(self) -> str:
        lines = [f"{self.name}:"] + [f"  - {a.describe()}" for a in self.abilities]
        if self.unparsed:
            lines += [f"  ? {s}" for s in self.unparsed]
        return "\n".join(lines)

    def of_kind(self, kind: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.kind == kind)


# nested decoding tables (set after the classes exist)
Condition._nested = {"filter": TargetFilter}
Condition._nested_many = {"of": Condition}
Trigger._nested = {"card": TargetFilter, "condition": Condition}
Cost._nested = {"filter": TargetFilter}
Duration._nested = {"condition": Condition}
Effect._nested = {"filter": TargetFilter, "duration": Duration}
Ability._nested = {"trigger": Trigger, "condition": Condition}
Ability._nested_many = {"costs": Cost, "targets": TargetFilter, "effects": Effect}
CardAbilities._nested_many = {"abilities": Ability}

__all__ = [
    "ABILITY_KINDS", "AMOUNT_SOURCES", "CONDITIONS", "COSTS", "DURATIONS", "EFFECTS", "EVENTS", "PHASES",
    "PLAYERS", "SUBJECTS", "ZONES", "Ability", "CardAbilities", "Condition", "Cost",
    "Duration", "Effect", "TargetFilter", "Trigger",
]
