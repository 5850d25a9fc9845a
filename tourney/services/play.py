"""Play tables (issue 24): open a casual table, sit, shuffle fairly; the table row.

No rule lives here: the engine (``Game.apply``) re-checks every action
(``services.play_actions``), ``legal_actions`` lists what a seat may do and ``seat_view``
filters what it may see (``services.play_state``), ``engine.shuffle`` makes the castle order.
This module only says who is at which seat and keeps the table row: its record (the game is
its record), its ``version`` (bumped by every change, conditioned on the version the request
saw, so two processes never both write) and the pending manual effect.
"""
from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import func, or_, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from ..engine.generate import DeckError, read_deck
from ..legality.decklist import parse_decklist
from ..legality.errors import DecklistError
from ..engine.record.model import dumps_line
from ..engine.record.v1 import catalog_resolver
from ..engine.shuffle import SEED_MAX, castle_order, commit
from ..legality.games import default_game
from ..models.catalog import utcnow
from ..models.events import User
from ..models.play import (
    TABLE_FINISHED,
    TABLE_PLAYING,
    TABLE_WAITING,
    PlayTable,
)
from .errors import Conflict, Forbidden, NotFound, ServiceError
from .play_notify import announce

MAX_OPEN_TABLES = 5  # tables not finished that one account has open or sits at
DECK_MAX = 20_000  # characters of a decklist
SEATS = ("A", "B")


# -- reading ---------------------------------------------------------------------------
def get_table(session: Session, token: str, fresh: bool = False) -> PlayTable:
    """The table of the link ``token``; ``fresh``: its row read again even if this session
    already holds it (another process may have changed it)."""
    query = select(PlayTable).where(PlayTable.token == token)
    if fresh:
        query = query.execution_options(populate_existing=True)
    table = session.exec(query).first()
    if table is None:
        raise NotFound("No existe esa mesa (revisa el enlace).")
    return table


def seat_of(table: PlayTable, user: User | None) -> str | None:
    if user is None or not getattr(user, "id", None):
        return None
    if table.seat_a_id == user.id:
        return "A"
    if table.seat_b_id == user.id:
        return "B"
    return None


def my_tables(session: Session, user: User) -> list[PlayTable]:
    return list(session.exec(select(PlayTable).where(or_(
        col(PlayTable.seat_a_id) == user.id, col(PlayTable.seat_b_id) == user.id)).order_by(
        PlayTable.id.desc()).limit(50)))  # type: ignore[union-attr]


def _open_count(session: Session, user: User) -> int:
    return session.exec(select(func.count()).select_from(PlayTable).where(
        PlayTable.status != TABLE_FINISHED,
        or_(col(PlayTable.seat_a_id) == user.id, col(PlayTable.seat_b_id) == user.id))).one()


# -- opening and sitting --------------------------------------------------------------
def check_deck(catalog: Any, text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise ServiceError("Pega tu Mazo Castillo (una carta por línea: «3 Kirin»).", "deck")
    if len(text) > DECK_MAX:
        raise ServiceError(f"La lista tiene más de {DECK_MAX} caracteres.", "deck")
    try:
        deck = read_deck(parse_decklist(text).main, catalog_resolver(catalog))
    except (DeckError, DecklistError) as exc:
        raise ServiceError(f"Mazo, {exc}", "deck") from None
    if len(deck.castle) + 1 < 10:
        raise ServiceError("El Mazo Castillo necesita al menos 10 cartas para jugar.", "deck")
    return text


def open_table(session: Session, user: User, deck: str, catalog: Any) -> PlayTable:
    """A casual table with ``user`` at seat A; the link (``token``) invites the other."""
    if _open_count(session, user) >= MAX_OPEN_TABLES:
        raise ServiceError(f"Ya tienes {MAX_OPEN_TABLES} mesas sin terminar: termina o concede "
                           "alguna antes de abrir otra.")
    server_seed = secrets.token_hex(32)
    table = PlayTable(token=secrets.token_urlsafe(16), seat_a_id=user.pk,
                      deck_a=check_deck(catalog, deck), server_seed=server_seed,
                      seed_commit=commit(server_seed))
    session.add(table)
    session.flush()
    return table


def join_table(session: Session, table: PlayTable, user: User, deck: str, catalog: Any) -> None:
    if seat_of(table, user) is not None:
        raise ServiceError("Ya estás sentado en esta mesa.")
    if table.seat_b_id is not None:
        raise Forbidden("La mesa ya tiene a sus dos jugadores.")
    if _open_count(session, user) >= MAX_OPEN_TABLES:
        raise ServiceError(f"Ya tienes {MAX_OPEN_TABLES} mesas sin terminar.")
    text = check_deck(catalog, deck)
    bump(session, table, seat_b_id=user.id, deck_b=text)


def add_seed(session: Session, table: PlayTable, user: User, seed: str, catalog: Any) -> None:
    """A seat's browser randomness for the shuffle; with both, the game starts."""
    seat = seat_of(table, user)
    if seat is None:
        raise Forbidden("Sólo los jugadores sentados barajan.")
    seed = (seed or "").strip()
    if not seed or len(seed) > SEED_MAX:
        raise ServiceError(f"La semilla del navegador debe tener de 1 a {SEED_MAX} caracteres.")
    if table.seat_b_id is None:
        raise ServiceError("Falta el segundo jugador: comparte el enlace de la mesa.")
    if (table.seed_a if seat == "A" else table.seed_b):
        raise ServiceError("Ya barajaste tu mazo en esta mesa.")
    changes: dict[str, Any] = {"seed_a" if seat == "A" else "seed_b": seed}
    seed_a = seed if seat == "A" else table.seed_a
    seed_b = seed if seat == "B" else table.seed_b
    if seed_a and seed_b:
        changes["record"] = dumps_line(_header(session, table, seed_a, seed_b, catalog)) + "\n"
        changes["status"] = TABLE_PLAYING
    bump(session, table, **changes)


def _header(session: Session, table: PlayTable, seed_a: str, seed_b: str,
            catalog: Any) -> dict[str, Any]:
    resolve = catalog_resolver(catalog)

    def name_of(card: Any) -> str:
        return card.name if catalog.resolve(card.name).ok else f"{card.name} ({card.code})"

    players = []
    seeds = [seed_a, seed_b]
    labels: list[str | None] = [None, None]
    fmt = "casual"
    if table.match_id is not None:  # an event's match: the registrations' names, its format
        from .play_match import header_labels

        names_, fmt = header_labels(session, table)
        labels = list(names_)
    for n, (pid, user_id, text) in enumerate((("A", table.seat_a_id, table.deck_a),
                                              ("B", table.seat_b_id, table.deck_b))):
        deck = read_deck(parse_decklist(text).main, resolve)
        names = castle_order([name_of(c) for c in deck.castle], table.server_seed, seeds, pid)
        user = session.get(User, user_id)
        players.append({"id": pid, "name": labels[n] or (user.name if user else pid),
                        "gold": [f"{pid}0", name_of(deck.gold)],
                        "castle": [[f"{pid}{i}", n] for i, n in enumerate(names, 1)]})
    first = "A" if castle_order(["A", "B"], table.server_seed, seeds, "first")[0] == "A" else "B"
    return {"game": default_game().id, "version": 2, "format": fmt, "first": first, "hand": 8,
            "players": players, "shuffle": {"commit": table.seed_commit}}


def bump(session: Session, table: PlayTable, **changes: Any) -> None:
    """Write ``changes`` only if nobody changed the table since it was read (any process)."""
    seen = table.version
    values = {"version": seen + 1, "updated_at": utcnow(), **changes}
    result = session.execute(update(PlayTable).where(
        col(PlayTable.id) == table.id, col(PlayTable.version) == seen).values(**values))
    if result.rowcount != 1:  # type: ignore[attr-defined]
        raise Conflict("La mesa cambió mientras tanto: se muestra de nuevo.")
    announce(session, table.id, seen + 1)  # type: ignore[arg-type]
    for name, value in values.items():  # the row now holds exactly these (no re-read)
        set_committed_value(table, name, value)


def record_text(session: Session, table: PlayTable, user: User | None) -> str:
    """The full record: for the seated players once the game ended (hidden cards before)."""
    if table.status != TABLE_FINISHED:
        raise Forbidden("El registro completo se publica cuando la partida termina.")
    return table.record


__all__ = ["TABLE_PLAYING", "TABLE_WAITING", "SEATS", "add_seed", "get_table", "join_table",
           "my_tables", "open_table", "record_text", "seat_of"]


def table_version(conn, table_id: int) -> int | None:
    """A play table's version read on ``conn`` (the event stream polls it outside the request's
    session); None when the table is gone."""
    return conn.execute(select(col(PlayTable.version)).where(col(PlayTable.id) == table_id)).scalar()

