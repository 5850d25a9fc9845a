"""Manual edits: swap, break a table, seat by hand, re-pair a round; each validated
and reported with its consequences in Spanish."""
from __future__ import annotations

import random

import pytest
from swiss_factories import state

from tourney.swiss import (
    Pairing,
    SwissUserError,
    break_match,
    pair_players,
    pair_round,
    repair_round,
    swap_players,
    validate_round,
)
from tourney.swiss.edits import _Facts, _renumber

# after round 1: a beat b, c beat d
S = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", "2-0-0")]])


def round_of(*pairs):
    return list(_renumber(_Facts(S), [Pairing(0, a, b) for a, b in pairs]))


def test_swap_that_creates_a_rematch_says_so():
    pairings = round_of(("a", "c"), ("b", "d"))
    result = swap_players(S, pairings, "c", "b")
    assert {(p.a, p.b) for p in result.pairings} == {("a", "b"), ("c", "d")}
    assert any("crea una revancha" in c and "ronda 1" in c for c in result.consequences)
    assert all("rematch" in p.flags for p in result.pairings)


def test_swap_reports_the_point_difference():
    result = swap_players(S, round_of(("a", "c"), ("b", "d")), "c", "d")
    assert any("diferencia de 3 puntos" in c for c in result.consequences)


def test_swap_within_one_table_is_refused():
    with pytest.raises(SwissUserError, match="misma mesa"):
        swap_players(S, round_of(("a", "c"), ("b", "d")), "a", "c")


def test_validate_round_finds_twice_seated_dropped_and_missing_players():
    dropped = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", "2-0-0")]],
                    dropped=["d"])
    bad = [Pairing(1, "a", "c"), Pairing(2, "a", "d")]
    check = validate_round(dropped, bad)
    text = " | ".join(check.errors)
    assert "ya juega en la mesa 1" in text
    assert "está retirado" in text
    assert "B está activo y no tiene mesa" in text
    assert not check.ok


def test_messages_name_players_by_name_and_add_the_id_only_to_tell_two_namesakes_apart():
    from dataclasses import replace

    twins = replace(S, players=tuple(replace(p, name="Ana") if p.id in ("b", "d") else p
                                     for p in S.players))
    text = " | ".join(validate_round(twins, [Pairing(1, "a", "c")]).errors)
    assert "Ana (b) está activo" in text and "Ana (d) está activo" in text
    text = " | ".join(validate_round(S, [Pairing(1, "a", "c")]).errors)
    assert "B está activo" in text and "(b)" not in text


def test_validate_round_refuses_a_bye_with_an_even_count():
    check = validate_round(S, [Pairing(1, "a", "c"), Pairing(2, "b", None), Pairing(3, "d", None)])
    assert any("como máximo uno" in e for e in check.errors)


def test_break_match_frees_both_players_and_pair_players_seats_them():
    pairings = round_of(("a", "c"), ("b", "d"))
    broken = break_match(S, pairings, 1)
    assert broken.unpaired == ("a", "c") and len(broken.pairings) == 1
    assert "quedan sin mesa" in broken.consequences[0]
    seated = pair_players(S, broken.pairings, "a", "c")
    assert validate_round(S, seated.pairings).ok


def test_break_match_warns_when_a_forbidden_pair_is_left_waiting_together():
    forbidden = state(["a", "b", "c", "d"], forbidden=[("a", "b")])
    pairings = list(_renumber(_Facts(forbidden), [Pairing(0, "a", "c"), Pairing(0, "b", "d")]))
    first = break_match(forbidden, pairings, 1)
    assert not any("pareja prohibida" in c for c in first.consequences)  # b is still seated
    second = break_match(forbidden, first.pairings, 1)
    assert any("A y B esperan mesa y son una pareja prohibida" in c
               for c in second.consequences)


def test_first_rounds_keeps_players_settings_and_forbidden_pairs():
    full = state(["a", "b", "c", "d"], [[("a", "b", "2-0-0"), ("c", "d", "2-0-0")]],
                 forbidden=[("a", "d")])
    before = full.first_rounds(0)
    assert before.rounds == () and before.forbidden_pairs == (("a", "d"),)
    assert before.players == full.players and before.settings == full.settings


def test_break_match_of_an_unknown_table_is_refused():
    with pytest.raises(SwissUserError, match="no existe la mesa 9"):
        break_match(S, round_of(("a", "c"), ("b", "d")), 9)


def test_repair_round_keeps_fixed_tables_and_pairs_the_rest():
    keep = round_of(("a", "b"))  # a forced rematch, kept on purpose
    result = repair_round(S, random.Random(0), keep=keep)
    assert {(p.a, p.b) for p in result.pairings} == {("a", "b"), ("c", "d")}
    assert any("crea una revancha" in c for c in result.consequences)
    assert validate_round(S, result.pairings).ok


def test_forbidden_avoided_flag_is_kept_after_an_edit():
    s = state(["a", "b", "c", "d"], forbidden=[("a", "b")])
    pairings = pair_round(s, random.Random(4))
    assert all("forbidden_avoided" in p.flags for p in pairings)
    x, y = pairings[0].b, pairings[1].b
    swapped = swap_players(s, pairings, x, y)
    for p in swapped.pairings:
        if {p.a, p.b} == {"a", "b"}:
            assert "forbidden_forced" in p.flags and "forbidden_avoided" not in p.flags
        else:
            assert "forbidden_avoided" in p.flags


def test_validate_round_counts_assigned_byes_apart():
    s = state(["a", "b", "c", "d", "e", "f"], byes={"a": 1, "b": 1})
    ok = [Pairing(1, "c", "d"), Pairing(2, "e", "f"), Pairing(3, "a", None),
          Pairing(4, "b", None)]
    assert validate_round(s, ok).ok
    # b gives up the assigned bye and plays: five others, so c may take the odd bye
    moved = [Pairing(1, "c", None), Pairing(2, "e", "f"), Pairing(3, "a", None),
             Pairing(4, "b", "d")]
    check = validate_round(s, moved)
    assert check.ok
    two = [Pairing(1, "c", None), Pairing(2, "d", None), Pairing(3, "e", "f"),
           Pairing(4, "a", None), Pairing(5, "b", None)]
    assert any("hay 2 byes en la ronda (sin contar los asignados de antemano)" in e
               for e in validate_round(s, two).errors)
    assert any("B tenía un bye asignado de antemano para la ronda 1 y ahora juega" in c
               for c in check.consequences)


def test_repair_round_keeps_assigned_byes():
    s = state(["a", "b", "c", "d", "e"], byes={"a": 1})
    result = repair_round(s, random.Random(1), keep=[Pairing(1, "b", "c")])
    rows = {p.a: p.flags for p in result.pairings if p.b is None}
    assert rows == {"a": ("bye", "assigned_bye")}
    assert validate_round(s, result.pairings).ok


def test_a_round_can_be_paired_again_only_before_any_result():
    from tourney.swiss import can_repair

    assert can_repair([(False, False), (True, True)])  # no result yet; a bye counts as none
    assert not can_repair([(False, False), (False, True)])  # one table reported
    assert can_repair([])
