"""8.2 / 4.1 reading filters: the test made once per filter (``matcher.matcher``, only the
checks its fields set) says of every card exactly what ``mismatch`` says, for every filter
the compiled abilities of generated real-card games ask about while they are replayed."""
from __future__ import annotations

import pytest
from engine_helpers import generated_lines

from tourney.engine import Game, catalog_resolver, read_record
from tourney.engine.abilities import evaluate, matcher
from tourney.engine.abilities.target_filter import TargetFilter
from tourney.engine.errors import GameOver, IllegalAction

SEEDS = range(8300, 8312)


def _checked(monkeypatch) -> dict[str, int]:
    """Wrap the candidates look-up: before answering, compare both readings on every card."""
    seen = {"filters": 0, "cards": 0, "by_mismatch": 0}
    inner = evaluate._candidates

    def comparing(game, f, controller, source):
        test = matcher.matcher(f)
        if test is None:
            seen["by_mismatch"] += 1
        else:
            seen["filters"] += 1
            for inst in game.cards.values():
                fast = test(game, inst, controller, source)
                slow = evaluate.mismatch(game, f, inst, controller, source, False) is None
                assert fast == slow, (f, inst.label(), controller)
                seen["cards"] += 1
        return inner(game, f, controller, source)

    monkeypatch.setattr(evaluate, "_candidates", comparing)
    return seen


@pytest.mark.parametrize("seed", SEEDS)
def test_a_filters_test_matches_the_cards_mismatch_matches(real_catalog, monkeypatch, seed):
    seen = _checked(monkeypatch)
    record = read_record(generated_lines(real_catalog, seed), catalog_resolver(real_catalog))
    game = Game(record.header)
    for action in record.actions:
        try:
            game.apply(action)
        except (IllegalAction, GameOver):
            break
    assert seen["filters"] > 0 and seen["cards"] > 0  # not vacuous: filters were read


def test_every_field_mismatch_reads_is_tested_or_left_to_it(real_catalog):
    """A filter with a field the test is not made for (any_of, amounts, extreme…) has no
    test: ``mismatch`` answers for it; a zone set by default is still checked."""
    assert matcher.matcher(TargetFilter(any_of=(TargetFilter(types=("Aliado",)),))) is None
    assert matcher.matcher(TargetFilter(extreme="min_strength")) is None
    in_play = matcher.matcher(TargetFilter(types=("Aliado",)))
    assert in_play is not None
    record = read_record(generated_lines(real_catalog, SEEDS[0]), catalog_resolver(real_catalog))
    game = Game(record.header)
    in_hand = [i for i in game.cards.values() if i.zone == "hand" and i.card.type == "Aliado"]
    assert in_hand and not any(in_play(game, i, i.owner, None) for i in in_hand)
