"""Reading rounds: rows for the pages (no ORM objects: fast at 1,024 players), the Swiss
state built from the tables, standings (cached per data fingerprint), the planned number of
rounds, what pairing does next, the champion, players left without a table, the clock."""
from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from threading import Lock
from typing import NamedTuple

from sqlalchemy import case, func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from ...models.catalog import utcnow
from ...models.events import (
    MATCH_CONFIRMED, MATCH_PENDING, ROUND_SWISS, ROUND_TOP_CUT, Event, ForbiddenPair, Match, MatchSeat,
    Registration, ResultReport, Round,
)
from ...swiss import (
    Match as SwissMatch, Player, Settings, SwissUserError, TournamentState,
    can_repair as swiss_can_repair, champion as swiss_champion, flag_labels, recommended_rounds, standings as swiss_standings,
    top_cut_pairings,
)
from ...swiss.topcut import round_name
from ..decklists import registered_by_player
from ..errors import NotFound
from ...collation import spanish_sorted


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


def event_rounds(session: Session, event: Event) -> list[Round]:
    return list(session.exec(select(Round).where(Round.event_id == event.id)
                             .order_by(col(Round.number))))


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


def round_of(session: Session, match: Match) -> Round:
    """The round a match belongs to (a match never outlives its round)."""
    rnd = session.get(Round, match.round_id)
    if rnd is None:
        raise NotFound("Esa mesa no existe en este evento.")
    return rnd


def round_matches(session: Session, rnd: Round) -> list[Match]:
    return list(session.exec(select(Match).where(Match.round_id == rnd.id)
                             .order_by(col(Match.table_no))))


def cut_name(session: Session, rnd: Round) -> str:
    """A top-cut round's name, «Cuartos de final», «Semifinales», «Final» (swiss.topcut
    round_name of its tables); "" for a Swiss round. The one naming of cut rounds: the web
    pages, the Marcador, the projector and the PDFs all call this."""
    if rnd.kind != ROUND_TOP_CUT:
        return ""
    tables = session.execute(sa_select(func.count(col(Match.id)))
                             .where(col(Match.round_id) == rnd.id)).scalar_one()
    return round_name(tables)


def round_title(session: Session, rnd: Round) -> str:
    """«Ronda 3»; a cut round with its name, «Ronda 7 (Cuartos de final)»."""
    name = cut_name(session, rnd)
    return f"Ronda {rnd.number} ({name})" if name else f"Ronda {rnd.number}"


_MATCH_COLUMNS = (col(Match.id), col(Match.round_id), col(Match.table_no), col(Match.player_a_id),
                  col(Match.player_b_id), col(Match.result), col(Match.status), col(Match.version),
                  col(Match.flags))


def player_rows(session: Session, event: Event) -> dict[int, PlayerRow]:
    rows = session.execute(sa_select(col(Registration.id), col(Registration.name), col(Registration.dropped),
                                     col(Registration.user_id))
                           .where(col(Registration.event_id) == event.id))
    return {r[0]: PlayerRow(*r) for r in rows}


def tables(session: Session, event: Event, rnd: Round) -> list[Table]:
    regs = player_rows(session, event)
    matches = [MatchRow(*r) for r in session.execute(
        sa_select(*_MATCH_COLUMNS).where(col(Match.round_id) == rnd.id).order_by(col(Match.table_no)))]
    reports: dict[int, dict[int, str]] = {}
    for match_id, reg_id, result in session.execute(
            sa_select(col(ResultReport.match_id), col(ResultReport.registration_id), col(ResultReport.result))
            .join(Match, col(Match.id) == ResultReport.match_id).where(col(Match.round_id) == rnd.id)):
        reports.setdefault(match_id, {})[reg_id] = result
    return [Table(m, regs[m.player_a_id], regs.get(m.player_b_id) if m.player_b_id else None,
                  reports.get(m.id, {})) for m in matches]


def fingerprint(session: Session, event: Event) -> tuple:
    """Changes whenever a pairing, a result or a player's state changes (cache key)."""
    matches = session.execute(
        sa_select(func.count(col(Match.id)), func.coalesce(func.sum(col(Match.id)), 0),
                  func.coalesce(func.sum(Match.version), 0),
                  func.coalesce(func.sum(Match.player_a_id * 7
                                         + func.coalesce(Match.player_b_id, 0)), 0),
                  func.max(Match.updated_at))
        .join(Round, col(Round.id) == Match.round_id).where(col(Round.event_id) == event.id)).one()
    players = session.execute(
        sa_select(func.count(col(Registration.id)), func.coalesce(func.sum(col(Registration.id)), 0),
                  func.coalesce(func.sum(case((col(Registration.dropped) == True, 1),  # noqa: E712
                                              else_=0)), 0),
                  func.coalesce(func.sum(Registration.late_losses), 0),
                  func.max(Registration.created_at))
        .where(col(Registration.event_id) == event.id)).one()
    return (str(session.get_bind().engine.url), event.id, tuple(matches), tuple(players))


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


def build_state(session: Session, event: Event):
    """Rows -> tourney.swiss.TournamentState (ids are registration ids as strings)."""
    regs = session.execute(sa_select(col(Registration.id), col(Registration.name), col(Registration.dropped),
                                     col(Registration.late_losses), col(Registration.byes))
                           .where(col(Registration.event_id) == event.id).order_by(col(Registration.id)))
    players = [Player(id=str(rid), name=name, dropped=bool(dropped), late_losses=late,
                      byes=int(byes or 0))
               for rid, name, dropped, late, byes in regs]
    by_round: dict[int, list] = {}
    for number, a, b, result, status in session.execute(
            sa_select(col(Round.number), col(Match.player_a_id), col(Match.player_b_id), col(Match.result),
                      col(Match.status))
            .join(Round, col(Round.id) == Match.round_id)
            .where(col(Round.event_id) == event.id, col(Round.kind) == ROUND_SWISS)
            .order_by(col(Round.number), col(Match.table_no))):
        by_round.setdefault(number, []).append(SwissMatch(
            a=str(a), b=str(b) if b else None,
            result=result if status == MATCH_CONFIRMED else None))
    forbidden = [(str(x), str(y)) for x, y in session.execute(
        sa_select(col(ForbiddenPair.player_x_id), col(ForbiddenPair.player_y_id))
        .where(col(ForbiddenPair.event_id) == event.id).order_by(col(ForbiddenPair.id)))]
    return TournamentState(players=players, rounds=[by_round[n] for n in sorted(by_round)],
                           settings=Settings(), forbidden_pairs=forbidden)


_standings_cache: OrderedDict = OrderedDict()


_standings_lock = Lock()


def standings(session: Session, event: Event):
    """Swiss standings, cached per event until a pairing, result or player changes."""
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
    entered = session.execute(sa_select(func.count(col(Registration.id)))
                              .where(col(Registration.event_id) == event.id)).scalar_one()
    return recommended_rounds(max(entered, 2)).rounds


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


def cut_without_list(session: Session, event: Event, rnd: Round | None = None) -> list[Registration]:
    """Players of the top cut with no legal list registered (a cut player plays the list they
    registered; the organizer must see it before the cut is published): those seated in
    ``rnd`` (a cut round), or, without it, those who would enter the cut if it were paired
    now. Empty for a Swiss round and before the cut is the next step."""
    if rnd is not None:
        if rnd.kind != ROUND_TOP_CUT:
            return []
        ids = {i for m in round_matches(session, rnd) for i in (m.player_a_id, m.player_b_id) if i}
    else:
        if next_step(session, event)[0] != ROUND_TOP_CUT or any(
                r.kind == ROUND_TOP_CUT for r in event_rounds(session, event)):
            return []
        try:
            seeds = top_cut_pairings(standings(session, event), event.top_cut)
        except SwissUserError:
            return []
        ids = {int(x) for m in seeds for x in (m.a, m.b) if x}
    listed = registered_by_player(session, event)
    missing = [session.get(Registration, i) for i in ids if i not in listed]
    return spanish_sorted([r for r in missing if r is not None], key=lambda r: r.name)


def cut_list_warning(session: Session, event: Event, rnd: Round | None = None) -> str:
    """The organizer's warning about ``cut_without_list`` (Spanish), or "" when every cut
    player has a legal list: on the panel before the cut is paired, when it is paired, and on
    the cut round's page."""
    missing = cut_without_list(session, event, rnd)
    if not missing:
        return ""
    names = ", ".join(r.name for r in missing)
    many = len(missing) > 1
    if rnd is None:
        return (f"Entrarían al corte (Top {event.top_cut}) sin una lista legal registrada: "
                f"{names}. Revisa {'sus listas' if many else 'su lista'} antes de emparejar.")
    return (f"En el corte {'juegan' if many else 'juega'} sin una lista legal registrada: "
            f"{names}. Revisa {'sus listas' if many else 'su lista'} antes de publicar.")


def _swiss_match(m: Match):
    return SwissMatch(a=str(m.player_a_id), b=str(m.player_b_id) if m.player_b_id else None,
                      result=m.result if m.status == MATCH_CONFIRMED else None)


def champion(session: Session, event: Event) -> Registration | None:
    """The winner of the top-cut final, once its result is in."""
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


def unseated(session: Session, event: Event, rnd: Round) -> list[Registration]:
    """Active players who were in the event when ``rnd`` was paired and have no table in it
    (their table was broken by the organizer). Late entries after the pairing don't count.
    A top-cut round seats only the players still in the cut: nobody is «without a table»."""
    if rnd.kind == ROUND_TOP_CUT:
        return []
    seated = {s.registration_id for s in session.exec(select(MatchSeat)
                                                      .where(MatchSeat.round_id == rnd.id))}
    regs = session.exec(select(Registration).where(Registration.event_id == event.id,
                                                   Registration.dropped == False)  # noqa: E712
                        .order_by(col(Registration.id)))
    return [r for r in spanish_sorted(regs, key=lambda r: r.name)
            if r.id not in seated and _aware(r.created_at) <= _aware(rnd.created_at)]


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def can_repair(session: Session, event: Event, rnd: Round) -> bool:
    """The latest round may be paired again only before any result (tourney.swiss)."""
    rounds_ = event_rounds(session, event)
    return bool(rounds_) and rounds_[-1].id == rnd.id and swiss_can_repair(
        (m.player_b_id is None, m.status != MATCH_PENDING) for m in round_matches(session, rnd))


def timer_end(rnd: Round) -> datetime | None:
    """When the round clock reaches 0:00 (stored UTC), or None when not started."""
    if rnd.timer_started_at is None:
        return None
    return rnd.timer_started_at + timedelta(minutes=rnd.timer_minutes)


def timer_remaining(rnd: Round, now: datetime | None = None) -> int | None:
    """Seconds left on the round clock (negative = overtime), or None when not started."""
    if rnd.timer_started_at is None:
        return None
    end = rnd.timer_started_at + timedelta(minutes=rnd.timer_minutes)
    return int((end - (now or utcnow())).total_seconds())
