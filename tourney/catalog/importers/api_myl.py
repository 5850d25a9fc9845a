"""api.myl.cl edition responses (``GET /cards/edition/<slug>``).

Shape and quirks: ../shared/data/api-myl-cl/NOTES.md; what we do (see docs/catalog.md):

* type, race and rarity ids (strings or numbers) are resolved through the response's
  own ``types``/``races``/``rarities`` lists, else the built-in tables (``api_tables``);
  an unknown id rejects the file naming the record and field;
* names come lower-case, sometimes with trailing spaces: we take the capitalisation of
  the same name in the catalog we already know, else Spanish title case (particles
  such as "de", "del", "la", "y" stay lower-case except as first word);
* ability line breaks (U+21B5, literal "/n", " \\n ", CRLF) become "\\n"; runs of
  spaces collapse;
* the API ``keywords`` flags are ignored (they mark cards that *mention* a keyword):
  keywords are those the text declares (``keywords.declared_keywords``), and the
  attribute Luz/Oscuridad comes from the same declaration;
* race "Sin Raza" is no race; the Escuela Elemental comes from the race;
* cost is None for Oros and strength None for non-Aliados (as in DeckForge);
* collector code ``{PREFIX}-{edid}``: PREFIX is DeckForge's for the Escuelas
  Elementales era (EE, BU, DO…), else the edition slug upper-cased; edid is padded
  to three digits ("17" → "017").
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from typing import Any

from ..editions import KNOWN_EDITIONS, edition_for, title_case
from ..errors import CatalogImportError
from ..keywords import declared_keywords, normalize_breaks
from ..model import ALLY, GOLD, Card, Edition, fold, slugify
from . import api_tables
from ._fields import card_type, opt_int, school_of


def our_slug(api_slug: str) -> str:
    return slugify(api_slug.replace("_", "-"))


def api_slug(slug: str) -> str:
    slug = our_slug(slug)
    return api_tables.API_SLUGS.get(slug, slug)


def code_prefix(slug: str) -> str:
    return api_tables.CODE_PREFIXES.get(slug, slug.upper())


def _table(data: dict, key: str, builtin: dict[str, str], source: str) -> dict[str, str]:
    table = dict(builtin)
    rows = data.get(key)
    if rows is None:
        return table
    if not isinstance(rows, list):
        raise CatalogImportError("se esperaba una lista de {id, slug, name}", f"tabla «{key}»",
                                 source=source)
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, dict) or "id" not in row or not isinstance(row.get("name"), str):
            raise CatalogImportError("se esperaba un objeto con «id» y «name»",
                                     f"tabla «{key}», elemento {i}", source=source)
        table[str(row["id"]).strip()] = " ".join(row["name"].split())
    return table


def _lookup(rec: dict, key: str, table: dict[str, str], where: str, what: str,
            required: bool = True) -> str | None:
    value = rec.get(key)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise CatalogImportError("falta el campo obligatorio", where, key)
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise CatalogImportError(f"se esperaba un id de {what}, vino {value!r}", where, key)
    ident = str(value).strip()
    name = table.get(ident)
    if name is None:
        raise CatalogImportError(f"id de {what} desconocido {ident!r}", where, key)
    return name


def _release(value: Any) -> date | None:
    if not isinstance(value, str):
        return None
    match = re.match(r"(\d{4})-(\d{2})-(\d{2})", value.strip())
    if not match:
        return None
    try:
        return date(*map(int, match.groups()))
    except ValueError:
        return None


def parse_edition(data: Any, source: str = "", known: Iterable[Card] = ()
                  ) -> tuple[list[Card], list[Edition]]:
    """One edition response -> printings (identity empty: assigned later) and its Edition."""
    src = source or None
    if not isinstance(data, dict):
        raise CatalogImportError("se esperaba un objeto JSON con «edition» y «cards»", source=src)
    ed = data.get("edition")
    if not isinstance(ed, dict):
        raise CatalogImportError("falta el objeto «edition»", source=src)
    raw_slug = ed.get("slug")
    if not isinstance(raw_slug, str) or not raw_slug.strip():
        raise CatalogImportError("falta el campo obligatorio", "«edition»", "slug", src)
    slug = our_slug(raw_slug.strip())
    title = ed.get("title")
    title = " ".join(title.split()) if isinstance(title, str) and title.strip() else None
    if title and title == title.lower():
        title = title_case(title)
    # a known edition keeps its name from our table ("ContraAtaque"); else the API's title
    edition = edition_for(slug, name=None if slug in KNOWN_EDITIONS else title,
                          released=_release(ed.get("date_release")))
    cards_data = data.get("cards")
    if not isinstance(cards_data, list):
        raise CatalogImportError("falta la lista «cards»", source=src)

    types = _table(data, "types", api_tables.TYPES, source)
    races = _table(data, "races", api_tables.RACES, source)
    rarities = _table(data, "rarities", api_tables.RARITIES, source)
    names = {fold(c.name): c.name for c in known}
    prefix = code_prefix(slug)

    cards: list[Card] = []
    seen: dict[str, int] = {}
    try:
        for index, rec in enumerate(cards_data, start=1):
            card = _parse_card(rec, index, slug, prefix, types, races, rarities, names)
            if card.code in seen:
                raise CatalogImportError(
                    f"número de carta repetido (ya estaba en la carta {seen[card.code]})",
                    f"carta {index} (código {card.code})", "edid")
            seen[card.code] = index
            cards.append(card)
    except CatalogImportError as exc:
        raise exc.with_source(source) if source else exc
    return cards, [edition]


def _parse_card(rec: Any, index: int, slug: str, prefix: str, types: dict, races: dict,
                rarities: dict, names: dict[str, str]) -> Card:
    if not isinstance(rec, dict):
        raise CatalogImportError(f"se esperaba un objeto JSON, vino {type(rec).__name__}",
                                 f"carta {index}")
    edid = rec.get("edid")
    if edid is None or isinstance(edid, bool) or not str(edid).strip():
        raise CatalogImportError("falta el campo obligatorio", f"carta {index}", "edid")
    edid = str(edid).strip()
    if not re.fullmatch(r"[0-9A-Za-z\-]+", edid):
        raise CatalogImportError(f"número de carta no válido {edid!r}", f"carta {index}", "edid")
    if edid.isdigit():
        edid = edid.zfill(3)
    code = f"{prefix}-{edid.upper()}"
    where = f"carta {index} (código {code})"
    raw_name = rec.get("name")
    if not isinstance(raw_name, str) or not raw_name.strip():
        raise CatalogImportError(f"se esperaba un nombre no vacío, vino {raw_name!r}", where,
                                 "name")
    name = " ".join(raw_name.split())
    name = names.get(fold(name)) or (title_case(name) if name == name.lower() else name)
    type_name = _lookup(rec, "type", types, where, "tipo")
    type_ = card_type(type_name or "", where, "type")  # required: _lookup never gives None
    race = _lookup(rec, "race", races, where, "raza", required=False)
    if race == api_tables.NO_RACE:
        race = None
    rarity = _lookup(rec, "rarity", rarities, where, "frecuencia", required=False)
    text = rec.get("ability")
    if text is not None and not isinstance(text, str):
        raise CatalogImportError(f"se esperaba un texto, vino {text!r}", where, "ability")
    text = normalize_breaks(text)
    keywords = declared_keywords(text)
    attribute = "Luz" if "Luz" in keywords else "Oscuridad" if "Oscuridad" in keywords else None
    cost = opt_int(rec, "cost", where)
    strength = opt_int(rec, "damage", where)
    if type_ == GOLD:
        cost = None
    if type_ != ALLY:
        strength = None
        race = None
    return Card(
        code=code, name=name, edition=slug, type=type_, identity="",
        cost=cost, strength=strength, race=race, school=school_of(race), attribute=attribute,
        rarity=rarity, text=text, keywords=keywords,
    )
