"""Properties of the validator on random decks of real cards, against a small independent oracle
of 10.13 Copias (limits by card identity across Castillo and Soporte)."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourney.legality import DeckList, validate


@pytest.fixture(scope="module")
def names(real_catalog):
    return sorted({c.name for c in real_catalog if real_catalog.resolve(c.name).ok})


def oracle_over_limit(catalog, main, side) -> set[str]:
    totals: Counter[str] = Counter()
    card_of = {}
    for name, qty in (*main, *side):
        card = catalog.resolve(name).card
        totals[card.identity] += qty
        card_of[card.identity] = card
    over = set()
    for identity, total in totals.items():
        card = card_of[identity]
        if card.plain_gold or card.mercenary:
            continue
        if total > (1 if card.unique else 3):
            over.add(card.name)
    return over


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_copies_match_an_independent_oracle_and_counts_add_up(data, names, real_catalog, formats):
    pick = st.tuples(st.sampled_from(names), st.integers(1, 5))
    main = data.draw(st.lists(pick, min_size=1, max_size=25))
    side = data.draw(st.lists(pick, max_size=6))
    deck = DeckList.from_pairs(main, side)
    verdict = validate(deck, formats["unificado"], real_catalog)
    assert verdict.castle_count == sum(q for _n, q in main)
    assert verdict.support_count == sum(q for _n, q in side)
    flagged = {v.cards[0] for v in verdict.violations if v.code in ("copies", "unique")}
    assert flagged == oracle_over_limit(real_catalog, main, side)
    assert verdict.legal == (not verdict.violations)
    for v in verdict.violations:
        assert v.code and v.rule and v.message and v.hint
    sizes_ok = verdict.castle_count == 50 and verdict.support_count in (0, 10)
    assert ("deck_size" in verdict.codes() or "side_size" in verdict.codes()) == (not sizes_ok)
