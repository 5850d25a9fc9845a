"""Issue 15, finding 5 (CLI): hostile input is unreadable input, exit 2 with a Spanish reason,
never the «unexpected error» exit 3 (documented codes: 0 ok / 1 rule violation / 2 unreadable)."""
from __future__ import annotations

import json

import pytest


@pytest.fixture
def runner():
    from tourney import create_app

    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": "sqlite://"}).test_cli_runner()


def test_a_5000_digit_number_in_a_json_state_exits_2_in_spanish(runner, tmp_path):
    path = tmp_path / "estado.json"
    path.write_text('{"players": [], "rounds": [], "seed": ' + "9" * 5000 + "}", encoding="utf-8")
    result = runner.invoke(args=["swiss", "pair", str(path)])
    assert result.exit_code == 2, result.output
    assert "más de 4300 cifras" in result.output
    assert "Exceeds" not in result.output


def test_deeply_nested_json_exits_2_in_spanish(runner, tmp_path):
    path = tmp_path / "estado.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = runner.invoke(args=["swiss", "standings", str(path)])
    assert result.exit_code == 2, result.output
    assert "anidada a demasiada profundidad" in result.output


def test_a_5000_digit_quantity_in_a_decklist_exits_2(runner, tmp_path):
    path = tmp_path / "lista.txt"
    path.write_text("1" * 5000 + " Kirin\n", encoding="utf-8")
    result = runner.invoke(args=["deck", "check", "--format", "magic-construido", str(path)])
    assert result.exit_code == 2, result.output
    assert "cantidad absurda" in result.output


def test_deck_check_of_thousands_of_unknown_names_exits_2_at_once(runner, tmp_path, shared_data):
    path = tmp_path / "lista.txt"
    path.write_text("\n".join(f"1 Zq{i}" for i in range(19_000)), encoding="utf-8")
    catalog = shared_data / "deckforge" / "public-data" / "cards.json"
    result = runner.invoke(args=["deck", "check", "--format", "unificado", "--catalog", str(catalog), str(path)])
    assert result.exit_code == 2, result.output
    assert "líneas con cartas" in result.output


def test_deck_check_with_too_many_unknown_names_under_the_line_limit_exits_2(runner, tmp_path, shared_data):
    from tourney.legality.decklist import MAX_UNKNOWN_NAMES

    path = tmp_path / "lista.txt"
    path.write_text("\n".join(f"1 Carta Inventada {i}" for i in range(MAX_UNKNOWN_NAMES + 5)), encoding="utf-8")
    catalog = shared_data / "deckforge" / "public-data" / "cards.json"
    result = runner.invoke(args=["deck", "check", "--format", "unificado", "--catalog", str(catalog), str(path)])
    assert result.exit_code == 2, result.output
    assert "nombres distintos que no están en el catálogo" in result.output


def test_unreadable_input_messages_name_the_reason():
    from tourney.cli.common import unreadable_message

    with pytest.raises(json.JSONDecodeError) as exc:
        json.loads("{")
    assert unreadable_message(exc.value).startswith("JSON inválido en la línea 1")
    assert unreadable_message(ValueError("cualquier otra cosa")) is None
