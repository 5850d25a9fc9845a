"""Match results: the staff enter one; players report theirs and the opponent confirms by
reporting the same. Every change of a table's result is recorded in the event's history with
its author (tourney.services.history).

Who may change a result, by stage (tourney.swiss.corrections, rights in services.access):
the event's judges and organizers fill an open table and fix what the staff entered while the
round is open; a result both players confirmed is changed only by an organizer; a closed
round's result (a later round paired, the event finished) only through an organizer's
explicit correction (``rounds.corrections``).

Results use optimistic concurrency: a result change is an UPDATE ... WHERE version = seen, so
two organizers saving at once cannot silently overwrite each other; players' reports are one
row per player per match.
"""
from __future__ import annotations

from sqlalchemy import CursorResult, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from ...models.catalog import utcnow
from ...models.events import (
    EVENT_FINISHED, MATCH_CONFIRMED, MATCH_DISPUTED, MATCH_REPORTED, ROUND_TOP_CUT, Event, Match,
    Registration, ResultReport, Round, User,
)
from ...models.history import HISTORY_RESULT, EventHistory
from ...swiss import Result, parse_result, playoff_problem
from ...swiss.corrections import STAGE_CLOSED, result_stage
from .. import history
from ..access import is_judge, may_change_result
from ..errors import Conflict, Forbidden, ServiceError
from .reads import event_rounds, player_rows, round_of


def normalize_result(a_games: int, b_games: int, draws: int) -> str:
    """Validate a best-of-three result (swiss.parse_result) and return "a-b-d"."""
    text = f"{a_games}-{b_games}-{draws}"
    try:
        parse_result(text)
    except Exception as exc:
        raise ServiceError(f"Resultado imposible en un mejor de tres: {text} ({exc}).",
                           "a_games") from None
    return text


def check_playoff(session: Session, match: Match, result: str) -> None:
    """A top-cut table needs a winner (swiss.playoff_problem)."""
    rnd = round_of(session, match)
    problem = playoff_problem(parse_result(result)) if rnd is not None and \
        rnd.kind == ROUND_TOP_CUT else None
    if problem:
        raise ServiceError(problem, "a_games")


def flip(result: str) -> str:
    """«a-b-d» told from the other player's side (tourney.swiss.Result)."""
    return str(Result.parse(result).flipped())


def label(result: str | None) -> str:
    """A stored result as the pages show it: 2-1-0 -> «2-1», 1-1-1 -> «1-1-1»."""
    return Result.parse(result).short() if result else ""


def later_rounds(session: Session, event: Event, rnd: Round) -> list[Round]:
    return [r for r in event_rounds(session, event) if r.number > rnd.number]


def players_agreed(session: Session, match: Match) -> bool:
    """Both players reported the match's final result (their word, not the staff's)."""
    if match.player_b_id is None or match.status != MATCH_CONFIRMED:
        return False
    reports = {r.registration_id: r.result for r in session.exec(
        select(ResultReport).where(ResultReport.match_id == match.id))}
    return (reports.get(match.player_a_id) == match.result
            and reports.get(match.player_b_id) == match.result)


def stage_of(session: Session, event: Event, match: Match, rnd: Round | None = None) -> str:
    """The stage of a table's result (tourney.swiss.corrections.result_stage)."""
    rnd = rnd or round_of(session, match)
    return result_stage(final=match.status == MATCH_CONFIRMED,
                        players_agreed=players_agreed(session, match),
                        later_round_paired=bool(later_rounds(session, event, rnd)),
                        event_finished=event.status == EVENT_FINISHED)


def closed_reason(session: Session, event: Event, rnd: Round) -> str | None:
    """Why a round's results change only by correction («el evento está finalizado», «ya se
    emparejó la ronda 5»), None while the round is open."""
    if event.status == EVENT_FINISHED:
        return "el evento está finalizado"
    later = later_rounds(session, event, rnd)
    if later:
        return f"ya se emparejó la ronda {later[-1].number}"
    return None


def table_words(session: Session, event: Event, match: Match, rnd: Round) -> str:
    """«Mesa 3 de la ronda 2 (Ana – Beto)»: how the history names a table."""
    regs = player_rows(session, event)
    a = regs[match.player_a_id].name if match.player_a_id in regs else "?"
    b = regs[match.player_b_id].name if match.player_b_id in regs else "BYE"
    return f"Mesa {match.table_no} de la ronda {rnd.number} ({a} – {b})"


def _state(match: Match) -> dict:
    return {"result": match.result, "status": match.status}


def cas(session: Session, match: Match, seen_version: int, **values) -> bool:
    """Compare-and-set on the match row: applies ``values`` only if nobody changed it since."""
    values = {**values, "version": seen_version + 1, "updated_at": utcnow()}
    res = session.execute(update(Match).where(col(Match.id) == match.id, col(Match.version) == seen_version)
                          .values(**values))
    if not isinstance(res, CursorResult) or res.rowcount != 1:  # an UPDATE answers with a cursor
        return False
    session.flush()
    session.refresh(match)
    return True


def change_result(session: Session, actor: User | None, event: Event, match: Match,
                  seen_version: int, kind: str, summary: str, reason: str = "",
                  undoes: EventHistory | None = None, **values) -> bool:
    """Compare-and-set the match row and record the change (before, after, author) in the
    event's history. False when somebody changed the row since ``seen_version``."""
    before = _state(match)
    if not cas(session, match, seen_version, **values):
        return False
    history.record(session, event, actor, kind, summary, reason=reason, match_id=match.id,
                   before=before, after=_state(match), undoes=undoes)
    return True


def enter_result(session: Session, actor: User, event: Event, match: Match, result: str,
                 seen_version: int) -> Match:
    """The staff enter a result (final), by the stages above. Stale forms are refused, not
    lost; a closed round's result changes only through ``rounds.corrections.correct_result``."""
    if match.player_b_id is None:
        raise ServiceError("Un bye no lleva resultado.")
    rnd = round_of(session, match)
    stage = stage_of(session, event, match, rnd)
    if not may_change_result(session, actor, event, stage):
        if not is_judge(session, actor, event):
            raise Forbidden("Solo los jueces y organizadores de este evento ingresan resultados.")
        if stage == STAGE_CLOSED:
            raise Forbidden(f"La ronda {rnd.number} está cerrada "
                            f"({closed_reason(session, event, rnd)}): solo un organizador del "
                            f"evento corrige el resultado de la mesa {match.table_no}.")
        if match.result == result:
            return match  # the same result again (a double tap): no change
        raise Forbidden(f"Los dos jugadores de la mesa {match.table_no} confirmaron su resultado "
                        f"({label(match.result)}): solo un organizador del evento lo cambia "
                        "(queda en el historial).")
    if match.status == MATCH_CONFIRMED and match.result == result:
        return match  # the same result again (a double tap, a form sent twice): no change
    if stage == STAGE_CLOSED:
        raise Conflict(f"La ronda {rnd.number} está cerrada ({closed_reason(session, event, rnd)}): "
                       f"el resultado de la mesa {match.table_no} se cambia con «Corregir», que "
                       "muestra sus consecuencias, queda en el historial y se puede deshacer.",
                       "a_games")
    check_playoff(session, match, result)
    old = label(match.result) or "sin resultado"
    summary = f"{table_words(session, event, match, rnd)}: {old} → {label(result)}."
    if change_result(session, actor, event, match, seen_version, HISTORY_RESULT, summary,
                     result=result, status=MATCH_CONFIRMED):
        return match
    session.refresh(match)
    if match.result == result and match.status == MATCH_CONFIRMED:
        return match  # the same form sent twice: nothing to do
    raise Conflict(f"Otro organizador cambió esta mesa mientras tanto (la mesa {match.table_no} "
                   f"ahora: {label(match.result) or 'sin resultado'}). Revisa y vuelve a guardar.",
                   "a_games")


_STATUS_WORDS = {MATCH_REPORTED: "falta que el rival confirme", MATCH_CONFIRMED: "confirmado",
                 MATCH_DISPUTED: "en disputa: decide el organizador"}


def report_result(session: Session, actor: User, event: Event, match: Match,
                  registration: Registration, my_games: int, opp_games: int, draws: int) -> Match:
    """A player reports their own match; the opponent confirms by reporting the same result."""
    if registration.user_id is None or actor is None or registration.user_id != actor.id:
        raise Forbidden("Solo puedes reportar tus propias partidas.")
    if registration.id not in (match.player_a_id, match.player_b_id) or match.player_b_id is None:
        raise Forbidden("No juegas en esa mesa.")
    rnd = round_of(session, match)
    if rnd is None or rnd.event_id != event.id or not rnd.published:
        raise Forbidden("Esa ronda todavía no está publicada.")
    if match.status == MATCH_CONFIRMED:
        raise ServiceError("Esta mesa ya tiene resultado confirmado; si hay un error, avisa al "
                           "organizador.")
    reason = closed_reason(session, event, rnd)
    if reason:
        raise ServiceError(f"La ronda {rnd.number} está cerrada ({reason}): avisa al "
                           "organizador.")
    mine = normalize_result(my_games, opp_games, draws)
    as_a = mine if registration.id == match.player_a_id else flip(mine)
    check_playoff(session, match, as_a)
    row = session.exec(select(ResultReport).where(
        ResultReport.match_id == match.id,
        ResultReport.registration_id == registration.id)).first()
    if row is None:
        row = ResultReport(match_id=match.pk, registration_id=registration.pk, user_id=actor.pk,
                           result=as_a)
    row.result, row.created_at = as_a, utcnow()
    session.add(row)
    try:
        session.flush()
    except IntegrityError:  # the same report arriving twice at once: one row survives
        raise Conflict("Tu reporte ya se estaba guardando; recarga la página.") from None
    for _ in range(5):
        session.refresh(match)
        reports = {r.registration_id: r.result for r in session.exec(
            select(ResultReport).where(ResultReport.match_id == match.id))}
        status, agreed = ((MATCH_REPORTED, None) if len(reports) < 2
                          else (MATCH_CONFIRMED, as_a) if len(set(reports.values())) == 1
                          else (MATCH_DISPUTED, None))
        if match.status == MATCH_CONFIRMED:
            raise ServiceError("El organizador ya ingresó el resultado de esta mesa.")
        summary = (f"{table_words(session, event, match, rnd)}: {registration.name} reportó "
                   f"{label(as_a)} ({_STATUS_WORDS[status]}).")
        if change_result(session, actor, event, match, match.version, HISTORY_RESULT, summary,
                         status=status, result=agreed):
            return match
    raise Conflict("La mesa cambió varias veces mientras guardabas; vuelve a intentarlo.")
