"""4.1 continuous effects with compiled abilities: skipping a recomputation because nothing
it reads changed (``abilities.reads``: the fingerprint of a fixed point) gives, after every
line of generated games, exactly what skipping only by the change counters gives, and the
same positions and verdicts as recomputing every card in play after every change
(``continuous.full_recompute``)."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from tourney.engine import Game, adjudicate, catalog_resolver, read_record
from tourney.engine.abilities import continuous
from tourney.engine.abilities.model import Ability, CardAbilities
from tourney.engine.abilities.condition import Condition
from tourney.engine.abilities.effect_value import Effect
from tourney.engine.abilities.target_filter import TargetFilter
from tourney.engine.abilities.reads import reads
from tourney.engine.memo import Memo
from tourney.engine.errors import GameOver, IllegalAction
from tourney.engine.generate import generate_game, random_deck
from tourney.engine.positions import positions
from tourney.engine.record import dumps_line

SEEDS = range(9100, 9160)


@pytest.fixture(scope="module")
def compiled(real):
    return real.catalog


def _lines(catalog, seed: int) -> list[str]:
    rng = random.Random(seed)
    cards = list(catalog)
    deck_a, deck_b = random_deck(cards, rng), random_deck(cards, rng)

    def name_of(c):
        return c.name if catalog.resolve(c.name).ok else f"{c.name} ({c.code})"

    objs = generate_game(deck_a, deck_b, seed, name_of, catalog_resolver(catalog))
    return [dumps_line(o) for o in objs]


def _cards(game: Game) -> tuple:
    game.settle()
    return (tuple((i.id, i.zone, i.controller, sorted(i.kw), game.strength(i), i.lost)
                  for i in game.cards.values()), sorted(game.race_given.items()))


def _trace(record) -> list:
    game = Game(record.header)
    out = [_cards(game)]
    for action in record.actions:
        try:
            game.apply(action)
        except (IllegalAction, GameOver) as exc:
            out.append(("illegal", str(exc)))
            break
        out.append(_cards(game))
    return out


def _run(fn, *, content=True, full=False):
    continuous.skip_by_content(content)
    continuous.full_recompute(full)
    try:
        return fn()
    finally:
        continuous.skip_by_content(True)
        continuous.full_recompute(False)


def _mutated(lines: list[str], seed: int) -> list[str]:
    """Two lines swapped: the game goes on from other boards (or stops at an illegal line)."""
    out = list(lines)
    if len(out) > 12:
        i = 2 + seed % (len(out) - 6)
        out[i], out[i + 3] = out[i + 3], out[i]
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_skipping_by_fingerprint_changes_no_card_position_or_verdict(compiled, seed):
    resolve = catalog_resolver(compiled)
    lines = _lines(compiled, seed)
    for variant in (lines, _mutated(lines, seed)):
        def trace(v=variant):
            return _trace(read_record(v, resolve))

        def verdict(v=variant):
            return adjudicate(read_record(v, resolve)).dumps()

        def steps(v=variant):
            return [p.to_json() for p in positions(read_record(v, resolve))]

        fast = _run(trace)
        assert fast == _run(trace, content=False)
        assert _run(verdict) == _run(verdict, content=False) == _run(verdict, full=True)
        assert _run(steps) == _run(steps, full=True)


def test_the_comparison_is_not_vacuous(compiled, monkeypatch):
    """In those games recomputations really are skipped by fingerprint (fewer run than with
    the counters alone), and compiled continuous abilities are in play."""
    resolve = catalog_resolver(compiled)
    runs = {True: 0, False: 0}
    inner = continuous._recompute
    mode = {"content": True}

    def counting(game):
        runs[mode["content"]] += 1
        inner(game)

    monkeypatch.setattr(continuous, "_recompute", counting)
    compiled_statics = 0
    for seed in SEEDS[:20]:
        record = read_record(_lines(compiled, seed), resolve)
        for content in (True, False):
            mode["content"] = content
            game = _run(lambda r=record: Game(r.header), content=content)
            continuous.skip_by_content(content)
            try:
                for action in record.actions:
                    game.apply(action)
                    compiled_statics += sum(
                        1 for iid in game.statics_in_play
                        if (known := game.cards[iid].abilities) is not None
                        and known.source == "compiler")
            finally:
                continuous.skip_by_content(True)
    assert compiled_statics > 0
    assert 0 < runs[True] < runs[False]


def _game_of(*abilities: Ability):
    """Just what ``reads`` looks at: the cards of a game and their abilities."""
    cards = {f"C{n}": SimpleNamespace(static=True, card=SimpleNamespace(type="Aliado"),
                                      abilities=CardAbilities(
        identity=f"c{n}", name=f"C{n}", abilities=(a,))) for n, a in enumerate(abilities)}
    return SimpleNamespace(cards=cards, memo=Memo())


ALLY_FILTER = TargetFilter(types=("Aliado",), controller="you")


def test_reads_a_strength_filter_with_a_strength_bonus_as_its_own_results_and_the_turn():
    """«Cada Aliado de Fuerza 2 o más no puede ser declarado atacante» next to «los Aliados
    que controles ganan 1 a la Fuerza»: which one goes first (7.1 D, the active player's)
    decides, so whose turn it is is read, and so is the Fuerza the other one gives."""
    found = reads(_game_of(
        Ability("continuous", effects=(Effect("cannot_attack", subject="each", filter=TargetFilter(
            types=("Aliado",), min_strength=2)),)),
        Ability("continuous", effects=(Effect("strength", subject="each", filter=ALLY_FILTER,
                                              amount=1),))))
    assert found is not None
    assert found.strength and found.active and found.types == frozenset({"Aliado"})
    alone = reads(_game_of(Ability("continuous", effects=(
        Effect("strength", subject="each", filter=ALLY_FILTER, amount=1),))))
    assert alone is not None and not alone.strength and not alone.active


def test_reads_whose_turn_it_is_from_a_condition_apart_from_the_order_of_the_sources():
    """7.1 D: «pierde sus habilidades» makes the order of the sources (the active player's
    first) matter, which whose turn it is decides only when both players control some;
    «durante tu turno» reads whose turn it is whoever controls what."""
    order = reads(_game_of(Ability("continuous", effects=(Effect(
        "lose_abilities", subject="each", filter=ALLY_FILTER),))))
    assert order is not None and order.active and not order.turn
    turn = reads(_game_of(Ability("keyword", keyword="Furia", condition=Condition("your_turn"))))
    assert turn is not None and turn.active and turn.turn


def test_reads_the_combat_and_the_lines_only_when_a_condition_looks_at_them():
    attacking = reads(_game_of(Ability("keyword", keyword="Furia",
                                       condition=Condition("attacking"))))
    assert attacking is not None and attacking.combat and attacking.zones
    weapon = reads(_game_of(Ability("keyword", keyword="Imbloqueable",
                                    condition=Condition("bears_weapon"))))
    assert weapon is not None and not weapon.combat and not weapon.zones and not weapon.phase


def test_cards_out_of_play_or_an_unknown_condition_turn_the_fingerprint_off():
    """A filter reaching the hand, or a condition kind this module was not written for:
    nothing is skipped by content in that game."""
    in_hand = _game_of(Ability("continuous", effects=(Effect("strength", subject="each",
                                                             filter=TargetFilter(zone="hand"),
                                                             amount=1),)))
    assert reads(in_hand) is None
    unknown = _game_of(Ability("keyword", keyword="Furia",
                               condition=Condition("happened_this_turn", event="drawn")))
    assert reads(unknown) is None


def test_a_strength_counted_per_card_in_play_reads_those_cards():
    """«gana 1 a la Fuerza por cada Aliado que controles»: the Aliados in play are part of
    what is compared, even though no filter hits them; counted out of play (the Cementerio),
    the count is in the key instead."""
    per_ally = reads(_game_of(Ability("continuous", effects=(Effect(
        "strength", subject="self", amount=1, amount_from="count", count_filter=ALLY_FILTER),))))
    assert per_ally is not None and per_ally.types == frozenset({"Aliado"})
    per_dead = reads(_game_of(Ability("continuous", effects=(Effect(
        "strength", subject="self", amount=1, amount_from="count",
        count_filter=TargetFilter(types=("Aliado",), zone="graveyard")),))))
    assert per_dead is not None and per_dead.types == frozenset()


def _short_lines(catalog, seed: int, turns: int) -> list[str]:
    rng = random.Random(seed)
    cards = list(catalog)
    deck_a, deck_b = random_deck(cards, rng), random_deck(cards, rng)

    def name_of(c):
        return c.name if catalog.resolve(c.name).ok else f"{c.name} ({c.code})"

    objs = generate_game(deck_a, deck_b, seed, name_of, catalog_resolver(catalog), max_turns=turns)
    return [dumps_line(o) for o in objs]


def test_fast_and_full_recompute_give_the_same_position_after_every_line_of_500_games(compiled):
    """4.1, as a property over 500 generated games (seeds 20000…20499; short ones, two to
    seven turns; one in three with two lines swapped so play goes on from boards the generator
    would not make): the incremental path (change counters, fingerprints, memoized keys) and
    recomputing every card after every change give the same cards, keywords, Fuerza and races
    after every line."""
    resolve = catalog_resolver(compiled)
    lines_checked = 0
    for seed in range(20000, 20500):
        rng = random.Random(seed)
        lines = _short_lines(compiled, seed, rng.randint(2, 7))
        if rng.randrange(3) == 0:
            lines = _mutated(lines, seed)
        fast = _run(lambda: _trace(read_record(lines, resolve)))
        assert fast == _run(lambda: _trace(read_record(lines, resolve)), full=True), seed
        lines_checked += len(fast)
    assert lines_checked > 500 * 10  # real games, not just their headers
