"""DeckForge importer on the real files in ../shared/data/deckforge."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from tourney.catalog import Catalog
from tourney.catalog.errors import CatalogImportError
from tourney.catalog.importers.deckforge import (
    load_deckforge_cards,
    load_deckforge_files,
    parse_records,
)


def test_public_data_reads_every_printing_with_its_identidad(public_cards_path, public_catalog):
    raw = json.loads(public_cards_path.read_text(encoding="utf-8"))
    assert len(public_catalog) == len(raw)
    assert len({c.code for c in public_catalog}) == len(raw)
    for rec in raw[::97]:
        card = public_catalog.by_code(rec["codigo"])
        assert card.identity == rec["identidad"]
        assert card.name == rec["nombre"] and card.edition == rec["edicion"]
        assert card.type == rec["tipo"] and card.cost == rec["coste"]
        assert card.strength == rec["fuerza"] and card.rarity == rec["frecuencia"]
    assert len(set(public_catalog.identities())) == len({r["identidad"] for r in raw})


def test_editions_get_human_names(public_catalog):
    names = {slug: e.name for slug, e in public_catalog.editions.items()}
    assert names["escuelas-elementales"] == "Escuelas Elementales"
    assert names["aguila-imperial"] == "Águila Imperial"
    assert names["pack-de-batalla-dominio"] == "Pack de Batalla: Dominio"
    assert public_catalog.editions["bushido"].era == "Escuelas Elementales"


def test_card_types_and_schools(public_catalog):
    types = Counter(c.type for c in public_catalog)
    assert set(types) == {"Aliado", "Talismán", "Arma", "Tótem", "Oro"}
    kirin = public_catalog.resolve("Kirin").card
    assert (kirin.race, kirin.school) == ("Dragón", "Clan Desafiante")
    # the Pack América Dragones come with escuela null: the school follows from the race
    assert public_catalog.by_code("PA-001").school == "Clan Desafiante"


# -- 10.13 Copias: reprints are one card ------------------------------------------

def test_10_13_copias_reprints_in_several_editions_are_one_card(public_catalog):
    resolution = public_catalog.resolve("Necromancia")
    assert resolution.ok
    assert {c.code for c in resolution.cards} == {"AI-006", "AM-180", "DO-021", "EE-026"}


def test_10_13_copias_reprints_differing_by_errata_keep_the_catalog_identity(public_catalog):
    # Leonardo's printings differ in their text; DeckForge says they are one card
    texts = {c.text for c in public_catalog.printings("leonardo")}
    assert len(texts) > 1
    assert public_catalog.resolve("Leonardo").ok


def test_10_13_copias_same_name_different_characteristics_are_two_cards(public_catalog):
    resolution = public_catalog.resolve("Shuri")
    assert resolution.ambiguous
    assert set(resolution.identities) == {"shuri", "shuri-dominio"}
    assert set(resolution.choices()) == {"Shuri (BU-218)", "Shuri (DO-213)"}
    assert public_catalog.resolve("Shuri (DO-213)").card.cost == 2


def test_data_src_identities_derived_from_characteristics_line_up_with_public_data(
        public_catalog, src_only_cards):
    both = [c for c in src_only_cards if public_catalog.by_code(c.code)]
    assert len(both) == 1261
    mismatched = {c.code for c in both if c.identity != public_catalog.by_code(c.code).identity}
    # Adapa DO-001: data-src's text is reworded ("tus Aliados" vs "los Aliados que
    # controles"), a real difference of characteristics, so it stands apart without the
    # built catalog; number words and reminder text do not split cards (Yasuke, Nammu).
    assert mismatched == {"DO-001"}
    src = {c.code: c for c in src_only_cards}
    assert src["BU-028"].identity == src["BU-068"].identity == "yasuke"
    assert src["DO-213"].identity == "shuri-dominio"  # the record's own identidad


def test_data_src_with_the_built_catalog_known_reuses_its_identities(public_catalog, src_paths):
    cards, _ = load_deckforge_files(src_paths, known=list(public_catalog))
    for card in cards:
        prior = public_catalog.by_code(card.code)
        if prior is not None:
            assert card.identity == prior.identity, card.code


def test_alternate_arts_are_reprints_of_the_public_data_card(full_catalog):
    eastre = full_catalog.resolve("Eastre")
    assert eastre.ok
    aa = full_catalog.by_code("AA-011")
    assert aa.identity == "eastre" and aa.origin == "conjuros" and aa.edition == "arte-alternativo"
    assert eastre.cards[0].origin is None  # the regular printing is the representative


def test_built_catalog_wins_over_data_src_for_a_code_in_both(full_catalog, public_catalog):
    assert full_catalog.by_code("DO-001").text == public_catalog.by_code("DO-001").text


def test_directory_reads_every_file(shared_data):
    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "data-src")
    assert len(cards) == 1680
    assert {"arte-alternativo", "pack-america"} <= {e.slug for e in editions}


# -- derived flags on real cards ----------------------------------------------------

def test_flag_unica(public_catalog):
    assert public_catalog.by_code("EE-022").unique  # De Rodillas
    assert public_catalog.by_code("AI-001").unique  # "Única" on its own line, no period
    assert not public_catalog.by_code("AI-009").unique


def test_flag_mercenario(public_catalog):
    assert public_catalog.by_code("DO-038").mercenary  # Grifo Dorado
    assert public_catalog.by_code("HS-243").mercenary  # Pincoya
    assert not public_catalog.by_code("EE-022").mercenary


def test_flag_errante(public_catalog):
    assert public_catalog.by_code("AI-251").wanderer  # Dimachaerus
    assert public_catalog.by_code("EE-010").wanderer  # Alfa
    assert not public_catalog.by_code("BU-001").wanderer


def test_flag_oro_sin_habilidad(public_catalog, public_cards_path):
    assert public_catalog.by_code("AI-221").plain_gold  # Lararium
    assert not public_catalog.by_code("AI-009").plain_gold  # Carmina Burana: an Oro with text
    # frecuencia "Oro" does not make a plain gold: Regalía Imperial has a text box
    assert public_catalog.by_code("BU-221").rarity == "Oro"
    assert not public_catalog.by_code("BU-221").plain_gold
    assert not public_catalog.by_code("EE-022").plain_gold  # not an Oro
    raw = json.loads(public_cards_path.read_text(encoding="utf-8"))
    empty_oros = {r["codigo"] for r in raw if r["tipo"] == "Oro" and not r["habilidad"].strip()}
    assert {c.code for c in public_catalog if c.plain_gold} == empty_oros


def test_keywords_mentioned_in_text_are_not_declared(public_catalog):
    # "…puedes elegir que este Aliado tenga Furia hasta la Fase Final…": DeckForge's own list
    # is kept, but the text alone would not declare it
    from tourney.catalog.keywords import declared_keywords

    assert "Furia" not in declared_keywords(public_catalog.by_code("AI-146").text)


# -- malformed files are rejected whole ---------------------------------------------

def _write(tmp_path, payload, name="bad.json"):
    path = tmp_path / name
    path.write_text(payload if isinstance(payload, str) else json.dumps(payload),
                    encoding="utf-8")
    return path


GOOD = {"id": "xx-001", "codigo": "XX-001", "nombre": "Carta", "edicion": "prueba",
        "tipo": "Aliado", "raza": "Dragón", "coste": 2, "fuerza": 2, "habilidad": "",
        "keywords": []}


def test_bad_json_names_line_and_column(tmp_path):
    path = _write(tmp_path, '[{"codigo": "XX-1",]')
    with pytest.raises(CatalogImportError) as exc:
        load_deckforge_cards(path)
    assert "línea 1" in str(exc.value) and "bad.json" in str(exc.value)


def test_non_utf8_file_is_rejected_naming_the_line(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes('[\n{"nombre": "Dragón"}]'.encode("latin-1"))
    with pytest.raises(CatalogImportError, match="UTF-8 \\(línea 2\\)"):
        load_deckforge_cards(path)


@pytest.mark.parametrize("field, value, reason", [
    ("nombre", None, "texto no vacío"),
    ("tipo", "Criatura", "tipo de carta desconocido"),
    ("coste", "dos", "número entero"),
    ("fuerza", [2], "número entero"),
    ("atributo", "Fuego", "atributo desconocido"),
    ("keywords", "Única", "lista de textos"),
])
def test_wrong_field_names_record_and_field(tmp_path, field, value, reason):
    bad = dict(GOOD, codigo="XX-002", id="xx-002")
    bad[field] = value
    path = _write(tmp_path, [GOOD, bad])
    with pytest.raises(CatalogImportError) as exc:
        load_deckforge_cards(path)
    assert exc.value.record == "registro 2 (código XX-002)"
    assert exc.value.field == field
    assert reason in str(exc.value)


def test_missing_field_is_named(tmp_path):
    bad = {k: v for k, v in GOOD.items() if k != "edicion"}
    with pytest.raises(CatalogImportError) as exc:
        parse_records([bad])
    assert exc.value.field == "edicion" and "falta" in str(exc.value)


def test_duplicate_code_within_a_file(tmp_path):
    path = _write(tmp_path, [GOOD, dict(GOOD, nombre="Otra")])
    with pytest.raises(CatalogImportError) as exc:
        load_deckforge_cards(path)
    assert exc.value.field == "codigo" and "registro 1" in str(exc.value)


def test_not_a_list_is_rejected(tmp_path):
    with pytest.raises(CatalogImportError):
        load_deckforge_cards(_write(tmp_path, {"cartas": []}))


def test_catalog_from_src_only_stays_usable(src_only_cards):
    catalog = Catalog.from_cards(src_only_cards)
    assert catalog.resolve("De Rodillas").ok
