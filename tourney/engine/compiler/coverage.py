"""Coverage of the compiler over a catalog: per distinct identity with text, compiled
fully / partly / not at all, written by hand (an override in
``tourney/engine/abilities/cards/``, counted apart and never as compiled) or failing with a
compiler error; by card type and by family; the sentences not understood grouped by shape.

*Compiled* means compiled **and enforced**: every sentence understood and every value the
compiler produced enforced by the engine (``abilities.kinds.enforcement``). A card read whole
whose values the engine only accepts (its lines stay unverified) is *partly* compiled, counted
also in ``compiled_unenforced``, with its reasons (``top_unenforced``)."""
from __future__ import annotations

from typing import Any

import logging
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...catalog.model import Card
from ..abilities.kinds.enforcement import unenforced
from . import Compilation, compile_card
from .families import families
from .text import tokens

STATUSES = ("compiled", "compiled_unenforced", "partial", "none", "override", "error")
log = logging.getLogger(__name__)


def overrides() -> frozenset[str]:
    """Identities with a hand-written ability file (the engine's registry reads them)."""
    try:
        from ..abilities.registry import hand_written
    except ImportError:  # pragma: no cover - the engine always has the registry
        return frozenset()
    return frozenset(hand_written())


def representatives(cards: Iterable[Card]) -> list[Card]:
    """One printing per identity (the first one seen: catalogs list preferred printings first)."""
    seen: dict[str, Card] = {}
    for card in cards:
        seen.setdefault(card.identity, card)
    return list(seen.values())


@dataclass
class Coverage:
    identities: int = 0
    with_text: int = 0
    counts: Counter[str] = field(default_factory=Counter[str])
    by_type: dict[Any, Any] = field(default_factory=lambda: defaultdict(Counter))
    by_family: dict[Any, Any] = field(default_factory=lambda: defaultdict(Counter))
    missing: dict[Any, Any] = field(default_factory=dict[Any, Any])  # shape -> [identities set, example name, completes]
    unenforced: dict[Any, Any] = field(default_factory=dict[Any, Any])  # reason -> [identities set, example name]
    errors: dict[Any, Any] = field(default_factory=dict[Any, Any])  # identity -> the compiler's error

    @property
    def share(self) -> float:
        return self.counts["compiled"] / self.with_text if self.with_text else 0.0

    def top_missing(self, limit: int = 20, completes: bool = False) -> list[dict[Any, Any]]:
        """Shapes not understood, ranked by how many identities fixing that shape alone would
        complete, then by how many identities have it (``identities``)."""
        rows = sorted(self.missing.items(), key=lambda kv: (-kv[1][2], -len(kv[1][0]), kv[0]))
        out = []
        for shape, (ids, example, alone) in rows[:limit]:
            row = {"shape": shape, "identities": len(ids), "example": example}
            if completes:
                row["completes"] = alone
            out.append(row)
        return out

    def top_unenforced(self, limit: int = 20) -> list[dict[Any, Any]]:
        """Why cards read whole are not enforced: each reason with how many identities have it."""
        rows = sorted(self.unenforced.items(), key=lambda kv: (-len(kv[1][0]), kv[0]))
        return [{"reason": reason, "identities": len(ids), "example": example}
                for reason, (ids, example) in rows[:limit]]

    def to_json(self, limit: int = 20) -> dict[Any, Any]:
        by_type = {t: {s: c[s] for s in ("with_text",) + STATUSES} for t, c in sorted(self.by_type.items())}
        by_family = {f: {"identities": c["identities"], "compiled": c["compiled"],
                         "sentences": c["sentences"], "understood": c["understood"]}
                     for f, c in sorted(self.by_family.items(), key=lambda kv: -kv[1]["identities"])}
        return {"identities": self.identities, "with_text": self.with_text,
                "compiled": self.counts["compiled"], "partial": self.counts["partial"],
                "none": self.counts["none"], "override": self.counts["override"],
                "compiled_unenforced": self.counts["compiled_unenforced"],
                "error": self.counts["error"],
                "by_type": by_type, "by_family": by_family, "top_missing": self.top_missing(limit),
                "top_unenforced": self.top_unenforced(limit),
                "errors": [{"identity": i, "error": e} for i, e in sorted(self.errors.items())]}


def safe_compile(card: Card) -> tuple[Compilation | None, str | None]:
    """The card's compilation, or the compiler's error (logged): never raised, never hidden."""
    try:
        return compile_card(card), None
    except Exception as exc:  # noqa: BLE001 - one card's compiler bug must not stop the rest
        log.exception("error del compilador en %s (%s)", card.name, card.code)
        return None, f"{type(exc).__name__}: {exc}"


def enforcement_status(card: Card, comp: Compilation) -> tuple[str, tuple[str, ...]]:
    """The grammar's status made strict: "compiled" only when every value is enforced;
    a card read whole with values the engine only accepts is "compiled_unenforced"."""
    status = "compiled" if comp.status == "empty" else comp.status  # reminders only: nothing to do
    if status != "compiled":
        return status, ()
    reasons = unenforced(card, comp.abilities)
    return ("compiled_unenforced", reasons) if reasons else ("compiled", ())


def _count(cov: Coverage, card: Card, status: str) -> None:
    counted = "partial" if status == "compiled_unenforced" else status
    cov.counts[counted] += 1
    cov.by_type[card.type]["with_text"] += 1
    cov.by_type[card.type][counted] += 1
    if status == "compiled_unenforced":
        cov.counts[status] += 1
        cov.by_type[card.type][status] += 1


def coverage(cards: Iterable[Card], hand: frozenset[str] | None = None) -> Coverage:
    hand = overrides() if hand is None else hand
    cov = Coverage()
    for card in representatives(cards):
        cov.identities += 1
        if not (card.text or "").strip():
            continue
        cov.with_text += 1
        comp, error = safe_compile(card)
        if comp is None:
            cov.errors[card.identity] = error
            _count(cov, card, "error")
            continue
        status, reasons = enforcement_status(card, comp)
        if card.identity in hand:
            status, reasons = "override", ()
        _count(cov, card, status)
        for reason in reasons:
            cov.unenforced.setdefault(reason, [set(), card.name])[0].add(card.identity)
        _families(cov, card, comp)
        if status == "override":
            continue
        bad = [s for s in comp.sentences if not s.understood]
        for sentence in bad:
            entry = cov.missing.setdefault(sentence.shape, [set(), card.name, 0])
            entry[0].add(card.identity)
            if len(bad) == 1:
                entry[2] += 1  # fixing this shape alone would complete the card
    return cov


def _families(cov: Coverage, card: Card, comp: Compilation) -> None:
    seen_families: dict[str, bool] = {}
    for sentence in comp.sentences:
        for family in families(tokens(sentence.text, card.name)):
            row = cov.by_family[family]
            row["sentences"] += 1
            row["understood"] += sentence.understood
            seen_families[family] = seen_families.get(family, True) and sentence.understood
    for family, ok in seen_families.items():
        cov.by_family[family]["identities"] += 1
        cov.by_family[family]["compiled"] += ok
