"""Match structure and results live in the swiss core once (issue 27): best of three, and the one
reader of a result as typed at the desk."""
import pytest

from tourney.swiss import (MATCH_GAMES, PLAYOFF_BUTTONS, RESULT_BUTTONS, Result, SwissUserError,
                           parse_result, parse_typed_result)


def test_a_match_is_best_of_three():
    assert MATCH_GAMES == (1, 2, 3)


@pytest.mark.parametrize("typed, stored", [
    ("2-1", "2-1-0"), ("21", "2-1-0"), ("2-1-0", "2-1-0"), ("111", "1-1-1"), ("003", "0-0-3"),
    ("ID", "0-0-3"), (" id ", "0-0-3"), ("empate acordado", "0-0-3"),
])
def test_typed_results_read_as_a_b_d(typed, stored):
    assert parse_typed_result(typed) == parse_result(stored)


@pytest.mark.parametrize("typed", ["", "abc", "3-0", "2-2", "1234"])
def test_typed_results_out_of_best_of_three_are_refused_in_spanish(typed):
    with pytest.raises(SwissUserError):
        parse_typed_result(typed)


def test_every_result_button_is_a_valid_result_and_playoffs_have_no_draws():
    for _, stored in RESULT_BUTTONS:
        assert isinstance(parse_result(stored), Result)
    assert all(parse_result(stored).winner() is not None for _, stored in PLAYOFF_BUTTONS)
