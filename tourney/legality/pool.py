"""Sellado and Lanzamiento pools (seed 000, §11 Mazo de Soporte, its last paragraphs).

Pure: plain values in and out (catalog Cards, Counters, dicts); no database, no web.

* the §11 rules live in ``tourney.legality.pool_rules`` (import them from there):
  :func:`read_sealed` reads the ``[sealed]`` table of a format file into :class:`SealedRules`
  (Castillo size bounds for the organizer, restore rule, deck-check rule, swap rules);
  :func:`sized` is the format with the Castillo size an event chose;
* :func:`parse_pool_text` reads a pasted pool (one card per line, ``Sobre 1:`` product
  headers); :func:`resolve_pool` checks every card against the catalog and the event's
  editions and raises :class:`PoolError` with every bad line at once.
* :func:`build_deck` checks a Mazo Castillo as a sub-multiset of the pool (every violation at
  once, naming the card and how many the pool has) and computes the Soporte as the rest.
* (pool_rules) :func:`round_start` is the restore rule; :func:`check_counted` is the deck-check
  rule. Swaps between games are checked by :func:`tourney.legality.swaps.check_swap` for every
  format (in Sellado the Soporte is the rest of the pool).

Cards are counted by identity (reprints and alternate arts are the same card, 10.13 Copias).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..catalog.model import fold, slugify
from .decklist import MAX_UNKNOWN_NAMES, parse_card_line
from .errors import DecklistError
from .pool_rules import (
    SealedRules,
)
from .verdict import copies, Violation

if TYPE_CHECKING:  # pragma: no cover
    from ..catalog.catalog import Catalog
    from ..catalog.model import Card
    from .formats import Format

MAX_POOL_CARDS = 1000  # far above any real pool (a Lanzamiento opens a few products)
MAX_POOL_BYTES = 256 * 1024
DEFAULT_PRODUCT = ""


class PoolError(DecklistError):
    """A pool that cannot be registered: every bad line (or row) at once, in Spanish."""

    #: a pool sheet's rows that did read, by player (the caller checks their cards too)
    readable: dict[str, list[PoolLine]] | None = None


# --------------------------------------------------------------------------- pool text
@dataclass(frozen=True, slots=True)
class PoolLine:
    """One line (or row) of a pool as typed: quantity, card name, the product it came from."""

    line: int
    qty: int
    name: str
    product: str = DEFAULT_PRODUCT


_WITH_CODE = re.compile(r"^(?P<name>.*?)\s*\((?P<code>[^()]+)\)\s*$")


def parse_pool_text(text: str) -> list[PoolLine]:
    """A pasted pool: one card per line; a line ``Sobre 1:`` (or ``[Sobre 1]``) opens a product.

    Raises PoolError with every unreadable line."""
    if len(text.encode("utf-8")) > MAX_POOL_BYTES:
        raise PoolError(0, f"el pool es demasiado grande (máximo {MAX_POOL_BYTES // 1024} KB)")
    out: list[PoolLine] = []
    errors: list[tuple[int, str]] = []
    product = DEFAULT_PRODUCT
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().lstrip("\ufeff").strip()
        if not line:
            continue
        if line.endswith(":") or (line.startswith("[") and line.endswith("]")):
            product = line.strip("[]:").strip()
            continue
        parsed = parse_card_line(line)
        if isinstance(parsed, str):
            errors.append((number, parsed))
            continue
        out.append(PoolLine(number, parsed[0], parsed[1], product))
    if errors:
        raise PoolError(errors[0][0], errors[0][1], errors)
    if not out:
        raise PoolError(0, "el pool está vacío: escribe una carta por línea (p. ej. «2 Kenshin»)")
    return out


# --------------------------------------------------------------------------- resolved pools
@dataclass(frozen=True, slots=True)
class PoolCard:
    code: str
    name: str
    identity: str
    qty: int
    product: str = DEFAULT_PRODUCT


@dataclass(frozen=True)
class Pool:
    """A registered pool: the cards as opened, one entry per product and printing."""

    cards: tuple[PoolCard, ...]

    @property
    def total(self) -> int:
        return sum(c.qty for c in self.cards)

    def counts(self) -> Counter:
        """Copies per card identity."""
        out: Counter = Counter()
        for c in self.cards:
            out[c.identity] += c.qty
        return out

    def names(self) -> dict[str, str]:
        return {c.identity: c.name for c in self.cards}

    def codes(self) -> dict[str, list[str]]:
        """Identity -> its printings in the pool, in pool order."""
        out: dict[str, list[str]] = {}
        for c in self.cards:
            if c.code not in out.setdefault(c.identity, []):
                out[c.identity].append(c.code)
        return out

    def by_code(self) -> Counter:
        out: Counter = Counter()
        for c in self.cards:
            out[c.code] += c.qty
        return out

    def products(self) -> list[tuple[str, list[PoolCard]]]:
        out: dict[str, list[PoolCard]] = {}
        for c in self.cards:
            out.setdefault(c.product, []).append(c)
        return list(out.items())

    def to_list(self) -> list[dict[str, Any]]:
        return [{"code": c.code, "name": c.name, "identity": c.identity, "qty": c.qty,
                 "product": c.product} for c in self.cards]

    @classmethod
    def from_list(cls, items: Iterable[dict[str, Any]]) -> Pool:
        return cls(tuple(PoolCard(i["code"], i["name"], i["identity"], int(i["qty"]),
                                  i.get("product", "") or "") for i in items))


def _edition_names(catalog: Catalog, slugs: Iterable[str]) -> str:
    names = [catalog.editions[s].name if s in catalog.editions else s for s in slugs]
    return ", ".join(dict.fromkeys(names)) or "desconocida"


def _in_editions(card: Card, editions: frozenset[str] | None) -> bool:
    if editions is None:
        return True
    origin = getattr(card, "origin", None)
    return card.edition in editions or (origin is not None and slugify(origin) in editions)


def check_unknown_pool_names(lines: list[PoolLine], catalog: Catalog, unit: str = "línea") -> None:
    """The decklists' limit for pools (issue 26, finding 4): more than MAX_UNKNOWN_NAMES
    distinct names the catalog does not know (a dictionary lookup each, no suggestions) and
    the pool is refused before any suggestion is computed."""
    unknown: set[str] = set()
    for item in lines:
        key = fold(item.name) or item.name
        if key in unknown or catalog.known(item.name):
            continue
        unknown.add(key)
        if len(unknown) > MAX_UNKNOWN_NAMES:
            raise PoolError(item.line, f"el pool tiene más de {MAX_UNKNOWN_NAMES} nombres distintos que "
                                       "no están en el catálogo (el máximo): revisa que sea un pool de "
                                       "este juego y corrige la ortografía", unit=unit)


def resolve_pool(lines: Iterable[PoolLine], catalog: Catalog, editions: Iterable[str] | None,
                 unit: str = "línea") -> Pool:
    """Every pool line as a catalog printing of the event's editions, or PoolError with all
    the bad lines (unknown card, ambiguous name, card of another edition)."""
    lines = list(lines)
    check_unknown_pool_names(lines, catalog, unit)
    allowed = frozenset(slugify(e) for e in editions) if editions is not None else None
    wanted = _edition_names(catalog, allowed) if allowed is not None else ""
    merged: dict[tuple[str, str], list] = {}
    errors: list[tuple[int, str]] = []
    total = 0
    for item in lines:
        total += item.qty
        name = item.name
        m = _WITH_CODE.match(name)
        explicit = catalog.by_code(m.group("code")) if m else None
        if m is not None and explicit is not None and (
                not m.group("name") or fold(m.group("name")) == fold(explicit.name)):
            if not _in_editions(explicit, allowed):
                errors.append((item.line, f"«{name}» es de {_edition_names(catalog, [explicit.edition])}, "
                                          f"no de la edición del evento ({wanted})"))
                continue
            card = explicit
        else:
            res = catalog.resolve(name)
            if not res.cards:
                hint = (f"; ¿quisiste decir {', '.join(res.suggestions)}?" if res.suggestions else "")
                errors.append((item.line, f"«{name}» no es una carta del catálogo{hint}"))
                continue
            candidates = [c for c in res.cards if _in_editions(c, allowed)]
            identities = list(dict.fromkeys(c.identity for c in candidates))
            if not identities:
                errors.append((item.line, f"«{name}» no es de la edición del evento ({wanted}): sus "
                                          f"impresiones son de {_edition_names(catalog, [c.edition for c in res.cards])}"))
                continue
            if len(identities) > 1:
                options = ", ".join(f"{c.name} ({c.code})" for c in candidates)
                errors.append((item.line, f"«{name}» corresponde a varias cartas distintas: {options}; "
                                          "escribe «Nombre (CÓDIGO)»"))
                continue
            card = candidates[0]
        key = (item.product, card.code)
        slot = merged.setdefault(key, [card, 0, item.product])
        slot[1] += item.qty
    if total > MAX_POOL_CARDS:
        errors.append((0, f"el pool tiene {total} cartas; el máximo es {MAX_POOL_CARDS}"))
    if errors:
        raise PoolError(errors[0][0], errors[0][1], errors, unit=unit)
    return Pool(tuple(PoolCard(card.code, card.name, card.identity, qty, product)
                      for card, qty, product in merged.values()))


# --------------------------------------------------------------------------- the deck
@dataclass
class PoolDeck:
    """A Mazo Castillo built from a pool, the Soporte computed, and every violation."""

    format: str
    castle: list[dict[str, Any]]  # [{"code", "name", "qty"}]
    support: list[dict[str, Any]]
    violations: tuple[Violation, ...]
    castle_count: int
    support_count: int
    pool_count: int
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def legal(self) -> bool:
        return not self.violations

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]

    @property
    def resolved(self) -> dict[str, list[dict[str, Any]]]:
        return {"castle": self.castle, "support": self.support}

    def to_dict(self) -> dict[str, Any]:
        out = {"legal": self.legal, "format": self.format, "castle_count": self.castle_count,
               "support_count": self.support_count, "pool_count": self.pool_count,
               "violations": [v.to_dict() for v in self.violations]}
        if self.notes:
            out["notes"] = list(self.notes)
        return out



def match_in_pool(name: str, pool: Pool) -> str | None:
    """The pool identity a Castillo line names (by code, or by name), or None."""
    m = _WITH_CODE.match(name)
    if m:
        code = m.group("code").strip().upper()
        for c in pool.cards:
            if c.code.upper() == code:
                return c.identity
        name = m.group("name") or name
    key = fold(name)
    for c in pool.cards:
        if fold(c.name) == key:
            return c.identity
    return None


def split_pool(pool: Pool, castle: Counter) -> tuple[list[dict], list[dict]]:
    """Castillo (identity -> qty, within the pool) and the rest of the pool, as {code,name,qty}
    entries; each identity's copies are taken from its pool printings in pool order."""
    by_code = pool.by_code()
    names = {c.code: c.name for c in pool.cards}
    need = Counter(castle)
    castle_out: dict[str, int] = {}
    for identity, codes in pool.codes().items():
        for code in codes:
            take = min(need[identity], by_code[code])
            if take:
                castle_out[code] = castle_out.get(code, 0) + take
                by_code[code] -= take
                need[identity] -= take
    castle_list = [{"code": code, "name": names[code], "qty": qty} for code, qty in castle_out.items()]
    support_list = [{"code": code, "name": names[code], "qty": qty}
                    for code, qty in by_code.items() if qty > 0]
    return castle_list, support_list


def build_deck(pool: Pool, castle: Iterable[tuple[str, int, tuple[int, ...]]], fmt: Format,
               catalog: Catalog | None) -> PoolDeck:
    """Check a Mazo Castillo (``(name, qty, lines)``; ``Name (CODE)`` allowed) against the locked
    pool and the format; the Soporte is the rest of the pool (§11, Sellado).

    Every violation at once: a card not in the pool, more copies than the pool has, the
    Castillo size of the event, and the format's own rules (Oro inicial…)."""
    from .validator import validate_resolved

    rules: SealedRules | None = getattr(fmt, "sealed", None)
    castle_rule = rules.castle_rule if rules else "11 Mazo de Soporte"
    counts = pool.counts()
    names = pool.names()
    asked: Counter = Counter()
    lines_of: dict[str, list[int]] = {}
    shown: dict[str, str] = {}
    typed_total = 0
    out: list[Violation] = []
    for name, qty, lines in castle:
        typed_total += qty
        identity = match_in_pool(name, pool)
        if identity is None:
            out.append(Violation("not_in_pool", castle_rule,
                                 f"{name} no está en el pool de este jugador: el pool tiene 0.",
                                 (name,), f"quita {copies(qty)} de {name} del Castillo", tuple(lines)))
            continue
        asked[identity] += qty
        lines_of.setdefault(identity, []).extend(lines)
        shown.setdefault(identity, names.get(identity, name))
    for identity, qty in asked.items():
        have = counts[identity]
        if qty > have:
            card = shown[identity]
            out.append(Violation("over_pool", castle_rule,
                                 f"El Castillo tiene {copies(qty)} de {card}; el pool tiene {have}.",
                                 (card,), f"quita {copies(qty - have)} de {card} del Castillo",
                                 tuple(sorted(lines_of[identity]))))
    clipped = Counter({i: min(q, counts[i]) for i, q in asked.items()})
    castle_list, support_list = split_pool(pool, clipped)
    notes: tuple[str, ...] = ()
    if catalog is not None:
        found = [[(catalog.by_code(e["code"]), int(e["qty"])) for e in section]
                 for section in (castle_list, support_list)]
        castle_cards = [(card, qty) for card, qty in found[0] if card is not None]
        support_cards = [(card, qty) for card, qty in found[1] if card is not None]
        if len(castle_cards) + len(support_cards) < len(found[0]) + len(found[1]):
            notes = ("hay cartas del pool que ya no están en el catálogo",)
        verdict = validate_resolved(castle_cards, support_cards, fmt, catalog)
        out.extend(v for v in verdict.violations if v.code != "deck_size")
    size = fmt.main_exact
    if size is not None and typed_total != size:
        diff = typed_total - size
        hint = (f"quita {diff} {'carta' if diff == 1 else 'cartas'} del {fmt.main_name}" if diff > 0
                else f"agrega {-diff} {'carta' if diff == -1 else 'cartas'} del pool al {fmt.main_name}")
        out.insert(0, Violation("deck_size", fmt.size_rule,
                                f"El {fmt.main_name} de este evento debe tener exactamente {size} cartas: "
                                f"tiene {typed_total}.", (), hint))
    support_count = sum(e["qty"] for e in support_list)
    return PoolDeck(format=fmt.id, castle=castle_list, support=support_list, violations=tuple(out),
                    castle_count=typed_total, support_count=support_count, pool_count=pool.total,
                    notes=notes)
