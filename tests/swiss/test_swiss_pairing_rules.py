"""Pairing, one test per rule of our policy (docs/swiss-policy.md)."""
from __future__ import annotations

import random

import pytest
from swiss_factories import state

from tourney.swiss import (
    FLAG_LABELS,
    FLAGS,
    Match,
    SwissUserError,
    explain,
    flag_labels,
    pair_round,
)


def tables(pairings):
    return {frozenset((p.a, p.b)) for p in pairings}


def test_round_1_is_random_but_seeded():
    s = state([f"p{i}" for i in range(1, 17)])
    by_seed = {seed: tables(pair_round(s, random.Random(seed))) for seed in range(6)}
    assert by_seed[0] == tables(pair_round(s, random.Random(0)))
    assert len({frozenset(t) for t in by_seed.values()}) > 1


def test_equal_match_points_are_paired_together():
    # after round 1: winners p1, p3, p5, p7 (3 pts), losers p2, p4, p6, p8 (0 pts)
    s = state([f"p{i}" for i in range(1, 9)],
              [[("p1", "p2", "2-0-0"), ("p3", "p4", "2-1-0"), ("p5", "p6", "2-0-1"),
                ("p7", "p8", "2-1-0")]])
    for p in pair_round(s, random.Random(1)):
        assert p.a_points == p.b_points and "float_down" not in p.flags


def test_odd_point_group_floats_one_player_one_group_down():
    s = state(["a", "b", "c", "d", "e", "f"],
              [[("a", "d", "2-0-0"), ("b", "e", "2-0-0"), ("c", "f", "2-0-0")]])
    pairings = pair_round(s, random.Random(2))
    floats = [p for p in pairings if "float_down" in p.flags]
    assert len(floats) == 1 and (floats[0].a_points, floats[0].b_points) == (3, 0)


def test_no_rematch_when_a_pairing_without_one_exists():
    s = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", "2-0-0")],
                                     [("a", "c", "2-0-0"), ("b", "d", "2-0-0")]])
    pairings = pair_round(s, random.Random(0))
    assert tables(pairings) == {frozenset("ad"), frozenset("bc")}
    assert not any("rematch" in p.flags for p in pairings)


def test_rematch_forced_only_when_unavoidable_and_flagged():
    s = state(["a", "b"], [[("a", "b", "2-0-0")]])
    (p,) = pair_round(s, random.Random(0))
    assert "rematch" in p.flags


def test_forbidden_pair_is_honoured_like_a_rematch():
    s = state(["a", "b", "c", "d"], forbidden=[("a", "b"), ("c", "d")])
    for seed in range(10):
        got = tables(pair_round(s, random.Random(seed)))
        assert frozenset("ab") not in got and frozenset("cd") not in got


def test_forbidden_pair_forced_when_no_alternative_is_flagged():
    s = state(["a", "b"], forbidden=[("a", "b")])
    (p,) = pair_round(s, random.Random(0))
    assert "forbidden_forced" in p.flags


def test_forbidden_pair_in_the_same_point_group_is_flagged_avoided():
    s = state(["a", "b", "c", "d"], forbidden=[("a", "b")])
    assert all("forbidden_avoided" in p.flags for p in pair_round(s, random.Random(4)))


def test_dropped_players_are_never_paired():
    s = state(["a", "b", "c", "d", "e"], [[("a", "b", "2-0-0"), ("c", "d", "2-0-0"),
                                          ("e", None, None)]], dropped=["c"])
    seated = {x for p in pair_round(s, random.Random(0)) for x in (p.a, p.b)}
    assert "c" not in seated and seated >= {"a", "b", "d", "e"}


def test_bye_goes_to_the_lowest_ranked_player_of_the_lowest_group():
    s = state(["a", "b", "c", "d", "e"],
              [[("a", "b", "2-0-0"), ("c", "d", "2-1-0"), ("e", None, None)],
               [("a", "c", "2-0-0"), ("e", "b", "2-0-0"), ("d", None, None)]])
    # b is alone at 0 points and has no bye
    bye = next(p for p in pair_round(s, random.Random(0)) if p.b is None)
    assert bye.a == "b" and bye.flags == ("bye",)


def test_no_second_bye_while_anyone_eligible_remains():
    s = state(["a", "b", "c"], [[("a", "b", "2-0-0"), ("c", None, None)],
                                [("a", "c", "2-0-0"), ("b", None, None)]])
    bye = next(p for p in pair_round(s, random.Random(0)) if p.b is None)
    assert bye.a == "a"  # b and c had byes: a gets it even with 6 points
    s3 = state(["a", "b", "c"], [[("a", "b", "2-0-0"), ("c", None, None)],
                                 [("a", "c", "2-0-0"), ("b", None, None)],
                                 [("b", "c", "2-0-0"), ("a", None, None)]])
    bye = next(p for p in pair_round(s3, random.Random(0)) if p.b is None)
    assert "second_bye" in bye.flags  # everyone had one


def test_late_entry_is_paired_with_its_points():
    s = state(["a", "b", "c", "late"], [[("a", "b", "2-0-0"), ("c", None, None)]],
              late={"late": 1})
    partner = {x: (p.b if p.a == x else p.a) for p in pair_round(s, random.Random(0))
               for x in (p.a, p.b) if x}
    assert partner["late"] == "b"  # both 0 points


def test_pairing_refuses_with_pending_results():
    s = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", None)]])
    with pytest.raises(SwissUserError, match="ronda 1, mesa 2: falta el resultado"):
        pair_round(s, random.Random(0))


def test_pairing_needs_two_active_players():
    with pytest.raises(SwissUserError, match="menos de 2"):
        pair_round(state(["a", "b"], dropped=["b"]), random.Random(0))


def test_every_flag_has_a_spanish_label():
    assert set(FLAG_LABELS) == set(FLAGS)
    assert flag_labels(["rematch"]) == [FLAG_LABELS["rematch"]]


def test_explanations_name_the_players_and_points():
    s = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", "2-0-0")],
                                     [("a", "c", "2-0-0"), ("b", "d", "2-0-0")]])
    text = " ".join(line for p in pair_round(s, random.Random(0)) for line in explain(p, s.names()))
    assert "A (a) baja del grupo de 6 puntos para jugar con D (d) (0 puntos)" in text
    s = state(["a", "b", "c"])
    text = " ".join(line for p in pair_round(s, random.Random(0)) for line in explain(p))
    assert "recibe el bye: gana 2-0-0 sin rival" in text


# -- byes assigned in advance (Player.byes) --------------------------------------------
def _bye_rows(pairings):
    return {p.a: p.flags for p in pairings if p.b is None}


def test_assigned_byes_are_given_in_rounds_1_to_byes():
    s = state(["a", "b", "c", "d", "e", "f", "g", "h"], byes={"a": 2, "b": 1})
    r1 = pair_round(s, random.Random(0))
    assert _bye_rows(r1) == {"a": ("bye", "assigned_bye"), "b": ("bye", "assigned_bye")}
    assert [p.b is None for p in r1] == [False] * 3 + [True] * 2  # byes after the tables
    played = [Match(p.a, p.b, None if p.b is None else "2-0-0") for p in r1]
    r2 = pair_round(s.with_round(played), random.Random(0))
    rows = _bye_rows(r2)
    assert rows.pop("a") == ("bye", "assigned_bye")
    # b's single bye is used up; the 7 others are odd: one ordinary bye, not to b (had one)
    assert list(rows.values()) == [("bye",)] and "b" not in rows
    r3 = pair_round(s.with_round(played).with_round(
        [Match(p.a, p.b, None if p.b is None else "2-0-0") for p in r2]), random.Random(0))
    assert _bye_rows(r3) == {}


def test_assigned_byes_do_not_take_the_odd_players_bye():
    # 6 active, 1 with an assigned bye: the other 5 are odd, so one of them gets the bye
    s = state(["a", "b", "c", "d", "e", "f"], byes={"a": 1})
    rows = _bye_rows(pair_round(s, random.Random(3)))
    assert rows.pop("a") == ("bye", "assigned_bye")
    assert list(rows.values()) == [("bye",)]


def test_dropped_player_gets_no_assigned_bye():
    s = state(["a", "b", "c"], byes={"a": 1}, dropped=["a"])
    assert "a" not in {x for p in pair_round(s, random.Random(0)) for x in (p.a, p.b)}


def test_assigned_bye_explained_in_spanish():
    s = state(["a", "b", "c"], byes={"a": 1})
    row = next(p for p in pair_round(s, random.Random(0)) if p.a == "a")
    assert explain(row, s.names()) == [
        "A (a) tiene un bye asignado de antemano para esta ronda: gana 2-0-0 sin rival"]


# -- the issue's order of rules --------------------------------------------------------
def test_never_a_second_bye_while_someone_eligible_remains_even_over_a_forbidden_pair():
    # a and b had byes; c has not: c gets the bye even though a-b is a forbidden pair
    s = state(["a", "b", "c", "d"],
              [[("a", None, None), ("b", "c", "2-0-0")],
               [("b", None, None), ("a", "d", "2-0-0")]],
              dropped=["d"], forbidden=[("a", "b")])
    pairings = pair_round(s, random.Random(0))
    assert _bye_rows(pairings) == {"c": ("bye",)}
    (table,) = [p for p in pairings if p.b is not None]
    assert {table.a, table.b} == {"a", "b"} and "forbidden_forced" in table.flags


def test_small_group_that_already_met_floats_instead_of_a_rematch_in_a_big_event():
    # 150 players; p1 and p2 drew in round 1, so the 1-point group is just the two of
    # them, between a 74-player 3-point group and a 74-player 0-point group (both larger
    # than the exact window): they must float down, not replay each other
    ids = [f"p{i}" for i in range(1, 151)]
    r1 = [("p1", "p2", "1-1-0")] + [(f"p{i}", f"p{i + 1}", "2-0-0") for i in range(3, 151, 2)]
    s = state(ids, [r1])
    for seed in range(3):
        pairings = pair_round(s, random.Random(seed))
        assert not any("rematch" in p.flags for p in pairings)
        assert sum(abs(p.a_points - p.b_points) for p in pairings) == 2  # the minimum
