"""tourney.printing: PDF documents (reportlab) from plain values (the values: ``tourney.document_values``).

No database access here: ``tourney.services.documents`` builds the values.
"""
from .decksheet import render_blank_sheets, render_deck_sheets  # noqa: F401
from .rounds import render_pairings, render_slips, render_standings  # noqa: F401
