"""When a result may change, and what changing it changes. Pure.

A table's result goes through these stages (``result_stage``):

- ``open``: no final result yet; the event's judges and organizers fill it;
- ``entered``: a final result the staff entered, in a round still open (no later round
  paired, the event not finished); whoever may fill it may also fix it (a mis-tap at the desk);
- ``agreed``: a final result both players reported alike, in a round still open; it is the
  players' word, so only an organizer changes it;
- ``closed``: the round has a later round paired, or the event is finished; the standings it
  fed were used (pairings, the cut, the final classification), so the result changes only
  through an explicit correction that shows its consequences first (``consequences``),
  recorded in the event's history and undoable.

Every change, at every stage, is recorded with its author. A top-cut result whose winner
already played the next cut round cannot change its winner (``cut_winner_problem``).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from .errors import SwissUserError
from .model import Match, TournamentState
from .results import Result
from .standings import standings

STAGE_OPEN = "open"
STAGE_ENTERED = "entered"
STAGE_AGREED = "agreed"
STAGE_CLOSED = "closed"
MAX_MOVES_SHOWN = 8  # places changed named one by one; the rest are counted


def result_stage(*, final: bool, players_agreed: bool, later_round_paired: bool,
                 event_finished: bool) -> str:
    """The stage of a table's result (see the module docstring). ``players_agreed``: both
    players reported the final result."""
    if event_finished or later_round_paired:
        return STAGE_CLOSED
    if not final:
        return STAGE_OPEN
    return STAGE_AGREED if players_agreed else STAGE_ENTERED


def with_result(state: TournamentState, round_number: int, a: str, b: str | None,
                result: str | None) -> TournamentState:
    """``state`` with the result of the match of ``a`` and ``b`` in round ``round_number``
    (1-based) replaced."""
    rounds = [list(r) for r in state.rounds]
    if not 1 <= round_number <= len(rounds):
        raise SwissUserError(f"la ronda {round_number} no está en el estado")
    played = rounds[round_number - 1]
    for i, m in enumerate(played):
        if m.a == a and m.b == b:
            played[i] = Match(a, b, result)
            return TournamentState(state.players, rounds, state.settings, state.forbidden_pairs)
    raise SwissUserError(f"ronda {round_number}: no hay una mesa de «{a}» contra «{b}»")


def _place(n: int) -> str:
    return f"{n}.º"


def order_changes(before: Sequence[str], after: Sequence[str], names: Mapping[str, str],
                  limit: int = MAX_MOVES_SHOWN) -> list[str]:
    """«Ana: del 3.º al 5.º», one per player whose place changed (the first ``limit``, then
    «y N más»)."""
    where = {pid: i for i, pid in enumerate(after, 1)}
    moves = [f"{names.get(pid, pid)}: del {_place(i)} al {_place(where[pid])}"
             for i, pid in enumerate(before, 1) if pid in where and where[pid] != i]
    if len(moves) > limit:
        moves = moves[:limit] + [f"y {len(moves) - limit} más"]
    return moves


def consequences(before: TournamentState, after: TournamentState, *, cut_size: int = 0,
                 cut_started: bool = False, later_rounds: Sequence[int] = ()) -> list[str]:
    """What a corrected Swiss result changes, in Spanish: the Swiss standings (who moves),
    the top cut (who enters or leaves, a bracket already paired that no longer matches) and
    the rounds already paired with the old points. Every line names players and places."""
    old = standings(before)
    new = standings(after)
    names = {s.id: s.name for s in new}
    old_ids, new_ids = [s.id for s in old], [s.id for s in new]
    out: list[str] = []
    moves = order_changes(old_ids, new_ids, names)
    points = [f"{names[s.id]} {s.points}→{n.points}" for s in old for n in new
              if n.id == s.id and n.points != s.points]
    if moves:
        out.append("Cambia la clasificación del suizo: " + "; ".join(moves) + ".")
    elif points:
        out.append("Cambian los puntos (" + ", ".join(points) + ") pero no el orden del suizo.")
    else:
        out.append("No cambia la clasificación del suizo (cambian a lo más los desempates).")
    if cut_size:
        old_cut, new_cut = old_ids[:cut_size], new_ids[:cut_size]
        entering = [names[p] for p in new_cut if p not in old_cut]
        leaving = [names[p] for p in old_cut if p not in new_cut]
        if entering or leaving:
            out.append(f"Cambia el corte (Top {cut_size}): entra{'n' if len(entering) > 1 else ''} "
                       f"{', '.join(entering)}; sale{'n' if len(leaving) > 1 else ''} "
                       f"{', '.join(leaving)}.")
            if cut_started:
                out.append("El corte ya emparejado se armó con la clasificación anterior: no "
                           "coincide con la nueva y no se vuelve a emparejar.")
        elif old_cut != new_cut:
            out.append(f"Cambia el orden del corte (Top {cut_size}): los cruces sembrados "
                       "serían otros" + (" (el corte ya emparejado no se vuelve a emparejar)."
                                         if cut_started else "."))
    if later_rounds:
        shown = ", ".join(str(n) for n in later_rounds)
        out.append(f"Las rondas {shown} ya se emparejaron con los puntos anteriores: no se "
                   "vuelven a emparejar." if len(later_rounds) > 1 else
                   f"La ronda {shown} ya se emparejó con los puntos anteriores: no se vuelve a "
                   "emparejar.")
    return out


def cut_winner_problem(old: str | None, new: str, winner_played_on: bool) -> str | None:
    """A top-cut correction that changes the winner after that winner played the next cut
    round: the reason it is refused (Spanish), else None."""
    if old is None or not winner_played_on:
        return None
    if Result.parse(old).winner() != Result.parse(new).winner():
        return ("El ganador de esta mesa ya jugó la ronda siguiente del corte: no se puede "
                "cambiar quién ganó (solo el marcador, con el mismo ganador).")
    return None


def final_order_consequences(before: Sequence[str], after: Sequence[str],
                             names: Mapping[str, str]) -> list[str]:
    """What a corrected top-cut result changes in the final classification."""
    moves = order_changes(before, after, names)
    if not moves:
        return ["No cambia la clasificación final."]
    return ["Cambia la clasificación final: " + "; ".join(moves) + "."]
