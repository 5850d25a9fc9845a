"""Sellado and Lanzamiento pools (seed 000, §11 Mazo de Soporte, its last paragraphs).

Pure: plain values in and out (catalog Cards, Counters, dicts); no database, no web.

* :func:`read_sealed` reads the ``[sealed]`` table of a format file into :class:`SealedRules`
  (Castillo size bounds for the organizer, restore rule, deck-check rule, §11 swap rules);
  :func:`sized` is the format with the Castillo size an event chose.
* :func:`parse_pool_text` reads a pasted pool (one card per line, ``Sobre 1:`` product
  headers); :func:`resolve_pool` checks every card against the catalog and the event's
  editions and raises :class:`PoolError` with every bad line at once.
* :func:`build_deck` checks a Mazo Castillo as a sub-multiset of the pool (every violation at
  once, naming the card and how many the pool has) and computes the Soporte as the rest.
* :func:`check_swap` validates swaps between games against the pool; :func:`round_start` is
  the restore rule; :func:`check_counted` is the deck-check rule.

Cards are counted by identity (reprints and alternate arts are the same card, 10.13 Copias).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..catalog.model import fold, slugify
from .errors import DecklistError, LegalityError
from .verdict import Violation

if TYPE_CHECKING:  # pragma: no cover
    from ..catalog.catalog import Catalog
    from ..catalog.model import Card
    from .formats import Format, _Reader

MAX_LINE_QUANTITY = 100
MAX_POOL_CARDS = 1000  # far above any real pool (a Lanzamiento opens a few products)
MAX_POOL_BYTES = 256 * 1024
DECK_CHECK_MODES = ("registered", "pool")
DEFAULT_PRODUCT = ""


class PoolError(DecklistError):
    """A pool that cannot be registered: every bad line (or row) at once, in Spanish."""


# --------------------------------------------------------------------------- format rules
@dataclass(frozen=True, slots=True)
class SealedRules:
    """The ``[sealed]`` table of a format: what §11 says for Sellado / Lanzamiento, as data."""

    castle_size_min: int
    castle_size_max: int
    restore_between_rounds: bool
    deck_check: str  # "registered": Castillo and Soporte as registered; "pool": all on the sheet
    support_unsleeved: bool
    swap_one_for_one: bool
    swap_max: int | None
    swap_games: tuple[int, ...]
    pool_rule: str
    castle_rule: str
    support_rule: str
    restore_rule: str
    deck_check_rule: str
    swap_rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"castle_size_min": self.castle_size_min, "castle_size_max": self.castle_size_max,
                "restore_between_rounds": self.restore_between_rounds,
                "deck_check": self.deck_check, "support_unsleeved": self.support_unsleeved,
                "swap_one_for_one": self.swap_one_for_one, "swap_max": self.swap_max,
                "swap_games": list(self.swap_games)}


def read_sealed(r: _Reader, fmt: Format) -> SealedRules:
    """Read ``[sealed]`` (FormatError names the file and key on a mistake)."""
    lo = r.int("castle_size_min", 1, minimum=1)
    hi = r.int("castle_size_max", 100, minimum=1)
    if lo > hi:
        raise r.fail("castle_size_min", "castle_size_min es mayor que castle_size_max")
    default = fmt.main_exact
    if default is None:
        raise r.fail("castle_size_min",
                     "un formato sellado necesita [deck] size (el tamaño por defecto del Castillo)")
    if not lo <= default <= hi:
        raise r.fail("castle_size_min", f"el tamaño por defecto ([deck] size = {default}) queda fuera "
                                        f"de {lo}..{hi}")
    mode = r.str("deck_check", "registered")
    if mode not in DECK_CHECK_MODES:
        raise r.fail("deck_check", "debe ser \"registered\" (lo inscrito) o \"pool\" (todo en la hoja)")
    swap_max = r.int("swap_max", 0)
    games = r.int_list("swap_games")
    games = tuple(sorted(set(games))) if games is not None else (2, 3)
    if any(g < 2 for g in games):
        raise r.fail("swap_games", "los cambios se hacen antes del juego 2 o siguientes (el juego 1 "
                                   "se juega con el Castillo inscrito)")
    name = fmt.name
    rules = SealedRules(
        castle_size_min=lo, castle_size_max=hi,
        restore_between_rounds=r.bool("restore_between_rounds", True), deck_check=mode,
        support_unsleeved=r.bool("support_unsleeved", False),
        swap_one_for_one=r.bool("swap_one_for_one", True), swap_max=swap_max or None,
        swap_games=games,
        pool_rule=r.str("pool_rule", "") or f"Formato {name}: edición del pool",
        castle_rule=r.str("castle_rule", "") or "11 Mazo de Soporte: el Castillo se arma con el pool",
        support_rule=r.str("support_rule", "") or "11 Mazo de Soporte: el resto del pool",
        restore_rule=r.str("restore_rule", "") or "11 Mazo de Soporte: restablecer el mazo",
        deck_check_rule=r.str("deck_check_rule", "") or "11 Mazo de Soporte: revisión de mazo",
        swap_rule=r.str("swap_rule", "") or "11 Mazo de Soporte: cambios entre juegos",
    )
    r.done()
    return rules


def is_sealed(fmt: Any) -> bool:
    return getattr(fmt, "sealed", None) is not None


_sized_cache: dict[tuple[int, int], Any] = {}


def sized(fmt: Format, castle_size: int | None) -> Format:
    """The format with the Castillo size an event chose (checked against the format's bounds).

    Raises LegalityError with a Spanish message when the size is outside the bounds."""
    rules: SealedRules | None = getattr(fmt, "sealed", None)
    if rules is None or castle_size is None or castle_size == fmt.main_exact:
        return fmt
    if not rules.castle_size_min <= castle_size <= rules.castle_size_max:
        raise LegalityError(f"el Mazo Castillo de un {fmt.name} debe tener entre "
                            f"{rules.castle_size_min} y {rules.castle_size_max} cartas; pediste {castle_size}")
    key = (id(fmt), castle_size)
    found = _sized_cache.get(key)
    if found is None or found[0] is not fmt:
        if len(_sized_cache) > 256:
            _sized_cache.clear()
        found = (fmt, replace(fmt, main_exact=castle_size, _checkers={}))
        _sized_cache[key] = found
    return found[1]


# --------------------------------------------------------------------------- pool text
@dataclass(frozen=True, slots=True)
class PoolLine:
    """One line (or row) of a pool as typed: quantity, card name, the product it came from."""

    line: int
    qty: int
    name: str
    product: str = DEFAULT_PRODUCT


_LEADING = re.compile(r"^(?P<q>\d+)\s*[xX×]?\s+(?P<name>\S.*)$")
_TRAILING = re.compile(r"^(?P<name>.*?\S)\s+[xX×]\s*(?P<q>\d+)$")
_BAD_QTY = re.compile(r"^(?P<q>[+-]\d\S*|\d+\S+)\s+\S")
_WITH_CODE = re.compile(r"^(?P<name>.*?)\s*\((?P<code>[^()]+)\)\s*$")


def quantity_and_name(text: str) -> tuple[int, str] | str:
    """``3 Kenshin`` / ``3x Kenshin`` / ``Kenshin x3`` / ``Kenshin`` -> (qty, name), or an error."""
    for pattern in (_LEADING, _TRAILING):
        m = pattern.match(text)
        if m:
            qty, name = int(m.group("q")), " ".join(m.group("name").split())
            if qty == 0:
                return f"cantidad 0 para «{name}»: quita la línea o escribe al menos 1"
            if qty > MAX_LINE_QUANTITY:
                return f"cantidad absurda ({qty}) para «{name}»: el máximo por línea es {MAX_LINE_QUANTITY}"
            return qty, name
    m = _BAD_QTY.match(text)
    if m:
        return f"cantidad no válida «{m.group('q')}»: escribe la cantidad con cifras, p. ej. «2 Kenshin»"
    return 1, " ".join(text.split())


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
        parsed = quantity_and_name(line)
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


def resolve_pool(lines: Iterable[PoolLine], catalog: Catalog, editions: Iterable[str] | None,
                 unit: str = "línea") -> Pool:
    """Every pool line as a catalog printing of the event's editions, or PoolError with all
    the bad lines (unknown card, ambiguous name, card of another edition)."""
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
        if explicit is not None and (not m.group("name") or fold(m.group("name")) == fold(explicit.name)):
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


def _copies(n: int) -> str:
    return f"{n} {'copia' if n == 1 else 'copias'}"


def _match_in_pool(name: str, pool: Pool) -> str | None:
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
        identity = _match_in_pool(name, pool)
        if identity is None:
            out.append(Violation("not_in_pool", castle_rule,
                                 f"{name} no está en el pool de este jugador: el pool tiene 0.",
                                 (name,), f"quita {_copies(qty)} de {name} del Castillo", tuple(lines)))
            continue
        asked[identity] += qty
        lines_of.setdefault(identity, []).extend(lines)
        shown.setdefault(identity, names.get(identity, name))
    for identity, qty in asked.items():
        have = counts[identity]
        if qty > have:
            card = shown[identity]
            out.append(Violation("over_pool", castle_rule,
                                 f"El Castillo tiene {_copies(qty)} de {card}; el pool tiene {have}.",
                                 (card,), f"quita {_copies(qty - have)} de {card} del Castillo",
                                 tuple(sorted(lines_of[identity]))))
    clipped = Counter({i: min(q, counts[i]) for i, q in asked.items()})
    castle_list, support_list = split_pool(pool, clipped)
    notes: tuple[str, ...] = ()
    if catalog is not None:
        castle_cards = [(catalog.by_code(e["code"]), e["qty"]) for e in castle_list]
        support_cards = [(catalog.by_code(e["code"]), e["qty"]) for e in support_list]
        if any(card is None for card, _ in castle_cards + support_cards):
            notes = ("hay cartas del pool que ya no están en el catálogo",)
            castle_cards = [p for p in castle_cards if p[0] is not None]
            support_cards = [p for p in support_cards if p[0] is not None]
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


# --------------------------------------------------------------------------- between games
def check_swap(rules: SealedRules, pool: Counter, castle_before: Counter, out: Counter,
               incoming: Counter, castle_size: int, game: int,
               names: dict[str, str] | None = None) -> tuple[list[Violation], Counter]:
    """Swaps before ``game`` validated against the pool (§11): cards leave the Castillo, cards
    of the rest of the pool come in, one for one, at most ``swap_max`` each time.

    Keys are whatever the caller counts by (identities or codes), the same in every Counter."""
    names = names or {}
    problems: list[Violation] = []
    rule = rules.swap_rule
    if game not in rules.swap_games:
        allowed = " y ".join(f"antes del juego {g}" for g in rules.swap_games)
        problems.append(Violation("swap_game", rule, f"Los cambios se hacen {allowed}; no antes del "
                                                     f"juego {game}.", ()))
    support_before = Counter(pool)
    support_before.subtract(castle_before)
    for key, qty in out.items():
        if qty > castle_before.get(key, 0):
            card = names.get(key, key)
            problems.append(Violation("swap_out", rule, f"Salen {_copies(qty)} de {card}, pero el "
                                                        f"Castillo tiene {castle_before.get(key, 0)}.", (card,)))
    for key, qty in incoming.items():
        have = max(support_before.get(key, 0), 0)
        if qty > have:
            card = names.get(key, key)
            problems.append(Violation("swap_in", rule, f"Entran {_copies(qty)} de {card}, pero el resto "
                                                       f"del pool (el Soporte) tiene {have}; el pool "
                                                       f"tiene {pool.get(key, 0)}.", (card,)))
    n_out, n_in = sum(out.values()), sum(incoming.values())
    if rules.swap_one_for_one and n_out != n_in:
        problems.append(Violation("swap_count", rule, f"Los cambios son uno por uno: salen {n_out} y "
                                                      f"entran {n_in}.", ()))
    if rules.swap_max is not None and max(n_out, n_in) > rules.swap_max:
        problems.append(Violation("swap_max", rule, f"Se pueden cambiar de 0 a {rules.swap_max} cartas "
                                                    f"cada vez; pides {max(n_out, n_in)}.", ()))
    after = Counter(castle_before)
    after.subtract(out)
    after.update(incoming)
    after = +after
    if sum(after.values()) != castle_size and not problems:
        problems.append(Violation("swap_size", rule, f"El Castillo quedaría con {sum(after.values())} "
                                                     f"cartas; debe tener {castle_size}.", ()))
    return problems, after


def round_start(rules: SealedRules, registered: Counter, previous_end: Counter | None) -> Counter:
    """The Castillo a player starts a match with: the registered one when the deck is restored
    after every round (Sellado competitivo), else the one the last match ended with
    (Lanzamiento: no need to restore)."""
    if rules.restore_between_rounds or previous_end is None:
        return Counter(registered)
    return Counter(previous_end)


def check_counted(rules: SealedRules, pool: Counter, expected_castle: Counter, counted_castle: Counter,
                  counted_support: Counter, castle_size: int, names: dict[str, str],
                  labels: tuple[str, str] = ("Mazo Castillo", "Mazo de Soporte")) -> list[dict[str, Any]]:
    """A judge's deck check (§11), every difference as ``{section, key, name, expected, counted,
    message}``.

    ``registered``: Castillo and Soporte must match what is registered for that game (the
    expected Castillo; the Soporte is the rest of the pool). ``pool`` (Lanzamiento): every card
    counted in the Castillo and the Soporte must be on the registration sheet, i.e. in the pool,
    and the Castillo must have its size; how the pool is split between them is free."""
    diffs: list[dict[str, Any]] = []

    def add(section, key, expected, counted, message):
        diffs.append({"section": section, "key": key, "name": names.get(key, key) if key else None,
                      "expected": expected, "counted": counted, "message": message})

    if rules.deck_check == "registered":
        expected_support = Counter(pool)
        expected_support.subtract(expected_castle)
        expected_support = +expected_support
        for section, label, exp, got in (("castle", labels[0], expected_castle, counted_castle),
                                         ("support", labels[1], expected_support, counted_support)):
            for key in sorted(set(exp) | set(got), key=lambda k: fold(names.get(k, k))):
                e, g = exp.get(key, 0), got.get(key, 0)
                if e != g:
                    word = "faltan" if g < e else "sobran"
                    add(section, key, e, g, f"{label}: {word} {abs(e - g)} × {names.get(key, key)} "
                                            f"(inscritas {e}, contadas {g})")
        return diffs
    total = Counter(counted_castle)
    total.update(counted_support)
    for key in sorted(set(pool) | set(total), key=lambda k: fold(names.get(k, k))):
        on_sheet, counted = pool.get(key, 0), total.get(key, 0)
        name = names.get(key, key)
        if counted > on_sheet:
            where = labels[0] if counted_castle.get(key, 0) else labels[1]
            section = "castle" if counted_castle.get(key, 0) else "support"
            if on_sheet == 0:
                message = f"{name} no está inscrita en la hoja de registro (contadas {counted}, en el {where})"
            else:
                message = (f"{name}: hay {counted} entre el Castillo y el Soporte y la hoja inscribe "
                           f"{on_sheet} (sobran {counted - on_sheet})")
            add(section, key, on_sheet, counted, message)
        elif counted < on_sheet:
            add("support", key, on_sheet, counted,
                f"{name}: la hoja inscribe {on_sheet} y se contaron {counted} (faltan {on_sheet - counted})")
    in_castle = sum(counted_castle.values())
    if in_castle != castle_size:
        add("castle", None, castle_size, in_castle,
            f"{labels[0]}: {in_castle} cartas contadas, debe tener {castle_size}")
    return diffs


def support_notes(rules: SealedRules) -> list[str]:
    """What a judge and the sheet should say about this event's Soporte (§11)."""
    notes = ["El Mazo de Soporte es el resto del pool: toda carta que no está en el Castillo."]
    if not rules.restore_between_rounds:
        notes.append("No es necesario restablecer el mazo al terminar la ronda.")
    else:
        notes.append("Al terminar la ronda, el Mazo Castillo vuelve a lo inscrito.")
    if rules.support_unsleeved:
        notes.append("Las cartas del Mazo de Soporte pueden estar sin protectores.")
    return notes
