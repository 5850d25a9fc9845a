"""Issue 21, «Bad input»: a check the engine cannot make leaves the line *unverified*, never
illegal, and every unverified line names its reason — the rule it would check and what it
could not — in the verdict (``unverified_reasons``) and in its Spanish text. Real catalog
cards, compiler on; the helpers are those of ``test_engine_rules_verdicts``."""
from __future__ import annotations

import pytest

from test_engine_rules_verdicts import (
    deck,
    effect,
    end,
    header,
    legal,
    make_judge,
    put,
)
from engine_helpers import generated_lines

from tourney.engine import adjudicate, catalog_resolver, read_record


@pytest.fixture(scope="module")
def judge_real(real_catalog):
    return make_judge(catalog_resolver(real_catalog))


def reasons(v):
    return {r["line"]: (r["rule"], r["reason"]) for r in v.to_json()["unverified_reasons"]}


def test_unverified_a_line_without_source_says_it_names_no_card(judge_real):
    v = legal(judge_real(header(deck(), deck()), [put("A", "A1")]))
    assert v.unverified == (2,)
    assert reasons(v) == {2: ("6.5", "la línea no nombra la carta cuyo efecto es («source»)")}


def test_unverified_a_partly_compiled_card_names_the_sentence_the_compiler_does_not_read(judge_real):
    # Nosferatu: «Al final de la Fase de Vigilia oponente, el Aliado objetivo pierde su
    # habilidad y debe atacar este turno si puede» is not read
    v = legal(judge_real(header(deck("Nosferatu"), deck()),
                    [put("A", "A1"), end("A"), put("B", "B1"), end("B"),
                     effect("A", "A1", strength=[["B1", -1]])]))
    rule, why = reasons(v)[6]
    assert rule == "6.5" and "Nosferatu (A1)" in why and "Al final de la Fase de Vigilia" in why


def test_unverified_a_trigger_the_engine_does_not_follow_is_named_cocijo(judge_real):
    # Cocijo: «Cuando actives la habilidad de un Tótem, tu oponente Bota una carta»: the engine
    # does not announce an ability used straight by its effect line (6.3)
    v = legal(judge_real(header(deck("Cocijo"), deck()),
                    [put("A", "A1"), effect("A", "A1", mill={"B": 1})]))
    rule, why = reasons(v)[3]
    assert rule == "6.3" and "Cuando actives la habilidad de un Tótem" in why
    assert "línea 3 (regla 6.3" in v.describe()


def test_unverified_every_unverified_line_of_generated_games_has_a_reason(real_catalog):
    resolve = catalog_resolver(real_catalog)
    seen = 0
    for seed in (11, 12, 13):
        v = adjudicate(read_record(generated_lines(real_catalog, seed, max_turns=30), resolve))
        got = v.to_json()["unverified_reasons"]
        assert [r["line"] for r in got] == list(v.unverified)
        assert all(r["reason"] and r["reason"] != "el motor no pudo comprobarla" for r in got), got
        seen += len(got)
    assert seen > 0
