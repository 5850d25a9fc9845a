"""More families the compiler reads whole and the engine now enforces (issues 20 item 2, 22):
each a recorded game with real catalog cards (the compiler on, as the product runs) where
correct use is legal and verified, and misuse is illegal at its line with the rule; what the
engine cannot decide stays unverified with its reason. Card texts are read from
../shared/data, never copied here."""
from __future__ import annotations


from tests.compiler.games import (attack, block, cast, deck, effect, end, gold, header, illegal, passes,
                                   play, put, verified)
from tourney.engine.abilities.kinds.enforcement import unenforced
from tourney.engine.compiler import compile_card


def enforced(catalog, name, word):
    card = catalog.resolve(name).card
    comp = compile_card(card)
    assert comp.complete, name
    reasons = unenforced(card, comp.abilities)
    assert not any(word in r for r in reasons), reasons
    return reasons


# -- 2.5 Oros virtuales: «genera N Oros (para jugar …)» pay first ---------------------------

def _alberico(cost):
    """Alberico da Barbiano (A1): «Cuando este Aliado entra en juego, genera dos Oros para jugar
    Armas»; Tachi (A2, an Arma of cost 2) in hand; a spare Oro A9 for the Tachi."""
    head = header(deck("Alberico da Barbiano", "Tachi", "Thorkell el Alto"), deck(), hand=3)
    base = cast("A", "A1", "Alberico da Barbiano", cost) + [effect("A", "A1")]
    return head, base


def test_2_5_oros_virtuales_alberico_pays_for_an_arma_with_its_two_oros(catalog, judge, cost):
    enforced(catalog, "Alberico da Barbiano", "virtual_gold")
    head, base = _alberico(cost)
    line = len(base) + 1
    v = verified(judge(head, base + [play("A", "A2", [], bearer="A1")]), line)
    assert line + 1 not in v.unverified


def test_2_5_oros_virtuales_alberico_are_used_first_paying_reserva_oros_is_illegal(judge, cost):
    head, base = _alberico(cost)
    v = judge(head, base + [gold("A", "A10"), play("A", "A2", ["A10"], bearer="A1")])
    illegal(v, len(base) + 3, "2.5")
    assert "virtual" in v.message


def test_2_5_oros_virtuales_alberico_pay_only_for_armas(judge, cost):
    head, base = _alberico(cost)  # Thorkell el Alto (A3) is an Aliado of cost 1
    illegal(judge(head, base + [play("A", "A3", [])]), len(base) + 2, "8.1")


def test_2_5_oros_virtuales_without_the_line_there_are_none(judge, cost):
    head, base = _alberico(cost)
    illegal(judge(head, base[:-1] + [play("A", "A2", [], bearer="A1")]), len(base) + 1, "8.1")


def _ada():
    """Ada Lovelace (A2) in play since an earlier turn: «En tu Fase de Vigilia, una vez por
    turno, puedes Generar un Oro para jugar Armas»; Tachi (A1) in hand costs 2."""
    head = header(deck("Tachi", "Ada Lovelace"), deck(), hand=1)
    return head, [put("A", "A2"), end("A"), end("B"), effect("A", "A2")]


def test_2_5_oros_virtuales_ada_lovelace_one_oro_of_the_reserva_and_one_virtual(catalog, judge):
    enforced(catalog, "Ada Lovelace", "virtual_gold")
    head, base = _ada()
    v = verified(judge(head, base + [play("A", "A1", ["A0"], bearer="A2")]), 5)
    assert 6 not in v.unverified, v.unverified
    v = judge(head, base + [gold("A", "A9"), play("A", "A1", ["A0", "A9"], bearer="A2")])
    illegal(v, 7, "2.5")


def test_2_5_oros_virtuales_ada_lovelace_once_per_turn(judge):
    head, base = _ada()
    v = judge(head, base + [effect("A", "A2")])
    assert v.status == "illegal" and v.line == 6, (v.line, v.rule, v.message)


def test_2_5_oros_virtuales_of_an_earlier_turn_leave_the_payment_unverified(judge):
    # the rules give them no duration: the next turn the engine cannot tell
    head, base = _ada()
    base = base + [end("A"), end("B"), gold("A", "A9")]
    for pay in (["A0"], ["A0", "A9"]):
        v = judge(head, base + [play("A", "A1", pay, bearer="A2")])
        assert v.legal and 9 in v.unverified, (v.line, v.rule, v.message, v.unverified)


# -- 10.13 Copias: Mercenario («cualquier cantidad de copias») -------------------------------

def test_10_13_copias_mercenario_grifo_dorado_four_copies_are_a_legal_castle(catalog, judge):
    # the copies rule is the legality core's (formats); in a game nothing limits them
    enforced(catalog, "Grifo Dorado", "Mercenario")
    head = header(deck("Grifo Dorado", "Grifo Dorado", "Grifo Dorado", "Grifo Dorado"), deck(),
                  hand=4)
    v = judge(head, [play("A", "A1", ["A0"])])
    assert v.legal and v.unverified == (), (v.line, v.rule, v.message, v.unverified)


# -- 8.1 Jugar: «si lo jugaste desde tu Cementerio / si pagaste su coste» (how it was played) --

def test_8_1_jugar_desde_el_cementerio_aguila_de_fuego_draws_only_when_exhumed(catalog, judge):
    # «Tu oponente Bota dos cartas. Luego, si jugaste este Talismán desde tu Cementerio, Roba
    # una carta» (Exhumar: it may be played from the Cementerio paying its cost)
    enforced(catalog, "Águila de Fuego", "played_from")
    head = header(deck("Águila de Fuego"), deck(), hand=1)
    from_hand = [play("A", "A1", ["A0"])]
    verified(judge(head, from_hand + [effect("A", "A1", mill={"B": 2})]), 3)
    illegal(judge(head, from_hand + [effect("A", "A1", mill={"B": 2}, draw={"A": 1})]), 3, "6.5")
    exhumed = [put("A", "A1", zone="graveyard"), play("A", "A1", ["A0"])]
    verified(judge(head, exhumed + [effect("A", "A1", mill={"B": 2}, draw={"A": 1})]), 4)
    v = judge(head, exhumed + [effect("A", "A1", mill={"B": 2})])
    assert v.status == "illegal" and v.line == 4, (v.status, v.line, v.rule, v.message)


def test_8_1_jugar_pagando_malakhim_draws_when_its_cost_was_paid(catalog, judge, cost):
    # «Cuando este Aliado entra en juego, si pagaste su coste, Roba una carta por cada Aliado de
    # Raza Eterno y/o Faerie que controles» — Malakhim (an Eterno) is the one here
    enforced(catalog, "Malakhim", "paid_cost")
    head = header(deck("Malakhim"), deck(), hand=1)
    base = cast("A", "A1", "Malakhim", cost)
    line = len(base) + 2
    count = 1
    verified(judge(head, base + [effect("A", "A1", draw={"A": count})]), line)
    v = judge(head, base + [effect("A", "A1", draw={"A": count + 1})])
    assert v.status == "illegal" and v.line == line, (v.status, v.line, v.rule, v.message)


def test_8_1_jugar_a_card_put_into_play_another_way_leaves_the_line_unverified(judge):
    # put into play by a line without source: not played, the engine cannot tell
    head = header(deck("Malakhim"), deck(), hand=1)
    v = judge(head, [put("A", "A1"), effect("A", "A1", draw={"A": 1})])
    assert v.legal and 3 in v.unverified, (v.line, v.rule, v.message, v.unverified)


# -- 6.4 Habilidades continuas: «Este Aliado no puede perder su habilidad» -------------------

def _miasma_then_banish(protected):
    """B controls ``protected`` (B1, Indesterrable); Ana plays Miasma («Hasta la Fase Final, los
    Aliados oponentes en juego pierden su habilidad»), then Luz Destructora («Destierra un
    Aliado oponente en juego») on B1."""
    head = header(deck("Miasma", "Luz Destructora"), deck(protected), hand=2)
    oros = [f"A{i}" for i in range(9, 14)]
    return head, [put("B", "B1"), gold("A", *oros), play("A", "A1", ["A0", "A9", "A10"]),
                  effect("A", "A1"), play("A", "A2", ["A11", "A12", "A13"], targets=["B1"]),
                  effect("A", "A2", moves=[["B1", "exile"]])]


def test_6_4_continuas_choronzon_cannot_lose_its_abilities_keeps_indesterrable_through_miasma(catalog, judge):
    enforced(catalog, "Choronzon", "lose_abilities")
    head, lines = _miasma_then_banish("Choronzon")
    v = judge(head, lines)
    assert (v.status, v.line, v.rule) == ("illegal", 7, "10.30"), (v.status, v.line, v.rule, v.message)
    assert 5 in v.verified, (v.verified, v.unverified)


def test_6_4_continuas_without_that_protection_nekomata_loses_indesterrable_to_miasma(judge):
    head, lines = _miasma_then_banish("Nekomata")  # «Indestructible. Indesterrable.» only
    v = judge(head, lines)
    assert v.legal and 7 in v.verified, (v.line, v.rule, v.message, v.unverified)


# -- 6.3 Disparadas diferidas: «Hasta la Fase Final, cuando …» of a Talismán ----------------

def _rescatar(then):
    """Ana plays Rescatar Almas (A1: «Hasta la Fase Final, cuando un Aliado sea puesto en un
    Cementerio, Destiérralo»), then Aliento Congelante (A2: «Destruye un Aliado oponente») on
    B's Aliado B1."""
    head = header(deck("Rescatar Almas", "Aliento Congelante"), deck(), hand=2)
    oros = [f"A{i}" for i in range(9, 12)]
    return head, [put("B", "B1"), gold("A", *oros), play("A", "A1", ["A0", "A9"])] + then + [
        play("A", "A2", ["A10", "A11"], targets=["B1"]),
        effect("A", "A2", moves=[["B1", "graveyard"]])]


def test_6_3_disparada_diferida_rescatar_almas_banishes_the_aliado_put_in_a_cementerio(catalog, judge):
    enforced(catalog, "Rescatar Almas", "diferida")
    head, lines = _rescatar([])
    v = judge(head, lines + [effect("A", "A1", moves=[["B1", "exile"]])])
    verified(v, 7)


def test_6_3_disparada_diferida_rescatar_almas_banishes_that_aliado_not_another(judge):
    head, lines = _rescatar([])
    lines = [put("B", "B2", zone="graveyard")] + lines  # in the Cementerio before
    v = judge(head, lines + [effect("A", "A1", moves=[["B2", "exile"]])])
    assert v.status == "illegal" and v.line == 8, (v.status, v.line, v.rule, v.message)


def test_6_3_disparada_diferida_rescatar_almas_ends_at_the_fase_final(judge):
    head, lines = _rescatar([])
    lines = lines[:3] + [end("A"), end("B")] + lines[3:]  # Aliento Congelante a turn later
    v = judge(head, lines + [effect("A", "A1", moves=[["B1", "exile"]])])
    assert v.status == "illegal" and v.line == 9, (v.status, v.line, v.rule, v.message)


# -- 6.5 «Cada jugador Destierra / Baraja …»: each player chooses one of their own cards -------

def _kasai(cost):
    """Ana (A2) and Beto (B1) each control an Aliado; Ana plays Kasai no Hebi («Cada jugador
    Destierra un Aliado que controle»)."""
    head = header(deck("Kasai no Hebi"), deck(), hand=1)
    return head, [put("A", "A2"), put("B", "B1")] + cast("A", "A1", "Kasai no Hebi", cost)


def test_6_5_cada_jugador_kasai_no_hebi_each_player_banishes_one_of_their_aliados(catalog, judge, cost):
    enforced(catalog, "Kasai no Hebi", "cada jugador")
    head, base = _kasai(cost)
    line = len(base) + 2
    verified(judge(head, base + [effect("A", "A1", moves=[["A2", "exile"], ["B1", "exile"]])]), line)


def test_6_5_cada_jugador_kasai_no_hebi_both_players_must_banish_one(judge, cost):
    head, base = _kasai(cost)
    line = len(base) + 2
    illegal(judge(head, base + [effect("A", "A1", moves=[["B1", "exile"]])]), line, "6.5")
    two = base[:1] + [put("A", "A3")] + base[1:]  # Ana has two: she banishes one, not both
    v = judge(head, two + [effect("A", "A1", moves=[["A2", "exile"], ["A3", "exile"], ["B1", "exile"]])])
    illegal(v, line + 1, "6.5")


def test_6_5_cada_jugador_duelo_sumai_each_player_shuffles_a_card_of_their_hand(catalog, judge, cost):
    # «Cada jugador Baraja una carta de su mano»: Ana keeps A2 in hand, Beto B1 and B2 in his
    enforced(catalog, "Duelo Sumai", "cada jugador")
    head = header(deck("Duelo Sumai"), deck(), hand=2)
    base = cast("A", "A1", "Duelo Sumai", cost)
    line = len(base) + 2
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "castle_top"], ["B2", "castle_bottom"]])])
    verified(v, line)
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "castle_top"]])])
    illegal(v, line, "6.5")


# -- 10.12 Contadores: «Cuando un contador (de X) sea puesto sobre …» (counter_placed) -------

def _camina(counter):
    """Camina Tormentas (A1: «Cuando uno o más contadores de Alimento sean puestos sobre un Aliado
    que controles, puedes pagar un Oro para Robar una carta») and Thorkell el Alto (A2) in play;
    a line puts a ``counter`` on A2; then Camina Tormentas' line pays the Oro A0 and draws."""
    head = header(deck("Camina Tormentas"), deck(), hand=1)
    return head, [put("A", "A1", "A2"), {"p": "A", "do": "effect", "counters": [["A2", counter, 1]]},
                  effect("A", "A1", moves=[["A0", "paid"]], draw={"A": 1})]


def test_10_12_contadores_camina_tormentas_draws_when_an_alimento_is_put(catalog, judge):
    enforced(catalog, "Camina Tormentas", "contador")
    head, lines = _camina("Alimento")
    verified(judge(head, lines), 4)


def test_10_12_contadores_camina_tormentas_another_counter_does_not_fire_it(judge):
    head, lines = _camina("Honor")
    v = judge(head, lines)
    assert (v.status, v.line) == ("illegal", 4), (v.status, v.line, v.rule, v.message)


# -- 6.3 Disparadas: «… sea Destruido por un efecto oponente» (who caused the move) ----------

def _wakita(destroy):
    """Wakita Naokata (A1: «Una vez por turno, cuando otro Aliado Luz o de Raza Samurái que
    controles sea Destruido por un efecto oponente, puedes Robar una carta») and Alberico da
    Barbiano (A2, Luz) in play; in Beto's turn ``destroy`` puts A2 in the Cementerio."""
    head = header(deck("Wakita Naokata", "Alberico da Barbiano"), deck("Aliento Congelante"), hand=1)
    return head, [put("A", "A1", "A2"), end("A")] + destroy + [effect("A", "A1", draw={"A": 1})]


def test_6_3_disparadas_wakita_naokata_draws_when_an_opponents_talisman_destroys_a_luz(catalog, judge):
    enforced(catalog, "Wakita Naokata", "efecto oponente")
    head, lines = _wakita([gold("B", "B9"), play("B", "B1", ["B0", "B9"], targets=["A2"]),
                           effect("B", "B1", moves=[["A2", "graveyard"]])])
    verified(judge(head, lines), 7)


def test_6_3_disparadas_wakita_naokata_after_a_line_without_source_the_draw_is_unverified(judge):
    # who caused a move of a line without «source» is not known: never illegal, not verified
    head, lines = _wakita([put("B", "A2", zone="graveyard")])
    v = judge(head, lines)
    assert v.legal and 5 in v.unverified, (v.status, v.line, v.rule, v.message, v.unverified)


# -- 10.5 Barajar, 10.8 Buscar: «cuando tu oponente Baraje / Busque una carta …» --------------

def _principe(cost, moves):
    """Príncipe Negro (A1: «cuando tu oponente Baraje una carta de su Cementerio, tu oponente Bota
    dos cartas») in play; in Beto's turn his Psicomancia (B1) Purifica B3 of his Cementerio with
    ``moves`` (Barajada: into his Mazo Castillo; or Desterrada)."""
    head = header(deck("Príncipe Negro"), deck("Psicomancia"), hand=1)
    return head, [put("A", "A1"), put("B", "B3", zone="graveyard"), end("A"),
                  *cast("B", "B1", "Psicomancia", cost, targets=["B3"]),
                  effect("B", "B1", moves=moves)]


def test_10_5_barajar_principe_negro_mills_when_the_opponent_shuffles_a_card_of_his_cementerio(catalog, judge, cost):
    enforced(catalog, "Príncipe Negro", "Baraja")
    head, lines = _principe(cost, [["B3", "castle_bottom"]])
    line = len(lines) + 2
    verified(judge(head, lines + [effect("A", "A1", mill={"B": 2})]), line)


def test_10_5_barajar_principe_negro_mills_exactly_two(judge, cost):
    head, lines = _principe(cost, [["B3", "castle_bottom"]])
    illegal(judge(head, lines + [effect("A", "A1", mill={"B": 3})]), len(lines) + 2, "10.7")


def test_10_5_barajar_principe_negro_does_not_fire_when_the_card_is_desterrada(judge, cost):
    head, lines = _principe(cost, [["B3", "exile"]])
    v = judge(head, lines + [effect("A", "A1", mill={"B": 2})])
    assert len(lines) + 1 in v.verified, v.unverified  # Desterrada: Purificada, not Barajada
    assert (v.status, v.line) == ("illegal", len(lines) + 2), (v.status, v.line, v.rule, v.message)


def _zawisza(cost, found):
    """Zawisza el Negro (A1: «cuando tu oponente Busque una carta en su Mazo Castillo, tu
    oponente Bota cinco cartas») in play; in Beto's turn his Marca de la Bestia (B1: «Busca un
    Aliado de Raza Bestia en tu Mazo Castillo») takes ``found`` (B3 is Caladrius, a Bestia)."""
    head = header(deck("Zawisza el Negro"), deck("Marca de la Bestia", "Thorkell el Alto", "Caladrius"),
                  hand=1)
    return head, [put("A", "A1"), end("A"), *cast("B", "B1", "Marca de la Bestia", cost),
                  effect("B", "B1", moves=[[found, "hand"]])]


def test_10_8_buscar_zawisza_el_negro_mills_five_when_the_opponent_searches_his_castillo(catalog, judge, cost):
    enforced(catalog, "Zawisza el Negro", "Busca")
    head, lines = _zawisza(cost, "B3")
    line = len(lines) + 2
    verified(judge(head, lines + [effect("A", "A1", mill={"B": 5})]), line)


def test_10_8_buscar_zawisza_el_negro_mills_exactly_five(judge, cost):
    head, lines = _zawisza(cost, "B3")
    illegal(judge(head, lines + [effect("A", "A1", mill={"B": 4})]), len(lines) + 2, "10.7")


def test_10_8_buscar_zawisza_el_negro_after_a_search_that_finds_nothing_the_mill_is_unverified(judge, cost):
    # a search may fail (10.8): whether «Busque una carta» counts it is not decided — never illegal
    head = header(deck("Zawisza el Negro"), deck("Marca de la Bestia"), hand=1)
    lines = [put("A", "A1"), end("A"), *cast("B", "B1", "Marca de la Bestia", cost),
             effect("B", "B1"), effect("A", "A1", mill={"B": 5})]
    v = judge(head, lines)
    assert v.legal and len(lines) in v.verified and len(lines) + 1 in v.unverified, (
        v.status, v.line, v.rule, v.message, v.verified, v.unverified)


# -- Daño (combate y directo): «cuando un Aliado … haga Daño al Mazo Castillo oponente» ------

def _bosque(then, attacker="A2"):
    """Ana's turn 3: Thorkell el Alto (A2, a Bárbaro with Furia) and Caladrius (A3, a Bestia) in
    play since turn 1; she plays Bosque Druida (A1: «Hasta la Fase Final, cuando un Aliado de
    Raza Bárbaro o Guerrero que controles haga Daño al Mazo Castillo oponente, tu oponente Bota
    una carta»), then ``then``."""
    head = header(deck("Bosque Druida", "Thorkell el Alto", "Caladrius", "Rimush"), deck(), hand=4)
    return head, [put("A", "A2", "A3"), end("A"), end("B"), gold("A", "A9", "A10", "A11"),
                  play("A", "A1", ["A0", "A9"])] + then


def _unblocked(attacker):
    return [attack("A", attacker), block("B"), passes("B"), passes("A")]


def test_9_c4_dano_bosque_druida_mills_one_when_a_barbaro_hits_the_castillo(catalog, judge):
    enforced(catalog, "Bosque Druida", "daño a un Castillo")
    head, lines = _bosque(_unblocked("A2"))
    verified(judge(head, lines + [effect("A", "A1", mill={"B": 1})]), len(lines) + 2)


def test_9_c4_dano_bosque_druida_mills_exactly_one(judge):
    head, lines = _bosque(_unblocked("A2"))
    illegal(judge(head, lines + [effect("A", "A1", mill={"B": 2})]), len(lines) + 2, "10.7")


def test_9_c4_dano_bosque_druida_not_for_a_bestia(judge):
    head, lines = _bosque(_unblocked("A3"))  # Caladrius is a Bestia
    v = judge(head, lines + [effect("A", "A1", mill={"B": 1})])
    assert (v.status, v.line, v.rule) == ("illegal", len(lines) + 2, "6.5"), (v.status, v.line, v.rule, v.message)


def test_9_c4_dano_bosque_druida_not_when_the_barbaro_is_blocked(judge):
    head, lines = _bosque([put("B", "B1"), attack("A", "A2"), block("B", ("B1", "A2")),
                           passes("B"), passes("A")])
    v = judge(head, lines + [effect("A", "A1", mill={"B": 1})])
    assert (v.status, v.line, v.rule) == ("illegal", len(lines) + 2, "6.5"), (v.status, v.line, v.rule, v.message)


def test_10_7_botar_dano_directo_bosque_druida_mills_one_when_a_guerrero_makes_the_opponent_botar(catalog, judge):
    # Rimush (A4, a Guerrero): «Cuando este Aliado entra en juego, tu oponente Bota dos cartas»
    enforced(catalog, "Rimush", "Bota")
    head, lines = _bosque([play("A", "A4", ["A10", "A11"]), effect("A", "A4", mill={"B": 2})])
    v = verified(judge(head, lines + [effect("A", "A1", mill={"B": 1})]), len(lines) + 2)
    assert len(lines) + 1 in v.verified


def test_10_5_barajar_principe_negro_after_an_unverified_line_that_shuffles_the_mill_is_unverified(judge, cost):
    # a line without source puts B3 of Beto's Cementerio into his Castillo: whether he Barajó it
    # is not known — Príncipe Negro's line is not verified, and never illegal
    head = header(deck("Príncipe Negro"), deck(), hand=1)
    lines = [put("A", "A1"), put("B", "B3", zone="graveyard"), end("A"),
             put("B", "B3", zone="castle_bottom"), effect("A", "A1", mill={"B": 2})]
    v = judge(head, lines)
    assert v.legal and len(lines) + 1 in v.unverified, (v.status, v.line, v.rule, v.message)
