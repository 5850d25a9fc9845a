"""`tourney catalog …`: import, sync, stats, show."""
from __future__ import annotations

import json

import click
from flask import current_app
from sqlmodel import Session

from .. import db
from ..catalog.errors import CatalogImportError
from ..services.catalog import API_BASE_URL, catalog_stats, import_files, load_catalog, sync_edition
from .common import EXIT_UNREADABLE, CliError, friendly, with_appcontext


@click.group("catalog", help="Catálogo de cartas: importar, sincronizar, consultar.")
def catalog_group() -> None:
    pass


def register(group: click.Group) -> None:
    group.add_command(catalog_group)


@catalog_group.command("import", help=(
    "Importa cartas desde archivos o carpetas (DeckForge JSON, respuesta de api.myl.cl, "
    "CSV o XLSX). "
    "Reimportar el mismo archivo no cambia nada; un archivo con errores se rechaza entero."))
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["deckforge", "deckforge-src", "api", "csv", "xlsx"]),
              default=None, help="Formato de los archivos (por defecto se detecta).")
@click.option("--dry-run", is_flag=True,
              help="Revisa los archivos y muestra qué cambiaría, sin guardar nada.")
@with_appcontext
@friendly
def import_command(paths: tuple[str, ...], fmt: str | None, dry_run: bool) -> None:
    try:
        if dry_run:
            session = Session(db.engine_for_app(current_app))
            try:
                report = import_files(session, list(paths), fmt)
            finally:
                session.rollback()
                session.close()
        else:
            with db.session_scope(current_app) as session:
                report = import_files(session, list(paths), fmt)
    except CatalogImportError as exc:
        raise CliError(f"importación rechazada, el catálogo no cambió. {exc}", EXIT_UNREADABLE)
    prefix = "Simulación (no se guardó nada): " if dry_run else ""
    click.echo(prefix + report.summary())


@catalog_group.command("sync", help=(
    "Descarga una edición desde api.myl.cl y la importa (requiere conexión)."))
@click.option("--edition", "slug", required=True, help="Edición, p. ej. escuelas-elementales.")
@click.option("--base-url", default=None, help="Servidor de la API (por defecto https://api.myl.cl).")
@with_appcontext
@friendly
def sync_command(slug: str, base_url: str | None) -> None:
    try:
        with db.session_scope(current_app) as session:
            report = sync_edition(session, slug, base_url or API_BASE_URL)
    except CatalogImportError as exc:
        raise CliError(f"sincronización fallida, el catálogo no cambió. {exc}", EXIT_UNREADABLE)
    click.echo(report.summary())


@catalog_group.command("stats", help="Resumen del catálogo: cartas por edición y tipo.")
@click.option("--json", "as_json", is_flag=True, help="Salida en JSON.")
@with_appcontext
@friendly
def stats_command(as_json: bool) -> None:
    with db.session_scope(current_app) as session:
        stats = catalog_stats(session)
    if as_json:
        click.echo(json.dumps(stats, ensure_ascii=False, indent=2))
        return
    if not stats["cards"]:
        click.echo("El catálogo está vacío. Importe cartas con `tourney catalog import ARCHIVO`.")
        return
    click.echo(f"Cartas (impresiones): {stats['cards']}; cartas distintas (identidades): "
               f"{stats['identities']}")
    click.echo("Por edición:")
    for slug, (name, n) in stats["editions"].items():
        click.echo(f"  {name} ({slug}): {n}")
    click.echo("Por tipo: " + ", ".join(f"{t} {n}" for t, n in stats["types"].items()))
    click.echo(f"Únicas: {stats['unique']}; Mercenarios: {stats['mercenary']}; "
               f"Errantes: {stats['wanderer']}; Oros sin habilidad: {stats['plain_gold']}")


@catalog_group.command("show", help="Muestra una carta por nombre (o «Nombre (CÓDIGO)»).")
@click.argument("name", nargs=-1, required=True)
@with_appcontext
@friendly
def show_command(name: tuple[str, ...]) -> None:
    query = " ".join(name)
    with db.session_scope(current_app) as session:
        catalog = load_catalog(session)
    code_hit = catalog.by_code(query)
    resolution = catalog.resolve(query)
    cards = [code_hit] if code_hit is not None and not resolution.cards else list(resolution.cards)
    if not cards:
        hint = (" ¿Quisiste decir: " + "; ".join(resolution.suggestions) + "?"
                if resolution.suggestions else "")
        raise CliError(f"no hay ninguna carta llamada «{query}» en el catálogo.{hint}", 1)
    identities: dict[str, list] = {}
    for card in cards:
        identities.setdefault(card.identity, []).append(card)
    if len(identities) > 1:
        click.echo(f"«{query}» nombra {len(identities)} cartas distintas; en un mazo escriba "
                   "«Nombre (CÓDIGO)» para elegir:")
    for identity, printings in identities.items():
        click.echo(format_card(printings[0], catalog.printings(identity)))


def format_card(card, printings) -> str:
    lines = [f"{card.name} — {card.type}"]
    facts = []
    if card.cost is not None:
        facts.append(f"Coste {card.cost}")
    if card.strength is not None:
        facts.append(f"Fuerza {card.strength}")
    if card.race:
        facts.append(f"Raza {card.race}")
    if card.school:
        facts.append(f"Escuela {card.school}")
    if card.attribute:
        facts.append(f"Atributo {card.attribute}")
    if facts:
        lines.append("  " + " · ".join(facts))
    flags = sorted(card.keywords)
    if card.plain_gold:
        flags.append("Oro sin habilidad")
    if flags:
        lines.append("  Habilidades clave: " + ", ".join(flags))
    if card.text:
        lines.extend("  " + line for line in card.text.splitlines())
    lines.append(f"  Identidad: {card.identity}")
    lines.append("  Impresiones: " + ", ".join(
        f"{p.code} ({p.edition}{', ' + p.rarity if p.rarity else ''})" for p in printings))
    return "\n".join(lines)
