"""The deck validator: every violation of a format, each with code, rule, message, cards, hint.

Speed: per (format, catalog) a checker is compiled once and cached on the
format; it memoizes name resolution (name -> card identity) and each
identity's facts for the format (copy limit, banned, legal edition, rarity),
so validating a deck is a handful of dict lookups per line.
"""
from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from typing import cast

from ..catalog.catalog import Catalog
from ..catalog.model import ALLY, GOLD, RACE_SCHOOL, Card, fold, slugify
from .decklist import DeckList, Entry
from .errors import LegalityError
from .formats import Format, Observation
from .rules import RULES
from .verdict import NO_CATALOG_NOTE, Verdict, Violation

UNIQUE = "Única"
WANDERER = "Errante"


@dataclass(slots=True, eq=False)
class CardInfo:
    """What the format needs to know about one card (identity), errata applied."""

    identity: str
    name: str
    card: Card
    type: str
    race: str | None
    attribute: str | None
    plain_gold: bool
    limit: int | None
    limit_code: str
    limit_rule: str
    limit_reason: str
    banned: bool
    edition_ok: bool
    editions: tuple[str, ...]
    rarity: str | None
    rarity_ok: bool
    observation: Observation | None = None
    key: str = ""  # folded name
    flagged: bool = False  # banned, or not legal by edition/rarity: always reported
    is_ally: bool = False


@dataclass(slots=True)
class DeckContext:
    """The resolved deck handed to named rules: quantity per card, per section."""

    fmt: Format
    main: dict[CardInfo, int]
    side: dict[CardInfo, int]
    main_types: dict[str, int]  # card type -> copies in the main section
    main_has_plain_gold: bool
    ally_races: set[str | None]  # races of the Aliados in both sections
    ally_attributes: set[str | None]
    checker: _Checker | None = None
    entries: tuple | None = None  # the decklist's sections, to point violations at their lines

    def lines(self, infos: Iterable[CardInfo]) -> tuple[int, ...]:
        """The decklist lines where these cards are written, in order."""
        if self.checker is None or self.entries is None:
            return ()
        return tuple(sorted({n for info in infos for n in self.checker._lines_of(info, self.entries)}))

    def total_by_name(self, name: str) -> tuple[int, CardInfo | None]:
        """Copies of the card with this name across both sections (and the card, if present)."""
        if self.checker is not None:
            found = self.checker.resolve(name)
            if found[0] is _OK:
                info = found[1]
                total = self.main.get(info, 0) + self.side.get(info, 0)
                return total, info if total else None
        return self.total_by_key(fold(name))

    def total_by_key(self, key: str) -> tuple[int, CardInfo | None]:
        total, found = 0, None
        for section in (self.main, self.side):
            for info, qty in section.items():
                if info.key == key:
                    total += qty
                    found = info
        return total, found

    def where(self, info: CardInfo) -> str:
        return _where(self.fmt, self.main.get(info, 0), self.side.get(info, 0))


def _at(v: Violation, lines: tuple[int, ...]) -> Violation:
    return Violation(v.code, v.rule, v.message, v.cards, v.hint, lines)


def _where(fmt: Format, in_main: int, in_side: int) -> str:
    parts = []
    if in_main:
        parts.append(f"{in_main} en el {fmt.game.main.short}")
    if in_side:
        parts.append(f"{in_side} en el {fmt.side_short}")
    return " y ".join(parts) or "0"


def _copies(n: int) -> str:
    return f"{n} {'copia' if n == 1 else 'copias'}"


def _cards(n: int) -> str:
    return f"{n} {'carta' if n == 1 else 'cartas'}"


_NUMBER_WORDS = {"un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
                 "siete": 7, "ocho": 8, "nueve": 9, "diez": 10}
_UNRESOLVED = 0
_OK = 1


class _Checker:
    """A format compiled against one catalog (or none)."""

    def __init__(self, fmt: Format, catalog: Catalog | None):
        self.fmt = fmt
        self.catalog = catalog
        self._names: dict[str, tuple] = {}
        self._known: dict[str, CardInfo] = {}  # names that resolved to one card
        self._violations: dict[tuple, list[Violation]] = {}
        self.rule_cache: dict[tuple, list[Violation]] = {}  # named rules may memoize here
        self._infos: dict[str, CardInfo] = {}
        self._rules = [(RULES[name].check, params) for name, params in fmt.rules.items()]
        self._notes = (NO_CATALOG_NOTE,) if catalog is None else ()
        self.legal_editions: frozenset[str] | None = None
        order: dict[str, int] = {}
        if fmt.legal_editions is not None:
            legal = set(fmt.legal_editions)
            order = {slug: i for i, slug in enumerate(fmt.legal_editions)}
            editions = catalog.editions if catalog is not None else {}
            if fmt.editions_since:
                start = editions.get(fmt.editions_since)
                if start is not None and start.released is not None:
                    legal.update(e.slug for e in editions.values()
                                 if e.released is not None and e.released >= start.released)
            if fmt.editions_eras:
                eras = {fold(e) for e in fmt.editions_eras}
                legal.update(e.slug for e in editions.values() if e.era and fold(e.era) in eras)
            self.legal_editions = frozenset(legal)
        self._edition_order = order

    # ------------------------------------------------------------ card facts
    def _apply_format_facts(self, card: Card) -> tuple[Card, Observation | None]:
        key = fold(card.name)
        err = self.fmt.errata.get(key)
        obs = self.fmt.observation.get(key)
        if err is None and obs is None:
            return card, None
        keywords = set(card.keywords)
        changes: dict = {}
        if obs is not None:
            if obs.condition == "unique":
                keywords.add(UNIQUE)
            elif obs.condition == "wanderer":
                keywords.add(WANDERER)
            if obs.race and not card.race:
                changes["race"] = obs.race
        if err is not None:
            keywords |= err.add_keywords
            keywords -= err.remove_keywords
            if err.race:
                changes["race"] = err.race
                changes["school"] = RACE_SCHOOL.get(err.race)
            if err.attribute:
                changes["attribute"] = err.attribute
            if err.cost is not None:
                changes["cost"] = err.cost
        changes["keywords"] = frozenset(keywords)
        return replace(card, **changes), obs

    def _edition_name(self, slug: str) -> str:
        if self.catalog is not None and slug in self.catalog.editions:
            return self.catalog.editions[slug].name
        return slug

    def _regular_rarity(self, printings: list[Card]) -> str | None:
        fmt = self.fmt
        regular = [p for p in printings
                   if fold(p.rarity or "") not in fmt.irregular_rarities and p.edition not in fmt.irregular_editions]
        pool = regular or printings
        editions = self.catalog.editions if self.catalog is not None else {}

        def recency(item: tuple[int, Card]) -> tuple:
            idx, p = item
            ed = editions.get(p.edition)
            released = ed.released if ed is not None and ed.released is not None else date.min
            return (released, self._edition_order.get(p.edition, -1), idx)

        _idx, chosen = max(enumerate(pool), key=recency)
        return chosen.rarity

    def info(self, card: Card) -> CardInfo:
        found = self._infos.get(card.identity)
        if found is not None:
            return found
        fmt = self.fmt
        printings = (self.catalog.printings(card.identity) if self.catalog is not None else []) or [card]
        card, obs = self._apply_format_facts(card)
        key = fold(card.name)
        plain_gold = card.type == GOLD and card.plain_gold if card.type else False
        # copy limit (10.13 Copias and the format's own lists)
        limit: int | None = fmt.copy_limit
        code, rule, reason = "copies", fmt.copies_rule, ""
        if card.type == GOLD:
            rule, reason = fmt.gold_rule, "Oro con habilidad"
        if fmt.unique_limit is not None and UNIQUE in card.keywords:
            limit, code, rule, reason = fmt.unique_limit, "unique", fmt.unique_rule, "es Única"
            if obs is not None and obs.condition == "unique":
                rule, reason = fmt.observation_rule, "es Única (carta en observación)"
        elif plain_gold and fmt.plain_gold_unlimited or card.keywords & fmt.unlimited_keywords or key in fmt.any_number:
            limit = None
        limited = fmt.limited.get(key)
        if limited is not None and (limit is None or limited[1] < limit):
            limit, code, rule = limited[1], "limited", fmt.banlist_rule
            reason = "está limitada por la banlist"
        # editions
        edition_slugs = tuple(dict.fromkeys(p.edition for p in printings))
        if self.legal_editions is None or self.catalog is None:
            edition_ok = True
        else:
            # an alternate-art printing counts for the edition it reprints (its origin)
            origins = {o for p in printings if (o := getattr(p, "origin", None))}
            edition_ok = (any(slug in self.legal_editions for slug in edition_slugs)
                          or any(slugify(o) in self.legal_editions for o in origins) or obs is not None)
        # rarity
        rarity = None
        rarity_ok = True
        if (fmt.rarities is not None and self.catalog is not None
                and not (plain_gold and fmt.rarity_plain_gold_exempt)):
            rarity = self._regular_rarity(printings)
            rarity_ok = fold(rarity or "") in fmt.rarities
        info = CardInfo(
            identity=card.identity, name=card.name, card=card, type=card.type, race=card.race,
            attribute=card.attribute, plain_gold=plain_gold, limit=limit, limit_code=code,
            limit_rule=rule, limit_reason=reason, banned=key in fmt.banned, edition_ok=edition_ok,
            editions=tuple(self._edition_name(s) for s in edition_slugs), rarity=rarity,
            rarity_ok=rarity_ok, observation=obs, key=key,
            flagged=key in fmt.banned or not edition_ok or not rarity_ok, is_ally=card.type == ALLY,
        )
        self._infos[card.identity] = info
        return info

    def resolve(self, name: str) -> tuple:
        """(_OK, info) or (_UNRESOLVED, violation-builder args)."""
        found: tuple | None = self._names.get(name)
        if found is not None:
            return found
        if self.catalog is None:
            card = Card(code="", name=name, edition="", type="", identity=fold(name) or name)
            info = self.info(card)
            found = (_OK, info, info.card)
        else:
            res = self.catalog.resolve(name)
            if res.ok:
                info = self.info(res.card)
                printing = info.card if res.card.code == info.card.code \
                    else self._apply_format_facts(res.card)[0]
                found = (_OK, info, printing)
            elif res.ambiguous:
                choices: dict[str, list[str]] = {}
                for c in res.cards:
                    choices.setdefault(c.identity, []).append(c.code)
                listed = "; ".join(
                    f"{self.catalog.printings(ident)[0].name if self.catalog.printings(ident) else name} "
                    f"({', '.join(codes)})" for ident, codes in choices.items())
                example = f"{res.cards[0].name} ({res.cards[0].code})"
                found = (_UNRESOLVED, Violation(
                    "ambiguous_card", "10.13 Copias: identidad de la carta",
                    f"«{name}» corresponde a {len(choices)} cartas distintas: {listed}.",
                    (name,), f"elige una con su código de coleccionista, p. ej. «{example}»"))
            else:
                hint = (f"¿quisiste decir {', '.join(res.suggestions)}?" if res.suggestions
                        else "revisa la ortografía; si la carta existe pero falta en el catálogo, avisa al organizador")
                first, _, rest = name.partition(" ")
                number = _NUMBER_WORDS.get(fold(first))
                if number and rest and self.catalog.resolve(rest).cards:
                    hint = f"escribe la cantidad con cifras: «{number} {rest}»"
                found = (_UNRESOLVED, Violation(
                    "unknown_card", "Catálogo de cartas",
                    f"«{name}» no es una carta del catálogo.", (name,), hint))
        self._names[name] = found
        if found[0] is _OK:
            self._known[name] = cast(CardInfo, found[1])
        return found

    # ------------------------------------------------------------ checking
    def _accumulate(self, entries: Iterable[Entry],
                    pre: list[Violation]) -> tuple[dict[CardInfo, int], int]:
        """Copies per resolved card of one section and its card count; unresolved names
        (unknown, ambiguous) go to ``pre`` with their lines."""
        known = self._known
        acc: dict[CardInfo, int] = {}
        count = 0
        for entry in entries:
            qty = entry.quantity
            count += qty
            info = known.get(entry.name)
            if info is None:
                found = self.resolve(entry.name)
                if found[0] is not _OK:
                    pre.append(_at(found[1], entry.lines))
                    continue
                info = found[1]
            acc[info] = acc.get(info, 0) + qty
        return acc, count

    def check_entries(self, main: Iterable[Entry], side: Iterable[Entry]) -> Verdict:
        pre: list[Violation] = []
        main_acc, main_count = self._accumulate(main, pre)
        side_acc, side_count = self._accumulate(side, pre)
        return self._check(main_acc, side_acc, main_count, side_count, pre, (main, side))

    def check_cards(self, main: Iterable[tuple[Card, int]], side: Iterable[tuple[Card, int]]) -> Verdict:
        counts: list[dict[CardInfo, int]] = []
        totals: list[int] = []
        for pairs in (main, side):
            acc: dict[CardInfo, int] = {}
            total = 0
            for card, qty in pairs:
                info = self.info(card)
                acc[info] = acc.get(info, 0) + qty
                total += qty
            counts.append(acc)
            totals.append(total)
        return self._check(counts[0], counts[1], totals[0], totals[1], [], None)

    def printing_of(self, name: str) -> Card | None:
        """The printing a decklist line names (``Fuku (BU-023)`` keeps BU-023), errata applied."""
        found = self._names.get(name)
        return found[2] if found is not None and found[0] is _OK else None

    def _lines_of(self, info: CardInfo, entries: tuple | None) -> tuple[int, ...]:
        if entries is None:
            return ()
        known = self._known
        lines: list[int] = []
        for section in entries:
            for entry in section:
                if known.get(entry.name) is info:
                    lines.extend(entry.lines)
        return tuple(lines)

    def _lines_of_section(self, infos: set[CardInfo], section: Iterable[Entry]) -> tuple[int, ...]:
        known = self._known
        return tuple(sorted(n for entry in section if known.get(entry.name) in infos for n in entry.lines))

    def _card_problems(self, info: CardInfo, in_main: int, in_side: int, entries: tuple | None) -> list[Violation]:
        """The violations of one card, memoized by (card, copies) — only the lines vary."""
        key = (info, in_main, in_side)
        found = self._violations.get(key)
        if found is None:
            if len(self._violations) > 100_000:
                self._violations.clear()
            found = self._violations[key] = self._card_violations(info, in_main, in_side, ())
        lines = self._lines_of(info, entries)
        return [_at(v, lines) for v in found] if lines else list(found)

    def _check(self, main: dict[CardInfo, int], side: dict[CardInfo, int], main_count: int,
               side_count: int, pre: list[Violation], entries: tuple | None) -> Verdict:
        fmt = self.fmt
        out: list[Violation] = []
        if main_count != fmt.main_exact or fmt.side_sizes is None or side_count not in fmt.side_sizes:
            out.extend(self._sizes(main_count, side_count))
        if pre:
            out.extend(pre)
        # one pass per section: copy limits and flags, plus the summary the named rules read
        side_get = side.get
        types: dict[str, int] = {}
        races: set[str | None] = set()
        attributes: set[str | None] = set()
        plain_gold = False
        for info, qty in main.items():
            limit = info.limit
            if info.flagged or (limit is not None and qty + side_get(info, 0) > limit):
                out.extend(self._card_problems(info, qty, side_get(info, 0), entries))
            kind = info.type
            types[kind] = types.get(kind, 0) + qty
            if info.plain_gold:
                plain_gold = True
            elif info.is_ally:
                races.add(info.race)
                attributes.add(info.attribute)
        for info, qty in side.items():
            if info.is_ally:
                races.add(info.race)
                attributes.add(info.attribute)
            if info in main:
                continue
            limit = info.limit
            if info.flagged or (limit is not None and qty > limit):
                out.extend(self._card_problems(info, 0, qty, entries))
        if self._rules:
            ctx = DeckContext(fmt, main, side, types, plain_gold, races, attributes, self, entries)
            for check, params in self._rules:
                found = check(ctx, params)
                if found:
                    out.extend(found)
        return Verdict(
            format=fmt.id, violations=tuple(out), castle_count=main_count, support_count=side_count,
            main_items=main, side_items=side, entries=entries, printing_of=self.printing_of,
            notes=self._notes, main_name=fmt.main_name, side_name=fmt.side_name,
        )

    def _sizes(self, main_count: int, side_count: int) -> list[Violation]:
        fmt = self.fmt
        out = []
        main_name, side_name = fmt.main_name, fmt.side_name
        if fmt.main_exact is not None and main_count != fmt.main_exact:
            diff = main_count - fmt.main_exact
            hint = (f"quita {_cards(diff)} del {main_name}" if diff > 0
                    else f"agrega {_cards(-diff)} al {main_name}")
            out.append(Violation("deck_size", fmt.size_rule,
                                 f"El {main_name} debe tener exactamente {_cards(fmt.main_exact)}: tiene {main_count}.",
                                 (), hint))
        if fmt.main_min is not None and main_count < fmt.main_min:
            out.append(Violation("deck_size", fmt.size_rule,
                                 f"El {main_name} debe tener al menos {_cards(fmt.main_min)}: tiene {main_count}.",
                                 (), f"agrega {_cards(fmt.main_min - main_count)} al {main_name}"))
        if fmt.main_max is not None and main_count > fmt.main_max:
            out.append(Violation("deck_size", fmt.size_rule,
                                 f"El {main_name} puede tener como máximo {_cards(fmt.main_max)}: tiene {main_count}.",
                                 (), f"quita {_cards(main_count - fmt.main_max)} del {main_name}"))
        if fmt.side_sizes is not None:
            if side_count not in fmt.side_sizes:
                allowed = " o ".join(str(n) for n in fmt.side_sizes) + " cartas"
                if len(fmt.side_sizes) == 1:
                    allowed = f"exactamente {_cards(fmt.side_sizes[0])}"
                options = []
                for n in fmt.side_sizes:
                    if n > side_count:
                        options.append(f"agrega {_cards(n - side_count)}" + (" hasta completar " + str(n) if n else ""))
                    elif n < side_count:
                        options.append("déjalo vacío (quita todas)" if n == 0 else f"quita {_cards(side_count - n)}")
                owner = f"El {side_name}" if len(fmt.side_sizes) > 1 else f"La sección {side_name}"
                out.append(Violation("side_size", fmt.side_rule,
                                     f"{owner} debe tener {allowed}: tiene {side_count}.",
                                     (), f"{side_name}: " + " o ".join(options)))
        else:
            if side_count < fmt.side_min:
                out.append(Violation("side_size", fmt.side_rule,
                                     f"El {side_name} debe tener al menos {_cards(fmt.side_min)}: tiene {side_count}.",
                                     (), f"agrega {_cards(fmt.side_min - side_count)} al {side_name}"))
            if fmt.side_max is not None and side_count > fmt.side_max:
                out.append(Violation("side_size", fmt.side_rule,
                                     f"El {side_name} puede tener como máximo {_cards(fmt.side_max)}: tiene {side_count}.",
                                     (), f"quita {_cards(side_count - fmt.side_max)} del {side_name}"))
        return out

    def _card_violations(self, info: CardInfo, in_main: int, in_side: int, lines: tuple[int, ...]) -> list[Violation]:
        fmt = self.fmt
        out = []
        total = in_main + in_side
        where = _where(fmt, in_main, in_side)
        if info.banned:
            out.append(Violation("banned", fmt.banlist_rule,
                                 f"{info.name} está prohibida en el formato {fmt.name}.",
                                 (info.name,), f"quita {_copies(total)} de {info.name} ({where})", lines))
        elif info.limit is not None and total > info.limit:
            extra = total - info.limit
            across = f" entre el {fmt.game.main.short} y el {fmt.side_short}" if fmt.side_sizes != (0,) else ""
            if info.limit_code == "unique":
                msg = f"{info.name} {info.limit_reason}: solo se permite {_copies(info.limit)}{across}; hay {total}."
            elif info.limit_code == "limited":
                msg = f"{info.name} está limitada a {_copies(info.limit)} en el formato {fmt.name}; hay {total}."
            else:
                what = f" ({info.limit_reason})" if info.limit_reason else ""
                msg = f"Se permiten como máximo {_copies(info.limit)} de {info.name}{what}{across}; hay {total}."
            rule = info.limit_rule
            if in_side and fmt.across_rule and info.limit_code in ("copies", "unique"):
                rule = f"{rule}; {fmt.across_rule}"  # the limit counts both sections together
            out.append(Violation(info.limit_code, rule, msg, (info.name,),
                                 f"quita {_copies(extra)} de {info.name}: hay {where}", lines))
        if not info.edition_ok:
            eds = ", ".join(info.editions) or "desconocida"
            out.append(Violation("edition", fmt.editions_rule,
                                 f"{info.name} no es legal en {fmt.name}: solo tiene impresiones en {eds}, "
                                 + ("que no es una edición del formato." if len(info.editions) == 1
                                    else "que no son ediciones del formato."),
                                 (info.name,), f"quita {_copies(total)} de {info.name} ({where})", lines))
        if not info.rarity_ok:
            out.append(Violation("rarity", fmt.rarity_rule,
                                 f"{info.name} es {info.rarity or 'de rareza desconocida'} (su impresión regular): "
                                 f"{fmt.name} no admite esa rareza.",
                                 (info.name,), f"quita {_copies(total)} de {info.name} ({where})", lines))
        return out


def _checker(fmt: Format, catalog: Catalog | None) -> _Checker:
    key = id(catalog)
    cached = fmt._checkers.get(key)
    if cached is not None:
        ref, checker = cached
        if (ref() if ref is not None else None) is catalog:
            return checker
    if catalog is None and fmt.game.catalog_required:
        raise LegalityError(f"el formato {fmt.id} ({fmt.game.name}) necesita un catálogo de cartas")
    checker = _Checker(fmt, catalog)
    ref = weakref.ref(catalog) if catalog is not None else None
    for old_key, (old_ref, _old) in list(fmt._checkers.items()):  # drop checkers of dead catalogs
        if old_ref is not None and old_ref() is None:
            fmt._checkers.pop(old_key, None)
    fmt._checkers[key] = (ref, checker)
    return checker


def validate(deck: DeckList, fmt: Format, catalog: Catalog | None = None) -> Verdict:
    """Check a parsed decklist against a format: a Verdict with every violation.

    ``catalog`` may be None only for games whose catalog is optional (Magic,
    Sky World): cards are then checked by name and the verdict carries a note.
    """
    return _checker(fmt, catalog).check_entries(deck.main, deck.side)


def validate_resolved(castle: Iterable[tuple[Card, int]], support: Iterable[tuple[Card, int]],
                      fmt: Format, catalog: Catalog | None = None) -> Verdict:
    """Check an already-resolved deck (e.g. the Castillo after Mazo de Soporte swaps)."""
    return _checker(fmt, catalog).check_cards(castle, support)
