"""The scorekeeper grid: every table of a round on one page, one tap per result, for the
organizer and the event's judges; and the opponent's one-tap confirmation of a report.

Results keep the optimistic concurrency of ``rounds.results``: a save is an UPDATE … WHERE
version = seen, so two people at the desk cannot silently overwrite each other.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from ..models.events import (
    MATCH_CONFIRMED, ROUND_TOP_CUT, Event, Match, Registration, Round, User,
)
from ..swiss import PLAYOFF_BUTTONS, RESULT_BUTTONS, Result, SwissUserError, parse_typed_result
from . import rounds
from .access import require_judge, signed_in
from .errors import Conflict, NotFound, ServiceError
from .wall import records_before
from .rounds.results import flip, label

def parse_code(text: str) -> str:
    """A result as typed at the desk («2-1», «ID»…) -> "a-b-d": the swiss core reads it
    (``parse_typed_result``); here its error becomes the form's «result» field."""
    try:
        return str(parse_typed_result(text))
    except SwissUserError as exc:
        raise ServiceError(f"{exc}", "result") from None


@dataclass(frozen=True)
class GridRow:
    match_id: int
    table: int
    version: int
    a: str
    b: str | None
    a_points: int
    b_points: int
    result: str | None
    status: str
    reports: tuple[str, ...]  # what the players reported, as "a-b-d" from A's side

    @property
    def open(self) -> bool:
        return self.b is not None and self.status != MATCH_CONFIRMED

    @property
    def shown(self) -> str:
        return label(self.result)


@dataclass(frozen=True)
class Grid:
    round: Round | None
    rows: tuple[GridRow, ...]
    playoff: bool
    total: int
    open_count: int
    closed: str | None = None  # why the round's results change only by correction

    @property
    def buttons(self) -> tuple[tuple[str, str], ...]:
        return result_buttons(self.playoff)


def result_buttons(playoff: bool) -> tuple[tuple[str, str], ...]:
    """(label, "a-b-d") of the results a table can end with: the Marcador's buttons and the
    player's own report (a top-cut table has no draws)."""
    return PLAYOFF_BUTTONS if playoff else RESULT_BUTTONS


def round_buttons(rnd: Round) -> tuple[tuple[str, str], ...]:
    """The result buttons of a round's tables."""
    return result_buttons(rnd.kind == ROUND_TOP_CUT)


def grid_round(session: Session, actor: User | None, event: Event, number: int) -> Round:
    """The round of a grid, for the event's judges and organizers only."""
    require_judge(session, actor, event)
    return rounds.get_round(session, event, number)


def grid(session: Session, actor: User | None, event: Event, number: int,
         open_only: bool = False, keep: int | None = None) -> Grid:
    """Every table of round ``number`` (or only those still without a final result, plus
    table ``keep``: the one just saved stays where it was)."""
    require_judge(session, actor, event)
    rnd = rounds.get_round(session, event, number)
    before = records_before(session, event, rnd)
    points = {pid: st.points for pid, st in before.items()}
    rows = []
    for t in rounds.tables(session, event, rnd):
        m = t.match
        rows.append(GridRow(m.id, m.table_no, m.version, t.a.name, t.b.name if t.b else None,
                            points.get(m.player_a_id, 0),
                            points.get(m.player_b_id, 0) if m.player_b_id else 0,
                            m.result, m.status, tuple(t.reports.values())))
    open_count = sum(1 for r in rows if r.open)
    shown = tuple(r for r in rows if r.open or r.table == keep) if open_only else tuple(rows)
    return Grid(rnd, shown, rnd.kind == ROUND_TOP_CUT, len(rows), open_count,
                rounds.closed_reason(session, event, rnd))


def enter(session: Session, actor: User | None, event: Event, number: int, result: str,
          *, match_id: int | None = None, table: int | None = None,
          seen_version: int | None = None) -> Match:
    """Save a table's result from the grid (rounds.enter_result: judges fill open tables, an
    organizer also changes a final result while the round is open; a closed round's results
    change only by correction)."""
    require_judge(session, actor, event)
    if match_id is None and table is None:
        raise ServiceError("Indica la mesa.", "table")
    rnd = rounds.get_round(session, event, number)
    match = _find(session, rnd, match_id, table)
    if match.player_b_id is None:
        raise ServiceError(f"La mesa {match.table_no} es un bye: no lleva resultado.", "result")
    result = parse_code(result)
    version = match.version if seen_version is None else seen_version
    try:
        return rounds.enter_result(session, signed_in(actor), event, match, result, version)
    except ServiceError as exc:
        exc.field = "result"
        raise


def open_count(session: Session, rnd: Round) -> int:
    """Tables of the round still without a final result (byes never count)."""
    return sum(1 for m in rounds.round_matches(session, rnd)
               if m.player_b_id is not None and m.status != MATCH_CONFIRMED)


def _find(session: Session, rnd: Round, match_id: int | None, table: int | None) -> Match:
    for m in rounds.round_matches(session, rnd):
        if (match_id is not None and m.id == match_id) or (match_id is None and m.table_no == table):
            return m
    if match_id is None:
        raise NotFound(f"No hay mesa {table} en la ronda {rnd.number}.")
    raise NotFound("Esa mesa no es de esta ronda.")


# -- the opponent's one-tap confirmation ------------------------------------------------------

@dataclass(frozen=True)
class PendingConfirmation:
    """A report by the opponent waiting for this player: ``mine`` is the result from this
    player's side ("2-1-0": I won 2-1), ``words`` the sentence («Ganaste 2-1»)."""

    match_id: int
    table: int
    mine: str
    words: str


def words_for(mine: str) -> str:
    """«Ganaste 2-1», «Perdiste 0-2», «Empate 1-1 (1 juego empatado)»: swiss.Result.words."""
    return Result.parse(mine).words()


def pending_confirmation(session: Session, registration: Registration, table) -> \
        PendingConfirmation | None:
    """The opponent reported and this player has not (``table``: a rounds.Table)."""
    m = table.match
    if m.player_b_id is None or m.status == MATCH_CONFIRMED:
        return None
    if registration.id not in (m.player_a_id, m.player_b_id):
        return None
    other = m.player_b_id if registration.id == m.player_a_id else m.player_a_id
    theirs = table.reports.get(other)
    if theirs is None or registration.id in table.reports:
        return None
    mine = theirs if registration.id == m.player_a_id else flip(theirs)
    return PendingConfirmation(m.id, m.table_no, mine, words_for(mine))


def confirm(session: Session, actor: User | None, event: Event, match: Match,
            registration: Registration, mine: str) -> Match:
    """Confirm the opponent's report with one tap: report the same result from my side.
    ``mine`` is the result the page showed (so a report changed meanwhile is not confirmed)."""
    t = next((t for t in rounds.tables(session, event, rounds.round_of(session, match))
              if t.match.id == match.id), None)
    pending = pending_confirmation(session, registration, t) if t is not None else None
    if pending is None:
        raise ServiceError("No hay un reporte de tu rival que confirmar en esta mesa.")
    if pending.mine != mine:
        raise Conflict("Tu rival cambió su reporte mientras tanto: revísalo de nuevo.")
    a, b, d = (int(x) for x in mine.split("-"))
    return rounds.report_result(session, signed_in(actor), event, match, registration, a, b, d)
