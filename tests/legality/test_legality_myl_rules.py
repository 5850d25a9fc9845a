"""Deck construction rules common to every constructed Mitos y Leyendas format (seed 000),
one test per rule paragraph, on real cards of the DeckForge catalog."""
from __future__ import annotations

import pytest
from legality_decks import DRAGON_CASTLE, DRAGON_SUPPORT, deck

from tourney.legality import validate, validate_resolved


def codes(verdict):
    return verdict.codes()


def only(verdict, code):
    found = [v for v in verdict.violations if v.code == code]
    assert found, f"sin violación {code}: {verdict.render()}"
    return found


def test_legal_dragon_deck_is_legal_in_unificado_and_escuelas_elementales(formats, real_catalog):
    for fid in ("unificado", "escuelas-elementales"):
        verdict = validate(deck(DRAGON_CASTLE, DRAGON_SUPPORT), formats[fid], real_catalog)
        assert verdict.legal, verdict.render()
        assert (verdict.castle_count, verdict.support_count) == (50, 10)


@pytest.mark.parametrize("golds", [9, 11])
def test_3_1_mazo_castillo_exactly_50_cards(formats, real_catalog, dragon_castle, golds):
    dragon_castle["Go"] = golds
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "deck_size")
    assert violation.rule == "3.1 Mazo Castillo"
    assert f"tiene {40 + golds}" in violation.message
    assert ("agrega 1 carta" if golds == 9 else "quita 1 carta") in violation.hint
    assert codes(verdict) == ["deck_size"]


@pytest.mark.parametrize("size,legal", [(0, True), (10, True), (5, False), (11, False), (1, False)])
def test_11_mazo_de_soporte_exactly_0_or_10_cards(formats, real_catalog, size, legal):
    pool = ["Garras de Balam", "Karma", "Danza Macabra", "Rapto de Proserpina"]
    support = {}
    left = size
    for name in pool:
        take = min(3, left)
        if take:
            support[name] = take
        left -= take
    verdict = validate(deck(DRAGON_CASTLE, support), formats["unificado"], real_catalog)
    assert verdict.support_count == size
    assert verdict.legal is legal, verdict.render()
    if not legal:
        (violation,) = only(verdict, "side_size")
        assert violation.rule == "11 Mazo de Soporte"
        assert f"tiene {size}" in violation.message


def test_10_13_copias_three_copies_across_castle_and_support(formats, real_catalog, dragon_support):
    dragon_support["Garras de Balam"] = 2
    dragon_support["Carbón"] = 1  # 3 in the Castillo + 1 in the Soporte
    verdict = validate(deck(DRAGON_CASTLE, dragon_support), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "copies")
    # 10.13 sets the limit, 11 says it counts the Castillo and the Soporte together
    assert violation.rule == "10.13 Copias; 11 Mazo de Soporte"
    assert violation.cards == ("Carbón",)
    assert violation.hint == "quita 1 copia de Carbón: hay 3 en el Castillo y 1 en el Soporte"
    assert codes(verdict) == ["copies"]


def test_10_13_copias_four_in_the_castle_alone(formats, real_catalog, dragon_castle):
    dragon_castle["Carbón"] = 4
    dragon_castle["Go"] = 9
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    assert codes(verdict) == ["copies"]
    assert "hay 4" in verdict.violations[0].message
    assert verdict.violations[0].rule == "10.13 Copias"  # nothing in the Soporte: 11 not cited


def test_10_13_copias_unica_one_copy_across_castle_and_support(formats, real_catalog, dragon_castle):
    dragon_castle["Go"] = 9
    dragon_castle["Kirin"] = 1  # Kirin is Única; one more in the Soporte
    verdict = validate(deck(dragon_castle, DRAGON_SUPPORT), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "unique")
    assert violation.rule == "10.13 Copias: cartas Únicas; 11 Mazo de Soporte"
    assert "Única" in violation.message
    assert violation.hint == "quita 1 copia de Kirin: hay 1 en el Castillo y 1 en el Soporte"


def test_10_13_copias_mercenario_any_number(formats, real_catalog, dragon_castle):
    # Dodu (Legado Gótico) has Mercenario: no copy limit
    dragon_castle.pop("Seps")
    dragon_castle["Go"] = 7
    dragon_castle["Dodu"] = 6
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    assert "copies" not in codes(verdict)
    assert verdict.legal, verdict.render()


def test_2_5_oros_sin_habilidad_any_number(formats, real_catalog):
    verdict = validate(deck(DRAGON_CASTLE), formats["unificado"], real_catalog)
    assert verdict.legal
    gold = dict(DRAGON_CASTLE, Go=20)
    gold.pop("Koto")
    verdict = validate(deck(gold), formats["unificado"], real_catalog)
    assert verdict.legal, verdict.render()


def test_2_5_oros_con_habilidad_three_copies(formats, real_catalog, dragon_castle):
    # Carmina Burana is an Oro with an ability: at most 3 copies
    dragon_castle["Koto"] = 6
    dragon_castle["Carmina Burana"] = 4
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "copies")
    assert violation.rule.startswith("2.5 Oros")
    assert "Oro con habilidad" in violation.message
    dragon_castle["Carmina Burana"], dragon_castle["Koto"] = 3, 7
    assert validate(deck(dragon_castle), formats["unificado"], real_catalog).legal


def test_2_5_oros_con_habilidad_unica_one_copy(formats, real_catalog, dragon_castle):
    # Mochuelo is an Oro con habilidad and Única
    dragon_castle["Koto"] = 8
    dragon_castle["Mochuelo"] = 2
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    assert codes(verdict) == ["unique"]


def test_oro_inicial_needs_an_oro_sin_habilidad_in_the_castle(formats, real_catalog, dragon_castle):
    dragon_castle.pop("Go")
    dragon_castle.pop("Koto")
    dragon_castle.update({"Carmina Burana": 3, "Áquila Imperialis": 3, "Velificatio": 3, "Laura": 3,
                          "Rudi": 3, "Sello de Salomón": 3, "Draupnir": 2})
    verdict = validate(deck(dragon_castle, {"Go": 10}), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "initial_gold")
    assert violation.rule == "3.2 Reserva de Oro: Oro inicial"
    assert codes(verdict) == ["initial_gold"]


def test_10_13_copias_reprints_are_one_card(formats, real_catalog, dragon_castle):
    # Amphisbaena: DO-047 (Milenaria), DO-052 and EE-128 are one card for copy limits
    dragon_castle.pop("Seps")
    dragon_castle["Amphisbaena (DO-047)"] = 2
    dragon_castle["Amphisbaena (EE-128)"] = 2
    dragon_castle["Go"] = 9
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "copies")
    assert violation.cards == ("Amphisbaena",)
    assert "hay 4" in violation.message


def test_11_mazo_de_soporte_obeys_the_format_restrictions(formats, real_catalog, dragon_support):
    # a banned card only in the Soporte is still banned
    dragon_support.pop("Kirin")
    dragon_support["Gris-Gris"] = 1
    verdict = validate(deck(DRAGON_CASTLE, dragon_support), formats["escuelas-elementales"], real_catalog)
    (violation,) = only(verdict, "banned")
    assert violation.cards == ("Gris-Gris",)
    assert "1 en el Soporte" in violation.hint


def test_same_card_on_two_lines_is_merged_not_double_reported(formats, real_catalog):
    text = "\n".join(["Mazo Castillo"] + [f"{q} {n}" for n, q in DRAGON_CASTLE.items()] + ["2 Carbón"])
    from tourney.legality import parse_decklist

    parsed = parse_decklist(text)
    carbon = [e for e in parsed.main if e.name == "Carbón"]
    assert len(carbon) == 1 and carbon[0].quantity == 5 and len(carbon[0].lines) == 2
    verdict = validate(parsed, formats["unificado"], real_catalog)
    assert codes(verdict).count("copies") == 1
    copies = only(verdict, "copies")[0]
    assert copies.lines == carbon[0].lines


def test_unknown_card_is_reported_with_suggestions(formats, real_catalog, dragon_castle):
    dragon_castle.pop("Carbón")
    dragon_castle["Carbon Negro"] = 3
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "unknown_card")
    assert violation.cards == ("Carbon Negro",)
    assert "Carbón" in violation.hint
    assert verdict.castle_count == 50  # still counted


def test_ambiguous_name_lists_candidates_with_codes_and_code_chooses(formats, real_catalog, dragon_castle):
    dragon_castle["Go"] = 8
    dragon_castle["Shuri"] = 2
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    (violation,) = only(verdict, "ambiguous_card")
    assert "BU-218" in violation.message and "DO-213" in violation.message
    assert "(" in violation.hint
    dragon_castle.pop("Shuri")
    dragon_castle["Shuri (DO-213)"] = 2
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    assert verdict.legal, verdict.render()
    assert any(card.code == "DO-213" for card, _ in verdict.resolved.castle)


def test_every_violation_is_returned(formats, real_catalog, dragon_castle):
    dragon_castle["Carbón"] = 5  # copies
    dragon_castle["Kirin"] = 2  # Única
    dragon_castle["Nadie Sabe Quién"] = 1  # unknown
    support = {"Karma": 3, "Venatio": 2}  # Soporte of 5 and Venatio 3 + 2
    verdict = validate(deck(dragon_castle, support), formats["unificado"], real_catalog)
    assert set(codes(verdict)) == {"deck_size", "side_size", "copies", "unique", "unknown_card"}
    assert codes(verdict).count("copies") == 2
    for v in verdict.violations:
        assert v.code and v.rule and v.message and v.hint


def test_validate_resolved_checks_the_castle_after_swaps(formats, real_catalog):
    castle = [(real_catalog.resolve(name).card, qty) for name, qty in DRAGON_CASTLE.items()]
    support = [(real_catalog.resolve(name).card, qty) for name, qty in DRAGON_SUPPORT.items()]
    verdict = validate_resolved(castle, support, formats["unificado"], real_catalog)
    assert verdict.legal
    # swap 3 Karma in for 3 Go: still 50 + 10
    castle = [(c, q - 3 if c.name == "Go" else q) for c, q in castle] + [(real_catalog.resolve("Karma").card, 3)]
    support = [(c, 3 if c.name == "Karma" else q) for c, q in support if c.name != "Karma"] + [
        (real_catalog.resolve("Go").card, 3)]
    verdict = validate_resolved(castle, support, formats["unificado"], real_catalog)
    assert verdict.legal, verdict.render()
    # a wrong swap: 4 Karma in the Castillo
    castle.append((real_catalog.resolve("Karma").card, 1))
    verdict = validate_resolved(castle, support, formats["unificado"], real_catalog)
    assert set(codes(verdict)) == {"deck_size", "copies"}


def test_verdict_to_dict_has_the_issue_shape(formats, real_catalog, dragon_castle):
    dragon_castle["Carbón"] = 4
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    data = verdict.to_dict()
    assert set(data) == {"legal", "format", "castle_count", "support_count", "violations"}
    assert data["legal"] is False and data["format"] == "unificado"
    assert data["castle_count"] == 51 and data["support_count"] == 0
    for v, violation in zip(data["violations"], verdict.violations):
        assert set(v) == {"code", "rule", "message", "cards", "hint", "lines"}
        assert isinstance(v["cards"], list)
        assert v["lines"] == list(violation.lines)  # stored verdicts keep the lines at fault
    assert any(v["lines"] for v in data["violations"])  # Carbón is on a line of the list
    assert verdict.to_json() == data  # the same name as the engine's verdicts


def test_a_stored_violation_reads_back_with_its_lines_and_older_codes(formats, real_catalog,
                                                                      dragon_castle):
    from tourney.legality import Violation

    dragon_castle["Carbón"] = 4
    verdict = validate(deck(dragon_castle), formats["unificado"], real_catalog)
    stored = [v.to_dict() for v in verdict.violations]
    assert [Violation.from_dict(v) for v in stored] == list(verdict.violations)
    old = {"code": "support-required", "rule": "11 Mazo de Soporte", "message": "m", "cards": []}
    assert Violation.from_dict(old).code == "support_required" and Violation.from_dict(old).lines == ()


def test_resolved_deck_keeps_the_printing_each_line_names(formats, real_catalog):
    castle = dict(DRAGON_CASTLE, Go=7, **{"Fuku (BU-105)": 1, "Fuku (BU-023)": 2})
    verdict = validate(deck(castle), formats["unificado"], real_catalog)
    assert verdict.legal, verdict.render()
    fuku = {card.code: qty for card, qty in verdict.resolved.castle if card.name == "Fuku"}
    assert fuku == {"BU-105": 1, "BU-023": 2}
    assert sum(q for _c, q in verdict.resolved.castle) == 50


def test_quantity_in_words_is_reported_on_its_line_with_a_fix(formats, real_catalog, dragon_castle):
    from tourney.legality import parse_decklist

    text = "\n".join(f"{q} {n}" for n, q in dragon_castle.items() if n != "Seps") + "\ntres Seps\n"
    verdict = validate(parse_decklist(text), formats["unificado"], real_catalog)
    unknown = [v for v in verdict.violations if v.code == "unknown_card"]
    assert len(unknown) == 1 and unknown[0].lines == (12,)
    assert unknown[0].hint == "escribe la cantidad con cifras: «3 Seps»"


def test_3_2_the_oro_inicial_is_the_plain_oro_with_most_copies(real_catalog):
    from tourney.legality.rules import initial_gold_line

    card = {n: real_catalog.resolve(n).card for n in ("Kirin", "Go", "Koto")}
    assert initial_gold_line([(card["Kirin"], 3), (card["Go"], 8), (card["Koto"], 10)]) == 2
    assert initial_gold_line([(card["Kirin"], 3), (card["Go"], 10), (card["Koto"], 10)]) == 1
    assert initial_gold_line([(card["Kirin"], 3), (None, 47)]) is None  # no plain Oro
