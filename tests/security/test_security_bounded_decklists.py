"""Issue 15, finding 1: one player must not freeze the server with a huge or invented decklist.

A decklist has a documented maximum of card lines, of characters per name and of distinct
names the catalog does not know; beyond them it is rejected with a Spanish message before any
suggestion is computed, and suggestions come from a precomputed index (never a Python scorer
run over every name of the catalog)."""
from __future__ import annotations

import io

import pytest

from tourney.legality import DecklistError, parse_decklist, parse_decklist_xlsx
from tourney.legality import decklist as dl


def _invented(n: int) -> list[str]:
    return [f"Carta Inventada Numero {i:05d}" for i in range(n)]


def test_a_list_with_more_card_lines_than_the_maximum_is_rejected_in_spanish():
    text = "\n".join(f"1 {name}" for name in _invented(dl.MAX_DECKLIST_LINES + 1))
    with pytest.raises(DecklistError) as exc:
        parse_decklist(text)
    assert exc.value.line == dl.MAX_DECKLIST_LINES + 1
    assert f"más de {dl.MAX_DECKLIST_LINES} líneas con cartas" in exc.value.message


def test_the_maximum_number_of_card_lines_is_accepted_and_comments_do_not_count():
    body = "\n".join(f"1 {name}\n# comentario\n" for name in _invented(dl.MAX_DECKLIST_LINES))
    deck = parse_decklist(body)
    assert len(deck.main) == dl.MAX_DECKLIST_LINES


def test_the_26_kb_list_of_2000_unknown_names_of_the_report_is_rejected():
    text = "\n".join(f"1 {name}" for name in _invented(2000))
    assert len(text.encode()) > 26_000
    with pytest.raises(DecklistError, match="líneas con cartas"):
        parse_decklist(text)


def test_a_card_name_longer_than_any_real_name_is_rejected_with_its_line():
    text = "3 Kirin\n1 " + "Dragón " * 40 + "\n"
    with pytest.raises(DecklistError) as exc:
        parse_decklist(text)
    assert exc.value.line == 2
    assert "demasiado largo" in exc.value.message


def test_more_distinct_unknown_names_than_the_maximum_are_rejected_before_suggesting(real_catalog, monkeypatch):
    deck = parse_decklist("\n".join(["3 Kirin"] + [f"1 {n}" for n in _invented(dl.MAX_UNKNOWN_NAMES + 1)]))

    def no_suggestions(*_a, **_k):  # the cap is checked with dictionary lookups only
        raise AssertionError("suggestions computed before the cap")

    monkeypatch.setattr(real_catalog, "suggest", no_suggestions)
    with pytest.raises(DecklistError) as exc:
        dl.check_unknown_names(deck, real_catalog)
    assert f"más de {dl.MAX_UNKNOWN_NAMES} nombres distintos que no están en el catálogo" in exc.value.message
    assert exc.value.line == dl.MAX_UNKNOWN_NAMES + 2


def test_the_maximum_of_unknown_names_is_accepted_and_repeats_count_once(real_catalog):
    names = _invented(dl.MAX_UNKNOWN_NAMES)
    text = "\n".join(["3 Kirin", "2 De Rodillas"] + [f"1 {n}" for n in names] + ["Mazo de Soporte"]
                     + [f"1 {n.upper()}" for n in names])
    dl.check_unknown_names(parse_decklist(text), real_catalog)


def test_known_names_in_every_spelling_do_not_count_as_unknown(real_catalog):
    text = "3 kirin\n1 AGUILA Y SERPIENTE\n1 Shuri (BU-218)\n" + "\n".join(
        f"1 {n}" for n in _invented(dl.MAX_UNKNOWN_NAMES))
    dl.check_unknown_names(parse_decklist(text), real_catalog)


def test_an_xlsx_with_more_card_rows_than_the_maximum_is_rejected():
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["carta", "cantidad"])
    for name in _invented(dl.MAX_DECKLIST_LINES + 1):
        ws.append([name, 1])
    buf = io.BytesIO()
    wb.save(buf)
    with pytest.raises(DecklistError) as exc:
        parse_decklist_xlsx(buf.getvalue())
    assert exc.value.unit == "fila"
    assert "filas con cartas" in exc.value.message


def test_suggestions_never_run_the_python_scorer_over_the_catalog(real_catalog, monkeypatch):
    from tourney.catalog import catalog as catalog_module

    def slow_scorer(*_a, **_k):
        raise AssertionError("Python scorer called")

    monkeypatch.setattr(catalog_module, "_name_score", slow_scorer)
    monkeypatch.setattr(catalog_module, "_coverage", slow_scorer)
    assert "Kirin" in real_catalog.suggest("Kirn")
    assert real_catalog.suggest("Carbon Negro")[0] == "Carbón"


def test_indexed_suggestions_rank_exactly_like_the_word_aware_score(real_catalog):
    """The index computes the same score as ``_name_score`` (whole name vs. words), for
    misspellings of real names, best first, ties in catalog order."""
    import random

    from rapidfuzz import process

    from tourney.catalog.catalog import _name_score
    from tourney.catalog.model import fold

    by_key: dict[str, str] = {}
    for name in real_catalog.names():
        by_key.setdefault(fold(name), name)
    keys, names = [k for k in by_key if k], [by_key[k] for k in by_key if k]
    rng = random.Random(15)
    queries = ["Carbon Negro", "Rayo Luna", "caceria brujas", "zzzzqqqq"]
    for _ in range(60):
        chars = list(rng.choice(names))
        del chars[rng.randrange(len(chars))]
        queries.append("".join(chars) or "x")
    for query in queries:
        expected = [names[i] for _k, _s, i in process.extract(
            fold(query), keys, scorer=_name_score, processor=None, limit=5, score_cutoff=70)]
        assert real_catalog.suggest(query) == expected, query
