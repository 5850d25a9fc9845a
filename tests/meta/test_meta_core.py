"""tourney.meta, the pure core: archetypes, the metagame of an event, points tables, league
standings and ratings."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from tourney.meta import (
    AllyLine,
    ArchetypeRule,
    EventResult,
    MetaError,
    Placement,
    PlayedMatch,
    RatedMatch,
    apply_aliases,
    archetype_of,
    check_alias,
    league_standings,
    load_rules,
    merge_metagames,
    metagame,
    parse_points,
    rate,
    seeding_order,
    wilson,
)

FORMATS = Path(__file__).resolve().parents[2] / "formats"
RACE = ArchetypeRule()


def allies(**races):
    return [AllyLine(race.replace("_", " "), n) for race, n in races.items()]


# -- archetypes ------------------------------------------------------------------------------

def test_a_deck_is_named_by_the_race_holding_most_of_its_allies():
    assert archetype_of(allies(Dragón=16, Faerie=4), RACE) == "Dragón"


def test_two_races_together_name_the_deck_when_neither_holds_enough_alone():
    assert archetype_of(allies(Faerie=9, Dragón=9, Eterno=2), RACE) == "Dragón / Faerie"


def test_a_deck_without_a_clear_group_is_mixed():
    assert archetype_of(allies(Faerie=5, Dragón=5, Eterno=5, Sombra=5), RACE) == "Mixto"


def test_a_deck_with_few_allies_is_named_as_such():
    assert archetype_of(allies(Dragón=3), RACE) == "Pocos Aliados"


def test_escuelas_elementales_names_the_school_of_its_races():
    rules = load_rules(FORMATS)
    school = rules.for_format("myl", "escuelas-elementales")
    assert school.by == "school"
    assert archetype_of(allies(Caballero=10, Sacerdote=8), school) == "Gremio de Paladines"
    assert rules.for_format("myl", "unificado").by == "race"


def test_games_without_races_leave_decks_unnamed_until_the_organizer_names_them():
    rule = load_rules(FORMATS).for_format("magic", "magic-construido")
    assert archetype_of([], rule) == "Sin clasificar"


def test_renames_follow_each_other_and_merges_share_a_target():
    aliases = {"Dragón": "Dragones", "Dragón / Faerie": "Dragones", "Dragones": "Fuego"}
    assert apply_aliases("Dragón", aliases) == "Fuego"
    assert apply_aliases("Dragón / Faerie", aliases) == "Fuego"
    assert apply_aliases("A", {"A": "B", "B": "A"}) == "B"  # a loop stops


def test_a_rename_is_trimmed_and_bounded():
    assert check_alias("  Dragón ", "Dragones  de Fuego") == ("Dragón", "Dragones de Fuego")
    with pytest.raises(MetaError, match="vacío"):
        check_alias("Dragón", "  ")
    with pytest.raises(MetaError, match="60 caracteres"):
        check_alias("Dragón", "x" * 61)


# -- the metagame ----------------------------------------------------------------------------

DECKS = {"p1": "Dragón", "p2": "Dragón", "p3": "Faerie", "p4": "Faerie", "p5": "Sombra",
         "p6": "Dragón"}
MATCHES = [
    PlayedMatch("p1", "p3", 2, 1),   # Dragón beats Faerie
    PlayedMatch("p2", "p4", 0, 2),   # Faerie beats Dragón
    PlayedMatch("p5", "p6", 2, 0),   # Sombra beats Dragón
    PlayedMatch("p1", "p2", 2, 0),   # Dragón mirror
    PlayedMatch("p3", "p5", 1, 1, 1),  # Faerie draws Sombra
    PlayedMatch("p4", "p6", 2, 1),   # Faerie beats Dragón
]


def test_the_matchup_matrix_matches_a_count_by_hand():
    meta = metagame(DECKS, MATCHES)
    # by hand: Dragón vs Faerie: p1 won 2-1, p2 lost 0-2, p6 lost 1-2 → 1-2-0, games 3-5
    cell = meta.cell("Dragón", "Faerie")
    assert (cell.wins, cell.losses, cell.draws, cell.games_won, cell.games_lost) == (1, 2, 0, 3, 5)
    back = meta.cell("Faerie", "Dragón")
    assert (back.wins, back.losses, back.games_won, back.games_lost) == (2, 1, 5, 3)
    # Dragón vs Sombra: p6 lost 0-2
    assert (meta.cell("Dragón", "Sombra").losses, meta.cell("Dragón", "Sombra").games_lost) == (1, 2)
    # Faerie vs Sombra: one draw 1-1-1
    fs = meta.cell("Faerie", "Sombra")
    assert (fs.draws, fs.games_won, fs.games_lost, fs.games_drawn, fs.win_rate) == (1, 1, 1, 1, 0.5)
    # the mirror is on the diagonal and only there
    assert meta.cell("Dragón", "Dragón").matches == 1
    assert meta.matches == 6


def test_an_archetypes_win_rate_leaves_out_its_mirrors():
    rows = {r.name: r for r in metagame(DECKS, MATCHES).rows}
    dragon = rows["Dragón"]
    assert dragon.mirrors == 1
    assert (dragon.record.wins, dragon.record.losses, dragon.record.draws) == (1, 3, 0)
    assert dragon.record.win_rate == pytest.approx(0.25)
    assert rows["Faerie"].record.win_rate == pytest.approx((2 + 0.5) / 4)


def test_share_and_conversion_to_the_top_cut():
    meta = metagame(DECKS, MATCHES, top_cut={"p1", "p3", "p4", "p5"})
    rows = {r.name: r for r in meta.rows}
    assert [r.name for r in meta.rows] == ["Dragón", "Faerie", "Sombra"]
    assert rows["Dragón"].share == pytest.approx(0.5) and rows["Dragón"].conversion == pytest.approx(1 / 3)
    assert rows["Faerie"].conversion == 1.0
    assert metagame(DECKS, MATCHES).rows[0].conversion is None  # no cut: nothing to convert


def test_the_interval_of_a_small_sample_is_wide():
    low, high = wilson(1, 1)
    assert low < 0.25 and high == 1.0
    low, high = wilson(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 2), st.integers(0, 2),
                          st.integers(0, 1)), max_size=40))
def test_every_non_mirror_match_is_counted_once_from_each_side(raw):
    decks = {str(i): "ABC"[i % 3] for i in range(6)}
    matches = [PlayedMatch(str(a), str(b), ga, gb, d) for a, b, ga, gb, d in raw if a != b]
    meta = metagame(decks, matches)
    for x in meta.names:
        for y in meta.names:
            c, r = meta.cell(x, y), meta.cell(y, x)
            if x != y:
                assert (c.wins, c.losses, c.draws) == (r.losses, r.wins, r.draws)
    assert sum(r.record.matches for r in meta.rows) == 2 * sum(
        1 for m in matches if decks[m.a] != decks[m.b])


def test_a_season_adds_the_events_up():
    one = metagame(DECKS, MATCHES)
    both = merge_metagames([one, one])
    assert both.players == 12 and both.matches == 12
    assert both.cell("Dragón", "Faerie").wins == 2
    assert both.rows[0].share == pytest.approx(0.5)


# -- points tables ---------------------------------------------------------------------------

def test_the_default_points_table_is_valid():
    table = parse_points((FORMATS / "_league_points.toml").read_text(encoding="utf-8"))
    assert table.for_place(1) == 10 and table.for_place(40) == table.participation


def test_a_points_table_with_a_gap_is_refused_with_its_line():
    with pytest.raises(MetaError) as err:
        parse_points("[puntos]\n1 = 10\n2 = 8\n4 = 4\n")
    assert "línea 4" in err.value.message and "falta el puesto 3" in err.value.message


def test_a_points_table_with_a_negative_value_is_refused_with_its_line():
    with pytest.raises(MetaError) as err:
        parse_points("participacion = 0\n\n[puntos]\n1 = 10\n2 = -3\n")
    assert "línea 5" in err.value.message and "negativos" in err.value.message


def test_a_points_table_with_an_unknown_placement_is_refused_with_its_line():
    with pytest.raises(MetaError) as err:
        parse_points('[puntos]\n1 = 10\n"campeón" = 3\n')
    assert "línea 3" in err.value.message and "no es un puesto" in err.value.message


def test_a_points_table_with_an_unknown_tiebreaker_or_key_is_refused():
    with pytest.raises(MetaError, match="línea 1: desempate desconocido"):
        parse_points('desempates = ["suerte"]\n[puntos]\n1 = 1\n')
    with pytest.raises(MetaError, match="línea 1: clave desconocida"):
        parse_points('premio = 3\n[puntos]\n1 = 1\n')
    with pytest.raises(MetaError, match="TOML inválido"):
        parse_points('[puntos]\n1 = \n')


# -- league standings ------------------------------------------------------------------------

TABLE = parse_points('desempates = ["mejor_puesto", "porcentaje_partidas"]\nparticipacion = 1\n'
                     '[puntos]\n1 = 5\n2 = 3\n3 = 2\n')


def test_league_points_add_up_across_events_and_tiebreakers_order_equal_points():
    ev1 = EventResult(1, "Liga 1", (Placement("ana", "Ana", 1, 3, 0), Placement("beto", "Beto", 2, 2, 1),
                                    Placement("cata", "Cata", 3, 1, 2)))
    ev2 = EventResult(2, "Liga 2", (Placement("beto", "Beto", 1, 3, 0), Placement("cata", "Cata", 2, 2, 1),
                                    Placement("ana", "Ana", 4, 0, 3)))
    rows = league_standings([ev1, ev2], TABLE)
    assert [(r.name, r.points, r.rank) for r in rows] == [("Beto", 8, 1), ("Ana", 6, 2), ("Cata", 5, 3)]
    # Ana (3-3) and Dani (4-2) both 6 points, both won an event: the better match win % first
    ev3 = EventResult(3, "Liga 3", (Placement("dani", "Dani", 1, 3, 0), Placement("eli", "Eli", 3, 0, 0)))
    ev4 = EventResult(4, "Liga 4", (Placement("eli", "Eli", 2, 0, 0), Placement("dani", "Dani", 9, 1, 2)))
    rows = {r.key: r for r in league_standings([ev1, ev2, ev3, ev4], TABLE)}
    assert rows["dani"].points == rows["ana"].points == 6
    assert rows["dani"].rank < rows["ana"].rank
    assert rows["beto"].rank == 1


def test_players_equal_on_points_and_every_tiebreaker_share_a_rank():
    ev = EventResult(1, "A", (Placement("x", "Xavi", 7, 1, 1), Placement("y", "Yola", 8, 1, 1)))
    table = parse_points("participacion = 2\n[puntos]\n1 = 5\n")
    rows = league_standings([ev], parse_points('desempates = ["porcentaje_partidas"]\n[puntos]\n1 = 5\n'))
    assert [(r.name, r.rank) for r in rows] == [("Xavi", 1), ("Yola", 1)]
    assert table.for_place(7) == 2


def test_the_best_of_rule_counts_only_each_players_best_events():
    table = parse_points("mejores = 1\n[puntos]\n1 = 5\n2 = 3\n")
    ev1 = EventResult(1, "A", (Placement("ana", "Ana", 2),))
    ev2 = EventResult(2, "B", (Placement("ana", "Ana", 1),))
    (row,) = league_standings([ev1, ev2], table)
    assert row.points == 5 and [e.counted for e in row.events] == [False, True]


def test_the_rating_can_break_a_league_tie():
    table = parse_points('desempates = ["rating"]\n[puntos]\n1 = 1\n')
    ev = EventResult(1, "A", (Placement("x", "X", 5), Placement("y", "Y", 6)))
    rows = league_standings([ev], table, ratings={"x": 10.0, "y": 12.0})
    assert [r.key for r in rows] == ["y", "x"]


# -- ratings ---------------------------------------------------------------------------------

def test_a_won_match_raises_the_winner_and_lowers_the_loser():
    ratings, history = rate([RatedMatch(1, "a", "b", True)])
    assert ratings["a"].mu > 25 > ratings["b"].mu
    assert [(c.player, c.outcome) for c in history] == [("a", "G"), ("b", "P")]
    assert history[0].before.mu == 25 and history[0].after == ratings["a"]


def test_a_draw_between_equals_changes_no_mean():
    ratings, _ = rate([RatedMatch(1, "a", "b", None)])
    assert ratings["a"].mu == pytest.approx(25) and ratings["a"].sigma < 25 / 3


def test_ratings_seed_the_best_first():
    ratings, _ = rate([RatedMatch(1, "a", "b", True), RatedMatch(2, "a", "c", True)])
    assert seeding_order(["c", "b", "a", "new"], ratings)[0] == "a"
    assert seeding_order(["c", "b", "a", "new"], ratings)[-1] == "new"
