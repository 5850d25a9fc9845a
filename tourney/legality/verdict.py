"""What the validator answers: a Verdict holding every Violation."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..catalog.model import Card

NO_CATALOG_NOTE = "sin catálogo: no se verificó la existencia de las cartas"

# codes stored by older versions -> the stable code of the same rule today
RENAMED_CODES = {"support-required": "support_required"}


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule. ``code`` is stable (tests, the web and exports key on it);
    ``rule`` cites the rules section or the format file's rule; ``message`` and
    ``hint`` are Spanish, for players and judges."""

    code: str
    rule: str
    message: str
    cards: tuple[str, ...] = ()
    hint: str = ""
    lines: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The stored and ``--json`` shape; ``lines`` are the decklist lines at fault."""
        return {"code": self.code, "rule": self.rule, "message": self.message,
                "cards": list(self.cards), "hint": self.hint, "lines": list(self.lines)}

    to_json = to_dict  # the name the engine's verdicts use

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Violation:
        """A stored violation back (older rows have no ``lines``; renamed codes are read
        under their current name, see RENAMED_CODES)."""
        code = str(data.get("code", ""))
        return cls(code=RENAMED_CODES.get(code, code), rule=str(data.get("rule", "")),
                   message=str(data.get("message", "")),
                   cards=tuple(str(c) for c in data.get("cards") or ()),
                   hint=str(data.get("hint") or ""),
                   lines=tuple(int(n) for n in data.get("lines") or ()))


@dataclass(frozen=True, slots=True)
class ResolvedDeck:
    """The deck as cards: each section a list of (representative printing, quantity)."""

    castle: list[tuple[Card, int]] = field(default_factory=list)
    support: list[tuple[Card, int]] = field(default_factory=list)

    @property
    def main(self) -> list[tuple[Card, int]]:
        return self.castle

    @property
    def side(self) -> list[tuple[Card, int]]:
        return self.support


@dataclass(slots=True)
class Verdict:
    format: str
    violations: tuple[Violation, ...]
    castle_count: int
    support_count: int
    main_items: dict = field(default_factory=dict, repr=False)  # CardInfo -> quantity
    side_items: dict = field(default_factory=dict, repr=False)
    entries: tuple | None = field(default=None, repr=False)  # (main, side) decklist entries
    printing_of: Callable[[str], Any] | None = field(default=None, repr=False, compare=False)
    notes: tuple[str, ...] = ()
    main_name: str = "Mazo Castillo"
    side_name: str = "Mazo de Soporte"

    @property
    def resolved(self) -> ResolvedDeck:
        """The deck as cards (errata of the format applied): castle / support as list[(Card, qty)]."""
        if self.entries is None or self.printing_of is None:
            return ResolvedDeck([(info.card, qty) for info, qty in self.main_items.items()],
                                [(info.card, qty) for info, qty in self.side_items.items()])
        sections = []
        for entries in self.entries:
            merged: dict[str, list] = {}
            for entry in entries:
                card = self.printing_of(entry.name)
                if card is None:
                    continue
                slot = merged.setdefault(card.code or card.identity, [card, 0])
                slot[1] += entry.quantity
            sections.append([(card, qty) for card, qty in merged.values()])
        return ResolvedDeck(sections[0], sections[1])

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def main_count(self) -> int:
        return self.castle_count

    @property
    def side_count(self) -> int:
        return self.support_count

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` shape of the issue (plus ``hint`` per violation and ``notes``)."""
        out: dict[str, Any] = {
            "legal": self.legal,
            "format": self.format,
            "castle_count": self.castle_count,
            "support_count": self.support_count,
            "violations": [v.to_dict() for v in self.violations],
        }
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    to_json = to_dict  # one name for both kinds of verdict (legality's and the engine's)

    def render(self) -> str:
        """Plain-text report for the terminal (Spanish)."""
        head = "LEGAL" if self.legal else "ILEGAL"
        lines = [(f"{head} en el formato {self.format}: {self.main_name} {self.castle_count}, "
                  f"{self.side_name} {self.support_count}.")]
        for note in self.notes:
            lines.append(f"Nota: {note}")
        for v in self.violations:
            where = f" (líneas {', '.join(map(str, v.lines))})" if len(v.lines) > 1 else (
                f" (línea {v.lines[0]})" if v.lines else "")
            lines.append(f"- [{v.code}] {v.rule}: {v.message}{where}")
            if v.hint:
                lines.append(f"  Cómo arreglarlo: {v.hint}")
        return "\n".join(lines)


def copies(n: int) -> str:
    """«1 copia», «3 copias»: the one Spanish count of copies in every verdict."""
    return f"{n} {'copia' if n == 1 else 'copias'}"


def cards(n: int) -> str:
    """«1 carta», «40 cartas»."""
    return f"{n} {'carta' if n == 1 else 'cartas'}"
