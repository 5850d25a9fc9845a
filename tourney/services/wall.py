"""The wall and the phone: each player's match points and record before a round (for the
pairings page and the grid), and the projector view's rows (alphabetical, one line a player)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import Session

from ..catalog.model import fold
from ..models.events import ROUND_TOP_CUT, Event, Round
from ..swiss import records
from . import rounds


@dataclass(frozen=True)
class Standing:
    points: int
    record: str  # "victorias-derrotas-empates", byes counted as wins


def records_before(session: Session, event: Event, rnd: Round) -> dict[int, Standing]:
    """Points and record of every player from the Swiss rounds played before ``rnd`` (what
    the player brings to the table; MTR Appendix C points, byes as wins)."""
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
    out.sort(key=lambda r: (fold(r.name), r.table))
    return out


def latest_published(session: Session, event: Event) -> Round | None:
    shown = [r for r in rounds.event_rounds(session, event) if r.published]
    return shown[-1] if shown else None
