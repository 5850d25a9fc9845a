"""The deck validator: every violation of a format, each with code, rule, message, cards, hint.

Speed: per (format, catalog) a checker is compiled once and cached on the
format; it memoizes name resolution (name -> card identity) and each
identity's facts for the format (copy limit, banned, legal edition, rarity),
so validating a deck is a handful of dict lookups per line.
"""
from __future__ import annotations

import weakref
from collections.abc import Iterable

from ..catalog.catalog import Catalog
from ..catalog.model import Card
from .card_facts import (
    _OK, CardFacts, CardInfo, DeckContext, _at, _where,
)
from .decklist import DeckList, Entry
from .errors import LegalityError
from .formats import Format
from .verdict import Verdict, Violation, cards, copies


class _Checker(CardFacts):
    """A format compiled against one catalog (or none): the card facts plus the checks."""

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
            hint = (f"quita {cards(diff)} del {main_name}" if diff > 0
                    else f"agrega {cards(-diff)} al {main_name}")
            out.append(Violation("deck_size", fmt.size_rule,
                                 f"El {main_name} debe tener exactamente {cards(fmt.main_exact)}: tiene {main_count}.",
                                 (), hint))
        if fmt.main_min is not None and main_count < fmt.main_min:
            out.append(Violation("deck_size", fmt.size_rule,
                                 f"El {main_name} debe tener al menos {cards(fmt.main_min)}: tiene {main_count}.",
                                 (), f"agrega {cards(fmt.main_min - main_count)} al {main_name}"))
        if fmt.main_max is not None and main_count > fmt.main_max:
            out.append(Violation("deck_size", fmt.size_rule,
                                 f"El {main_name} puede tener como máximo {cards(fmt.main_max)}: tiene {main_count}.",
                                 (), f"quita {cards(main_count - fmt.main_max)} del {main_name}"))
        if fmt.side_sizes is not None:
            if side_count not in fmt.side_sizes:
                allowed = " o ".join(str(n) for n in fmt.side_sizes) + " cartas"
                if len(fmt.side_sizes) == 1:
                    allowed = f"exactamente {cards(fmt.side_sizes[0])}"
                options = []
                for n in fmt.side_sizes:
                    if n > side_count:
                        options.append(f"agrega {cards(n - side_count)}" + (" hasta completar " + str(n) if n else ""))
                    elif n < side_count:
                        options.append("déjalo vacío (quita todas)" if n == 0 else f"quita {cards(side_count - n)}")
                owner = f"El {side_name}" if len(fmt.side_sizes) > 1 else f"La sección {side_name}"
                out.append(Violation("side_size", fmt.side_rule,
                                     f"{owner} debe tener {allowed}: tiene {side_count}.",
                                     (), f"{side_name}: " + " o ".join(options)))
        else:
            if side_count < fmt.side_min:
                out.append(Violation("side_size", fmt.side_rule,
                                     f"El {side_name} debe tener al menos {cards(fmt.side_min)}: tiene {side_count}.",
                                     (), f"agrega {cards(fmt.side_min - side_count)} al {side_name}"))
            if fmt.side_max is not None and side_count > fmt.side_max:
                out.append(Violation("side_size", fmt.side_rule,
                                     f"El {side_name} puede tener como máximo {cards(fmt.side_max)}: tiene {side_count}.",
                                     (), f"quita {cards(side_count - fmt.side_max)} del {side_name}"))
        return out

    def _card_violations(self, info: CardInfo, in_main: int, in_side: int, lines: tuple[int, ...]) -> list[Violation]:
        fmt = self.fmt
        out = []
        total = in_main + in_side
        where = _where(fmt, in_main, in_side)
        if info.banned:
            out.append(Violation("banned", fmt.banlist_rule,
                                 f"{info.name} está prohibida en el formato {fmt.name}.",
                                 (info.name,), f"quita {copies(total)} de {info.name} ({where})", lines))
        elif info.limit is not None and total > info.limit:
            extra = total - info.limit
            across = f" entre el {fmt.game.main.short} y el {fmt.side_short}" if fmt.side_sizes != (0,) else ""
            if info.limit_code == "unique":
                msg = f"{info.name} {info.limit_reason}: solo se permite {copies(info.limit)}{across}; hay {total}."
            elif info.limit_code == "limited":
                msg = f"{info.name} está limitada a {copies(info.limit)} en el formato {fmt.name}; hay {total}."
            else:
                what = f" ({info.limit_reason})" if info.limit_reason else ""
                msg = f"Se permiten como máximo {copies(info.limit)} de {info.name}{what}{across}; hay {total}."
            rule = info.limit_rule
            if in_side and fmt.across_rule and info.limit_code in ("copies", "unique"):
                rule = f"{rule}; {fmt.across_rule}"  # the limit counts both sections together
            out.append(Violation(info.limit_code, rule, msg, (info.name,),
                                 f"quita {copies(extra)} de {info.name}: hay {where}", lines))
        if not info.edition_ok:
            eds = ", ".join(info.editions) or "desconocida"
            out.append(Violation("edition", fmt.editions_rule,
                                 f"{info.name} no es legal en {fmt.name}: solo tiene impresiones en {eds}, "
                                 + ("que no es una edición del formato." if len(info.editions) == 1
                                    else "que no son ediciones del formato."),
                                 (info.name,), f"quita {copies(total)} de {info.name} ({where})", lines))
        if not info.rarity_ok:
            out.append(Violation("rarity", fmt.rarity_rule,
                                 f"{info.name} es {info.rarity or 'de rareza desconocida'} (su impresión regular): "
                                 f"{fmt.name} no admite esa rareza.",
                                 (info.name,), f"quita {copies(total)} de {info.name} ({where})", lines))
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
