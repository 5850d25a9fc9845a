"""Hoja de registro de mazo: read back with pypdf, every card line, count and total is there,
and any legal list fits on one page (seed 000: Mazo Castillo of 50, Mazo de Soporte of 0 or 10)."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.collation import spanish_sorted

from tourney.printing import render_blank_sheets, render_deck_sheets
from tourney.document_values import DeckLine, DeckSheet, EventInfo

SIZES = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _assert_every_line(text: str, deck: DeckSheet) -> None:
    flat = _flat(text)
    for line in (*deck.castle, *deck.support):
        expected = f"{line.qty} {line.name} ({line.code})"
        assert expected in flat, f"falta la línea «{expected}»"


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_hoja_de_registro_50_card_castle_with_30_distinct_and_10_support_fits_one_page(
        event, make_deck, read_pdf, printed_at, page_size):
    event = replace(event, page_size=page_size)
    deck = make_deck(distinct=30, seed=1)
    assert deck.castle_count == 50 and len(deck.castle) == 30 and deck.support_count == 10
    pdf = render_deck_sheets(event, [deck], printed_at=printed_at)
    pages = read_pdf(pdf)
    assert len(pages) == 1
    _assert_every_line(pages[0], deck)
    flat = _flat(pages[0])
    assert "Mazo Castillo" in flat and "Total: 50 / 50" in flat
    assert "Mazo de Soporte" in flat and "Total: 10 / 10" in flat


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_hoja_de_registro_page_size_is_the_events(event, make_deck, printed_at, page_size):
    from tourney.printing.base import page_size as size_of

    pdf = render_deck_sheets(replace(event, page_size=page_size), [make_deck()], printed_at=printed_at)
    import io

    from pypdf import PdfReader

    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size_of(page_size), abs=0.01)
    assert (float(box.width), float(box.height)) == pytest.approx(SIZES[page_size], abs=0.01)


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_hoja_de_registro_fifty_distinct_castle_cards_still_fit_one_page(
        event, make_deck, read_pdf, printed_at, page_size):
    deck = make_deck(distinct=50, seed=2)
    assert len(deck.castle) == 50
    pages = read_pdf(render_deck_sheets(replace(event, page_size=page_size), [deck], printed_at=printed_at))
    assert len(pages) == 1
    _assert_every_line(pages[0], deck)


def test_hoja_de_registro_groups_castle_by_type_with_counts_and_race(event, make_deck, read_pdf,
                                                                      printed_at):
    deck = make_deck(distinct=30, seed=3)
    text = _flat(read_pdf(render_deck_sheets(event, [deck], printed_at=printed_at))[0])
    order = ["Aliados", "Talismanes", "Armas", "Tótems", "Oros"]
    groups = deck.castle_groups()
    assert [h for h, _ in groups] == [h for h in order if h in dict(groups)]
    starts = []
    for heading, lines in groups:
        label = f"{heading} ({sum(ln.qty for ln in lines)})"
        assert label in text
        starts.append(text.index(label))
    assert starts == sorted(starts)  # groups printed in type order
    bounds = starts[1:] + [len(text)]
    for (heading, lines), start, end in zip(groups, starts, bounds):
        for ln in lines:  # every card inside its own group
            assert start < text.index(f"{ln.qty} {ln.name} ({ln.code})") < end, (heading, ln.name)
    for ln in deck.castle:
        if ln.type == "Aliado":
            assert re.search(re.escape(f"{ln.name} ({ln.code})") + r"\s*" + re.escape(ln.race), text)


def test_hoja_de_registro_marks_the_oro_inicial(event, make_deck, read_pdf, printed_at):
    deck = make_deck(seed=4)
    gold = next(ln for ln in deck.castle if ln.initial_gold)
    text = _flat(read_pdf(render_deck_sheets(event, [deck], printed_at=printed_at))[0])
    assert re.search(re.escape(f"{gold.qty} {gold.name} ({gold.code})") + r"\s*Oro inicial", text)


def test_hoja_de_registro_header_verdict_and_judge_box(event, make_deck, read_pdf, printed_at):
    deck = make_deck(seed=5, player="Íñigo Ñancupil", player_id="inigo@example.cl")
    text = _flat(read_pdf(render_deck_sheets(event, [deck], printed_at=printed_at))[0])
    for expected in ("Hoja de registro de mazo", "Torneo de Ñuñoa: Copa Águila", "29-11-2026",
                     "Escuelas Elementales", "Íñigo Ñancupil", "inigo@example.cl", "Mesa", "7",
                     "Veredicto del validador: LEGAL", "Versión 2: 28-11-2026 20:15",
                     "Solo para jueces", "Ronda", "Estado", "Juez", "Firma"):
        assert expected in text, expected


def test_hoja_de_registro_illegal_verdict_prints_the_problems(event, make_deck, read_pdf, printed_at):
    deck = replace(make_deck(seed=6), legal=False,
                   verdict_notes=("Hay 4 copias de Kirin (máximo 3)", "El Mazo de Soporte tiene 9 cartas"))
    text = _flat(read_pdf(render_deck_sheets(event, [deck], printed_at=printed_at))[0])
    assert "Veredicto del validador: ILEGAL" in text
    assert "Hay 4 copias de Kirin (máximo 3)" in text and "El Mazo de Soporte tiene 9 cartas" in text


def test_hoja_de_registro_without_support_says_so(event, make_deck, read_pdf, printed_at):
    deck = make_deck(seed=7, support=0)
    text = _flat(read_pdf(render_deck_sheets(event, [deck], printed_at=printed_at))[0])
    assert "Total: 0 / 10" in text and "Sin Mazo de Soporte" in text


def test_one_pdf_with_every_players_sheet_sorted_by_name(event, make_deck, read_pdf, printed_at):
    names = ["Zoe Tapia", "Ángela Ruiz", "bruno Díaz", "Ñandú Pérez", "Carla Soto", "Nadia Vera"]
    decks = [make_deck(seed=i, player=n, player_id=f"p{i}") for i, n in enumerate(names)]
    pages = read_pdf(render_deck_sheets(event, decks, printed_at=printed_at))
    assert len(pages) == len(names)
    expected = spanish_sorted(names)  # Ángela first, Ñandú after Nadia (tourney.collation)
    assert expected[0] == "Ángela Ruiz" and expected.index("Ñandú Pérez") == \
        expected.index("Nadia Vera") + 1
    for page, name in zip(pages, expected):
        assert name in page
        deck = next(d for d in decks if d.player_name == name)
        _assert_every_line(page, deck)


def test_blank_sheet_has_the_event_and_empty_boxes(event, read_pdf, printed_at):
    pages = read_pdf(render_blank_sheets(event, 3, printed_at=printed_at))
    assert len(pages) == 3
    text = _flat(pages[0])
    for expected in ("Hoja de registro de mazo", "Torneo de Ñuñoa: Copa Águila", "Mazo Castillo",
                     "Total: ____ / 50", "Mazo de Soporte", "Total: ____ / 10", "Jugador:",
                     "Solo para jueces"):
        assert expected in text, expected
    assert "LEGAL" not in text


def test_footer_names_event_document_and_print_time(event, make_deck, read_pdf, printed_at):
    text = _flat(read_pdf(render_deck_sheets(event, [make_deck()], printed_at=printed_at))[0])
    assert "Torneo de Ñuñoa: Copa Águila · Registro de mazos" in text
    assert "Impreso: 29-11-2026 09:30 · Página 1" in text
    with_round = _flat(read_pdf(render_deck_sheets(event, [make_deck()], printed_at=printed_at,
                                                   round_number=4))[0])
    assert "Torneo de Ñuñoa: Copa Águila · Registro de mazos · Ronda 4" in with_round


def test_an_over_long_illegal_list_continues_on_a_second_page_with_every_line(event, cards, read_pdf,
                                                                              printed_at):
    castle = tuple(DeckLine(1, c.name, c.type, c.race, c.code) for c in cards[:140])
    deck = DeckSheet("Mucho Mazo", castle=castle, legal=False)
    pages = read_pdf(render_deck_sheets(event, [deck], printed_at=printed_at))
    assert len(pages) == 2
    text = _flat(" ".join(pages))
    for ln in castle:
        assert f"1 {ln.name} ({ln.code})" in text
    assert "Total: 140 / 50" in text


@st.composite
def legal_shapes(draw):
    """Castillo of 50 split over 1–50 distinct lines; Soporte of 0 or 10 over 1–10 lines."""
    distinct = draw(st.integers(min_value=2, max_value=50))
    support = draw(st.sampled_from([0, 1, 5, 10]))
    seed = draw(st.integers(min_value=0, max_value=10_000))
    size = draw(st.sampled_from(["A4", "Letter"]))
    return distinct, support, seed, size


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shape=legal_shapes())
def test_any_legal_list_fits_on_one_page(make_deck, read_pdf, printed_at, shape):
    distinct, support, seed, size = shape
    deck = make_deck(distinct=distinct, seed=seed, support=support)
    if support and support < 10:  # 10 cards over fewer lines
        lines = list(deck.support)
        lines[0] = replace(lines[0], qty=10 - (len(lines) - 1))
        deck = replace(deck, support=tuple(lines))
    assert deck.castle_count == 50 and deck.support_count in (0, 10)
    ev = EventInfo("Liga de Valparaíso", page_size=size)
    pages = read_pdf(render_deck_sheets(ev, [deck], printed_at=printed_at))
    assert len(pages) == 1
    _assert_every_line(pages[0], deck)
