"""The step-through viewer's data: the board at every line of a record and each line's
action in Spanish, as the engine gives them (``tourney.engine.positions``); plain values only
(dicts and lists), drawn by the templates.

A *step* is one line of the record: the header (the position after the opening hands) and
then each action, with the position *after* it. The first illegal line keeps the position
*before* it (the engine leaves the state untouched) and carries its rule; the lines after it
were not replayed.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..engine import positions

ZONES = (("defense", "Línea de Defensa"), ("attack", "Línea de Ataque"),
         ("support", "Línea de Apoyo"), ("reserve", "Reserva de Oro"), ("paid", "Oro Pagado"),
         ("weapons", "Armas portadas"), ("graveyard", "Cementerio"), ("exile", "Destierro"))


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


# -- steps from the engine's positions --------------------------------------------------------------
def _status(pos) -> str:
    if not pos.legal:
        return "illegal"
    if pos.line == 1:
        return "header"
    return pos.effect or "ok"  # effect lines: "verified" | "unverified"


def seated(record, names: dict[str, str] | None):
    """The record with its players called by ``names`` (record player id -> the registered
    name of who sat there): a record written as «Jugador A» / «Jugador B», seated by hand,
    shows the players of the match on the board and in every action."""
    if not names:
        return record
    players = tuple(replace(p, name=names.get(p.id) or p.name) for p in record.header.players)
    return replace(record, header=replace(record.header, players=players))


def board(record, record_text: str, verdict: dict | None = None,
          names: dict[str, str] | None = None) -> Board:
    """Every line of the record as a step of the viewer, from ``tourney.engine.positions``;
    the lines after the first illegal one were not replayed: their ``action`` is the line as
    written (raw JSON), which the templates label as such. ``names``: record player id ->
    the registered name of who sat there (see ``seated``)."""
    record = seated(record, names)
    lines = record_text.splitlines()
    players = {p.id: p.name for p in record.header.players}
    result = Board()
    by_line = {}
    for each in positions(record):
        by_line[each.line] = each
    actors = {a.line: a.p for a in record.actions}
    numbers = [1] + [a.line for a in record.actions]
    stopped = False
    for index, line in enumerate(numbers):
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        if index == 0 and len(numbers) > 1:  # a header written over several lines: all of it
            text = "\n".join(x for x in lines[:numbers[1] - 1] if x.strip())
        pos = None if stopped else by_line.get(line)
        if pos is None:
            stopped = True
            result.steps.append(Step(index, line, text, text.strip(),
                                     "skipped", None, player=actors.get(line)))
            continue
        position = pos.to_json()
        position["winner"] = (verdict or {}).get("winner") if pos.over else None
        position["names"] = players
        step = Step(index, line, text, pos.action or "Cabecera", _status(pos), position,
                    pos.rule, pos.rule_title, pos.message, actors.get(line))
        if step.status == "illegal":
            result.illegal = index
            stopped = True
        result.steps.append(step)
    return result


def step_for_line(result: Board, line: int) -> Step:
    """The step of ``line``; a line that is no action (blank, header continuation) gives the
    step before it."""
    best = result.steps[0]
    for step in result.steps:
        if step.line <= line:
            best = step
    return best


HIDDEN = "oculto hasta que se publiquen las listas"


def _hidden_header(text: str, hidden: set[str]) -> str:
    """The header line(s) with the decks of ``hidden`` players replaced by their size."""
    try:
        header = json.loads(text)
        players = header["players"]
    except (ValueError, KeyError, TypeError):
        return f"(cabecera {HIDDEN})"
    for p in players if isinstance(players, list) else ():
        if isinstance(p, dict) and str(p.get("id")) in hidden:
            for key in ("castle", "gold", "support"):
                if key in p:
                    value = p[key]
                    size = len(value) if isinstance(value, list) else 1
                    p[key] = f"{size} carta{'s' if size != 1 else ''} ({HIDDEN})"
    return json.dumps(header, ensure_ascii=False)


def hide_decks(result: Board, hidden: set[str]) -> Board:
    """The board as a viewer who may not see the decks of ``hidden`` (record player ids)
    sees it: the header (the only line holding a whole deck) shows their deck's size only.
    Positions show zones in play and counts, never a hidden deck's order."""
    if not hidden or not result.steps:
        return result
    first = result.steps[0]
    text = _hidden_header(first.text, hidden)
    head = replace(first, text=text, action=text.strip() if first.status == "skipped"
                   else first.action)
    return Board([head, *result.steps[1:]], result.illegal)
