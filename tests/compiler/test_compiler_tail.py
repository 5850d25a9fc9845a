"""The tail of the coverage (issue 22): shapes that finish a card each, read on the real cards
that use them, with their Spanish rendering and, where the engine enforces the value, a short
real game."""
from __future__ import annotations

from tourney.engine.compiler import compile_card

from .games import cast, deck, effect, end, header, put
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
