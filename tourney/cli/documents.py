"""`tourney print …`, `tourney export`, `tourney import …`: the documents an organizer prints
and the event workbook.

EVENT is an event id or its exact name (read from the database), or a ``.json`` file of plain
values (the shape ``tourney.document_values.to_json`` writes; see docs/documents.md), which needs
no database. Output files are written whole or not at all.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import replace
from pathlib import Path

import click
from flask import current_app

from .. import db
from ..legality import load_formats
from ..models.events import User
from ..printing import render_blank_sheets, render_deck_sheets, render_pairings, render_slips, render_standings
from ..printing.adjudications import render_adjudications
from ..document_values import event_documents_from_json
from ..services import catalog as catalog_service
from ..services.documents import event_documents, find_event
from ..services.imports import import_decklists, import_players
from ..services.errors import ServiceError
from ..sheets import SheetFileError, SheetImportError, build_workbook
from ..sheets.safety import MAX_FILE_BYTES
from .common import CliError, friendly, with_appcontext

PAGE_SIZES = ("A4", "Letter")


def register(group: click.Group) -> None:
    group.add_command(print_group)
    group.add_command(export_command)
    group.add_command(import_group)


# -- helpers -----------------------------------------------------------------------------

def _write(path: str, data: bytes) -> None:
    """Atomic write: a temporary file in the same folder, renamed over the target.

    Only regular files are replaced that way; anything else that exists (``/dev/stdout``,
    ``/dev/null``, a pipe) is written to in place, never replaced.
    """
    target = Path(path)
    if target.is_dir():
        raise CliError(f"{target} es una carpeta: indique un archivo")
    if target.exists() and not target.is_file():
        with open(target, "wb") as fh:
            fh.write(data)
        return
    if target.parent and not target.parent.exists():
        raise CliError(f"no existe la carpeta {target.parent}")
    fd, tmp = tempfile.mkstemp(prefix=".tourney-", dir=str(target.parent or "."))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _from_json(path: Path, page_size: str | None):
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"no se pudo leer {path}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise CliError(f"{path.name}: JSON inválido en la línea {exc.lineno}, columna {exc.colno}: "
                       f"{exc.msg}") from None
    try:
        docs = event_documents_from_json(raw)
    except (ValueError, TypeError, KeyError) as exc:
        raise CliError(f"{path.name}: {exc}") from None
    if page_size:
        docs = replace(docs, event=replace(docs.event, page_size=page_size))
    return docs


def _load(event_ref: str, page_size: str | None, table_round: int | None = None,
          standings_round: int | None = None, leagues: bool = False):
    """EventDocuments from a JSON file or from the database (read only)."""
    if event_ref.lower().endswith(".json"):
        path = Path(event_ref)
        if not path.exists():
            raise CliError(f"no existe el archivo {path}")
        return _from_json(path, page_size)
    try:
        with db.session_scope() as session:
            event = find_event(session, event_ref)
            return event_documents(
                session, event, catalog=catalog_service.load_catalog(session),
                formats=load_formats(current_app.config["FORMATS_DIR"]),
                page_size=page_size or None, table_round=table_round,
                standings_round=standings_round, leagues=leagues)
    except ServiceError as exc:
        raise CliError(exc.message) from None


def _round(docs, number: int | None):
    try:
        return docs.round(number)
    except LookupError as exc:
        raise CliError(str(exc)) from None


def _done(path: str, what: str, data: bytes) -> None:
    _write(path, data)
    pages = ""
    if path.lower().endswith(".pdf"):
        count = len(re.findall(rb"/Type /Page(?![a-zA-Z])", data))  # reportlab writes plain page objects
        pages = f", {count} página{'s' if count != 1 else ''}"
    click.echo(f"{what}: {path} ({len(data) // 1024} KB{pages})")


_event_arg = click.argument("event", metavar="EVENTO")
_out = click.option("-o", "--output", "output", required=True, metavar="ARCHIVO",
                    help="Archivo de salida.")
_size = click.option("--page-size", type=click.Choice(PAGE_SIZES, case_sensitive=False),
                     default=None, help="Tamaño de página (por defecto el del evento o del JSON; A4 si no dice).")
_round_opt = click.option("--round", "round_number", type=click.IntRange(1, 99), default=None,
                          help="Número de ronda (por defecto, la última).")


def _norm_size(size: str | None) -> str | None:
    return None if size is None else ("A4" if size.upper() == "A4" else "Letter")


# -- tourney print ----------------------------------------------------------------------------

@click.group("print", help="Imprime documentos del evento en PDF (A4 o carta).")
def print_group() -> None:
    pass


@print_group.command("decksheets", help="Hojas de registro de mazo: una por jugador inscrito, "
                     "ordenadas por nombre (o en blanco con --blank).")
@_event_arg
@_round_opt
@click.option("--blank", is_flag=True, help="Hojas en blanco para llenar a mano.")
@click.option("--count", type=click.IntRange(1, 1000), default=1, show_default=True,
              help="Cuántas hojas en blanco.")
@_size
@_out
@with_appcontext
@friendly
def print_decksheets(event: str, round_number: int | None, blank: bool, count: int,
                     page_size: str | None, output: str) -> None:
    docs = _load(event, _norm_size(page_size), table_round=round_number)
    if round_number is not None and not event.lower().endswith(".json"):
        _round(docs, round_number)
    if blank:
        _done(output, f"{count} hoja(s) de registro en blanco", render_blank_sheets(docs.event, count))
        return
    if not docs.decks:
        raise CliError("el evento no tiene jugadores inscritos (use --blank para hojas en blanco)")
    with_list = sum(1 for d in docs.decks if d.castle)
    _done(output, f"Hojas de registro de {len(docs.decks)} jugadores ({with_list} con lista inscrita)",
          render_deck_sheets(docs.event, docs.decks, round_number=round_number))


@print_group.command("pairings", help="Emparejamientos de una ronda: por mesa y por orden "
                     "alfabético, en letra grande para la pared.")
@_event_arg
@_round_opt
@click.option("--order", type=click.Choice(["mesa", "alfabetico", "ambos"]), default="ambos",
              show_default=True)
@_size
@_out
@with_appcontext
@friendly
def print_pairings(event: str, round_number: int | None, order: str, page_size: str | None,
                   output: str) -> None:
    docs = _load(event, _norm_size(page_size))
    rnd = _round(docs, round_number)
    _done(output, f"Emparejamientos de la ronda {rnd.number} ({len(rnd.pairings)} mesas)",
          render_pairings(docs.event, rnd.number, rnd.pairings, order=order, name=rnd.name))


@print_group.command("slips", help="Hojas de resultado: una por mesa, cuatro por página, con "
                     "líneas de corte.")
@_event_arg
@_round_opt
@_size
@_out
@with_appcontext
@friendly
def print_slips(event: str, round_number: int | None, page_size: str | None, output: str) -> None:
    docs = _load(event, _norm_size(page_size))
    rnd = _round(docs, round_number)
    tables = sum(1 for p in rnd.pairings if not p.is_bye)
    _done(output, f"Hojas de resultado de la ronda {rnd.number} ({tables} mesas)",
          render_slips(docs.event, rnd.number, rnd.pairings, name=rnd.name))


@print_group.command("standings", help="Clasificación con desempates (OMW%, GW%, OGW%) y el "
                     "cuadro del corte final.")
@_event_arg
@_round_opt
@_size
@_out
@with_appcontext
@friendly
def print_standings(event: str, round_number: int | None, page_size: str | None,
                    output: str) -> None:
    docs = _load(event, _norm_size(page_size), standings_round=round_number)
    if not docs.standings:
        raise CliError("todavía no hay clasificación: no se ha jugado ninguna ronda")
    number = round_number or (docs.rounds[-1].number if docs.rounds else None)
    _done(output, f"Clasificación tras la ronda {number} ({len(docs.standings)} jugadores)",
          render_standings(docs.event, number, docs.standings, docs.bracket,
                           final=docs.final_standings))


@print_group.command("adjudications", help="Partidas arbitradas: mesa, juego, veredicto, regla y "
                     "si los mazos del registro calzan con la inscripción y los cambios.")
@_event_arg
@_size
@_out
@with_appcontext
@friendly
def print_adjudications(event: str, page_size: str | None, output: str) -> None:
    docs = _load(event, _norm_size(page_size))
    _done(output, f"Partidas arbitradas ({len(docs.adjudications)})",
          render_adjudications(docs.event, docs.adjudications))


# -- tourney export / import ----------------------------------------------------------------------

@click.command("export", help="Exporta el libro del evento en XLSX: jugadores, listas, rondas y "
               "resultados, clasificación y cambios de Soporte.")
@_event_arg
@_out
@with_appcontext
@friendly
def export_command(event: str, output: str) -> None:
    if not output.lower().endswith(".xlsx"):
        raise CliError("el archivo de salida debe terminar en .xlsx")
    docs = _load(event, None, leagues=True)
    _done(output, f"Libro del evento «{docs.event.name}» ({len(docs.players)} jugadores, "
          f"{len(docs.rounds)} rondas)", build_workbook(docs))


@click.group("import", help="Importa jugadores o listas desde una planilla XLSX (todo o nada).")
def import_group() -> None:
    pass


def _read_upload(path: str) -> bytes:
    file = Path(path)
    if not file.exists():
        raise CliError(f"no existe el archivo {file}")
    if file.stat().st_size > MAX_FILE_BYTES:
        raise CliError(f"{file.name}: el archivo pesa {file.stat().st_size / 1024 / 1024:.1f} MB; el "
                       f"máximo es {MAX_FILE_BYTES // (1024 * 1024)} MB")
    return file.read_bytes()


def _import(event_ref: str, path: str, kind: str) -> None:
    if event_ref.lower().endswith(".json"):
        raise CliError("para importar, EVENTO debe ser un evento de la base de datos (id o nombre)")
    data = _read_upload(path)
    name = Path(path).name
    try:
        with db.session_scope() as session:
            event = find_event(session, event_ref)
            actor = session.get(User, event.organizer_id)
            if actor is None:
                raise CliError(f"el evento «{event.name}» no tiene organizador")
            if kind == "players":
                summary = import_players(session, actor, event, data)
                what = f"{summary.created} jugadores inscritos en «{event.name}»"
            else:
                formats = load_formats(current_app.config["FORMATS_DIR"])
                if event.format_id not in formats:
                    raise CliError(f"el formato del evento «{event.format_id}» no existe")
                summary = import_decklists(session, actor, event, data, formats[event.format_id],
                                           catalog_service.load_catalog(session))
                what = (f"{summary.created} listas importadas en «{event.name}» "
                        f"({summary.legal} legales, {len(summary.illegal)} ilegales)")
    except SheetFileError as exc:
        raise CliError(f"{name}: {exc}") from None
    except SheetImportError as exc:
        raise CliError(f"{name}: {exc}") from None
    except ServiceError as exc:
        raise CliError(exc.message) from None
    click.echo(what)
    for line in summary.lines():
        click.echo(f"  aviso: {line}")


@import_group.command("players", help="Jugadores: columnas Nombre, ID / correo, Byes, Retirado.")
@_event_arg
@click.argument("file", metavar="ARCHIVO.xlsx")
@with_appcontext
@friendly
def import_players_command(event: str, file: str) -> None:
    _import(event, file, "players")


@import_group.command("decklists", help="Listas: hoja Mazos (Jugador, Sección, Cantidad, Carta) "
                      "o una hoja por jugador (Sección, Cantidad, Carta).")
@_event_arg
@click.argument("file", metavar="ARCHIVO.xlsx")
@with_appcontext
@friendly
def import_decklists_command(event: str, file: str) -> None:
    _import(event, file, "decklists")
