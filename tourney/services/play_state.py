"""A play table's game and what each viewer sees of it (issue 24).

The game is a function of the table's record (the database stays the truth); each process
keeps the games it replayed (``cached_game``) and the views it built (by table, version and
seat: the view of a version never changes). ``state`` is what a viewer gets: its seat's view
(``engine.seat_view``), its legal actions and manual effects (``Game.legal_actions``), the
last actions in Spanish.
"""
from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from threading import Lock
from typing import Any

from sqlmodel import Session

from ..engine.errors import IllegalAction, RecordError
from ..engine.game import Game
from ..engine.positions import describe_action
from ..engine.record.v1 import catalog_resolver, read_action, read_header, read_record
from ..engine.seat_view import seat_view
from ..models.events import User
from ..models.play import TABLE_FINISHED, TABLE_PAUSED, PlayTable
from .play import seat_of


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
def cached_game(table: PlayTable, catalog: Any,
                 take: bool = False) -> Iterator[tuple[Game, dict[str, Any], int]]:
    """The table's game now; ``take``: the caller changes it (it leaves the cache and comes
    back with ``keep_game`` once the change is stored)."""
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


def keep_game(table: PlayTable, catalog: Any, found: tuple[Game, dict[str, Any], int]) -> None:
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
    with cached_game(table, catalog) as (game, _, line):
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
    if seat is not None and game.outcome is None and table.status != TABLE_PAUSED:
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


def last_actor(table: PlayTable) -> str | None:
    """The seat of the record's last action (None: no action yet)."""
    record = table.record.rstrip("\n")
    if "\n" not in record:
        return None
    seat = json.loads(record.rsplit("\n", 1)[1]).get("p")
    return seat if isinstance(seat, str) else None
