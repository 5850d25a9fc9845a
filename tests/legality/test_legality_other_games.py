"""Issue 7: Magic and Sky World TCG deck rules served by format files alone, no catalog needed."""
from __future__ import annotations

import json
import shutil

import pytest

from tourney.legality import (
    DEFAULT_FORMATS_DIR,
    NO_CATALOG_NOTE,
    load_formats,
    load_games,
    parse_decklist,
    validate,
)


def magic_text(main: dict[str, int], side: dict[str, int] = (), sb_prefix: dict[str, int] = ()) -> str:
    lines = ["Deck"] + [f"{q} {n}" for n, q in main.items()]
    lines += [f"SB: {q} {n}" for n, q in dict(sb_prefix).items()]
    if side:
        lines += ["", "Sideboard"] + [f"{q} {n}" for n, q in dict(side).items()]
    return "\n".join(lines)


BURN = {"Lightning Bolt": 4, "Goblin Guide": 4, "Monastery Swiftspear": 4, "Lava Spike": 4, "Rift Bolt": 4,
        "Skewer the Critics": 4, "Boros Charm": 4, "Searing Blaze": 4, "Eidolon of the Great Revel": 4,
        "Light Up the Stage": 4, "Inspiring Vantage": 4, "Sacred Foundry": 2, "Mountain": 14}  # 60
SIDEBOARD = {"Smash to Smithereens": 4, "Path to Exile": 4, "Kor Firewalker": 4, "Deflecting Palm": 3}  # 15


def magic(formats, text, fid="magic-construido"):
    fmt = formats[fid]
    return validate(parse_decklist(text, fmt.game), fmt, None)


def test_100_2_magic_construido_legal_deck_without_catalog(formats):
    verdict = magic(formats, magic_text(BURN, SIDEBOARD))
    assert verdict.legal, verdict.render()
    assert (verdict.castle_count, verdict.support_count) == (60, 15)
    assert verdict.notes == (NO_CATALOG_NOTE,)
    assert verdict.to_dict()["notes"] == ["sin catálogo: no se verificó la existencia de las cartas"]


def test_100_2_at_least_sixty_cards(formats):
    verdict = magic(formats, magic_text(dict(BURN, Mountain=13)))
    assert verdict.codes() == ["deck_size"]
    assert verdict.violations[0].rule.startswith("100.2")
    assert "tiene 59" in verdict.violations[0].message


def test_100_4_no_maximum_a_61_card_deck_is_legal(formats):
    verdict = magic(formats, magic_text(dict(BURN, Mountain=15)))
    assert verdict.legal and verdict.castle_count == 61


def test_100_2_four_copies_across_main_and_sideboard(formats):
    verdict = magic(formats, magic_text(BURN, {"Lightning Bolt": 1}))
    (violation,) = verdict.violations
    assert violation.code == "copies" and violation.cards == ("Lightning Bolt",)
    assert violation.hint == "quita 1 copia de Lightning Bolt: hay 4 en el mazo principal y 1 en el sideboard"
    # "SB:" lines count as sideboard too
    verdict = magic(formats, magic_text(BURN, sb_prefix={"Lightning Bolt": 2}))
    assert verdict.support_count == 2 and verdict.codes() == ["copies"]


def test_100_2_basic_lands_any_number_over_four(formats):
    deck = dict(BURN)
    deck.pop("Mountain")
    deck.pop("Sacred Foundry")
    text = magic_text(dict(deck, Mountain=8, Montaña=4, **{"Snow-Covered Mountain": 4}))
    verdict = magic(formats, text)
    assert verdict.legal, verdict.render()
    # a non-basic land over four is not
    verdict = magic(formats, magic_text(dict(BURN, **{"Sacred Foundry": 5, "Mountain": 11})))
    assert verdict.codes() == ["copies"]


def test_any_number_list_is_data_organizers_extend(formats, tmp_path):
    rats = {"Relentless Rats": 30, "Swamp": 30}
    assert magic(formats, magic_text(rats)).legal
    deck = {"Seven Dwarves": 7, "Mountain": 53}
    assert magic(formats, magic_text(deck)).codes() == ["copies"]
    fdir = tmp_path / "formats"
    shutil.copytree(DEFAULT_FORMATS_DIR, fdir)
    (fdir / "magic-casero.toml").write_text(
        'id = "magic-casero"\nname = "Magic casero"\nextends = "magic-construido"\n'
        '[copies]\nany_number = ["Seven Dwarves", "Mountain"]\n', encoding="utf-8")
    fmt = load_formats(fdir)["magic-casero"]
    assert validate(parse_decklist(magic_text(deck), fmt.game), fmt, None).legal


@pytest.mark.parametrize("size,legal", [(0, True), (15, True), (16, False)])
def test_sideboard_zero_to_fifteen(formats, size, legal):
    side = dict(SIDEBOARD)
    side["Deflecting Palm"] += size - 15
    if size == 0:
        side = {}
    verdict = magic(formats, magic_text(BURN, side))
    assert verdict.legal is legal, verdict.render()
    if not legal:
        assert verdict.codes() == ["side_size"] and "tiene 16" in verdict.violations[0].message


def test_100_3_magic_limitado_forty_cards_any_copies(formats):
    deck = {"Grizzly Bears": 9, "Forest": 17, "Giant Growth": 7, "Llanowar Elves": 7}  # 40
    verdict = magic(formats, magic_text(deck, {"Shock": 30}), "magic-limitado")
    assert verdict.legal, verdict.render()
    verdict = magic(formats, magic_text(dict(deck, Forest=16)), "magic-limitado")
    assert verdict.codes() == ["deck_size"] and verdict.violations[0].rule.startswith("100.3")


# ------------------------------------------------------------------ Sky World
def sky(formats, text):
    fmt = formats["skyworld"]
    return validate(parse_decklist(text, fmt.game), fmt)


def test_skyworld_fifty_cards_and_one_hero(formats):
    verdict = sky(formats, "Héroe: Morteus de la Reserva\nMazo\n20 Guardia del Alba\n30 Esencia Azul\n")
    assert verdict.legal, verdict.render()
    assert (verdict.castle_count, verdict.support_count) == (50, 1)
    assert verdict.resolved.support[0][0].name == "Morteus de la Reserva"
    assert verdict.notes == (NO_CATALOG_NOTE,)


def test_skyworld_49_cards_is_illegal(formats):
    verdict = sky(formats, "Héroe: Morteus de la Reserva\n19 Guardia del Alba\n30 Esencia Azul\n")
    assert verdict.codes() == ["deck_size"]
    assert "Sky World" in verdict.violations[0].rule


def test_skyworld_two_heroes_or_none_is_illegal(formats):
    verdict = sky(formats, "Mazo\n50 Guardia del Alba\nHéroe\nMorteus de la Reserva\nAria del Viento\n")
    assert verdict.codes() == ["side_size"]
    assert "exactamente 1 carta: tiene 2" in verdict.violations[0].message
    assert sky(formats, "50 Guardia del Alba\n").codes() == ["side_size"]


def test_game_section_names_are_used_in_messages(formats):
    assert formats["skyworld"].side_name == "Héroe"
    assert formats["magic-construido"].main_name == "Mazo principal"
    verdict = sky(formats, "49 Guardia del Alba\n")
    assert "El Mazo debe tener" in verdict.violations[0].message


# ------------------------------------------------------------------ CLI, with and without a catalog
def test_cli_checks_magic_without_database_or_catalog(runner, tmp_path):
    path = tmp_path / "burn.txt"
    path.write_text(magic_text(BURN, dict(SIDEBOARD, **{"Deflecting Palm": 4})), encoding="utf-8")
    result = runner.invoke(args=["deck", "check", "--format", "magic-construido", str(path), "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["castle_count"] == 60 and data["support_count"] == 16
    assert [v["code"] for v in data["violations"]] == ["side_size"]
    assert data["notes"] == ["sin catálogo: no se verificó la existencia de las cartas"]


def test_cli_optional_name_type_catalog_checks_names(runner, tmp_path):
    catalog = tmp_path / "cartas.csv"
    catalog.write_text("nombre,tipo\n" + "\n".join(f"{n},Carta" for n in (*BURN, *SIDEBOARD)) + "\n",
                       encoding="utf-8")
    path = tmp_path / "burn.txt"
    path.write_text(magic_text(BURN, SIDEBOARD), encoding="utf-8")
    args = ["deck", "check", "--format", "magic-construido", str(path), "--catalog", str(catalog), "--json"]
    result = runner.invoke(args=args)
    assert result.exit_code == 0, result.output
    assert "notes" not in json.loads(result.stdout)
    path.write_text(magic_text(dict(BURN, **{"Lightning Bolt": 3, "Lightnig Bolt": 1})), encoding="utf-8")
    result = runner.invoke(args=args)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [v["code"] for v in data["violations"]] == ["unknown_card"]
    assert "Lightning Bolt" in data["violations"][0]["hint"]


def test_games_toml_declares_which_games_the_rules_engine_adjudicates():
    """What the engine can judge is a capability of the game (games.toml `engine`), never a
    test of the game's name: only Mitos y Leyendas games are adjudicated."""
    games = load_games(DEFAULT_FORMATS_DIR)
    assert games["myl"].engine is True
    assert games["magic"].engine is False and games["skyworld"].engine is False


def test_the_game_meant_when_none_is_named_is_declared_in_games_toml(tmp_path):
    """A new league, the ratings and a format-less metagame use the game games.toml marks
    ``default = true`` (issue 27: no ``"myl"`` literal in the services); two defaults are an
    error naming the second."""
    from tourney.legality.errors import FormatError
    from tourney.legality.games import default_game

    assert default_game().id == "myl"
    two = ('[a]\nname = "A"\ndefault = true\n[a.main]\nname = "M"\n[a.side]\nname = "S"\n'
           '[b]\nname = "B"\ndefault = true\n[b.main]\nname = "M"\n[b.side]\nname = "S"\n')
    (tmp_path / "games.toml").write_text(two.replace("default = true\n[a.main]", "[a.main]"),
                                         encoding="utf-8")
    assert default_game(tmp_path).id == "b"
    (tmp_path / "games.toml").write_text(two, encoding="utf-8")
    with pytest.raises(FormatError) as err:
        default_game(tmp_path)
    assert err.value.key == "b" and "default" in err.value.message
