"""The tail of the coverage (issue 22): shapes that finish a card each, read on the real cards
that use them, with their Spanish rendering and, where the engine enforces the value, a short
real game."""
from __future__ import annotations

from tourney.engine.compiler import compile_card

from .games import cast, deck, effect, end, gold, header, play, put
from .realcards import sentence_json


def _said(card, index: int) -> str:
    return compile_card(card).sentences[index].abilities[0].describe()


# -- «por cada Aliado … que entró en juego bajo tu control este turno» (a count of the turn) --

_GUERREROS = {"types": ["Aliado"], "races": ["Guerrero"], "controller": "you", "targets": False}


def test_bota_rapax_mills_two_per_guerrero_that_entered_this_turn(real):
    (ability,) = sentence_json(real("Rapax"), 0)
    assert ability["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent",
                                   "amount": 2, "amount_from": "entered_this_turn",
                                   "filter": _GUERREROS}]
    assert _said(real("Rapax"), 0) == ("Tu oponente Bota 2 cartas por cada Aliado de Raza Guerrero "
                                       "que entró en juego bajo tu control este turno.")
    assert compile_card(real("Rapax")).complete


def test_bota_marco_antonio_and_reina_nzinga_count_the_turns_entries(real):
    (ability,) = sentence_json(real("Marco Antonio"), 1)
    assert (ability["kind"], ability["per_turn"]) == ("activated", 1)
    assert ability["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent",
                                   "amount": 1, "amount_from": "entered_this_turn",
                                   "filter": _GUERREROS}]
    (ability,) = sentence_json(real("Reina Nzinga"), 0)
    assert ability["trigger"] == {"event": "phase_begins", "player": "you", "phase": "final"}
    (eff,) = ability["effects"]
    assert eff["amount_from"] == "entered_this_turn"
    assert eff["filter"]["races"] == ["Guerrero", "Dragón"]
    assert _said(real("Reina Nzinga"), 0).endswith(
        "tu oponente Bota una carta por cada Aliado de Raza Guerrero o Dragón que entró en juego "
        "bajo tu control este turno.")


def test_bota_rapax_played_counts_only_this_turns_guerreros(judge, cost):
    # A2, A3 Vigía (Guerrero) enter play this turn; the filler Thorkell el Alto is a Bárbaro
    head = header(deck("Rapax", "Vigia", "Vigia"), deck(), hand=1)
    now = [put("A", "A2", "A3", "A4")] + cast("A", "A1", "Rapax", cost)
    v = judge(head, now + [effect("A", "A1", mill={"B": 4})])
    assert v.status == "unfinished" and v.verified[-1] == len(now) + 2
    v = judge(head, now + [effect("A", "A1", mill={"B": 6})])  # the Bárbaro does not count
    assert (v.status, v.line, v.rule) == ("illegal", len(now) + 2, "10.7")
    earlier = [put("A", "A2", "A3"), end("A"), end("B")] + cast("A", "A1", "Rapax", cost)
    v = judge(head, earlier + [effect("A", "A1", mill={"B": 4})])  # they entered last turn
    assert (v.status, v.line, v.rule) == ("illegal", len(earlier) + 2, "10.7")


# -- «jugar Talismanes cuesta un Oro adicional por cada Tótem que controles» (cost per count) --

def test_coste_piedad_adds_one_oro_per_totem_you_control(real):
    (ability,) = sentence_json(real("Piedad"), 0)
    assert ability == {"kind": "continuous", "effects": [{
        "kind": "cost_change", "subject": "each", "amount": 1, "amount_from": "count",
        "filter": {"types": ["Talismán"], "zone": "being_played", "targets": False},
        "count_filter": {"types": ["Tótem"], "controller": "you", "targets": False}}]}
    assert _said(real("Piedad"), 0) == ("El coste de cada Talismán que se está jugando cambia en 1 "
                                        "por cada Tótem que controles.")
    assert compile_card(real("Piedad")).complete


def test_coste_piedad_played_a_talisman_costs_two_more_with_two_totems(judge, cost):
    # A2 Piedad and A3 Aedes Concordiae in play: Crear Runas (2) costs 4, for either player
    assert cost("Crear Runas") == 2
    head = header(deck("Crear Runas", "Piedad", "Aedes Concordiae"), deck("Crear Runas"), hand=1)
    base = [put("A", "A2", "A3", zone="support"), gold("A", "A9", "A10", "A11")]
    assert judge(head, base + [play("A", "A1", ["A0", "A9", "A10", "A11"])]).legal
    v = judge(head, base + [play("A", "A1", ["A0", "A9", "A10"])])  # one Tótem's Oro missing
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "8.1") and "cuesta 4" in v.message
    theirs = [put("A", "A2", "A3", zone="support"), end("A"), gold("B", "B9", "B10", "B11")]
    assert judge(head, theirs + [play("B", "B1", ["B0", "B9", "B10", "B11"])]).legal  # Ana's Tótems
    v = judge(head, theirs + [play("B", "B1", ["B0", "B9", "B10"])])  # one Oro per Tótem
    assert (v.status, v.line, v.rule) == ("illegal", len(theirs) + 2, "8.1")
