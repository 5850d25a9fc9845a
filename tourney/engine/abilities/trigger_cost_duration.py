"""``Trigger`` (what fires an ability), ``Cost`` (one piece of a cost) and ``Duration``
(how long an effect lasts)."""
from __future__ import annotations

from dataclasses import dataclass

from .condition import Condition
from .target_filter import TargetFilter
from .value import check_word, Value
from .vocabulary import (
    COSTS,
    DURATIONS,
    EVENTS,
    PHASES,
    PLAYERS,
    ZONES,
)


_WHO_EVENTS = {"damage": "{card} hace daño al Mazo Castillo de {player}",
               "regrouped": "{player} Agrupa {card}",
               "ability_used": "{player} utiliza la habilidad de {card}"}


@dataclass(frozen=True, slots=True, repr=False)
class Trigger(Value):
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
        check_word(self.event, EVENTS, "evento")
        check_word(self.player, PLAYERS, "jugador")
        check_word(self.phase, PHASES, "fase", optional=True)
        check_word(self.from_zone, ZONES, "zona", optional=True)
        for event in self.events:
            check_word(event, EVENTS, "evento")

    def describe(self) -> str:
        text = " o ".join(EVENTS[e] for e in (self.event, *self.events))
        if self.counter is not None:
            text = text.replace("más contadores", f"más contadores de {self.counter}")
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
class Cost(Value):
    """One piece of a cost (10.16 Coste; 6.5 B): ``kind`` of ``COSTS``, ``amount``,
    ``filter`` (which cards may pay it), ``counter`` (counter name). A cost never targets and
    cannot be answered (6.5 B); it must be payable in full."""

    kind: str
    amount: int = 1
    filter: TargetFilter | None = None
    counter: str | None = None

    def __post_init__(self) -> None:
        check_word(self.kind, COSTS, "coste")
        if self.amount < 0:
            raise ValueError("Cost.amount debe ser ≥ 0")

    def describe(self) -> str:
        noun = self.filter.noun() if self.filter else ("carta" if self.amount == 1 else "cartas")
        return COSTS[self.kind].format(amount=self.amount, filter=noun, counter=self.counter or "")


@dataclass(frozen=True, slots=True, repr=False)
class Duration(Value):
    """How long an effect lasts: ``kind`` of ``DURATIONS``; ``while`` needs ``condition``.
    Strength changes without a stated duration last until the next Fase Final (6.x)."""

    kind: str = "instant"
    condition: Condition | None = None

    def __post_init__(self) -> None:
        check_word(self.kind, DURATIONS, "duración")
        if self.kind == "while" and self.condition is None:
            raise ValueError("Duration('while') necesita una condición")

    def describe(self) -> str:
        return DURATIONS[self.kind].format(
            condition=self.condition.describe() if self.condition else "")
