"""«Por cada NP, puedes elegir (hasta) una carta … y VERBO-la» (issue 22): one card per counted
card, at most — the words of «puedes elegir hasta una carta … por cada NP y …» (a filter with
``count_from``); «una carta en un Cementerio» chosen per card may come from any Cementerio."""
from __future__ import annotations

from tourney.engine.abilities.kinds.enforcement import unenforced
from tourney.engine.compiler import compile_card

from .games import cast, deck, effect, header, put
from .realcards import sentence_json


def _per(**counted):
    return {"up_to": True, "count_from": "count", "from_filter": {**counted, "targets": False}}


def test_8_2_objetivo_kotodama_one_opponent_aliado_per_samurai(real):
    (ability,) = sentence_json(real("Kotodama"), 0)
    assert ability["targets"] == [{"types": ["Aliado"], "controller": "opponent",
                                   **_per(types=["Aliado"], races=["Samurái"], controller="you")}]
    assert ability["effects"] == [{"kind": "shuffle_into_castle"}]
    assert unenforced(real("Kotodama"), compile_card(real("Kotodama")).abilities) == ()
    assert compile_card(real("Kotodama")).abilities[0].describe() == (
        "Baraja hasta tantos Aliados oponentes objetivo como la cantidad de Aliados de Raza "
        "Samurái que controles en el Mazo Castillo de su dueño.")


def test_10_40_purificar_capnomancia_one_card_of_any_cementerio_per_attacker(real):
    (ability,) = sentence_json(real("Capnomancia"), 1)
    assert ability["targets"] == [{"zone": "graveyard", **_per(types=["Aliado"], attacking=True)}]
    assert ability["effects"] == [{"kind": "purify"}]


def test_10_5_barajar_pergamino_de_perdon_after_cancelling_the_attack(real):
    (ability,) = sentence_json(real("Pergamino de Perdón"), 0)
    assert ability["effects"] == [
        {"kind": "cancel_attack", "subject": "attackers"},
        {"kind": "shuffle_into_castle", "subject": "chosen", "then": True,
         "filter": {"controller": "you", "zone": "graveyard", "targets": False,
                    **_per(types=["Aliado"], controller="opponent")}}]


def test_8_2_objetivo_kotodama_played_takes_at_most_one_per_samurai(judge, cost):
    head = header(deck("Kotodama", "Nobunaga", "Nobunaga"), deck(), hand=1)  # two Samurái
    setup = [put("A", "A2", "A3"), put("B", "B2", "B3", "B4")]

    def played(*targets):
        return cast("A", "A1", "Kotodama", cost, targets=list(targets)) + \
            [effect("A", "A1", moves=[[t, "castle_bottom"] for t in targets])]
    v = judge(head, setup + played("B2", "B3"))
    assert v.legal and len(setup + played()) + 1 in v.verified, v
    v = judge(head, setup + played("B2", "B3", "B4"))
    assert (v.status, v.rule) == ("illegal", "8.2"), v  # three targets for two Samurái
