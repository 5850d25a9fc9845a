"""Card abilities as frozen values (seed 000, 6 Habilidades: Condición, Coste y Efecto).

Every value here is frozen, comparable, hashable and printable: ``repr`` shows only the
fields that differ from their default and can be pasted back (with
``Ability``/``CardAbilities`` from here and each piece from its own module: ``condition``,
``effect_value``, ``target_filter``, ``trigger_cost_duration``); ``describe()`` renders it in Spanish with the
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

from dataclasses import dataclass

from .vocabulary import (
    ABILITY_KINDS,
    PHASES,
    ZONES,
)


from .condition import Condition
from .trigger_cost_duration import Cost, Duration, Trigger
from .effect_value import Effect
from .target_filter import TargetFilter
from .wording import polish
from .value import check_word, Value


@dataclass(frozen=True, slots=True, repr=False)
class Ability(Value):
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
    «puedes». ``text``: the sentence of the card it comes from. ``activator``: who may activate
    it ("any": «Cualquier jugador puede activar esta habilidad»; that player pays the costs and
    controls the effect)."""

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
    activator: str = "you"  # «Cualquier jugador puede activar esta habilidad»: "any"

    def __post_init__(self) -> None:
        check_word(self.kind, ABILITY_KINDS, "tipo de habilidad")
        check_word(self.zone, ZONES, "zona")
        if self.activator not in ("you", "any"):
            raise ValueError(f"activador desconocido: {self.activator!r}; se esperaba you o any")
        for phase in self.phases:
            check_word(phase, PHASES, "fase")
        if self.kind == "keyword" and not self.keyword:
            raise ValueError("Ability('keyword') necesita «keyword»")
        if self.kind in ("triggered", "replacement") and self.trigger is None:
            raise ValueError(f"Ability({self.kind!r}) necesita «trigger»")
        for e in self.effects:
            if (e.subject == "target" and e.kind not in _PLAYER_EFFECTS
                    and e.target >= len(self.targets)):
                raise ValueError(f"Effect({e.kind!r}) usa el objetivo {e.target} y la habilidad "
                                 f"tiene {len(self.targets)}")

    def _describe_playing(self) -> str:
        """The rules for playing this card: «Sólo puedes jugar esta carta…», «Para jugar esta
        carta, debes…», «Puedes … en vez de pagar el coste de esta carta»."""
        costs = " y ".join(_lower_first(c.describe()) for c in self.costs)
        if self.kind == "additional_cost":
            text = f"Para jugar esta carta, debes {costs}"
        elif self.kind == "alternative_cost":
            text = f"Puedes {costs} en vez de pagar el coste de esta carta"
        else:
            text = "Sólo puedes jugar esta carta"
            if self.zone not in ("in_play",):
                text += " desde " + ZONES[self.zone].replace("la mano", "tu mano")
            if self.phases:
                whose = "tu " if self.own_turn else ""
                text += " en " + " o ".join(whose + PHASES[p].removeprefix("la ") if whose else PHASES[p]
                                            for p in self.phases)
            elif self.own_turn:
                text += " en tu turno"
        if self.condition is not None:
            text += f" si {self.condition.describe()}" if self.kind == "play_restriction" else \
                f", si {self.condition.describe()}"
        if self.effects:
            text += "; " + ". ".join(e.describe(self.targets) for e in self.effects)
        return text + "."

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
        elif self.per_turn is not None and 1 < self.per_turn < 99:  # 99: «cada vez que», no limit
            parts.append(f"Hasta {self.per_turn} veces por turno,")
        if self.kind == "play_permission":
            where = ZONES[self.zone]
            when = " o ".join(PHASES[p] for p in self.phases) if self.phases else None
            text = f"Puedes jugar esta carta desde {where}" if self.zone != "hand" else \
                "Puedes jugar esta carta"
            if self.zone == "under":  # 10.19: the cards Desterradas bajo this one
                text = "Puedes jugar las cartas Desterradas bajo esta carta como si estuvieran en tu mano"
            if self.phases and self.own_turn:
                when = " o ".join(PHASES[p].removeprefix("la ") for p in self.phases)
                text += f" en tu {when}"
            elif when:
                text += f" en {when}"
            if self.response and self.trigger is not None:  # «en respuesta a que tu oponente juegue …»
                text += " en respuesta a que " + self.trigger.describe().removeprefix("Cuando ")
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
        if self.kind in ("play_restriction", "additional_cost", "alternative_cost"):
            return polish(self._describe_playing())
        if self.trigger is not None:
            when = self.trigger.describe()
            if self.response and when.startswith("Cuando "):  # «En respuesta a que tu oponente busque …»
                when = "En respuesta a que " + when.removeprefix("Cuando ")
            parts.append(when + ",")
        if self.condition is not None:
            parts.append(("mientras " if self.kind == "continuous" else "si ")
                         + self.condition.describe() + ",")
        if self.kind == "activated" and self.phases:  # «En tu Fase de Vigilia»: own_turn says whose
            parts.append("en " + " o ".join("tu " + PHASES[p].removeprefix("la ") if self.own_turn
                                            else PHASES[p] for p in self.phases) + ",")
        if self.costs:
            parts.append(", ".join(c.describe() for c in self.costs) + ":")
        if self.optional and not (self.effects and self.effects[0].optional):
            parts.append("puedes")
        named: set[int] = set()
        steps = []
        for e in self.effects:  # a target the body already named reads «ese Aliado» after
            steps.append(e.describe(self.targets, again=e.subject == "target" and e.target in named))
            if e.subject == "target":
                named.add(e.target)
        body = ". ".join(steps) or "sin efecto"
        parts.append(body)
        if self.zone in _FROM_ZONE and self.kind in ("activated", "triggered", "continuous",
                                                     "replacement"):
            where = _FROM_ZONE[self.zone]
            if self.kind == "continuous":  # it works as long as the card is there
                where = where.replace("Si esta carta está", "Mientras esta carta esté")
            parts.insert(0, where)  # used from there, not from play
        text = " ".join(parts)
        if self.activator == "any":
            text += ". Cualquier jugador puede activar esta habilidad"
        return polish(text[0].upper() + text[1:] + ".")


# where an ability that is not used from play is used from (Ability.zone)
_FROM_ZONE = {"hand": "Si esta carta está en tu mano,", "graveyard": "Si esta carta está en tu Cementerio,",
              "reserve": "Si esta carta está en tu Reserva de Oro,", "exile": "Si esta carta está Desterrada,",
              "paid": "Si esta carta está en tu Zona de Oro Pagado,", "castle": "Si esta carta está en tu Mazo Castillo,"}

def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


_PLAYER_EFFECTS = frozenset({"draw", "mill", "discard", "search", "look", "virtual_gold",
                             "extra_turn", "lose_game", "end_battle"})


@dataclass(frozen=True, slots=True, repr=False)
class CardAbilities(Value):
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
Effect._nested = {"filter": TargetFilter, "duration": Duration, "unless": Cost,
                  "condition": Condition, "count_filter": TargetFilter, "by": TargetFilter}
TargetFilter._nested = {"from_filter": TargetFilter, "targeting": TargetFilter}
TargetFilter._nested_many = {"any_of": TargetFilter}
Ability._nested = {"trigger": Trigger, "condition": Condition}
Ability._nested_many = {"costs": Cost, "targets": TargetFilter, "effects": Effect}
CardAbilities._nested_many = {"abilities": Ability}

__all__ = ["Ability", "CardAbilities"]
