"""tourney.printing: PDF documents (reportlab) from plain values (see ``data``).

No database access here: ``tourney.services.documents`` builds the values.
"""
from .data import (  # noqa: F401
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
    to_json,
)
from .decksheet import render_blank_sheets, render_deck_sheets  # noqa: F401
from .rounds import render_pairings, render_slips, render_standings  # noqa: F401
