"""Area C of the compiler: search, look, reveal, choose (real cards, read from ../shared/data).

Each part: the compiled value of at least three real cards, read side by side with the card's
text, and short played games whose verdict depends on the part.
"""
from __future__ import annotations

import pytest

from .games import cast, deck, effect, header, put
from .realcards import compiled, sentence_json


def _search(card_json: list[dict]) -> list[dict]:
    return [e for a in card_json for e in a.get("effects", ()) if e["kind"] == "search"]


# -- Buscar en tu Mazo Castillo o Cementerio (TargetFilter.also_zones) --------------------

@pytest.mark.parametrize("name, zone_first", [
    ("Bechard", "castle"), ("Ratas en los muros", "castle"), ("Ukita Hideie", "castle"),
    ("Asmodeus", "castle")])
def test_buscar_en_tu_mazo_castillo_o_cementerio_searches_both_zones(real, name, zone_first):
    found = _search(compiled(real(name)))
    assert len(found) == 1
    assert found[0]["filter"]["zone"] == zone_first and found[0]["filter"]["also_zones"] == ["graveyard"]


def test_asmodeus_reads_the_zone_before_the_cards_and_plays_the_found_aliado(real):
    (ability,) = sentence_json(real("Asmodeus"), 0)
    assert ability["optional"] is True and ability["trigger"] == {"event": "enters_play", "self_only": True}
    assert ability["effects"] == [{"kind": "search", "subject": "player", "zone": "being_played", "filter": {
        "types": ["Aliado"], "races": ["Ancestral"], "max_strength": 2, "zone": "castle",
        "also_zones": ["graveyard"]}}]


def test_ratas_en_los_muros_an_aliado_oscuridad_from_the_cementerio_or_the_castle(real):
    assert compiled(real("Ratas en los muros")) == [{"kind": "effect", "zone": "hand", "effects": [
        {"kind": "search", "subject": "player", "zone": "hand", "filter": {
            "types": ["Aliado"], "attribute": "Oscuridad", "zone": "castle", "also_zones": ["graveyard"]}}]}]


# -- Buscar a NOMBRE (a card by its name) -----------------------------------------------

@pytest.mark.parametrize("name, wanted", [
    ("Lorenzo de Medici", "Simón de Montfort"), ("Simón de Montfort", "Tirante el Blanco"),
    ("Tirante el Blanco", "Lorenzo de Medici"), ("Nemo", "Nautilus")])
def test_buscar_a_nombre_keeps_the_name_as_the_card_spells_it(real, name, wanted):
    (found,) = _search(compiled(real(name)))
    assert found["filter"] == {"names": [wanted], "zone": "castle", "also_zones": ["graveyard"]}
    assert found["zone"] == "hand"
    real(wanted)  # the name is a real card of the catalog


# -- Alternatives: «un Aliado Luz o de Raza Héroe», «un Aliado … o un Arma» (any_of) -----

@pytest.mark.parametrize("name, alternatives, max_cost", [
    ("Drácula", [{"attribute": "Oscuridad", "targets": False}, {"races": ["Sombra"], "targets": False}], 2),
    ("Watson y Holmes", [{"attribute": "Luz", "targets": False}, {"races": ["Héroe"], "targets": False}], 2),
    ("Tízoc", [{"keywords": ["Guardián"], "targets": False}, {"races": ["Héroe"], "targets": False}], None)])
def test_an_aliado_with_one_trait_or_the_other(real, name, alternatives, max_cost):
    (found,) = _search(compiled(real(name)))
    assert found["filter"]["types"] == ["Aliado"] and found["filter"]["any_of"] == alternatives
    assert found["filter"].get("max_cost") == max_cost  # «de coste 2 o menos» is for both


def test_oni_no_hanzo_an_aliado_de_raza_caballero_or_an_arma_to_the_top_of_the_castle(real):
    (found,) = _search(compiled(real("Oni no Hanzo")))
    assert found == {"kind": "search", "subject": "player", "zone": "castle_top", "filter": {
        "types": ["Aliado", "Arma"], "zone": "castle", "any_of": [
            {"types": ["Aliado"], "races": ["Caballero"], "targets": False},
            {"types": ["Arma"], "targets": False}]}}


# -- Two cards at once: «un Aliado y un Talismán» (one search step per card) --------------

def test_raiden_sama_searches_an_aliado_and_a_talisman(real):
    assert [f["filter"] for f in _search(compiled(real("Raiden Sama")))] == [
        {"types": ["Aliado"], "zone": "castle"}, {"types": ["Talismán"], "zone": "castle"}]


def test_anillo_de_vacio_una_carta_de_aliado_is_an_aliado(real):
    assert [f["filter"] for f in _search(compiled(real("Anillo de Vacío")))] == [
        {"types": ["Aliado"], "races": ["Samurái"], "zone": "castle"}, {"types": ["Arma"], "zone": "castle"}]


def test_mizuchi_reads_the_search_without_its_y_then_draws(real):
    (ability,) = sentence_json(real("Mizuchi"), 1)
    assert [e["kind"] for e in ability["effects"]] == ["search", "draw"]
    assert ability["effects"][0]["zone"] == "graveyard"


# -- Played: the engine checks the whole filter of a search line --------------------------

def test_lorenzo_de_medici_finds_simon_de_montfort_in_the_castle_or_the_cementerio(judge, cost):
    head = header(deck("Lorenzo de Medici", "Simón de Montfort", "Tirante el Blanco"), deck(), hand=1)
    base = cast("A", "A1", "Lorenzo de Medici", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])])  # not the card named
    assert (v.status, v.rule) == ("illegal", "6.5")
    from_graveyard = [put("A", "A2", zone="graveyard")] + base
    assert judge(head, from_graveyard + [effect("A", "A1", moves=[["A2", "hand"]])]).verified


def test_ratas_en_los_muros_takes_only_an_aliado_oscuridad(judge, cost):
    head = header(deck("Ratas en los muros", "Alfa", "Thorkell el Alto"), deck(), hand=1)
    base = cast("A", "A1", "Ratas en los muros", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])])  # an Aliado, not Oscuridad
    assert (v.status, v.rule) == ("illegal", "6.5")
    in_graveyard = [put("A", "A2", zone="graveyard")] + base
    assert judge(head, in_graveyard + [effect("A", "A1", moves=[["A2", "hand"]])]).verified


def test_tizoc_finds_a_guardian_or_a_heroe_and_nothing_else(judge, cost):
    head = header(deck("Tízoc", "Leonardo", "Octavio", "Thorkell el Alto"), deck(), hand=1)
    base = cast("A", "A1", "Tízoc", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]).verified  # Guardián
    assert judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])]).verified  # Héroe
    v = judge(head, base + [effect("A", "A1", moves=[["A4", "hand"]])])  # a Bárbaro
    assert (v.status, v.rule) == ("illegal", "6.5")
