"""Rounds: pairing through tourney.swiss, hand edits, results, standings, the round clock.

One module per job; every public name stays importable from ``tourney.services.rounds``:

- ``reads``: rows for the pages, the Swiss state, standings, planned rounds, next step,
  champion, unseated players, the clock's remaining time;
- ``pairing``: pair the next round (Swiss, then the top cut), pair it again, publish, clock;
- ``edits``: swap two players, break a table, seat players by hand (latest Swiss round);
- ``results``: the organizer's results and the players' reports (optimistic concurrency).

Rights are asked of ``tourney.services.access``.
"""
from __future__ import annotations

from .edits import break_table, pair_by_hand, swap_between_tables
from .pairing import (
    BYE_RESULT, pair_next_round, publish_round, repair_round, start_timer,
)
from .reads import (
    MatchRow, PlayerRow, Table, build_state, can_repair, champion, cut_list_warning, cut_name, cut_without_list, event_rounds, fingerprint,
    get_match, round_title,
    get_round, next_step, outstanding, planned_rounds, player_matches, player_rows,
    round_matches, round_of, standings, tables, timer_end, timer_remaining, unseated,
)
from .results import (
    closed_reason, enter_result, flip, label, normalize_result, report_result, stage_of,
)

__all__ = [
    "BYE_RESULT", "MatchRow", "PlayerRow", "Table", "break_table", "build_state", "can_repair",
    "champion", "closed_reason", "cut_list_warning", "cut_name", "cut_without_list", "label", "round_title", "stage_of",
    "enter_result", "event_rounds", "fingerprint", "flip", "get_match", "get_round",
    "next_step", "normalize_result", "outstanding", "pair_by_hand", "pair_next_round",
    "planned_rounds", "player_matches", "player_rows", "publish_round", "repair_round",
    "report_result", "round_matches", "round_of", "standings", "start_timer", "swap_between_tables",
    "tables", "timer_end", "timer_remaining", "unseated",
]
