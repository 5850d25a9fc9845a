"""Revealed-card records (paper games): the Castillo order is unknown and every draw and
mill names its card, checked against what remains in that Castillo."""
from __future__ import annotations

import json

from engine_helpers import FILLER, generated_lines, header, judge, resolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.engine import adjudicate, catalog_resolver, read_record
from tourney.engine.generate import reveal_record


def revealed_header(a, b, hand, opening_a, opening_b):
    head = header(a, b, hand=hand)
    head["order"] = "revealed"
    head["players"][0]["opening"] = opening_a
    head["players"][1]["opening"] = opening_b
    return head


def test_10_45_robar_revealed_draws_name_cards_from_the_castle():
    head = revealed_header(["Soldado"] * 5, ["Soldado"] * 5, 2, ["A5", "A1"], ["B2", "B3"])
    v = judge(head, [{"p": "A", "do": "end"}, {"p": "B", "do": "end", "revealed": {"B": ["B4"]}}])
    assert v.status == "unfinished" and v.final["B"]["hand"] == 3 and v.final["B"]["castle"] == 2
    v = judge(head, [{"p": "A", "do": "end"}, {"p": "B", "do": "end", "revealed": {"B": ["B2"]}}])
    assert (v.status, v.line, v.rule) == ("illegal", 3, "10.45")  # B2 is already in the hand
    assert v.final["B"]["hand"] == 2  # state before the illegal line
    v = judge(head, [{"p": "A", "do": "end"}, {"p": "B", "do": "end"}])
    assert (v.status, v.line, v.rule) == ("illegal", 3, None) and "revealed" in v.message
    v = judge(head, [{"p": "A", "do": "end", "revealed": {"A": ["A2"]}}])
    assert (v.status, v.line) == ("illegal", 2)  # no draw on the first turn: A2 is extra


def test_shuffled_record_may_name_draws_and_they_must_be_the_top_card():
    head = header(FILLER, FILLER, hand=2)
    ok = judge(head, [{"p": "A", "do": "end"}, {"p": "B", "do": "end", "revealed": {"B": ["B3"]}}])
    assert ok.status == "unfinished"
    bad = judge(head, [{"p": "A", "do": "end"}, {"p": "B", "do": "end", "revealed": {"B": ["B7"]}}])
    assert (bad.status, bad.line, bad.rule) == ("illegal", 3, "10.45") and "B3" in bad.message


def test_revealed_opening_hand_must_name_hand_cards_of_the_castle():
    import pytest

    from tourney.engine import RecordError

    head = revealed_header(["Soldado"] * 5, ["Soldado"] * 5, 2, ["A1"], ["B1", "B2"])
    with pytest.raises(RecordError):
        read_record([json.dumps(head)], resolve)
    head = revealed_header(["Soldado"] * 5, ["Soldado"] * 5, 2, ["A1", "B1"], ["B1", "B2"])
    with pytest.raises(RecordError):
        read_record([json.dumps(head)], resolve)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_generated_games_recorded_as_revealed_give_the_same_verdict(real_catalog, seed):
    resolve_real = catalog_resolver(real_catalog)
    lines = generated_lines(real_catalog, seed)
    shuffled = adjudicate(read_record(lines, resolve_real))
    objs = reveal_record([json.loads(line) for line in lines], resolve_real)
    revealed = adjudicate(read_record([json.dumps(o) for o in objs], resolve_real))
    assert revealed.to_json() == shuffled.to_json()
