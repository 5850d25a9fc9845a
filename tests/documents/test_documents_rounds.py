"""Pairings, result slips and standings PDFs, read back with pypdf."""
from __future__ import annotations

import math
import re
from dataclasses import replace

from tourney.collation import spanish_sorted
from tourney.printing import render_pairings, render_slips, render_standings
from tourney.document_values import Bracket, BracketMatch, PairingRow, StandingRow
from tourney.printing.rounds import alphabetical_rows


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _players(n: int) -> list[str]:
    first = ["Ana", "Bruno", "Camila", "Diego", "Elisa", "Félix", "Gonzalo", "Héctor", "Íñigo",
             "Javiera", "Kevin", "Lucía", "Matías", "Nicolás", "Ñusta", "Óscar", "Pía", "Quintín"]
    last = ["Muñoz", "Pérez", "Núñez", "Araya", "Soto", "Díaz", "Rojas", "Peña", "Vergara", "Ibáñez"]
    return [f"{first[i % len(first)]} {last[(i // len(first)) % len(last)]} {i:04d}" for i in range(n)]


def _pairings(n: int) -> list[PairingRow]:
    names = _players(n)
    rows = [PairingRow(table=i // 2 + 1, player=names[i], player_points=(i * 7) % 13,
                       opponent=names[i + 1], opponent_points=(i * 5) % 13)
            for i in range(0, n - 1, 2)]
    if n % 2:
        rows.append(PairingRow(table=n // 2 + 1, player=names[-1], player_points=3))
    return rows


def test_pairings_by_table_list_every_table_and_the_bye(event, read_pdf, printed_at):
    pairings = _pairings(21)
    pages = read_pdf(render_pairings(event, 3, pairings, order="mesa", printed_at=printed_at))
    text = _flat(" ".join(pages))
    for p in pairings:
        if p.is_bye:
            assert re.search(rf"— {re.escape(p.player)} {p.player_points} BYE", text)
        else:
            assert (f"{p.table} {p.player} {p.player_points} {p.opponent} {p.opponent_points}"
                    in text), p


def test_pairings_alphabetical_list_every_player_once_with_table_and_opponent(event, read_pdf, printed_at):
    pairings = _pairings(21)
    pages = read_pdf(render_pairings(event, 3, pairings, order="alfabetico", printed_at=printed_at))
    text = _flat(" ".join(pages))
    rows = alphabetical_rows(pairings)
    assert len(rows) == 21
    assert [r[0] for r in rows] == spanish_sorted(r[0] for r in rows)  # Íñigo before Javiera
    positions = []
    for player, table, opponent in rows:
        needle = f"{player} {table} {opponent}"
        assert text.count(needle) == 1, needle
        positions.append(text.index(needle))
    assert positions == sorted(positions)
    assert "BYE" in text


def test_pairings_repeat_their_headers_on_every_page_and_split_by_size(event, read_pdf, printed_at):
    pairings = _pairings(200)
    pdf = render_pairings(event, 4, pairings, order="ambos", printed_at=printed_at)
    pages = read_pdf(pdf)
    assert len(pages) > 4
    by_table = [p for p in pages if "por mesa" in p]
    alpha = [p for p in pages if "por orden alfabético" in p]
    assert by_table and alpha and len(by_table) + len(alpha) == len(pages)
    assert len(alpha) > len(by_table)  # two lines per table alphabetically, one by table
    for page in by_table:
        assert re.search(r"Mesa\s+Jugador\s+Pts\s+Oponente\s+Pts", page)
    for page in alpha:
        assert re.search(r"Jugador\s+Mesa\s+Oponente", page)
    for page in pages[1:]:
        assert "(continúa)" in page or page in (by_table[0], alpha[0])


def test_pairings_footer_has_event_round_and_print_time(event, read_pdf, printed_at):
    pages = read_pdf(render_pairings(event, 5, _pairings(8), printed_at=printed_at))
    for number, page in enumerate(pages, start=1):
        assert "Torneo de Ñuñoa: Copa Águila · Ronda 5" in _flat(page)
        assert f"Impreso: 29-11-2026 09:30 · Página {number}" in _flat(page)


def test_pairings_print_in_large_type(event, printed_at):
    from io import BytesIO

    from pypdf import PdfReader

    sizes = []
    reader = PdfReader(BytesIO(render_pairings(event, 1, _pairings(10), order="mesa",
                                               printed_at=printed_at)))

    def visitor(text, cm, tm, font_dict, font_size):
        if text.strip().startswith("Ana Muñoz"):
            sizes.append(font_size * tm[0])

    reader.pages[0].extract_text(visitor_text=visitor)
    assert sizes and min(sizes) >= 12


def test_result_slips_one_per_table_four_per_page_byes_excluded(event, read_pdf, printed_at):
    pairings = _pairings(23)  # 11 tables and a bye
    pages = read_pdf(render_slips(event, 2, pairings, printed_at=printed_at))
    assert len(pages) == math.ceil(11 / 4)
    text = _flat(" ".join(pages))
    for p in pairings:
        if p.is_bye:
            assert p.player not in text
        else:
            assert text.count(f"Mesa {p.table} ") >= 1
            assert p.player in text and p.opponent in text
    assert text.count("Juegos ganados") == 11
    assert text.count("Firma") == 11
    assert text.count("cortar aquí") == 11 - len(pages)  # between slips on a page


def test_standings_show_rank_points_record_and_tiebreaker_percentages(event, read_pdf, printed_at):
    rows = [
        StandingRow(1, "Ana Muñoz", 9, "3-0-0", 2 / 3, 0.875, 0.5412),
        StandingRow(2, "Bruno Peña", 6, "2-1-0", 0.5555, 0.6, 1 / 3),
        StandingRow(3, "Camila Núñez", 3, "1-2-0", 1 / 3, 0.4, 0.6, dropped=True),
    ]
    text = _flat(" ".join(read_pdf(render_standings(event, 3, rows, printed_at=printed_at))))
    assert re.search(r"#\s+Jugador\s+Puntos\s+Récord\s+OMW%\s+GW%\s+OGW%", text)
    assert "1 Ana Muñoz 9 3-0-0 66,67 % 87,50 % 54,12 %" in text
    assert "2 Bruno Peña 6 2-1-0 55,55 % 60,00 % 33,33 %" in text
    assert "3 Camila Núñez (retirado) 3 1-2-0 33,33 % 40,00 % 60,00 %" in text


def test_standings_print_the_top_cut_bracket(event, read_pdf, printed_at):
    names = _players(8)
    seeds = [(1, 8), (4, 5), (2, 7), (3, 6)]
    bracket = Bracket((
        tuple(BracketMatch(names[a - 1], names[b - 1], a, b, winner=names[a - 1]) for a, b in seeds),
        (BracketMatch(names[0], names[3], 1, 4), BracketMatch(names[1], names[2], 2, 3)),
        (BracketMatch(None, None),),
    ))
    rows = [StandingRow(i + 1, n, 9 - i, "3-0-0", 0.5, 0.5, 0.5) for i, n in enumerate(names)]
    pages = read_pdf(render_standings(event, 3, rows, bracket, printed_at=printed_at))
    assert len(pages) == 2
    drawn = _flat(pages[0])  # the bracket before the Swiss table (issue 23)
    for expected in ("Corte final: Top 8", "Cuartos de final", "Semifinales", "Final", "Campeón"):
        assert expected in drawn
    for a, b in seeds:
        assert f"{a}. {names[a - 1]}" in drawn and f"{b}. {names[b - 1]}" in drawn
    assert "Clasificación del suizo" in _flat(pages[1])


def test_a_bracket_winner_in_bold_keeps_the_whole_name(event, read_pdf, printed_at):
    """Winners are bold, and bold is wider: a name that fits as a loser must not be cut with
    «…» (nor shrunk to another size) when it advances, all the way to the Campeón box."""
    names = [f"Trinidad Núñez 3{i}" for i in range(1, 9)]  # seen cut as «7. Trinidad Núñez 30…»
    q = [BracketMatch(names[a - 1], names[b - 1], a, b, winner=names[b - 1])
         for a, b in ((1, 8), (4, 5), (2, 7), (3, 6))]
    s = [BracketMatch(names[7], names[4], 8, 5, winner=names[7]),
         BracketMatch(names[6], names[5], 7, 6, winner=names[6])]
    final = BracketMatch(names[7], names[6], 8, 7, winner=names[6])
    rows = [StandingRow(i + 1, n, 9 - i, "3-0-0", 0.5, 0.5, 0.5) for i, n in enumerate(names)]
    drawn = _flat(read_pdf(render_standings(event, 3, rows, Bracket((tuple(q), tuple(s), (final,))),
                                            printed_at=printed_at))[0])  # the bracket's page
    assert "…" not in drawn
    assert drawn.count("7. Trinidad Núñez 37") == 3  # quarterfinal, semifinal, final
    assert drawn.count("Trinidad Núñez 37") == 4  # and the Campeón box


def test_pairings_for_1024_players_paginate_without_losing_anyone(event, read_pdf, printed_at):
    pairings = _pairings(1024)
    pages = read_pdf(render_pairings(replace(event, page_size="Letter"), 5, pairings,
                                     printed_at=printed_at))
    text = _flat(" ".join(pages))
    for name in _players(1024):
        assert text.count(name) == 3  # by table once, alphabetically as player and as opponent
