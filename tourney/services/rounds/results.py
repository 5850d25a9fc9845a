"""Match results: the organizer enters or corrects one; players report theirs and the
opponent confirms by reporting the same.

Results use optimistic concurrency: a result change is an UPDATE ... WHERE version = seen, so
two organizers saving at once cannot silently overwrite each other; players' reports are one
row per player per match.
"""
from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from ...models.catalog import utcnow
from ...models.events import (
    MATCH_CONFIRMED, MATCH_DISPUTED, MATCH_REPORTED, ROUND_TOP_CUT, Event, Match, Registration,
    ResultReport, Round, User,
)
from ...swiss import Result, parse_result, playoff_problem
from ..access import require_organizer
from ..errors import Conflict, Forbidden, ServiceError


def normalize_result(a_games: int, b_games: int, draws: int) -> str:
    """Validate a best-of-three result (swiss.parse_result) and return "a-b-d"."""
    text = f"{a_games}-{b_games}-{draws}"
    try:
        parse_result(text)
    except Exception as exc:
        raise ServiceError(f"Resultado imposible en un mejor de tres: {text} ({exc}).",
                           "a_games") from None
    return text


def _check_playoff(session: Session, match: Match, result: str) -> None:
    rnd = session.get(Round, match.round_id)
    problem = playoff_problem(parse_result(result)) if rnd is not None and \
        rnd.kind == ROUND_TOP_CUT else None
    if problem:
        raise ServiceError(problem, "a_games")


def flip(result: str) -> str:
    """«a-b-d» told from the other player's side (tourney.swiss.Result)."""
    return str(Result.parse(result).flipped())


def _cas(session: Session, match: Match, seen_version: int, **values) -> bool:
    """Compare-and-set on the match row: applies ``values`` only if nobody changed it since."""
    values = {**values, "version": seen_version + 1, "updated_at": utcnow()}
    res = session.execute(update(Match).where(Match.id == match.id, Match.version == seen_version)
                          .values(**values))
    if res.rowcount != 1:
        return False
    session.flush()
    session.refresh(match)
    return True


def enter_result(session: Session, actor: User, event: Event, match: Match, result: str,
                 seen_version: int) -> Match:
    """The organizer enters or corrects a result (final). Stale forms are refused, not lost."""
    require_organizer(actor, event, session)
    if match.player_b_id is None:
        raise ServiceError("Un bye no lleva resultado.")
    _check_playoff(session, match, result)
    if _cas(session, match, seen_version, result=result, status=MATCH_CONFIRMED):
        return match
    session.refresh(match)
    if match.result == result and match.status == MATCH_CONFIRMED:
        return match  # the same form sent twice: nothing to do
    raise Conflict(f"Otro organizador cambió esta mesa mientras tanto (ahora: "
                   f"{match.result or 'sin resultado'}). Revisa y vuelve a guardar.", "a_games")


def report_result(session: Session, actor: User, event: Event, match: Match,
                  registration: Registration, my_games: int, opp_games: int, draws: int) -> Match:
    """A player reports their own match; the opponent confirms by reporting the same result."""
    if registration.user_id is None or actor is None or registration.user_id != actor.id:
        raise Forbidden("Solo puedes reportar tus propias partidas.")
    if registration.id not in (match.player_a_id, match.player_b_id) or match.player_b_id is None:
        raise Forbidden("No juegas en esa mesa.")
    rnd = session.get(Round, match.round_id)
    if rnd is None or rnd.event_id != event.id or not rnd.published:
        raise Forbidden("Esa ronda todavía no está publicada.")
    if match.status == MATCH_CONFIRMED:
        raise ServiceError("Esta mesa ya tiene resultado confirmado; si hay un error, avisa al "
                           "organizador.")
    mine = normalize_result(my_games, opp_games, draws)
    as_a = mine if registration.id == match.player_a_id else flip(mine)
    _check_playoff(session, match, as_a)
    row = session.exec(select(ResultReport).where(
        ResultReport.match_id == match.id,
        ResultReport.registration_id == registration.id)).first()
    if row is None:
        row = ResultReport(match_id=match.id, registration_id=registration.id, user_id=actor.id,
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
        if len(reports) < 2:
            values = {"status": MATCH_REPORTED, "result": None}
        elif len(set(reports.values())) == 1:
            values = {"status": MATCH_CONFIRMED, "result": as_a}
        else:
            values = {"status": MATCH_DISPUTED, "result": None}
        if match.status == MATCH_CONFIRMED:
            raise ServiceError("El organizador ya ingresó el resultado de esta mesa.")
        if _cas(session, match, match.version, **values):
            return match
    raise Conflict("La mesa cambió varias veces mientras guardabas; vuelve a intentarlo.")
