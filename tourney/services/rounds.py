"""Rounds: pairing through tourney.swiss, results, standings, the round timer.

Pairing a round is one unit of work: the round, its matches and its seats are flushed
together and committed by the caller; a failure midway leaves no half round (the edge rolls
back). The schema backs this up: one round number per event, one seat per player per round.

Results use optimistic concurrency: a result change is an UPDATE ... WHERE version = seen, so
two organizers saving at once cannot silently overwrite each other; players' reports are one
row per player per match.
"""
from __future__ import annotations

import json
import random
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta
from threading import Lock

from typing import NamedTuple

from sqlalchemy import case, func, update
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from ..models.catalog import utcnow
from ..models.events import (
    EVENT_RUNNING, MATCH_CONFIRMED, MATCH_DISPUTED, MATCH_PENDING, MATCH_REPORTED, ROUND_SWISS,
    ROUND_TOP_CUT, Event, Match,
    MatchSeat, Registration, ResultReport, Round, User,
)
from .errors import Conflict, Forbidden, NotFound, ServiceError
from .events import require_organizer

BYE_RESULT = "2-0-0"  # a bye counts as a 2-0 match win


class PlayerRow(NamedTuple):
    """A registration as the read-only pages need it (no ORM object: fast at 1,024 players)."""

    id: int
    name: str
    dropped: bool
    user_id: int | None


class MatchRow(NamedTuple):
    id: int
    round_id: int
    table_no: int
    player_a_id: int
    player_b_id: int | None
    result: str | None
    status: str
    version: int
    flags: str = "[]"

    @property
    def flag_labels(self) -> list[str]:
        """The pairing's flags in Spanish (float, rematch, bye…: tourney.swiss)."""
        from ..swiss import flag_labels

        flags = [f for f in json.loads(self.flags or "[]") if f != "corte"]
        manual = "manual" in flags
        flags = [f for f in flags if f != "manual"]
        return (flag_labels(flags) if flags else []) + (["mesa asignada a mano"] if manual else [])


@dataclass
class Table:
    """A match ready for display."""

    match: MatchRow
    a: PlayerRow
    b: PlayerRow | None
    reports: dict[int, str]


# -- reading ---------------------------------------------------------------------------------
def event_rounds(session: Session, event: Event) -> list[Round]:
    return list(session.exec(select(Round).where(Round.event_id == event.id)
                             .order_by(Round.number)))


def get_round(session: Session, event: Event, number: int) -> Round:
    rnd = session.exec(select(Round).where(Round.event_id == event.id,
                                           Round.number == number)).first()
    if rnd is None:
        raise NotFound(f"La ronda {number} no existe.")
    return rnd


def get_match(session: Session, event: Event, match_id: int) -> tuple[Match, Round]:
    match = session.get(Match, match_id)
    rnd = session.get(Round, match.round_id) if match is not None else None
    if match is None or rnd is None or rnd.event_id != event.id:
        raise NotFound("Esa mesa no existe en este evento.")
    return match, rnd


def round_matches(session: Session, rnd: Round) -> list[Match]:
    return list(session.exec(select(Match).where(Match.round_id == rnd.id)
                             .order_by(Match.table_no)))


_MATCH_COLUMNS = (Match.id, Match.round_id, Match.table_no, Match.player_a_id, Match.player_b_id,
                  Match.result, Match.status, Match.version, Match.flags)


def player_rows(session: Session, event: Event) -> dict[int, PlayerRow]:
    rows = session.execute(sa_select(Registration.id, Registration.name, Registration.dropped,
                                     Registration.user_id)
                           .where(Registration.event_id == event.id))
    return {r[0]: PlayerRow(*r) for r in rows}


def tables(session: Session, event: Event, rnd: Round) -> list[Table]:
    regs = player_rows(session, event)
    matches = [MatchRow(*r) for r in session.execute(
        sa_select(*_MATCH_COLUMNS).where(Match.round_id == rnd.id).order_by(Match.table_no))]
    reports: dict[int, dict[int, str]] = {}
    for match_id, reg_id, result in session.execute(
            sa_select(ResultReport.match_id, ResultReport.registration_id, ResultReport.result)
            .join(Match, Match.id == ResultReport.match_id).where(Match.round_id == rnd.id)):
        reports.setdefault(match_id, {})[reg_id] = result
    return [Table(m, regs[m.player_a_id], regs.get(m.player_b_id) if m.player_b_id else None,
                  reports.get(m.id, {})) for m in matches]


def fingerprint(session: Session, event: Event) -> tuple:
    """Changes whenever a pairing, a result or a player's state changes (cache key)."""
    matches = session.execute(
        sa_select(func.count(Match.id), func.coalesce(func.sum(Match.id), 0),
                  func.coalesce(func.sum(Match.version), 0),
                  func.coalesce(func.sum(Match.player_a_id * 7
                                         + func.coalesce(Match.player_b_id, 0)), 0),
                  func.max(Match.updated_at))
        .join(Round, Round.id == Match.round_id).where(Round.event_id == event.id)).one()
    players = session.execute(
        sa_select(func.count(Registration.id), func.coalesce(func.sum(Registration.id), 0),
                  func.coalesce(func.sum(case((Registration.dropped == True, 1),  # noqa: E712
                                              else_=0)), 0),
                  func.coalesce(func.sum(Registration.late_losses), 0),
                  func.max(Registration.created_at))
        .where(Registration.event_id == event.id)).one()
    return (str(session.get_bind().url), event.id, tuple(matches), tuple(players))


def outstanding(session: Session, event: Event, rnd: Round) -> list[Table]:
    return [t for t in tables(session, event, rnd) if t.match.status != MATCH_CONFIRMED]


def player_matches(session: Session, event: Event,
                   registration: Registration) -> list[tuple[Round, Table]]:
    out = []
    for rnd in event_rounds(session, event):
        for t in tables(session, event, rnd):
            if registration.id in (t.match.player_a_id, t.match.player_b_id):
                out.append((rnd, t))
    return out


# -- the Swiss state ------------------------------------------------------------------------
def build_state(session: Session, event: Event):
    """Rows -> tourney.swiss.TournamentState (ids are registration ids as strings)."""
    from ..swiss import Match as SwissMatch, Player, Settings, TournamentState

    regs = session.execute(sa_select(Registration.id, Registration.name, Registration.dropped,
                                     Registration.late_losses, Registration.byes)
                           .where(Registration.event_id == event.id).order_by(Registration.id))
    players = [Player(id=str(rid), name=name, dropped=bool(dropped), late_losses=late,
                      byes=int(byes or 0))
               for rid, name, dropped, late, byes in regs]
    by_round: dict[int, list] = {}
    for number, a, b, result, status in session.execute(
            sa_select(Round.number, Match.player_a_id, Match.player_b_id, Match.result,
                      Match.status)
            .join(Round, Round.id == Match.round_id)
            .where(Round.event_id == event.id, Round.kind == ROUND_SWISS)
            .order_by(Round.number, Match.table_no)):
        by_round.setdefault(number, []).append(SwissMatch(
            a=str(a), b=str(b) if b else None,
            result=result if status == MATCH_CONFIRMED else None))
    from ..models.events import ForbiddenPair

    forbidden = [(str(x), str(y)) for x, y in session.execute(
        sa_select(ForbiddenPair.player_x_id, ForbiddenPair.player_y_id)
        .where(ForbiddenPair.event_id == event.id).order_by(ForbiddenPair.id))]
    return TournamentState(players=players, rounds=[by_round[n] for n in sorted(by_round)],
                           settings=Settings(), forbidden_pairs=forbidden)


_standings_cache: OrderedDict = OrderedDict()
_standings_lock = Lock()


def standings(session: Session, event: Event):
    """Swiss standings, cached per event until a pairing, result or player changes."""
    from ..swiss import standings as swiss_standings

    key = fingerprint(session, event)
    with _standings_lock:
        hit = _standings_cache.get(key)
    if hit is not None:
        return hit
    rows = swiss_standings(build_state(session, event))
    with _standings_lock:
        _standings_cache[key] = rows
        while len(_standings_cache) > 32:
            _standings_cache.popitem(last=False)
    return rows


def planned_rounds(session: Session, event: Event) -> int:
    """The organizer's number of Swiss rounds, or MTR Appendix E's for the players entered."""
    if event.rounds_planned:
        return event.rounds_planned
    from ..swiss import recommended_rounds

    entered = session.execute(sa_select(func.count(Registration.id))
                              .where(Registration.event_id == event.id)).scalar_one()
    return recommended_rounds(max(entered, 2)).rounds


# -- organizer actions ----------------------------------------------------------------------
def _insert_round(session: Session, event: Event, number: int, pairings,
                  kind: str = ROUND_SWISS) -> Round:
    rnd = Round(event_id=event.id, number=number, kind=kind)
    session.add(rnd)
    session.flush()
    for p in pairings:
        bye = p.b is None
        match = Match(round_id=rnd.id, table_no=p.table, player_a_id=int(p.a),
                      player_b_id=None if bye else int(p.b),
                      result=BYE_RESULT if bye else None,
                      status=MATCH_CONFIRMED if bye else MATCH_PENDING,
                      flags=json.dumps(list(p.flags or ()), ensure_ascii=False))
        session.add(match)
        session.flush()
        for reg_id in (p.a, p.b):
            if reg_id is not None:
                session.add(MatchSeat(round_id=rnd.id, registration_id=int(reg_id),
                                      match_id=match.id))
    session.flush()
    return rnd


@dataclass(frozen=True)
class _CutPairing:
    table: int
    a: str
    b: str | None
    flags: tuple = ("corte",)


def next_step(session: Session, event: Event) -> tuple[str, str]:
    """What "pair the next round" does now: (kind, Spanish label)."""
    rounds_ = event_rounds(session, event)
    swiss = sum(1 for r in rounds_ if r.kind == ROUND_SWISS)
    planned = planned_rounds(session, event)
    if swiss < planned:
        return ROUND_SWISS, f"Emparejar ronda {len(rounds_) + 1}"
    if not event.top_cut:
        return "fin", "Rondas suizas terminadas"
    cut = [r for r in rounds_ if r.kind == ROUND_TOP_CUT]
    if not cut:
        return ROUND_TOP_CUT, f"Emparejar el corte final (Top {event.top_cut})"
    last = round_matches(session, cut[-1])
    if len(last) <= 1:
        return "fin", "Corte final terminado"
    return ROUND_TOP_CUT, (f"Emparejar la siguiente ronda del corte ({len(last)} mesas → "
                           f"{len(last) // 2})")


def _swiss_match(m: Match):
    from ..swiss import Match as SwissMatch

    return SwissMatch(a=str(m.player_a_id), b=str(m.player_b_id) if m.player_b_id else None,
                      result=m.result if m.status == MATCH_CONFIRMED else None)


def champion(session: Session, event: Event) -> Registration | None:
    """The winner of the top-cut final, once its result is in."""
    from ..swiss import SwissUserError, champion as swiss_champion

    cut = [r for r in event_rounds(session, event) if r.kind == ROUND_TOP_CUT]
    if not cut:
        return None
    final = round_matches(session, cut[-1])
    if len(final) != 1:
        return None
    try:
        return session.get(Registration, int(swiss_champion([_swiss_match(final[0])])))
    except SwissUserError:
        return None


def pair_next_round(session: Session, actor: User, event: Event) -> Round:
    """Pair the next round (Swiss, then the top cut), all of it or nothing (the caller commits)."""
    from ..swiss import SwissUserError, next_top_cut_round, pair_round, top_cut_pairings

    require_organizer(actor)
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
    from ..models.events import SupportSwap

    ids = [m.id for m in round_matches(session, rnd)]
    for model in (MatchSeat, ResultReport, SupportSwap):
        col = model.round_id if model is MatchSeat else model.match_id
        cond = (col == rnd.id) if model is MatchSeat else col.in_(ids or [-1])
        for row in session.exec(select(model).where(cond)):
            session.delete(row)
    session.flush()
    for m in round_matches(session, rnd):
        session.delete(m)
    session.flush()


def repair_round(session: Session, actor: User, event: Event, rnd: Round) -> Round:
    """Throw the latest round's pairings away and pair it again (only before any result)."""
    require_organizer(actor)
    rounds = event_rounds(session, event)
    if not rounds or rounds[-1].id != rnd.id:
        raise ServiceError("Solo se puede volver a emparejar la última ronda.")
    if any(m.status != MATCH_PENDING and m.player_b_id is not None
           for m in round_matches(session, rnd)):
        raise ServiceError("Esta ronda ya tiene resultados: corrígelos o edita mesas a mano.")
    _delete_round_rows(session, rnd)
    session.delete(rnd)
    session.flush()
    return pair_next_round(session, actor, event)


def _state_before(session: Session, event: Event, rnd: Round):
    """The Swiss state as it was when ``rnd`` was paired (the rounds before it)."""
    from ..swiss import TournamentState

    state = build_state(session, event)
    earlier = sum(1 for r in event_rounds(session, event)
                  if r.kind == ROUND_SWISS and r.number < rnd.number)
    return TournamentState(players=state.players, rounds=state.rounds[:earlier],
                           settings=state.settings)


def swap_between_tables(session: Session, actor: User, event: Event, rnd: Round,
                        player_x: int, player_y: int) -> list[str]:
    """Swap two players between their tables (validated by tourney.swiss); returns the
    consequences in Spanish ("crea una revancha", point differences)."""
    from ..swiss import Pairing, SwissUserError, swap_players

    require_organizer(actor)
    seats = {s.registration_id: s for s in session.exec(select(MatchSeat)
                                                        .where(MatchSeat.round_id == rnd.id))}
    if player_x == player_y:
        raise ServiceError("Elige dos jugadores distintos.", "player_y")
    for pid, fld in ((player_x, "player_x"), (player_y, "player_y")):
        if pid not in seats:
            raise ServiceError("Ese jugador no está emparejado en esta ronda.", fld)
    mx = session.get(Match, seats[player_x].match_id)
    my = session.get(Match, seats[player_y].match_id)
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
    seats[player_x].match_id, seats[player_y].match_id = my.id, mx.id
    for obj in (mx, my, seats[player_x], seats[player_y]):
        session.add(obj)
    session.flush()
    return list(edit.consequences)


def _current_pairings(session: Session, rnd: Round):
    from ..swiss import Pairing

    return [Pairing(table=m.table_no, a=str(m.player_a_id),
                    b=str(m.player_b_id) if m.player_b_id else None)
            for m in round_matches(session, rnd)]


def _require_last_swiss(session: Session, event: Event, rnd: Round) -> None:
    rounds_ = event_rounds(session, event)
    if not rounds_ or rounds_[-1].id != rnd.id:
        raise ServiceError("Solo se pueden editar las mesas de la última ronda.")
    if rnd.kind != ROUND_SWISS:
        raise ServiceError("Las mesas del corte final no se editan a mano.")


def unseated(session: Session, event: Event, rnd: Round) -> list[Registration]:
    """Active players who were in the event when ``rnd`` was paired and have no table in it
    (their table was broken by the organizer). Late entries after the pairing don't count."""
    seated = {s.registration_id for s in session.exec(select(MatchSeat)
                                                      .where(MatchSeat.round_id == rnd.id))}
    regs = session.exec(select(Registration).where(Registration.event_id == event.id,
                                                   Registration.dropped == False)  # noqa: E712
                        .order_by(Registration.name))
    return [r for r in regs if r.id not in seated and _aware(r.created_at) <= _aware(rnd.created_at)]


def _aware(value: datetime) -> datetime:
    from datetime import timezone

    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def break_table(session: Session, actor: User, event: Event, rnd: Round,
                match_id: int) -> list[str]:
    """Undo one table of the latest round (tourney.swiss break_match): its players are left
    without a table until the organizer seats them by hand. Returns the consequences."""
    from ..models.events import SupportSwap
    from ..swiss import SwissUserError, break_match

    require_organizer(actor)
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
    from ..swiss import SwissUserError, pair_players

    require_organizer(actor)
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
    match = Match(round_id=rnd.id, table_no=table_no, player_a_id=player_x, player_b_id=player_y,
                  result=BYE_RESULT if bye else None,
                  status=MATCH_CONFIRMED if bye else MATCH_PENDING,
                  flags=json.dumps(list(added.flags or ()) + ["manual"], ensure_ascii=False))
    session.add(match)
    try:
        session.flush()
        for reg_id in (player_x, player_y):
            if reg_id is not None:
                session.add(MatchSeat(round_id=rnd.id, registration_id=reg_id,
                                      match_id=match.id))
        session.flush()
    except IntegrityError:
        raise Conflict("Otro organizador cambió esta ronda al mismo tiempo: recarga la "
                       "página.") from None
    # tourney.swiss numbers the tables afresh; the stored round keeps its tables and adds one
    return [c.replace(f"mesa {added.table}:", f"mesa {table_no}:") for c in edit.consequences]


def publish_round(session: Session, actor: User, rnd: Round, published: bool = True) -> None:
    require_organizer(actor)
    rnd.published = published
    session.add(rnd)
    session.flush()


def start_timer(session: Session, actor: User, rnd: Round, minutes: int,
                now: datetime | None = None) -> None:
    require_organizer(actor)
    if not 1 <= minutes <= 180:
        raise ServiceError("El reloj debe ser de 1 a 180 minutos.", "minutes")
    rnd.timer_minutes = minutes
    rnd.timer_started_at = now or utcnow()
    session.add(rnd)
    session.flush()


def timer_remaining(rnd: Round, now: datetime | None = None) -> int | None:
    """Seconds left on the round clock (negative = overtime), or None when not started."""
    if rnd.timer_started_at is None:
        return None
    end = rnd.timer_started_at + timedelta(minutes=rnd.timer_minutes)
    return int((end - (now or utcnow())).total_seconds())


# -- results ---------------------------------------------------------------------------------
def normalize_result(a_games: int, b_games: int, draws: int) -> str:
    """Validate a best-of-three result (swiss.parse_result) and return "a-b-d"."""
    from ..swiss import parse_result

    text = f"{a_games}-{b_games}-{draws}"
    try:
        parse_result(text)
    except Exception as exc:
        raise ServiceError(f"Resultado imposible en un mejor de tres: {text} ({exc}).",
                           "a_games") from None
    return text


def _check_playoff(session: Session, match: Match, result: str) -> None:
    from ..swiss import parse_result

    rnd = session.get(Round, match.round_id)
    if rnd is not None and rnd.kind == ROUND_TOP_CUT and parse_result(result).winner() is None:
        raise ServiceError("En el corte final (eliminación directa) no hay empates: se juega "
                           "hasta que alguien gane.", "a_games")


def flip(result: str) -> str:
    a, b, d = result.split("-")
    return f"{b}-{a}-{d}"


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
    require_organizer(actor)
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
