"""`tourney deck …`: check a decklist against a format, list the formats.

Exit codes of ``tourney deck check``: 0 legal, 1 illegal, 2 unreadable input
(decklist, format file, unknown format id, missing catalog).
"""
from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import click

from ..catalog import Card, Catalog
from ..catalog.errors import CatalogImportError
from ..catalog.model import fold, slugify
from ..legality import (
    DEFAULT_FORMATS_DIR,
    DecklistError,
    FormatError,
    LegalityError,
    decode_decklist,
    load_formats,
    parse_decklist,
    parse_decklist_xlsx,
    validate,
)
from ..legality.decklist import MAX_DECKLIST_BYTES, check_unknown_names
from ..legality.decklist_xlsx import MAX_XLSX_BYTES
from .common import (EXIT_ILLEGAL, EXIT_OK, EXIT_UNREADABLE, CliError, app_context, app_setting,
                     friendly)


def _formats_dir(option: str | None) -> Path:
    if option:
        return Path(option)
    return Path(app_setting("FORMATS_DIR", DEFAULT_FORMATS_DIR))


def _load_formats(formats_dir: Path):
    try:
        return load_formats(formats_dir)
    except FormatError as exc:
        raise CliError(f"archivo de formato inválido: {exc}", EXIT_UNREADABLE) from None


def _simple_name_catalog(path: Path):
    """A catalog from a CSV with just ``nombre``/``name`` and ``tipo``/``type`` columns
    (for games without a card database, e.g. Magic or Sky World)."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CliError(f"{path.name}: el catálogo no está en UTF-8") from None
    rows = list(csv.reader(io.StringIO(text), delimiter=";" if text.count(";") > text.count(",") else ","))
    if not rows:
        raise CliError(f"{path.name}: el catálogo está vacío")
    header = [fold(c) for c in rows[0]]
    name_col = next((i for i, c in enumerate(header) if c in ("nombre", "name", "carta")), None)
    type_col = next((i for i, c in enumerate(header) if c in ("tipo", "type")), None)
    if name_col is None:
        raise CliError(f"{path.name}, fila 1: falta la columna «nombre»")
    cards = []
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        name = row[name_col].strip() if name_col < len(row) else ""
        if not name:
            raise CliError(f"{path.name}, fila {number}, columna nombre: falta el nombre")
        kind = row[type_col].strip() if type_col is not None and type_col < len(row) else ""
        cards.append(Card(code=f"{slugify(name)}-{number}", name=name, edition="", type=kind,
                          identity=slugify(name) or name))
    return Catalog.from_cards(cards)


def _catalog_from_file(path: Path):
    from ..catalog.importers.detect import read_files

    if not path.is_file():
        raise CliError(f"no existe el catálogo {path}")
    try:
        cards, editions = read_files([path])
    except CatalogImportError as exc:
        if path.suffix.lower() == ".csv":
            return _simple_name_catalog(path)
        raise CliError(f"catálogo ilegible: {exc}") from None
    return Catalog.from_cards(cards, editions)


def _catalog_from_db():
    from sqlalchemy.exc import OperationalError, ProgrammingError

    from .. import db
    from ..services.catalog import load_catalog

    try:
        with db.session_scope() as session:
            catalog = load_catalog(session)
    except (OperationalError, ProgrammingError):  # no card table yet
        raise CliError("la base de datos no tiene las tablas del catálogo: ejecuta «tourney db "
                       "upgrade» e importa las cartas, o usa --catalog ARCHIVO") from None
    if len(catalog) == 0:
        raise CliError("el catálogo de la base de datos está vacío: importa las cartas con "
                       "«tourney catalog import ARCHIVO» o usa --catalog ARCHIVO")
    return catalog


def _read_decklist(path: str, game):
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_DECKLIST_BYTES + 1)
            name = "entrada estándar"
        else:
            p = Path(path)
            name = p.name
            if not p.is_file():
                raise CliError(f"no existe el archivo {path}")
            if p.suffix.lower() in (".xlsx", ".xlsm"):
                return parse_decklist_xlsx(p, game)
            size = p.stat().st_size
            if size > MAX_DECKLIST_BYTES:
                raise CliError(f"{name}: el archivo es demasiado grande ({size // 1024} KB; el máximo es "
                               f"{MAX_DECKLIST_BYTES // 1024} KB)")
            with p.open("rb") as fh:
                data = fh.read(max(MAX_DECKLIST_BYTES, MAX_XLSX_BYTES) + 1)
        return parse_decklist(decode_decklist(data), game)
    except DecklistError as exc:
        raise CliError(f"{name}: no se pudo leer la lista: {exc}", EXIT_UNREADABLE) from None
    except OSError as exc:
        raise CliError(f"no se pudo leer {path}: {exc.strerror}") from None


@click.group("deck", help="Mazos: revisar una lista contra un formato y ver los formatos.")
def deck_group() -> None:
    pass


@deck_group.command("check", help="Revisa una lista de mazo (texto o XLSX) contra un formato. "
                                  "Sale con 0 si es legal, 1 si es ilegal, 2 si la entrada no se puede leer.")
@click.option("--format", "format_id", required=True, metavar="ID", help="id del formato (ver «tourney deck formats»)")
@click.argument("file", metavar="ARCHIVO")
@click.option("--json", "as_json", is_flag=True, help="imprime el veredicto como un objeto JSON")
@click.option("--catalog", "catalog_path", type=click.Path(dir_okay=False), default=None,
              help="catálogo de cartas en archivo (DeckForge JSON, api.myl.cl, CSV/XLSX) en vez de la base de datos")
@click.option("--formats-dir", type=click.Path(file_okay=False), default=None,
              help="carpeta de archivos de formato (por defecto, la configurada)")
@friendly
def check_command(format_id: str, file: str, as_json: bool, catalog_path: str | None,
                  formats_dir: str | None) -> None:
    formats = _load_formats(_formats_dir(formats_dir))
    fmt = formats.get(format_id)
    if fmt is None:
        raise CliError(f"formato desconocido «{format_id}»; formatos disponibles: {', '.join(sorted(formats))}")
    deck = _read_decklist(file, fmt.game)
    if catalog_path:
        catalog = _catalog_from_file(Path(catalog_path))
    elif fmt.game.catalog_required:
        with app_context():
            catalog = _catalog_from_db()
    else:
        catalog = None
    try:
        check_unknown_names(deck, catalog)  # bounded work: at most MAX_UNKNOWN_NAMES suggestions
        verdict = validate(deck, fmt, catalog)
    except LegalityError as exc:
        raise CliError(str(exc)) from None
    if as_json:
        click.echo(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(verdict.render())
    sys.exit(EXIT_OK if verdict.legal else EXIT_ILLEGAL)


@deck_group.command("formats", help="Lista los formatos disponibles.")
@click.option("--json", "as_json", is_flag=True, help="imprime la lista como JSON")
@click.option("--formats-dir", type=click.Path(file_okay=False), default=None)
@click.option("--record", is_flag=True, help="registra los formatos en la base de datos (tabla format)")
@friendly
def formats_command(as_json: bool, formats_dir: str | None, record: bool) -> None:
    formats = _load_formats(_formats_dir(formats_dir))
    if record:
        from .. import db
        from ..services.legality import record_formats

        with app_context(), db.session_scope() as session:
            changed = record_formats(session, formats)
        click.echo(f"Formatos registrados: {len(formats)} ({len(changed)} nuevos o cambiados).", err=as_json)
    rows = []
    for fid in sorted(formats):
        fmt = formats[fid]
        rows.append({"id": fid, "name": fmt.name, "game": fmt.game.id, "game_name": fmt.game.name,
                     "sizes": fmt.describe_sizes(), "rules": list(fmt.rules),
                     "description": fmt.description})
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for row in rows:
        click.echo(f"{row['id']}: {row['name']} ({row['game_name']}) — {row['sizes']}")
        if row["description"]:
            click.echo(f"    {row['description']}")


def register(group: click.Group) -> None:
    group.add_command(deck_group)
