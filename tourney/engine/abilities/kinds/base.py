"""The registry of ability value kinds: ``(family, word) -> Kind``.

Every word a value of ``abilities.model`` may carry (an effect verb, an ability kind, a
keyword, a cost piece, a trigger event, a condition, a duration, an amount source) is
declared once, in the module of its family, with what the engine does with it in each *role*
it can play:

* ``effect``: ``line`` (a step of an ``effect`` line: the engine verifies it, or applies what
  the record cannot show) and ``static`` (inside a continuous ability: the engine applies it
  after every change, or reads it where it acts); ``after_play`` (a step of a play permission:
  «luego Destiérralo»);
* ``ability``: ``use`` (checked when the card is played or the ability used);
* ``keyword``: ``apply``; ``cost``: ``pay``; ``event``: ``fire``; ``condition``: ``decide``;
  ``duration``: ``expire``; ``amount``: ``read``.

A role's status is ``ENFORCED`` (the engine checks it: a misuse is illegal), a Spanish
reason (the engine only accepts the value: lines it produces stay *unverified*), or a
function of the value in its place (``Use``) giving one of the two. A word without a
declaration for a role it appears in is a bug caught by tests/engine/test_engine_kinds.py.

A home also holds the engine's code for its word: ``handlers`` maps what the engine does to
the function doing it — ``verify`` checks an effect step of a line
(``verify_steps.verify_step`` dispatches to it with a ``verify_parts.Step``). An effect whose
``line`` role is enforced has a ``verify`` handler, and one without is never enforced in a
line (tests/engine/test_engine_kinds.py checks both ways).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

ENFORCED = None
FAMILY_ROLES: Mapping[str, tuple[str, ...]] = {
    "effect": ("line", "static", "after_play"), "ability": ("use",), "keyword": ("apply",),
    "cost": ("pay",), "event": ("fire",), "condition": ("decide",), "duration": ("expire",),
    "amount": ("read",),
}


@dataclass(frozen=True, slots=True)
class Use:
    """A value in its place: the card (``catalog.model.Card``), its ability, the value."""

    card: Any
    ability: Any
    value: Any


Status = str | Callable[[Use], "str | None"] | None


@dataclass(frozen=True, slots=True)
class Kind:
    family: str
    name: str
    roles: Mapping[str, Status]
    handlers: Mapping[str, Callable[..., Any]]

    def verdict(self, role: str, use: Use) -> str | None:
        """None when the engine enforces this value in ``role``; else why not (Spanish)."""
        if role not in self.roles:
            raise KeyError(f"{self.family} «{self.name}» no declara el papel {role!r}")
        status = self.roles[role]
        return status(use) if callable(status) else status


REGISTRY: dict[tuple[str, str], Kind] = {}


def declare(family: str, name: str, handlers: Mapping[str, Callable[..., Any]] | None = None,
            **roles: Status) -> Kind:
    unknown = set(roles) - set(FAMILY_ROLES[family])
    if unknown:
        raise ValueError(f"{family} «{name}»: papeles desconocidos {sorted(unknown)}")
    if (family, name) in REGISTRY:
        raise ValueError(f"{family} «{name}» ya tiene su casa")
    kind = REGISTRY[(family, name)] = Kind(family, name, dict(roles), dict(handlers or {}))
    return kind


def handler(family: str, name: str, what: str) -> Callable[..., Any] | None:
    """The home's function for ``what`` («verify» …), or None when the engine has none."""
    kind = REGISTRY.get((family, name))
    return kind.handlers.get(what) if kind is not None else None


def kind_of(family: str, name: str) -> Kind | None:
    return REGISTRY.get((family, name))
