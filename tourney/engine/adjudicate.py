"""Adjudication: replay a record and say who won or which action was the first illegal one."""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .game import Game
from .record import GameRecord, Resolver, read_record


@dataclass(frozen=True, slots=True)
class Verdict:
    status: str  # "finished" | "unfinished" | "illegal"
    winner: str | None
    reason: str | None  # "castle_empty" | "concede" | None
    line: int | None
    rule: str | None
    message: str | None
    actions: int
    unverified: tuple[int, ...] = ()
    final: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return self.status != "illegal"

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status, "winner": self.winner, "reason": self.reason,
            "line": self.line, "rule": self.rule, "message": self.message,
            "actions": self.actions, "unverified": list(self.unverified),
            "final": {pid: dict(counts) for pid, counts in self.final.items()},
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2) + "\n"


def replay(record: GameRecord) -> tuple[Game, Verdict]:
    """Replay every action; stop at the first illegal one (state left as before it)."""
    game = Game(record.header)
    if game.setup_problem is not None:
        problem = game.setup_problem
        return game, Verdict("illegal", None, None, 1, problem.rule, problem.message, 0, (),
                             game.final())
    accepted = 0
    for action in record.actions:
        try:
            game.apply(action)
        except IllegalAction as exc:
            return game, Verdict("illegal", None, None, action.line, exc.rule, exc.message,
                                 accepted, tuple(game.unverified), game.final())
        accepted += 1
    outcome = game.outcome
    if outcome is None:
        return game, Verdict("unfinished", None, None, None, None, None, accepted,
                             tuple(game.unverified), game.final())
    return game, Verdict("finished", outcome.winner, outcome.reason, None, None, None, accepted,
                         tuple(game.unverified), game.final())


def adjudicate(record: GameRecord) -> Verdict:
    return replay(record)[1]


def adjudicate_lines(lines: Iterable[str], resolve: Resolver) -> Verdict:
    """Read and adjudicate; a record that cannot be read raises ``RecordError``."""
    return adjudicate(read_record(lines, resolve))
