"""Issue 21: verdicts a judge can trust, on real catalog cards with the ability compiler on (as
the product runs). One test per rule row, named after it; each wrong verdict of the issue has a
legal and an illegal record. Castles list card names top first (ids A1…, B1…; the Oro inicial
is A0 / B0); ``deck`` puts the named cards first, filler up to id 8, plain Oros at ids 9–13.
The filler, Thorkell el Alto, compiles to Furia only."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_helpers import generated_lines

from tourney.engine import adjudicate, catalog_resolver, read_record

FILLER = "Thorkell el Alto"


def make_judge(resolve):
    """Adjudicate a header and its action lines (dicts) as the product does."""
    def run(head, actions):
        text = [json.dumps(head, ensure_ascii=False)] + [json.dumps(a, ensure_ascii=False)
                                                         for a in actions]
        return adjudicate(read_record(text, resolve))
    return run


@pytest.fixture(scope="module")
def judge(real_catalog):
    return make_judge(catalog_resolver(real_catalog))


def deck(*names):
    return list(names) + [FILLER] * (8 - len(names)) + ["Oro"] * 5 + [FILLER] * 6


def header(a, b, hand=4, first="A", version=1):
    return {"game": "myl", "version": version, "format": "unificado", "first": first, "hand": hand,
            "players": [
                {"id": "A", "name": "Ana", "gold": ["A0", "Oro"],
                 "castle": [[f"A{i}", n] for i, n in enumerate(a, 1)]},
                {"id": "B", "name": "Beto", "gold": ["B0", "Oro"],
                 "castle": [[f"B{i}", n] for i, n in enumerate(b, 1)]}]}


def put(p, *ids, zone="defense"):
    """Set the position up (an effect line without source: applied, not verified)."""
    return {"p": p, "do": "effect", "moves": [[i, zone] for i in ids]}


def gold(p, *ids):
    return put(p, *ids, zone="reserve")


def play(p, card, pay=(), **more):
    return {"p": p, "do": "play", "card": card, "pay": list(pay), **more}


def pay_for(p, n):
    """The Oro inicial and Oros 9… : ``n`` Oros of ``p`` (put them in the Reserva first)."""
    return [f"{p}0"] + [f"{p}{9 + i}" for i in range(n - 1)] if n else []


def effect(p, source, **fields):
    return {"p": p, "do": "effect", "source": source, **fields}


def activate(p, card, **fields):
    return {"p": p, "do": "activate", "card": card, **fields}


def end(p):
    return {"p": p, "do": "end"}


def attack(p, *cards, **more):
    return {"p": p, "do": "attack", "cards": list(cards), **more}


def block(p, *pairs):
    return {"p": p, "do": "block", "pairs": [list(x) for x in pairs]}


def passes(p):
    return {"p": p, "do": "pass"}


def legal(v, *verified):
    assert v.legal, (v.line, v.rule, v.message)
    for line in verified:
        assert line in v.verified, (line, v.verified, v.unverified)
    return v


def illegal(v, line, rule):
    assert (v.line, v.rule) == (line, rule), (v.line, v.rule, v.message, v.verified, v.unverified)
    return v


# -- §1 / 2.1: «se considera de Raza X» adds the race -------------------------------------

def test_2_1_se_considera_de_raza_adds_the_race_venus_keeps_a_stolen_sacerdote_a_sacerdote(judge):
    head = header(deck("Venus", "Miraculum"), deck("Sumo Sacerdote", "Vigia"), hand=2)
    setup = [put("A", "A1"), put("A", "B1", "B2"), gold("A", "A9")]
    ok = judge(head, setup + [play("A", "A2", pay_for("A", 2), targets=["B1"]),
                              effect("A", "A2", strength=[["B1", 0]])])
    legal(ok)
    # the stolen Vigia is Eterno (Venus) and Guerrero, never a Sacerdote
    bad = judge(head, setup + [play("A", "A2", pay_for("A", 2), targets=["B2"])])
    illegal(bad, 5, "8.2")


# -- 2.3 Talismanes: it resolves while it goes to the Cementerio ----------------------------

def test_2_3_talismanes_forma_de_oni_does_not_count_itself_in_the_cementerio(judge):
    head = header(deck("Forma de Oni", "Miraculum"), deck(), hand=2)
    setup = [put("A", "A3"), put("A", "A2", zone="graveyard"), gold("A", "A9", "A10", "A11")]
    cast = play("A", "A1", pay_for("A", 4), targets=["A3"])
    legal(judge(head, setup + [cast, effect("A", "A1", strength=[["A3", 1]])]), 6)
    illegal(judge(head, setup + [cast, effect("A", "A1", strength=[["A3", 2]])]), 6, "6.5")


# -- 3.1 Mazo Castillo: empty by a cost, lost at once --------------------------------------

def test_3_1_mazo_castillo_a_cost_that_bota_the_last_cards_loses_at_once(judge):
    use = [put("A", "A1", zone="graveyard"), activate("A", "A1"),
           effect("A", "A1", moves=[["A1", "hand"]])]
    enough = header(["Monoceros", "Oro", FILLER, FILLER, FILLER], deck(), hand=2, version=2)
    legal(judge(enough, use), 4)
    short = header(["Monoceros", "Oro", FILLER, FILLER], deck(), hand=2, version=2)
    v = judge(short, use)
    assert v.status.value == "illegal" and (v.line, v.rule) == (4, "3.1"), v
    v = judge(short, use[:2])
    assert v.status.value == "finished" and v.winner == "B", v


# -- 8.2 Objetivos: validity is checked to play the card, not again at resolution ----------

def test_8_2_objetivos_valid_when_played_puno_bendito_still_destroys_an_aliado_grown_to_fuerza_3(judge):
    head = header(deck("Puño Bendito"), deck("Vigia"), hand=1)
    setup = [put("B", "B1")]
    cast = play("A", "A1", pay_for("A", 1), targets=["B1"])
    grown = {"p": "B", "do": "effect", "strength": [["B1", 1]]}  # Vigia 2 -> 3 while it is played
    legal(judge(head, setup + [cast, grown, effect("A", "A1", moves=[["B1", "graveyard"]])]), 5)
    # at play the target must be valid: Fuerza 3 is not «Fuerza 2 o menos»
    grown_first = judge(head, setup + [grown, cast])
    illegal(grown_first, 4, "8.2")


# -- 4.2 / 8.1 A: the card's own play restrictions ------------------------------------------

def test_4_2_condiciones_de_juego_terremoto_menor_only_without_aliados_in_your_cementerio(judge):
    head = header(deck("Terremoto Menor", "Vigia"), deck(), hand=2)
    cast = [play("A", "A1"), effect("A", "A1", draw={"A": 1})]
    legal(judge(head, cast), 3)
    v = illegal(judge(head, [put("A", "A2", zone="graveyard")] + cast), 3, "4.2")
    assert "Terremoto Menor" in v.message and "Cementerio" in v.message


def test_8_1_jugar_aulladores_only_in_the_guerra_de_talismanes(judge):
    head = header(deck(), deck("Aulladores"), hand=1)
    battle = [put("A", "A2"), end("A"), end("B"), attack("A", "A2"), block("B")]
    war = [gold("B", "B9"), play("B", "B1", pay_for("B", 2)), effect("B", "B1")]
    legal(judge(head, battle + war))
    v = illegal(judge(head, [put("A", "A2"), end("A"), gold("B", "B9"),
                             play("B", "B1", pay_for("B", 2))]), 5, "8.1")
    assert "Guerra de Talismanes" in v.message


def test_8_1_jugar_euforia_annuls_only_in_your_turn(judge):
    head = header(deck("Vigia"), deck("Euforia"), hand=1)
    mine = header(deck("Euforia"), deck("Puño Bendito"), hand=1)
    # in its owner's turn: in the war Beto plays Puño Bendito, Ana Anula it with Euforia
    legal(judge(mine, [put("A", "A2"), end("A"), end("B"), attack("A", "A2"), block("B"),
                       play("B", "B1", pay_for("B", 1), targets=["A2"]),
                       play("A", "A1", targets=["B1"]), effect("A", "A1")]))
    v = illegal(judge(head, [gold("A", "A9"), play("A", "A1", pay_for("A", 2)),
                             play("B", "B1", targets=["A1"])]), 4, "8.1")
    assert "tu turno" in v.message


# -- 6.4 / 8.1 A: a prohibition by a continuous ability -------------------------------------

def test_6_4_continuas_julio_cesar_no_talismanes_can_be_played(judge):
    head = header(deck("Puño Bendito"), deck("Julio César", "Vigia"), hand=1)
    cast = [play("A", "A1", pay_for("A", 1), targets=["B2"]),
            effect("A", "A1", moves=[["B2", "graveyard"]])]
    legal(judge(head, [put("B", "B2")] + cast), 4)
    v = illegal(judge(head, [put("B", "B1", "B2")] + cast), 3, "6.4")
    assert "Julio César" in v.message



def test_6_4_continuas_julio_cesar_forbids_talismanes_again_once_its_lost_ability_comes_back(judge):
    """«pierde su habilidad hasta la Fase Final» ends with the turn: in the next turn a
    Talismán with no target (nothing else reads the continuous effects first) is forbidden
    again — the play itself brings what continuous abilities give up to date (4.1)."""
    head = header(deck("Puño Bendito", "Vigia"), deck("Julio César", "Vigia", "Ira de la Montaña"),
                  hand=3)
    setup = [put("B", "B1", "B2"), gold("A", "A9", "A10"), gold("B", "B9", "B10")]
    silenced = [effect("A", "B1", moves=[["A0", "paid"], ["A9", "paid"]]),  # any player may
                play("A", "A1", ["A10"], targets=["B2"]),
                effect("A", "A1", moves=[["B2", "graveyard"]])]
    legal(judge(head, setup + silenced), 5, 7)
    v = illegal(judge(head, setup + silenced + [{"p": "A", "do": "end"},
                                                 play("B", "B3", pay_for("B", 3))]), 9, "6.4")
    assert "Julio César" in v.message


def test_10_18_descartar_shoggoth_one_card_per_oscuridad_card_you_control(judge):
    """«tu oponente Descarta una carta por cada carta Oscuridad que controles»: what is counted
    is yours (Shoggoth itself and Luisón: two); the opponent discards any two of their hand."""
    head = header(deck("Shoggoth", "Luisón"), deck())
    setup = [put("A", "A2"), gold("A", "A9", "A10", "A11"), play("A", "A1", pay_for("A", 4))]
    two = effect("A", "A1", moves=[["B1", "graveyard"], ["B2", "graveyard"]])
    legal(judge(head, setup + [two]), 5)
    illegal(judge(head, setup + [effect("A", "A1", moves=[["B1", "graveyard"]])]), 5, "10.18")


def test_10_5_barajar_amaterasu_shuffles_a_faerie_as_the_cost_of_its_ability_principe_negro_fires(judge):
    """A card Barajada into its Mazo Castillo to pay an ability's cost (Amaterasu's «Barajar un
    Aliado de Raza Faerie de tu Cementerio») is Barajada: Príncipe Negro's «cuando tu oponente
    Baraje una carta de su Cementerio» fires, and resolves before the ability that fired it
    (7.2, fired while its cost was paid)."""
    head = header(deck("Príncipe Negro"),
                  deck("Amaterasu", "Dama Ciervo", FILLER, FILLER, FILLER, "Puño Bendito",
                       "Incinerar"), hand=1, version=2)
    use = [put("A", "A1"), put("B", "B1"), put("B", "B2", zone="graveyard"), {"p": "A", "do": "end"},
           activate("B", "B1", ability=4, costs=["B2"]), effect("A", "A1", mill={"B": 2})]
    # then the search: a Talismán of cost up to Dama Ciervo's (1), read from «costs» (v2)
    legal(judge(head, use + [effect("B", "B1", moves=[["B6", "hand"]])]), 7, 8)
    illegal(judge(head, use + [effect("B", "B1", moves=[["B7", "hand"]])]), 8, "6.5")
    illegal(judge(head, use[:-1] + [effect("A", "A1", mill={"B": 3})]), 7, "10.7")

# -- 10.32 Inmunidad and «no puede ser objetivo de …» (8.2) ----------------------------------

def test_10_32_inmunidad_tosetax_cannot_be_the_target_of_a_talisman(judge):
    head = header(deck("Tierra Caníbal"), deck("Tosetax", "Vigia"), hand=1)
    setup = [put("B", "B1", "B2")]
    legal(judge(head, setup + [play("A", "A1", pay_for("A", 1), targets=["B2"]),
                               effect("A", "A1", moves=[["B2", "graveyard"]])]), 4)
    v = illegal(judge(head, setup + [play("A", "A1", pay_for("A", 1), targets=["B1"])]), 3, "10.32")
    assert "Inmunidad a Talismanes" in v.message


def test_10_44_retador_cannot_challenge_hercules_not_a_target_of_abilities_of_aliados(judge):
    head = header(deck("Khalsa"), deck("Hércules", "Vigia"), hand=1)
    setup = [put("B", "B1", "B2"), put("A", "A1"), end("A"), end("B")]
    challenged = judge(head, setup + [attack("A", "A1", challenges=[["A1", "B2"]]),
                                      block("B", ("B2", "A1"))])
    legal(challenged)
    v = illegal(judge(head, setup + [attack("A", "A1", challenges=[["A1", "B1"]])]), 6, "10.44")
    assert "Hércules" in v.message and "objetivo" in v.message


# -- 9 C2 Declaración de Bloqueo: «puede bloquear un Aliado adicional» ------------------------

def test_9_c2_bloqueo_culhwch_blocks_two_attackers(judge):
    head = header(deck("Vigia", "Vigia"), deck("Culhwch", "Vigia"), hand=2)
    setup = [put("A", "A1", "A2"), put("B", "B1", "B2"), end("A"), end("B"),
             attack("A", "A1", "A2")]
    legal(judge(head, setup + [block("B", ("B1", "A1"), ("B1", "A2")), passes("B"), passes("A")]))
    v = illegal(judge(head, setup + [block("B", ("B2", "A1"), ("B2", "A2"))]), 7, "9 C2")
    assert "ya bloquea" in v.message


# -- 10.4 Anular: «los Aliados de Raza X no pueden ser Anulados» on another card ------------

def test_10_4_anular_ambiorix_keeps_barbaro_aliados_from_being_annulled(judge):
    head = header(deck("Ambiorix", "Viriato"), deck("Zazen"), hand=2)
    chain = [gold("A", "A9"), gold("B", "B9", "B10", "B11"),
             play("A", "A2", pay_for("A", 2)), play("B", "B1", pay_for("B", 4), targets=["A2"]),
             effect("B", "B1", draw={"B": 3}), attack("A", "A2")]
    legal(judge(head, [put("A", "A1")] + chain), 7)  # Viriato (Furia) is in play and attacks
    illegal(judge(head, chain), 7, "9 C1")  # without Ambiorix it was Anulado: not in play


# -- 6.7 «fuera a ser Destruido … para prevenirlo»: a prevention applied --------------------

def test_6_7_fuera_a_ocurrir_ce_acatl_topiltzin_prevents_the_destruction_of_a_guardian(judge):
    head = header(deck("Puño Bendito"), deck("Ce Acatl Topiltzin", "Dante", FILLER), hand=3)
    setup = [put("B", "B1", "B2")]
    cast = play("A", "A1", pay_for("A", 1), targets=["B2"])
    prevent = effect("B", "B1", moves=[["B3", "graveyard"]])  # discards a card of its hand
    v = legal(judge(head, setup + [cast, prevent, effect("A", "A1")]), 4, 5)
    assert v.final["B"]["in_play"] == 3  # Oro, Ce Acatl and Dante
    v = illegal(judge(head, setup + [cast, prevent, effect("A", "A1", moves=[["B2", "graveyard"]])]),
                5, "6.7")
    assert "prevenid" in v.message
    # without the prevention the Talismán destroys Dante
    legal(judge(head, setup + [cast, effect("A", "A1", moves=[["B2", "graveyard"]])]), 4)
    # the prevention's cost must be paid: a card of its controller's hand
    illegal(judge(head, setup + [cast, effect("B", "B1")]), 4, "10.16")


# -- 9 C3 Guerra de Talismanes: «Cancela el ataque» -----------------------------------------

def test_9_c3_guerra_heddwch_cancels_the_attack_and_the_attackers_go_back_to_defensa(judge):
    head = header(deck("Vigia"), deck("Heddwch", "Vigia", "Ex acuminibus"), hand=3)
    war = [put("A", "A1"), put("B", "B2"), end("A"), end("B"), attack("A", "A1"), block("B"),
           gold("B", "B9", "B10", "B11"), play("B", "B1", ["B0", "B9"]), effect("B", "B1"),
           passes("A")]
    # back in the Línea de Defensa, the cancelled attacker blocks in Beto's turn
    legal(judge(head, war + [passes("B"), attack("B", "B2"), block("A", ("A1", "B2"))]), 10)
    # and it is no longer an attacker: «Destruye un Aliado atacante …» cannot target it
    illegal(judge(head, war + [play("B", "B3", ["B10", "B11"], targets=["A1"])]), 12, "8.2")


# -- 6.9 Pérdida de habilidad: a card that leaves play without its ability does not fire ----

def test_6_9_perdida_de_habilidad_rimush_destroyed_under_aka_shita_does_not_fire(judge):
    head = header(deck("Puño Bendito", "Aka Shita"), deck("Rimush"), hand=2)
    kill = [play("A", "A1", pay_for("A", 1), targets=["B1"]),
            effect("A", "A1", moves=[["B1", "graveyard"]])]
    draw = effect("B", "B1", draw={"B": 2})  # «Cuando este Aliado sea Destruido, puedes Robar 2»
    legal(judge(head, [put("B", "B1")] + kill + [draw]), 4, 5)
    v = illegal(judge(head, [put("A", "A2"), put("B", "B1")] + kill + [draw]), 6, "6.5")
    assert "Rimush" in v.message


# -- 6.8 / 6.9: a card that leaves play and comes back is a new card -------------------------

def test_6_8_cantidad_de_usos_vigia_replayed_is_a_new_card_and_fires_again(judge):
    head = header(deck("Vigia"), deck(), hand=1)
    first = [gold("A", "A9", "A10", "A11"), play("A", "A1", ["A0", "A9"]),
             effect("A", "A1", draw={"A": 1})]
    again = [put("A", "A1", zone="hand"), play("A", "A1", ["A10", "A11"]),
             effect("A", "A1", draw={"A": 1})]
    legal(judge(head, first + again), 4, 7)
    # without leaving play it does not enter again: no second draw
    illegal(judge(head, first + [effect("A", "A1", draw={"A": 1})]), 5, "6.5")


# -- 10.22 Errante: two copies entering in one line ----------------------------------------

def test_10_22_errante_two_copies_cannot_enter_play_in_the_same_line(judge):
    head = header(deck("Dimachaerus", "Dimachaerus"), deck(), hand=2)
    legal(judge(head, [put("A", "A1"), put("A", "A2", zone="graveyard")]))
    v = illegal(judge(head, [put("A", "A1", "A2")]), 2, "10.22")
    assert "Errante" in v.message


# -- 10.41 Redirigir: the new target is another one ------------------------------------------

def test_10_41_redirigir_pureza_de_tengoku_cannot_redirect_to_the_same_target(judge):
    head = header(deck("Exilium in Umbra", "Pan-ku"), deck("Freya", "Pureza de Tengoku"), hand=2)
    setup = [put("A", "A2"), put("B", "B1"), gold("A", "A9"),
             play("A", "A1", ["A0", "A9"], targets=["B1"])]
    legal(judge(head, setup + [play("B", "B2", ["B0"], targets=["A1", "A2"]),
                               effect("B", "B2", mill={"A": 3})]), 7)
    v = illegal(judge(head, setup + [play("B", "B2", ["B0"], targets=["A1", "B1"]),
                                     effect("B", "B2", mill={"A": 3})]), 7, "10.41")
    assert "distinto" in v.message


# -- 10.24 Espectral: a Talismán while it is in a Cementerio ----------------------------------

def test_10_24_espectral_nurikabe_in_the_cementerio_is_a_talisman_not_an_aliado(judge):
    head = header(deck("Terremoto Menor", "Nurikabe", "Forma de Oni", FILLER), deck(), hand=4)
    quake = [put("A", "A2", zone="graveyard"), play("A", "A1"), effect("A", "A1", draw={"A": 1})]
    legal(judge(head, quake), 4)  # «si no hay Aliados en tu Cementerio»: Nurikabe is not one
    oni = [put("A", "A4"), put("A", "A2", zone="graveyard"), gold("A", "A9", "A10", "A11"),
           play("A", "A3", pay_for("A", 4), targets=["A4"])]
    legal(judge(head, oni + [effect("A", "A3", strength=[["A4", 1]])]), 6)  # it counts as one
    illegal(judge(head, oni + [effect("A", "A3", strength=[["A4", 0]])]), 6, "6.5")


# -- 10.28 Ilusión: the destroyed Aliado returns without ability -----------------------------

def test_10_28_ilusion_hoffern_returns_to_play_without_its_ability(judge):
    head = header(deck("Puño Bendito"), deck("Hoffern"), hand=1)
    kill = [put("B", "B1"), play("A", "A1", pay_for("A", 1), targets=["B1"]),
            effect("A", "A1", moves=[["B1", "graveyard"]])]
    back = effect("B", "B1", moves=[["B1", "defense"]])
    legal(judge(head, kill + [back]), 5)
    # it returns under its owner's control, and nothing else
    illegal(judge(head, kill + [effect("A", "B1", moves=[["B1", "defense"]])]), 5, "10.28")
    # without ability: its «cuando entre en juego, puedes Robar» does not fire
    illegal(judge(head, kill + [back, effect("B", "B1", draw={"B": 1})]), 6, "6.5")


# -- 6.5 / 8.2: the targets of «Luego, …» are chosen when the first part has resolved ---------

def test_6_5_luego_kawtcho_needs_no_target_to_be_played_its_second_part_chooses_it(judge):
    head = header(deck("Vigia"), deck("Kawtcho", "Vigia"), hand=2)
    war = [put("A", "A1"), put("B", "B2"), end("A"), end("B"), attack("A", "A1"), block("B"),
           gold("B", "B9"), play("B", "B1", pay_for("B", 2))]
    legal(judge(head, war + [effect("B", "B1", moves=[["A1", "graveyard"]], draw={"B": 1})]), 10)
    # chosen as it resolves, the target must still be valid: an Aliado oponente
    illegal(judge(head, war + [effect("B", "B1", moves=[["B2", "graveyard"]], draw={"B": 1})]),
            10, "8.2")


# -- 6.1 / 6.2 for a partly compiled card: zone, moment and once per turn from the rules ----

def test_6_2_activadas_a_partly_compiled_card_is_used_in_play_in_your_vigil_once_per_turn(judge):
    head = header(deck("Dodomeki"), deck("Vigia"), hand=1, version=2)
    use = [put("A", "A1"), put("B", "B1"), activate("A", "A1", ability=1, targets=["B1"])]
    v = legal(judge(head, use))
    assert 4 in v.unverified  # its effect is not known: the line is not verified
    illegal(judge(head, use + [activate("A", "A1", ability=1, targets=["B1"])]), 5, "6.1")
    # in the opponent's Vigilia it cannot be used (its text names no other moment)
    illegal(judge(head, [put("A", "A1"), put("B", "B1"), end("A"),
                         activate("A", "A1", ability=1, targets=["B1"])]), 5, "6.2")
    # from the Cementerio neither (its text names no other zone)
    illegal(judge(head, [put("A", "A1", zone="graveyard"), activate("A", "A1", ability=1)]), 3, "6.2")


def test_rules_index_names_tests_that_exist():
    """docs/rules-index.md: every test the «dónde» table names exists in its file."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    index = (root / "docs" / "rules-index.md").read_text(encoding="utf-8")
    files = {"R": "test_engine_rules.py", "A": "test_engine_abilities.py",
             "E": "test_engine_revealed.py", "V": "test_engine_rules_verdicts.py",
             "S": "test_engine_rules_steps.py", "G": "test_engine_rules_glossary.py",
             "K": "test_engine_enforced.py", "F": "test_engine_enforced_families.py",
             "W": "test_engine_rules_more_verdicts.py"}
    named = re.findall(r"\b([RAEVSGKFW])::(test_\w+)", index)
    assert len(named) > 50
    for alias, name in named:
        text = (root / "tests" / "engine" / files[alias]).read_text(encoding="utf-8")
        assert f"def {name}(" in text, (alias, name)


# -- record v2 «mode» («elige uno») -----------------------------------------------------------

def test_record_v2_mode_is_read_and_leaves_the_line_unverified(judge, real_catalog):
    from tourney.engine.errors import RecordError

    v2 = header(deck("Terremoto Menor"), deck(), hand=1, version=2)
    v = legal(judge(v2, [play("A", "A1", mode=1), effect("A", "A1", draw={"A": 1})]))
    assert 3 in v.unverified  # the engine does not read the modes of a card yet
    v1 = header(deck("Terremoto Menor"), deck(), hand=1)
    legal(judge(v1, [play("A", "A1", mode=1), effect("A", "A1", draw={"A": 1})]), 3)  # v1: ignored
    with pytest.raises(RecordError, match="mode"):
        judge(v2, [play("A", "A1", mode=0)])
    with pytest.raises(RecordError, match="mode"):
        judge(v2, [dict(end("A"), mode=1)])


# -- property: a legal generated game stays legal; a mutated line of a fully compiled card ----

@settings(max_examples=4, deadline=None, derandomize=True,  # CI runs the same games every time
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_property_legal_games_stay_legal_and_a_mutated_line_of_an_enforced_card_is_caught(
        real_catalog, seed):
    from tourney.engine import Game
    from tourney.engine.abilities.kinds.enforcement import unenforced

    resolve = catalog_resolver(real_catalog)
    lines = generated_lines(real_catalog, seed, max_turns=40)
    record = read_record(lines, resolve)
    verdict = adjudicate(record)
    assert verdict.status.value != "illegal", (verdict.line, verdict.rule, verdict.message)
    game = Game(record.header)
    for i, action in enumerate(record.actions, start=1):
        source = game.cards[action.source] if action.source else None
        if (action.line in verdict.verified and source is not None and source.abilities
                and not unenforced(source.card, source.abilities.abilities)
                and (action.draw or action.mill)):
            obj = action.to_json()
            key = "draw" if action.draw else "mill"
            pid, n = next(iter(obj[key].items()))
            bad = json.dumps(dict(obj, **{key: {pid: n + 1}}), ensure_ascii=False)
            v = adjudicate(read_record(lines[:i] + [bad] + lines[i + 1:], resolve))
            assert (v.status.value, v.line) == ("illegal", i + 1), (v.line, v.rule, v.message, bad)
            return
        game.apply(action)


# -- 7.1 C Sobreposición: Establecedores de Fuerza over what came before, under what follows --

def test_7_1_c_sobreposicion_ame_onna_sets_fuerza_0_the_line_writes_the_change(judge):
    head = header(deck("Ame Onna"), deck("Vigia"), hand=1, version=2)
    use = [put("A", "A1"), put("B", "B1"), activate("A", "A1", targets=["B1"])]
    legal(judge(head, use + [effect("A", "A1", strength=[["B1", -2]])]), 5)  # Vigia 2 -> 0
    v = illegal(judge(head, use + [effect("A", "A1", strength=[["B1", -1]])]), 5, "7.1 C")
    assert "Fuerza 0" in v.message
    illegal(judge(head, use + [effect("A", "A1")]), 5, "7.1 C")  # the record must say it


def test_7_1_c_sobreposicion_the_setter_leaves_what_came_before_under_it(judge):
    # Isaac de Porthau gives Iga Kunoichi (4) +1; Ame Onna sets it to 0 (-5); Isaac leaves
    # play: Iga stays at 0 (what was applied before is under the setter), so Kintaro's «tenga
    # Fuerza 0» changes nothing
    head = header(deck("Ame Onna", "Kintaro"), deck("Isaac de Porthau", "Iga Kunoichi"), hand=2,
                  version=2)
    setup = [put("A", "A1", "A2"), put("B", "B1", "B2"),
             activate("A", "A1", targets=["B2"]), effect("A", "A1", strength=[["B2", -5]]),
             put("B", "B1", zone="hand"), activate("A", "A2", pay=["A0"], targets=["B2"])]
    legal(judge(head, setup + [effect("A", "A2")]), 5, 8)
    legal(judge(head, setup + [effect("A", "A2", strength=[["B2", 0]])]), 5, 8)
    illegal(judge(head, setup + [effect("A", "A2", strength=[["B2", 1]])]), 8, "7.1 C")


def test_7_1_c_sobreposicion_what_follows_the_setter_goes_on_top(judge):
    # Vigia set to 0, then it gains 1 (a later change): it hits the Castillo for 1
    head = header(deck("Ame Onna", FILLER, FILLER, FILLER), deck("Vigia"), hand=1, version=2)
    war = [put("A", "A1"), put("B", "B1"), end("A"), attack("B", "B1"), block("A"),
           activate("A", "A1", targets=["B1"]), effect("A", "A1", strength=[["B1", -2]])]
    plus = {"p": "B", "do": "effect", "strength": [["B1", 1]]}
    v = legal(judge(head, war + [plus, passes("B"), passes("A")]), 8)
    assert v.final["A"]["graveyard"] == 1, v.final  # Fuerza 1: one card botada
    v = legal(judge(head, war + [passes("B"), passes("A")]), 8)
    assert v.final["A"]["graveyard"] == 0, v.final  # Fuerza 0: no damage


def test_7_1_c_sobreposicion_intoxicar_mortal_sets_every_opposing_aliado_and_alimento_stays_on_top(judge):
    head = header(deck("Intoxicar Mortal"), deck("Vigia", "Iga Kunoichi"), hand=1)
    setup = [put("B", "B1", "B2"), {"p": "B", "do": "effect", "counters": [["B2", "Alimento", 1]]},
             gold("A", "A9"), play("A", "A1", pay_for("A", 2))]
    # each Aliado oponente: Vigia 2 -> 0, Iga Kunoichi 4 (+1 Alimento) -> 0 (+1)
    banish = effect("A", "A1", moves=[["A1", "exile"]])
    legal(judge(head, setup + [effect("A", "A1", strength=[["B1", -2], ["B2", -4]]), banish]), 6)
    illegal(judge(head, setup + [effect("A", "A1", strength=[["B1", -2], ["B2", -5]])]), 6, "7.1 C")


def test_7_1_c_sobreposicion_isaac_de_porthau_destroyed_sets_the_opposing_aliados_to_1(judge):
    head = header(deck("Puño Bendito"), deck("Isaac de Porthau", "Iga Kunoichi"), hand=1)
    kill = [put("A", "A2"), put("B", "B1", "B2"), play("A", "A1", pay_for("A", 1), targets=["B1"]),
            effect("A", "A1", moves=[["B1", "graveyard"]])]
    # Thorkell el Alto (A2, Fuerza 2) has Fuerza 1 until the Fase Final
    legal(judge(head, kill + [effect("B", "B1", strength=[["A2", -1]])]), 6)
    illegal(judge(head, kill + [effect("B", "B1", strength=[["A2", -2]])]), 6, "7.1 C")


# -- 10.8 Buscar / 10.5 Barajar: the Mazo Castillo is shuffled, its order is no longer known --

def test_10_8_buscar_navigium_isidis_after_the_search_a_draw_may_name_any_card_of_the_castillo(judge):
    head = header(deck("Navigium Isidis") + ["Vestalis Maxima"], deck(), hand=1)
    search = [play("A", "A1", ["A0"]), effect("A", "A1", moves=[["A20", "hand"]])]
    draw_a5 = [end("A"), end("B"), {"p": "A", "do": "end", "revealed": {"A": ["A5"]}}]
    legal(judge(head, search + draw_a5), 3)  # shuffled after the search: A5 may be drawn
    # without a search the order is the header's: the top card is A2
    v = illegal(judge(head, draw_a5), 4, "10.45")
    assert "tope" in v.message
    # still a card of that Castillo
    illegal(judge(head, search + [end("A"), end("B"),
                                  {"p": "A", "do": "end", "revealed": {"A": ["A20"]}}]), 6, "10.45")


def test_10_5_barajar_verbena_the_castillo_it_shuffles_into_has_no_known_order(judge):
    head = header(deck("Verbena"), deck("Spoliarium"), hand=1)
    shuffle = [put("B", "B1", zone="support"), play("A", "A1", pay_for("A", 1), targets=["B1"]),
               effect("A", "A1", moves=[["B1", "castle_bottom"]])]
    draw = [end("A"), {"p": "B", "do": "end", "revealed": {"B": ["B1"]}}]
    legal(judge(head, shuffle + draw), 4)  # the shuffled Tótem may be the card drawn
    # without a shuffle the order is the header's: B2 is the top card, not B5
    illegal(judge(head, draw[:1] + [{"p": "B", "do": "end", "revealed": {"B": ["B5"]}}]), 3, "10.45")


# -- 10.34 Mirar / 10.35 Mostrar: what the record shows of the cards seen --------------------

def test_10_35_mostrar_kuzunoha_puts_the_shown_oro_in_hand_and_no_other_card(judge):
    head = header(deck("Kuzunoha", "Oro"), deck(), hand=1)  # A2, an Oro, is the top card
    enter = [play("A", "A1", pay_for("A", 1))]
    legal(judge(head, enter + [effect("A", "A1", moves=[["A2", "hand"]])]), 3)
    v = illegal(judge(head, enter + [effect("A", "A1")]), 3, "10.35")  # «ponlo en tu mano»
    assert "Oro" in v.message
    illegal(judge(head, enter + [effect("A", "A1", moves=[["A3", "hand"]])]), 3, "10.35")


def test_10_35_mostrar_kuzunoha_a_shown_aliado_stays_on_top(judge):
    head = header(deck("Kuzunoha"), deck(), hand=1)  # A2, Thorkell el Alto, is the top card
    enter = [play("A", "A1", pay_for("A", 1))]
    legal(judge(head, enter + [effect("A", "A1")]), 3)
    v = illegal(judge(head, enter + [effect("A", "A1", moves=[["A2", "hand"]])]), 3, "10.35")
    assert "no es" in v.message


def test_10_35_mostrar_veela_may_keep_the_shown_card_on_top(judge):
    head = header(deck("Veela", "Oro"), deck(), hand=1, version=2)
    use = [put("A", "A1"), activate("A", "A1", ability=2)]
    legal(judge(head, use + [effect("A", "A1")]), 4)  # «puedes ponerla»
    legal(judge(head, use + [effect("A", "A1", moves=[["A2", "hand"]])]), 4)


def test_10_34_mirar_vatnsandi_looks_at_the_top_card_and_moves_nothing(judge):
    head = header(deck("Vatnsandi"), deck(), hand=1, version=2)
    use = [put("A", "A1"), activate("A", "A1", ability=1)]
    legal(judge(head, use + [effect("A", "A1")]), 4)
    illegal(judge(head, use + [effect("A", "A1", moves=[["B2", "hand"]])]), 4, "6.5")


# -- 10.9 Cambiar objetivos: «elige nuevos objetivos» for the Talismán being played ----------

def test_10_9_cambiar_objetivos_travesura_de_coyote_gives_puno_bendito_new_targets(judge):
    head = header(deck("Travesura de Coyote"), deck("Puño Bendito"), hand=1)
    cast = [put("A", "A2", "A3"), end("A"), play("B", "B1", pay_for("B", 1), targets=["A2"])]

    def respond(*targets):
        return [play("A", "A1", pay_for("A", 1), targets=["B1", *targets]), effect("A", "A1")]

    def destroys(card):
        return effect("B", "B1", moves=[[card, "graveyard"]])

    legal(judge(head, cast + respond("A3") + [destroys("A3")]), 6, 7)
    legal(judge(head, cast + respond("A2") + [destroys("A2")]), 6, 7)  # the initial one again
    legal(judge(head, cast + respond() + [destroys("A2")]), 6, 7)  # none chosen: it keeps its own
    # the new target is Puño Bendito's now, not the initial one
    illegal(judge(head, cast + respond("A3") + [destroys("A2")]), 7, "6.5")
    # still valid for Puño Bendito: an Aliado oponente (of Beto's), not his own Oro
    v = illegal(judge(head, cast + respond("B0")), 6, "10.9")
    assert "válido" in v.message


# -- 10.38 Poner debajo / 10.19 Desterrar bajo otra carta: what the record cannot show -------

def test_10_38_poner_debajo_mama_quilla_the_card_under_it_may_be_played_unverified(judge):
    # «Destierra la última carta de tu Mazo Castillo y ponla bajo este Aliado. Puedes jugar
    # esa carta como si estuviera en tu mano»: the record moves it to the Destierro (no zone
    # for «debajo»); its play is not judged illegal but left unverified
    head = header(deck("Mama Quilla"), deck(), hand=1)
    under = [gold("A", "A9"), play("A", "A1", pay_for("A", 2)), effect("A", "A1", moves=[["A19", "exile"]])]
    v = legal(judge(head, under + [end("A"), end("B"), play("A", "A19", ["A0"])]))
    assert 7 in v.unverified and any(r == "10.38" for _, r, _ in v.unverified_reasons), v
    # once Mama Quilla left play the card is only in the Destierro: not playable from there
    gone = under + [put("A", "A1", zone="graveyard"), end("A"), end("B"), play("A", "A19", ["A0"])]
    illegal(judge(head, gone), 8, "8.1")


def test_10_38_poner_debajo_a_card_banished_by_a_fully_read_text_is_only_in_the_destierro(judge):
    head = header(deck("Discurrir el Velo", "Thorkell el Alto", "Thorkell el Alto"), deck(), hand=1)
    look = [play("A", "A1"), effect("A", "A1", moves=[["A2", "hand"], ["A3", "exile"]])]
    legal(judge(head, look), 3)
    illegal(judge(head, look + [end("A"), end("B"), play("A", "A3", ["A0"])]), 6, "8.1")


def test_10_24_espectral_yamachichi_plays_nurikabe_from_the_cementerio_as_a_talisman_it_enters_as_an_aliado(judge):
    head = header(deck("Yamachichi", "Nurikabe"), deck("Julio César"), hand=2, version=2)
    setup = [put("A", "A1"), put("A", "A2", zone="graveyard"), gold("A", "A9")]
    use = [activate("A", "A1", targets=["A2"]),
           effect("A", "A1", moves=[["A2", "defense"], ["A0", "paid"], ["A9", "paid"]])]
    v = legal(judge(head, setup + use), 6)
    assert v.final["A"]["in_play"] == 4, v.final  # Yamachichi, Nurikabe (an Aliado) and 2 Oros
    # it is played as a Talismán: «no se pueden jugar Talismanes» (Julio César) forbids it
    v = illegal(judge(head, [put("B", "B1")] + setup + use), 7, "6.4")
    assert "Julio César" in v.message


# -- 4.3 Afectar: «un Talismán que afecte a una de tus cartas» ---------------------------------

def test_4_3_afectar_pureza_de_tengoku_redirects_only_a_talisman_that_affects_one_of_your_cards(judge):
    head = header(deck("Exilium in Umbra", "Pan-ku"), deck("Freya", "Pureza de Tengoku"), hand=2)
    setup = [put("A", "A2"), put("B", "B1"), gold("A", "A9")]

    def exilium(target):
        return play("A", "A1", ["A0", "A9"], targets=[target])

    redirect = [play("B", "B2", ["B0"], targets=["A1", "A2"]), effect("B", "B2", mill={"A": 3})]
    legal(judge(head, setup + [exilium("B1")] + redirect), 7)  # it would Desterrar Freya
    # on Ana's own Pan-ku it affects none of Beto's cards: Pureza cannot redirect it
    redirect_to_freya = [play("B", "B2", ["B0"], targets=["A1", "B1"]), effect("B", "B2", mill={"A": 3})]
    v = illegal(judge(head, setup + [exilium("A2")] + redirect_to_freya), 7, "4.3")
    assert "no afecta" in v.message


# -- 7.2 Habilidades en secuencia: the tree of cascading triggers -----------------------------

def test_7_2_en_secuencia_laura_terracina_fired_by_ariel_arcangel_resolves_before_jeanne_d_arc(judge):
    # Ariel Arcángel enters under Ana: its «Roba dos cartas…» and Beto's Jeanne d'Arc («tu
    # oponente Bota dos cartas») fire together (level 1, Ana's first: 6.6); Ariel's draws fire
    # Laura Terracina (level 2, once per turn: 6.1), which resolves before Jeanne d'Arc
    head = header(deck("Ariel Arcángel"), deck("Jeanne d'Arc", "Laura Terracina"), hand=2)
    setup = [put("B", "B1", "B2"), end("A"), end("B"), put("A", "A1"),
             effect("A", "A1", draw={"A": 2}, mill={"B": 3})]
    laura = effect("B", "B2", mill={"A": 1})
    jeanne = effect("B", "B1", mill={"A": 2})
    legal(judge(head, setup + [laura, jeanne]), 6, 7, 8)
    v = illegal(judge(head, setup + [jeanne]), 7, "7.2")
    assert "Laura Terracina" in v.message


def test_7_1_c_sobreposicion_aedes_vestae_the_aliados_of_cost_4_or_more_have_fuerza_1(judge):
    # Ariel Arcángel (cost 7, Fuerza 7) under Aedes Vestae has Fuerza 1: a valid target of
    # Puño Bendito («de Fuerza 2 o menos»); without Aedes Vestae it is not
    head = header(deck("Puño Bendito", "Aedes Vestae"), deck("Ariel Arcángel"), hand=1)
    cast = [play("A", "A1", pay_for("A", 1), targets=["B1"]),
            effect("A", "A1", moves=[["B1", "graveyard"]])]
    legal(judge(head, [put("A", "A2", zone="support"), put("B", "B1")] + cast), 5)
    illegal(judge(head, [put("B", "B1")] + cast), 3, "8.2")
