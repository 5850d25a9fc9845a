"""Pairing a round (tourney.swiss: Swiss rounds, then the top cut), pairing the latest round
again, publishing it and starting its clock.

Pairing a round is one unit of work: the round, its matches and its seats are flushed
together and committed by the caller; a failure midway leaves no half round (the edge rolls
back). The schema backs this up: one round number per event, one seat per player per round.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from ...models.catalog import utcnow
from ...models.events import (
    EVENT_RUNNING, MATCH_CONFIRMED, MATCH_PENDING, ROUND_SWISS, ROUND_TOP_CUT, Event, Match,
    MatchSeat, ResultReport, Round, SupportSwap, User,
)
from ...swiss import Pairing, SwissUserError, next_top_cut_round, pair_round, top_cut_pairings
from ...swiss.results import BYE_RESULT as SWISS_BYE
from ..access import require_organizer
from ..errors import Conflict, ServiceError
from .reads import (
    _swiss_match, build_state, can_repair, event_rounds, next_step, outstanding, round_matches, standings,
    unseated,
)


BYE_RESULT = str(SWISS_BYE)  # a bye counts as a 2-0 match win (tourney.swiss)


def _insert_round(session: Session, event: Event, number: int, pairings,
                  kind: str = ROUND_SWISS) -> Round:
    rnd = Round(event_id=event.pk, number=number, kind=kind)
    session.add(rnd)
    session.flush()
    for p in pairings:
        bye = p.b is None
        match = Match(round_id=rnd.pk, table_no=p.table, player_a_id=int(p.a),
                      player_b_id=None if bye else int(p.b),
                      result=BYE_RESULT if bye else None,
                      status=MATCH_CONFIRMED if bye else MATCH_PENDING,
                      flags=json.dumps(list(p.flags or ()), ensure_ascii=False))
        session.add(match)
        session.flush()
        for reg_id in (p.a, p.b):
            if reg_id is not None:
                session.add(MatchSeat(round_id=rnd.pk, registration_id=int(reg_id),
                                      match_id=match.pk))
    session.flush()
    return rnd


@dataclass(frozen=True)
class _CutPairing:
    table: int
    a: str
    b: str | None
    flags: tuple = ("corte",)


def pair_next_round(session: Session, actor: User, event: Event) -> Round:
    """Pair the next round (Swiss, then the top cut), all of it or nothing (the caller commits)."""
    require_organizer(actor, event, session)
    rounds_ = event_rounds(session, event)
    if rounds_:
        missing = outstanding(session, event, rounds_[-1])
        if missing:
            tables_ = ", ".join(str(t.match.table_no) for t in missing[:10])
            raise ServiceError(f"Faltan resultados de la ronda {rounds_[-1].number} "
                               f"(mesas {tables_}): no se puede emparejar la siguiente.")
    if rounds_ and rounds_[-1].kind == ROUND_SWISS:
        free = unseated(session, event, rounds_[-1])
        if free:
            raise ServiceError(f"En la ronda {rounds_[-1].number} hay jugadores sin mesa ("
                               + ", ".join(r.name for r in free)
                               + "): siéntalos a mano o retíralos antes de emparejar la siguiente.")
    number = len(rounds_) + 1
    kind, label = next_step(session, event)
    if kind == "fin":
        raise ServiceError(f"{label}: no hay más rondas que emparejar.")
    pairings: list[Pairing] | list[_CutPairing]
    try:
        if kind == ROUND_SWISS:
            state = build_state(session, event)
            if sum(1 for p in state.players if not p.dropped) < 2:
                raise ServiceError("Se necesitan al menos 2 jugadores activos para emparejar.")
            pairings = pair_round(state, random.Random(event.seed * 1000 + number))
        else:
            cut = [r for r in rounds_ if r.kind == ROUND_TOP_CUT]
            if cut:
                matches = next_top_cut_round([_swiss_match(m)
                                              for m in round_matches(session, cut[-1])])
            else:
                matches = top_cut_pairings(standings(session, event), event.top_cut)
            pairings = [_CutPairing(i, m.a, m.b) for i, m in enumerate(matches, 1)]
    except SwissUserError as exc:
        raise ServiceError(str(exc)) from None
    try:
        rnd = _insert_round(session, event, number, pairings, kind)
    except IntegrityError:
        raise Conflict(f"La ronda {number} ya fue emparejada (¿otro organizador al mismo "
                       "tiempo?). Recarga la página.") from None
    event.status = EVENT_RUNNING
    session.add(event)
    session.flush()
    return rnd


def _delete_round_rows(session: Session, rnd: Round) -> None:
    ids = [m.id for m in round_matches(session, rnd)]
    for model in (MatchSeat, ResultReport, SupportSwap):
        cond = (col(MatchSeat.round_id) == rnd.id if model is MatchSeat
                else col(model.match_id).in_(ids or [-1]))
        for row in session.exec(select(model).where(cond)):
            session.delete(row)
    session.flush()
    for m in round_matches(session, rnd):
        session.delete(m)
    session.flush()


def repair_round(session: Session, actor: User, event: Event, rnd: Round) -> Round:
    """Throw the latest round's pairings away and pair it again (only before any result)."""
    require_organizer(actor, event, session)
    rounds = event_rounds(session, event)
    if not rounds or rounds[-1].id != rnd.id:
        raise ServiceError("Solo se puede volver a emparejar la última ronda.")
    if not can_repair(session, event, rnd):
        raise ServiceError("Esta ronda ya tiene resultados: corrígelos o edita mesas a mano.")
    _delete_round_rows(session, rnd)
    session.delete(rnd)
    session.flush()
    return pair_next_round(session, actor, event)


def publish_round(session: Session, actor: User, rnd: Round, published: bool = True) -> None:
    require_organizer(actor, rnd, session)
    rnd.published = published
    session.add(rnd)
    session.flush()


def start_timer(session: Session, actor: User, rnd: Round, minutes: int,
                now: datetime | None = None) -> None:
    require_organizer(actor, rnd, session)
    if not 1 <= minutes <= 180:
        raise ServiceError("El reloj debe ser de 1 a 180 minutos.", "minutes")
    rnd.timer_minutes = minutes
    rnd.timer_started_at = now or utcnow()
    session.add(rnd)
    session.flush()
