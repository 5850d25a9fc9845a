"""The wall and the phone: each player's match points and record before a round (for the
pairings page and the grid), and the projector view's rows (alphabetical, one line a player)."""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from threading import Lock

from sqlalchemy import func, select as sa_select
from sqlmodel import Session, col

from ..models.events import ROUND_TOP_CUT, Event, Match, Registration, Round
from ..swiss import records
from . import rounds
from ..collation import spanish_key


@dataclass(frozen=True)
class Standing:
    points: int
    record: str  # "victorias-derrotas-empates", byes counted as wins


_cache: "OrderedDict[tuple, dict[int, Standing]]" = OrderedDict()
_lock = Lock()


def _signature(session: Session, event: Event, rnd: Round) -> tuple:
    """Changes whenever a match of an earlier round or a player changes (cache key)."""
    matches = session.execute(
        sa_select(func.count(col(Match.id)), func.coalesce(func.sum(col(Match.version)), 0),
                  func.coalesce(func.sum(Match.id), 0), func.max(Match.updated_at))
        .join(Round, col(Round.id) == Match.round_id)
        .where(col(Round.event_id) == event.id, col(Round.number) < rnd.number)).one()
    players = session.execute(
        sa_select(func.count(col(Registration.id)), func.coalesce(func.sum(col(Registration.late_losses)), 0),
                  func.max(Registration.created_at))
        .where(col(Registration.event_id) == event.id)).one()
    return (str(session.get_bind().engine.url), event.id, rnd.id, tuple(matches), tuple(players))


def records_before(session: Session, event: Event, rnd: Round) -> dict[int, Standing]:
    """Points and record of every player from the Swiss rounds played before ``rnd`` (what
    the player brings to the table; MTR Appendix C points, byes as wins). Cached until a
    match of an earlier round or a player changes."""
    key = _signature(session, event, rnd)
    with _lock:
        hit = _cache.get(key)
    if hit is not None:
        return hit
    out = _records_before(session, event, rnd)
    with _lock:
        _cache[key] = out
        while len(_cache) > 64:
            _cache.popitem(last=False)
    return out


def _records_before(session: Session, event: Event, rnd: Round) -> dict[int, Standing]:
    state = rounds.build_state(session, event)
    earlier = sum(1 for r in rounds.event_rounds(session, event)
                  if r.kind != ROUND_TOP_CUT and r.number < rnd.number)
    tally = records(replace(state, rounds=state.rounds[:earlier]))
    return {int(pid): Standing(r.match_points, f"{r.wins}-{r.losses}-{r.draws}")
            for pid, r in tally.items()}


@dataclass(frozen=True)
class WallRow:
    name: str
    table: int
    opponent: str | None  # None: bye
    points: int
    record: str


def wall_rows(session: Session, event: Event, rnd: Round) -> list[WallRow]:
    """One line per seated player, alphabetical (how players look for their name on a wall)."""
    before = records_before(session, event, rnd)
    empty = Standing(0, "0-0-0")
    out = []
    for t in rounds.tables(session, event, rnd):
        pa = before.get(t.a.id, empty)
        out.append(WallRow(t.a.name, t.match.table_no, t.b.name if t.b else None, pa.points,
                           pa.record))
        if t.b is not None:
            pb = before.get(t.b.id, empty)
            out.append(WallRow(t.b.name, t.match.table_no, t.a.name, pb.points, pb.record))
    out.sort(key=lambda r: (spanish_key(r.name), r.table))
    return out


def latest_published(session: Session, event: Event) -> Round | None:
    shown = [r for r in rounds.event_rounds(session, event) if r.published]
    return shown[-1] if shown else None
