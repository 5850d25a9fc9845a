"""DeckForge JSON (github.com/miloaizam/deck-forge).

Two shapes, both a JSON array of card records (see docs/catalog.md):

* the built catalog ``public-data/cards.json``: every record carries ``identidad``,
  which we trust (reprints whose texts differ by an errata are still one card);
* the per-edition sources ``data-src/*.json``: ``identidad`` only on
  ``arte-alternativo.json`` and ``do-213``; the others get one from
  ``identity.assign_identities`` (same code or same characteristics as a known card,
  else the slug of the name).

Keywords: DeckForge's ``keywords`` list is trusted and completed with the keywords
the ability text itself declares (``keywords.declared_keywords``). On the real data
the text never declares one the list misses; the list also carries conditional
keywords ("mientras porte un Arma es Indestructible"), which we keep.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..editions import edition_for
from ..errors import CatalogImportError
from ..identity import assign_identities
from ..keywords import declared_keywords, normalize_breaks
from ..model import Card, Edition, slugify
from ._fields import card_type, opt_int, opt_str, read_utf8, req_str, school_of

ATTRIBUTES = {"luz": "Luz", "oscuridad": "Oscuridad"}


def read_json(path: str | Path) -> Any:
    path = Path(path)
    text = read_utf8(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogImportError(
            f"JSON mal formado en la línea {exc.lineno}, columna {exc.colno}: {exc.msg}",
            source=str(path)) from None


def is_deckforge(data: Any) -> bool:
    return (isinstance(data, list) and bool(data) and isinstance(data[0], dict)
            and "nombre" in data[0] and ("codigo" in data[0] or "id" in data[0]))


def has_identities(data: Any) -> bool:
    """True for the built catalog (every record has ``identidad``)."""
    return isinstance(data, list) and bool(data) and all(
        isinstance(r, dict) and r.get("identidad") for r in data)


def parse_record(rec: Any, index: int) -> Card:
    """One DeckForge record -> Card (identity empty when the record has none)."""
    if not isinstance(rec, dict):
        raise CatalogImportError(f"se esperaba un objeto JSON, vino {type(rec).__name__}", index)
    code_src = rec.get("codigo") if rec.get("codigo") is not None else rec.get("id")
    if code_src is None:
        raise CatalogImportError("falta el campo obligatorio", index, "codigo")
    if not isinstance(code_src, str) or not code_src.strip():
        raise CatalogImportError(f"se esperaba un código no vacío, vino {code_src!r}", index,
                                 "codigo")
    code = code_src.strip().upper()
    where = f"registro {index} (código {code})"
    name = req_str(rec, "nombre", where)
    edition = slugify(req_str(rec, "edicion", where))
    type_ = card_type(req_str(rec, "tipo", where), where, "tipo")
    race = opt_str(rec, "raza", where)
    attribute = opt_str(rec, "atributo", where)
    if attribute is not None:
        attribute = ATTRIBUTES.get(attribute.casefold())
        if attribute is None:
            raise CatalogImportError(
                f"atributo desconocido {rec.get('atributo')!r} (Luz u Oscuridad)", where, "atributo")
    text = rec.get("habilidad")
    if text is not None and not isinstance(text, str):
        raise CatalogImportError(f"se esperaba un texto, vino {text!r}", where, "habilidad")
    text = normalize_breaks(text)
    kws = rec.get("keywords", [])
    if kws is None:
        kws = []
    if not isinstance(kws, list) or not all(isinstance(k, str) for k in kws):
        raise CatalogImportError(f"se esperaba una lista de textos, vino {kws!r}", where,
                                 "keywords")
    identity = rec.get("identidad")
    if identity is not None and (not isinstance(identity, str) or not identity.strip()):
        raise CatalogImportError(f"se esperaba un texto no vacío, vino {identity!r}", where,
                                 "identidad")
    return Card(
        code=code,
        name=name,
        edition=edition,
        type=type_,
        identity=(identity or "").strip(),
        cost=opt_int(rec, "coste", where),
        strength=opt_int(rec, "fuerza", where),
        race=race,
        school=opt_str(rec, "escuela", where) or school_of(race),
        attribute=attribute,
        rarity=opt_str(rec, "frecuencia", where),
        text=text,
        keywords=frozenset(k.strip() for k in kws if k.strip()) | declared_keywords(text),
        illustrator=opt_str(rec, "ilustrador", where),
        origin=slugify(rec["origen"]) if isinstance(rec.get("origen"), str) else None,
    )


def parse_records(data: Any, source: str = "") -> list[Card]:
    """All records of one DeckForge file; rejects the file on the first bad record."""
    if not isinstance(data, list):
        raise CatalogImportError("se esperaba una lista JSON de cartas", source=source or None)
    cards: list[Card] = []
    seen: dict[str, int] = {}
    try:
        for index, rec in enumerate(data, start=1):
            card = parse_record(rec, index)
            if card.code in seen:
                raise CatalogImportError(
                    f"código repetido en el archivo (ya estaba en el registro {seen[card.code]})",
                    f"registro {index} (código {card.code})", "codigo")
            seen[card.code] = index
            cards.append(card)
    except CatalogImportError as exc:
        raise exc.with_source(source) if source else exc
    return cards


def editions_of(cards: Iterable[Card]) -> list[Edition]:
    slugs: dict[str, None] = {}
    for card in cards:
        slugs.setdefault(card.edition, None)
        if card.origin:
            slugs.setdefault(card.origin, None)
    return [edition_for(slug) for slug in slugs]


def load_deckforge_cards(path: str | Path) -> tuple[list[Card], list[Edition]]:
    """Read ``public-data/cards.json`` (or any DeckForge file) into cards and editions.

    Records without ``identidad`` get one from their characteristics (see module doc).
    A directory reads every ``*.json`` in it (like ``load_deckforge_files``).
    """
    path = Path(path)
    if path.is_dir():
        return load_deckforge_files(sorted(path.glob("*.json")))
    return load_deckforge_files([path])


def load_deckforge_files(paths: Iterable[str | Path], known: Iterable[Card] = ()
                         ) -> tuple[list[Card], list[Edition]]:
    """Read several DeckForge files as one batch.

    Built-catalog files (every record with ``identidad``) are read first and win when a
    code appears in several files; identities of the other records are assigned against
    ``known`` (e.g. the catalog already in the database) plus the built catalog.
    """
    built: list[Card] = []
    sources: list[Card] = []
    for path in paths:
        data = read_json(path)
        cards = parse_records(data, str(path))
        if has_identities(data):
            built.extend(cards)
        else:
            sources.extend(cards)
    return merge_batch(built, sources, known)


def merge_batch(built: list[Card], sources: list[Card], known: Iterable[Card] = ()
                ) -> tuple[list[Card], list[Edition]]:
    known = list(known)
    by_code: dict[str, Card] = {}
    for card in built:
        by_code[card.code] = card
    rest = [c for c in sources if c.code not in by_code]
    rest = assign_identities(rest, [*known, *built])
    for card in rest:
        by_code[card.code] = card  # among source files, the later file wins
    cards = list(by_code.values())
    return cards, editions_of(cards)
