"""Play tables (issue 24): open a casual table, sit, shuffle fairly, act, watch.

No rule lives here: the engine (``Game.apply``) re-checks every action, ``legal_actions``
lists what a seat may do, ``seat_view`` filters what it may see, ``engine.shuffle`` makes the
castle order. This module only says who is at which seat and keeps the table row: its record
(the game is its record), its ``version`` (bumped by every change, conditioned on the version
the request saw, so two processes never both write) and the pending manual effect.
"""
from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from threading import Lock
from typing import Any

from sqlalchemy import func, or_, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col, select

from ..engine.errors import IllegalAction, RecordError
from ..engine.game import Game
from ..engine.generate import DeckError, read_deck
from ..legality.decklist import parse_decklist
from ..legality.errors import DecklistError
from ..engine.positions import describe_action
from ..engine.record.model import dumps_line
from ..engine.record.v1 import catalog_resolver, read_action, read_header, read_record
from ..engine.seat_view import seat_view
from ..engine.shuffle import SEED_MAX, castle_order, commit
from ..legality.games import default_game
from ..models.catalog import utcnow
from ..models.events import User
from ..models.play import (
    TABLE_FINISHED,
    TABLE_PAUSED,
    TABLE_PLAYING,
    TABLE_WAITING,
    PlayTable,
)
from .errors import Conflict, Forbidden, NotFound, ServiceError
from .play_notify import announce

MAX_OPEN_TABLES = 5  # tables not finished that one account has open or sits at
DECK_MAX = 20_000  # characters of a decklist
ACTION_MAX = 4_000  # characters of one action's JSON
SEATS = ("A", "B")


# -- reading ---------------------------------------------------------------------------
def get_table(session: Session, token: str) -> PlayTable:
    table = session.exec(select(PlayTable).where(PlayTable.token == token)).first()
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


# -- the game ------------------------------------------------------------------------------
def game_of(table: PlayTable, catalog: Any) -> tuple[Game, dict[str, Any], int]:
    """The game replayed from the table's record, its cards, and the next line number."""
    lines = table.record.splitlines()
    record = read_record(lines, catalog_resolver(catalog))
    game = Game(record.header)
    for action in record.actions:
        game.apply(action)
    _, cards = read_header(json.loads(lines[0]), catalog_resolver(catalog))
    return game, cards, len(lines) + 1


# A cache of replayed games, by table (the record in the database stays the truth: a game is
# a function of its record). A record this process has not seen is caught up by applying only
# its new lines when the cached record is its beginning (another process wrote the next
# actions), else replayed. One request at a time uses a cached game: listing legal actions
# applies and undoes actions on it.
_CACHE: OrderedDict[str, tuple[str, int, tuple[Game, dict[str, Any], int], Lock]] = OrderedDict()
_CACHE_LOCK = Lock()
CACHE_GAMES = 256
# what a seat was shown, by table, version and seat (the view of a version never changes)
_STATES: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()


def _catch_up(found: tuple[Game, dict[str, Any], int], old: str,
              new: str) -> tuple[Game, dict[str, Any], int] | None:
    """The cached game of record ``old`` brought to record ``new`` (its continuation), or None
    (not a continuation, or a line the game refuses: replay from the record instead)."""
    if len(new) < len(old) or not new.startswith(old) or not old.endswith("\n"):
        return None
    game, cards, line = found
    try:
        for raw in new[len(old):].splitlines():
            game.apply(read_action(json.loads(raw), line, game.order, cards))
            line += 1
    except (RecordError, IllegalAction, ValueError):
        return None
    return game, cards, line


@contextmanager
def _cached_game(table: PlayTable, catalog: Any,
                 take: bool = False) -> Iterator[tuple[Game, dict[str, Any], int]]:
    """The table's game now; ``take``: the caller changes it (it leaves the cache and comes
    back with ``_keep`` once the change is stored)."""
    with _CACHE_LOCK:
        entry = _CACHE.get(table.token)
        if entry is not None and entry[1] == id(catalog):
            _CACHE.move_to_end(table.token)
            lock = entry[3]
        else:
            entry, lock = None, Lock()
    with lock:
        found: tuple[Game, dict[str, Any], int] | None = None
        with _CACHE_LOCK:  # another request may have taken it meanwhile
            if entry is not None and _CACHE.get(table.token) is not entry:
                entry, lock = None, Lock()
        if entry is not None:
            found = entry[2] if entry[0] == table.record else _catch_up(
                entry[2], entry[0], table.record)
        if found is None:
            found = game_of(table, catalog)
        if take:
            with _CACHE_LOCK:
                _CACHE.pop(table.token, None)
        else:
            with _CACHE_LOCK:
                _CACHE[table.token] = (table.record, id(catalog), found, lock)
                while len(_CACHE) > CACHE_GAMES:
                    _CACHE.popitem(last=False)
        yield found


def _keep(table: PlayTable, catalog: Any, found: tuple[Game, dict[str, Any], int]) -> None:
    with _CACHE_LOCK:
        _CACHE[table.token] = (table.record, id(catalog), found, Lock())


def state(session: Session, table: PlayTable, user: User | None, catalog: Any,
          judge: bool = False) -> dict[str, Any]:
    """What ``user`` may see of the table (its seat's view; a judge of the table's event:
    everything; others: the public view)."""
    seat = seat_of(table, user)
    judge = judge and seat is None
    out: dict[str, Any] = {"version": table.version, "status": table.status, "seat": seat,
                           "commit": table.seed_commit,
                           "seated": [table.seat_a_id is not None, table.seat_b_id is not None],
                           "shuffled": [bool(table.seed_a), bool(table.seed_b)]}
    if not table.record:
        return out
    key = (table.token, table.version, len(table.record), seat, judge, id(catalog))
    with _CACHE_LOCK:
        shown = _STATES.get(key)
    if shown is not None:  # an unchanged table polled again: the same view
        return {**out, **shown}
    with _cached_game(table, catalog) as (game, _, line):
        described: dict[str, Any] = {}
        _describe(described, table, game, seat, line, judge)
    with _CACHE_LOCK:
        _STATES[key] = described
        while len(_STATES) > 2 * CACHE_GAMES:
            _STATES.popitem(last=False)
    return {**out, **described}


def _describe(out: dict[str, Any], table: PlayTable, game: Game, seat: str | None,
              line: int, judge: bool = False) -> None:
    out["game"] = seat_view(game, seat, everything=judge)
    out["log"] = _log(table, game)
    if table.proposal:
        proposal = json.loads(table.proposal)
        out["proposal"] = {"seat": proposal["seat"], "text": proposal["text"]}
    if seat is not None and game.outcome is None:
        legal = game.legal_actions(seat, line)
        out["actions"] = [{"action": a.to_json(), "text": describe_action(game, a)}
                          for a in _offer(legal)]
        out["manual"] = [{"source": m.source, "name": game.cards[m.source].label(),
                          "reason": m.reason} for m in legal.manual]
    if table.status == TABLE_FINISHED:
        out["shuffle"] = {"server": table.server_seed, "seeds": [table.seed_a, table.seed_b]}


def _offer(legal: Any) -> list[Any]:
    """Every action of each first choice, up to a screenful per choice."""
    out = []
    for family in legal.families():
        for n, action in enumerate(family):
            if n >= 24:
                break
            out.append(action)
    return out


def _log(table: PlayTable, game: Game) -> list[str]:
    """The last actions in Spanish (public: what both players saw happen)."""
    lines = table.record.splitlines()[1:]
    out = []
    for raw in lines[-12:]:
        obj = json.loads(raw)
        who = game.players[obj.get("p")].name if obj.get("p") in game.players else "?"
        out.append(f"{who}: {_VERB.get(obj.get('do'), obj.get('do'))}")
    return out


_VERB = {"gold": "pone un Oro", "play": "juega una carta", "attack": "declara un ataque",
         "block": "declara bloqueos", "pass": "cede la prioridad", "end": "termina el turno",
         "discard": "descarta", "concede": "concede", "effect": "resuelve un efecto",
         "activate": "usa una habilidad", "choose": "elige"}


def act(session: Session, table: PlayTable, user: User, obj: Any, seen: int,
        catalog: Any) -> None:
    """One action of ``user``'s seat, re-checked by the engine, appended to the record."""
    seat = seat_of(table, user)
    if seat is None:
        raise Forbidden("Sólo los dos jugadores sentados juegan en esta mesa.")
    if table.status != TABLE_PLAYING:
        raise ServiceError("La mesa no está en juego ahora.")
    if seen != table.version:
        raise Conflict("La mesa cambió mientras tanto: se muestra de nuevo.")
    if not isinstance(obj, dict) or len(json.dumps(obj)) > ACTION_MAX:
        raise ServiceError("Acción mal formada.")
    if obj.get("p") != seat:
        raise Forbidden("Sólo puedes actuar por tu asiento.")
    if table.proposal:
        raise ServiceError("Hay un efecto manual esperando la respuesta del rival.")
    with _cached_game(table, catalog) as (game, cards, line):
        try:
            action = read_action(obj, line, game.order, cards)
        except RecordError as exc:
            raise ServiceError(f"Acción mal formada: {exc.message}") from None
        manual = action.do == "effect" and not _engine_knows(game, action)
        text = describe_action(game, action) if manual else ""
    if manual:  # the opponent accepts or disputes it first
        bump(session, table, proposal=json.dumps(
            {"seat": seat, "action": obj, "text": text}, ensure_ascii=False))
        return
    with _cached_game(table, catalog, take=True) as found:
        _apply(session, table, found[0], action, obj)
        _keep(table, catalog, (found[0], found[1], found[2] + 1))


def _engine_knows(game: Game, action: Any) -> bool:
    if action.source is None:
        return False
    inst = game.cards[action.source]
    return inst.abilities is not None and inst.abilities.complete


def _apply(session: Session, table: PlayTable, game: Game, action: Any, obj: dict[str, Any],
           **extra: Any) -> None:
    try:
        game.apply(action)
    except IllegalAction as exc:
        rule = f" (regla {exc.rule})" if exc.rule else ""
        raise ServiceError(f"Acción ilegal{rule}: {exc.message}") from None
    record = table.record + dumps_line(action.to_json()) + "\n"
    changes: dict[str, Any] = {"record": record, **extra}
    if game.outcome is not None:
        changes.update(_finished(table, record))
    bump(session, table, **changes)


def _finished(table: PlayTable, record: str) -> dict[str, Any]:
    """The game ended: the seeds are revealed in the record's header."""
    lines = record.splitlines()
    head = json.loads(lines[0])
    head["shuffle"] = {"commit": table.seed_commit, "server": table.server_seed,
                       "seeds": [table.seed_a, table.seed_b]}
    lines[0] = dumps_line(head)
    return {"record": "\n".join(lines) + "\n", "status": TABLE_FINISHED}


def answer_proposal(session: Session, table: PlayTable, user: User, accept: bool,
                    seen: int, catalog: Any) -> str:
    """The opponent accepts the manual effect (applied, *sin verificar*) or disputes it (the
    table waits for a judge: the proposal is withdrawn and the dispute noted)."""
    seat = seat_of(table, user)
    if seat is None:
        raise Forbidden("Sólo los jugadores sentados responden.")
    if seen != table.version:
        raise Conflict("La mesa cambió mientras tanto: se muestra de nuevo.")
    if not table.proposal:
        raise ServiceError("No hay ningún efecto manual esperando.")
    proposal = json.loads(table.proposal)
    if proposal["seat"] == seat:
        raise Forbidden("El efecto lo acepta o lo disputa tu rival, no tú.")
    if not accept:  # «llamar al juez»: the table pauses until a judge settles it
        bump(session, table, proposal="", status=TABLE_PAUSED)
        return "Efecto disputado: la mesa queda en pausa hasta que un juez la resuelva."
    with _cached_game(table, catalog, take=True) as (game, cards, line):
        action = read_action(proposal["action"], line, game.order, cards)
        _apply(session, table, game, action, proposal["action"], proposal="")
        _keep(table, catalog, (game, cards, line + 1))
    return "Efecto aceptado: queda en el registro sin verificar."


def record_text(session: Session, table: PlayTable, user: User | None) -> str:
    """The full record: for the seated players once the game ended (hidden cards before)."""
    if table.status != TABLE_FINISHED:
        raise Forbidden("El registro completo se publica cuando la partida termina.")
    return table.record


__all__ = ["TABLE_PLAYING", "TABLE_WAITING", "SEATS", "act", "add_seed", "answer_proposal",
           "get_table", "join_table", "my_tables", "open_table", "record_text", "seat_of",
           "state"]


def table_version(conn, table_id: int) -> int | None:
    """A play table's version read on ``conn`` (the event stream polls it outside the request's
    session); None when the table is gone."""
    return conn.execute(select(col(PlayTable.version)).where(col(PlayTable.id) == table_id)).scalar()
