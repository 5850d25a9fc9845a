"""Name resolution for decklists: exact, normalized, then suggestions; Name (CODE) chooses."""
from __future__ import annotations

from tourney.catalog import Card, Catalog


def test_exact_name(public_catalog):
    res = public_catalog.resolve("De Rodillas")
    assert res.ok and res.card.identity == "de-rodillas"


def test_normalized_name_case_accents_spacing_punctuation(public_catalog):
    for query in ("de rodillas", "DE  RODILLAS", " De Rodillas. ", "Águila y Serpiente",
                  "aguila y serpiente"):
        assert public_catalog.resolve(query).ok, query
    assert (public_catalog.resolve("aguila y serpiente").card.name
            == public_catalog.resolve("Águila y Serpiente").card.name)


def test_unknown_name_suggests_and_never_guesses(public_catalog):
    res = public_catalog.resolve("Kirn")
    assert not res.cards and not res.ok and not res.ambiguous
    assert "Kirin" in res.suggestions


def test_nothing_close_gives_no_suggestion(public_catalog):
    res = public_catalog.resolve("zzzzqqqq")
    assert res.cards == () and res.suggestions == ()


def test_ambiguous_name_lists_collector_codes(public_catalog):
    res = public_catalog.resolve("shuri")
    assert res.ambiguous
    assert res.codes_by_identity() == {"shuri": ("BU-218",), "shuri-dominio": ("DO-213",)}


def test_name_with_code_chooses_the_identity(public_catalog):
    res = public_catalog.resolve("Shuri (bu-218)")
    assert res.ok and res.card.code == "BU-218"
    res = public_catalog.resolve("Necromancia (EE-026)")
    assert res.ok and res.card.code == "EE-026"
    assert {c.code for c in res.cards} == {"AI-006", "AM-180", "DO-021", "EE-026"}


def test_name_with_a_code_of_another_card_is_not_a_guess(public_catalog):
    res = public_catalog.resolve("Shuri (BU-001)")  # BU-001 is Kirin
    assert not res.cards
    assert set(res.suggestions) == {"Shuri (BU-218)", "Shuri (DO-213)"}


def test_resolution_is_cached_and_stays_right_after_add():
    a = Card(code="T-1", name="Prueba", edition="t", type="Oro", identity="prueba")
    catalog = Catalog.from_cards([a])
    first = catalog.resolve("prueba")
    assert catalog.resolve("prueba") is first
    catalog.add(Card(code="T-2", name="Prueba", edition="t", type="Oro", identity="prueba-2",
                     text="Roba una carta."))
    assert catalog.resolve("prueba").ambiguous


def test_suggestions_rank_a_whole_word_match_first_ignoring_accents(public_catalog):
    # "Carbon Negro" is not a card: "Carbón" (a whole word of the query, accent aside)
    # must come before "Scarbo" (only letters inside a word match)
    res = public_catalog.resolve("Carbon Negro")
    assert not res.cards
    assert res.suggestions[0] == "Carbón"
    assert "Scarbo" not in res.suggestions[:1]
    assert public_catalog.suggest("Carbon")[0] == "Carbón"


def test_suggestions_ignore_linking_words(public_catalog):
    # "Rayo Luna" leaves out "de": the card with both words comes before the one-word cards
    assert public_catalog.suggest("Rayo Luna")[0] == "Rayo de Luna"
    assert public_catalog.suggest("Garras Balam")[0] == "Garras de Balam"
    assert public_catalog.suggest("caceria brujas")[0] == "Cacería de Brujas"
