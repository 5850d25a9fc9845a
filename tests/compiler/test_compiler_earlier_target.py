"""«Luego, … de coste igual o menor al del Aliado Destruido» / «… del mismo coste» (issue 22):
with no card paid as a cost, the card compared with is the ability's one target, acted on by
its first step (``cost_of_target``, read when the line resolves). Two targets, or a first
step of another verb than the text names, leave the sentence not understood."""
from __future__ import annotations

from dataclasses import replace

from tourney.engine.compiler import compile_card

from .games import cast, deck, effect, header, put
from .realcards import compiled


def test_mu_searches_a_talisman_costing_at_most_the_banished_one(real):
    (ability,) = compiled(real("Mu"))
    assert ability["targets"] == [{"types": ["Talismán"], "controller": "you", "zone": "graveyard"}]
    assert ability["effects"] == [
        {"kind": "banish"},
        {"kind": "search", "subject": "player", "zone": "hand", "then": True,
         "filter": {"types": ["Talismán"], "zone": "castle", "max_cost_from": "cost_of_target"}}]


def test_camina_pieles_plays_an_aliado_of_the_banished_ones_cost(real):
    (ability,) = compiled(real("Camina Pieles"))
    assert ability["effects"][1]["filter"] == {
        "types": ["Aliado"], "zone": "castle", "max_cost_from": "cost_of_target",
        "min_cost_from": "cost_of_target"}
    assert ability["effects"][1]["zone"] == "being_played"


def test_pesti_rossu_plays_a_sombra_costing_at_most_the_destroyed_aliado(real):
    (ability,) = compiled(real("Pesti Rossu"))
    assert ability["effects"][0] == {"kind": "destroy"}
    assert ability["effects"][1]["subject"] == "chosen"
    assert ability["effects"][1]["filter"]["max_cost_from"] == "cost_of_target"
    assert ability["effects"][1]["filter"]["races"] == ["Sombra"]


def test_another_verb_than_the_text_names_is_not_that_card(real):
    # «al del Aliado Destruido» after a step that Destierra: not the same card
    card = replace(real("Pesti Rossu"), text=real("Pesti Rossu").text.replace("Destruye un", "Destierra un"))
    assert not compile_card(card).complete


def test_the_rendering_names_the_target(real):
    text = " ".join(a.describe() for a in compile_card(real("Mu")).abilities)
    assert "Busca un Talismán de coste igual o menor al coste del objetivo en el Mazo Castillo" in text


def test_played_mu_takes_a_talisman_no_dearer_than_the_banished_one(judge):
    # Crear Runas (A2, coste 2) in the Cementerio; Butic (A3, coste 2), Kyudo (A4, coste 6)
    head = header(deck("Mu", "Crear Runas", "Butic", "Kyudo"), deck(), hand=1)
    base = [put("A", "A1", zone="support"), put("A", "A2", zone="graveyard")]
    v = judge(head, base + [effect("A", "A1", targets=["A2"], moves=[["A2", "exile"], ["A3", "hand"]])])
    assert v.legal and 4 in v.verified, v
    v = judge(head, base + [effect("A", "A1", targets=["A2"], moves=[["A2", "exile"], ["A4", "hand"]])])
    assert (v.status, v.line) == ("illegal", 4)


def test_played_camina_pieles_plays_an_aliado_of_the_same_cost(judge, cost):
    # B's Thorkell el Alto (coste 1); A finds Lozen (coste 1), not Roger de Flor (coste 2)
    head = header(deck("Camina Pieles", "Lozen", "Roger de Flor"), deck(), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Camina Pieles", cost, targets=["B1"])
    n = len(base) + 2
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "exile"], ["A2", "defense"]])])
    assert v.legal and n in v.verified, v
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "exile"], ["A3", "defense"]])])
    assert (v.status, v.line) == ("illegal", n)
    assert n in judge(head, base + [effect("A", "A1", moves=[["B1", "exile"]])]).verified  # «puedes»
