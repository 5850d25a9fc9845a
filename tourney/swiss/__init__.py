"""tourney.swiss: Swiss pairing, standings with MTR tiebreakers, top cut. Pure.

No Flask, no SQLModel: plain immutable values in, plain values out; randomness is a
``random.Random`` passed in. See docs/swiss-policy.md and docs/swiss-state.md.
"""
from .edits import (
    EditResult,
    RoundCheck,
    break_match,
    can_repair,
    pair_players,
    repair_round,
    swap_players,
    validate_round,
)
from .errors import SwissFatalError, SwissUserError
from .model import MAX_ASSIGNED_BYES, TOP_CUT_SIZES, Match, Player, Settings, TournamentState
from .results import (
    MATCH_GAMES,
    PLAYOFF_BUTTONS,
    RESULT_BUTTONS,
    Result,
    parse_result,
    parse_typed_result,
    playoff_problem,
)
from .pairing import FLAG_LABELS, FLAGS, Pairing, explain, flag_labels, pair_round
from .standings import Standing, records, standings
from .topcut import (
    RoundsPlan,
    bracket_order,
    champion,
    next_top_cut_round,
    recommended_rounds,
    top_cut_pairings,
)

__all__ = [
    "FLAGS", "FLAG_LABELS", "MATCH_GAMES", "MAX_ASSIGNED_BYES", "PLAYOFF_BUTTONS", "RESULT_BUTTONS", "TOP_CUT_SIZES", "EditResult", "Match", "Pairing", "Player", "Result",
    "RoundCheck", "RoundsPlan", "Settings", "Standing", "SwissFatalError", "SwissUserError",
    "TournamentState", "bracket_order", "break_match", "can_repair", "champion", "explain", "flag_labels",
    "next_top_cut_round", "pair_players", "pair_round", "parse_result", "parse_typed_result",
    "playoff_problem", "recommended_rounds",
    "records", "repair_round", "standings", "swap_players", "top_cut_pairings",
    "validate_round",
]
