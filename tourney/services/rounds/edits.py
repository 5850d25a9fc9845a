"""Editing the latest Swiss round by hand: swap two players between tables, break a table,
seat players without a table (tourney.swiss validates each edit and tells its consequences)."""
from __future__ import annotations

import json

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from ...models.catalog import utcnow
from ...models.events import (
    MATCH_CONFIRMED, MATCH_PENDING, ROUND_SWISS, Event, Match, MatchSeat, ResultReport, Round,
    SupportSwap, User,
)
from ...swiss import (
    Pairing, SwissUserError, TournamentState, break_match, pair_players, swap_players,
)
from ..access import require_organizer
from ..errors import Conflict, NotFound, ServiceError
from .pairing import BYE_RESULT
from .reads import build_state, event_rounds, get_match, round_matches, unseated


def _state_before(session: Session, event: Event, rnd: Round) -> TournamentState:
    """The Swiss state as it was when ``rnd`` was paired (the rounds before it), with the
    event's forbidden pairs: every hand edit is checked against them too."""
    earlier = sum(1 for r in event_rounds(session, event)
                  if r.kind == ROUND_SWISS and r.number < rnd.number)
    return build_state(session, event).first_rounds(earlier)


def swap_between_tables(session: Session, actor: User, event: Event, rnd: Round,
                        player_x: int, player_y: int) -> list[str]:
    """Swap two players between their tables (validated by tourney.swiss); returns the
    consequences in Spanish ("crea una revancha", point differences)."""
    require_organizer(actor, event, session)
    seats = {s.registration_id: s for s in session.exec(select(MatchSeat)
                                                        .where(MatchSeat.round_id == rnd.id))}
    if player_x == player_y:
        raise ServiceError("Elige dos jugadores distintos.", "player_y")
    for pid, fld in ((player_x, "player_x"), (player_y, "player_y")):
        if pid not in seats:
            raise ServiceError("Ese jugador no está emparejado en esta ronda.", fld)
    mx, _ = get_match(session, event, seats[player_x].match_id)
    my, _ = get_match(session, event, seats[player_y].match_id)
    if mx.id == my.id:
        raise ServiceError("Esos dos jugadores ya juegan en la misma mesa.", "player_y")
    for m in (mx, my):
        if m.status != MATCH_PENDING or m.player_b_id is None:
            raise ServiceError(f"La mesa {m.table_no} ya tiene resultado (o es un bye): no se "
                               "puede cambiar.", "player_x")
    current = [Pairing(table=m.table_no, a=str(m.player_a_id),
                       b=str(m.player_b_id) if m.player_b_id else None)
               for m in round_matches(session, rnd)]
    try:
        edit = swap_players(_state_before(session, event, rnd), current, str(player_x),
                            str(player_y))
    except SwissUserError as exc:
        raise ServiceError(str(exc)) from None

    def replace(m: Match, old: int, new: int) -> None:
        if m.player_a_id == old:
            m.player_a_id = new
        else:
            m.player_b_id = new

    replace(mx, player_x, player_y)
    replace(my, player_y, player_x)
    new_flags = {frozenset((p.a, p.b)): p.flags for p in edit.pairings}
    for m in (mx, my):
        m.version += 1
        m.updated_at = utcnow()
        m.flags = json.dumps(list(new_flags.get(frozenset((str(m.player_a_id),
                                                           str(m.player_b_id))), ())))
    seats[player_x].match_id, seats[player_y].match_id = my.pk, mx.pk
    for obj in (mx, my, seats[player_x], seats[player_y]):
        session.add(obj)
    session.flush()
    return list(edit.consequences)


def _current_pairings(session: Session, rnd: Round):
    return [Pairing(table=m.table_no, a=str(m.player_a_id),
                    b=str(m.player_b_id) if m.player_b_id else None)
            for m in round_matches(session, rnd)]


def _require_last_swiss(session: Session, event: Event, rnd: Round) -> None:
    rounds_ = event_rounds(session, event)
    if not rounds_ or rounds_[-1].id != rnd.id:
        raise ServiceError("Solo se pueden editar las mesas de la última ronda.")
    if rnd.kind != ROUND_SWISS:
        raise ServiceError("Las mesas del corte final no se editan a mano.")


def break_table(session: Session, actor: User, event: Event, rnd: Round,
                match_id: int) -> list[str]:
    """Undo one table of the latest round (tourney.swiss break_match): its players are left
    without a table until the organizer seats them by hand. Returns the consequences."""
    require_organizer(actor, event, session)
    _require_last_swiss(session, event, rnd)
    match = session.get(Match, match_id)
    if match is None or match.round_id != rnd.id:
        raise NotFound("Esa mesa no es de esta ronda.")
    if match.player_b_id is not None and match.status != MATCH_PENDING:
        raise ServiceError(f"La mesa {match.table_no} ya tiene resultado: corrígelo antes de "
                           "deshacerla.")
    try:
        edit = break_match(_state_before(session, event, rnd), _current_pairings(session, rnd),
                           match.table_no)
    except SwissUserError as exc:
        raise ServiceError(str(exc)) from None
    for model in (MatchSeat, ResultReport, SupportSwap):
        for row in session.exec(select(model).where(model.match_id == match.id)):
            session.delete(row)
    session.flush()
    session.delete(match)
    session.flush()
    return list(edit.consequences)


def pair_by_hand(session: Session, actor: User, event: Event, rnd: Round, player_x: int,
                 player_y: int | None) -> list[str]:
    """Seat two players without a table together (``player_y`` None: a bye), validated by
    tourney.swiss pair_players; returns the consequences (rematch, point difference…)."""
    require_organizer(actor, event, session)
    _require_last_swiss(session, event, rnd)
    free = {r.id for r in unseated(session, event, rnd)}
    if player_x not in free:
        raise ServiceError("Ese jugador ya tiene mesa en esta ronda.", "player_x")
    if player_y is not None and (player_y not in free or player_y == player_x):
        raise ServiceError("Elige otro jugador sin mesa (o «bye»).", "player_y")
    current = _current_pairings(session, rnd)
    try:
        edit = pair_players(_state_before(session, event, rnd), current, str(player_x),
                            None if player_y is None else str(player_y))
    except SwissUserError as exc:
        raise ServiceError(str(exc)) from None
    added = next(p for p in edit.pairings if p.a == str(player_x)
                 and p.b == (None if player_y is None else str(player_y)))
    table_no = max((m.table_no for m in round_matches(session, rnd)), default=0) + 1
    bye = player_y is None
    match = Match(round_id=rnd.pk, table_no=table_no, player_a_id=player_x, player_b_id=player_y,
                  result=BYE_RESULT if bye else None,
                  status=MATCH_CONFIRMED if bye else MATCH_PENDING,
                  flags=json.dumps(list(added.flags or ()) + ["manual"], ensure_ascii=False))
    session.add(match)
    try:
        session.flush()
        for reg_id in (player_x, player_y):
            if reg_id is not None:
                session.add(MatchSeat(round_id=rnd.pk, registration_id=reg_id,
                                      match_id=match.pk))
        session.flush()
    except IntegrityError:
        raise Conflict("Otro organizador cambió esta ronda al mismo tiempo: recarga la "
                       "página.") from None
    # tourney.swiss numbers the tables afresh; the stored round keeps its tables and adds one
    return [c.replace(f"mesa {added.table}:", f"mesa {table_no}:") for c in edit.consequences]
