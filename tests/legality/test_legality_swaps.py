"""§11 Mazo de Soporte (tourney.legality.swaps): one test per paragraph of our reading, with
real cards (a legal Dragones list of Unificado and its Soporte) and the sizes of the format."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from legality_decks import DRAGON_CASTLE, DRAGON_SUPPORT, deck

from tourney.legality import swaps, validate
from tourney.legality.swaps import Deck, SwapError


@pytest.fixture()
def registered(formats, real_catalog) -> Deck:
    verdict = validate(deck(DRAGON_CASTLE, DRAGON_SUPPORT), formats["unificado"], real_catalog)
    assert verdict.legal, verdict.render()
    resolved = verdict.resolved
    return Deck.from_resolved({
        "castle": [{"code": c.code, "name": c.name, "qty": q} for c, q in resolved.castle],
        "support": [{"code": c.code, "name": c.name, "qty": q} for c, q in resolved.support]})


def test_11_an_event_may_require_the_mazo_de_soporte(formats, real_catalog):
    fmt = formats["unificado"]
    without = validate(deck(DRAGON_CASTLE), fmt, real_catalog)
    assert without.legal  # 0 cards is a size the format admits
    required = swaps.with_support_required(without, fmt, required=True)
    assert not required.legal and required.codes() == ["support_required"]
    assert "Mazo de Soporte (10 cartas)" in required.violations[0].message
    assert swaps.with_support_required(without, fmt, required=False).legal  # a league
    with_side = validate(deck(DRAGON_CASTLE, DRAGON_SUPPORT), fmt, real_catalog)
    assert swaps.with_support_required(with_side, fmt, required=True).legal


def test_11_applies_only_to_games_whose_side_is_a_mazo_de_soporte(formats):
    assert swaps.applies(formats["unificado"]) and swaps.applies(formats["genesis"])
    assert not swaps.applies(formats["magic-construido"])
    assert not swaps.applies(formats["skyworld"])


def test_11_game_one_is_played_with_the_registered_castillo(registered):
    recorded = {2: {"out": [{"code": next(iter(registered.castle)), "qty": 1}],
                    "in": [{"code": next(iter(registered.side)), "qty": 1}]}}
    assert swaps.deck_for_game(registered, recorded, 1) == registered
    assert swaps.deck_for_game(registered, recorded, 2) != registered


def test_11_swaps_are_one_for_one_and_keep_the_format_size(registered, formats):
    fmt = formats["unificado"]
    swap, after = swaps.check_swap(registered, 2, "2 Koto", "2 Karma", fmt)
    assert sum(after.castle.values()) == fmt.main_exact == 50
    assert sum(after.side.values()) == 10 and {e["qty"] for e in swap["out"]} == {2}
    with pytest.raises(SwapError, match="uno por uno: salen 2 y entran 1") as exc:
        swaps.check_swap(registered, 2, "2 Koto", "1 Karma", fmt)
    assert exc.value.field == "in_text"


def test_11_the_castillo_size_comes_from_the_format(registered, formats):
    # a format whose Castillo has 49 cards: a 50-card Castillo is refused after any swap
    small = replace(formats["unificado"], main_exact=49, _checkers={})
    with pytest.raises(SwapError, match="debe tener 49"):
        swaps.check_swap(registered, 2, "1 Koto", "1 Karma", small)


def test_11_at_most_as_many_cards_change_as_the_soporte_holds(registered, formats):
    assert swaps.max_swaps(formats["unificado"]) == 10
    swaps.check_swap(registered, 2, "10 Go", "3 Garras de Balam\n3 Karma\n3 Danza Macabra\n"
                     "1 Kirin", formats["unificado"])  # the whole Soporte: allowed
    five = replace(formats["unificado"], side_sizes=(0, 5), _checkers={})
    with pytest.raises(SwapError, match="de 0 a 5 cartas cada vez; pides 6") as exc:
        swaps.check_swap(registered, 2, "6 Go", "3 Garras de Balam\n3 Karma", five)
    assert exc.value.field == "out_text"


def test_11_only_cards_registered_with_the_deck_come_in(registered, formats):
    with pytest.raises(SwapError, match="«Dragón Feérico» no está en el Mazo de Soporte") as exc:
        swaps.check_swap(registered, 2, "1 Koto", "1 Dragón Feérico", formats["unificado"])
    assert exc.value.field == "in_text"
    with pytest.raises(SwapError, match="pides 4 × Karma pero en el Mazo de Soporte hay 3"):
        swaps.check_swap(registered, 2, "4 Koto", "4 Karma", formats["unificado"])


def test_11_before_game_three_a_card_swapped_out_may_return(registered, formats):
    fmt = formats["unificado"]
    swap2, after2 = swaps.check_swap(registered, 2, "1 Koto", "1 Karma", fmt)
    _swap3, after3 = swaps.check_swap(after2, 3, "1 Karma", "1 Koto", fmt)
    assert after3.castle == registered.castle
    assert swaps.deck_for_game(registered, {2: swap2}, 3) == after2


def test_11_swaps_are_made_before_game_two_or_three_only(registered, formats):
    with pytest.raises(SwapError, match="antes del juego 2 o del juego 3") as exc:
        swaps.check_swap(registered, 1, "1 Koto", "1 Karma", formats["unificado"])
    assert exc.value.field == "game"


def test_11_copy_limits_keep_holding_for_the_castillo_that_results(registered, formats,
                                                                   real_catalog):
    # Karma: 3 in the Soporte; with a fourth copy in the Castillo the limit of 3 breaks
    fmt = formats["unificado"]
    karma = next(code for code, name in registered.names.items() if name == "Karma")
    four = Deck(registered.castle + Counter({karma: 1}), registered.side, registered.names)
    assert any("Karma" in p for p in swaps.castle_problems(four, fmt, real_catalog))
    assert swaps.castle_problems(registered, fmt, real_catalog) == []


def test_11_a_line_that_cannot_be_read_names_its_line(registered, formats):
    with pytest.raises(SwapError, match="Salen del Castillo, línea 2: cantidad 0"):
        swaps.check_swap(registered, 2, "1 Koto\n0 Go", "1 Karma", formats["unificado"])


def test_deck_check_lists_every_difference_with_the_expected_deck(registered, real_catalog):
    castle, side, names = swaps.counted_deck(
        "Mazo Castillo\n" + "\n".join(f"{q} {n}" for n, q in DRAGON_CASTLE.items()
                                      if n != "Koto") + "\n9 Koto\n"
        "Mazo de Soporte\n" + "\n".join(f"{q} {n}" for n, q in DRAGON_SUPPORT.items()),
        real_catalog, registered.names)
    diffs = swaps.compare(registered, castle, side, names)
    assert [d["message"] for d in diffs] == [
        "Mazo Castillo: faltan 1 × Koto (esperadas 10, contadas 9)",
        "Mazo Castillo: 49 cartas contadas, se esperaban 50"]
    assert swaps.compare(registered, registered.castle, registered.side, registered.names) == []
