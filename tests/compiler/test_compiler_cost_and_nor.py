"""Two parts that compose (issue 22): the cost «Subir a la mano de su dueño / a tu mano otro
Aliado … que controles» (``return_own_to_hand``, paid by the engine), and «no puede ser
declarado atacante ni bloqueador» (the same cards cannot attack and cannot block)."""
from __future__ import annotations

from .games import attack, block, cast, deck, effect, end, header, put
from .realcards import sentence_json


def test_toqui_lonkomilla_returns_another_guerrero_to_destroy(real):
    (ability,) = sentence_json(real("Toqui Lonkomilla"), 2)
    assert ability["costs"] == [{"kind": "return_own_to_hand", "filter": {
        "types": ["Aliado"], "races": ["Guerrero"], "controller": "you", "other": True, "targets": False}}]
    assert ability["targets"] == [{"max_cost": 2, "not_types": ["Oro"]}]
    assert ability["effects"] == [{"kind": "destroy"}]


def test_ballesta_bearer_neither_attacks_nor_blocks(real):
    (ability,) = sentence_json(real("Ballesta"), 2)
    assert ability["effects"] == [{"kind": "cannot_attack", "subject": "bearer"},
                                  {"kind": "cannot_block", "subject": "bearer"}]


def test_played_toqui_lonkomilla_pays_with_a_guerrero_only(judge):
    # Lozen (A2) is a Guerrero; Thorkell el Alto (A3) is a Bárbaro
    head = header(deck("Toqui Lonkomilla", "Lozen"), deck(), hand=1)
    use = effect("A", "A1", targets=["B1"], moves=[["A2", "hand"], ["B1", "graveyard"]])
    v = judge(head, [put("A", "A1", "A2"), put("B", "B1"), use])
    assert v.legal and 4 in v.verified, v
    v = judge(head, [put("A", "A1", "A2"), put("B", "B1"),
                     effect("A", "A1", targets=["B1"], moves=[["B1", "graveyard"]])])
    assert (v.status, v.line) == ("illegal", 4)  # the cost was not paid
    v = judge(head, [put("A", "A1", "A3"), put("B", "B1"),
                     effect("A", "A1", targets=["B1"], moves=[["A3", "hand"], ["B1", "graveyard"]])])
    assert (v.status, v.line) == ("illegal", 4)


def test_played_ballesta_stops_its_bearer_attacking_and_blocking(judge, cost):
    head = header(deck("Ballesta"), deck(), hand=1)
    armed = [put("B", "B2")] + cast("A", "A1", "Ballesta", cost, bearer="B2") + [end("A")]
    v = judge(head, armed + [attack("B", "B2")])
    assert (v.status, v.line) == ("illegal", len(armed) + 2)
    assert judge(head, [put("B", "B2"), end("A"), attack("B", "B2")]).legal
    armed = [put("A", "A2"), put("B", "B2")] + cast("A", "A1", "Ballesta", cost, bearer="B2") + [end("A"), end("B")]
    v = judge(head, armed + [attack("A", "A2"), block("B", ("B2", "A2"))])
    assert (v.status, v.line) == ("illegal", len(armed) + 3)
    assert judge(head, [put("A", "A2"), put("B", "B2"), end("A"), end("B"), attack("A", "A2"),
                        block("B", ("B2", "A2"))]).legal
