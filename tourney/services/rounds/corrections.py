"""Corrections: the explicit change of a result the event already used (a round with a later
round paired, or any result of a finished event), with its consequences shown first, recorded
in the event's history with who, when and why, and undoable.

The rules (what a correction changes, which cut results cannot change their winner) live in
tourney.swiss.corrections; rights in services.access (the event's organizers only).
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session

from ...models.events import MATCH_CONFIRMED, ROUND_SWISS, ROUND_TOP_CUT, Event, Match, Round, User
from ...models.history import HISTORY_CORRECTION, HISTORY_UNDO, EventHistory
from ...swiss import Match as SwissMatch, Result, SwissUserError
from ...swiss.corrections import (
    consequences, cut_winner_problem, final_order_consequences, with_result,
)
from ...swiss.topcut import final_standings as swiss_final_standings
from .. import history
from ..access import require_organizer
from ..errors import Conflict, NotFound, ServiceError
from .reads import build_state, event_rounds, player_rows, round_matches, round_of, standings
from .results import change_result, check_playoff, label, table_words


@dataclass(frozen=True)
class Correction:
    """What a correction would do: the table, the old and new result and its consequences
    (Spanish lines, the first one naming the table and both results)."""

    match_id: int
    round_number: int
    table_no: int
    old: str | None
    new: str
    lines: tuple[str, ...]


def _swiss_lines(session: Session, event: Event, rnd: Round, match: Match,
                 new: str | None) -> list[str]:
    rounds = event_rounds(session, event)
    swiss_numbers = [r.number for r in rounds if r.kind == ROUND_SWISS]
    before = build_state(session, event)
    after = with_result(before, swiss_numbers.index(rnd.number) + 1, str(match.player_a_id),
                        str(match.player_b_id), new)
    return consequences(before, after, cut_size=event.top_cut or 0,
                        cut_started=any(r.kind == ROUND_TOP_CUT for r in rounds),
                        later_rounds=[n for n in swiss_numbers if n > rnd.number])


def _cut(session: Session, event: Event, replace: tuple[int, str | None] | None = None):
    out = []
    for r in event_rounds(session, event):
        if r.kind != ROUND_TOP_CUT:
            continue
        row = []
        for m in round_matches(session, r):
            result = m.result if m.status == MATCH_CONFIRMED else None
            if replace is not None and m.id == replace[0]:
                result = replace[1]
            row.append(SwissMatch(str(m.player_a_id), str(m.player_b_id) if m.player_b_id
                                  else None, result))
        out.append(row)
    return out


def _cut_lines(session: Session, event: Event, rnd: Round, match: Match, new: str) -> list[str]:
    later = [r for r in event_rounds(session, event)
             if r.kind == ROUND_TOP_CUT and r.number > rnd.number]
    played_on = False
    if later and match.result:
        old_winner = (match.player_a_id if _winner(match.result) == "a" else match.player_b_id)
        played_on = any(old_winner in (m.player_a_id, m.player_b_id)
                        for m in round_matches(session, later[0]))
    problem = cut_winner_problem(match.result if match.status == MATCH_CONFIRMED else None, new,
                                 played_on)
    if problem:
        raise ServiceError(problem, "result")
    order = [s.id for s in standings(session, event)]
    names = {str(k): v.name for k, v in player_rows(session, event).items()}
    try:
        before = [p.id for p in swiss_final_standings(order, event.top_cut, _cut(session, event))]
        after = [p.id for p in swiss_final_standings(order, event.top_cut,
                                                     _cut(session, event, (match.pk, new)))]
    except SwissUserError as exc:
        raise ServiceError(str(exc), "result") from None
    return final_order_consequences(before, after, names)


def _winner(result: str) -> str | None:
    return Result.parse(result).winner()


def preview(session: Session, actor: User | None, event: Event, match: Match,
            new: str) -> Correction:
    """The consequences of correcting ``match`` to ``new`` (nothing is saved)."""
    require_organizer(actor, event, session)
    if match.player_b_id is None:
        raise ServiceError("Un bye no lleva resultado.", "result")
    rnd = round_of(session, match)
    check_playoff(session, match, new)
    old = match.result if match.status == MATCH_CONFIRMED else None
    first = (f"{table_words(session, event, match, rnd)}: {label(old) or 'sin resultado'} → "
             f"{label(new)}.")
    if old == new:
        return Correction(match.pk, rnd.number, match.table_no, old, new,
                          (first, "Es el mismo resultado: no cambia nada."))
    lines = (_cut_lines(session, event, rnd, match, new) if rnd.kind == ROUND_TOP_CUT
             else _swiss_lines(session, event, rnd, match, new))
    return Correction(match.pk, rnd.number, match.table_no, old, new, (first, *lines))


def correct_result(session: Session, actor: User, event: Event, match: Match, new: str,
                   reason: str, seen_version: int) -> EventHistory:
    """Apply a correction (the organizer saw its consequences): the table's result becomes
    ``new``, the history keeps who, when, why, before, after and the consequences."""
    reason = history.clean_reason(reason, required=True)
    shown = preview(session, actor, event, match, new)
    if shown.old == new:
        raise ServiceError("Es el mismo resultado: no hay nada que corregir.", "result")
    if not change_result(session, actor, event, match, seen_version, HISTORY_CORRECTION,
                         " ".join(shown.lines), reason=reason, result=new,
                         status=MATCH_CONFIRMED):
        raise Conflict(f"La mesa {match.table_no} cambió mientras revisabas la corrección "
                       f"(ahora: {label(match.result) or 'sin resultado'}): revísala de nuevo.",
                       "result")
    row = history.rows(session, event, match_id=match.id)[-1]
    return row


def undo(session: Session, actor: User, event: Event, history_id: int,
         reason: str = "") -> EventHistory:
    """Undo a correction: the table gets back the result it had, if nobody changed it since
    (else a Conflict: correct it again instead). Recorded as a new row naming the correction."""
    require_organizer(actor, event, session)
    row = session.get(EventHistory, history_id)
    if row is None or row.event_id != event.id or row.kind != HISTORY_CORRECTION:
        raise NotFound("Esa corrección no existe en este evento.")
    if history.undoing(session, row) is not None:
        raise ServiceError("Esa corrección ya se deshizo.")
    match = session.get(Match, row.match_id) if row.match_id else None
    if match is None:
        raise NotFound("La mesa de esa corrección ya no existe.")
    after, before = row.after, row.before
    if (match.result, match.status) != (after.get("result"), after.get("status")):
        raise Conflict(f"La mesa {match.table_no} cambió después de esa corrección (ahora: "
                       f"{label(match.result) or 'sin resultado'}): corrígela de nuevo.")
    rnd = round_of(session, match)
    if before.get("result") and rnd.kind == ROUND_TOP_CUT:
        _cut_lines(session, event, rnd, match, before["result"])  # the bracket must still hold
    summary = (f"Deshace la corrección: {table_words(session, event, match, rnd)} vuelve a "
               f"{label(before.get('result')) or 'sin resultado'}.")
    if not change_result(session, actor, event, match, match.version, HISTORY_UNDO, summary,
                         reason=reason, undoes=row, result=before.get("result"),
                         status=before.get("status")):
        raise Conflict("La mesa cambió mientras tanto: recarga la página.")
    return history.rows(session, event, match_id=match.id)[-1]
