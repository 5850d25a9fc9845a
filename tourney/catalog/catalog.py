"""The card catalog: printings indexed by code, identity and name.

Name resolution for decklists (the contract other packages rely on):

* ``catalog.resolve(name)`` returns a ``Resolution``:
  - ``cards``: the printings the name matches (exact name, else normalized
    name via ``fold``), possibly of several identities;
  - ``identities``: the distinct identities among them, in a stable order;
  - ``suggestions``: close names when nothing matched (never a guess);
  - ``ok`` is true when exactly one identity matched.
* A decklist may write ``Name (CODE)`` to choose among identities; resolve()
  accepts that form too and returns every printing of the chosen identity, the
  chosen one first. A known name with a code that is not one of its printings
  matches nothing and suggests the valid ``Name (CODE)`` forms.
* ``Resolution.choices()`` / ``codes_by_identity()`` list the candidates for an
  ambiguous name (for the error message).
* Within a name or identity, regular printings come before alternate arts and
  promotional printings, so ``Resolution.card`` is a regular printing.
* Results are cached per query string: the common case is one dict lookup.
* Suggestions come from an index built once per catalog (:class:`_SuggestIndex`): an
  unknown name costs well under a millisecond; ``known(name)`` answers without
  suggesting, so a decklist's unknown names can be counted (and capped) first.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

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

    def choices(self) -> tuple[str, ...]:
        """One ``Name (CODE)`` per identity, to offer when the name is ambiguous."""
        seen: dict[str, str] = {}
        for card in self.cards:
            seen.setdefault(card.identity, f"{card.name} ({card.code})")
        return tuple(seen.values())

    def codes_by_identity(self) -> dict[str, tuple[str, ...]]:
        """Every collector code of each matched identity (for error messages)."""
        out: dict[str, list[str]] = {}
        for card in self.cards:
            out.setdefault(card.identity, []).append(card.code)
        return {k: tuple(v) for k, v in out.items()}


_CACHE_LIMIT = 50_000


def _preference(card: Card) -> tuple:
    """Regular printings first (not alternate art / reprints from another product)."""
    return (card.origin is not None, card.rarity in ("Promocional", "Secreta", "Set Paralelo"))


@dataclass
class Catalog:
    cards: list[Card] = field(default_factory=list)
    editions: dict[str, Edition] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._by_code: dict[str, Card] = {}
        self._by_identity: dict[str, list[Card]] = defaultdict(list)
        self._by_name: dict[str, list[Card]] = defaultdict(list)
        self._by_folded: dict[str, list[Card]] = defaultdict(list)
        self._resolved: dict[str, Resolution] = {}
        self._names: list[str] | None = None
        for card in self.cards:
            self._index(card)
        self._finish()

    @classmethod
    def from_cards(cls, cards: Iterable[Card], editions: Iterable[Edition] = ()) -> Catalog:
        return cls(list(cards), {e.slug: e for e in editions})

    def _index(self, card: Card) -> None:
        self._by_code[card.code.upper()] = card
        self._by_identity[card.identity].append(card)
        self._by_name[card.name.strip()].append(card)
        self._by_folded[fold(card.name)].append(card)

    def _finish(self) -> None:
        # stable sort: preferred printings first within each name / identity
        for index in (self._by_identity, self._by_name, self._by_folded):
            for cards in index.values():
                cards.sort(key=_preference)
        self._tuples_name = {k: tuple(v) for k, v in self._by_name.items()}
        self._tuples_folded = {k: tuple(v) for k, v in self._by_folded.items()}
        self._resolved.clear()
        self._names = None

    def add(self, card: Card) -> None:
        """Add one printing (keeps the indexes and the resolution cache consistent).
        Re-sorts the indexes: meant for a few additions, not for building a catalog."""
        self.cards.append(card)
        self._index(card)
        self._finish()

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def by_code(self, code: str) -> Card | None:
        return self._by_code.get(code.strip().upper())

    def printings(self, identity: str) -> list[Card]:
        return list(self._by_identity.get(identity, ()))

    def identities(self) -> list[str]:
        return list(self._by_identity)

    def names(self) -> list[str]:
        return list(self._by_name)

    def resolve(self, query: str) -> Resolution:
        """Exact name, then normalized name (case, accents, spacing, punctuation), else
        suggestions; ``Name (CODE)`` chooses one printing's identity. Cached per query."""
        hit = self._resolved.get(query)
        if hit is not None:
            return hit
        result = self._resolve(query)
        if len(self._resolved) >= _CACHE_LIMIT:
            self._resolved.clear()
        self._resolved[query] = result
        return result

    def known(self, query: str) -> bool:
        """Whether ``query`` names at least one printing (exactly, normalized or as
        ``Name (CODE)``), without computing suggestions: the cheap check that bounds the
        work of a decklist before anything is suggested."""
        hit = self._resolved.get(query)
        if hit is not None:
            return bool(hit.cards)
        return bool(self._resolve(query, suggest=False).cards)

    def _resolve(self, raw: str, suggest: bool = True) -> Resolution:
        query = " ".join(raw.split())
        exact = self._tuples_name.get(query)
        if exact:
            return Resolution(query, exact)
        match = _WITH_CODE.match(query)
        if match:
            name_part = match.group("name")
            card = self.by_code(match.group("code"))
            if card is not None and (not name_part or fold(card.name) == fold(name_part)):
                same = self._by_identity[card.identity]
                return Resolution(query, (card, *(c for c in same if c is not card)))
            named = self._tuples_folded.get(fold(name_part)) if name_part else None
            if named and not suggest:
                return Resolution(query)
            if named:
                # a known name with a code that is not one of its printings: never guess
                return Resolution(query, (), tuple(dict.fromkeys(
                    f"{c.name} ({c.code})" for c in named)))
        folded = self._tuples_folded.get(fold(query))
        if folded:
            return Resolution(query, folded)
        if not suggest:
            return Resolution(query)
        return Resolution(query, (), tuple(self.suggest(query)))

    def suggest(self, query: str, limit: int = 5) -> list[str]:
        """Close names, best first; empty when nothing is close.

        Compared accent- and case-insensitively, word by word: "Carbon Negro" suggests
        "Carbón" (a whole word matches) before "Scarbo" (letters inside a word). The score
        is :func:`_name_score`, computed for every name at once from a precomputed index
        (rapidfuzz's native ``cdist`` over the name keys and over the word vocabulary), so
        an unknown name costs a fraction of a millisecond whatever the catalog size."""
        if self._names is None:
            self._suggest_index = _SuggestIndex.build(self._by_name)
            self._names = self._suggest_index.names
        key = fold(query)
        if not key:
            return []
        return self._suggest_index.best(key, limit)


class _SuggestIndex:
    """Every distinct folded name, its content words as indexes into a word vocabulary,
    and the words' lengths: what :func:`_name_score` needs, as arrays."""

    CUTOFF = 70.0

    def __init__(self, names, keys, vocab, word_ids, word_lens, counts):
        self.names = names
        self.keys = keys
        self.vocab = vocab
        self.word_ids = word_ids  # (n_names, max_words) int, -1 = padding
        self.word_lens = word_lens  # (n_names, max_words) float, 0 = padding
        self.counts = counts  # content words per name

    @classmethod
    def build(cls, by_name) -> _SuggestIndex:
        import numpy as np

        by_key: dict[str, str] = {}
        for name in by_name:
            by_key.setdefault(fold(name), name)
        keys = [k for k in by_key if k]
        names = [by_key[k] for k in keys]
        vocab_ids: dict[str, int] = {}
        rows = []
        for key in keys:
            rows.append([vocab_ids.setdefault(w, len(vocab_ids)) for w in _words(key)])
        width = max((len(r) for r in rows), default=1)
        ids = np.full((len(rows), width), -1, dtype=np.int64)
        lens = np.zeros((len(rows), width), dtype=np.float64)
        vocab = list(vocab_ids)
        for i, row in enumerate(rows):
            ids[i, :len(row)] = row
            lens[i, :len(row)] = [len(vocab[j]) for j in row]
        counts = np.array([len(r) for r in rows], dtype=np.int64)
        return cls(names, keys, vocab, ids, lens, counts)

    def scores(self, key: str):
        """:func:`_name_score` of ``key`` against every name (a float array; exact for every
        score at or above the cutoff, which is all that is ever shown)."""
        import numpy as np
        from rapidfuzz import fuzz
        from rapidfuzz.process import cdist

        whole = cdist([key], self.keys, scorer=fuzz.ratio, dtype=np.float64, workers=1)[0]
        all_words = _words(key)
        counts: dict[str, int] = {}
        for word in all_words:  # a repeated word weighs once per time it is written
            counts[word] = counts.get(word, 0) + 1
        qwords = list(counts)
        qweights = np.array([len(w) * n for w, n in counts.items()], dtype=np.float64)
        sim = cdist(qwords, self.vocab, scorer=fuzz.ratio, dtype=np.float64, workers=1)
        # padding points at an extra column of zeros
        sim = np.concatenate([sim, np.zeros((len(qwords), 1))], axis=1)
        ids = np.where(self.word_ids < 0, sim.shape[1] - 1, self.word_ids)
        use_words = (self.counts > 1) | (len(all_words) > 1)
        # the word score is at most 0.98 × the best similarity of any pair of words: names
        # whose best pair cannot reach the cutoff keep their whole-name score
        best_pair = sim.max(axis=0)[ids].max(axis=1)
        cand = np.nonzero(use_words & (best_pair * 0.98 >= self.CUTOFF - 1e-9))[0]
        if not cand.size:
            return whole
        per = sim[:, ids[cand]]  # (query words, candidates, name words)
        mine = (per.max(axis=2) * qweights[:, None]).sum(axis=0) / qweights.sum()
        lens = self.word_lens[cand]
        weight = lens.sum(axis=1)
        theirs = (per.max(axis=0) * lens).sum(axis=1) / np.where(weight > 0, weight, 1)
        out = whole.copy()
        out[cand] = np.maximum(whole[cand], (mine + theirs) / 2 * 0.98)
        return out

    def best(self, key: str, limit: int) -> list[str]:
        import numpy as np

        if not self.keys:
            return []
        scores = self.scores(key)
        order = np.argsort(-scores, kind="stable")[:limit]
        return [self.names[i] for i in order if scores[i] >= self.CUTOFF]


# words that do not tell two card names apart ("Rayo Luna" is "Rayo de Luna")
_LINK_WORDS = frozenset({"de", "del", "la", "las", "el", "los", "y", "e", "a", "al", "en", "o", "u"})


def _words(key: str) -> list[str]:
    words = key.split()
    content = [w for w in words if w not in _LINK_WORDS]
    return content or words


def _coverage(mine: list[str], theirs: list[str]) -> float:
    """How well each of my words is matched by one of theirs (0-100), longer words weigh more."""
    from rapidfuzz import fuzz

    total = weight = 0.0
    for word in mine:
        best = max(fuzz.ratio(word, other) for other in theirs)
        total += best * len(word)
        weight += len(word)
    return total / weight if weight else 0.0


def _name_score(a: str, b: str, **_kwargs) -> float:
    """Similarity of two folded names: the better of whole-name edit similarity and a
    word-aware score (the mean of how well the query's words are found among the
    name's words and the name's among the query's). A word matching a whole word
    counts, letters shared across word boundaries do not ("Dragon" is not "Go")."""
    from rapidfuzz import fuzz

    score = fuzz.ratio(a, b)
    wa, wb = _words(a), _words(b)
    if len(wa) > 1 or len(wb) > 1:
        words = (_coverage(wa, wb) + _coverage(wb, wa)) / 2
        score = max(score, words * 0.98)
    return score
