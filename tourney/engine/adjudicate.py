"""Adjudication: replay a record and say who won or which action was the first illegal one."""
from __future__ import annotations

from collections.abc import Iterable

from .errors import IllegalAction
from .game import Game
from .record import GameRecord, Resolver, read_record
from .verdict import Reason, Status, Verdict

__all__ = ["adjudicate", "adjudicate_lines", "replay"]


def _labels(cards: dict[int, str], lines: list[int]) -> tuple[str, ...]:
    out: dict[str, None] = {}
    for line in lines:
        label = cards.get(line)
        if label:
            out[label] = None
    return tuple(out)


def _verdict(game: Game, status: Status, accepted: int, line: int | None = None,
             problem: IllegalAction | None = None) -> Verdict:
    outcome = game.outcome if status == Status.FINISHED else None
    return Verdict(
        status, outcome.winner if outcome else None,
        Reason(outcome.reason) if outcome else None, line,
        problem.rule if problem else None, problem.message if problem else None, accepted,
        tuple(game.unverified), game.final(), tuple(game.verified),
        _labels(game.verified_cards, game.verified),
        _labels(game.unverified_cards, game.unverified), _reasons(game))


def _reasons(game: Game) -> tuple[tuple[int, str | None, str], ...]:
    """What the engine could not check on each unverified line (every line has one)."""
    out = []
    for line in game.unverified:
        rule, why = game.unverified_why.get(line, (None, "el motor no pudo comprobarla"))
        out.append((line, rule, why))
    return tuple(out)


def replay(record: GameRecord) -> tuple[Game, Verdict]:
    """Replay every action; stop at the first illegal one (state left as before it)."""
    game = Game(record.header)
    if game.setup_problem is not None:
        return game, _verdict(game, Status.ILLEGAL, 0, 1, game.setup_problem)
    accepted = 0
    for action in record.actions:
        try:
            game.apply(action)
        except IllegalAction as exc:
            game.finish()  # the state "before it": as if the record ended there
            return game, _verdict(game, Status.ILLEGAL, accepted, action.line, exc)
        accepted += 1
    game.finish()
    status = Status.FINISHED if game.outcome is not None else Status.UNFINISHED
    return game, _verdict(game, status, accepted)


def adjudicate(record: GameRecord) -> Verdict:
    return replay(record)[1]


def adjudicate_lines(lines: Iterable[str], resolve: Resolver) -> Verdict:
    """Read and adjudicate; a record that cannot be read raises ``RecordError``."""
    return adjudicate(read_record(lines, resolve))
