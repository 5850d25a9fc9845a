"""«No puedes jugar más cartas por el resto del turno» (issue 22): a ``cannot_play`` step of a
Talismán's effect, lasting until the Fase Final; the engine keeps it once the line resolves
(``State.forbidden``) and refuses any card its player plays after it this turn (6.4)."""
from __future__ import annotations

from tourney.engine.abilities.kinds.enforcement import unenforced
from tourney.engine.compiler import compile_card

from .games import deck, effect, end, header, play, put
from .realcards import sentence_json

NO_MORE = {"kind": "cannot_play", "subject": "each", "duration": {"kind": "end_of_turn"},
           "filter": {"controller": "you", "zone": "being_played", "targets": False}}


def test_6_4_prohibicion_atavismo_draws_then_no_more_cards_this_turn(real):
    (ability,) = sentence_json(real("Atavismo"), 3)
    assert ability["effects"] == [{"kind": "draw", "subject": "player", "amount": 3}, NO_MORE]
    assert unenforced(real("Atavismo"), compile_card(real("Atavismo")).abilities) == ()


def test_6_4_prohibicion_olvido_and_letania_del_trueno(real):
    (olvido,) = sentence_json(real("Olvido"), 3)
    assert olvido["targets"] == [{"not_types": ["Oro"]}]
    assert olvido["effects"] == [{"kind": "banish"}, NO_MORE]
    (letania,) = sentence_json(real("Letanía del Trueno"), 3)
    assert letania["targets"] == [{"controller": "opponent", "max_cost": 3}]
    assert letania["effects"] == [{"kind": "gain_control"}, NO_MORE]


def test_6_4_prohibicion_no_puedes_jugar_aliados_este_turno_reads_the_same(real):
    # the shorter form already read: «no puedes jugar Aliados este turno»
    described = compile_card(real("Olvido")).sentences[3].abilities[0].describe()
    assert described.endswith("No puedes jugar cartas hasta la Fase Final.")


def test_6_4_prohibicion_olvido_played_forbids_the_next_card_this_turn_only(judge):
    head = header(deck("Olvido"), deck(), hand=2)  # A2: an Aliado of coste 1 in A's hand
    played = [put("B", "B2"), play("A", "A1", [], targets=["B2"]),
              effect("A", "A1", moves=[["B2", "exile"]])]
    v = judge(head, played)
    assert v.legal and 4 in v.verified, v
    v = judge(head, played + [play("A", "A2", ["A0"])])
    assert (v.status, v.line, v.rule) == ("illegal", 5, "6.4"), v
    v = judge(head, played + [end("A"), end("B"), play("A", "A2", ["A0"])])
    assert v.legal, v  # the prohibition ended with the turn
