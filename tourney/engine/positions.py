"""Step through a record: the position after every line, as plain values (for the
step-through viewer of an adjudication, issue 12).

``positions(record)`` yields one ``Position`` for the header (line 1, the opening hands
dealt) and one per action line: the line number, the action in Spanish, whose turn and
phase it is and who has priority, and both players' zones as card labels. An illegal line
yields the position *before* it (the state the verdict reports) with its rule and message,
and the iteration stops there. ``Position.to_json()`` is made of str / int / bool / lists /
dicts only.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import IllegalAction
from .game import Game
from .record import Action, GameRecord
from .rules import rule_title
from .zones import PHASE_NAMES, ZONE_NAMES

ZONE_MOVE = {**ZONE_NAMES, "castle_top": "el tope del Mazo Castillo",
             "castle_bottom": "el fondo del Mazo Castillo"}


@dataclass(frozen=True, slots=True)
class PlayerView:
    id: str
    name: str
    defense: list[str]  # Línea de Defensa (an Aliado's Armas follow it: "Espada (A9) → A3")
    attack: list[str]  # Línea de Ataque
    support: list[str]  # Línea de Apoyo (Tótems, Armas without bearer)
    reserve: list[str]  # Reserva de Oro
    paid: list[str]  # Zona de Oro Pagado
    graveyard: list[str]  # Cementerio
    exile: list[str]  # Zona de Destierro
    weapons: list[str]  # Armas portadas, "Arma (id) → portador (id)"
    hand: int
    castle: int
    strength: dict[str, int] = field(default_factory=dict)  # Aliado label -> its Fuerza now


@dataclass(frozen=True, slots=True)
class Position:
    line: int
    action: str  # the line's action in Spanish ("" for the header)
    turn: int
    active: str  # player id
    phase: str  # in Spanish ("la Fase de Vigilia"…)
    priority: str | None  # player id with priority in the Guerra de Talismanes
    players: list[PlayerView] = field(default_factory=list)
    legal: bool = True
    rule: str | None = None  # illegal line: the rule ("8.2") …
    rule_title: str | None = None  # … with its title ("8.2 Objetivos")
    message: str | None = None
    effect: str | None = None  # effect lines: "verified" | "unverified"
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _labels(game: Game, ids: Iterable[str]) -> list[str]:
    return [game.cards[i].label() for i in ids]


def snapshot(game: Game, line: int, action: str) -> Position:
    game.settle()  # Fuerza and keywords as continuous abilities leave them (4.1)
    views = []
    for pid in game.order:
        z = game.players[pid].zones
        weapons = [f"{game.cards[w].label()} → {game.cards[bearer].label()}"
                   for w in z["weapon"] if (bearer := game.cards[w].bearer) is not None]
        views.append(PlayerView(
            pid, game.players[pid].name, _labels(game, z["defense"]), _labels(game, z["attack"]),
            _labels(game, z["support"]), _labels(game, z["reserve"]), _labels(game, z["paid"]),
            _labels(game, z["graveyard"]), _labels(game, z["exile"]), weapons,
            len(z["hand"]), len(game.players[pid].castle),
            {game.cards[i].label(): game.strength(game.cards[i])
             for zone in ("defense", "attack") for i in z[zone]}))
    return Position(line, action, game.turn, game.active, PHASE_NAMES.get(game.phase, game.phase),
                    game.priority, views, over=game.outcome is not None)


def describe_action(game: Game, action: Action) -> str:
    """One record line in Spanish, with card names (read before it is applied)."""
    who = game.players[action.p].name

    def label(iid: str | None) -> str:
        return game.cards[iid].label() if iid else "?"

    def many(ids: Iterable[str]) -> str:
        return ", ".join(label(i) for i in ids) or "ninguna"

    do = action.do
    if do == "gold":
        return f"{who} pone {label(action.card)} en su Reserva de Oro"
    if do == "play":
        text = f"{who} juega {label(action.card)}"
        if action.pay:
            text += f" pagando con {many(action.pay)}"
        if action.bearer:
            text += f" sobre {label(action.bearer)}"
        if action.targets:
            text += f"; objetivos: {many(action.targets)}"
        return text
    if do == "attack":
        text = f"{who} declara atacantes: {many(action.cards)}"
        if action.challenges:
            text += "; desafíos: " + ", ".join(f"{label(a)} a {label(t)}"
                                               for a, t in action.challenges)
        return text
    if do == "block":
        if not action.pairs:
            return f"{who} no bloquea"
        return f"{who} bloquea: " + ", ".join(f"{label(b)} bloquea a {label(a)}"
                                              for b, a in action.pairs)
    if do == "pass":
        return f"{who} cede la prioridad"
    if do == "end":
        return f"{who} termina su turno"
    if do == "discard":
        return f"{who} descarta {many(action.cards)}"
    if do == "concede":
        return f"{who} concede la partida"
    if do == "activate":
        text = f"{who} usa la habilidad {action.ability or 1} de {label(action.card)}"
        if action.pay:
            text += f" pagando con {many(action.pay)}"
        if action.costs:
            text += f"; coste: {many(action.costs)}"
        if action.targets:
            text += f"; objetivos: {many(action.targets)}"
        return text
    if do == "choose":
        parts = []
        if action.order:
            parts.append(f"orden de sus habilidades disparadas: {many(action.order)}")
        if action.card:
            parts.append(f"objetivos de {label(action.card)}: {many(action.targets)}")
        return f"{who} elige " + "; ".join(parts)
    # effect
    parts = [f"{label(i)} a {ZONE_MOVE.get(z, z)}" for i, z in action.moves]
    parts += [f"{game.players[pid].name} roba {n}" for pid, n in action.draw]
    parts += [f"{game.players[pid].name} bota {n}" for pid, n in action.mill]
    parts += [f"{n:+d} {name} en {label(i)}" for i, name, n in action.counters]
    parts += [f"{n:+d} a la Fuerza de {label(i)}" for i, n in action.strength]
    head = f"Efecto de {label(action.source)}" if action.source else f"Efecto ({who})"
    return head + ": " + ("; ".join(parts) or "sin cambios")


def positions(record: GameRecord) -> Iterator[Position]:
    game = Game(record.header)
    if game.setup_problem is not None:
        problem = game.setup_problem
        yield _illegal(snapshot(game, 1, "Cabecera"), problem)
        return
    yield snapshot(game, 1, "Cabecera: se reparten las manos iniciales")
    for action in record.actions:
        text = describe_action(game, action)
        try:
            game.apply(action)
        except IllegalAction as exc:
            yield _illegal(snapshot(game, action.line, text), exc)
            return
        pos = snapshot(game, action.line, text)
        if action.do == "effect":
            pos = _with(pos, effect="verified" if game.verified[-1:] == [action.line]
                        else "unverified")
        yield pos


def _with(pos: Position, **changes: Any) -> Position:
    data = {f: getattr(pos, f) for f in Position.__dataclass_fields__}
    data.update(changes)
    return Position(**data)


def _illegal(pos: Position, exc: IllegalAction) -> Position:
    return _with(pos, legal=False, rule=exc.rule, rule_title=rule_title(exc.rule),
                 message=exc.message)
