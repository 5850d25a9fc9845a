"""Field readers shared by importers: each names the record and field on error."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import CatalogImportError
from ..model import CARD_TYPES, RACE_SCHOOL, fold

_TYPE_BY_FOLD = {fold(t): t for t in CARD_TYPES}
_TYPE_BY_FOLD.update({"talisman": "Talismán", "totem": "Tótem"})


def req_str(rec: dict, key: str, where: Any) -> str:
    if key not in rec:
        raise CatalogImportError("falta el campo obligatorio", where, key)
    value = rec[key]
    if not isinstance(value, str) or not value.strip():
        raise CatalogImportError(f"se esperaba un texto no vacío, vino {value!r}", where, key)
    return " ".join(value.split())


def opt_str(rec: dict, key: str, where: Any) -> str | None:
    value = rec.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise CatalogImportError(f"se esperaba un texto, vino {value!r}", where, key)
    value = " ".join(value.split())
    return value or None


def opt_int(rec: dict, key: str, where: Any) -> int | None:
    value = rec.get(key)
    if value is None:
        return None
    if isinstance(value, bool):
        raise CatalogImportError(f"se esperaba un número entero, vino {value!r}", where, key)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text == "" or text == "-":
            return None
        try:
            return int(text)
        except ValueError:
            pass
    raise CatalogImportError(f"se esperaba un número entero, vino {value!r}", where, key)


def card_type(value: str, where: Any, key: str) -> str:
    found = _TYPE_BY_FOLD.get(fold(value))
    if found is None:
        raise CatalogImportError(
            f"tipo de carta desconocido {value!r} (se esperaba uno de: {', '.join(CARD_TYPES)})",
            where, key)
    return found


def school_of(race: str | None) -> str | None:
    return RACE_SCHOOL.get(race) if race else None


def read_utf8(path: Path, hint: str = "guárdalo como texto UTF-8") -> str:
    """The file's text; an unreadable file or a non-UTF-8 byte is an import error naming the line."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CatalogImportError(f"no se pudo leer el archivo: {exc.strerror or exc}",
                                 source=str(path)) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise CatalogImportError(f"el archivo no está en UTF-8 (línea {line}); {hint}",
                                 source=str(path)) from None
