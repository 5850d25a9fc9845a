"""The card catalog: printings indexed by code, identity and name.

Name resolution for decklists (the contract other packages rely on):

* ``catalog.resolve(name)`` returns a ``Resolution``:
  - ``cards``: the printings the name matches (exact name, else normalized
    name via ``fold``), possibly of several identities;
  - ``identities``: the distinct identities among them, in a stable order;
  - ``suggestions``: close names when nothing matched (never a guess);
  - ``ok`` is true when exactly one identity matched.
* A decklist may write ``Name (CODE)`` to choose among identities; resolve()
  accepts that form too.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .model import Card, Edition, fold

_WITH_CODE = re.compile(r"^(?P<name>.*?)\s*\((?P<code>[A-Za-z0-9][A-Za-z0-9_\-/ ]*)\)\s*$")


@dataclass(frozen=True, slots=True)
class Resolution:
    query: str
    cards: tuple[Card, ...] = ()
    suggestions: tuple[str, ...] = ()

    @property
    def identities(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for card in self.cards:
            seen.setdefault(card.identity, None)
        return tuple(seen)

    @property
    def ok(self) -> bool:
        return len(self.identities) == 1

    @property
    def ambiguous(self) -> bool:
        return len(self.identities) > 1

    @property
    def card(self) -> Card:
        """The representative printing (the catalog's preferred one) when ``ok``."""
        if not self.ok:
            raise LookupError(self.query)
        return self.cards[0]


@dataclass
class Catalog:
    cards: list[Card] = field(default_factory=list)
    editions: dict[str, Edition] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._by_code: dict[str, Card] = {}
        self._by_identity: dict[str, list[Card]] = defaultdict(list)
        self._by_name: dict[str, list[Card]] = defaultdict(list)
        self._by_folded: dict[str, list[Card]] = defaultdict(list)
        for card in self.cards:
            self._index(card)

    @classmethod
    def from_cards(cls, cards: Iterable[Card], editions: Iterable[Edition] = ()) -> "Catalog":
        return cls(list(cards), {e.slug: e for e in editions})

    def _index(self, card: Card) -> None:
        self._by_code[card.code.upper()] = card
        self._by_identity[card.identity].append(card)
        self._by_name[card.name.strip()].append(card)
        self._by_folded[fold(card.name)].append(card)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def by_code(self, code: str) -> Card | None:
        return self._by_code.get(code.strip().upper())

    def printings(self, identity: str) -> list[Card]:
        return list(self._by_identity.get(identity, ()))

    def names(self) -> list[str]:
        return list(self._by_name)

    def resolve(self, query: str) -> Resolution:
        query = query.strip()
        match = _WITH_CODE.match(query)
        if match:
            card = self.by_code(match.group("code"))
            if card is not None and fold(card.name) == fold(match.group("name")):
                return Resolution(query, (card,))
            if card is None:
                # "(CODE)" that is not a code: maybe part of the name itself
                pass
        exact = self._by_name.get(query)
        if exact:
            return Resolution(query, tuple(exact))
        folded = self._by_folded.get(fold(query))
        if folded:
            return Resolution(query, tuple(folded))
        return Resolution(query, (), tuple(self.suggest(query)))

    def suggest(self, query: str, limit: int = 5) -> list[str]:
        from rapidfuzz import fuzz, process, utils

        choices = list(self._by_name)
        found = process.extract(
            query, choices, scorer=fuzz.WRatio, processor=utils.default_process, limit=limit,
            score_cutoff=60,
        )
        return [name for name, _score, _idx in found]
