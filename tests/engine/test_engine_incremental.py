"""4.1 continuous effects: recomputed only when something they read changed (the incremental
path) gives exactly what recomputing every card in play after every change gives (the
``continuous.full_recompute`` debug switch), on generated games with abilities and on
mutated ones that stop at an illegal line."""
from __future__ import annotations

import json

import pytest
from engine_helpers import generated_lines

from tourney.engine import Game, adjudicate, catalog_resolver, read_record
from tourney.engine.abilities.continuous import full_recompute
from tourney.engine.errors import GameOver, IllegalAction
from tourney.engine.positions import positions

SEEDS = range(7000, 7040)


def _fingerprint(game: Game) -> tuple:
    """Everything continuous effects decide, card by card, plus where every card is."""
    game.settle()
    return tuple((i.id, i.zone, i.controller, sorted(i.kw), game.strength(i), i.lost)
                 for i in game.cards.values())


def _trace(record) -> list:
    game = Game(record.header)
    out = [_fingerprint(game)]
    for action in record.actions:
        try:
            game.apply(action)
        except (IllegalAction, GameOver) as exc:
            out.append(("illegal", str(exc)))
            break
        out.append(_fingerprint(game))
    return out


def _both(fn):
    try:
        full_recompute(True)
        full = fn()
    finally:
        full_recompute(False)
    return fn(), full


def _mutated(lines: list[str], seed: int) -> list[str]:
    """The same game with one Aliado entering later: the lines after it see other boards."""
    out = list(lines)
    for i, line in enumerate(out[1:], start=1):
        obj = json.loads(line)
        if obj.get("do") == "play" and i + 3 < len(out) and (i + seed) % 3 == 0:
            out[i], out[i + 3] = out[i + 3], out[i]
            break
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_incremental_continuous_effects_match_full_recomputation(real_catalog, seed):
    resolve = catalog_resolver(real_catalog)
    lines = generated_lines(real_catalog, seed)
    for variant in (lines, _mutated(lines, seed)):
        incremental, full = _both(lambda v=variant: _trace(read_record(v, resolve)))
        assert incremental == full
        verdicts = _both(lambda v=variant: adjudicate(read_record(v, resolve)).dumps())
        assert verdicts[0] == verdicts[1]
        steps = _both(lambda v=variant: [p.to_json() for p in positions(read_record(v, resolve))])
        assert steps[0] == steps[1]


def test_generated_games_use_continuous_abilities(real_catalog):
    """The comparison above is not vacuous: some of its games have cards in play whose
    continuous abilities or conditional keywords are recomputed."""
    resolve = catalog_resolver(real_catalog)
    seen = 0
    for seed in SEEDS:
        record = read_record(generated_lines(real_catalog, seed), resolve)
        game = Game(record.header)
        for action in record.actions:
            game.apply(action)
            seen += bool(game.statics_in_play)
    assert seen > 0
