"""api.myl.cl edition responses: each quirk of ../shared/data/api-myl-cl/NOTES.md, with
small hand-written responses (never the network)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tourney.catalog import Card
from tourney.catalog.errors import CatalogImportError
from tourney.catalog.importers.api_myl import api_slug, parse_edition

DATA = Path(__file__).parent / "data"


@pytest.fixture
def response():
    return json.loads((DATA / "api_escuelas_elementales.json").read_text(encoding="utf-8"))


def one_card(**fields):
    base = {"id": "1", "edid": "001", "slug": "x", "name": "carta de prueba", "type": "1",
            "race": "1", "rarity": "6", "cost": "1", "damage": "1", "ability": "",
            "flavour": "", "keywords": ""}
    base.update(fields)
    return {"edition": {"id": "1", "slug": "bushido", "title": "Bushido"}, "cards": [base]}


def by_code(cards):
    return {c.code: c for c in cards}


def test_edition_slug_with_underscore_is_escuelas_elementales(response):
    cards, (edition,) = parse_edition(response)
    assert edition.slug == "escuelas-elementales" and edition.name == "Escuelas Elementales"
    assert edition.released.isoformat() == "2020-07-15"
    assert {c.edition for c in cards} == {"escuelas-elementales"}
    assert api_slug("escuelas-elementales") == "escuelas_elementales"
    assert api_slug("bushido") == "bushido"


def test_collector_code_is_prefix_and_padded_edid(response):
    cards, _ = parse_edition(response)
    assert sorted(by_code(cards)) == ["EE-001", "EE-002", "EE-003", "EE-004"]
    other = one_card(edid="17")
    other["edition"]["slug"] = "kvsm-titanes"
    (card,), _ = parse_edition(other)
    assert card.code == "KVSM-TITANES-017"


def test_numeric_ids_resolved_through_the_response_tables(response):
    cards = by_code(parse_edition(response)[0])
    assert (cards["EE-001"].type, cards["EE-001"].race, cards["EE-001"].rarity) == (
        "Aliado", "Dragón", "Ultra Real")
    assert cards["EE-002"].type == "Talismán"  # id given as a number
    assert cards["EE-001"].cost == 3 and cards["EE-001"].strength == 4  # numbers as strings


def test_ids_fall_back_to_the_built_in_tables(response):
    del response["types"], response["races"], response["rarities"]
    cards = by_code(parse_edition(response)[0])
    assert cards["EE-001"].race == "Dragón" and cards["EE-004"].rarity == "Vasallo"


def test_lower_case_names_with_trailing_spaces_are_capitalised(response):
    cards = by_code(parse_edition(response)[0])
    assert cards["EE-001"].name == "Guardián de la Prueba"
    assert cards["EE-002"].name == "Reliquia y Sombra"


def test_title_case_keeps_particles_lower_and_roman_numerals_upper():
    from tourney.catalog.editions import title_case

    assert title_case("de la montaña y el mar") == "De la Montaña y el Mar"
    assert title_case("cleopatra vii") == "Cleopatra VII"
    assert title_case("jean-luc  del  valle") == "Jean-Luc del Valle"


def test_unknown_edition_takes_the_api_title(response):
    response["edition"].update(slug="nueva-prueba", title="nueva prueba del sur")
    _cards, (edition,) = parse_edition(response)
    assert (edition.slug, edition.name) == ("nueva-prueba", "Nueva Prueba del Sur")


def test_name_capitalisation_comes_from_the_known_catalog_when_possible(response):
    known = [Card(code="OLD-1", name="Guardián De La Prueba", edition="x", type="Aliado",
                  identity="guardian")]
    cards = by_code(parse_edition(response, known=known)[0])
    assert cards["EE-001"].name == "Guardián De La Prueba"


@pytest.mark.parametrize("ability", [
    "Única.\u21b5Roba una carta.",          # Bushido, Sol Naciente
    "Única./nRoba una carta.",              # Dominio
    "Única. \n Roba una carta.",            # Escuelas Elementales
    "Única.\r\nRoba  una carta.",           # CRLF and a double space
])
def test_line_break_variants_become_one_convention(ability):
    (card,), _ = parse_edition(one_card(ability=ability))
    assert card.text == "Única.\nRoba una carta."
    assert card.unique


def test_keyword_flags_are_ignored_text_declares_keywords(response):
    cards = by_code(parse_edition(response)[0])
    assert cards["EE-001"].keywords == {"Única", "Furia"}  # flag said "1"
    assert cards["EE-002"].keywords == frozenset()  # flagged Furia: only mentions it
    assert cards["EE-004"].keywords == {"Errante", "Oscuridad", "Mercenario"}
    assert cards["EE-004"].wanderer and cards["EE-004"].mercenary
    assert cards["EE-004"].attribute == "Oscuridad"


def test_sin_raza_is_no_race_and_schools_come_from_races(response):
    cards = by_code(parse_edition(response)[0])
    assert cards["EE-002"].race is None
    assert cards["EE-001"].school == "Clan Desafiante"
    assert cards["EE-004"].school == "Culto Tenebris"


def test_plain_gold_has_no_cost_and_no_text(response):
    gold = by_code(parse_edition(response)[0])["EE-003"]
    assert gold.type == "Oro" and gold.cost is None and gold.strength is None
    assert gold.plain_gold


def test_non_ally_has_no_strength(response):
    assert by_code(parse_edition(response)[0])["EE-002"].strength is None


@pytest.mark.parametrize("field, value, reason", [
    ("type", "42", "id de tipo desconocido"),
    ("type", "0", "tipo de carta desconocido"),     # "Unknow"
    ("race", "999", "id de raza desconocido"),
    ("rarity", "77", "id de frecuencia desconocido"),
    ("cost", "tres", "número entero"),
    ("name", "", "nombre no vacío"),
    ("edid", None, "falta"),
])
def test_bad_card_rejects_the_file_naming_card_and_field(field, value, reason):
    data = one_card(**{field: value})
    with pytest.raises(CatalogImportError) as exc:
        parse_edition(data, "respuesta.json")
    assert exc.value.field == field
    assert reason in str(exc.value) and "respuesta.json" in str(exc.value)


def test_duplicate_edid_is_rejected(response):
    response["cards"][1]["edid"] = "1"
    with pytest.raises(CatalogImportError, match="repetido"):
        parse_edition(response)


def test_missing_cards_or_edition_is_rejected(response):
    for key in ("cards", "edition"):
        broken = copy.deepcopy(response)
        del broken[key]
        with pytest.raises(CatalogImportError, match=key):
            parse_edition(broken)
