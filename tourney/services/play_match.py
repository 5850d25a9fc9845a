"""A match of an event played at the play tables (issue 24): best of three, one table per game.

Who: only the two players of the match sit (seat A is the match's player A); the event's staff
watch as judges (they see everything) and may take back the last action, with a reason that
stays in the table's ``judge_log``. Nobody else sees an event table.
What: each game's deck is the registered list plus the §11 swaps recorded before that game
(``services.swaps.expected_deck``: the players record them on the swaps page between games);
a finished game is stored as the match's recorded game (``services.adjudication``, source
«mesa», with its verdict and deck check); when the match is decided each player confirms the
result, which is their report (``rounds.results.report_result``): both reports agreeing
confirm the table's result as the event always does. The match's structure (best of three,
the games it can have) is the swiss core's ``MATCH_GAMES``.
"""
from __future__ import annotations

import json
import secrets
from typing import Any

from sqlmodel import Session, col, select

from ..engine.shuffle import commit
from ..models.adjudication import SOURCE_TABLE, Adjudication
from ..models.catalog import utcnow
from ..models.events import (
    EVENT_RUNNING, MATCH_CONFIRMED, Event, Match, MatchSeat, Registration, ResultReport, Round,
    User,
)
from ..models.play import TABLE_FINISHED, TABLE_PAUSED, TABLE_PLAYING, TABLE_WAITING, PlayTable
from ..swiss import MATCH_GAMES
from . import adjudication, play
from .access import is_judge
from .errors import Conflict, Forbidden, NotFound, ServiceError
from .judge_tools import deck_text
from .rounds.reads import timer_remaining
from .rounds.results import report_result
from .swaps import expected_deck

REASON_MAX = 300
# the kinds of judge_log entries (a take-back written before kinds has none)
TAKE_BACK, CALL, RESUME = "deshacer", "llamada", "reanudar"


# -- reading ---------------------------------------------------------------------------------
def context(session: Session, table: PlayTable) -> tuple[Event, Match, Round] | None:
    """The event, match and round of an event table (None: a casual table)."""
    if table.match_id is None:
        return None
    match = session.get(Match, table.match_id)
    rnd = session.get(Round, match.round_id) if match else None
    event = session.get(Event, rnd.event_id) if rnd else None
    if match is None or rnd is None or event is None:
        raise NotFound("La partida de esta mesa ya no existe en el evento.")
    return event, match, rnd


def judges(session: Session, table: PlayTable, user: User | None) -> bool:
    """``user`` is staff of the event of this table (a casual table has no judges)."""
    found = context(session, table)
    return found is not None and user is not None and is_judge(session, user, found[0])


def may_watch(session: Session, table: PlayTable, user: User | None) -> bool:
    """A casual table: anyone with the link; an event table: its two players and the staff."""
    if table.match_id is None:
        return True
    return play.seat_of(table, user) is not None or judges(session, table, user)


def games(session: Session, match: Match) -> list[PlayTable]:
    return list(session.exec(select(PlayTable).where(PlayTable.match_id == match.id)
                             .order_by(col(PlayTable.game_no), col(PlayTable.id))))



def recorded(session: Session, match: Match) -> dict[int, Adjudication]:
    """The match's games recorded from its tables, by game (the latest revision of each)."""
    rows = session.exec(select(Adjudication).where(
        Adjudication.match_id == match.id, Adjudication.source == SOURCE_TABLE)
        .order_by(col(Adjudication.game), col(Adjudication.revision)))
    return {row.game: row for row in rows}


def score(session: Session, match: Match) -> tuple[int, int, int]:
    """Games won by the match's player A, by player B, and drawn: its recorded games'
    verdicts (the engine's winner of each)."""
    a = b = d = 0
    for row in recorded(session, match).values():
        if row.winner_id == match.player_a_id:
            a += 1
        elif row.winner_id == match.player_b_id:
            b += 1
        else:
            d += 1
    return a, b, d


def decided(a: int, b: int, d: int) -> bool:
    """Best of three (``swiss.MATCH_GAMES``): two wins, or every game played."""
    return a * 2 > len(MATCH_GAMES) or b * 2 > len(MATCH_GAMES) or a + b + d >= len(MATCH_GAMES)


def my_matches(session: Session, user: User) -> list[tuple[Event, Round, Match]]:
    """The user's matches to play now: published rounds of running events, no final result."""
    rows = session.exec(
        select(Event, Round, Match).join(Round, col(Round.event_id) == col(Event.id))
        .join(Match, col(Match.round_id) == col(Round.id))
        .join(MatchSeat, col(MatchSeat.match_id) == col(Match.id))
        .join(Registration, col(Registration.id) == col(MatchSeat.registration_id))
        .where(col(Registration.user_id) == user.id, col(Round.published).is_(True),
               col(Event.status) == EVENT_RUNNING, col(Match.player_b_id).is_not(None),
               col(Match.status) != MATCH_CONFIRMED)
        .order_by(col(Event.id), col(Round.number)))
    return [(e, r, m) for e, r, m in rows]


# -- a game of the match at a table ------------------------------------------------------------
def _players(session: Session, match: Match) -> tuple[Registration, Registration]:
    a = session.get(Registration, match.player_a_id)
    b = session.get(Registration, match.player_b_id) if match.player_b_id else None
    if a is None or b is None:
        raise ServiceError("Un bye no se juega en una mesa.")
    for reg in (a, b):
        if reg.user_id is None:
            raise ServiceError(f"{reg.name} no tiene cuenta en el sistema: esta partida se juega "
                               "en la mesa física y el resultado lo ingresa el equipo.")
    return a, b


def open_game(session: Session, user: User, event: Event, match: Match, catalog: Any) -> PlayTable:
    """The table of the match's current game: the open one, or a new one for the next game
    (game 1, or after a finished game while the match is undecided)."""
    rnd = session.get(Round, match.round_id)
    if rnd is None or rnd.event_id != event.id:
        raise NotFound("No existe esa mesa en este evento.")
    a, b = _players(session, match)
    if user.id not in (a.user_id, b.user_id):
        raise Forbidden("Sólo los dos jugadores de esta mesa juegan su partida en línea.")
    if not rnd.published:
        raise Forbidden("Esa ronda todavía no está publicada.")
    if event.status != EVENT_RUNNING or match.status == MATCH_CONFIRMED:
        raise ServiceError("Esta partida ya tiene resultado confirmado.")
    tables = games(session, match)
    current = next((t for t in tables if t.status != TABLE_FINISHED), None)
    if current is not None:
        return current
    if decided(*score(session, match)):
        raise ServiceError("La partida ya está decidida: confirma el resultado en la mesa.")
    game = len(tables) + 1
    if game not in MATCH_GAMES:
        raise ServiceError("Ya se jugaron los tres juegos de la partida.")
    decks = [deck_text(expected_deck(session, event, reg, match, game)) for reg in (a, b)]
    assert a.user_id is not None and b.user_id is not None  # _players: both have accounts
    server_seed = secrets.token_hex(32)
    table = PlayTable(token=secrets.token_urlsafe(16), seat_a_id=a.user_id, seat_b_id=b.user_id,
                      deck_a=play.check_deck(catalog, decks[0]),
                      deck_b=play.check_deck(catalog, decks[1]), server_seed=server_seed,
                      seed_commit=commit(server_seed), match_id=match.id, game_no=game,
                      status=TABLE_WAITING)
    session.add(table)
    session.flush()
    return table


def header_labels(session: Session, table: PlayTable) -> tuple[list[str], str]:
    """The record's player names (the registrations') and format (the event's)."""
    found = context(session, table)
    if found is None:
        raise ValueError("not an event table")
    event, match, _rnd = found
    a, b = _players(session, match)
    return [a.name, b.name], event.format_id


def record_game(session: Session, table: PlayTable, catalog: Any, fmt: Any = None) -> None:
    """A finished event table becomes the match's recorded game (once)."""
    found = context(session, table)
    if found is None or table.status != TABLE_FINISHED:
        return
    event, match, _rnd = found
    if table.game_no in recorded(session, match):
        return
    adjudication.store_game(session, event, match, table.game_no, table.record, catalog, fmt,
                            source=SOURCE_TABLE, first_player=match.player_a_id)


def summary(session: Session, table: PlayTable, user: User | None) -> dict[str, Any] | None:
    """What the page shows of the match: round, table, game, score, clock, the next step."""
    found = context(session, table)
    if found is None:
        return None
    event, match, rnd = found
    a, b, d = score(session, match)
    seat = play.seat_of(table, user)
    reports = {r.registration_id for r in session.exec(
        select(ResultReport).where(ResultReport.match_id == match.id))}
    mine = match.player_a_id if seat == "A" else match.player_b_id if seat == "B" else None
    tables = games(session, match)
    log = json.loads(table.judge_log or "[]")
    return {
        "event": event.name, "event_id": event.id, "match_id": match.id, "round": rnd.number,
        "table_no": match.table_no, "game": table.game_no, "score": [a, b, d],
        "decided": decided(a, b, d), "clock": timer_remaining(rnd),
        "result": match.result, "match_status": match.status,
        "confirmed": mine is not None and mine in reports,
        "judge": judges(session, table, user),
        "takebacks": [e for e in log if e.get("kind", TAKE_BACK) == TAKE_BACK],
        "call": open_call(table),
        "current": bool(tables) and table.id == tables[-1].id,
    }


def confirm(session: Session, user: User, table: PlayTable) -> str:
    """A player confirms the decided match's result: their report, as from the results form."""
    seat = play.seat_of(table, user)
    if seat is None:
        raise Forbidden("Sólo los jugadores de la partida confirman su resultado.")
    found = context(session, table)
    if found is None:
        raise ServiceError("Una mesa casual no tiene resultado que reportar.")
    event, match, _rnd = found
    a, b, d = score(session, match)
    if not decided(a, b, d):
        raise ServiceError("La partida todavía no está decidida: falta jugar otro juego.")
    reg = session.get(Registration, match.player_a_id if seat == "A" else match.player_b_id)
    if reg is None:
        raise NotFound("La inscripción de este asiento ya no existe.")
    mine, theirs = (a, b) if seat == "A" else (b, a)
    report_result(session, user, event, match, reg, mine, theirs, d)
    if match.status == MATCH_CONFIRMED:
        return "Resultado confirmado por los dos jugadores."
    return "Resultado reportado: falta que tu rival lo confirme."


def take_back(session: Session, user: User, table: PlayTable, reason: str, seen: int) -> str:
    """A judge of the event takes back the table's last action, with the reason (logged)."""
    if not judges(session, table, user):
        raise Forbidden("Sólo un juez de este evento deshace acciones en esta mesa.")
    reason = _reason(reason, required=True)
    if seen != table.version:
        raise Conflict("La mesa cambió mientras tanto: se muestra de nuevo.")
    if table.status == TABLE_FINISHED:
        raise ServiceError("La partida ya terminó y quedó registrada: su resultado se corrige "
                           "en el evento.")
    lines = table.record.splitlines()
    if len(lines) < 2:
        raise ServiceError("Todavía no hay acciones que deshacer.")
    log = json.loads(table.judge_log or "[]")
    log.append({"kind": TAKE_BACK, "judge": user.name or user.email, "reason": reason,
                "line": len(lines),
                "action": json.loads(lines[-1]), "at": utcnow().isoformat(timespec="seconds")})
    play.bump(session, table, record="\n".join(lines[:-1]) + "\n", proposal="",
              status=TABLE_PLAYING if table.status == TABLE_PAUSED else table.status,
              judge_log=json.dumps(log, ensure_ascii=False))
    return f"Se deshizo la acción de la línea {len(lines)}."


# -- «llamar al juez» -------------------------------------------------------------------------
def _reason(text: str, required: bool = False) -> str:
    reason = " ".join((text or "").split())
    if required and not reason:
        raise ServiceError("Escribe el motivo: queda registrado junto a tu nombre.", "reason")
    if len(reason) > REASON_MAX:
        raise ServiceError(f"El motivo tiene más de {REASON_MAX} caracteres.", "reason")
    return reason


def with_call(table: PlayTable, seat: str, who: str, reason: str) -> str:
    """The table's judge_log with a call of ``seat`` added (its JSON)."""
    log = json.loads(table.judge_log or "[]")
    log.append({"kind": CALL, "seat": seat, "player": who, "reason": reason,
                "line": len(table.record.splitlines()),
                "at": utcnow().isoformat(timespec="seconds")})
    return json.dumps(log, ensure_ascii=False)


def open_call(table: PlayTable) -> dict[str, Any] | None:
    """The call that keeps the table paused (None: not paused by a call). A take-back or a
    judge's «reanudar» after it answers it."""
    if table.status != TABLE_PAUSED:
        return None
    log = json.loads(table.judge_log or "[]")
    last = log[-1] if log else None
    return last if last is not None and last.get("kind") == CALL else None


def call_judge(session: Session, user: User, table: PlayTable, reason: str, seen: int) -> str:
    """A seated player calls a judge: the table pauses (nobody acts) and the event's judges
    see the call on the round page until one of them resumes the table or takes back."""
    seat = play.seat_of(table, user)
    if seat is None:
        raise Forbidden("Sólo los jugadores sentados llaman al juez.")
    if context(session, table) is None:
        raise ServiceError("Una mesa casual no tiene jueces: resuelvan la duda entre ustedes "
                           "o concede la partida.")
    reason = _reason(reason)
    if seen != table.version:
        raise Conflict("La mesa cambió mientras tanto: se muestra de nuevo.")
    if table.status not in (TABLE_PLAYING, TABLE_PAUSED):
        raise ServiceError("La partida no está en juego: no hay nada que pausar.")
    if open_call(table) is not None:
        raise ServiceError("Ya se llamó al juez: la mesa espera que llegue.")
    who = user.name or user.email
    play.bump(session, table, status=TABLE_PAUSED, judge_log=with_call(table, seat, who, reason))
    return "Llamaste al juez: la mesa queda en pausa hasta que un juez la reanude."


def resume(session: Session, user: User, table: PlayTable, reason: str, seen: int) -> str:
    """A judge of the event resumes a paused table (the ruling, logged with the judge's name);
    a pending manual effect is withdrawn (the player proposes it again if the ruling says)."""
    if not judges(session, table, user):
        raise Forbidden("Sólo un juez de este evento reanuda esta mesa.")
    reason = _reason(reason, required=True)
    if seen != table.version:
        raise Conflict("La mesa cambió mientras tanto: se muestra de nuevo.")
    if table.status != TABLE_PAUSED:
        raise ServiceError("La mesa no está en pausa.")
    log = json.loads(table.judge_log or "[]")
    log.append({"kind": RESUME, "judge": user.name or user.email, "reason": reason,
                "line": len(table.record.splitlines()),
                "at": utcnow().isoformat(timespec="seconds")})
    play.bump(session, table, status=TABLE_PLAYING, proposal="",
              judge_log=json.dumps(log, ensure_ascii=False))
    return "Mesa reanudada: el motivo queda registrado con tu nombre."


def calls(session: Session, user: User | None, event: Event) -> list[dict[str, Any]]:
    """The event's tables paused by a call, oldest first: what its judges are asked to see
    (only they see them)."""
    if not is_judge(session, user, event):
        raise Forbidden("Sólo los jueces del evento ven las llamadas de las mesas.")
    rows = session.exec(
        select(PlayTable, Match, Round).join(Match, col(Match.id) == col(PlayTable.match_id))
        .join(Round, col(Round.id) == col(Match.round_id))
        .where(col(Round.event_id) == event.id, col(PlayTable.status) == TABLE_PAUSED)
        .order_by(col(PlayTable.updated_at)))
    out = []
    for table, match, rnd in rows:
        call = open_call(table)
        if call is not None:
            out.append({"token": table.token, "round": rnd.number, "table_no": match.table_no,
                        "game": table.game_no, "player": call.get("player", ""),
                        "reason": call.get("reason", ""), "at": call.get("at", "")})
    return out

