"""Pick the importer for each file (by extension and content) and read a batch."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from ..errors import CatalogImportError
from ..model import Card, Edition
from . import api_myl, deckforge, tabular

FORMATS = ("deckforge", "deckforge-src", "api", "csv", "xlsx")


def detect_format(path: Path, data: Any = None) -> str:
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix in (".xlsx", ".xlsm"):
        return "xlsx"
    if data is None:
        data = deckforge.read_json(path)
    if isinstance(data, dict) and "cards" in data and ("edition" in data or "types" in data):
        return "api"
    if deckforge.is_deckforge(data):
        return "deckforge" if deckforge.has_identities(data) else "deckforge-src"
    if isinstance(data, list) and not data:
        raise CatalogImportError("el archivo no tiene cartas (lista vacía)", source=str(path))
    raise CatalogImportError(
        "no se reconoce el formato: se esperaba una lista de cartas de DeckForge o una "
        "respuesta de api.myl.cl (use --format para indicarlo)", source=str(path))


SUFFIXES = (".json", ".csv", ".xlsx", ".xlsm")


def expand(paths: Sequence[str | Path]) -> list[Path]:
    """Files as given; a directory stands for its card files (*.json, *.csv, *.xlsx), sorted."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES)
            if not found:
                raise CatalogImportError("la carpeta no tiene archivos de cartas "
                                         "(.json, .csv, .xlsx)", source=str(path))
            out.extend(found)
        else:
            out.append(path)
    return out


def read_files(paths: Sequence[str | Path], fmt: str | None = None,
               known: Iterable[Card] | Callable[[], Iterable[Card]] = ()
               ) -> tuple[list[Card], list[Edition]]:
    """Read every file as one batch; any bad file rejects the whole batch.

    ``known`` (the catalog already loaded, or a function returning it, called only when
    some printing needs an identity or a name's capitalisation) lines identities up.
    """
    if not paths:
        raise CatalogImportError("no se indicó ningún archivo")
    if fmt is not None and fmt not in FORMATS:
        raise CatalogImportError(f"formato desconocido {fmt!r} (use uno de: {', '.join(FORMATS)})")
    paths = expand(paths)
    _known: list[Card] | None = None

    def known_cards() -> list[Card]:
        nonlocal _known
        if _known is None:
            _known = list(known() if callable(known) else known)
        return _known
    built: list[Card] = []
    sources: list[Card] = []
    others: list[Card] = []
    editions: dict[str, Edition] = {}
    for raw in paths:
        path = Path(raw)
        if not path.is_file():
            raise CatalogImportError("el archivo no existe", source=str(path))
        data = None
        kind = fmt
        if kind in (None, "deckforge", "deckforge-src", "api") and path.suffix.lower() not in (
                ".csv", ".xlsx", ".xlsm"):
            data = deckforge.read_json(path)
        if kind is None:
            kind = detect_format(path, data)
        if kind in ("deckforge", "deckforge-src"):
            cards = deckforge.parse_records(data if data is not None else deckforge.read_json(path),
                                            str(path))
            if kind == "deckforge" and all(c.identity for c in cards):
                built.extend(cards)
            else:
                sources.extend(cards)
        elif kind == "api":
            cards, eds = api_myl.parse_edition(
                data if data is not None else deckforge.read_json(path), str(path),
                known=[*known_cards(), *built, *sources, *others])
            others.extend(cards)
            editions.update({e.slug: e for e in eds})
        else:
            cards = tabular.read_table(path, kind)
            others.extend(cards)
    rest = sources + others
    merged, eds = deckforge.merge_batch(built, rest, known_cards() if rest else ())
    for e in eds:
        editions.setdefault(e.slug, e)
    return merged, list(editions.values())
