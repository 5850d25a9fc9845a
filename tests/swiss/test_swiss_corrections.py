"""tourney.swiss.corrections: the stages of a result and what a correction changes."""
from __future__ import annotations

import pytest

from tourney.swiss import SwissUserError
from tourney.swiss.corrections import (
    STAGE_AGREED, STAGE_CLOSED, STAGE_ENTERED, STAGE_OPEN, consequences, cut_winner_problem,
    final_order_consequences, order_changes, result_stage, with_result,
)
from swiss_factories import state


@pytest.mark.parametrize("final,agreed,later,finished,stage", [
    (False, False, False, False, STAGE_OPEN),
    (True, False, False, False, STAGE_ENTERED),
    (True, True, False, False, STAGE_AGREED),
    (True, True, True, False, STAGE_CLOSED),
    (True, False, False, True, STAGE_CLOSED),
    (False, False, False, True, STAGE_CLOSED),  # a finished event: every result
])
def test_result_stages(final, agreed, later, finished, stage):
    assert result_stage(final=final, players_agreed=agreed, later_round_paired=later,
                        event_finished=finished) == stage


FOUR = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", "2-1-0")],
                                    [("a", "c", "2-0-0"), ("b", "d", "2-0-0")]])


def test_a_correction_names_each_move_and_who_enters_and_leaves_the_cut():
    after = with_result(FOUR, 2, "a", "c", "0-2-0")
    lines = consequences(FOUR, after, cut_size=2, cut_started=True, later_rounds=[3])
    assert lines[0] == ("Cambia la clasificación del suizo: A: del 1.º al 2.º; B: del 2.º al "
                        "3.º; C: del 3.º al 1.º.")
    assert lines[1] == "Cambia el corte (Top 2): entra C; sale B."
    assert "no coincide con la nueva" in lines[2]
    assert lines[3].startswith("La ronda 3 ya se emparejó con los puntos anteriores")


def test_a_correction_that_only_reorders_the_cut_says_the_seeds_change():
    three = state(["a", "b", "c"], [[("a", "b", "2-0-0"), ("c", None, None)]])
    after = with_result(three, 1, "a", "b", "0-2-0")
    lines = consequences(three, after, cut_size=3)  # all three make it, in another order
    assert any(x.startswith("Cambia el orden del corte (Top 3)") for x in lines)


def test_a_correction_that_changes_nothing_says_so():
    same = with_result(FOUR, 1, "c", "d", "2-0-0")
    assert consequences(FOUR, same)[0].startswith("No cambia la clasificación del suizo")


def test_with_result_names_a_missing_table():
    with pytest.raises(SwissUserError, match="ronda 1: no hay una mesa"):
        with_result(FOUR, 1, "a", "d", "2-0-0")


def test_a_cut_winner_who_played_on_cannot_lose_the_match_afterwards():
    assert cut_winner_problem("2-0-0", "0-2-0", winner_played_on=True)
    assert cut_winner_problem("2-0-0", "2-1-0", winner_played_on=True) is None
    assert cut_winner_problem("2-0-0", "0-2-0", winner_played_on=False) is None


def test_order_changes_counts_what_it_does_not_name():
    moves = order_changes(list("abcdefghij"), list("jihgfedcba"), {}, limit=3)
    assert moves[:1] == ["a: del 1.º al 10.º"] and moves[-1] == "y 7 más"
    assert final_order_consequences(["a"], ["a"], {}) == ["No cambia la clasificación final."]
