"""Errors of tourney.meta: bad input an organizer can fix, told in Spanish with where and why."""
from __future__ import annotations


class MetaError(ValueError):
    """Bad input (a points table, an archetype rule, a rename): shown to the user as is."""

    def __init__(self, message: str, line: int | None = None, source: str = ""):
        self.line = line
        self.source = source
        where = ", ".join(p for p in (source, f"línea {line}" if line else "") if p)
        self.message = f"{where}: {message}" if where else message
        super().__init__(self.message)
