"""Counters (area F): «Aliados Alimentados» / «con contadores de X» / «que no estén
Alimentados» as card filters, «Luz o de Raza Samurái», costs «quitar un contador de Honor /
todo el Alimento de un Aliado que controles», «quita todo el Alimento de …»; compiled from real
cards and played in short games (see games.py)."""
from __future__ import annotations

from .games import cast, deck, effect, gold, header, play, put
from .realcards import compiled, sentence_json


def counters(p, *entries):
    """Set counters up (an effect line without source: applied, not verified)."""
    return {"p": p, "do": "effect", "counters": [list(e) for e in entries]}


FED = {"types": ["Aliado"], "controller": "you", "targets": False, "counter": "Alimento"}


# -- «Alimentado», «con contadores de …», «que no estén Alimentados» ----------------------

def test_alimentados_is_a_filter_on_alimento_counters(real):
    # «los Aliados Alimentados que controles son Imbloqueables hasta la Fase Final»
    effect_ = sentence_json(real("Auñ Pana"), 1)[0]["effects"][0]
    assert effect_["kind"] == "gain_keyword" and effect_["keyword"] == "Imbloqueable"
    assert effect_["filter"] == {"types": ["Aliado"], "controller": "you", "counter": "Alimento"}
    # «Roba una carta por cada Aliado con contadores de Alimento que controles»
    draw = sentence_json(real("Danza Acertijos"), 2)[0]["effects"][0]
    assert draw["kind"] == "draw" and draw["amount_from"] == "count" and draw["filter"] == FED
    # «El Aliado portador gana 1 a la Fuerza por cada Aliado Alimentado que controles»
    kirpan = sentence_json(real("Kirpan"), 0)[0]["effects"][0]
    assert kirpan["subject"] == "bearer" and kirpan["filter"] == FED
    # «Destruye todos los Aliados que no estén Alimentados»
    destroy = sentence_json(real("Khodumodumo"), 2)[0]["effects"][0]
    assert destroy["filter"] == {"types": ["Aliado"], "no_counter": "Alimento"}


def test_si_controlas_al_menos_un_aliado_alimentado(real):
    ability = sentence_json(real("Ao-Ao"), 1)[0]
    assert ability["condition"] == {"kind": "controls", "filter": FED}  # one or more


def test_danza_acertijos_draws_one_card_per_fed_aliado(judge, cost):
    head = header(deck("Danza Acertijos"), deck(), hand=1)
    base = [put("A", "A2", "A3"), counters("A", ("A2", "Alimento", 2))] + cast(
        "A", "A1", "Danza Acertijos", cost)
    v = judge(head, base + [effect("A", "A1", draw={"A": 1})])
    assert v.legal and len(base) + 2 in v.verified  # one fed Aliado (two counters on it)
    v = judge(head, base + [effect("A", "A1", draw={"A": 2})])
    assert (v.status, v.line) == ("illegal", len(base) + 2)


def test_a_count_of_fed_aliados_changed_by_the_same_line_stays_unverified(judge, cost):
    # Burla feeds first, then counts: the record line holds both, so the count is not checked
    head = header(deck("Burla", "Danza Acertijos"), deck(), hand=1)
    base = [put("A", "A2")] + cast("A", "A1", "Burla", cost, targets=["A2"])
    v = judge(head, base + [effect("A", "A1", counters=[["A2", "Alimento", 1]], mill={"B": 2})])
    assert v.legal and len(base) + 2 in v.unverified


# -- «Luz o de Raza Samurái» ----------------------------------------------------------

def test_luz_o_de_raza_samurai_is_either_one(real):
    either = [{"targets": False, "attribute": "Luz"}, {"races": ["Samurái"], "targets": False}]
    kim = sentence_json(real("Kim Yushin"), 2)[0]
    assert kim["targets"][0]["any_of"] == either and kim["targets"][0]["controller"] == "you"
    assert kim["effects"][0]["kind"] == "counters" and kim["effects"][0]["counter"] == "Honor"
    akiko = sentence_json(real("Akiko Yamamoto"), 2)[0]  # «son Luz y/o Samurái»
    assert akiko["condition"]["kind"] == "all_allies"
    assert akiko["condition"]["filter"]["any_of"] == either
    assert akiko["targets"][0]["races"] == ["Samurái"]  # «el Aliado Samurái objetivo»
    zhong = sentence_json(real("Zhong Kui"), 1)[0]  # «hasta otros dos Aliados Luz y/o de Raza Samurái»
    assert zhong["targets"][0]["any_of"] == either
    assert zhong["targets"][0]["count"] == 2 and zhong["targets"][0]["up_to"]
    assert zhong["targets"][0]["other"]


def test_kim_yushin_puts_honor_only_on_a_luz_or_samurai_aliado(judge, cost):
    head = header(deck("Kim Yushin", "Hwarang"), deck(), hand=1)
    base = [put("A", "A2", "A3")] + cast("A", "A1", "Kim Yushin", cost)
    v = judge(head, base + [effect("A", "A1", counters=[["A2", "Honor", 1]])])  # Hwarang: a Samurái
    assert v.legal and len(base) + 2 in v.verified
    v = judge(head, base + [effect("A", "A1", counters=[["A3", "Honor", 1]])])  # Thorkell: neither
    assert (v.status, v.rule, v.line) == ("illegal", "8.2", len(base) + 2)


# -- Costs: «quitar … de un Aliado que controles» -------------------------------------

def test_cost_quitar_todo_el_alimento_de_un_aliado_que_controles(real):
    trolual = compiled(real("Trolual"))[1]
    assert trolual["costs"] == [{"kind": "remove_all_counters_own", "counter": "Alimento",
                                 "filter": {"types": ["Aliado"], "controller": "you", "targets": False}}]
    lakuma = compiled(real("Lakúma"))[1]
    assert lakuma["costs"][0]["kind"] == "remove_all_counters_own"
    assert [e["kind"] for e in lakuma["effects"]] == ["search", "mill"]
    maestro = compiled(real("Maestro de Go"))[2]  # «quitar un contador de Honor de un Aliado …»
    assert maestro["costs"] == [{"kind": "remove_counters_own", "counter": "Honor",
                                 "filter": {"types": ["Aliado"], "controller": "you", "targets": False}}]
    assert maestro["effects"][0]["kind"] == "return_to_hand" and maestro["targets"][0]["other"]


def test_trolual_pays_with_all_the_alimento_of_an_aliado_it_controls(judge):
    head = header(deck("Trolual"), deck(), hand=1)
    base = [put("A", "A1", "A2"), counters("A", ("A2", "Alimento", 2)), put("B", "B1")]
    use = effect("A", "A1", counters=[["A2", "Alimento", -2]], moves=[["B1", "graveyard"]])
    v = judge(head, base + [use])
    assert v.legal and len(base) + 2 in v.verified
    half = effect("A", "A1", counters=[["A2", "Alimento", -1]], moves=[["B1", "graveyard"]])
    v = judge(head, base + [half])  # «todo el Alimento»: both counters
    assert (v.status, v.line) == ("illegal", len(base) + 2)
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])  # cost not paid
    assert (v.status, v.line) == ("illegal", len(base) + 2)


def test_trolual_cannot_pay_with_an_opponents_aliado(judge):
    head = header(deck("Trolual"), deck(), hand=1)
    base = [put("A", "A1", "A2"), put("B", "B1"), counters("B", ("B1", "Alimento", 1))]
    v = judge(head, base + [effect("A", "A1", counters=[["B1", "Alimento", -1]],
                                   moves=[["A2", "graveyard"]])])
    assert v.status == "illegal"


def test_taira_no_kiyomori_removes_an_honor_counter_to_return_an_arma(judge):
    head = header(deck("Taira no Kiyomori", "Kirpan"), deck(), hand=1)
    base = [put("A", "A1"), put("A", "A2", zone="graveyard")]  # it enters with a Honor counter
    use = effect("A", "A1", counters=[["A1", "Honor", -1]], moves=[["A2", "hand"]])
    v = judge(head, base + [use])
    assert v.legal and len(base) + 2 in v.verified
    v = judge(head, base + [use, effect("A", "A1", counters=[["A1", "Honor", -1]],
                                        moves=[["A2", "hand"]])])
    assert v.status == "illegal"  # no Honor counter left (and once per turn)


# -- Effect: «quita / elimina todo el Alimento de …» ------------------------------------

def test_quita_todo_el_alimento(real):
    expulsar = compiled(real("Expulsar Nguruvilu"))[0]["effects"][0]
    assert expulsar == {"kind": "remove_all_counters", "counter": "Alimento"}  # of the target
    bosque = compiled(real("Escuchar al Bosque"))[1]["effects"][0]
    assert bosque["subject"] == "each" and bosque["filter"]["controller"] == "you"
    pompadur = sentence_json(real("Pompadur"), 1)[0]["effects"][0]
    assert pompadur["kind"] == "remove_all_counters" and pompadur["filter"]["controller"] == "opponent"


def test_expulsar_nguruvilu_removes_every_alimento_counter(judge, cost):
    head = header(deck("Expulsar Nguruvilu"), deck(), hand=1)
    base = [put("B", "B1"), counters("B", ("B1", "Alimento", 2))] + cast(
        "A", "A1", "Expulsar Nguruvilu", cost, targets=["B1"])
    v = judge(head, base + [effect("A", "A1", counters=[["B1", "Alimento", -2]])])
    assert v.legal and len(base) + 2 in v.verified
    v = judge(head, base + [effect("A", "A1", counters=[["B1", "Alimento", -1]])])
    assert v.status == "illegal"


def test_trolual_activated_in_a_v2_record_names_the_aliado_that_pays(judge):
    head = dict(header(deck("Trolual"), deck(), hand=1), version=2)
    base = [put("A", "A1", "A2"), counters("A", ("A2", "Alimento", 2)), put("B", "B1")]
    act = {"p": "A", "do": "activate", "card": "A1", "ability": 2, "pay": [], "costs": ["A2"],
           "targets": ["B1"]}
    v = judge(head, base + [act, effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert v.legal and len(base) + 3 in v.verified
    assert v.final["A"]["in_play"] >= 2
    v = judge(head, base + [dict(act, costs=["A1"])])  # Trolual has no Alimento on it
    assert (v.status, v.rule, v.line) == ("illegal", "10.16", len(base) + 2)
    v = judge(head, base + [dict(act, costs=[])])
    assert (v.status, v.rule) == ("illegal", "10.16")


# -- Cancelar una habilidad (10.10) -------------------------------------------------------

def test_cancelar_una_habilidad_activada_o_disparada_targets_the_ability(real):
    alas = compiled(real("Alas de Murciélago"))[0]
    assert alas["targets"] == [{"zone": "being_played"}] and alas["response"]
    assert [e["kind"] for e in alas["effects"]] == ["cancel", "banish"]  # «la carta fuente de esa habilidad»
    assert alas["effects"][1]["then"] and alas["effects"][1].get("target", 0) == 0
    astra = compiled(real("Astra"))[1]
    assert astra["costs"] == [{"kind": "banish_self"}] and astra["effects"] == [{"kind": "cancel"}]
    assert astra["targets"] == [{"zone": "being_played"}] and astra["response"]


def test_alas_de_murcielago_cancels_taira_no_kiyomori_and_banishes_it(judge, cost):
    head = dict(header(deck("Taira no Kiyomori", "Kirpan"), deck("Alas de Murciélago"), hand=1),
                version=2)
    oros = [f"B{9 + i}" for i in range(cost("Alas de Murciélago") - 1)]
    base = [put("A", "A1"), put("A", "A2", zone="graveyard"), gold("B", *oros),
            {"p": "A", "do": "activate", "card": "A1", "ability": 3, "pay": [], "costs": ["A1"],
             "targets": ["A2"]},
            play("B", "B1", ["B0"] + oros, targets=["A1"]),
            effect("B", "B1", moves=[["A1", "exile"]])]
    v = judge(head, base)
    assert v.legal and len(base) + 1 in v.verified, v
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])])
    assert (v.status, v.line) == ("illegal", len(base) + 2)  # cancelled: the Arma stays put
    v = judge(head, base[:-1] + [effect("B", "B1", moves=[["A2", "exile"]])])
    assert v.status == "illegal"  # the source of the ability, not another card


# -- «cada otra copia», control and counter triggers ----------------------------------------

def test_dodu_feeds_every_other_copy_of_itself(real, judge, cost):
    dodu = sentence_json(real("Dodu"), 2)[0]["effects"][0]
    assert dodu["subject"] == "each" and dodu["filter"] == {"names": ["Dodu"], "other": True}
    head = header(deck("Dodu", "Dodu", "Dodu"), deck(), hand=1)
    base = [put("A", "A2", "A3")] + cast("A", "A1", "Dodu", cost)
    both = effect("A", "A1", counters=[["A2", "Alimento", 1], ["A3", "Alimento", 1]])
    v = judge(head, base + [both])
    assert v.legal and len(base) + 2 in v.verified
    v = judge(head, base + [effect("A", "A1", counters=[["A1", "Alimento", 1], ["A2", "Alimento", 1]])])
    assert v.status == "illegal"  # not on itself: «otra copia»


def test_cuando_un_oponente_gane_el_control_de_uno_de_tus_aliados(real):
    for name in ("Tlazolteotl", "Chalchiuhtotolin"):
        trigger = compiled(real(name))[0]["trigger"]
        assert trigger == {"event": "control_changed", "player": "opponent",
                           "card": {"types": ["Aliado"], "targets": False}}
    assert compiled(real("Chalchiuhtotolin"))[0]["effects"][0]["subject"] == "triggering"
    yasy = sentence_json(real("Yasy Yateré"), 2)[0]["trigger"]  # «entra en juego o ganes el control de él»
    assert yasy == {"event": "enters_play", "self_only": True, "events": ["control_changed"]}


def test_tlazolteotl_mills_two_when_the_opponent_takes_an_aliado(judge):
    head = header(deck("Tlazolteotl"), deck(), hand=1)
    base = [put("A", "A1", "A2"), put("B", "A2")]  # B takes A's Thorkell el Alto
    v = judge(head, base + [effect("A", "A1", mill={"B": 2})])
    assert v.legal and len(base) + 2 in v.verified
    v = judge(head, base + [effect("A", "A1", mill={"B": 3})])
    assert (v.status, v.line) == ("illegal", len(base) + 2)


def test_counter_placed_triggers_are_compiled_and_fired(real, judge):
    balkh = compiled(real("Balkh"))[0]
    assert balkh["trigger"]["event"] == "counter_placed" and "counter" not in balkh["trigger"]
    assert balkh["effects"][0]["subject"] == "triggering"
    camina = sentence_json(real("Camina Tormentas"), 1)[0]
    assert camina["trigger"]["counter"] == "Alimento" and camina["costs"] == [{"kind": "gold"}]
    bisonte = sentence_json(real("Bisonte Blanco"), 1)[0]  # «sea Alimentado», from the Cementerio
    assert bisonte["trigger"]["counter"] == "Alimento" and bisonte["zone"] == "graveyard"
    # the engine announces a counter put on a card (counter_placed): the line is checked
    head = header(deck("Camina Tormentas", "Expulsar Nguruvilu"), deck(), hand=1)
    v = judge(head, [put("A", "A1", "A3"), gold("A", "A9"), counters("A", ("A3", "Alimento", 1)),
                     effect("A", "A1", moves=[["A9", "paid"]], draw={"A": 1})])
    assert v.legal and 5 in v.verified, (v.verified, v.unverified)


# -- Conditions on counters and on what the opponent controls -------------------------------

def test_conditions_alimentado_and_tu_oponente_controla(real):
    masto = compiled(real("Mastopogon"))[0]  # «Mientras este Aliado esté Alimentado, …»
    assert masto["kind"] == "continuous"
    assert masto["condition"] == {"kind": "has_counters", "counter": "Alimento"}  # one or more
    abuhuwa = compiled(real("Abúhuwa"))[0]  # «si tu oponente controla uno o más Tótems o Armas»
    assert abuhuwa["condition"] == {"kind": "opponent_controls",
                                    "filter": {"types": ["Tótem", "Arma"], "targets": False}}
    aelo = sentence_json(real("Aelo"), 1)[0]["effects"][0]  # «… igual o menor que la cantidad de Aliados Alimentados»
    assert aelo["filter"]["max_cost_from"] == "count" and aelo["filter"]["from_filter"] == FED


def test_abuhuwa_feeds_itself_only_if_the_opponent_controls_a_totem(judge, cost):
    head = header(deck("Abúhuwa"), deck("Nautilus"), hand=1)
    base = cast("A", "A1", "Abúhuwa", cost)
    fed = effect("A", "A1", counters=[["A1", "Alimento", 1]])
    v = judge(head, [put("B", "B1", zone="support")] + base + [fed])
    assert v.legal and len(base) + 3 in v.verified
    v = judge(head, base + [fed])  # no Tótem nor Arma: the ability does not fire
    assert v.status == "illegal"


# -- Convertir este Tótem en un Aliado ----------------------------------------------------

def test_convertir_este_totem_en_un_aliado_hasta_la_fase_final(real):
    for name in ("Nautilus", "Montañas de la Locura"):
        ability = compiled(real(name))[2]
        assert ability["effects"] == [{"kind": "become_ally", "subject": "self", "amount": 3,
                                       "duration": {"kind": "end_of_turn"}}]
        assert ability["per_turn"] == 1
    amphi = compiled(real("Amphiptero"))[0]["effects"][0]  # «con Fuerza igual a la cantidad de Oros …»
    assert amphi["amount_from"] == "count" and amphi["filter"]["types"] == ["Oro"]
    kuma = compiled(real("Kumamoto-jo"))[0]["effects"][0]  # «de Raza Dragón de Fuerza igual a …Tótem»
    assert kuma["keyword"] == "Dragón" and kuma["filter"]["types"] == ["Tótem"]


def test_nautilus_converts_once_per_turn_and_its_line_is_verified(judge):
    head = dict(header(deck("Nautilus"), deck(), hand=1), version=2)
    use = {"p": "A", "do": "activate", "card": "A1", "ability": 3, "pay": []}
    base = [put("A", "A1", zone="support"), use]
    v = judge(head, base + [effect("A", "A1")])
    assert v.legal and 4 in v.verified  # the engine converts it (tests/engine/test_engine_become_ally.py)
    v = judge(head, base + [effect("A", "A1"), use])
    assert (v.status, v.line, v.rule) == ("illegal", 5, "6.1")


def test_milano_negro_needs_its_tesoro_counter_to_destroy_an_oro(real, judge):
    enters = sentence_json(real("Milano Negro"), 1)[0]  # «pon un contador de Tesoro sobre él»
    assert enters["effects"] == [{"kind": "counters", "subject": "self", "amount": 1, "counter": "Tesoro"}]
    use = sentence_json(real("Milano Negro"), 2)[0]  # «… y tiene un contador de Tesoro sobre él»
    assert use["zone"] == "reserve" and use["condition"] == {"kind": "has_counters", "counter": "Tesoro"}
    head = header(deck("Milano Negro"), deck("Mercaderes"), hand=1)
    base = [{"p": "A", "do": "gold", "card": "A1"}, put("B", "B1", zone="reserve")]
    fire = effect("A", "A1", counters=[["A1", "Tesoro", 1]])
    v = judge(head, base + [fire])
    assert v.legal and len(base) + 2 in v.verified
    destroy = effect("A", "A1", moves=[["A1", "exile"], ["B1", "graveyard"]])
    v = judge(head, base + [fire, destroy])
    assert v.legal and len(base) + 3 in v.verified
    v = judge(head, [put("A", "A1", zone="reserve"), put("B", "B1", zone="reserve"), destroy])
    assert v.status == "illegal"  # no Tesoro counter on it


def test_y_hasta_un_contador_en_otro_aliado_is_up_to_one_target(real):
    ability = sentence_json(real("Each Uisge"), 3)[0]
    assert ability["effects"][0] == {"kind": "counters", "subject": "self", "amount": 1, "counter": "Alimento"}
    assert ability["effects"][1] == {"kind": "counters", "amount": 1, "counter": "Alimento"}
    assert ability["targets"] == [{"types": ["Aliado"], "races": ["Bestia"], "controller": "you",
                                   "other": True, "up_to": True}]
