"""«Convertir este Tótem en un Aliado … hasta la Fase Final» played on real cards: the converted
Tótem is an Aliado for attacking, damage and Destroying, in the Línea de Defensa, and a Tótem
again in the Línea de Apoyo after the Fase Final (seed 000: the Convertir entries)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tourney.catalog import Catalog
from tourney.catalog.importers.deckforge import load_deckforge_cards
from tourney.engine import catalog_resolver, read_record
from tourney.engine.abilities.continuous import full_recompute, skip_by_content
from tourney.engine.adjudicate import replay

FILLER = "Thorkell el Alto"  # Furia only: never changes a verdict here


@pytest.fixture(scope="module")
def run(shared_data: Path):
    cards, editions = load_deckforge_cards(shared_data / "deckforge" / "public-data" / "cards.json")
    resolve = catalog_resolver(Catalog.from_cards(cards, editions))

    def go(a, b, actions):
        lines = [json.dumps(header(a, b), ensure_ascii=False)]
        lines += [json.dumps(x, ensure_ascii=False) for x in actions]
        return replay(read_record(lines, resolve))
    return go


def deck(*names):
    return list(names) + [FILLER] * (12 - len(names))


def header(a, b):
    return {"game": "myl", "version": 2, "format": "unificado", "first": "A", "hand": 1,
            "players": [
                {"id": "A", "name": "Ana", "gold": ["A0", "Oro"],
                 "castle": [[f"A{i}", n] for i, n in enumerate(a, 1)]},
                {"id": "B", "name": "Beto", "gold": ["B0", "Oro"],
                 "castle": [[f"B{i}", n] for i, n in enumerate(b, 1)]}]}


def put(p, *ids, zone="defense"):
    return {"p": p, "do": "effect", "moves": [[i, zone] for i in ids]}


def use(p, card, ability):
    return {"p": p, "do": "activate", "card": card, "ability": ability, "pay": []}


def effect(p, source, **fields):
    return {"p": p, "do": "effect", "source": source, **fields}


def end(p):
    return {"p": p, "do": "end"}


def attack(p, *cards):
    return {"p": p, "do": "attack", "cards": list(cards)}


def block(p, *pairs):
    return {"p": p, "do": "block", "pairs": [list(x) for x in pairs]}


def battle(p, opp, *cards, pairs=()):
    return [attack(p, *cards), block(opp, *pairs), {"p": opp, "do": "pass"}, {"p": p, "do": "pass"}]


# Nautilus (A1) in play since Ana's first turn; Ana's turn 3 begins with an Agrupación
READY = [put("A", "A1", zone="support"), end("A"), end("B")]
CONVERT = [use("A", "A1", 3), effect("A", "A1")]  # «Una vez por turno, puedes convertir …»


def test_a_converted_nautilus_attacks_as_an_aliado_of_fuerza_3(run):
    game, v = run(deck("Nautilus"), deck(), READY + CONVERT + battle("A", "B", "A1"))
    _, calm = run(deck("Nautilus"), deck(), READY + CONVERT + [end("A")])
    assert v.legal and 6 in v.verified, v.message
    assert calm.final["B"]["castle"] - v.final["B"]["castle"] == 3  # its Fuerza 3 hit the Castillo


def test_after_the_fase_final_it_is_a_totem_again_in_the_linea_de_apoyo(run):
    game, v = run(deck("Nautilus"), deck(), READY + CONVERT + battle("A", "B", "A1"))
    nautilus = game.cards["A1"]
    assert v.legal and nautilus.zone == "support" and nautilus.card.type == "Tótem"
    assert nautilus.card.strength is None and not game.converted
    again = READY + CONVERT + battle("A", "B", "A1") + [end("B")]
    _, v = run(deck("Nautilus"), deck(), again + [attack("A", "A1")])
    assert (v.status, v.line, v.rule) == ("illegal", 12, "9 C1")  # not an Aliado without converting
    _, v = run(deck("Nautilus"), deck(), again + CONVERT + [attack("A", "A1")])
    assert v.legal and 13 in v.verified  # a new turn: it may convert once more


def test_the_conversion_is_once_per_turn(run):
    _, v = run(deck("Nautilus"), deck(), READY + CONVERT + [use("A", "A1", 3)])
    assert (v.status, v.line, v.rule) == ("illegal", 7, "6.1")
    moved = effect("A", "A1", moves=[["A1", "defense"]])  # v1 style: the line shows the move
    _, v = run(deck("Nautilus"), deck(), READY + [moved])
    assert v.legal and 5 in v.verified
    _, v = run(deck("Nautilus"), deck(), READY + [moved, moved])
    assert (v.status, v.line, v.rule) == ("illegal", 6, "6.1")


def test_without_converting_a_totem_cannot_attack(run):
    _, v = run(deck("Nautilus"), deck(), READY + [attack("A", "A1")])
    assert (v.status, v.line, v.rule) == ("illegal", 5, "9 C1")


def test_a_totem_converted_the_turn_it_came_into_play_cannot_attack(run):
    late = [end("A"), end("B"), put("A", "A1", zone="support")]
    _, v = run(deck("Nautilus"), deck(), late + CONVERT + [attack("A", "A1")])
    assert (v.status, v.line, v.rule) == ("illegal", 7, "2.1")  # not in play since the Agrupación


def test_destroyed_in_combat_it_goes_to_the_cementerio_as_a_totem(run):
    # Tawara Toda (Fuerza 4) blocks the converted Nautilus (Fuerza 3)
    setup = [put("A", "A1", zone="support"), end("A"), put("B", "B1"), end("B")]
    game, v = run(deck("Nautilus"), deck("Tawara Toda"),
                  setup + CONVERT + battle("A", "B", "A1", pairs=[("B1", "A1")]))
    nautilus = game.cards["A1"]
    assert v.legal and nautilus.zone == "graveyard" and nautilus.card.type == "Tótem"
    assert game.cards["B1"].zone == "defense"


def test_an_empty_line_of_a_card_that_can_also_search_is_left_unverified_but_converts(run):
    # v1 style without the move: «Buscar una carta Luz» finding none would also explain it
    _, v = run(deck("Nautilus"), deck(), READY + [effect("A", "A1"), attack("A", "A1")])
    assert v.legal and 5 in v.unverified


def test_kumamoto_jo_counts_the_totems_when_it_converts_and_its_line_stays_unverified(run):
    # Kumamoto-jo (A1) and Nautilus (A2) in play: «Fuerza igual a la cantidad de Tótem» = 2
    setup = [put("A", "A1", "A2", zone="support"), end("A"), end("B")]
    game, v = run(deck("Kumamoto-jo", "Nautilus"), deck(),
                  setup + [use("A", "A1", 1), effect("A", "A1")] + battle("A", "B", "A1"))
    _, calm = run(deck("Kumamoto-jo", "Nautilus"), deck(), setup + [end("A")])
    assert v.legal and 6 in v.unverified, v.message
    assert calm.final["B"]["castle"] - v.final["B"]["castle"] == 2


def test_kumamoto_jo_is_a_dragon_while_converted(run):
    setup = [put("A", "A1", zone="support"), end("A"), end("B")]
    game, v = run(deck("Kumamoto-jo"), deck(), setup + [use("A", "A1", 1), effect("A", "A1")])
    kuma = game.cards["A1"]
    assert v.legal and kuma.zone == "defense" and kuma.card.type == "Aliado"
    assert kuma.card.race == "Dragón" and game.strength(kuma) == 1


@pytest.mark.parametrize("full", [True, False])
def test_the_incremental_recompute_agrees_with_the_full_one(run, full):
    actions = READY + CONVERT + battle("A", "B", "A1") + [end("B")] + CONVERT + [end("A")]
    _, reference = run(deck("Nautilus"), deck(), actions)
    try:
        full_recompute(full)
        skip_by_content(not full)
        _, v = run(deck("Nautilus"), deck(), actions)
    finally:
        full_recompute(False)
        skip_by_content(True)
    assert v == reference and v.legal


def test_destroyed_while_converted_it_is_an_aliado_that_is_destroyed(run):
    # Boudica (A2) in Ana's Cementerio: «Cuando un Aliado que controles sea Destruido, …
    # puedes ponerlo en tu mano» fires when the converted Nautilus is Destroyed in combat
    setup = [put("A", "A1", zone="support"), put("A", "A2", zone="graveyard"), end("A"),
             put("B", "B1"), end("B")]
    fight = setup + CONVERT + battle("A", "B", "A1", pairs=[("B1", "A1")])
    game, v = run(deck("Nautilus", "Boudica"), deck("Tawara Toda"),
                  fight + [effect("A", "A2", moves=[["A2", "hand"]])])
    assert v.legal and 13 in v.verified, v.message
    assert game.cards["A1"].card.type == "Tótem"  # in the Cementerio it is a Tótem again
