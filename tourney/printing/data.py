"""The documents' plain values, for the PDF renderers: they live in the neutral
``tourney.document_values`` (shared with ``tourney.sheets``); this name stays importable."""
from ..document_values import (  # noqa: F401
    OTHER_HEADING,
    PAGE_SIZES,
    TYPE_HEADINGS,
    TYPE_ORDER,
    Bracket,
    BracketMatch,
    DeckLine,
    DeckSheet,
    EventDocuments,
    EventInfo,
    PairingRow,
    PlayerRow,
    RoundData,
    StandingRow,
    SwapRow,
    event_documents_from_json,
    sorted_by_name,
    to_json,
)
