"""Card facts for the validator: a card as the format sees it (CardInfo), the resolved deck
handed to named rules (DeckContext), and CardFacts, the per-(format, catalog) memo of name
resolution and each identity's facts that the checker in ``tourney.legality.validator``
builds on."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING, cast

from ..catalog.catalog import Catalog
from ..catalog.model import ALLY, GOLD, RACE_SCHOOL, Card, fold, slugify
from .decklist import NUMBER_WORDS
from .formats import Format, Observation
from .rules import RULES
from .verdict import NO_CATALOG_NOTE, Violation

if TYPE_CHECKING:  # pragma: no cover
    from .validator import _Checker

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




_UNRESOLVED = 0
_OK = 1


class CardFacts:
    """What a format says about each card of one catalog (or none), memoized: name
    resolution (name -> card identity, or the violation of an unknown or ambiguous name) and
    each identity's facts (errata and observation applied, copy limit, banned, legal
    edition, rarity). The validator's checker builds on it."""

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
                number = NUMBER_WORDS.get(fold(first))
                # a dictionary lookup, no suggestions; counted in the unknown-names limit
                # (decklist.check_unknown_names), issue 26 finding 7
                if number and rest and self.catalog.known(rest):
                    hint = f"escribe la cantidad con cifras: «{number} {rest}»"
                found = (_UNRESOLVED, Violation(
                    "unknown_card", "Catálogo de cartas",
                    f"«{name}» no es una carta del catálogo.", (name,), hint))
        if len(self._names) >= 50_000:  # bounded memory: invented names must not pile up (issue 15)
            self._names.clear()
            self._known.clear()
        self._names[name] = found
        if found[0] is _OK:
            self._known[name] = cast(CardInfo, found[1])
        return found
