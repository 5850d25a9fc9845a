"""tourney.meta: archetypes, an event's metagame, league standings and ratings. Pure.

No Flask, no SQLModel: plain values in, plain values out (docs/metagame.md, docs/leagues.md).
"""
from .archetypes import (
    NO_LIST,
    AllyLine,
    ArchetypeRule,
    ArchetypeRules,
    apply_aliases,
    archetype_of,
    check_alias,
    load_rules,
    parse_rules,
)
from .errors import MetaError
from .league import EventResult, EventScore, LeagueRow, Placement, league_standings
from .metagame import ArchetypeRow, Metagame, PlayedMatch, Record, merge_metagames, metagame, wilson
from .points import TIEBREAKERS, PointsTable, parse_points
from .ratings import INITIAL, RatedMatch, Rating, RatingChange, rate, seeding_order

__all__ = [
    "INITIAL", "NO_LIST", "TIEBREAKERS", "AllyLine", "ArchetypeRow", "ArchetypeRule",
    "ArchetypeRules", "EventResult", "EventScore", "LeagueRow", "MetaError", "Metagame",
    "Placement", "PlayedMatch", "PointsTable", "RatedMatch", "Rating", "RatingChange", "Record",
    "apply_aliases", "archetype_of", "check_alias", "league_standings", "load_rules",
    "merge_metagames", "metagame", "parse_points", "parse_rules", "rate", "seeding_order", "wilson",
]
