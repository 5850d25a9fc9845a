"""The step-through viewer's data: the board at every line of a record, and each line's
action in Spanish. Plain values only (dicts and lists), drawn by templates and static JS.

A *step* is one line of the record: the header (the position after the opening hands) and
then each action, with the position *after* it. The first illegal line keeps the position
*before* it (the engine leaves the state untouched) and carries its rule; the lines after it
were not replayed.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

PHASES = {
    "vigil": "Fase de Vigilia",
    "block": "Batalla Mitológica: Declaración de Bloqueo",
    "war": "Batalla Mitológica: Guerra de Talismanes",
    "discard": "Fase de Robar: descarte hasta 8 cartas",
    "over": "Partida terminada",
}
ZONES = (("defense", "Línea de Defensa"), ("attack", "Línea de Ataque"),
         ("support", "Línea de Apoyo"), ("reserve", "Reserva de Oro"), ("paid", "Oro Pagado"),
         ("graveyard", "Cementerio"), ("exile", "Destierro"))
TO_ZONE = {
    "hand": "a la mano", "graveyard": "al Cementerio", "exile": "al Destierro",
    "castle_top": "al tope del Mazo Castillo", "castle_bottom": "al fondo del Mazo Castillo",
    "defense": "a la Línea de Defensa", "support": "a la Línea de Apoyo",
    "reserve": "a la Reserva de Oro", "paid": "al Oro Pagado",
}


@dataclass
class Step:
    index: int  # 0 = the header
    line: int  # the record's line number (header = 1)
    text: str  # the line as written
    action: str  # in Spanish
    status: str  # header | ok | verified | unverified | illegal | skipped
    position: dict | None = None
    rule: str | None = None
    rule_title: str | None = None
    message: str | None = None
    player: str | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Board:
    steps: list[Step] = field(default_factory=list)
    illegal: int | None = None  # index of the illegal step

    def at_line(self, line: int) -> Step | None:
        return next((s for s in self.steps if s.line == line), None)

    def to_json(self) -> dict[str, Any]:
        return {"steps": [s.to_json() for s in self.steps], "illegal": self.illegal}


# -- the action in words ---------------------------------------------------------------------------
def _label(cards: dict, iid: str | None) -> str:
    if iid is None:
        return "?"
    card = cards.get(iid)
    return f"{card.name} ({iid})" if card is not None else iid


def _list(cards: dict, ids) -> str:
    names = [_label(cards, i) for i in ids]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " y " + names[-1]


def describe_action(action, names: dict[str, str], cards: dict) -> str:
    """One action of the record in Spanish: «Ana juega Kirin (A3) pagando 2 Oros»."""
    who = names.get(action.p, action.p)
    do = action.do
    if do == "gold":
        text = f"{who} pone {_label(cards, action.card)} en la Reserva de Oro"
    elif do == "play":
        n = len(action.pay)
        text = f"{who} juega {_label(cards, action.card)}"
        text += f" pagando {n} Oro{'s' if n != 1 else ''}" if n else " sin pagar Oros"
        if action.bearer:
            text += f", portada por {_label(cards, action.bearer)}"
        if action.targets:
            text += f", con objetivo {_list(cards, action.targets)}"
    elif do == "attack":
        text = f"{who} declara el ataque con {_list(cards, action.cards)}"
        for challenger, challenged in action.challenges:
            text += f"; {_label(cards, challenger)} desafía a {_label(cards, challenged)}"
    elif do == "block":
        if not action.pairs:
            text = f"{who} no bloquea"
        else:
            text = f"{who} bloquea: " + "; ".join(
                f"{_label(cards, b)} bloquea a {_label(cards, a)}" for b, a in action.pairs)
    elif do == "pass":
        text = f"{who} cede la prioridad"
    elif do == "end":
        text = f"{who} termina el turno"
    elif do == "discard":
        text = f"{who} descarta {_list(cards, action.cards)}"
    elif do == "concede":
        text = f"{who} concede la partida"
    elif do == "effect":
        parts = [f"{_label(cards, iid)} va {TO_ZONE.get(zone, zone)}" for iid, zone in action.moves]
        parts += [f"{names.get(p, p)} roba {n}" for p, n in action.draw]
        parts += [f"{names.get(p, p)} bota {n}" for p, n in action.mill]
        parts += [f"{_label(cards, iid)}: {n:+d} contador{'es' if abs(n) != 1 else ''} de {c}"
                  for iid, c, n in action.counters]
        parts += [f"{_label(cards, iid)}: {n:+d} a la Fuerza" for iid, n in action.strength]
        source = f" de {_label(cards, action.source)}" if action.source else ""
        text = f"Efecto declarado{source} ({who}): " + ("; ".join(parts) or "sin cambios")
    else:
        text = f"{who}: {do}"
    for pid, ids in action.revealed:
        if ids:
            text += f" — cartas de {names.get(pid, pid)}: {_list(cards, ids)}"
    return text + "."


# -- positions -------------------------------------------------------------------------------------
def _card(game, inst) -> dict:
    out: dict[str, Any] = {"id": inst.id, "name": inst.card.name}
    if inst.card.is_ally:
        out["strength"] = game.strength(inst)
    if inst.weapons:
        out["weapons"] = [game.cards[w].card.name for w in inst.weapons]
    if inst.counters:
        out["counters"] = {k: v for k, v in inst.counters.items() if v}
    return out


def _to_move(game) -> str | None:
    if game.outcome is not None:
        return None
    if game.phase == "war":
        return game.priority
    if game.phase == "block":
        return game.opponent(game.active)
    return game.active


def snapshot(game) -> dict:
    """The board of a ``tourney.engine.Game`` as plain values (today's engine)."""
    players = []
    for pid in game.order:
        player = game.players[pid]
        zones = {key: [_card(game, game.cards[i]) for i in player.zones[key]] for key, _ in ZONES}
        players.append({"id": pid, "name": player.name, "castle": len(player.castle),
                        "hand": len(player.zones["hand"]), **zones})
    outcome = game.outcome
    return {"turn": game.turn, "active": game.active, "phase": game.phase,
            "phase_name": PHASES.get(game.phase, game.phase), "to_move": _to_move(game),
            "players": players,
            "outcome": None if outcome is None else {"winner": outcome.winner,
                                                     "reason": outcome.reason}}


def _replay(record):
    """Yield (action, position after it | None, IllegalAction | None), stopping at the first
    illegal action; the first item is (None, initial position, setup problem)."""
    from ..engine import Game, IllegalAction

    game = Game(record.header)
    yield None, snapshot(game), game.setup_problem
    if game.setup_problem is not None:
        return
    for action in record.actions:
        try:
            game.apply(action)
        except IllegalAction as exc:
            yield action, None, exc
            return
        yield action, snapshot(game), None


def board(record, record_text: str, verdict: dict | None = None) -> Board:
    """Every line of the record as a step of the viewer."""
    from ..engine.rules import rule_title

    lines = record_text.splitlines()
    names = {p.id: p.name for p in record.header.players}
    unverified = set((verdict or {}).get("unverified") or [])
    verified = set((verdict or {}).get("verified") or [])
    result = Board()
    replayed = {}
    last = None
    for action, position, problem in _replay(record):
        if action is None:
            step = Step(0, 1, lines[0] if lines else "", "Cabecera: manos iniciales repartidas "
                        f"({record.header.hand} cartas); empieza "
                        f"{names.get(record.header.first, record.header.first)}.", "header",
                        position)
            if problem is not None:
                step.status, step.rule, step.message = "illegal", problem.rule, problem.message
                step.rule_title = rule_title(problem.rule)
                result.illegal = 0
            result.steps.append(step)
            last = position
            continue
        replayed[action.line] = (action, position, problem)
        if position is not None:
            last = position
    index = len(result.steps)
    stopped = result.illegal is not None
    for action in record.actions:
        text = lines[action.line - 1] if action.line - 1 < len(lines) else ""
        words = describe_action(action, names, record.cards)
        got = replayed.get(action.line)
        if stopped or got is None:
            step = Step(index, action.line, text, words, "skipped", None, player=action.p)
        else:
            _action, position, problem = got
            if problem is not None:
                previous = result.steps[-1].position if result.steps else last
                step = Step(index, action.line, text, words, "illegal", previous,
                            problem.rule, rule_title(problem.rule), problem.message, action.p)
                result.illegal = index
                stopped = True
            else:
                status = ("unverified" if action.line in unverified else
                          "verified" if action.line in verified else "ok")
                step = Step(index, action.line, text, words, status, position, player=action.p)
        result.steps.append(step)
        index += 1
    return result


def step_for_line(result: Board, line: int) -> Step:
    """The step of ``line``; a line that is no action (blank, header continuation) gives the
    step before it."""
    best = result.steps[0]
    for step in result.steps:
        if step.line <= line:
            best = step
    return best
