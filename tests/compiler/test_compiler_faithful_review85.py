"""Review of 85 fully compiled cards (issue 22): each fix pinned on the real card it was found on.

Values: what a card may not have Anulado is the card being played (8.1 D); what follows
«Luego, …» is chosen when it resolves, without targeting (8.2: choices after an earlier action).
Renderings (``describe()``, what a judge reads beside the card text): a search that puts the
card on top reads as shuffling first; one target named twice reads «ese Aliado»; «los
Cementerios» stays plural; looking at the opponent's Mazo Castillo is done by you.
"""
from __future__ import annotations

import pytest

from tourney.engine.compiler import compile_card


def _abilities(card):
    return [a for s in compile_card(card).sentences for a in s.abilities]


def _describes(card) -> str:
    return " ".join(a.describe() for a in _abilities(card))


# -- 8.1 D: only a card being played can be Anulada ---------------------------------------------

@pytest.mark.parametrize("name, race", [("Ambiorix", "Bárbaro"), ("Archa", "Faerie")])
def test_cannot_be_annulled_protects_the_cards_being_played(real, name, race):
    (eff,) = [e for a in _abilities(real(name)) for e in a.effects if e.kind == "cannot_be_annulled"]
    assert eff.subject == "each"
    assert eff.filter.zone == "being_played"
    assert eff.filter.races == (race,)
    assert "que se está jugando" in _describes(real(name))


# -- 8.2: after «Luego», cards not called «objetivo» are chosen when the step resolves ----------

def test_circulo_de_proteccion_chooses_the_cards_to_shuffle_when_it_resolves(real):
    (spell,) = [a for a in _abilities(real("Círculo de Protección")) if any(
        e.kind == "shuffle_into_castle" for e in a.effects)]
    assert all(not t.targets for t in spell.targets)  # nothing is declared when it is played
    shuffle = spell.effects[1]
    assert shuffle.then and shuffle.subject == "chosen"
    assert shuffle.filter.zone == "graveyard" and shuffle.filter.controller == "you"
    assert shuffle.filter.up_to and shuffle.filter.count_from == "count"
    assert not shuffle.filter.targets


@pytest.mark.parametrize("name, n", [("Tormenta Sagrada", 3), ("Protogenoi", 2)])
def test_oros_grouped_after_luego_are_chosen_when_it_resolves(real, name, n):
    (spell,) = _abilities(real(name))
    assert len(spell.targets) == 1  # only the first part's target
    regroup = spell.effects[1]
    assert regroup.kind == "regroup" and regroup.subject == "chosen" and regroup.then
    assert regroup.filter.count == n and regroup.filter.up_to and not regroup.filter.targets
    words = {2: "dos", 3: "tres"}[n]
    assert f"Agrupa hasta {words} Oros que controles" in spell.describe()


def test_an_explicit_objetivo_after_luego_stays_a_target(real):
    # «Luego, Destruye un Aliado objetivo oponente»: the card says it targets
    spell = [a for a in _abilities(real("Kawtcho")) if any(e.kind == "destroy" for e in a.effects)]
    assert all(any(t.targets for t in a.targets) for a in spell)


# -- renderings a judge could misread -------------------------------------------------------------

def test_shedim_reads_as_shuffling_then_putting_the_card_on_top(real):
    text = _describes(real("Shedim"))
    assert "baraja y ponlo en el tope del Mazo Castillo" in text
    assert not text.rstrip(".").endswith("y baraja")


@pytest.mark.parametrize("name, again", [
    ("Corromper Shinobi", "Ese Aliado se considera de Raza Oni"),
    ("Piedra Asesina", "Ese Aliado gana Imbloqueable"),
    ("Aníbal", "Cada uno de esos Aliados gana Furia")])
def test_one_target_named_twice_reads_as_one(real, name, again):
    text = _describes(real(name))
    assert again in text
    assert text.count("objetivo") == 1


@pytest.mark.parametrize("name", ["San Pancracio", "Psicomancia"])
def test_the_cementerios_stay_plural(real, name):
    text = _describes(real(name))
    assert "en los Cementerios" in text
    assert "en el Cementerio" not in text


def test_orobas_looks_at_the_opponents_castle_itself(real):
    text = _describes(real("Orobas"))
    assert "puedes mirar la primera carta del Mazo Castillo de tu oponente" in text
    assert "tu oponente Mira" not in text


def test_a_conditional_optional_step_reads_condition_first(real):
    # «Luego, si …, puedes Robar …»: «si …, puedes Robar», never «puedes si …»
    text = _describes(real("Memoria Ancestral"))
    assert "puedes si " not in text
    assert "Luego, si todos los Aliados que controlas son de Raza Sacerdote o Caballero, puedes Robar" in text


def test_an_exact_cost_reads_once(real):
    # Lucrecia: «no se pueden jugar cartas de coste 0», not «de coste 0 o menos de coste 0 o más»
    text = _describes(real("Lucrecia"))
    assert "de coste 0 que se está jugando" in text and "o menos" not in text
