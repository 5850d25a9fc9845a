"""Review h9: compiled cards read side by side with their text (real cards, ../shared/data).

Each test pins a reading a judge found unfaithful, in the values or in the Spanish rendering
(``describe()``) a judge reads beside the card text.
"""
from __future__ import annotations

import pytest

from tourney.engine.compiler import compile_card


def _describes(card) -> list[str]:
    return [a.describe() for s in compile_card(card).sentences for a in s.abilities]


# -- «Mira la mano de tu oponente …»: whose hand, which cards are discarded ---------------------

@pytest.mark.parametrize("name", ["Cacería de Brujas", "Shingas"])
def test_shown_hand_discards_each_talisman_of_the_opponents_hand(real, name):
    text = " ".join(_describes(real(name)))
    assert "mira la mano de tu oponente" in text.lower()
    assert "tu oponente descarta cada talismán de su mano" in text.lower()
    assert "X cartas" not in text


@pytest.mark.parametrize("name, kind", [
    ("Tentáculos Negros", "que no sea Oro"), ("Hler", "que no sea Aliado ni Oro"),
    ("Butatsch Cun Llgs", "que no sea Oro")])
def test_looked_at_hand_discards_the_chosen_card_of_the_kind_the_card_names(real, name, kind):
    text = " ".join(_describes(real(name)))
    assert "mira la mano de tu oponente" in text.lower()
    assert f"Descarta la carta elegida de su mano (carta {kind})" in text
    assert "X cartas" not in text


# -- «Busca … en el Mazo Castillo oponente»: you search, the cards are your opponent's ----------

@pytest.mark.parametrize("name", ["Surt", "Gran Incendio", "Ira de la Montaña", "Druk"])
def test_searching_the_opponents_castle_is_done_by_you(real, name):
    text = " ".join(_describes(real(name)))
    assert "en el Mazo Castillo de tu oponente" in text
    assert "tu oponente Busca" not in text and "puedes tu oponente" not in text


def test_forma_de_niebla_banishes_as_many_as_your_oscuridad_cards_from_the_opponents_castle(real):
    (text,) = _describes(real("Forma de Niebla"))
    assert text.startswith("Busca hasta tantas cartas en el Mazo Castillo de tu oponente como la cantidad")
    assert text.endswith("ponlas en la Zona de Destierro y baraja.")


def test_several_found_cards_are_put_in_the_hand_in_the_plural(real):
    assert "Busca hasta dos Aliados de Raza Bárbaro de coste 2 o menos en el Mazo Castillo, ponlos en la mano" \
        in " ".join(_describes(real("Rapto de las Sabinas")))


# -- «Sólo puedes utilizar esta habilidad hasta tres veces por turno» -------------------------

def test_valdemar_iv_is_limited_to_three_uses_a_turn_and_says_so(real):
    (ability,) = compile_card(real("Valdemar IV")).sentences[0].abilities
    assert ability.per_turn == 3
    assert ability.describe().startswith("Hasta 3 veces por turno, cuando")


# -- «En respuesta a que …»: a response, not an answer after the fact --------------------------

@pytest.mark.parametrize("name", ["Katalin", "Pacala", "Melchior Cibinensis"])
def test_play_from_hand_in_response_reads_as_a_response(real, name):
    card = real(name)
    (ability,) = [a for s in compile_card(card).sentences for a in s.abilities if a.response and a.trigger]
    assert ability.zone == "hand"
    assert ability.describe().startswith("Si esta carta está en tu mano, en respuesta a que ")


def test_dupin_shuffles_the_chosen_oscuridad_card_of_the_opponents_hand(real):
    text = " ".join(_describes(real("Dupin")))
    assert "Baraja la carta elegida de su mano (carta Oscuridad) en su Mazo Castillo" in text


# -- «puede portar cualquier número de Armas» / «no puede portar Armas» ------------------------

@pytest.mark.parametrize("name, words", [
    ("Lancelot", "puede portar cualquier cantidad de Armas"), ("Solomon", "puede portar cualquier cantidad de Armas"),
    ("Kwányip", "no puede portar Armas")])
def test_weapon_capacity_reads_as_the_card_says(real, name, words):
    text = " ".join(_describes(real(name)))
    assert words in text and "X Armas" not in text and "0 Armas" not in text


@pytest.mark.parametrize("name", ["Jano", "Moctezuma II", "Druk", "Asmodeus"])
def test_a_searched_card_that_is_played_is_played_without_paying_and_says_so(real, name):
    card = real(name)
    found = [e for s in compile_card(card).sentences for a in s.abilities for e in a.effects
             if e.kind == "search" and e.zone == "being_played"]
    assert found
    assert "sin pagar su coste y" in " ".join(_describes(card))
