"""CSV / XLSX card lists with Spanish column names (see docs/catalog.md).

The first row holds the column names (case, accents and spacing do not matter);
data rows start on row 2. Required: ``codigo``, ``nombre``, ``edicion``, ``tipo``.
Optional: ``coste``, ``fuerza``, ``raza``, ``escuela``, ``atributo``, ``frecuencia``,
``habilidad``, ``palabras_clave`` (separated by commas), ``identidad``, ``ilustrador``,
``origen``. Blank rows are skipped. Every wrong cell is reported with its row and
column, and the whole file is rejected when any row is wrong.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from ..errors import CatalogImportError
from ..keywords import KEYWORDS, declared_keywords, normalize_breaks
from ..model import Card, fold, slugify
from ...xlsx_bounds import cell_text
from ._fields import card_type, read_utf8, school_of

REQUIRED = ("codigo", "nombre", "edicion", "tipo")
OPTIONAL = ("coste", "fuerza", "raza", "escuela", "atributo", "frecuencia", "habilidad",
            "palabras_clave", "identidad", "ilustrador", "origen")
COLUMNS = REQUIRED + OPTIONAL
ALIASES = {
    "codigo": "codigo", "code": "codigo", "codigo de coleccion": "codigo",
    "nombre": "nombre", "name": "nombre", "carta": "nombre",
    "edicion": "edicion", "edition": "edicion",
    "tipo": "tipo", "type": "tipo",
    "coste": "coste", "costo": "coste", "cost": "coste",
    "fuerza": "fuerza", "strength": "fuerza",
    "raza": "raza", "race": "raza",
    "escuela": "escuela", "escuela elemental": "escuela",
    "atributo": "atributo",
    "frecuencia": "frecuencia", "rareza": "frecuencia", "rarity": "frecuencia",
    "habilidad": "habilidad", "texto": "habilidad", "text": "habilidad",
    "palabras clave": "palabras_clave", "palabras_clave": "palabras_clave",
    "keywords": "palabras_clave",
    "identidad": "identidad", "identity": "identidad",
    "ilustrador": "ilustrador", "illustrator": "ilustrador",
    "origen": "origen",
}
_KW_BY_FOLD = {fold(k): k for k in KEYWORDS}
MAX_ERRORS = 20


def read_table(path: str | Path, kind: str | None = None) -> list[Card]:
    path = Path(path)
    kind = kind or ("xlsx" if path.suffix.lower() in (".xlsx", ".xlsm") else "csv")
    rows = _xlsx_rows(path) if kind == "xlsx" else _csv_rows(path)
    try:
        return parse_rows(rows)
    except CatalogImportError as exc:
        raise exc.with_source(str(path))


def _csv_rows(path: Path) -> list[tuple[int, list[Any]]]:
    text = read_utf8(path, "guárdalo como «CSV UTF-8»")
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count) if first else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        return [(reader.line_num, row) for row in reader]
    except csv.Error as exc:
        raise CatalogImportError(f"CSV mal formado en la línea {reader.line_num}: {exc}",
                                 source=str(path)) from None


# the catalog sheet's bounds (docs/catalog.md): the whole DeckForge catalog is ~6,000 rows of
# 15 columns and under 10 MB unpacked
MAX_XLSX_BYTES = 20 * 1024 * 1024
MAX_XLSX_UNCOMPRESSED = 60 * 1024 * 1024
MAX_XLSX_ROWS = 50_000
MAX_XLSX_CELLS = 2_000_000  # rows × columns: a row is read padded to MAX_XLSX_COLUMNS
MAX_XLSX_CHARS = 40_000_000
MAX_XLSX_COLUMNS = 40


def _xlsx_rows(path: Path) -> list[tuple[int, list[Any]]]:
    from openpyxl import load_workbook  # only XLSX catalogs pay for openpyxl (and numpy)

    from ...xlsx_bounds import SheetBoundError, bounded_rows, zip_problem

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CatalogImportError(f"no se pudo leer el archivo: {exc.strerror}", source=str(path)) from None
    if len(data) > MAX_XLSX_BYTES:
        raise CatalogImportError(f"el archivo pesa más de {MAX_XLSX_BYTES // (1024 * 1024)} MB",
                                 source=str(path))
    problem = zip_problem(data, MAX_XLSX_UNCOMPRESSED)
    if problem:
        raise CatalogImportError(problem, source=str(path))
    try:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many types for a bad file
        raise CatalogImportError(f"no es un archivo XLSX válido ({type(exc).__name__})",
                                 source=str(path)) from None
    try:
        ws = wb.worksheets[0]
        return [(i, list(row)) for i, row in bounded_rows(
            ws, max_rows=MAX_XLSX_ROWS, max_cells=MAX_XLSX_CELLS, max_chars=MAX_XLSX_CHARS,
            max_columns=MAX_XLSX_COLUMNS)]
    except SheetBoundError as exc:
        raise CatalogImportError(exc.message, f"fila {exc.row}", source=str(path)) from None
    finally:
        wb.close()


def _header(cells: list[Any]) -> dict[int, str]:
    columns: dict[int, str] = {}
    unknown = []
    for i, cell in enumerate(cells):
        label = "" if cell is None else str(cell)
        key = fold(label)
        if not key:
            continue
        name = ALIASES.get(key) or ALIASES.get(key.replace(" ", "_"))
        if name is None:
            unknown.append(label.strip())
            continue
        if name in columns.values():
            raise CatalogImportError(f"la columna «{name}» aparece dos veces", "fila 1")
        columns[i] = name
    if unknown:
        raise CatalogImportError(
            "columnas desconocidas: " + ", ".join(f"«{u}»" for u in unknown)
            + " (columnas válidas: " + ", ".join(COLUMNS) + ")", "fila 1")
    missing = [c for c in REQUIRED if c not in columns.values()]
    if missing:
        raise CatalogImportError("faltan columnas obligatorias: " + ", ".join(missing), "fila 1")
    return columns




def parse_rows(rows: list[tuple[int, list[Any]]]) -> list[Card]:
    rows = [(n, r) for n, r in rows if any(cell_text(c, keep_lines=True) for c in r)]
    if not rows:
        raise CatalogImportError("el archivo está vacío (falta la fila de columnas)")
    _header_row, header = rows[0]
    columns = _header(header)
    errors: list[CatalogImportError] = []
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for number, cells in rows[1:]:
        values = {name: cell_text(cells[i], keep_lines=True) if i < len(cells) else "" for i, name in columns.items()}
        row_errors: list[CatalogImportError] = []
        card = _row_card(values, number, row_errors)
        if card is not None and card.code in seen:
            row_errors.append(CatalogImportError(
                f"código {card.code} repetido (ya estaba en la fila {seen[card.code]})",
                f"fila {number}", "codigo"))
        if card is not None and not row_errors:
            seen[card.code] = number
            cards.append(card)
        errors.extend(row_errors)
    if errors:
        raise CatalogImportError.many(errors, MAX_ERRORS)
    if not cards:
        raise CatalogImportError("el archivo no tiene cartas (solo la fila de columnas)")
    return cards


def _row_card(v: dict[str, str], number: int, errors: list) -> Card | None:
    where = f"fila {number}"

    def err(field: str, message: str) -> None:
        errors.append(CatalogImportError(message, where, field))

    for field in REQUIRED:
        if not v.get(field):
            err(field, "falta el valor (columna obligatoria)")
    type_ = None
    if v.get("tipo"):
        try:
            type_ = card_type(v["tipo"], where, "tipo")
        except CatalogImportError as exc:
            errors.append(exc)

    def integer(field: str) -> int | None:
        raw = v.get(field, "")
        if raw in ("", "-"):
            return None
        try:
            return int(raw)
        except ValueError:
            err(field, f"se esperaba un número entero, vino «{raw}»")
            return None

    cost, strength = integer("coste"), integer("fuerza")
    attribute = v.get("atributo") or None
    if attribute is not None:
        attribute = {"luz": "Luz", "oscuridad": "Oscuridad"}.get(fold(attribute))
        if attribute is None:
            err("atributo", f"atributo desconocido «{v['atributo']}» (Luz u Oscuridad)")
    keywords: set[str] = set()
    for part in (v.get("palabras_clave") or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        kw = _KW_BY_FOLD.get(fold(part))
        if kw is None:
            err("palabras_clave", f"palabra clave desconocida «{part.strip()}» (válidas: "
                + ", ".join(KEYWORDS) + ")")
        else:
            keywords.add(kw)
    if errors:
        return None
    text = normalize_breaks(v.get("habilidad"))
    race = v.get("raza") or None
    assert type_ is not None
    return Card(
        code=v["codigo"].upper(), name=" ".join(v["nombre"].split()),
        edition=slugify(v["edicion"]), type=type_, identity=(v.get("identidad") or "").strip(),
        cost=cost, strength=strength, race=race, school=v.get("escuela") or school_of(race),
        attribute=attribute, rarity=v.get("frecuencia") or None, text=text,
        keywords=frozenset(keywords) | declared_keywords(text),
        illustrator=v.get("ilustrador") or None,
        origin=slugify(v["origen"]) if v.get("origen") else None,
    )
