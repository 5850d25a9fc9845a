"""Catalog service: import card values into the database, load the catalog back.

Services flush and never commit: the caller (CLI command, request) commits, so an
import that fails half-way is rolled back whole and the catalog stays as it was.
"""
from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from threading import Lock

from sqlalchemy import bindparam, func, insert, update
from sqlmodel import Session, SQLModel, col, select

from ..catalog import Card, Catalog, Edition
from ..catalog.editions import edition_for
from ..catalog.importers.api_myl import api_slug, parse_edition
from ..catalog.importers.deckforge import merge_batch
from ..catalog.importers.detect import expand, read_files
from ..catalog.errors import CatalogImportError
from ..catalog.model import fold
from ..models.catalog import CardRow, EditionRow


@dataclass
class ImportReport:
    source: str = ""
    cards_read: int = 0
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    editions_added: int = 0
    editions_updated: int = 0
    added_codes: list[str] = field(default_factory=list)
    updated_codes: list[str] = field(default_factory=list)

    @property
    def changes(self) -> int:
        return self.added + self.updated + self.editions_added + self.editions_updated

    def summary(self) -> str:
        return (f"{self.cards_read} cartas leídas: {self.added} nuevas, {self.updated} actualizadas, "
                f"{self.unchanged} sin cambios; ediciones: {self.editions_added} nuevas, "
                f"{self.editions_updated} actualizadas.")


_COMPARED = ("name", "edition", "type", "identity", "cost", "strength", "race", "school",
             "attribute", "rarity", "text", "keywords", "illustrator", "origin")


def import_cards(session: Session, cards: Iterable[Card], editions: Iterable[Edition] = (),
                 source: str | None = None) -> ImportReport:
    """Upsert printings by collector code (and their editions). Flushes, never commits.

    Idempotent: importing the same values again reports 0 changes. Raises
    ``CatalogImportError`` before writing anything when the batch repeats a code.
    """
    cards = list(cards)
    report = ImportReport(source=source or "", cards_read=len(cards))
    seen: set[str] = set()
    for index, card in enumerate(cards, start=1):
        code = card.code.strip().upper()
        if code in seen:
            raise CatalogImportError("código repetido en la importación",
                                     f"carta {index} (código {code})", "codigo", source)
        seen.add(code)
        if not card.identity:
            raise CatalogImportError("carta sin identidad", f"carta {index} (código {code})",
                                     "identidad", source)

    wanted: dict[str, Edition] = {e.slug: e for e in editions}
    for card in cards:
        if card.edition not in wanted:
            wanted[card.edition] = edition_for(card.edition)
    existing_eds = {row.slug: row for row in session.exec(select(EditionRow))}
    for slug, edition in wanted.items():
        row = existing_eds.get(slug)
        if row is None:
            session.add(EditionRow(slug=slug, name=edition.name, released=edition.released,
                                   era=edition.era))
            report.editions_added += 1
        else:
            changed = False
            for key in ("name", "released", "era"):
                value = getattr(edition, key)
                if value is not None and getattr(row, key) != value:
                    setattr(row, key, value)
                    changed = True
            report.editions_updated += changed
    session.flush()

    table = SQLModel.metadata.tables["card"]  # CardRow's table, for Core bulk statements
    existing = {line["code"].upper(): line
                for line in session.execute(table.select()).mappings()}
    new_rows, changed_rows = [], []
    for card in cards:
        values = CardRow.column_values(card, source)
        stored = existing.get(card.code.upper())
        if stored is None:
            new_rows.append(values)
            report.added += 1
            report.added_codes.append(card.code)
        elif any(stored[key] != values[key] for key in _COMPARED):
            values["_id"] = stored["id"]
            changed_rows.append(values)
            report.updated += 1
            report.updated_codes.append(card.code)
        else:
            report.unchanged += 1
    # Core statements in the session's transaction: rolled back with it on error
    if new_rows:
        session.execute(insert(table), new_rows)
    if changed_rows:
        session.execute(
            update(table).where(table.c.id == bindparam("_id")).values(
                {key: bindparam(key) for key in (*_COMPARED, "source", "updated_at")}),
            changed_rows)
        session.expire_all()
    return report


def import_files(session: Session, paths: Sequence[str | Path], fmt: str | None = None
                 ) -> ImportReport:
    """Read card files (format detected per file unless ``fmt``) and import them as one batch."""
    files = expand(paths)
    cards, editions = read_files(files, fmt, known=lambda: load_catalog(session).cards)
    source = ", ".join(Path(p).name for p in files)
    return import_cards(session, cards, editions, source=_short(source))


def _short(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- loading ------------------------------------------------------------------

_cache: dict[str, tuple[tuple, Catalog]] = {}
_cache_lock = Lock()


def catalog_version(session: Session) -> tuple:
    """Cheap fingerprint of the catalog tables: changes whenever a card or edition does."""
    cards = session.exec(select(func.count(col(CardRow.id)), func.max(col(CardRow.updated_at)),
                                func.sum(CardRow.id))).one()
    eds = tuple(session.exec(select(col(EditionRow.slug), col(EditionRow.name), col(EditionRow.released),
                                    col(EditionRow.era)).order_by(EditionRow.slug)).all())
    return (tuple(cards), eds)


def load_catalog(session: Session, use_cache: bool = True) -> Catalog:
    """The whole catalog in memory, cached per database until a card or edition changes."""
    bind = session.get_bind()
    key = str(bind.engine.url)
    version = catalog_version(session)
    if use_cache:
        with _cache_lock:
            hit = _cache.get(key)
        if hit is not None and hit[0] == version:
            return hit[1]
    editions = [row.to_value() for row in session.exec(select(EditionRow))]
    cards = [row.to_value() for row in session.exec(select(CardRow).order_by(col(CardRow.id)))]
    catalog = Catalog.from_cards(cards, editions)
    with _cache_lock:
        _cache[key] = (version, catalog)
    return catalog


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()


def catalog_stats(session: Session) -> dict:
    catalog = load_catalog(session)
    by_edition = Counter(card.edition for card in catalog)
    by_type = Counter(card.type for card in catalog)
    identities = {card.identity for card in catalog}
    return {
        "cards": len(catalog),
        "identities": len(identities),
        "editions": {slug: (catalog.editions[slug].name if slug in catalog.editions else slug, n)
                     for slug, n in sorted(by_edition.items())},
        "types": dict(by_type.most_common()),
        "unique": sum(1 for c in catalog if c.unique),
        "mercenary": sum(1 for c in catalog if c.mercenary),
        "wanderer": sum(1 for c in catalog if c.wanderer),
        "plain_gold": sum(1 for c in catalog if c.plain_gold),
    }


# -- sync from api.myl.cl ---------------------------------------------------------

API_BASE_URL = "https://api.myl.cl"


def fetch_json(url: str, timeout: float = 30.0):
    """GET a JSON document with urllib; errors become a Spanish CatalogImportError."""
    request = urllib.request.Request(url, headers={"Accept": "application/json",
                                                   "User-Agent": "tourney-catalog/0.1"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
    except urllib.error.HTTPError as exc:
        raise CatalogImportError(f"el servidor respondió {exc.code} {exc.reason}",
                                 source=url) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise CatalogImportError(f"no se pudo conectar ({reason}); revise la conexión o use "
                                 "--base-url", source=url) from None
    try:
        return json.loads(body.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CatalogImportError(f"la respuesta no es JSON válido ({exc})", source=url) from None


SEARCH_LIMIT = 20


def search_names(catalog: Catalog, query: str, limit: int = SEARCH_LIMIT) -> list[dict]:
    """Card search for the decklist form: distinct cards whose name contains ``query``
    (accents and case folded; at least 2 characters), at most ``limit``. Two different cards
    with the same name (Shuri BU-218 and Shuri DO-213) are two results; each carries its
    code, type, edition, every printing's code, and ``insert``: the line text that names it
    unambiguously («Shuri (DO-213)»; 10.13 Copias counts reprints as one card)."""
    q = fold(query or "")
    if len(q) < 2:
        return []
    seen: set[str] = set()
    out: list[dict] = []
    for card in catalog:
        if card.identity not in seen and q in fold(card.name):
            seen.add(card.identity)
            printings = [p.code for p in catalog.printings(card.identity)] or [card.code]
            edition = catalog.editions.get(card.edition)
            out.append({"name": card.name, "code": card.code, "type": card.type,
                        "edition": edition.name if edition is not None else card.edition,
                        "printings": printings, "insert": f"{card.name} ({card.code})"})
            if len(out) >= limit:
                break
    return out


def edition_url(slug: str, base_url: str = API_BASE_URL) -> str:
    return f"{base_url.rstrip('/')}/cards/edition/{api_slug(slug)}"


def sync_edition(session: Session, slug: str, base_url: str = API_BASE_URL,
                 fetch=fetch_json) -> ImportReport:
    """Fetch one edition from api.myl.cl and import it (flush only)."""
    url = edition_url(slug, base_url)
    data = fetch(url)
    known = load_catalog(session).cards
    cards, editions = parse_edition(data, url, known=known)
    cards, more = merge_batch([], cards, known)
    by_slug = {e.slug: e for e in more}
    by_slug.update({e.slug: e for e in editions})
    return import_cards(session, cards, by_slug.values(), source=_short(f"api.myl.cl:{slug}"))
