"""tourney.sheets: the event workbook (export) and player/decklist import, with openpyxl.

Pure: plain values in and out (``tourney.document_values``); no database access.
"""
from .export import build_workbook  # noqa: F401
from .decklist_import import DecklistImport, ImportedLine, read_decklists  # noqa: F401
from .imports import (  # noqa: F401
    RowError,
    SheetImportError,
    read_player_rows,
    read_players,
)
from .safety import SheetFileError, check_xlsx  # noqa: F401
