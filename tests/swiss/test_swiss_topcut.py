"""Recommended rounds (MTR Appendix E) and the single-elimination top cut."""
from __future__ import annotations

import pytest
from swiss_factories import state

from tourney.swiss import (
    Match,
    SwissUserError,
    bracket_order,
    champion,
    next_top_cut_round,
    recommended_rounds,
    standings,
    top_cut_pairings,
)


@pytest.mark.parametrize("players, rounds, cut", [
    (5, 3, 0), (8, 3, 0), (9, 5, 4), (16, 5, 4), (17, 5, 8), (32, 5, 8), (33, 6, 8),
    (64, 6, 8), (65, 7, 8), (128, 7, 8), (129, 8, 8), (226, 8, 8), (227, 9, 8),
    (409, 9, 8), (410, 10, 8), (600, 10, 8), (4096, 10, 8)])
def test_appendix_e_rounds_and_playoff_by_attendance(players, rounds, cut):
    plan = recommended_rounds(players)
    assert (plan.rounds, plan.top_cut) == (rounds, cut)


def test_fewer_than_five_players_is_our_extension_and_one_player_is_refused():
    assert recommended_rounds(4).rounds == 2 and recommended_rounds(2).rounds == 1
    with pytest.raises(SwissUserError):
        recommended_rounds(1)


def test_appendix_e_top_8_pairs_1v8_4v5_2v7_3v6():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    ids = [f"s{i}" for i in range(1, 9)]
    got = [(m.a, m.b) for m in top_cut_pairings(ids, 8)]
    assert got == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]


def test_top_4_and_top_16_keep_the_same_bracket_shape():
    assert bracket_order(4) == [1, 4, 2, 3]
    order = bracket_order(16)
    assert order[:4] == [1, 16, 8, 9]
    assert all(order[i] + order[i + 1] == 17 for i in range(0, 16, 2))


def test_top_cut_is_seeded_from_standings_and_skips_dropped_players():
    s = state(["a", "b", "c", "d", "e"],
              [[("a", "b", "2-0-0"), ("c", "d", "2-0-0"), ("e", None, None)]], dropped=["c"])
    table = standings(s)
    seeds = [x.id for x in table if not x.dropped][:4]
    (m1, m2) = top_cut_pairings(table, 4)
    assert (m1.a, m1.b, m2.a, m2.b) == (seeds[0], seeds[3], seeds[1], seeds[2])


def test_winners_meet_in_bracket_order_until_the_champion():
    quarter = [Match("s1", "s8", "2-0-0"), Match("s4", "s5", "1-2-0"),
               Match("s2", "s7", "2-1-0"), Match("s3", "s6", "0-2-1")]
    semis = next_top_cut_round(quarter)
    assert [(m.a, m.b) for m in semis] == [("s1", "s5"), ("s2", "s6")]
    final = next_top_cut_round([Match("s1", "s5", "2-1-0"), Match("s2", "s6", "0-2-0")])
    assert [(m.a, m.b) for m in final] == [("s1", "s6")]
    assert champion([Match("s1", "s6", "1-2-0")]) == "s6"
    assert next_top_cut_round([Match("s1", "s6", "1-2-0")]) == []


def test_single_elimination_has_no_draws_and_needs_every_result():
    with pytest.raises(SwissUserError, match="mesa 1: en eliminación directa no hay empate"):
        next_top_cut_round([Match("a", "b", "1-1-0"), Match("c", "d", "2-0-0")])
    with pytest.raises(SwissUserError, match="mesa 2: falta el resultado"):
        next_top_cut_round([Match("a", "b", "2-0-0"), Match("c", "d", None)])


def test_top_cut_needs_enough_active_players():
    with pytest.raises(SwissUserError, match="no hay 8 jugadores"):
        top_cut_pairings(["a", "b", "c"], 8)
