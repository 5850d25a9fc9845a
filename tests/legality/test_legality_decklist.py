"""The decklist text format and the XLSX decklist, and the bad input of the issue."""
from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.legality import (
    MAX_DECKLIST_BYTES,
    DeckList,
    DecklistError,
    decode_decklist,
    parse_decklist,
    parse_decklist_bytes,
    parse_decklist_xlsx,
)


def pairs(entries):
    return [(e.name, e.quantity) for e in entries]


def test_quantity_forms_comments_and_blank_lines():
    deck = parse_decklist("# mi mazo\n\n3 Kirin\n3x Carbón\nOrabou x3\nSeps X 2\nDipsa\n  # otro\n")
    assert pairs(deck.castle) == [("Kirin", 3), ("Carbón", 3), ("Orabou", 3), ("Seps", 2), ("Dipsa", 1)]
    assert deck.support == []
    assert [e.lines for e in deck.castle] == [(3,), (4,), (5,), (6,), (7,)]


@pytest.mark.parametrize("header", ["Mazo de Soporte", "mazo de soporte:", "SOPORTE", "Banquillo:",
                                    "Sideboard", "Soporte (10)"])
def test_section_headers_open_the_support(header):
    deck = parse_decklist(f"2 Go\nMazo Castillo:\n3 Kirin\n{header}\n1 Karma\n")
    assert pairs(deck.castle) == [("Go", 2), ("Kirin", 3)]  # lines before any header are Castillo
    assert pairs(deck.support) == [("Karma", 1)]


def test_name_with_code_is_kept_for_the_catalog():
    deck = parse_decklist("2 Shuri (DO-213)\n")
    assert pairs(deck.castle) == [("Shuri (DO-213)", 2)]


def test_same_card_on_two_lines_is_merged_with_both_line_numbers():
    deck = parse_decklist("2 Kirin\n1 Carbón\n1 kirin\n")
    assert pairs(deck.castle) == [("Kirin", 3), ("Carbón", 1)]
    assert deck.castle[0].lines == (1, 3)


# ------------------------------------------------------------------ bad input of the issue
def test_empty_file_is_unreadable():
    with pytest.raises(DecklistError) as err:
        parse_decklist("")
    assert "vacía" in str(err.value)
    with pytest.raises(DecklistError):
        parse_decklist("# solo comentarios\n\nMazo Castillo\nMazo de Soporte\n")


def test_non_utf8_bytes_name_the_line():
    data = b"3 Kirin\n2 Carb" + b"\xf3n\n"
    with pytest.raises(DecklistError) as err:
        parse_decklist_bytes(data)
    assert err.value.line == 2
    assert "UTF-8" in str(err.value)


@pytest.mark.parametrize("line,words", [
    ("0 Kirin", "cantidad 0"),
    ("-2 Kirin", "negativa"),
    ("Kirin x-1", "negativa"),
    ("3.5 Kirin", "no numérica"),
    ("3a Kirin", "no numérica"),
    ("Kirin x3b", "no numérica"),
    ("1000 Kirin", "absurda"),
])
def test_bad_quantities_name_the_line(line, words):
    with pytest.raises(DecklistError) as err:
        parse_decklist(f"Mazo Castillo\n3 Go\n{line}\n")
    assert err.value.line == 3
    assert words in str(err.value)
    assert "línea 3" in str(err.value)


def test_every_bad_line_is_reported_at_once():
    with pytest.raises(DecklistError) as err:
        parse_decklist("0 Kirin\n3 Go\n-1 Koto\n")
    assert [line for line, _ in err.value.errors] == [1, 3]


def test_a_5_mb_file_is_refused():
    big = ("3 Kirin\n" * (5 * 1024 * 1024 // 8)).encode()
    assert len(big) >= 5 * 1024 * 1024 - 8
    with pytest.raises(DecklistError) as err:
        decode_decklist(big)
    assert "demasiado grande" in str(err.value)
    with pytest.raises(DecklistError):
        parse_decklist(big.decode())
    assert MAX_DECKLIST_BYTES < len(big)


# ------------------------------------------------------------------ property: text round trip
_names = st.sampled_from(["Kirin", "Carbón", "Águila y Serpiente", "Dominio, La Novela", "Grace O'Malley",
                          "Shuri (DO-213)", "Go", "Lindorm Boreal"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_names, st.integers(1, 20)), min_size=1, max_size=5),
       st.lists(st.tuples(_names, st.integers(1, 20)), max_size=5))
def test_to_text_parses_back_to_the_same_merged_deck(main, side):
    deck = DeckList.from_pairs(main, side)
    again = parse_decklist(deck.to_text())
    assert pairs(again.main) == pairs(deck.main)
    assert pairs(again.side) == pairs(deck.side)
    assert again.count("main") == sum(q for _n, q in main)


# ------------------------------------------------------------------ XLSX
def _xlsx(rows) -> bytes:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_xlsx_decklist_columns():
    data = _xlsx([
        ["Lista de Ana"],
        ["Sección", "Cantidad", "Carta", "Código"],
        ["Mazo Castillo", 3, "Kirin", None],
        [None, 2, "Shuri", "DO-213"],
        ["Castillo", 1.0, "Kirin", None],
        [None, None, None, None],
        ["Mazo de Soporte", "2", "Karma", None],
    ])
    deck = parse_decklist_xlsx(data)
    assert pairs(deck.castle) == [("Kirin", 4), ("Shuri (DO-213)", 2)]
    assert pairs(deck.support) == [("Karma", 2)]
    assert deck.castle[0].lines == (3, 5)


def test_xlsx_from_a_path(tmp_path):
    path = tmp_path / "lista.xlsx"
    path.write_bytes(_xlsx([["cantidad", "carta"], [3, "Kirin"]]))
    assert pairs(parse_decklist_xlsx(path).castle) == [("Kirin", 3)]


@pytest.mark.parametrize("row,words", [
    (["Mazo Castillo", "tres", "Kirin"], "columna cantidad"),
    (["Mazo Castillo", 0, "Kirin"], "mínimo 1"),
    (["Mazo Castillo", 1000, "Kirin"], "absurda"),
    (["Bóveda", 3, "Kirin"], "columna seccion"),
    (["Mazo Castillo", 3, None], "columna carta"),
])
def test_xlsx_bad_rows_name_row_and_column(row, words):
    data = _xlsx([["seccion", "cantidad", "carta"], ["Mazo Castillo", 3, "Go"], row])
    with pytest.raises(DecklistError) as err:
        parse_decklist_xlsx(data)
    assert err.value.line == 3
    assert "fila 3" in str(err.value) and words in str(err.value)


def test_xlsx_without_header_or_not_xlsx_is_refused():
    with pytest.raises(DecklistError) as err:
        parse_decklist_xlsx(_xlsx([["a", "b"], [1, 2]]))
    assert "encabezados" in str(err.value)
    with pytest.raises(DecklistError) as err:
        parse_decklist_xlsx(b"3 Kirin\n")
    assert "no es un libro XLSX" in str(err.value)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("hola.txt", "no soy un libro")
    with pytest.raises(DecklistError) as err:
        parse_decklist_xlsx(buf.getvalue())
    assert "no un libro XLSX" in str(err.value)


def test_xlsx_zip_bomb_is_refused():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("xl/worksheets/sheet1.xml", b"\0" * (30 * 1024 * 1024))
    data = buf.getvalue()
    assert len(data) < 100 * 1024
    with pytest.raises(DecklistError) as err:
        parse_decklist_xlsx(data)
    assert "bomba zip" in str(err.value)


def _zip(entries: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=compression) as zf:
        for name, content in entries.items():
            zf.writestr(name, content)
    return buf.getvalue()


_XLSX_PARTS = {"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<workbook/>"}


@pytest.mark.parametrize("label,data", [
    ("vacío", b""),
    ("texto CSV", b"carta,cantidad\nKirin,1\n"),
    ("xls antiguo", b"\xd0\xcf\x11\xe0" + b"\0" * 600),
    ("zip dañado", b"PK\x03\x04" + b"\0" * 100),
    ("zip sin libro", _zip({"[Content_Types].xml": b"<Types/>", "hola.txt": b"hola"})),
    # a 2 MB part that deflates about 390 times: over the sheets guard's 200 (this guard
    # used to let ratios up to 1000 through)
    ("bomba zip 390x", _zip(dict(_XLSX_PARTS, **{"xl/worksheets/sheet1.xml": bytes(range(256)) * 1024 * 4
                                                  + b"a" * (1024 * 1024)}))),
    ("demasiadas partes", _zip(dict(_XLSX_PARTS, **{f"xl/p{i}.xml": b"x" for i in range(2001)}))),
])
def test_xlsx_guard_rejects_whatever_the_sheets_guard_rejects(label, data):
    # the decklist parser (pure) keeps its own copy of tourney.sheets.safety.check_xlsx:
    # every input that check rejects must be rejected here too, with a Spanish reason
    from tourney.sheets.safety import SheetFileError, check_xlsx

    with pytest.raises(SheetFileError):
        check_xlsx(data)
    with pytest.raises(DecklistError) as err:
        parse_decklist_xlsx(data)
    assert str(err.value)
