"""Area A — triggers and frames: delayed frames («Hasta la Fase Final, cuando …», «En la Fase
Final, Destierra ese Aliado») and trigger events, on real cards (read from ../shared/data,
never copied here), compiled and played."""
from __future__ import annotations

from tourney.engine.abilities.events import tracked
from tourney.engine.compiler import compile_card

from .games import cast, deck, effect, end, header, put
from .realcards import compiled, sentence_json

UNTIL_END = {"kind": "end_of_turn"}


def reason(card, index: int) -> str | None:
    return compile_card(card).sentences[index].reason


# -- «Hasta la Fase Final, cuando …»: a delayed trigger armed by the Talismán -----------------

def test_hasta_la_fase_final_cuando_elit_quadrigae_mills_for_each_guerrero_entering(real):
    assert compiled(real("Elit Quadrigae"))[1] == {
        "kind": "triggered",
        "trigger": {"event": "enters_play", "card": {"types": ["Aliado"], "races": ["Guerrero"],
                                                     "targets": False},
                    "player": "you", "delayed": True},
        "effects": [{"kind": "mill", "subject": "player", "player": "opponent", "amount": 1}]}


def test_hasta_la_fase_final_cuando_memoria_de_venganza_draws_when_an_oni_leaves_the_cementerio(real):
    assert compiled(real("Memoria de Venganza")) == [{
        "kind": "triggered",
        "trigger": {"event": "banished", "card": {"types": ["Aliado"], "races": ["Oni"],
                                                  "controller": "you", "targets": False},
                    "from_zone": "graveyard", "delayed": True},
        "effects": [{"kind": "draw", "subject": "player", "amount": 1}], "optional": True}]


def test_hasta_la_fase_final_cuando_pair_dadeni_returns_the_destroyed_barbaro_or_guerrero(real):
    assert compiled(real("Pair Dadeni")) == [{
        "kind": "triggered",
        "trigger": {"event": "destroyed", "card": {"types": ["Aliado"], "races": ["Bárbaro", "Guerrero"],
                                                   "controller": "you", "targets": False},
                    "delayed": True},
        "effects": [{"kind": "return_to_hand", "subject": "triggering"}], "optional": True}]


def test_hasta_la_fase_final_cuando_sefirot_draws_when_an_opponents_aliado_enters(real):
    assert sentence_json(real("Sefirot"), 2) == [{
        "kind": "triggered",
        "trigger": {"event": "enters_play", "card": {"types": ["Aliado"], "targets": False},
                    "player": "opponent", "delayed": True},
        "effects": [{"kind": "draw", "subject": "player", "amount": 1}], "optional": True}]


def test_a_delayed_trigger_is_not_fired_by_the_engine_yet(real):
    ability = compiled(real("Pair Dadeni"))  # sanity: the value above
    assert ability[0]["trigger"]["delayed"]
    found = compile_card(real("Pair Dadeni")).abilities[0]
    assert not tracked(found)


# -- «Hasta la Fase Final, EFECTOS»: the opening clause is the effects' duration --------------

def test_hasta_la_fase_final_miasma_opponents_aliados_lose_their_ability_until_the_fase_final(real):
    assert compiled(real("Miasma")) == [{
        "kind": "effect",
        "effects": [{"kind": "lose_abilities", "subject": "each",
                     "filter": {"types": ["Aliado"], "controller": "opponent"}, "duration": UNTIL_END}],
        "zone": "hand"}]


def test_hasta_la_fase_final_with_effects_that_do_not_last_stays_not_understood(real):
    # (Koan's «por cada» over «los Aliados» is read now: test_compiler_amounts.py)
    assert reason(real("Salto de Dragón"), 0)  # «no pueden ser Cancelados»: not read
    assert reason(real("Tinku"), 0)


# -- «En la Fase Final, Destierra ese Aliado»: the card the sentence before chose ------------

def _at_final(effect_kind: str, **more) -> dict:
    return {"kind": "triggered",
            "trigger": {"event": "phase_begins", "phase": "final", "delayed": True},
            "effects": [{"kind": effect_kind, "subject": "earlier",
                         "filter": {"types": ["Aliado"], "targets": False}, **more}]}


def test_en_la_fase_final_monstrum_destroys_the_aliado_it_strengthened(real):
    first, second = compiled(real("Monstrum"))
    assert first["targets"] == [{"types": ["Aliado"]}]
    assert second == _at_final("destroy")


def test_en_la_fase_final_hangaku_banishes_the_samurai_it_played(real):
    abilities = compiled(real("Hangaku"))
    assert abilities[1]["effects"][0]["kind"] == "play_free"
    assert abilities[2] == _at_final("banish")


def test_en_la_fase_final_tormenta_negra_shuffles_the_dragon_it_played(real):
    assert compiled(real("Tormenta Negra"))[1] == _at_final("shuffle_into_castle")


def test_en_la_fase_final_watatsumi_banishes_the_dragon_it_found(real):
    assert sentence_json(real("Watatsumi"), 1) == [_at_final("banish")]


def test_en_la_fase_final_ese_aliado_needs_the_sentence_before_to_choose_one(real):
    # Rapto de Proserpina: the sentence just before is not understood; Moctezuma II: neither
    assert "sin antecedente" in (reason(real("Rapto de Proserpina"), 2) or "")
    assert "sin antecedente" in (reason(real("Moctezuma II"), 4) or "")


def test_en_la_fase_final_este_aliado_is_still_every_fase_final(real):
    for name in ("Mercaderes", "Kuzuryu", "Basan"):  # «En la Fase Final, Destierra este Aliado»
        found = [a for a in compile_card(real(name)).abilities if a.text.startswith("En la Fase Final")]
        assert len(found) == 1 and not found[0].trigger.delayed and tracked(found[0]), name
        assert found[0].effects[0].subject == "self", name


# -- played: lines of triggers the engine does not fire are unverified, never illegal -------

def test_played_monstrum_destroying_its_aliado_at_the_fase_final_is_not_illegal(judge, cost):
    head = header(deck("Monstrum"), deck(), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Monstrum", cost, targets=["B1"])
    grow = effect("A", "A1", strength=[["B1", 4]])
    v = judge(head, base + [grow])
    assert v.verified == (len(base) + 2,)
    v = judge(head, base + [grow, end("A"), effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert v.legal and len(base) + 4 in v.unverified and v.verified == (len(base) + 2,)
    assert v.final["B"]["graveyard"] == 1


def test_played_pair_dadeni_returning_a_destroyed_guerrero_is_not_illegal(judge, cost):
    head = header(deck("Pair Dadeni"), deck(), hand=1)
    base = cast("A", "A1", "Pair Dadeni", cost) + [put("A", "A2"), put("A", "A2", zone="graveyard")]
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])])
    assert v.legal and len(base) + 1 in v.unverified and not v.verified


def test_played_gloton_draws_when_banished_from_its_owners_cementerio(judge):
    # «Cuando este Aliado sea Desterrado de tu Cementerio, puedes Robar una carta»: the engine
    # now records where a banished card came from, so the trigger fires
    head = header(deck("Glotón"), deck(), hand=1)
    base = [put("A", "A1", zone="graveyard"), put("A", "A1", zone="exile")]
    v = judge(head, base + [effect("A", "A1", draw={"A": 1})])
    assert v.verified == (len(base) + 2,)
    v = judge(head, base + [effect("A", "A1", draw={"A": 2})])  # «una carta» is one
    assert v.status == "illegal" and v.line == len(base) + 2
    head = header(deck("Glotón"), deck(), hand=1)  # from play to exile: not from the Cementerio
    v = judge(head, [put("A", "A1"), put("A", "A1", zone="exile"), effect("A", "A1", draw={"A": 1})])
    assert v.status == "illegal" and v.line == 4
