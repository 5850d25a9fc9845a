"""One Spanish alphabetical order for every list (issue 23 item 5): accents ignored, «ñ» after
«n» (tourney.collation), in the wall pairings PDF, the deck sheets PDF, the panel's players,
the deck-check picker and the XLSX «Jugadores» sheet."""
from __future__ import annotations

import io
import re

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tourney.catalog.model import fold
from tourney.collation import spanish_key, spanish_sorted
from web_helpers import login

DESK = ("Zoe Zúñiga", "Óscar Ortiz", "Álvaro Alba", "Nuño Núñez", "Ángela Arce", "Nuno Naranjo",
        "Pablo Pérez", "alberto Alvarado")
SPANISH = ["alberto Alvarado", "Álvaro Alba", "Ángela Arce", "Nuno Naranjo", "Nuño Núñez",
           "Óscar Ortiz", "Pablo Pérez", "Zoe Zúñiga"]


def test_spanish_order_ignores_accents_and_case_and_puts_enye_after_n():
    assert spanish_sorted(["Zoe", "Óscar", "Álvaro", "Ñandú", "Nuño", "Nuoz", "Nuno", "Oa"]) == [
        "Álvaro", "Nuno", "Nuño", "Nuoz", "Ñandú", "Oa", "Óscar", "Zoe"]
    assert spanish_key("José")[0] == spanish_key("jose")[0]


@pytest.fixture
def desk(cast, world):
    from tourney.services import events, rounds

    def setup(s):
        for name in DESK:
            events.add_player_at_desk(s, cast.org, cast.event, name)
        rnd = rounds.pair_next_round(s, cast.org, cast.event)
        rounds.publish_round(s, cast.org, rnd)

    world.run(setup)
    return cast


def _order(text: str, names=SPANISH) -> list[str]:
    found = [(text.find(n), n) for n in names]
    assert all(i >= 0 for i, _ in found), [n for i, n in found if i < 0]
    return [n for _, n in sorted(found)]


def _pdf_text(data: bytes) -> str:
    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages)


def test_the_wall_sheet_lists_players_in_spanish_order(client, desk):
    login(client, desk.org.email)
    resp = client.get(f"/eventos/{desk.event.id}/documentos/pairings?ronda=1&orden=alfabetico")
    assert resp.status_code == 200
    lines = [ln.strip() for ln in _pdf_text(resp.data).splitlines()]
    first = [ln for i, ln in enumerate(lines[:-1]) if lines[i + 1].isdigit() and ln in SPANISH]
    assert first == SPANISH  # the column «Jugador» (each cell a line: player, table, rival)


def test_the_deck_sheets_pdf_is_in_spanish_order(client, desk):
    login(client, desk.org.email)
    resp = client.get(f"/eventos/{desk.event.id}/documentos/decksheets")
    assert resp.status_code == 200
    assert _order(_pdf_text(resp.data)) == SPANISH


def test_the_panels_players_and_the_deck_check_picker_are_in_spanish_order(client, desk):
    login(client, desk.org.email)
    panel = client.get(f"/eventos/{desk.event.id}/panel").get_data(as_text=True)
    assert _order(panel) == SPANISH
    # the picker lists the players a search finds (issue 23: not a 64-name list)
    picker = client.get(f"/eventos/{desk.event.id}/revision?buscar=a").get_data(as_text=True)
    listed = [o for o in re.findall(r'<li><a href="[^"]*">([^<]+)</a>', picker) if o in SPANISH]
    assert listed == [n for n in SPANISH if "a" in fold(n)]


def test_the_workbooks_players_sheet_is_in_spanish_order(client, desk):
    login(client, desk.org.email)
    resp = client.get(f"/eventos/{desk.event.id}/documentos/workbook")
    sheet = load_workbook(io.BytesIO(resp.data))["Jugadores"]
    names = [row[0] for row in sheet.iter_rows(min_row=2, values_only=True) if row[0] in SPANISH]
    assert names == SPANISH
