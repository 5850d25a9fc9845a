"""``Condition``: a game condition (4.2, «Mientras…», «si controlas…»)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .target_filter import TargetFilter
from .value import bare_noun, check_word, Value
from .vocabulary import (
    CONDITIONS,
    EVENTS,
    PHASES,
    PLAYERS,
    ZONES,
)


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
class Condition(Value):
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
        check_word(self.kind, CONDITIONS, "condición")
        check_word(self.event, EVENTS, "evento", optional=True)
        check_word(self.zone, ZONES, "zona", optional=True)
        check_word(self.phase, PHASES, "fase", optional=True)
        check_word(self.player, PLAYERS, "jugador")

    def describe(self) -> str:
        template = CONDITIONS[self.kind]
        if self.kind == "all_allies" and self.filter is not None and self.filter.other:
            from dataclasses import replace
            return Condition("all_allies", replace(self.filter, other=False)).describe().replace(
                "todos los Aliados", "todos los demás Aliados")
        if self.kind == "controls_more":
            noun = bare_noun(self.filter.noun()) if self.filter else "cartas"
            return (f"controlas más {noun} que tu oponente" if self.player == "you"
                    else f"tu oponente controla más {noun} que tú")
        if self.kind == "unblocked" and self.subject == "bearer":
            return "el Aliado portador fue declarado atacante y no fue bloqueado"
        if self.kind == "happened_this_turn":  # no filter: the card itself
            who = bare_noun(self.filter.noun()) if self.filter else "esta carta"
            return f"este turno ocurrió: {EVENTS.get(self.event or '', '')} ({who})"
        return template.format(
            zone=ZONES.get(self.zone or "in_play", ""), whose_zone=_whose_zone(self.zone, self.player),
            filter=(bare_noun(self.filter.noun()) if self.filter else "cartas"),
            count=self.count, player=PLAYERS.get(self.player, ""),
            phase=PHASES.get(self.phase or "", "esa fase"), counter=self.counter or "",
            of=" y ".join(c.describe() for c in self.of),
            of_or=" o ".join(c.describe() for c in self.of),
            subject="el Aliado portador" if self.subject == "bearer" else "esta carta",
            event=EVENTS.get(self.event or "", ""))
