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


def test_a_delayed_trigger_is_fired_by_the_engine_once_its_talisman_arms_it(real):
    ability = compiled(real("Pair Dadeni"))  # sanity: the value above
    assert ability[0]["trigger"]["delayed"]
    found = compile_card(real("Pair Dadeni")).abilities[0]
    assert tracked(found)  # abilities/delayed: armed when the Talismán resolves


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
    # Rapto de Proserpina: the sentence just before is not understood
    assert "sin antecedente" in (reason(real("Rapto de Proserpina"), 2) or "")


def test_en_la_fase_final_moctezuma_ii_banishes_the_aliado_it_found_and_played(real):
    # its search («buscar en tu Mazo Castillo una carta de Aliado … y jugarla») is read now
    assert sentence_json(real("Moctezuma II"), 4) == [_at_final("banish")]


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


def test_played_pair_dadeni_returning_a_destroyed_guerrero_is_verified(judge, cost):
    # the Talismán arms its delayed trigger when it resolves (abilities/delayed)
    head = header(deck("Pair Dadeni"), deck(), hand=1)
    base = cast("A", "A1", "Pair Dadeni", cost) + [put("A", "A2"), put("A", "A2", zone="graveyard")]
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])])
    assert v.legal and len(base) + 2 in v.verified, (v.verified, v.unverified)
    v = judge(head, base + [put("A", "A3", zone="graveyard"), effect("A", "A1", moves=[["A3", "hand"]])])
    assert v.status == "illegal" and v.line == len(base) + 3  # A3 was not Destroyed: only put there


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


# -- «Cuando este u otro Aliado …»: this card too (Trigger.self_too) --------------------------

def test_este_u_otro_quetzalcoatl_and_mab_fire_for_themselves_and_for_dragones_or_faeries(real):
    q = [a for a in compiled(real("Quetzalcoatl")) if a["kind"] == "triggered"][0]
    assert q["trigger"] == {"event": "enters_play", "card": {"types": ["Aliado"], "races": ["Dragón"],
                                                             "targets": False},
                            "player": "you", "self_too": True}
    assert q["effects"] == [{"kind": "mill", "subject": "player", "player": "each", "amount": 3}]
    mab = sentence_json(real("Mab"), 4)[0]
    assert mab["trigger"]["self_too"] and mab["trigger"]["card"]["races"] == ["Eterno", "Faerie"]


def test_este_u_otro_zorya_fires_when_it_or_another_oscuridad_is_destroyed(real):
    zorya = compiled(real("Zorya"))[1]
    assert zorya["trigger"] == {"event": "destroyed", "card": {"types": ["Aliado"], "controller": "you",
                                                               "attribute": "Oscuridad", "targets": False},
                                "self_too": True}
    assert zorya["costs"] == [{"kind": "gold"}] and zorya["optional"]


def test_played_quetzalcoatl_entering_makes_each_player_mill_three(judge):
    head = header(deck("Quetzalcoatl"), deck(), hand=1)
    v = judge(head, [put("A", "A1"), effect("A", "A1", mill={"A": 3, "B": 3})])
    assert v.verified == (3,)
    v = judge(head, [put("A", "A1"), effect("A", "A1", mill={"B": 3})])  # «cada jugador»
    assert (v.status, v.line) == ("illegal", 3)
    # another Aliado that is no Dragón entering: nothing fires
    v = judge(head, [put("A", "A1"), effect("A", "A1", mill={"A": 3, "B": 3}), put("A", "A2"),
                     effect("A", "A1", mill={"A": 3, "B": 3})])
    assert (v.status, v.line) == ("illegal", 5)


def test_played_zorya_destroyed_itself_lets_you_pay_an_oro_for_a_discard(judge):
    head = header(deck("Zorya"), deck(), hand=2)
    base = [put("A", "A1"), put("A", "A1", zone="graveyard")]
    pay = effect("A", "A1", moves=[["A0", "paid"], ["B1", "graveyard"]])
    v = judge(head, base + [pay])
    assert v.verified == (len(base) + 2,)


# -- new events: «sean declarados atacantes» (once per declaration), «sea puesto en un
# Cementerio», «sea Purificado», «Agrupe», «actives la habilidad de», «haga daño a …» ------

def test_declarados_atacantes_oia_and_sabotaje_fire_once_per_attack_declaration(real):
    oia = compiled(real("Oiá"))[1]
    assert oia["trigger"] == {"event": "attackers_declared", "player": "opponent"}
    assert [e["kind"] for e in oia["effects"]] == ["shuffle_into_castle", "mill"]
    sabotaje = compiled(real("Sabotaje"))[0]
    assert sabotaje["trigger"] == {"event": "attackers_declared", "player": "opponent", "condition": {
        "kind": "opponent_controls", "count": 2,
        "filter": {"types": ["Aliado"], "attacking": True, "targets": False}}}
    assert sabotaje["zone"] == "graveyard" and sabotaje["effects"] == [{"kind": "return_to_hand",
                                                                         "subject": "self"}]


def test_puesto_en_un_cementerio_rescatar_almas_huayramama_and_orculli(real):
    assert compiled(real("Rescatar Almas"))[0]["trigger"] == {
        "event": "to_graveyard", "card": {"types": ["Aliado"], "targets": False}, "delayed": True}
    assert compiled(real("Huayramama"))[0]["trigger"] == {
        "event": "to_graveyard", "card": {"types": ["Aliado"], "races": ["Dragón"], "controller": "you",
                                          "targets": False}, "from_zone": "castle"}
    assert sentence_json(real("Orculli"), 1)[0]["trigger"] == {
        "event": "to_graveyard", "self_only": True, "from_zone": "castle"}


def test_purificado_agrupe_and_actives_la_habilidad_are_events_the_engine_does_not_fire_yet(real):
    saint = compiled(real("Saint Germain"))[-1]
    assert saint["trigger"] == {"event": "purified", "self_only": True}
    assert saint["effects"] == [{"kind": "shuffle_into_castle", "subject": "each", "filter": {
        "types": ["Aliado"], "controller": "opponent", "max_cost": 2}}]
    zhayedan = compiled(real("Zhayedan"))[1]
    assert zhayedan["trigger"] == {"event": "regrouped", "card": {"types": ["Aliado"], "targets": False},
                                   "player": "opponent"}
    assert zhayedan["zone"] == "graveyard"
    for name in ("Cocijo", "Xólotl de Mictlán"):
        found = [a for a in compile_card(real(name)).abilities if a.trigger is not None]
        assert found[0].trigger.event == "ability_used" and found[0].trigger.card.types == ("Tótem",)
        assert found[0].trigger.player == "you" and not tracked(found[0]), name
    assert not tracked(compile_card(real("Saint Germain")).abilities[-1])


def test_haga_dano_al_mazo_castillo_caceria_de_cabezas_and_bosque_druida(real):
    caceria = compiled(real("Cacería de Cabezas"))[1]
    assert caceria["trigger"] == {"event": "damage", "card": {"types": ["Aliado"], "targets": False},
                                  "player": "you", "delayed": True}
    assert caceria["effects"] == [{"kind": "destroy", "subject": "triggering"}]
    bosque = compiled(real("Bosque Druida"))[0]
    assert bosque["trigger"]["player"] == "opponent" and bosque["trigger"]["card"]["controller"] == "you"


def test_played_sabotaje_returns_to_the_hand_when_two_aliados_attack(judge):
    head = header(deck("Sabotaje"), deck(), hand=3)
    base = [put("A", "A1", zone="graveyard"), end("A"), put("B", "B1", "B2")]
    back = effect("A", "A1", moves=[["A1", "hand"]])
    v = judge(head, base + [{"p": "B", "do": "attack", "cards": ["B1", "B2"]}, back])
    assert v.verified == (len(base) + 3,)
    v = judge(head, base + [{"p": "B", "do": "attack", "cards": ["B1"]}, back])  # «dos o más»
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 3, "6.5")


def test_played_huayramama_fires_when_a_dragon_is_milled_from_your_castle(judge):
    for second, fires in (("Quetzalcoatl", True), ("Thorkell el Alto", False)):
        head = header(deck("Huayramama", second), deck(), hand=1)  # A2 is the castle's top
        base = [put("A", "A1"), {"p": "A", "do": "effect", "mill": {"A": 1}}]
        v = judge(head, base + [effect("A", "A1", mill={"B": 1})])
        assert (v.verified == (len(base) + 2,)) if fires else (v.status, v.line) == ("illegal", len(base) + 2)


# -- «tu oponente busque / baraje … » (searched, shuffled: not fired by the engine yet) ---------

def test_busque_katalin_zawisza_and_danza_macabra_answer_a_search(real):
    katalin = sentence_json(real("Katalin"), 1)[0]
    assert katalin["trigger"] == {"event": "searched", "card": {"zone": "castle", "targets": False},
                                  "player": "opponent"}
    assert katalin["zone"] == "hand" and katalin["response"] and katalin["optional"]
    assert katalin["effects"] == [{"kind": "play_free", "subject": "self"}]
    zawisza = compiled(real("Zawisza el Negro"))[0]
    assert zawisza["trigger"] == {"event": "searched", "card": {"controller": "opponent", "zone": "castle",
                                                                "targets": False}, "player": "opponent"}
    danza = sentence_json(real("Danza Macabra"), 0)[0]
    assert danza["trigger"]["would"] and danza["trigger"]["card"]["controller"] == "opponent"
    assert danza["zone"] == "hand"


def test_baraje_melchior_principe_negro_and_suma_espectral_answer_a_shuffle_from_the_cementerio(real):
    shuffle = {"event": "shuffled", "card": {"controller": "opponent", "zone": "graveyard", "targets": False},
               "player": "opponent"}
    assert sentence_json(real("Melchior Cibinensis"), 1)[0]["trigger"] == shuffle
    assert compiled(real("Príncipe Negro"))[0]["trigger"] == shuffle
    suma = [a for a in compiled(real("Suma Espectral")) if a["kind"] == "triggered"][0]
    assert suma["trigger"] == shuffle and suma["zone"] == "graveyard"
    assert tracked(compile_card(real("Príncipe Negro")).abilities[0])  # announced (issue 22)


def test_jugar_este_aliado_without_a_zone_is_played_from_the_hand(real):
    assert sentence_json(real("Ixbalanqué"), 1)[0]["zone"] == "hand"
    for name in ("Taishakuten", "Caballero Errante", "Atila"):
        found = [a for a in compile_card(real(name)).abilities
                 if any(e.kind == "play_free" and e.subject == "self" for e in a.effects)]
        assert found and found[0].zone == "hand", name
    orculli = sentence_json(real("Orculli"), 1)[0]  # fired by going to the Cementerio: from there
    assert "zone" not in orculli and orculli["trigger"]["self_only"]


def test_played_taishakuten_is_played_from_the_hand_by_banishing_an_arma(judge):
    head = header(deck("Taishakuten", "Tachi"), deck(), hand=2)
    base = [put("A", "A2", zone="graveyard")]
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "exile"], ["A1", "defense"]])])
    assert v.legal and 3 in v.verified  # play_free: the card played from its zone (was 6.2)
    assert v.final["A"]["in_play"] == 2 and v.final["A"]["exile"] == 1  # the Oro inicial and it


# -- «ese Talismán / Aliado» = the card that fired the trigger or that a search found ---------

def test_tantas_como_fuerza_o_coste_tenga_ese_aliado_reads_the_card_that_fired(real):
    hunahpu = compiled(real("Hunahpú"))[1]
    assert hunahpu["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent",
                                   "amount_from": "strength_of_triggering"}]
    druk = compiled(real("Druk"))[-1]
    assert druk["trigger"]["event"] == "played" and druk["effects"] == [
        {"kind": "mill", "subject": "player", "player": "opponent", "amount_from": "cost_of_triggering"}]
    # «ese Aliado» with no trigger card nor target before: the card destroyed as the cost
    # (test_compiler_paid_strength.py)
    assert sentence_json(real("Roger de Flor"), 2)[0]["effects"][0]["amount_from"] == "strength_of_paid"


def test_luego_ese_talisman_is_the_card_the_search_found_jano_druk_camazotz(real):
    found = {"subject": "found", "filter": {"types": ["Talismán"], "targets": False}, "then": True}
    jano = compiled(real("Jano"))[0]
    assert jano["effects"][0]["zone"] == "being_played" and jano["effects"][1] == {"kind": "banish", **found}
    druk = [a for a in compiled(real("Druk")) if a.get("effects", [{}])[0].get("kind") == "search"]
    assert druk[0]["effects"][1] == {"kind": "banish", **found}
    camazotz = sentence_json(real("Camazotz"), 3)[0]
    assert camazotz["effects"][1] == {"kind": "counters", "subject": "found", "amount": 1,
                                      "counter": "Alimento", "then": True,
                                      "filter": {"types": ["Aliado"], "targets": False}}


def test_played_hunahpu_mills_as_many_as_the_entering_aliados_fuerza(judge, real):
    strength = real("Hunahpú").strength
    head = header(deck("Hunahpú", "Hunahpú"), deck(), hand=2)
    base = [put("A", "A1"), put("A", "A2")]  # another Guardián enters
    assert judge(head, base + [effect("A", "A1", mill={"B": strength})]).verified == (4,)
    v = judge(head, base + [effect("A", "A1", mill={"B": strength - 1})])
    assert (v.status, v.line, v.rule) == ("illegal", 4, "10.7")


# -- «un Oro oponente sea movido a su Zona de Oro Pagado en tu turno» (to_paid) ------------------

def test_movido_a_la_zona_de_oro_pagado_cornelia_and_octavia(real):
    trigger = {"event": "to_paid", "card": {"types": ["Oro"], "controller": "opponent", "targets": False},
               "condition": {"kind": "your_turn"}}
    for name in ("Cornelia", "Octavia la Menor"):
        ability = compiled(real(name))[0]
        assert ability["trigger"] == trigger and ability["per_turn"] == 1, name


def test_played_octavia_mills_two_when_an_opponents_oro_is_paid_in_your_turn(judge):
    head = header(deck("Octavia la Menor"), deck(), hand=1)
    base = [put("A", "A1"), put("B", "B0", zone="paid")]
    assert judge(head, base + [effect("A", "A1", mill={"B": 2})]).verified == (4,)
    v = judge(head, base + [effect("A", "A1", mill={"B": 2}), put("B", "B0", zone="reserve"),
                            put("B", "B0", zone="paid"), effect("A", "A1", mill={"B": 2})])
    assert (v.status, v.line, v.rule) == ("illegal", 7, "6.1")  # «Una vez por turno»
    v = judge(head, [put("A", "A1"), end("A"), put("B", "B0", zone="paid"),
                     effect("A", "A1", mill={"B": 2})])  # not in your turn
    assert (v.status, v.line) == ("illegal", 5)


# -- «Cuando un oponente juegue una carta desde su Cementerio» ---------------------------------

def test_played_conejo_lunar_returns_when_the_opponent_plays_from_the_cementerio(judge, real):
    conejo = compiled(real("Conejo Lunar"))[-1]
    assert conejo["trigger"] == {"event": "played", "card": {"targets": False}, "player": "opponent",
                                 "from_zone": "graveyard"}
    head = header(deck("Conejo Lunar"), deck("Hijos del Fuego", "Hijos del Fuego"), hand=2)
    base = [put("A", "A1", zone="graveyard"), end("A"), put("B", "B1", zone="graveyard")]
    back = effect("A", "A1", moves=[["A1", "hand"]])
    v = judge(head, base + [{"p": "B", "do": "play", "card": "B1", "pay": ["B0"]}, back])
    assert v.verified == (len(base) + 3,)
    v = judge(head, base + [{"p": "B", "do": "play", "card": "B2", "pay": ["B0"]}, back])  # from the hand
    assert (v.status, v.line) == ("illegal", len(base) + 3)


# -- «… por un efecto (o habilidad) oponente»: who caused it (Trigger.by_opponent, Event.cause) --

def test_por_un_efecto_oponente_wakita_pacala_rayo_de_plata_and_gabriel_ernest(real):
    wakita = compiled(real("Wakita Naokata"))[-1]
    assert wakita["trigger"]["event"] == "destroyed" and wakita["trigger"]["by_opponent"]
    assert wakita["trigger"]["card"]["other"] and wakita["per_turn"] == 1
    pacala = sentence_json(real("Pacala"), 1)[0]
    assert pacala["trigger"] == {"event": "destroyed", "card": {"controller": "you", "targets": False},
                                 "by_opponent": True}
    assert pacala["zone"] == "hand" and pacala["response"]
    rayo = sentence_json(real("Rayo de Plata"), 1)[0]
    assert rayo["trigger"] == {"event": "discarded", "self_only": True, "by_opponent": True}
    gabriel = [a for a in compiled(real("Gabriel-Ernest")) if a.get("trigger", {}).get("from_zone")][0]
    assert gabriel["trigger"]["from_zone"] == "graveyard" and gabriel["trigger"]["by_opponent"]
    assert tracked(compile_card(real("Wakita Naokata")).abilities[-1])  # the engine knows who caused it


def test_played_wakita_drawing_after_an_opponents_destruction_is_not_illegal(judge):
    # Alberico da Barbiano (A2) is Luz; Thorkell el Alto (the filler) would not fire it at all
    head = header(deck("Wakita Naokata", "Alberico da Barbiano"), deck(), hand=1)
    base = [put("A", "A1"), put("A", "A2"), put("A", "A2", zone="graveyard")]
    v = judge(head, base + [effect("A", "A1", draw={"A": 1})])
    assert v.legal and len(base) + 2 in v.unverified  # a line without source: who caused it is unknown


# -- «Cuando este Oro sea utilizado para pagar el coste de …» (paid_with, not fired yet) -------

def test_utilizado_para_pagar_el_coste_tumi_calavera_de_turquesa_and_gris_gris(real):
    tumi = compiled(real("Tumi"))[0]
    assert tumi["trigger"] == {"event": "paid_with", "card": {"targets": False}, "from_zone": "graveyard"}
    assert tumi["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent", "amount": 1}]
    calavera = compiled(real("Calavera de Turquesa"))[0]
    assert calavera["trigger"] == {"event": "paid_with", "card": {"types": ["Tótem"], "targets": False}}
    assert calavera["effects"] == [{"kind": "cannot_be_annulled", "subject": "triggering"}]
    gris = compiled(real("Gris-Gris"))[0]
    assert gris["trigger"]["card"]["keywords"] == ["Exhumar"] and gris["trigger"]["from_zone"] == "graveyard"
    assert tracked(compile_card(real("Tumi")).abilities[0])  # fired since issue 21 (play._do_play)
    assert reason(real("Ekeko"), 0)  # «no puede cambiar de controlador hasta tu próximo turno»
