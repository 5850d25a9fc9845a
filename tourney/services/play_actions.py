"""A seat acts at a play table (issue 24): the action re-checked by the engine and appended
to the record; a manual effect waits for the opponent, who accepts it (applied *sin
verificar*) or disputes it (the table pauses for a judge); a finished game reveals the
shuffle's seeds in its record.
"""
from __future__ import annotations

import json
from typing import Any

from sqlmodel import Session

from ..engine.errors import IllegalAction, RecordError
from ..engine.game import Game
from ..engine.positions import describe_action
from ..engine.record.model import dumps_line
from ..engine.record.v1 import read_action
from ..models.events import User
from ..models.play import TABLE_FINISHED, TABLE_PAUSED, TABLE_PLAYING, PlayTable
from .errors import Conflict, Forbidden, ServiceError
from .play import bump, seat_of
from .play_match import with_call
from .play_state import cached_game, keep_game

ACTION_MAX = 4_000  # characters of one action's JSON


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
    with cached_game(table, catalog) as (game, cards, line):
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
    with cached_game(table, catalog, take=True) as found:
        _apply(session, table, found[0], action, obj)
        keep_game(table, catalog, (found[0], found[1], found[2] + 1))


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
        bump(session, table, proposal="", status=TABLE_PAUSED, judge_log=with_call(
            table, seat, user.name or user.email, f"Efecto disputado: {proposal['text']}"))
        return "Efecto disputado: la mesa queda en pausa hasta que un juez la resuelva."
    with cached_game(table, catalog, take=True) as (game, cards, line):
        action = read_action(proposal["action"], line, game.order, cards)
        _apply(session, table, game, action, proposal["action"], proposal="")
        keep_game(table, catalog, (game, cards, line + 1))
    return "Efecto aceptado: queda en el registro sin verificar."
