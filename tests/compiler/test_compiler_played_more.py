"""More compiled real cards played in short games: keywords, continuous abilities,
play permissions, Anulación and entering triggers (see test_compiler_played.py)."""
from __future__ import annotations

from .games import attack, battle, block, cast, deck, effect, end, gold, header, passes, play, put


# -- Keywords, continuous abilities and play permissions ---------------------------------

def test_habilidad_clave_bruto_is_indestructible(judge, cost):
    head = header(deck("Aliento Congelante"), deck("Bruto"), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Aliento Congelante", cost, targets=["B1"])
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert (v.status, v.rule) == ("illegal", "10.31")
    assert judge(head, base + [effect("A", "A1")]).legal  # a valid target, not destroyed


def test_continua_zennyo_ryu_stops_faerie_attackers(judge):
    head = header(deck("Kamuy"), deck("Zennyo Ryu"), hand=1)
    setup = [put("A", "A1", "A2"), end("A"), end("B")]
    assert judge(head, setup + [attack("A", "A1")]).legal
    v = judge(head, [put("A", "A1", "A2"), end("A"), put("B", "B1"), end("B"), attack("A", "A1")])
    assert v.status == "illegal" and v.line == 6  # Kamuy is a Faerie
    assert judge(head, [put("A", "A1", "A2"), end("A"), put("B", "B1"), end("B"),
                        attack("A", "A2")]).legal  # Thorkell el Alto is a Bárbaro


def test_momento_akechi_is_played_at_the_start_of_the_block_declaration(judge, cost):
    assert cost("Akechi") == 3
    head = header(deck(), deck("Akechi", "Juno Regina"), hand=2)
    setup = [put("A", "A3"), end("A"), gold("B", "B9", "B10"), end("B")]
    ok = [attack("A", "A3"), play("B", "B1", ["B0", "B9", "B10"]), block("B", ("B1", "A3"))]
    assert judge(head, setup + ok).legal
    v = judge(head, setup + [attack("A", "A3"), play("B", "B2", ["B0", "B9"])])  # Juno Regina
    assert (v.status, v.line) == ("illegal", 7)  # the play line


# -- Anula: an Anulación played while the opponent's card is being played (8.1 D) ---------

def _annul(judge, cost, answer):
    """A plays Aliento Congelante on B2; B answers with ``answer`` targeting it."""
    head = header(deck("Aliento Congelante"), deck(answer), hand=1)
    base = [put("B", "B2"), gold("A", "A9"), gold("B", "B9", "B10")]
    base += [play("A", "A1", ["A0", "A9"], targets=["B2"])]
    reply = play("B", "B1", ["B0", "B9", "B10"][:cost(answer)], targets=["A1"])
    return head, base, reply


def test_anula_oracion_publica_annuls_a_talisman_being_played(judge, cost):
    head, base, reply = _annul(judge, cost, "Oración Pública")
    assert judge(head, base + [reply]).legal
    v = judge(head, base + [reply, effect("A", "A1", moves=[["B2", "graveyard"]])])
    assert (v.status, v.rule) == ("illegal", "10.4")  # annulled: it does not resolve
    assert judge(head, base + [effect("A", "A1", moves=[["B2", "graveyard"]])]).verified


def test_anula_battojutso_cannot_annul_a_talisman(judge, cost):
    head, base, reply = _annul(judge, cost, "Battojutso")  # «Anula un Arma oponente»
    v = judge(head, base + [reply])
    assert (v.status, v.rule) == ("illegal", "8.2")


def test_anula_zazen_annuls_an_aliado_being_played(judge, cost):
    head = header(deck(), deck("Zazen"), hand=1)
    oros = [f"B{9 + i}" for i in range(cost("Zazen") - 1)]
    base = [gold("B", *oros), play("A", "A1", ["A0"])]
    v = judge(head, base + [play("B", "B1", ["B0"] + oros, targets=["A1"])])
    assert v.legal and v.final["A"]["in_play"] == 1  # only the Oro inicial: A1 never entered
    v = judge(head, [gold("B", *oros), put("A", "A1"),
                     play("B", "B1", ["B0"] + oros, targets=["A1"])])  # nothing being played
    assert v.status == "illegal"


# -- Habilidades clave -------------------------------------------------------------------

def test_habilidad_clave_thorkell_el_alto_attacks_the_turn_it_enters(judge, cost):
    head = header(deck("Thorkell el Alto", "Kamuy"), deck(), hand=2)
    turn2 = [end("A"), end("B"), gold("A", "A9")]
    assert judge(head, turn2 + [play("A", "A1", ["A0"]), attack("A", "A1")]).legal  # Furia
    v = judge(head, turn2 + [play("A", "A2", ["A0", "A9"]), attack("A", "A2")])
    assert v.status == "illegal"  # Kamuy has no Furia


def test_habilidad_clave_nekomata_cannot_be_banished(judge, cost):
    head = header(deck("Luz Destructora"), deck("Nekomata"), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Luz Destructora", cost, targets=["B1"])
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "exile"]])])
    assert v.status == "illegal"  # Indesterrable


# -- More continuous abilities, keywords gained, play timing and entering triggers --------

def test_continua_jubokko_weakens_the_opponents_blocker(judge):
    # Thorkell el Alto (2) attacks, Isanami e Isanagi (3) blocks; with Jubokko it is 2 against 2
    head = header(deck("Jubokko"), deck("Isanami e Isanagi"), hand=1)
    with_it = [put("A", "A1", zone="support")] + battle([])
    v = judge(head, with_it)
    assert v.legal and v.final["B"]["graveyard"] == 1 and v.final["A"]["graveyard"] == 1
    v = judge(head, battle([]))
    assert v.legal and v.final["B"]["graveyard"] == 0 and v.final["A"]["graveyard"] == 1


def test_continua_oannes_makes_sacerdotes_imbloqueables(judge):
    head = header(deck("Oannes", "Sibila de Jerusalén"), deck(), hand=1)
    setup = [put("A", "A1", "A2", "A3"), end("A"), put("B", "B1"), end("B")]
    v = judge(head, setup + [attack("A", "A2"), block("B", ("B1", "A2"))])
    assert v.status == "illegal"  # Sibila de Jerusalén is a Sacerdote
    assert judge(head, setup + [attack("A", "A3"), block("B", ("B1", "A3"))]).legal


def test_gana_habilidad_clave_cohuleen_druith_makes_barbaros_imbloqueables(judge, cost):
    head = header(deck("Cohuleen Druith"), deck(), hand=1)
    setup = [put("A", "A2"), end("A"), put("B", "B1"), end("B")]
    play_it = cast("A", "A1", "Cohuleen Druith", cost) + [effect("A", "A1")]
    fight = [attack("A", "A2"), block("B", ("B1", "A2"))]
    assert judge(head, setup + fight).legal
    v = judge(head, setup + play_it + fight)
    assert v.status == "illegal"  # Thorkell el Alto is a Bárbaro


def test_momento_tachi_is_played_in_the_guerra_de_talismanes(judge, cost):
    assert cost("Tachi") == 2
    head = header(deck("Tachi", "Uma Chucu"), deck("Isanami e Isanagi"), hand=2)
    war = [gold("A", "A9"), play("A", "A1", ["A0", "A9"], bearer="A3")]
    assert judge(head, _battle_with(war, "A3")).legal
    v = judge(head, _battle_with([play("A", "A2", [], bearer="A3")], "A3"))
    assert v.status == "illegal"  # Uma Chucu has no such permission


def _battle_with(war, attacker):
    setup = [put("A", attacker), end("A"), put("B", "B1"), end("B")]
    fight = [attack("A", attacker), block("B", ("B1", attacker)), passes("B")]
    return setup + fight + war + [passes("B"), passes("A")]


def test_disparo_vigia_may_draw_one_when_it_enters(judge, cost):
    head = header(deck("Vigia"), deck(), hand=1)
    base = cast("A", "A1", "Vigia", cost)
    assert judge(head, base + [effect("A", "A1", draw={"A": 1})]).verified
    v = judge(head, base + [effect("A", "A1", draw={"A": 2})])
    assert v.status == "illegal"


def test_disparo_manticora_draws_one_when_it_enters(judge, cost):
    head = header(deck("Mantícora"), deck(), hand=1)
    base = cast("A", "A1", "Mantícora", cost)
    assert judge(head, base + [effect("A", "A1", draw={"A": 1})]).verified
    v = judge(head, base + [effect("A", "A1", mill={"B": 1})])
    assert v.status == "illegal"


def test_momento_hijos_del_fuego_is_played_from_the_cementerio(judge, cost):
    assert cost("Hijos del Fuego") == cost("Luz Mala") == 1
    head = header(deck("Hijos del Fuego", "Luz Mala"), deck(), hand=1)
    base = [put("A", "A1", "A2", zone="graveyard")]
    assert judge(head, base + [play("A", "A1", ["A0"])]).legal
    v = judge(head, base + [play("A", "A2", ["A0"])])
    assert (v.status, v.rule) == ("illegal", "8.1") and "Cementerio" in v.message  # Luz Mala may not


# -- Busca (the engine verifies search lines since H1's fix of 10:12) ------------------

def test_busca_venatio_puts_one_aliado_or_totem_from_the_castle_into_the_hand(judge, cost):
    head = header(deck("Venatio"), deck(), hand=1)
    base = cast("A", "A1", "Venatio", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["A5", "hand"]])]).verified  # an Aliado
    v = judge(head, base + [effect("A", "A1", moves=[["A12", "hand"]])])  # an Oro
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "6.5")
    v = judge(head, base + [effect("A", "A1", moves=[["A5", "hand"], ["A6", "hand"]])])  # «un»
    assert v.status == "illegal"
    v = judge(head, base + [effect("A", "A1", moves=[["A5", "graveyard"]])])  # «en tu mano»
    assert v.status == "illegal"


# -- Destierra de un mismo Cementerio (same_zone) --------------------------------------

def test_destierra_gildas_el_sabio_takes_up_to_two_cards_from_one_cementerio(judge):
    head = header(deck("Gildas el Sabio"), deck(), hand=1)
    base = [put("A", "A1"), put("A", "A2", "A3", zone="graveyard"), put("B", "B2", zone="graveyard")]

    def use(*ids):
        return effect("A", "A1", targets=list(ids), moves=[[i, "exile"] for i in ids])
    assert judge(head, base + [use("A2", "A3")]).verified
    assert judge(head, base + [use("B2")]).verified
    v = judge(head, base + [use("A2", "B2")])  # «de un Cementerio»: not one from each
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "8.2")
    v = judge(head, base + [use("A2"), use("A3")])  # «una vez por turno»
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 3, "6.1")


# -- Disparo con dos eventos (Trigger.events) ------------------------------------------

def test_disparo_adams_fires_when_destroyed_or_banished(judge, cost):
    # «Cuando este Aliado sea Destruido o Desterrado, puedes Buscar una copia de esta carta…»
    for spell, zone in (("Aliento Congelante", "graveyard"), ("Luz Destructora", "exile")):
        head = header(deck("Adams", "Adams"), deck(spell), hand=1)
        base = [put("A", "A1"), end("A")] + cast("B", "B1", spell, cost, targets=["A1"]) \
            + [effect("B", "B1", moves=[["A1", zone]])]
        assert judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]).verified, spell
        v = judge(head, base + [effect("A", "A1", moves=[["A2", "graveyard"]])])  # «en tu mano»
        assert (v.status, v.rule) == ("illegal", "6.5"), spell
    v = judge(header(deck("Adams", "Adams"), deck(), hand=1),
              [put("A", "A1"), effect("A", "A1", moves=[["A2", "hand"]])])  # nothing fired it
    assert (v.status, v.line) == ("illegal", 3)
