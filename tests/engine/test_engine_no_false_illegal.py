"""A legal game with today's compiled abilities never ends «ilegal»: what the engine cannot
check exactly stays unverified (real cards, read from ../shared/data)."""
from __future__ import annotations

import json


from tests.compiler.games import FILLER, cast, deck, effect, gold, header, play, put
from tourney.engine import catalog_resolver, read_record
from tourney.engine.abilities.events import Event, fire
from tourney.engine.adjudicate import replay
from tourney.engine.errors import IllegalAction

ETERNO = "Eastre"  # an Aliado de Raza Eterno
CHEAP = "Sibila de Jerusalén"  # an Aliado of cost 1


def test_an_additional_cost_shown_from_the_hand_is_named_in_costs(judge, cost, catalog):
    """Regalo Funesto: «debes mostrar un Aliado de Raza Eterno de tu mano» (10.16)."""
    assert catalog.resolve(ETERNO).card.race == "Eterno" and cost(CHEAP) == 1
    head = header(deck("Regalo Funesto", ETERNO), deck(CHEAP), hand=2)
    pre = [put("B", "B1")]
    v = judge(head, pre + cast("A", "A1", "Regalo Funesto", cost, costs=["A2"], targets=["B1"]))
    assert v.status != "illegal"
    wrong = header(deck("Regalo Funesto", FILLER), deck(CHEAP), hand=2)  # not an Eterno
    v = judge(wrong, pre + cast("A", "A1", "Regalo Funesto", cost, costs=["A2"], targets=["B1"]))
    assert (v.status, v.rule) == ("illegal", "10.16")


def test_an_additional_cost_banishing_a_card_of_the_hand_is_paid(judge, cost):
    """Anillo de Vacío: «Para jugar esta carta Destierra una carta de tu mano»."""
    head = header(deck("Anillo de Vacío", FILLER), deck(), hand=2)
    v = judge(head, cast("A", "A1", "Anillo de Vacío", cost, costs=["A2"]))
    assert v.status != "illegal" and v.final["A"]["exile"] == 1
    v = judge(head, cast("A", "A1", "Anillo de Vacío", cost))  # the cost is not named
    assert (v.status, v.rule) == ("illegal", "10.16")


def test_a_v1_line_pays_the_cost_of_banishing_a_card_of_the_hand(judge, cost):
    """Sibila de Jerusalén: «puedes Desterrar una carta de tu mano para Robar una carta»."""
    head = header(deck("Sibila de Jerusalén", FILLER), deck(), hand=2)
    base = cast("A", "A1", "Sibila de Jerusalén", cost)
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "exile"]], draw={"A": 1})])
    assert v.status != "illegal" and len(base) + 2 in v.verified
    v = judge(head, base + [effect("A", "A1", draw={"A": 1})])  # the cost is not paid
    assert (v.status, v.rule) == ("illegal", "10.16")


def test_an_ability_used_from_the_hand_in_a_v1_line(judge):
    """Rasputín: «Si este Aliado está en tu mano, puedes Descartarlo para Robar una carta»."""
    head = header(deck("Rasputín"), deck(), hand=1)
    v = judge(head, [effect("A", "A1", moves=[["A1", "graveyard"]], draw={"A": 1})])
    assert v.status != "illegal" and v.verified == (2,)
    v = judge(head, [effect("A", "A1", moves=[["A1", "graveyard"]], draw={"A": 2})])
    assert (v.status, v.rule) == ("illegal", "10.45")


def test_an_ability_shown_from_the_hand_and_paid_with_oros_in_a_v1_line(judge, catalog):
    """Naginata Celeste: «Si esta carta está en tu mano, puedes mostrarla y pagar dos Oros para
    Buscar … un Aliado de Raza Dragón de coste 4 o más»."""
    dragon = catalog.resolve("Kirin").card
    assert dragon.race == "Dragón" and (dragon.cost or 0) >= 4
    head = header(deck("Naginata Celeste", "Kirin"), deck(), hand=1)
    v = judge(head, [gold("A", "A9"), effect("A", "A1", moves=[["A0", "paid"], ["A9", "paid"], ["A2", "hand"]])])
    assert v.status != "illegal" and v.verified == (3,)
    v = judge(head, [gold("A", "A9"), effect("A", "A1", moves=[["A0", "paid"], ["A2", "hand"]])])
    assert (v.status, v.rule) == ("illegal", "10.16")  # one Oro short


def test_a_once_per_turn_trigger_does_not_fire_again_that_turn(catalog):
    """Ciudad Blanca: «Una vez por turno, cuando un Aliado de Raza Dragón entra en juego bajo
    tu control, …» (6.1): used this turn, a second Dragón does not make it pending again (a
    pending trigger there would wrongly hold back the opponent's triggers, 6.6)."""
    assert catalog.resolve("Bune").card.race == "Dragón"
    head = header(deck("Ciudad Blanca", "Bune"), deck(), hand=2)
    lines = [head, put("A", "A1", zone="support"), put("A", "A2")]
    game, _ = replay(read_record([json.dumps(x, ensure_ascii=False) for x in lines],
                                 catalog_resolver(catalog)))
    inst = game.cards["A1"]
    assert inst.zone == "support" and inst.abilities is not None
    index = next(i for i, a in enumerate(inst.abilities.abilities) if a.per_turn == 1)
    event = Event("enters_play", "A2", "A")
    assert any(q.source == "A1" and q.index == index for q in fire(game, event))
    game.used[("A1", index)] = game.turn * 1000 + 1
    assert not any(q.source == "A1" for q in fire(game, event))


def test_a_card_of_cost_0_pays_its_additional_cost_with_no_oros(judge, cost):
    """Luz Solar costs 0 and has an additional cost (Descartar): «costs» with no Oros paid is
    that additional cost, not an alternative one (10.16)."""
    assert cost("Luz Solar") == 0
    head = header(deck("Luz Solar", FILLER), deck(), hand=2)
    v = judge(head, [play("A", "A1", [], costs=["A2"])])
    assert v.status != "illegal" and v.final["A"]["hand"] == 0
    v = judge(head, [play("A", "A1", [])])  # the additional cost is not paid
    assert (v.status, v.rule) == ("illegal", "10.16")


def test_descarta_hasta_n_discards_fewer_legally(catalog):
    """«Descarta hasta dos cartas» (an ability value the compiler may produce: no real card
    compiles to it yet): Descartar 1 or 0 is legal, 3 is not (10.18)."""
    from dataclasses import replace

    from tourney.engine.abilities.model import Ability
    from tourney.engine.abilities.effect_value import Effect
    from tourney.engine.abilities.target_filter import TargetFilter

    def run(moves):
        head = header(deck("Sibila de Jerusalén", FILLER, FILLER, FILLER), deck(), hand=4)
        lines = [head, put("A", "A1"), effect("A", "A1", moves=moves)]
        rec = read_record([json.dumps(x, ensure_ascii=False) for x in lines], catalog_resolver(catalog))
        game, _ = replay(replace(rec, actions=rec.actions[:1]))
        inst = game.cards["A1"]
        discard = Effect("discard", subject="player", amount=2, filter=TargetFilter(zone="hand", up_to=True))
        assert inst.abilities is not None
        inst.abilities = replace(inst.abilities, abilities=(
            Ability("activated", effects=(discard,), per_turn=1),))
        try:
            game.apply(rec.actions[1])
        except IllegalAction as exc:
            return exc.rule
        return "ok"

    assert run([["A2", "graveyard"]]) == "ok"
    assert run([["A2", "graveyard"], ["A3", "graveyard"]]) == "ok"
    assert run([["A2", "graveyard"], ["A3", "graveyard"], ["A4", "graveyard"]]) == "10.18"
