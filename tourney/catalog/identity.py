"""Card identity for copy limits (seed 000, 10.13 Copias).

Two printings are one card when the catalog says so (DeckForge ``identidad``);
otherwise when their game characteristics match: name, type, cost, strength and
ability text normalized (line breaks, spacing, punctuation, reminder text in
parentheses). ``assign_identities`` gives an identity to printings that came
without one, reusing the identities of cards already known (the catalog in the
database, or trusted records of the same import) so that reprints line up:

1. a known printing with the same collector code and name keeps its identity;
2. a known card with the same characteristics lends its identity;
3. otherwise the printings of the batch that share their characteristics form one
   card, named by the slug of its name (DeckForge's convention, so a later import
   of the built catalog lines up) unless that slug already names a different card,
   in which case the identity is ``characteristics_identity`` (slug plus a hash).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace

from .model import Card, characteristics_identity, fold, normalize_text, slugify


def characteristics_key(card: Card) -> tuple:
    return (fold(card.name), fold(card.type), card.cost, card.strength, normalize_text(card.text))


def assign_identities(pending: Iterable[Card], known: Iterable[Card] = ()) -> list[Card]:
    """Return ``pending`` with ``identity`` filled where it was empty (order kept)."""
    pending = list(pending)
    by_code: dict[str, Card] = {}
    by_key: dict[tuple, str] = {}
    used_slugs: dict[str, set[tuple]] = defaultdict(set)  # identity -> characteristic keys
    for card in known:
        if not card.identity:
            continue
        by_code[card.code.upper()] = card
        key = characteristics_key(card)
        by_key.setdefault(key, card.identity)
        used_slugs[card.identity].add(key)
    for card in pending:  # trusted identities in the same batch count as known
        if card.identity:
            key = characteristics_key(card)
            by_key.setdefault(key, card.identity)
            used_slugs[card.identity].add(key)

    chosen: dict[int, str] = {}
    groups: dict[tuple, list[int]] = defaultdict(list)
    for i, card in enumerate(pending):
        if card.identity:
            continue
        prior = by_code.get(card.code.upper())
        if prior is not None and fold(prior.name) == fold(card.name):
            chosen[i] = prior.identity
            continue
        key = characteristics_key(card)
        if key in by_key:
            chosen[i] = by_key[key]
            continue
        groups[key].append(i)

    names: dict[str, int] = defaultdict(int)
    for key in groups:
        names[key[0]] += 1
    for key, members in sorted(groups.items(), key=lambda kv: kv[1][0]):
        first = pending[members[0]]
        slug = slugify(first.name)
        if names[key[0]] == 1 and not (used_slugs.get(slug, set()) - {key}):
            identity = slug
        else:
            identity = characteristics_identity(first.name, first.type, first.cost,
                                                first.strength, first.text)
        used_slugs[identity].add(key)
        for i in members:
            chosen[i] = identity

    return [replace(card, identity=chosen[i]) if i in chosen else card
            for i, card in enumerate(pending)]
