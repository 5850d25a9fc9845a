"""Area G (issue 11): effect verbs and noun modifiers the grammar did not read before —
Oros generated only to play some cards, playing a card from a zone as an effect, «que no sea
Luz / Oscuridad», «un Talismán que haga objetivo a …», a bare race after the noun, «de la que
seas dueño». Compiled values are read side by side with each real card's text (the text is
read from ../shared/data, never copied here); the parts the engine executes are played."""
from __future__ import annotations

from .games import cast, deck, effect, end, gold, header, play, put
from .realcards import compiled, sentence_json

ENTERS = {"event": "enters_play", "self_only": True}
BEING_PLAYED_BY_YOU = {"controller": "you", "zone": "being_played", "targets": False}


def _gold(amount, **only):
    return {"kind": "virtual_gold", "subject": "player", "amount": amount,
            "filter": {**only, **BEING_PLAYED_BY_YOU}}


# -- «genera N Oros para jugar X»: virtual Oros that only pay for such cards --------------

def test_luz_solar_generates_one_oro_only_for_talismanes(real):
    assert sentence_json(real("Luz Solar"), 2) == [
        {"kind": "effect", "effects": [_gold(1, types=["Talismán"])], "zone": "hand"}]


def test_alberico_da_barbiano_generates_two_oros_for_armas_when_it_enters(real):
    assert sentence_json(real("Alberico da Barbiano"), 1) == [
        {"kind": "triggered", "trigger": ENTERS, "effects": [_gold(2, types=["Arma"])]}]


def test_kangiten_banishes_an_oro_of_its_cementerio_for_an_oro_for_cheap_talismanes(real):
    assert compiled(real("Kangiten")) == [
        {"kind": "activated",
         "costs": [{"kind": "banish_from_graveyard",
                    "filter": {"types": ["Oro"], "controller": "you", "zone": "graveyard", "targets": False}}],
         "effects": [_gold(1, types=["Talismán"], max_cost=2)],
         "phases": ["vigil"], "own_turn": True, "per_turn": 1}]


def test_azi_dahaka_reads_aliados_dragon_as_the_race_and_then_draws(real):
    got = sentence_json(real("Azi Dahaka"), 3)[0]
    assert got["effects"] == [_gold(1, types=["Aliado"], races=["Dragón"], min_cost=4),
                              {"kind": "draw", "subject": "player", "amount": 1, "then": True}]
    assert got["condition"]["filter"]["races"] == ["Dragón"]


def test_virtual_oros_for_some_cards_are_given_by_a_verified_line(judge, cost):
    # the engine gives the Oros virtuales and spends them first (kinds/gold_kinds, 2.5;
    # tests/engine/test_engine_enforced_families.py plays them)
    head = header(deck("Alberico da Barbiano"), deck(), hand=1)
    base = cast("A", "A1", "Alberico da Barbiano", cost)
    v = judge(head, base + [effect("A", "A1")])
    assert v.legal and len(base) + 2 in v.verified, (v.verified, v.unverified)


# -- jugar una carta de una zona como efecto (pagando / sin pagar su coste) ------------

def test_groa_plays_an_arma_of_its_cementerio_paying_its_cost(real):
    assert sentence_json(real("Gróa"), 1) == [
        {"kind": "activated", "targets": [{"types": ["Arma"], "controller": "you", "zone": "graveyard"}],
         "effects": [{"kind": "play_paying"}], "phases": ["vigil"], "own_turn": True, "per_turn": 1}]


def test_tenome_plays_a_faerie_of_its_cementerio_paying_its_cost(real):
    assert compiled(real("Tenome"))[0]["targets"] == [
        {"types": ["Aliado"], "races": ["Faerie"], "controller": "you", "zone": "graveyard"}]
    assert compiled(real("Tenome"))[0]["effects"] == [{"kind": "play_paying"}]


def test_lange_wapper_plays_itself_from_the_cementerio_when_a_faerie_enters(real):
    got = sentence_json(real("Lange Wapper"), 1)[0]
    assert got["zone"] == "graveyard" and got["optional"] is True
    assert got["effects"] == [{"kind": "play_paying", "subject": "self"}]
    assert got["trigger"]["card"]["races"] == ["Faerie"]


def test_amikiri_plays_a_talisman_of_its_cementerio_free_after_a_comma(real):
    got = compiled(real("Amikiri"))[0]
    assert got["targets"] == [{"types": ["Talismán"], "controller": "you", "zone": "graveyard", "max_cost": 2}]
    assert got["effects"] == [{"kind": "play_free"}]


def test_huitzilopochtli_plays_a_cheap_card_of_its_hand_that_is_not_an_aliado(real):
    got = sentence_json(real("Huitzilopochtli"), 0)[0]
    assert got["effects"] == [{"kind": "play_free", "subject": "chosen", "filter": {
        "controller": "you", "zone": "hand", "max_cost": 2, "targets": False, "not_types": ["Aliado"]}}]


def test_playing_a_card_paying_its_cost_moves_it_into_play_and_pays_its_oros(judge):
    # Tenome plays Kamuy (cost 2) of its Cementerio paying its cost: verified since issue 22
    head = header(deck("Tenome", "Kamuy"), deck(), hand=1)
    base = [put("A", "A1"), put("A", "A2", zone="graveyard"), gold("A", "A9")]
    ok = effect("A", "A1", targets=["A2"], moves=[["A2", "defense"], ["A0", "paid"], ["A9", "paid"]])
    v = judge(head, base + [ok])
    assert v.legal and len(base) + 2 in v.verified
    v = judge(head, base + [effect("A", "A1", targets=["A2"])])  # playing nothing: not its effect
    assert (v.status, v.rule) == ("illegal", "6.5")


# -- «que no sea Luz / Oscuridad» ------------------------------------------------------

def test_allan_quatermain_destroys_an_opponents_aliado_that_is_not_luz(real):
    got = sentence_json(real("Allan Quatermain"), 2)[0]
    assert got["targets"] == [{"types": ["Aliado"], "controller": "opponent", "not_attribute": "Luz"}]


def test_mr_hyde_destroys_an_opponents_aliado_that_is_not_oscuridad(real):
    got = sentence_json(real("Mr. Hyde"), 2)[0]
    assert got["targets"] == [{"types": ["Aliado"], "controller": "opponent", "not_attribute": "Oscuridad"}]


def test_esfinge_en_los_hielos_weakens_every_aliado_that_is_not_oscuridad(real):
    assert sentence_json(real("Esfinge en los Hielos"), 1) == [
        {"kind": "continuous", "effects": [{"kind": "strength", "subject": "each", "amount": -1,
                                            "filter": {"types": ["Aliado"], "not_attribute": "Oscuridad"}}]}]


def test_vjesci_destroys_up_to_two_cards_neither_oscuridad_nor_oro(real):
    got = sentence_json(real("Vjesci"), 1)[0]
    assert got["targets"] == [{"count": 2, "up_to": True, "not_types": ["Oro"], "not_attribute": "Oscuridad"}]


def test_allan_quatermain_may_not_destroy_a_luz_aliado(judge, cost):
    # B controls Alberico da Barbiano (Luz) and Thorkell el Alto (no attribute)
    head = header(deck("Allan Quatermain"), deck("Alberico da Barbiano"), hand=1)
    base = [put("B", "B1", "B2")] + cast("A", "A1", "Allan Quatermain", cost)
    ok = effect("A", "A1", targets=["B2"], moves=[["B2", "graveyard"]], draw={"A": 1})
    assert judge(head, base + [ok]).verified
    v = judge(head, base + [effect("A", "A1", targets=["B1"], moves=[["B1", "graveyard"]], draw={"A": 1})])
    assert (v.status, v.rule) == ("illegal", "8.2")


# -- «Anula un Talismán que haga objetivo a …» -----------------------------------------

def _annul_target(inner):
    return [{"types": ["Talismán"], "zone": "being_played", "targeting": {**inner, "targets": False}}]


def test_marca_de_dolor_annuls_a_talisman_that_targets_your_aliado(real):
    assert compiled(real("Marca de Dolor")) == [
        {"kind": "effect", "targets": _annul_target({"types": ["Aliado"], "controller": "you"}),
         "effects": [{"kind": "annul"}], "zone": "hand", "response": True}]


def test_forma_de_enjambre_annuls_a_talisman_that_targets_your_totem_or_arma(real):
    assert compiled(real("Forma de Enjambre"))[0]["targets"] == _annul_target(
        {"types": ["Tótem", "Arma"], "controller": "you"})


def test_muro_de_lava_annuls_a_talisman_that_targets_your_dragon_or_guerrero(real):
    assert compiled(real("Muro de Lava"))[0]["targets"] == _annul_target(
        {"types": ["Aliado"], "races": ["Dragón", "Guerrero"], "controller": "you"})


def test_golpe_de_jade_annuls_a_talisman_that_targets_any_card_you_control(real):
    assert compiled(real("Golpe de Jade"))[0]["targets"] == _annul_target({"controller": "you"})


def test_marca_de_dolor_answers_only_a_talisman_aimed_at_your_aliado(judge, cost):
    assert cost("Marca de Dolor") == 2
    head = header(deck("Aliento Congelante", "Acobardar"), deck("Marca de Dolor"), hand=2)
    base = [put("B", "B2"), gold("A", "A9"), gold("B", "B9")]
    answer = play("B", "B1", ["B0", "B9"], targets=["A1"])
    aimed = [play("A", "A1", ["A0", "A9"], targets=["B2"])]  # Aliento Congelante on B's Aliado
    v = judge(head, base + aimed + [answer])
    assert v.legal
    v = judge(head, base + aimed + [answer, effect("A", "A1", moves=[["B2", "graveyard"]])])
    assert (v.status, v.rule) == ("illegal", "10.4")  # annulled: it does not resolve
    v = judge(head, base + [play("A", "A2", ["A0", "A9"]), play("B", "B1", ["B0", "B9"], targets=["A2"])])
    assert (v.status, v.rule) == ("illegal", "8.2")  # Acobardar targets nothing


# -- «de la que seas dueño» ------------------------------------------------------------

def test_narrar_el_pasado_takes_back_a_card_you_own(real):
    assert compiled(real("Narrar el Pasado")) == [
        {"kind": "effect", "targets": [{"owned": True}], "effects": [{"kind": "gain_control"}], "zone": "hand"}]


# -- costs: «Subir este Aliado a tu mano», «Desterrar la primera carta de tu Mazo Castillo»,
#    «Descartarlo» / «mostrarla» from the hand, «poner una carta de tu mano al fondo …» -----

def test_cesar_augusto_returns_itself_to_the_hand_to_annul_an_opponents_card(real):
    got = compiled(real("Cesar Augusto"))[0]
    assert got["costs"] == [{"kind": "return_self"}] and got["effects"] == [{"kind": "annul"}]
    assert got["targets"] == [{"controller": "opponent", "zone": "being_played"}] and got["response"]


def test_tylwyth_teg_returns_itself_to_annul_a_cheap_opponents_talisman(real):
    got = sentence_json(real("Tylwyth Teg"), 1)[0]
    assert got["costs"] == [{"kind": "return_self"}]
    assert got["targets"] == [{"types": ["Talismán"], "controller": "opponent", "zone": "being_played",
                               "max_cost": 2}]


def test_el_monstruo_banishes_its_top_card_to_destroy_a_cost_1_aliado(real):
    got = sentence_json(real("El Monstruo"), 2)[0]
    assert got["costs"] == [{"kind": "banish_castle_top"}] and got["per_turn"] == 1
    assert got["targets"] == [{"types": ["Aliado"], "controller": "opponent", "max_cost": 1}]


def test_mochuelo_banishes_its_top_card_to_regroup_itself(real):
    got = sentence_json(real("Mochuelo"), 1)[0]
    assert got["costs"] == [{"kind": "banish_castle_top"}]
    assert got["effects"] == [{"kind": "regroup", "subject": "self"}]


def test_rasputin_discards_itself_from_the_hand_to_draw(real):
    assert sentence_json(real("Rasputín"), 1) == [
        {"kind": "activated", "costs": [{"kind": "discard_self"}],
         "effects": [{"kind": "draw", "subject": "player", "amount": 1}], "zone": "hand"}]


def test_naginata_celeste_is_shown_from_the_hand_with_two_oros_to_search_a_dragon(real):
    got = sentence_json(real("Naginata Celeste"), 0)[0]
    assert got["costs"] == [{"kind": "reveal_self"}, {"kind": "gold", "amount": 2}] and got["zone"] == "hand"
    assert got["effects"][0]["filter"] == {"types": ["Aliado"], "races": ["Dragón"], "zone": "castle", "min_cost": 4}


def test_citlali_costs_a_card_of_the_hand_put_at_the_bottom_of_the_castle(real):
    assert compiled(real("Citlali")) == [
        {"kind": "additional_cost", "costs": [{"kind": "bottom_from_hand",
                                               "filter": {"controller": "you", "zone": "hand", "targets": False}}]},
        {"kind": "effect", "effects": [{"kind": "draw", "subject": "player", "amount": 2}], "zone": "hand"}]


def test_el_monstruo_pays_with_the_top_card_of_its_castle(judge):
    head = header(deck("El Monstruo"), deck(), hand=1)  # A's castle top after the draw: A2
    base = [put("A", "A1"), put("B", "B1")]
    ok = effect("A", "A1", targets=["B1"], moves=[["B1", "graveyard"], ["A2", "exile"]])
    assert judge(head, base + [ok]).verified
    v = judge(head, base + [effect("A", "A1", targets=["B1"], moves=[["B1", "graveyard"], ["A3", "exile"]])])
    assert (v.status, v.rule) == ("illegal", "10.16")  # A3 is not the top card
    v = judge(head, base + [effect("A", "A1", targets=["B1"], moves=[["B1", "graveyard"]])])
    assert (v.status, v.rule) == ("illegal", "10.16")  # the cost is not paid


def test_rasputin_is_discarded_from_the_hand_to_draw_a_card(judge):
    head = header(deck("Rasputín"), deck(), hand=1, version=2)
    act = {"p": "A", "do": "activate", "card": "A1", "ability": 2}
    v = judge(head, [act, effect("A", "A1", draw={"A": 1})])
    assert v.status == "unfinished" and v.verified == (3,) and v.final["A"]["graveyard"] == 1
    v = judge(head, [put("A", "A1"), act])  # in play, not in the hand
    assert (v.status, v.rule) == ("illegal", "6.2")


def test_citlali_is_played_putting_a_card_of_the_hand_at_the_bottom(judge, cost):
    assert cost("Citlali") == 1
    head = header(deck("Citlali", "Kamuy"), deck(), hand=2)
    v = judge(head, [play("A", "A1", ["A0"], costs=["A2"]), effect("A", "A1", draw={"A": 2})])
    assert v.status == "unfinished" and v.verified == (3,) and v.final["A"]["hand"] == 2
    v = judge(head, [play("A", "A1", ["A0"])])  # the additional cost is not named
    assert (v.status, v.rule) == ("illegal", "10.16")


# -- «Gana un turno extra», «gana Furia y 3 a la Fuerza», «… en juego y en los Cementerios»,
#    «Luego pon …», «jugar este Aliado desde tu Cementerio» -----------------------------------

def test_viaje_en_el_tiempo_gives_you_an_extra_turn(real):
    assert sentence_json(real("Viaje en el Tiempo"), 3) == [
        {"kind": "effect", "effects": [{"kind": "extra_turn", "subject": "player"}], "zone": "hand"}]


def test_locura_de_esclavo_gives_furia_and_3_fuerza_to_the_same_target(real):
    assert compiled(real("Locura de Esclavo")) == [
        {"kind": "effect", "targets": [{"types": ["Aliado"], "attribute": "Oscuridad"}],
         "effects": [{"kind": "gain_keyword", "keyword": "Furia", "duration": {"kind": "end_of_turn"}},
                     {"kind": "strength", "amount": 3, "duration": {"kind": "end_of_turn"}}], "zone": "hand"}]


def test_golpe_a_la_tierra_banishes_oros_with_ability_in_play_and_in_the_cementerios(real):
    oros = {"types": ["Oro"], "with_ability": True}
    assert compiled(real("Golpe a la Tierra")) == [
        {"kind": "effect", "effects": [{"kind": "banish", "subject": "each", "filter": oros},
                                       {"kind": "banish", "subject": "each", "filter": {**oros, "zone": "graveyard"}}],
         "zone": "hand"}]


def test_necronomicon_returns_to_the_hand_after_destroying(real):
    got = sentence_json(real("Necronomicón"), 1)[0]
    assert got["effects"] == [{"kind": "destroy"}, {"kind": "return_to_hand", "subject": "self", "then": True}]


def test_lahmu_plays_itself_from_the_cementerio_when_you_play_a_bestia(real):
    got = sentence_json(real("Lahmu"), 2)[0]
    assert got["zone"] == "graveyard" and got["effects"] == [{"kind": "play_free", "subject": "self"}]
    assert got["trigger"]["card"]["races"] == ["Bestia"]


# -- how the card being played was played: «jugada sin pagar su coste», «que no se haya
#    jugado desde la mano de su dueño» ----------------------------------------------------

def test_bolon_tiku_annuls_a_card_played_without_paying_its_cost(real):
    assert compiled(real("Bolon Tiku"))[0]["targets"] == [{"zone": "being_played", "played_free": True}]


def test_pergamino_de_sanar_annuls_an_opponents_aliado_played_without_paying(real):
    assert compiled(real("Pergamino de Sanar"))[0]["targets"] == [
        {"types": ["Aliado"], "controller": "opponent", "zone": "being_played", "played_free": True}]


def test_santa_diestra_banishes_itself_to_annul_a_card_played_without_paying(real):
    got = compiled(real("Santa Diestra"))[0]
    assert got["costs"] == [{"kind": "banish_self"}] and got["response"]
    assert got["targets"] == [{"zone": "being_played", "played_free": True}]


def test_mala_vision_annuls_a_card_not_played_from_its_owners_hand(real):
    assert compiled(real("Mala Visión"))[0]["targets"] == [{"zone": "being_played", "played_from_hand": False}]


def test_mala_vision_answers_hijos_del_fuego_played_from_the_cementerio_only(judge, cost):
    assert cost("Hijos del Fuego") == 1
    head = header(deck("Hijos del Fuego", "Hijos del Fuego"), deck("Mala Visión"), hand=2)
    oros = [f"B{9 + i}" for i in range(cost("Mala Visión") - 1)]
    answer = play("B", "B1", ["B0"] + oros, targets=["A1"])
    base = [gold("B", *oros)] if oros else []
    v = judge(head, base + [put("A", "A1", zone="graveyard"), play("A", "A1", ["A0"]), answer])
    assert v.legal and v.final["A"]["in_play"] == 1  # annulled: only the Oro inicial
    v = judge(head, base + [play("A", "A1", ["A0"]), answer])  # from the hand
    assert (v.status, v.rule) == ("illegal", "8.2")


def test_ame_onna_reads_la_carta_superior_as_the_top_card(real):
    got = compiled(real("Ame Onna"))[0]
    assert got["costs"] == [{"kind": "banish_castle_top"}]
    assert got["effects"] == [{"kind": "set_strength", "amount": 0, "duration": {"kind": "end_of_turn"}}]


def test_lancelot_reads_cualquier_numero_as_cualquier_cantidad(real):
    assert compiled(real("Lancelot"))[0] == {"kind": "continuous", "effects": [
        {"kind": "weapon_capacity", "subject": "self"}]}  # no amount: any number of Armas


def test_teutates_oros_for_talismanes_let_a_talisman_be_paid_with_fewer_oros(judge, cost):
    assert cost("Aliento Congelante") == cost("Kamuy") == 2
    head = header(deck("Teutates", "Aliento Congelante", "Kamuy"), deck(), hand=3)
    # Teutates in play since an earlier turn; its line «Genera un Oro para jugar Talismanes»
    base = [put("A", "A1"), put("B", "B1"), end("A"), end("B"), effect("A", "A1")]
    v = judge(head, base + [play("A", "A2", ["A0"], targets=["B1"])])  # one Oro + Teutates' Oro
    assert v.legal and len(base) + 1 not in v.unverified, (v.rule, v.message, v.unverified)
    v = judge(head, base + [play("A", "A3", ["A0"])])  # an Aliado: Teutates' Oro does not pay it
    assert (v.status, v.rule) == ("illegal", "8.1")
    v = judge(head, base[:-1] + [play("A", "A2", ["A0"], targets=["B1"])])  # not generated
    assert (v.status, v.rule) == ("illegal", "8.1")


def test_pergamino_de_ku_chooses_a_dragon_of_the_cementerio_and_plays_it_paying(real):
    assert compiled(real("Pergamino de Ku")) == [
        {"kind": "effect", "targets": [{"types": ["Aliado"], "races": ["Dragón"], "controller": "you",
                                        "zone": "graveyard"}], "effects": [{"kind": "play_paying"}], "zone": "hand"}]


def test_kumonosu_reads_jugar_sin_pagar_su_coste_before_the_card(real):
    got = sentence_json(real("Kumonosu"), 1)[0]
    assert got["effects"] == [{"kind": "play_free"}]
    assert got["targets"][0]["types"] == ["Tótem"] and got["targets"][0]["zone"] == "graveyard"


def test_michahel_plays_up_to_two_aliados_with_ilusion_and_or_faerie(real):
    got = sentence_json(real("Michahel"), 2)[0]
    assert got["targets"][0]["any_of"] == [{"keywords": ["Ilusión"], "targets": False},
                                           {"races": ["Faerie"], "targets": False}]
    assert got["targets"][0]["count"] == 2 and got["effects"] == [{"kind": "play_free"}]


def test_yamachichi_targets_an_espectral_card_of_its_cementerio(judge):
    # Amabie is Espectral (a keyword the engine does not track itself); Thorkell el Alto is not
    head = header(deck("Yamachichi", "Amabie"), deck(), hand=1)
    base = [put("A", "A1"), put("A", "A2", "A3", zone="graveyard")]
    base += [{"p": "A", "do": "effect", "moves": [["A9", "reserve"]]}]
    played = effect("A", "A1", targets=["A2"], moves=[["A2", "defense"], ["A0", "paid"], ["A9", "paid"]])
    v = judge(head, base + [played])
    assert v.legal and len(base) + 2 in v.verified, v  # 10.24: played as a Talismán, enters as an Aliado
    v = judge(head, base + [effect("A", "A1", targets=["A2"])])  # the ability plays it: the line does not
    assert (v.status, v.rule) == ("illegal", "6.5"), v
    v = judge(head, base + [effect("A", "A1", targets=["A3"])])
    assert (v.status, v.rule) == ("illegal", "8.2")


# -- «Puedes jugar este Talismán en respuesta a que tu oponente juegue un Aliado» ------------

def test_sefirot_may_be_played_in_response_to_an_opponents_aliado(real):
    assert sentence_json(real("Sefirot"), 1) == [
        {"kind": "play_permission", "trigger": {"event": "played", "card": {"types": ["Aliado"], "targets": False},
                                                "player": "opponent"}, "zone": "hand", "response": True}]


def test_travesura_de_coyote_may_be_played_in_response_to_an_opponents_talisman(real):
    got = sentence_json(real("Travesura de Coyote"), 0)[0]
    assert got["trigger"]["card"]["types"] == ["Talismán"] and got["response"] is True


def test_sefirot_is_played_while_the_opponents_aliado_is_being_played(judge, cost):
    head = header(deck("Kamuy", "Aliento Congelante"), deck("Sefirot"), hand=2)
    oros = [f"B{9 + i}" for i in range(cost("Sefirot") - 1)]
    answer = play("B", "B1", ["B0"] + oros)
    base = [gold("B", *oros)] if oros else []
    v = judge(head, base + [gold("A", "A9"), play("A", "A1", ["A0", "A9"]), answer])
    assert v.legal  # in response to Kamuy, in A's Fase de Vigilia
    v = judge(head, base + [put("B", "B2"), gold("A", "A9"), play("A", "A2", ["A0", "A9"], targets=["B2"]), answer])
    assert (v.status, v.rule) == ("illegal", "9 B")  # a Talismán is not an Aliado


def test_valdemar_iv_fires_up_to_three_times_per_turn(real):
    got = compiled(real("Valdemar IV"))
    assert len(got) == 1 and got[0]["per_turn"] == 3 and got[0]["kind"] == "triggered"
    assert got[0]["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent", "amount": 2}]


def test_bestia_de_culpa_banishes_the_top_two_cards_of_the_castle_as_it_is_played(real, judge, cost):
    assert compiled(real("Bestia de Culpa"))[0] == {"kind": "additional_cost",
                                                    "costs": [{"kind": "banish_castle_top", "amount": 2}]}
    assert cost("Bestia de Culpa") == 1
    head = header(deck("Bestia de Culpa"), deck(), hand=1)
    v = judge(head, [play("A", "A1", ["A0"]), effect("A", "A1", draw={"A": 2})])
    assert v.status == "unfinished" and v.verified == (3,) and v.final["A"]["exile"] == 2  # paid by the engine
