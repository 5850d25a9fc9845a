"""Results (best of three) and the STATE.json format (docs/swiss-state.md)."""
from __future__ import annotations

import pytest

from tourney.swiss import Result, Settings, SwissUserError, TournamentState, parse_result


@pytest.mark.parametrize("text, parsed", [
    ("2-0-0", Result(2, 0, 0)), ("2-1-0", Result(2, 1, 0)), ("1-1-1", Result(1, 1, 1)),
    ("0-0-3", Result(0, 0, 3)), ("2-0-1", Result(2, 0, 1)), ("1-0-0", Result(1, 0, 0)),
    (" 0 - 2 - 0 ", Result(0, 2, 0))])
def test_best_of_three_results(text, parsed):
    assert parse_result(text) == parsed


@pytest.mark.parametrize("text, reason", [
    ("3-0-0", "nadie gana más de 2"), ("2-2-0", "ambos no pueden ganar 2"),
    ("0-0-0", "ningún juego"), ("0-0-4", "más de 3"), ("2-1", "se espera"),
    ("dos-cero-cero", "se espera")])
def test_invalid_results_are_refused_with_the_reason(text, reason):
    with pytest.raises(SwissUserError, match=reason):
        parse_result(text)


def test_result_winner_and_draw():
    assert Result(2, 1, 0).winner() == "a" and Result(0, 2, 1).winner() == "b"
    assert Result(1, 1, 1).winner() is None


STATE = {
    "players": [{"id": "p1", "name": "Ana", "dropped": False},
                {"id": "p2", "name": "Beto", "dropped": True},
                {"id": "p3", "name": "Carla", "dropped": False, "late_losses": 1}],
    "rounds": [[{"a": "p1", "b": "p2", "result": "2-1-0"}, {"a": "p3", "b": None, "result": None}]],
    "settings": {"win_points": 3, "draw_points": 1, "loss_points": 0, "rounds": 5,
                 "top_cut": 8},
    "forbidden_pairs": [["p1", "p3"]],
}


def test_state_json_round_trip():
    s = TournamentState.from_json(STATE)
    assert s.settings == Settings(rounds=5, top_cut=8)
    assert s.players[2].late_losses == 1 and s.players[1].dropped
    assert TournamentState.from_json(s.to_json()) == s
    assert s.to_json()["rounds"] == STATE["rounds"]


def test_malformed_state_names_round_table_and_reason_all_at_once():
    bad = {"players": [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Beto"}],
           "rounds": [[{"a": "p1", "b": "p9", "result": "2-0-0"}],
                      [{"a": "p1", "b": "p2", "result": "3-0-0"},
                       {"a": "p2", "b": None}]]}
    with pytest.raises(SwissUserError) as exc:
        TournamentState.from_json(bad)
    problems = exc.value.problems
    assert "ronda 1, mesa 1: jugador desconocido «p9» (lado b)" in problems
    assert any(p.startswith("ronda 2, mesa 1: resultado «3-0-0» inválido") for p in problems)
    assert "ronda 2, mesa 2: «p2» ya juega en la mesa 1 de esta ronda" in problems


@pytest.mark.parametrize("data, message", [
    ([], "se espera un objeto"),
    ({"players": [{"id": "p1"}, {"id": "p1"}]}, "jugador 2: el id «p1» está repetido"),
    ({"players": [{"id": "p1", "dropped": "no"}]}, "«dropped» debe ser true o false"),
    ({"players": [{"id": "p1"}], "settings": {"win": 3}}, "settings: claves desconocidas"),
    ({"players": [{"id": "p1"}], "settings": {"top_cut": 6}}, "«top_cut» 6"),
    ({"players": [{"id": "p1"}], "forbidden_pairs": [["p1", "p7"]]},
     "pareja prohibida 1: jugador desconocido «p7»"),
    ({"players": [{"id": "p1"}, {"id": "p2"}], "rounds": [[{"a": "p1", "b": None,
                                                            "result": "1-0-0"}]]},
     "ronda 1, mesa 1: un bye no lleva resultado"),
])
def test_state_problems_are_named(data, message):
    with pytest.raises(SwissUserError, match=message):
        TournamentState.from_json(data)


def test_assigned_byes_round_trip_and_validation():
    data = {"players": [{"id": "p1", "byes": 2}, {"id": "p2"}]}
    s = TournamentState.from_json(data)
    assert s.players[0].byes == 2 and s.players[1].byes == 0
    assert s.assigned_byes() == ["p1"]
    assert s.to_json()["players"][0]["byes"] == 2 and "byes" not in s.to_json()["players"][1]
    with pytest.raises(SwissUserError, match="jugador «p1»: «byes» debe ser un entero ≥ 0"):
        TournamentState.from_json({"players": [{"id": "p1", "byes": -1}]})


def test_a_result_is_told_from_either_players_side():
    result = Result.parse("2-1-0")
    assert str(result) == "2-1-0" and str(result.flipped()) == "1-2-0"
    assert result.words() == "Ganaste 2-1" and result.seen_by("b").words() == "Perdiste 1-2"
    assert Result.parse("1-1-1").words() == "Empate 1-1 (1 juego empatado)"
    assert Result.parse("0-0-3").seen_by("b").words() == "Empate 0-0 (3 juegos empatados)"
    assert result.short() == "2-1" and Result.parse("1-1-1").short() == "1-1-1"
