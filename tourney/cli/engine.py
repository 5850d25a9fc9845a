"""`tourney adjudicate`, `tourney engine generate` and `tourney engine play-random`: the rules
engine from the command line."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from ..ids import MAX_ID
from .common import (EXIT_ILLEGAL, EXIT_OK, EXIT_UNREADABLE, CliError, app_context, friendly,
                     with_appcontext)


def register(group: click.Group) -> None:
    group.add_command(adjudicate_command)
    group.add_command(engine_group)


def _load_catalog(path: str | None):
    """The catalog from a DeckForge JSON file (``--catalog``) or else from the database."""
    from ..catalog import Catalog

    if path:
        from ..catalog.errors import CatalogImportError
        from ..catalog.importers.deckforge import load_deckforge_cards

        try:
            cards, editions = load_deckforge_cards(path)
        except CatalogImportError as exc:
            raise CliError(f"no se pudo leer el catálogo: {exc}", EXIT_UNREADABLE) from None
        return Catalog.from_cards(cards, editions)
    from sqlalchemy.exc import SQLAlchemyError

    from .. import db
    from ..services.catalog import load_catalog

    try:
        with app_context() as app, db.session_scope(app) as session:
            catalog = load_catalog(session)
    except SQLAlchemyError as exc:
        raise CliError("no se pudo leer el catálogo de la base de datos (¿falta `tourney db "
                       f"upgrade`?): {type(exc).__name__}; o use --catalog ARCHIVO.json",
                       EXIT_UNREADABLE) from None
    if not len(catalog):
        raise CliError("el catálogo está vacío: importe cartas con `tourney catalog import "
                       "ARCHIVO` o use --catalog ARCHIVO.json", EXIT_UNREADABLE)
    return catalog


def _read_text(path: str, what: str) -> str:
    try:
        return Path(path).read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise CliError(f"no existe {what} {path}", EXIT_UNREADABLE) from None
    except IsADirectoryError:
        raise CliError(f"{what} {path} es una carpeta, no un archivo", EXIT_UNREADABLE) from None
    except OSError as exc:
        raise CliError(f"no se pudo leer {what} {path}: {exc.strerror or exc}", EXIT_UNREADABLE) from None
    except UnicodeDecodeError as exc:
        raise CliError(f"{what} {path} no está en UTF-8 (byte {exc.start})", EXIT_UNREADABLE) from None


def _two_decks(catalog_path: str | None, deck_a: str | None, deck_b: str | None, seed: int):
    """The catalog, its resolver, the two decks (read from their lists, or random with the
    seed) and how a record names a card: what `engine generate` and `engine play-random` share."""
    from ..engine import catalog_resolver
    from ..engine.generate import DeckError, random_deck, read_deck
    from ..legality.decklist import parse_decklist
    from ..legality.errors import DecklistError

    catalog = _load_catalog(catalog_path)
    resolve = catalog_resolver(catalog)
    rng = random.Random(seed)
    decks = []
    for path in (deck_a, deck_b):
        if path:
            try:
                decks.append(read_deck(parse_decklist(_read_text(path, "el mazo")).main, resolve))
            except (DeckError, DecklistError) as exc:
                raise CliError(f"mazo {path}, {exc}", EXIT_UNREADABLE) from None
        else:
            decks.append(random_deck(list(catalog), rng))

    def name_of(card):
        return card.name if catalog.resolve(card.name).ok else f"{card.name} ({card.code})"

    return catalog, resolve, decks, name_of


def describe(verdict, names: dict[str, str]) -> str:
    """The verdict in Spanish (kept here for callers; it lives in ``engine.verdict``)."""
    return verdict.describe(names)


@click.command("adjudicate", help=(
    "Arbitra una partida registrada (JSON Lines): dice quién ganó o cuál fue la primera acción "
    "ilegal y con qué regla. Salida 0 = todo legal, 1 = acción ilegal, 2 = registro ilegible."))
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Veredicto en JSON.")
@click.option("--catalog", "catalog_path", type=click.Path(), default=None,
              help="Catálogo DeckForge JSON en vez de la base de datos.")
@click.option("--event", "event_id", type=click.IntRange(1, MAX_ID), default=None,
              help="Con --match y --game: guarda el veredicto en ese evento (como la subida web).")
@click.option("--match", "match_id", type=click.IntRange(1, MAX_ID), default=None,
              help="La mesa (el número de /eventos/ID/mesas/N).")
@click.option("--game", "game_no", type=int, default=None, help="El juego de la partida: 1, 2 o 3.")
@click.option("--first-player", "first_player", default=None, metavar="JUGADOR",
              help="Con --event: qué jugador de la mesa es el primero de la cabecera del registro "
                   "(su nombre inscrito o el id de su inscripción), si el registro usa otros nombres.")
@friendly
def adjudicate_command(record: str, as_json: bool, catalog_path: str | None,
                       event_id: int | None = None, match_id: int | None = None,
                       game_no: int | None = None, first_player: str | None = None) -> None:
    from ..engine import RecordError, adjudicate, catalog_resolver, read_record

    text = _read_text(record, "el registro")
    catalog = _load_catalog(catalog_path)
    if (event_id, match_id, game_no) != (None, None, None):  # store it in the event (issue 12)
        from .adjudication import store

        with app_context() as app:
            click.echo(store(app, record, text, event_id, match_id, game_no, catalog,
                             first_player=first_player), err=True)
    elif first_player is not None:
        raise CliError("--first-player va con --event ID --match N --game G", EXIT_UNREADABLE)
    try:
        game_record = read_record(text.splitlines(), catalog_resolver(catalog))
    except RecordError as exc:
        raise CliError(f"registro ilegible, línea {exc.line}: {exc.message}", EXIT_UNREADABLE) from None
    verdict = adjudicate(game_record)
    shuffle = _shuffle_check(text)
    if as_json:
        out = verdict.dumps()
        if shuffle is not None:  # a played table's record: its commit-reveal shuffle
            import json

            obj = json.loads(out)
            obj["shuffle"] = "ok" if shuffle == "" else shuffle
            out = json.dumps(obj, ensure_ascii=False)
        click.echo(out, nl=False)
    else:
        names = {p.id: p.name for p in game_record.header.players}
        click.echo(verdict.describe(names))
        if shuffle is not None:
            click.echo("Barajado: el orden de los Mazos Castillo corresponde a las semillas "
                       "reveladas." if shuffle == "" else f"Barajado incorrecto: {shuffle}.")
    sys.exit(EXIT_OK if verdict.legal and not shuffle else EXIT_ILLEGAL)


def _shuffle_check(text: str) -> str | None:
    """None: the header has no «shuffle»; "": its seeds give its Castillo orders; else why not."""
    import json

    from ..engine.shuffle import check_header

    try:
        head = json.loads(text.splitlines()[0])
    except (ValueError, IndexError):
        return None
    if not isinstance(head, dict) or "shuffle" not in head:
        return None
    shuffle = head["shuffle"]
    if isinstance(shuffle, dict) and "server" not in shuffle:
        return "la partida no terminó: las semillas aún no se revelan"
    return check_header(head) or ""


@click.group("engine", help="Motor de reglas: herramientas de prueba.")
def engine_group() -> None:
    pass


@engine_group.command("generate", help=(
    "Genera una partida legal al azar (con semilla) entre dos mazos reales del catálogo, como "
    "registro JSON Lines."))
@click.option("--seed", type=int, required=True, help="Semilla: misma semilla, misma partida.")
@click.option("--deck-a", type=click.Path(dir_okay=False), default=None,
              help="Lista del mazo A («N Nombre» por línea); por defecto uno al azar.")
@click.option("--deck-b", type=click.Path(dir_okay=False), default=None,
              help="Lista del mazo B; por defecto uno al azar.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Archivo de salida (por defecto, la salida estándar).")
@click.option("--catalog", "catalog_path", type=click.Path(), default=None,
              help="Catálogo DeckForge JSON en vez de la base de datos.")
@click.option("--max-turns", type=int, default=200, show_default=True,
              help="Tope de turnos; al llegar, la partida queda sin terminar.")
@click.option("--revealed", is_flag=True,
              help="Registro en orden «revealed» (como una partida en papel): cada robo y cada "
                   "carta botada nombra su carta.")
@with_appcontext
@friendly
def generate_command(seed: int, deck_a: str | None, deck_b: str | None, output: str | None,
                     catalog_path: str | None, max_turns: int, revealed: bool) -> None:
    from ..engine.generate import DeckError, generate_game, reveal_record
    from ..engine.record import dumps_line

    catalog, resolve, decks, name_of = _two_decks(catalog_path, deck_a, deck_b, seed)
    try:
        game = generate_game(decks[0], decks[1], seed, name_of, resolve, max_turns=max_turns)
    except DeckError as exc:
        raise CliError(f"mazo ilegal: {exc.message}", EXIT_UNREADABLE) from None
    if revealed:
        game = reveal_record(game, resolve)
    text = "".join(dumps_line(obj) + "\n" for obj in game)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        click.echo(f"Partida de {len(game) - 1} acciones escrita en {output}.", err=True)
    else:
        click.echo(text, nl=False)


@engine_group.command("play-random", help=(
    "Juega una partida en que ambos jugadores eligen al azar (con semilla) entre las acciones "
    "legales del motor, hasta que termina; escribe el registro (versión 2)."))
@click.option("--seed", type=int, required=True, help="Semilla: misma semilla, misma partida.")
@click.option("--deck-a", type=click.Path(dir_okay=False), default=None,
              help="Lista del mazo A («N Nombre» por línea); por defecto uno al azar.")
@click.option("--deck-b", type=click.Path(dir_okay=False), default=None,
              help="Lista del mazo B; por defecto uno al azar.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Archivo de salida (por defecto, la salida estándar).")
@click.option("--catalog", "catalog_path", type=click.Path(), default=None,
              help="Catálogo DeckForge JSON en vez de la base de datos.")
@click.option("--max-actions", type=click.IntRange(1, 100000), default=3000, show_default=True,
              help="Tope de acciones; al llegar, la partida queda sin terminar.")
@with_appcontext
@friendly
def play_random_command(seed: int, deck_a: str | None, deck_b: str | None, output: str | None,
                        catalog_path: str | None, max_actions: int) -> None:
    from ..engine.generate import DeckError
    from ..engine.play_random import play_random
    from ..engine.record import dumps_line

    catalog, resolve, decks, name_of = _two_decks(catalog_path, deck_a, deck_b, seed)
    try:
        objs, game = play_random(decks[0], decks[1], seed, name_of, resolve,
                                 max_actions=max_actions)
    except DeckError as exc:
        raise CliError(f"mazo ilegal: {exc.message}", EXIT_UNREADABLE) from None
    text = "".join(dumps_line(obj) + "\n" for obj in objs)
    if output:
        Path(output).write_text(text, encoding="utf-8")
        end = ("sin terminar" if game.outcome is None else
               f"ganó {game.players[game.outcome.winner].name}" if game.outcome.winner
               else "empate")
        click.echo(f"Partida de {len(objs) - 1} acciones ({end}) escrita en {output}.", err=True)
    else:
        click.echo(text, nl=False)
