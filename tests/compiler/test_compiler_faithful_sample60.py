"""A faithfulness sample of 60 identities compiled today (issue 22), read beside their text.

No compiled value said something the card does not; what a judge reads (``describe()``) did
in places: an activated ability of «En tu Fase de Vigilia» read as any player's Vigilia; a
trigger on «uno o más contadores» read as one counter; «otra copia» read «otro carta
llamado»; two exclusions read as two clauses; a shown card's types read twice.
"""
from __future__ import annotations

import pytest

from tourney.engine.compiler import compile_card

from .games import attack, block, deck, effect, end, gold, header, passes, play, put


def _abilities(card):
    return [a for s in compile_card(card).sentences for a in s.abilities]


def _describes(card) -> str:
    return " ".join(a.describe() for a in _abilities(card))


# -- 9 B Fase de Vigilia: «En tu Fase de Vigilia, una vez por turno, puedes …» ------------------

@pytest.mark.parametrize("name", ["Ada Lovelace", "Shoki", "Vanaheim", "Velificatio"])
def test_9b_vigilia_activated_in_your_vigil_reads_your_vigil(real, name):
    (used,) = [a for a in _abilities(real(name)) if a.kind == "activated"]
    assert used.phases == ("vigil",) and used.own_turn is True
    assert "en tu Fase de Vigilia" in used.describe()
    assert "en la Fase de Vigilia" not in used.describe()


# -- 6 abilities: a trigger on counters fires once for each placement, however many ------------

def test_6_triggered_counters_placed_reads_one_or_more(real):
    (trig,) = [a for a in _abilities(real("Camina Tormentas")) if a.kind == "triggered"]
    assert trig.trigger.event == "counter_placed" and trig.trigger.counter == "Alimento"
    assert "se ponen uno o más contadores de Alimento sobre un Aliado que controles" in trig.describe()


# -- 10 glossary, copies: «cada otra copia de este Aliado» is the other cards of its name -------

@pytest.mark.parametrize("name", ["Dodu", "Grifo Dorado"])
def test_10_copies_each_other_copy_reads_otra_carta_llamada(real, name):
    text = _describes(real(name))
    assert f"otra carta llamada {name}" in text
    assert "otro carta" not in text


# -- 6 abilities: «que no sean Oscuridad ni Oro» is one exclusion --------------------------------

def test_6_destroy_targets_excluding_darkness_and_gold_read_as_one_clause(real):
    (trig,) = [a for a in _abilities(real("Vjesci")) if a.kind == "triggered"]
    (target,) = trig.targets
    assert target.not_types == ("Oro",) and target.not_attribute == "Oscuridad"
    assert target.count == 2 and target.up_to
    assert "cartas que no sean Oro ni Oscuridad" in trig.describe()


# -- 10 glossary, Mostrar: the shown card's types are named once --------------------------------

def test_10_show_top_card_talisman_or_gold_names_the_types_once(real):
    (trig,) = [a for a in _abilities(real("Kuzunoha")) if a.kind == "triggered"]
    text = trig.describe()
    assert "si es un Talismán o Oro, va a la mano" in text
    assert "(Talismán o Oro)" not in text


# -- 9 C3 Guerra de Talismanes: «Cancela el ataque oponente» cancels only the opponent's -------

@pytest.mark.parametrize("name", ["Capnomancia", "Pergamino de Perdón", "Heddwch"])
def test_9_c3_guerra_cancel_the_opponents_attack_reads_the_opponent(real, name):
    assert "Cancela el ataque de los Aliados atacantes de tu oponente" in _describes(real(name))


def test_9_c3_guerra_heddwch_played_by_the_attacker_does_not_cancel_its_own_attack(judge):
    head = header(deck("Vigia", "Heddwch"), deck("Ex acuminibus"), hand=3)
    war = [put("A", "A1"), end("A"), end("B"), attack("A", "A1"), block("B"), passes("B"),
           gold("A", "A9"), play("A", "A2", ["A0", "A9"]), effect("A", "A2")]
    # Vigia is still attacking: Beto's «Destruye un Aliado atacante …» may target it
    hit = [gold("B", "B9"), play("B", "B1", ["B0", "B9"], targets=["A1"]),
           effect("B", "B1", moves=[["A1", "graveyard"]])]
    v = judge(head, war + hit)
    assert v.legal and len(war + hit) + 1 in v.verified, v


def test_9_c3_guerra_heddwch_luego_draw_follows_only_a_cancelled_opponents_attack(judge):
    # «Cancela el ataque oponente. Luego, si controlas … Ancestral o Eterno, puedes Robar»
    head = header(deck("Enki", "Heddwch"), deck("Enki", "Heddwch"), hand=3)
    own = [put("A", "A1"), end("A"), end("B"), attack("A", "A1"), block("B"), passes("B"),
           gold("A", "A9"), play("A", "A2", ["A0", "A9"])]
    # played by the attacker nothing is cancelled, so the «Luego» draw does not happen
    v = judge(head, own + [effect("A", "A2", draw={"A": 1})])
    assert (v.status, v.rule, v.line) == ("illegal", "6.5", len(own) + 2), v
    assert judge(head, own + [effect("A", "A2")]).legal
    # played by the defender it cancels Ana's attack, and Beto (with Enki) may draw
    theirs = [put("A", "A1"), put("B", "B1"), end("A"), end("B"), attack("A", "A1"), block("B"),
              gold("B", "B9"), play("B", "B2", ["B0", "B9"])]
    v = judge(head, theirs + [effect("B", "B2", draw={"B": 1})])
    assert v.legal and len(theirs) + 2 in v.verified, v


# -- 10 glossary, Mostrar: you show the top card of your own Mazo Castillo ----------------------

@pytest.mark.parametrize("name", ["Kuzunoha", "Veela"])
def test_10_show_your_top_card_reads_your_castle(real, name):
    (shown,) = [a for a in _abilities(real(name)) if any(e.kind == "reveal_top" for e in a.effects)]
    assert shown.effects[0].player == "you"  # the card's controller
    assert "muestra la primera carta de tu Mazo Castillo" in shown.describe()


# -- 6.9 Pérdida de habilidad: «Hasta dos Aliados objetivo oponentes pierdan su habilidad» -------

def test_6_9_perdida_de_habilidad_two_targets_read_plural(real):
    (spell,) = [a for a in _abilities(real("De Rodillas")) if a.kind == "effect"]
    assert spell.targets[0].count == 2 and spell.targets[0].up_to
    assert "Hasta dos Aliados oponentes objetivos pierden su habilidad" in spell.describe()
