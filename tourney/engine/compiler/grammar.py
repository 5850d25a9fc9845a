"""Card -> per-unit grammar results (before lowering to engine values)."""
from __future__ import annotations

from dataclasses import dataclass

from .parsed import Parsed
from .sentence import parse_unit
from .text import NotUnderstood
from .text import split_units, tokens


INTERNAL = "error interno del compilador"  # tests/compiler check no real card reaches it


@dataclass(frozen=True, slots=True)
class ParsedUnit:
    text: str
    parsed: tuple[Parsed, ...] = ()
    reason: str | None = None


def parse_text(text: str, name: str, card_type: str) -> tuple[ParsedUnit, ...]:
    out = []
    for unit in split_units(text):
        try:
            toks = tokens(unit, name)
            out.append(ParsedUnit(unit, parse_unit(toks, card_type)))
        except NotUnderstood as exc:
            out.append(ParsedUnit(unit, reason=str(exc)))
        except RecursionError:  # pragma: no cover - defensive: never crash on text
            out.append(ParsedUnit(unit, reason="frase demasiado compleja"))
        except Exception as exc:  # noqa: BLE001 - a grammar bug must not stop a card: not understood
            out.append(ParsedUnit(unit, reason=f"{INTERNAL}: {type(exc).__name__}"))
    return tuple(out)
