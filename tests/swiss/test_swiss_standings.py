"""Standings, written from MTR Appendix C (points, percentages, tiebreakers) and our
policy in docs/swiss-policy.md. Worked numbers from ../shared/TOURNAMENT-FACTS.md."""
from __future__ import annotations

from fractions import Fraction as F

import pytest
from swiss_factories import by_id, record_state, state

from tourney.swiss import Settings, records, standings


# -- Appendix C: match points --------------------------------------------------------
@pytest.mark.parametrize("pattern, points", [("WWWWWWLL", 18), ("WWWWLLDD", 14)])
def test_appendix_c_match_points_win_3_draw_1_loss_0(pattern, points):
    x = by_id(standings(record_state(pattern)))["x"]
    assert x.points == points


def test_appendix_c_bye_is_a_match_win():
    x = by_id(standings(record_state("BL")))["x"]
    assert (x.points, x.record, x.byes) == (3, "1-1-0", 1)


def test_match_points_are_configurable_per_event():
    s = record_state("WDL")
    s = type(s)(s.players, s.rounds, Settings(win_points=2, draw_points=1, loss_points=0))
    x = by_id(standings(s))["x"]
    assert x.points == 3
    assert x.mw == F(3, 6)  # MW% is over win points × rounds


# -- Appendix C: game points ---------------------------------------------------------
@pytest.mark.parametrize("result, a_points, b_points", [
    ("2-0-0", 6, 0), ("2-1-0", 6, 3), ("2-0-1", 7, 1), ("0-0-3", 3, 3), ("1-1-1", 4, 4)])
def test_appendix_c_game_points_3_per_win_1_per_drawn_game(result, a_points, b_points):
    recs = records(state(["a", "b"], [[("a", "b", result)]]))
    assert (recs["a"].game_points, recs["b"].game_points) == (a_points, b_points)


# -- Appendix C: MW% and its floor -----------------------------------------------------
def test_appendix_c_mw_5_2_1_over_eight_rounds_is_16_of_24():
    assert by_id(standings(record_state("WWWWWLLD")))["x"].mw == F(16, 24)


def test_appendix_c_mw_floor_is_exactly_one_third_after_1_3_0_and_drop():
    s = record_state("WLLL")
    s = type(s)([p if p.id != "x" else type(p)("x", "X", True) for p in s.players], s.rounds)
    x = by_id(standings(s))["x"]
    assert x.dropped and x.mw == F(1, 3)  # 3/12 = 0.25 raised to the floor, not 0.33


def test_appendix_c_own_mw_counts_a_round_one_bye_as_a_played_win():
    # 3-2-0 including a round-1 bye, then dropped: 9/15
    assert by_id(standings(record_state("BWWLL")))["x"].mw == F(9, 15)


def test_appendix_c_gw_floor_is_exactly_one_third():
    s = state(["a", "b"], [[("a", "b", "2-0-1")]])
    t = by_id(standings(s))
    assert t["a"].gw == F(7, 9)
    assert t["b"].gw == F(1, 3)  # 1/9 raised to the floor


def test_appendix_c_intentional_draw_0_0_3_is_one_point_and_gw_one_third():
    t = by_id(standings(state(["a", "b"], [[("a", "b", "0-0-3")]])))
    assert (t["a"].points, t["a"].record, t["a"].gw) == (1, "0-0-1", F(1, 3))


# -- Appendix C: OMW% / OGW% -----------------------------------------------------------
FIVE = [
    [("a", None, None), ("b", "c", "2-0-0"), ("d", "e", "2-1-0")],
    [("a", "b", "2-1-0"), ("c", "d", "0-0-3"), ("e", None, None)],
    [("a", "d", "1-1-1"), ("b", "e", "2-0-0"), ("c", None, None)],
]


def test_appendix_c_omw_ogw_average_opponents_and_leave_out_byes():
    # Worked by hand (docs/swiss-policy.md): MW a 7/9, b 6/9, c 4/9, d 5/9, e 3/9;
    # GW a 16/24, b 15/21, c 9/21, d 13/27, e 9/21.
    t = by_id(standings(state("abcde", FIVE)))
    assert [t[i].mw for i in "abcde"] == [F(7, 9), F(6, 9), F(4, 9), F(5, 9), F(1, 3)]
    assert [t[i].gw for i in "abcde"] == [F(2, 3), F(5, 7), F(3, 7), F(13, 27), F(3, 7)]
    assert t["a"].omw == (F(6, 9) + F(5, 9)) / 2          # b and d; the bye is left out
    assert t["b"].omw == (F(4, 9) + F(7, 9) + F(3, 9)) / 3
    assert t["e"].omw == (F(5, 9) + F(6, 9)) / 2
    assert t["a"].ogw == F(113, 189)
    assert t["d"].ogw == F(32, 63)


def test_appendix_c_order_is_points_then_omw_gw_ogw():
    assert [s.id for s in standings(state("abcde", FIVE))] == ["a", "b", "d", "c", "e"]


def test_opponent_below_the_floor_counts_as_exactly_one_third_in_omw():
    # x beat y; y then went 1-3 overall (3/12 -> 1/3): x's OMW is exactly 1/3
    s = state(["x", "y", "u", "v", "w"], [
        [("x", "y", "2-0-0")], [("y", "u", "2-0-0")], [("y", "v", "0-2-0")],
        [("y", "w", "0-2-0")]])
    x = by_id(standings(s))["x"]
    assert x.omw == F(1, 3)
    assert x.to_json()["omw"] == 1 / 3


def test_tiebreakers_tie_on_omw_broken_by_gw():
    # same points and OMW (each beat one player who then lost everything); GW differs
    s = state(["a", "b", "c", "d"], [[("a", "c", "2-1-0"), ("b", "d", "2-0-0")]])
    assert [x.id for x in standings(s)][:2] == ["b", "a"]


# -- our policy ------------------------------------------------------------------------
def test_drop_outs_stay_in_the_standings():
    s = state(["a", "b", "c"], [[("a", "b", "2-0-0"), ("c", None, None)]], dropped=["b"])
    t = standings(s)
    assert [x.id for x in t] == ["a", "c", "b"]  # a and c tie on everything: seat order
    assert by_id(t)["b"].dropped


def test_complete_ties_keep_seat_id_order():
    t = standings(state(["p10", "p2", "p1"]))
    assert [x.id for x in t] == ["p1", "p2", "p10"]
    assert [x.rank for x in t] == [1, 2, 3]


def test_unreported_matches_are_left_out_of_standings():
    s = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", None)]])
    t = by_id(standings(s))
    assert (t["c"].points, t["c"].record, t["c"].opponents) == (0, "0-0-0", ())
    assert t["a"].opponents == ("b",)


def test_late_entry_missed_rounds_are_match_losses_with_no_games_played():
    # two missed rounds count as lost rounds for MW% (0 of 9 after a win: 3/9), but no
    # games were played in them: unplayed games count nothing, so GW% is 6/6, not 6/18
    s = state(["a", "b", "c", "late"],
              [[("a", "b", "2-0-0"), ("c", None, None)],
               [("a", "c", "2-0-0"), ("b", None, None)],
               [("late", "b", "2-0-0"), ("a", "c", "2-1-0")]], late={"late": 2})
    late = by_id(standings(s))["late"]
    assert (late.points, late.record) == (3, "1-2-0")
    assert late.mw == F(3, 9)
    assert late.gw == F(1)
    assert late.opponents == ("b",)


def test_late_entry_with_only_missed_rounds_sits_at_the_floor():
    s = state(["a", "b", "late"], [[("a", "b", "2-0-0")]], late={"late": 2})
    late = by_id(standings(s))["late"]
    assert (late.points, late.record, late.mw, late.gw) == (0, "0-2-0", F(1, 3), F(1, 3))
    assert late.opponents == ()


def test_bye_assigned_in_advance_counts_like_any_bye():
    # x had a bye assigned for round 1 (a 2-0-0 bye match), then lost: like "BL"
    s = state(["x", "o1", "o2"], [[("x", None, None), ("o1", "o2", "2-0-0")],
                                  [("o2", "x", "2-0-0"), ("o1", None, None)]],
              byes={"x": 1})
    x = by_id(standings(s))["x"]
    assert (x.points, x.record, x.byes, x.mw, x.gw) == (3, "1-1-0", 1, F(3, 6), F(6, 12))
    assert x.opponents == ("o2",) and x.omw == F(1, 2)  # o2 went 1-1; the bye is left out
def test_standings_json_shape_and_full_precision():
    row = standings(state("abcde", FIVE))[0].to_json()
    assert list(row) == ["rank", "id", "name", "points", "record", "omw", "gw", "ogw"]
    assert row["omw"] == 11 / 18 and row["gw"] == 2 / 3
