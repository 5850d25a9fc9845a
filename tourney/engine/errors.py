"""Errors of the engine, python-chess style.

* ``RecordError`` — the record cannot be read (*invalid*): bad JSON, a missing header,
  an unknown card name, a duplicate instance id, a malformed action. Carries the line.
* ``IllegalAction`` — the action is well formed but the rules forbid it (*illegal*).
  Carries the rule section it breaks (see ``rules.RULES``) and a Spanish message.
"""
from __future__ import annotations


class RecordError(ValueError):
    """The game record cannot be read: exit code 2."""

    def __init__(self, line: int, message: str):
        super().__init__(f"línea {line}: {message}")
        self.line = line
        self.message = message


class IllegalAction(ValueError):
    """An action the rules forbid: exit code 1."""

    def __init__(self, rule: str | None, message: str):
        super().__init__(f"[{rule}] {message}" if rule else message)
        self.rule = rule
        self.message = message


class GameOver(IllegalAction):
    """An action recorded after the game had already ended."""
