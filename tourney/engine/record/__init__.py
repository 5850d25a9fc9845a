"""The game record: JSON Lines, a header line then one action per line (docs/game-record.md).

``model`` holds the values, ``v1`` reads a record (both versions; ``v2`` the verbs that only
version 2 has).
"""
from .model import (
    DEFAULT_HAND,
    GENERIC_GOLD,
    VERBS,
    VERBS_V1,
    VERBS_V2,
    VERSIONS,
    ZONES,
    Action,
    GameRecord,
    Header,
    PlayerSetup,
    Resolver,
    dumps_line,
)
from .v1 import catalog_resolver, read_action, read_header, read_record

# the record's public API (tourney.engine and its callers import these from here)
__all__ = ["DEFAULT_HAND", "GENERIC_GOLD", "VERBS", "VERBS_V1", "VERBS_V2", "VERSIONS", "ZONES", "Action",
           "GameRecord", "Header", "PlayerSetup", "Resolver", "catalog_resolver", "dumps_line", "read_action",
           "read_header", "read_record"]
