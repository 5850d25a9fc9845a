"""Game.legal_actions (issue 24): every action it lists is accepted by apply, every action a
generated game applies is in it (where the engine knows the cards), listing changes nothing,
and what the engine cannot check is offered as a manual action."""
from __future__ import annotations

import copy
import json
import random
from itertools import islice

import pytest
from engine_helpers import POOL, card, generated_lines, header
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from tourney.catalog.model import TALISMAN
from tourney.engine import Game, adjudicate, catalog_resolver, read_record
from tourney.engine.generate import random_deck
from tourney.engine.play_random import play_random
from tourney.engine.record import dumps_line, read_action, read_header

SETTINGS = settings(max_examples=6, deadline=None, phases=(Phase.explicit, Phase.reuse,
                                                             Phase.generate),  # no shrinking: a
                    # failing game names its seed, and shrinking whole games takes minutes
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])
seeds = st.integers(min_value=0, max_value=2**32 - 1)

CONTRA = card("Contrahechizo", TALISMAN, 1, text="Anula un Talismán.")
ENIGMA = card("Enigma", TALISMAN, 1,
              text="Mira las dos primeras cartas del Mazo Castillo de tu oponente y ordénalas "
                   "como quieras.")
LOCAL = {**POOL, CONTRA.name: CONTRA, ENIGMA.name: ENIGMA}


def local_resolve(name):
    try:
        return LOCAL[name]
    except KeyError:
        raise LookupError("no está en el catálogo") from None


def local_game(a, b, hand=4):
    """Castles top first, padded with Oros below so that nobody runs out."""
    head, cards = read_header(header([*a, *["Oro"] * 10], [*b, *["Oro"] * 10], hand=hand),
                              local_resolve)
    return Game(head), cards


def act(game, cards, obj):
    game.apply(read_action(obj, 2, game.order, cards))


def random_game(catalog, seed):
    resolve = catalog_resolver(catalog)
    rng = random.Random(seed)
    cards = list(catalog)

    def name_of(c):
        return c.name if catalog.resolve(c.name).ok else f"{c.name} ({c.code})"

    objs, _ = play_random(random_deck(cards, rng), random_deck(cards, rng), seed, name_of,
                          resolve, max_actions=400)
    return [dumps_line(o) for o in objs], resolve


def fingerprint(game):
    zones = {pid: {z: list(ids) for z, ids in game.players[pid].zones.items()}
             for pid in game.order}
    castles = {pid: list(game.players[pid].castle) for pid in game.order}
    insts = sorted((i.id, i.zone, i.controller, sorted(i.counters.items()), i.bearer,
                    list(i.weapons), i.bonus) for i in game.cards.values())
    return json.dumps([zones, castles, insts, game.turn, game.active, game.phase,
                       game.priority, game.passes, game.gold_allowed, game.battle_done,
                       [repr(w) for w in game.windows], repr(game.pending),
                       sorted(game.resolutions), game.outcome and list(game.outcome)],
                      default=str)


# -- every listed action is accepted -------------------------------------------------
@SETTINGS
@given(seed=seeds)
def test_every_action_of_legal_actions_is_accepted_by_apply(real_catalog, seed):
    lines, resolve = random_game(real_catalog, seed)
    record = read_record(lines, resolve)
    game = Game(record.header)
    for n, action in enumerate(record.actions):
        if n % 9 == 0:
            for pid in game.order:
                for candidate in islice(game.legal_actions(pid, action.line), 12):
                    fork = copy.deepcopy(game)
                    fork.apply(candidate)  # raises IllegalAction if it was not legal
        game.apply(action)


def test_a_play_random_game_adjudicates_as_legal_and_repeats_with_its_seed(real_catalog):
    lines, resolve = random_game(real_catalog, 11)
    verdict = adjudicate(read_record(lines, resolve))
    assert verdict.legal and verdict.line is None
    assert verdict.actions == len(lines) - 1
    assert json.loads(lines[0])["version"] == 2
    assert random_game(real_catalog, 11)[0] == lines


# -- every applied action was listed ---------------------------------------------------
def _first_unlisted(real_catalog, seed):
    """The first applied action of generated game ``seed`` that ``legal_actions`` did not
    list (where the engine knows the cards), or None."""
    lines = generated_lines(real_catalog, seed)
    record = read_record(lines, catalog_resolver(real_catalog))
    game = Game(record.header)
    for action in record.actions:
        source = game.cards[action.source] if action.source else None
        known = source is None or (source.abilities is not None and source.abilities.complete)
        if action.do != "effect" or (source is not None and known):
            legal = game.legal_actions(action.p, action.line)
            # a line of an ability the engine says it does not follow is the player's to state
            stated = action.do == "effect" and any(
                m.source == action.source and m.verb == "effect" for m in legal.manual)
            if action not in legal and not stated:
                return action
        game.apply(action)
    return None


# derandomized: CI runs the same games every time (the misses below were found by running many
# seeds; each is kept as a strict xfail until legal_actions lists it)
@settings(SETTINGS, derandomize=True)
@given(seed=seeds)
@example(seed=412)  # Hidromiel: the same two targets named in another order
@example(seed=17704407)  # Renacer with targets ['B13', 'B11']
@example(seed=14476190)
@example(seed=396194)
def test_in_generated_games_every_applied_action_was_in_legal_actions(real_catalog, seed):
    unlisted = _first_unlisted(real_catalog, seed)
    assert unlisted is None, unlisted.to_json()


# seed 2335435112 (Tatuaje de Dragón «Destruye un Aliado con Furia»: its target not offered) no
# longer reaches that position since the generator pays the changed cost of a card (issue 22)
@pytest.mark.parametrize("seed", [
    2787324501,  # Pair Dadeni: the effect line of a delayed trigger («Hasta la Fase Final, cuando …»)
])
def test_generated_games_that_once_missed_an_action_now_list_it(real_catalog, seed):
    unlisted = _first_unlisted(real_catalog, seed)
    assert unlisted is None, unlisted.to_json()


def test_6_3_a_delayed_trigger_armed_by_its_talisman_is_a_listed_checked_action(real_catalog):
    """Pair Dadeni resolved this turn («Hasta la Fase Final, cuando un Aliado de Raza Bárbaro o
    Guerrero que controles sea Destruido, puedes ponerlo en tu mano»): the Talismán armed that
    trigger (abilities/delayed), so the line that resolves it is a legal action the engine lists
    and verifies, not a manual one. (Thorkell el Alto, A2, is a Guerrero.)"""
    from tests.compiler.games import deck, effect, gold, header as real_header, play, put
    head = real_header(deck("Pair Dadeni"), deck(), hand=1)
    lines = [json.dumps(x, ensure_ascii=False) for x in (
        head, gold("A", "A9"), play("A", "A1", ["A0", "A9"]), put("A", "A2"),
        put("A", "A2", zone="graveyard"), effect("A", "A1", moves=[["A2", "hand"]]))]
    record = read_record(lines, catalog_resolver(real_catalog))
    game = Game(record.header)
    *before, back = record.actions
    for action in before:
        game.apply(action)
    listed = game.legal_actions("A", 6)
    assert [m for m in listed.manual if m.source == "A1"] == []
    assert back in listed
    game.apply(back)
    assert 6 in game.verified and 6 not in game.unverified


def test_listing_the_legal_actions_leaves_the_position_as_it_was(real_catalog):
    lines = generated_lines(real_catalog, 5)
    record = read_record(lines, catalog_resolver(real_catalog))
    game = Game(record.header)
    for action in record.actions:
        before = fingerprint(game)
        for pid in game.order:
            legal = game.legal_actions(pid, action.line)
            legal.summary()
            list(islice(legal, 40))
        assert fingerprint(game) == before, action.to_json()
        game.apply(action)
    game.finish()
    fresh = adjudicate(record)
    assert (fresh.status, fresh.winner, fresh.actions) == (
        "finished" if game.outcome else "unfinished",
        game.outcome.winner if game.outcome else None, len(record.actions))


# -- the actions of a position, as the rules say ----------------------------------------
def test_9B_the_oro_is_the_first_card_of_the_vigilia_and_only_one_per_turn():
    game, cards = local_game(["Oro", "Oro", "Soldado", "Caballero"], ["Soldado"] * 4)
    legal = game.legal_actions("A")
    golds = [a for a in legal if a.do == "gold"]
    assert {a.card for a in golds} == {"A1", "A2"}
    act(game, cards, {"p": "A", "do": "gold", "card": "A1"})
    assert not any(a.do == "gold" for a in game.legal_actions("A"))


def test_8_1_each_payment_of_exactly_the_cost_from_the_reserve_is_a_choice():
    game, cards = local_game(["Oro", "Caballero", "Soldado", "Rayo"], ["Soldado"] * 4)
    act(game, cards, {"p": "A", "do": "gold", "card": "A1"})
    plays = [a for a in game.legal_actions("A") if a.do == "play"]
    caballero = sorted(a.pay for a in plays if a.card == "A2")
    assert caballero == [("A0", "A1")]  # cost 2: both Oros
    soldado = sorted(a.pay for a in plays if a.card == "A3")
    assert soldado == [("A0",), ("A1",)]  # cost 1: either Oro
    assert not any(a.do == "attack" for a in game.legal_actions("A"))  # 2.1: nothing can yet


def test_8_2_a_talisman_with_a_target_is_offered_once_per_valid_target():
    game, cards = local_game(["Soldado", "Caballero", "Rayo", "Oro"] + ["Oro"] * 6,
                             ["Soldado", "Caballero", "Oro", "Oro"] + ["Oro"] * 6)
    act(game, cards, {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]})
    assert not any(a.card == "A3" for a in game.legal_actions("A"))  # 8.2: Rayo needs an Oro more
    game2, cards2 = local_game(["Soldado", "Oro", "Rayo", "Oro"] + ["Oro"] * 6,
                               ["Soldado"] + ["Oro"] * 9)
    act(game2, cards2, {"p": "A", "do": "gold", "card": "A2"})
    act(game2, cards2, {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]})
    rayo = [a for a in game2.legal_actions("A") if a.card == "A3"]
    assert [a.targets for a in rayo] == [("A1",)]  # the only Aliado in play is Ana's own


def test_8_1_D_the_opponent_may_answer_with_an_anulacion_in_the_rivals_vigilia():
    game, cards = local_game(["Oro", "Rayo", "Soldado", "Oro"] + ["Oro"] * 6,
                             ["Contrahechizo", "Soldado", "Oro", "Oro"] + ["Oro"] * 6, hand=4)
    act(game, cards, {"p": "A", "do": "play", "card": "A3", "pay": ["A0"]})
    act(game, cards, {"p": "A", "do": "end"})
    act(game, cards, {"p": "B", "do": "gold", "card": "B3"})
    act(game, cards, {"p": "B", "do": "play", "card": "B2", "pay": ["B0"]})
    act(game, cards, {"p": "B", "do": "end"})
    act(game, cards, {"p": "A", "do": "gold", "card": "A1"})
    act(game, cards, {"p": "A", "do": "play", "card": "A2", "pay": ["A1"], "targets": ["B2"]})
    answers = [a for a in game.legal_actions("B") if a.do == "play"]
    assert [(a.card, a.targets) for a in answers] == [("B1", ("A2",))]
    game.apply(answers[0])
    # the annulled Rayo has no effect: no effect line of it is offered to Ana
    assert not any(a.do == "effect" and a.source == "A2" for a in game.legal_actions("A"))


def test_9_C_attack_subsets_blocks_one_to_one_and_the_guerra_de_talismanes():
    game, cards = local_game(["Soldado", "Caballero", "Oro", "Oro"] + ["Oro"] * 6,
                             ["Soldado", "Oro", "Oro", "Oro"] + ["Oro"] * 6)
    act(game, cards, {"p": "A", "do": "gold", "card": "A3"})
    act(game, cards, {"p": "A", "do": "play", "card": "A1", "pay": ["A0"]})
    act(game, cards, {"p": "A", "do": "end"})
    act(game, cards, {"p": "B", "do": "play", "card": "B1", "pay": ["B0"]})
    act(game, cards, {"p": "B", "do": "end"})
    act(game, cards, {"p": "A", "do": "gold", "card": "A4"})
    act(game, cards, {"p": "A", "do": "play", "card": "A2", "pay": ["A0", "A3"]})
    attacks = [a.cards for a in game.legal_actions("A") if a.do == "attack"]
    assert attacks == [("A1",)]  # Caballero came into play this turn (2.1)
    game.apply(next(a for a in game.legal_actions("A") if a.do == "attack"))
    assert not [a for a in game.legal_actions("A") if a.do != "concede"]
    blocks = sorted(a.pairs for a in game.legal_actions("B") if a.do == "block")
    assert blocks == [(), (("B1", "A1"),)]
    game.apply(next(a for a in game.legal_actions("B") if a.do == "block" and a.pairs))
    assert [a.do for a in game.legal_actions("B")] == ["pass", "concede"]  # 9 C3: defender first


def test_9_E_the_discard_names_exactly_the_cards_over_the_hand_limit():
    game, cards = local_game(["Soldado"] * 12, ["Soldado"] * 12, hand=9)
    act(game, cards, {"p": "A", "do": "end"})
    discards = [a for a in game.legal_actions("A") if a.do == "discard"]
    assert len(discards) == 9 and all(len(a.cards) == 1 for a in discards)


def test_a_card_the_engine_does_not_know_gets_a_manual_effect_recorded_unverified():
    game, cards = local_game(["Enigma", "Oro", "Oro", "Oro"] + ["Oro"] * 6, ["Soldado"] * 10)
    play = next(a for a in game.legal_actions("A") if a.card == "A1")
    game.apply(play)
    manual = game.legal_actions("A").manual
    assert [(m.source, m.verb) for m in manual] == [("A1", "effect")]
    assert "no conoce" in manual[0].reason
    act(game, cards, {"p": "A", "do": "effect", "source": "A1"})
    assert game.unverified  # the line stands, marked sin verificar


def test_after_the_game_ends_there_is_nothing_to_do():
    game, cards = local_game(["Soldado"] * 6, ["Soldado"] * 6)
    act(game, cards, {"p": "B", "do": "concede"})
    assert list(game.legal_actions("A")) == [] and list(game.legal_actions("B")) == []


def test_play_random_writes_a_record_that_tourney_adjudicate_calls_legal(runner, tmp_path,
                                                                         shared_data):
    cards = str(shared_data / "deckforge" / "public-data" / "cards.json")
    out = tmp_path / "partida.jsonl"
    result = runner.invoke(args=["engine", "play-random", "--seed", "3", "--catalog", cards,
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    verdict = runner.invoke(args=["adjudicate", str(out), "--catalog", cards, "--json"])
    assert verdict.exit_code == 0 and json.loads(verdict.output)["status"] == "finished"
    bad = tmp_path / "mazo.txt"
    bad.write_text("3 Carta Que No Existe\n", encoding="utf-8")
    result = runner.invoke(args=["engine", "play-random", "--seed", "1", "--catalog", cards,
                                 "--deck-a", str(bad)])
    assert result.exit_code == 2 and "desconocida" in result.output
    assert "Traceback" not in result.output


def test_6_1_activadas_a_card_with_two_abilities_is_offered_each_use_once(real_catalog):
    """Vatnsandi has two activated abilities («mirar» the rival's top card; destroy itself):
    each use is listed once (it was listed twice, one copy per ability, as duplicate buttons
    at the play table)."""
    from tests.compiler.games import deck, header as real_header, put
    head = real_header(deck("Vatnsandi"), deck(), hand=1)
    lines = [json.dumps(x, ensure_ascii=False) for x in (head, put("A", "A1"))]
    record = read_record(lines, catalog_resolver(real_catalog))
    game = Game(record.header)
    for action in record.actions:
        game.apply(action)
    uses = [(a.card, a.ability) for a in game.legal_actions("A", 3) if a.do == "activate"]
    assert sorted(uses) == [("A1", 1), ("A1", 2)]
