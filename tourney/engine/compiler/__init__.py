"""The ability compiler: a card's Spanish text -> the engine's ability values (pure).

``compile_card(card) -> Compilation``: ``.abilities`` (``tourney.engine.abilities.model``
values), ``.complete`` (every sentence understood) and ``.sentences`` (per sentence: its
text and either its abilities or the reason it was not understood). It never guesses: a
sentence whose every part the grammar does not read, or that the engine's model cannot
state exactly, is reported as not understood. Results are cached per (name, type, text),
i.e. once per card identity. See docs/engine-compiler.md.
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass, replace
from functools import lru_cache

from ...catalog.model import Card
from ..abilities.kinds.enforcement import missing_homes
from ..abilities.model import Ability
from .delayed import earlier_reason
from .grammar import parse_text
from .lower_filters import Unsupported
from .lower import lower
from .restrict import restrict
from .text import shape


@dataclass(frozen=True, slots=True)
class Sentence:
    """One unit of the card text: understood (``abilities``) or not (``reason``)."""

    text: str
    abilities: tuple[Ability, ...] = ()
    reason: str | None = None
    shape: str = ""

    @property
    def ability(self) -> Ability | None:
        return self.abilities[0] if self.abilities else None

    @property
    def understood(self) -> bool:
        return self.reason is None


@dataclass(frozen=True, slots=True)
class Compilation:
    name: str
    sentences: tuple[Sentence, ...] = ()

    @property
    def abilities(self) -> tuple[Ability, ...]:
        return tuple(a for s in self.sentences for a in s.abilities)

    @property
    def complete(self) -> bool:
        return all(s.understood for s in self.sentences)

    @property
    def status(self) -> str:
        """ "compiled" (every sentence), "partial", "none" or "empty" (no text)."""
        if not self.sentences:
            return "empty"
        understood = sum(s.understood for s in self.sentences)
        if understood == len(self.sentences):
            return "compiled"
        return "partial" if understood else "none"


def compile_card(card: Card) -> Compilation:
    return compile_text(card.text or "", card.name, card.type)


@lru_cache(maxsize=8192)
def compile_text(text: str, name: str, card_type: str) -> Compilation:
    out = []
    paid: tuple[Any, ...] = ()  # «Para jugar este Talismán, Destierra un Aliado …»: what «el Aliado
    # Desterrado» of a later sentence points back to
    for unit in parse_text(text, name, card_type):
        if unit.reason is not None:
            out.append(Sentence(unit.text, reason=unit.reason, shape=shape(unit.text, name)))
            continue
        if len(unit.parsed) == 1 and unit.parsed[0].kind == "use_condition":
            try:  # «Sólo puedes activar esta habilidad si …»: a condition of the ability before
                merged = restrict(out[-1].abilities if out else None, unit.parsed[0], unit.text)
            except (Unsupported, ValueError) as exc:
                out.append(Sentence(unit.text, reason=str(exc), shape=shape(unit.text, name)))
                continue
            out[-1] = replace(out[-1], abilities=(merged,))
            out.append(Sentence(unit.text))  # understood: it only restricts that ability
            continue
        try:
            abilities = tuple(lower(p, unit.text, card_type, name, paid) for p in unit.parsed)
            _homed(abilities)
            paid += tuple(c for p in unit.parsed if p.kind == "add_cost" for c in p.costs)
        except (Unsupported, ValueError) as exc:
            out.append(Sentence(unit.text, reason=str(exc), shape=shape(unit.text, name)))
            continue
        earlier = earlier_reason(out[-1].abilities if out else None, abilities)
        if earlier is not None:  # «En la Fase Final, Destierra ese Aliado»: the sentence before
            out.append(Sentence(unit.text, reason=earlier, shape=shape(unit.text, name)))
            continue
        out.append(Sentence(unit.text, abilities=abilities))
    return Compilation(name, tuple(out))


def _homed(abilities: tuple[Ability, ...]) -> None:
    """The lowering produces values of registered kinds only (``abilities.kinds``): a value
    whose word has no home for the role it plays is not understood."""
    for ability in abilities:
        for family, word, role in missing_homes(ability):
            raise Unsupported(f"sin equivalente en el motor: {family} «{word}» sin casa para «{role}»")


__all__ = ["Compilation", "Sentence", "compile_card", "compile_text"]
