"""The two errors of the Swiss core: the organizer's (shown as is, in Spanish) and the
code's own (an invariant of the pairing broke)."""
from __future__ import annotations

from collections.abc import Iterable


class SwissUserError(ValueError):
    """Invalid input or an action the organizer asked for that cannot be done.

    ``problems`` lists every problem found (Spanish, each naming where: round, table,
    player); ``str()`` joins them. Shown to users as is.
    """

    def __init__(self, problems: str | Iterable[str]):
        self.problems: tuple[str, ...] = (
            (problems,) if isinstance(problems, str) else tuple(problems)
        )
        super().__init__("; ".join(self.problems))


class SwissFatalError(RuntimeError):
    """A bug in the pairing code (an invariant broke). Never the user's fault."""


