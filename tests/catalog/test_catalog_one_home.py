"""The text helpers every reader shares live once (issue 27): accent folding, reminder text,
the sentences where a keyword is declared, a sheet cell as text."""
from tourney.catalog.keywords import declared_keywords, declared_sentences
from tourney.catalog.model import REMINDER, fold, fold_accents
from tourney.engine.keywords import FURY, UNBLOCKABLE, engine_keywords
from tourney.xlsx_bounds import cell_text


def test_accent_folding_drops_accents_and_case_only():
    assert fold_accents("Simón de Montfort, ÚNICA.") == "simon de montfort, unica."
    assert fold("Simón de Montfort, ÚNICA.") == "simon de montfort unica"


def test_reminder_text_is_a_parenthesis_without_another_inside():
    assert REMINDER.sub("", "Furia (puede atacar el turno que entra).") == "Furia ."


def test_catalog_and_engine_read_keywords_from_the_same_sentences():
    text = "Furia (reminder).\nImbloqueable, Furia. Destruye un Aliado con Errante."
    assert declared_sentences(text) == ["Furia", "Imbloqueable, Furia", "Destruye un Aliado con Errante"]
    assert declared_keywords(text) == {"Furia", "Imbloqueable"}

    class _Card:  # engine_keywords reads only the text (and hashes the card)
        def __init__(self, text):
            self.text = text
    assert engine_keywords(_Card(text)) == {FURY, UNBLOCKABLE}


def test_a_cell_reads_as_text_the_same_in_every_sheet():
    assert cell_text(None) == "" and cell_text(3.0) == "3" and cell_text("  2   Kirin ") == "2 Kirin"
    assert cell_text(" Única\nFuria ", keep_lines=True) == "Única\nFuria"
