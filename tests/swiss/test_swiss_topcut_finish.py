"""The finished top cut: the bracket with winners, the champion, and the final standings
(the cut first, by how far each player went, then the Swiss order)."""
from __future__ import annotations

import pytest

from tourney.swiss import Match, SwissUserError, next_top_cut_round, top_cut_pairings
from tourney.swiss.topcut import cut_bracket, cut_champion, final_standings

SWISS = [f"s{i}" for i in range(1, 11)]  # s1 first in the Swiss … s10 last
QUARTERS = [Match("s1", "s8", "2-0-0"), Match("s4", "s5", "1-2-0"),
            Match("s2", "s7", "2-1-0"), Match("s3", "s6", "0-2-1")]
SEMIS = [Match("s1", "s5", "2-1-0"), Match("s2", "s6", "0-2-0")]
FINAL = [Match("s1", "s6", "1-2-0")]


def _ids(places):
    return [(p.place, p.id, p.stage) for p in places]


def test_final_standings_put_the_champion_first_then_the_finalist_then_each_round():
    table = final_standings(SWISS, 8, [QUARTERS, SEMIS, FINAL])
    assert _ids(table)[:8] == [
        (1, "s6", "Campeón"), (2, "s1", "Finalista"),
        (3, "s2", "Semifinal"), (4, "s5", "Semifinal"),
        (5, "s3", "Cuartos de final"), (6, "s4", "Cuartos de final"),
        (7, "s7", "Cuartos de final"), (8, "s8", "Cuartos de final")]


def test_players_outside_the_cut_follow_in_swiss_order():
    table = final_standings(SWISS, 8, [QUARTERS, SEMIS, FINAL])
    assert _ids(table)[8:] == [(9, "s9", "Suizo"), (10, "s10", "Suizo")]


def test_losers_of_the_same_round_keep_their_swiss_order_not_their_seat():
    # s5 beat s4 and lost to s1; s2 lost to s6: both semifinal losers, s2 is higher in the Swiss
    table = final_standings(SWISS, 8, [QUARTERS, SEMIS, FINAL])
    semis = [p.id for p in table if p.stage == "Semifinal"]
    assert semis == ["s2", "s5"]


def test_a_cut_in_progress_puts_players_still_in_above_the_eliminated():
    table = final_standings(SWISS, 8, [QUARTERS, [Match("s1", "s5", "2-1-0"),
                                                  Match("s2", "s6", None)]])
    assert _ids(table)[:4] == [(1, "s1", "En juego"), (2, "s2", "En juego"),
                               (3, "s6", "En juego"), (4, "s5", "Semifinal")]
    assert cut_champion(8, [QUARTERS, SEMIS]) is None


def test_no_cut_played_is_the_swiss_order():
    assert [p.id for p in final_standings(SWISS, 8, [])] == SWISS


def test_bracket_carries_winners_forward_and_names_the_champion():
    first = top_cut_pairings(SWISS, 8)
    assert [(m.a, m.b) for m in first] == [(m.a, m.b) for m in QUARTERS]
    columns = cut_bracket(8, [QUARTERS])
    assert [s.winner for s in columns[0]] == ["s1", "s5", "s2", "s6"]
    assert [(s.a, s.b) for s in columns[1]] == [("s1", "s5"), ("s2", "s6")]
    assert [(s.a, s.b, s.winner) for s in columns[2]] == [(None, None, None)]
    assert [(m.a, m.b) for m in next_top_cut_round(QUARTERS)] == [("s1", "s5"), ("s2", "s6")]
    done = cut_bracket(8, [QUARTERS, SEMIS, FINAL])
    assert done[-1][0].winner == "s6" == cut_champion(8, [QUARTERS, SEMIS, FINAL])
    assert done[-1][0].result == "1-2-0"


def test_a_drawn_playoff_result_decides_nobody():
    columns = cut_bracket(4, [[Match("a", "d", "1-1-0"), Match("b", "c", "2-0-0")]])
    assert [s.winner for s in columns[0]] == [None, "b"]
    assert (columns[1][0].a, columns[1][0].b) == (None, "b")


def test_a_round_with_the_wrong_number_of_tables_is_refused():
    with pytest.raises(SwissUserError, match="debería tener 4 mesas"):
        cut_bracket(8, [SEMIS])
    with pytest.raises(SwissUserError, match="2, 4, 8 o 16"):
        cut_bracket(6, [QUARTERS])
