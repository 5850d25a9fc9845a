"""Area D of the compiler: static abilities, restrictions, protections and damage, read from
real cards and played in short games (see test_compiler_played.py for the games)."""
from __future__ import annotations

from .games import attack, block, cast, deck, effect, end, gold, header, passes, play, put
from .realcards import compiled, sentence_json

MINE = {"controller": "you", "other": True}


# -- Protection of several cards against a kind of source ---------------------------------

def _protection(filter_, keyword, by):
    return {"kind": "protection", "subject": "each", "filter": filter_, "keyword": keyword, "by": by}


def test_proteccion_hijikata_and_monje_pulpo_keep_other_allies_of_their_race_from_talismanes(real):
    for name, race in (("Hijikata", "Samurái"), ("Monje Pulpo", "Faerie")):
        assert compiled(real(name)) == [{"kind": "continuous", "effects": [_protection(
            {"types": ["Aliado"], "races": [race], **MINE}, "banished",
            {"types": ["Talismán"], "targets": False})]}]


def test_proteccion_chaac_keeps_your_totems_from_being_targeted_by_the_opponent(real):
    assert compiled(real("Chaac")) == [{"kind": "continuous", "effects": [_protection(
        {"types": ["Tótem"], "controller": "you"}, "targeted",
        {"controller": "opponent", "targets": False})]}]


def test_proteccion_nanabozho_keeps_other_guardians_from_abilities_of_allies(real):
    assert sentence_json(real("Nanabozho"), 1) == [{"kind": "continuous", "effects": [_protection(
        {"types": ["Aliado"], "keywords": ["Guardián"], **MINE}, "targeted",
        {"types": ["Aliado"], "targets": False})]}]


def test_proteccion_henricus_institor_against_cartas_oscuridad_both_moves(real):
    allies = {"types": ["Aliado"], "attribute": "Luz", **MINE}
    dark = {"attribute": "Oscuridad", "targets": False}
    assert sentence_json(real("Henricus Institor"), 1) == [{"kind": "continuous", "effects": [
        _protection(allies, "destroyed", dark), _protection(allies, "banished", dark)]}]


def test_proteccion_dougga_only_allies_destroy_your_allies(real):
    ability = compiled(real("Dougga"))[0]
    assert ability["effects"] == [_protection({"types": ["Aliado"], "controller": "you"}, "destroyed",
                                              {"not_types": ["Aliado"], "targets": False})]
    assert "sólo" not in ability  # read as: not by any card that is not an Aliado


def test_proteccion_hijikata_keeps_a_samurai_from_being_banished_by_a_talisman(judge, cost):
    """A continuous protection is enforced (6.4): the Talismán's line that banishes a covered
    Samurái is illegal, the one that leaves it in play is verified; without Hijikata the
    Samurái is banished."""
    head = header(deck("Luz Destructora"), deck("Hijikata", "Nakano Takeko"), hand=1)
    shot = cast("A", "A1", "Luz Destructora", cost, targets=["B2"])
    hit = effect("A", "A1", moves=[["B2", "exile"]])
    line = 2 + len(shot) + 1  # the header is line 1, the set-up line 2
    covered = judge(head, [put("B", "B1", "B2")] + shot + [hit])
    assert (covered.line, covered.rule) == (line, "6.4"), covered
    kept = judge(head, [put("B", "B1", "B2")] + shot + [effect("A", "A1")])
    assert kept.legal and line in kept.verified
    alone = judge(head, [put("B", "B2")] + shot + [hit])
    assert alone.legal and line in alone.verified


# -- «El daño hecho por … es enviado al Destierro» (9 C4 d) -------------------------------

def test_dano_al_destierro_of_the_ally_the_bearer_and_allies_of_a_race(real):
    for name, index in (("Mammón", 1), ("Orculli", 0)):
        assert sentence_json(real(name), index) == [
            {"kind": "continuous", "effects": [{"kind": "damage_to_exile", "subject": "self"}]}]
    assert compiled(real("Pugio"))[1] == {"kind": "continuous", "effects": [
        {"kind": "damage_to_exile", "subject": "bearer"}]}
    assert sentence_json(real("Surt"), 4) == [{"kind": "continuous", "effects": [
        {"kind": "damage_to_exile", "subject": "each",
         "filter": {"types": ["Aliado"], "races": ["Sombra"], "controller": "you"}}]}]


def _unblocked(attacker, more=()):
    return [put("A", attacker), *more, end("A"), end("B"), attack("A", attacker), block("B"),
            passes("B"), passes("A")]


def test_dano_al_destierro_mammon_banishes_the_castle_cards_it_hits(judge):
    head = header(deck("Mammón"), deck(), hand=1)
    v = judge(head, _unblocked("A1"))  # Mammón (Fuerza 2) is not blocked
    assert v.legal and (v.final["B"]["exile"], v.final["B"]["graveyard"]) == (2, 0)
    v = judge(head, _unblocked("A2"))  # Thorkell el Alto (Fuerza 2): the normal damage
    assert v.legal and (v.final["B"]["exile"], v.final["B"]["graveyard"]) == (0, 2)


def test_dano_al_destierro_ferrus_sends_its_bearers_damage_to_the_destierro(judge, cost):
    head = header(deck("Ferrus"), deck(), hand=1)
    arm = cast("A", "A1", "Ferrus", cost, bearer="A2")
    v = judge(head, [put("A", "A2")] + arm + [end("A"), end("B"), attack("A", "A2"), block("B"),
                                              passes("B"), passes("A")])
    assert v.legal and (v.final["B"]["exile"], v.final["B"]["graveyard"]) == (4, 0)  # 2 + 2


# -- Who may bear an Arma (2.2) -----------------------------------------------------------

def test_portador_falx_only_an_ally_of_cost_3_or_more_and_lanza_sumeria_only_yours(real):
    assert sentence_json(real("Falx"), 0) == [{"kind": "continuous", "effects": [
        {"kind": "bearer_only", "subject": "self",
         "filter": {"types": ["Aliado"], "min_cost": 3, "targets": False}}]}]
    assert sentence_json(real("Lanza Sumeria"), 0) == [{"kind": "continuous", "effects": [
        {"kind": "bearer_only", "subject": "self",
         "filter": {"types": ["Aliado"], "controller": "you", "targets": False}}]}]


def test_portador_almarada_and_crucifijo_de_roble_refuse_an_attribute(real):
    for name, attribute in (("Almarada", "Luz"), ("Crucifijo de Roble", "Oscuridad")):
        assert sentence_json(real(name), 0) == [{"kind": "continuous", "effects": [
            {"kind": "bearer_not", "subject": "self",
             "filter": {"types": ["Aliado"], "attribute": attribute, "targets": False}}]}]


def test_portador_falx_cannot_be_played_on_a_cost_2_ally(judge, cost):
    assert (cost("Thorkell el Alto"), cost("Yamaoka Tesshu")) == (1, 3)
    head = header(deck("Falx", "Yamaoka Tesshu"), deck(), hand=2)
    v = judge(head, [put("A", "A3")] + cast("A", "A1", "Falx", cost, bearer="A3"))
    assert (v.status, v.rule) == ("illegal", "2.2")
    assert judge(head, [put("A", "A2")] + cast("A", "A1", "Falx", cost, bearer="A2")).legal


def test_portador_almarada_cannot_be_borne_by_a_luz_ally(judge, cost):
    head = header(deck("Almarada", "Higa Peechin"), deck(), hand=2)
    v = judge(head, [put("A", "A2")] + cast("A", "A1", "Almarada", cost, bearer="A2"))
    assert (v.status, v.rule) == ("illegal", "2.2")  # Higa Peechin is Luz
    assert judge(head, [put("A", "A3")] + cast("A", "A1", "Almarada", cost, bearer="A3")).legal


# -- Cost changes (10.16): the engine leaves a play paying other than the printed cost
#    unverified when something may have changed it ---------------------------------------

def test_coste_yoshitsune_reduces_the_cost_of_armas_until_the_final_phase(real):
    assert compiled(real("Yoshitsune")) == [{
        "kind": "triggered", "trigger": {"event": "enters_play", "self_only": True},
        "effects": [{"kind": "cost_change", "subject": "each", "amount": -1,
                     "filter": {"types": ["Arma"], "zone": "being_played", "targets": False},
                     "duration": {"kind": "end_of_turn"}}]}]


def test_coste_puertas_de_perla_and_vigilante_de_sangre_stop_cost_reductions(real):
    for name in ("Puertas de Perla", "Vigilante de Sangre"):
        assert compiled(real(name)) == [{"kind": "continuous", "effects": [
            {"kind": "cannot_reduce_cost", "subject": "each",
             "filter": {"zone": "being_played", "targets": False}}]}]


def test_coste_an_arma_paid_one_oro_less_after_yoshitsune_is_unverified_not_illegal(judge, cost):
    assert cost("Ferrus") == 2
    head = header(deck("Yoshitsune", "Ferrus"), deck(), hand=2)
    yoshi = cast("A", "A1", "Yoshitsune", cost) + [effect("A", "A1"), gold("A", "A13")]
    arm = play("A", "A2", ["A13"], bearer="A1")  # one Oro for a cost-2 Arma
    v = judge(head, yoshi + [arm])
    assert v.legal and len(yoshi) + 2 in v.unverified
    v = judge(head, [put("A", "A3"), gold("A", "A13"),
                     play("A", "A2", ["A13"], bearer="A3")])  # no cost change anywhere: 8.1
    assert (v.status, v.rule) == ("illegal", "8.1")


# -- «no puede ser bloqueado por Aliados Luz» ---------------------------------------------

def test_bloqueo_jack_and_brazo_mecanico_cannot_be_blocked_by_luz_allies(real):
    luz = {"types": ["Aliado"], "attribute": "Luz", "targets": False}
    assert sentence_json(real("Jack"), 1) == [{"kind": "continuous", "effects": [
        {"kind": "unblockable_by", "subject": "self", "by": luz}]}]
    assert sentence_json(real("Brazo Mecánico"), 1) == [{"kind": "continuous", "effects": [
        {"kind": "unblockable_by", "subject": "bearer", "by": luz}]}]
    assert sentence_json(real("Nazca"), 0)[0]["effects"][0]["by"] == {
        "types": ["Aliado"], "max_strength": 2, "targets": False}


def test_bloqueo_a_luz_ally_cannot_block_jack(judge):
    head = header(deck("Jack"), deck("Higa Peechin", "Kamuy"), hand=1)
    setup = [put("A", "A1"), end("A"), put("B", "B1", "B2"), end("B"), attack("A", "A1")]
    v = judge(head, setup + [block("B", ("B1", "A1"))])  # Higa Peechin is Luz
    assert (v.status, v.rule) == ("illegal", "4.2")
    assert judge(head, setup + [block("B", ("B2", "A1"))]).legal  # Kamuy is not


# -- «el daño directo aumenta en N»: the engine leaves Botar lines unverified -------------

def test_dano_directo_machu_picchu_and_huaraka_increase_direct_damage(real):
    assert sentence_json(real("Machu Picchu"), 1) == [{"kind": "continuous", "effects": [
        {"kind": "direct_damage_increase", "subject": "each", "amount": 1}]}]
    assert compiled(real("Huaraka")) == [{"kind": "continuous", "effects": [
        {"kind": "direct_damage_increase", "subject": "bearer", "amount": 1}]}]


def test_dano_directo_luz_mala_milling_four_with_machu_picchu_is_not_illegal(judge, cost):
    head = header(deck("Luz Mala", "Machu Picchu"), deck(), hand=1)
    shot = cast("A", "A1", "Luz Mala", cost)
    four = effect("A", "A1", mill={"A": 4, "B": 4})
    v = judge(head, [put("A", "A2", zone="support")] + shot + [four])
    assert v.legal and 2 + len(shot) + 1 in v.unverified
    v = judge(head, shot + [four])  # without Machu Picchu «Cada jugador Bota 3 cartas»
    assert (v.status, v.rule) == ("illegal", "10.7")
    assert judge(head, shot + [effect("A", "A1", mill={"A": 3, "B": 3})]).verified


# -- «Cualquier jugador puede activar esta habilidad» -------------------------------------

def test_cualquier_jugador_julio_cesar_and_octavio_abilities_can_be_activated_by_anyone(real):
    for name in ("Julio César", "Octavio"):
        ability = compiled(real(name))[1]
        assert ability["kind"] == "activated" and ability["activator"] == "any"
        assert ability["effects"] == [{"kind": "lose_abilities", "subject": "self",
                                       "duration": {"kind": "end_of_turn"}}]


def test_cualquier_jugador_the_opponent_pays_for_julio_cesar_to_lose_its_ability(judge):
    head = header(deck("Julio César"), deck(), hand=1)
    setup = [put("A", "A1"), end("A"), gold("B", "B9", "B10")]
    use = effect("B", "A1", moves=[["B9", "paid"], ["B10", "paid"]])
    v = judge(head, setup + [use])
    assert v.legal and 5 in v.verified  # Beto used Julio César's ability, paying two Oros
    v = judge(head, setup + [effect("B", "A1", moves=[["B9", "paid"]])])
    assert v.status == "illegal"  # one Oro is not its cost


def test_cualquier_jugador_octavio_once_used_has_lost_its_ability(judge):
    head = header(deck("Octavio"), deck(), hand=1)
    setup = [put("A", "A1"), end("A"), gold("B", "B9", "B10")]
    one = effect("B", "A1", moves=[["B9", "paid"]])
    two = effect("B", "A1", moves=[["B10", "paid"]])
    assert judge(head, setup + [one]).verified
    v = judge(head, setup + [one, two])  # it lost its ability until the Fase Final
    assert (v.status, v.rule, v.line) == ("illegal", "6.2", 6) and "perdió" in v.message


# -- «sólo puede ser declarado atacante si …»: it cannot attack while the condition fails --

def test_ataque_kato_danzo_attacks_only_if_all_your_allies_are_caballeros(real):
    assert sentence_json(real("Kato Danzo"), 1) == [{
        "kind": "continuous", "effects": [{"kind": "cannot_attack", "subject": "self"}],
        "condition": {"kind": "not", "of": [{"kind": "all_allies", "filter": {
            "types": ["Aliado"], "races": ["Caballero"], "controller": "you", "targets": False}}]}}]


def test_ataque_kato_danzo_cannot_attack_beside_a_barbaro(judge):
    head = header(deck("Kato Danzo"), deck(), hand=1)
    alone = [put("A", "A1"), end("A"), end("B"), attack("A", "A1")]
    assert judge(head, alone).legal  # Kato Danzo is a Caballero: all your Aliados are
    v = judge(head, [put("A", "A1", "A2"), end("A"), end("B"), attack("A", "A1")])
    assert (v.status, v.rule) == ("illegal", "9 C1")  # Thorkell el Alto is a Bárbaro


def test_fuerza_ragnar_lodbrok_misprint_a_las_fuerza_reads_as_a_la_fuerza(real):
    assert sentence_json(real("Ragnar Lodbrok"), 3) == [{"kind": "continuous", "effects": [
        {"kind": "strength", "subject": "each", "amount": 2, "filter": {
            "types": ["Aliado"], "races": ["Bárbaro"], "controller": "you", "attacking": True}}]}]


# -- «Los Aliados no hacen daño de combate este turno» ------------------------------------

def test_dano_de_combate_aulladores_prevents_the_combat_damage_of_every_ally(real):
    assert sentence_json(real("Aulladores"), 1) == [{
        "kind": "effect", "zone": "hand", "effects": [{
            "kind": "prevent_damage", "subject": "each", "filter": {"types": ["Aliado"]},
            "duration": {"kind": "end_of_turn"}}]}]


def test_dano_de_combate_an_unblocked_attacker_deals_nothing_after_aulladores(judge, cost):
    head = header(deck(), deck("Aulladores"), hand=1)
    oros = [f"B{9 + i}" for i in range(cost("Aulladores") - 1)]
    start = [put("A", "A2"), end("A"), gold("B", *oros), end("B"), attack("A", "A2"), block("B")]
    war = [play("B", "B1", ["B0"] + oros), effect("B", "B1"), passes("A"), passes("B")]
    v = judge(head, start + war)
    assert v.legal and v.final["B"]["graveyard"] == 1  # only Aulladores: no damage
    v = judge(head, start + [passes("B"), passes("A")])
    assert v.legal and v.final["B"]["graveyard"] == 2  # Thorkell el Alto's 2 damage


# -- «tu oponente no puede Declarar Ataque» -----------------------------------------------

def test_ataque_jikininki_stops_the_opponent_declaring_an_attack(real):
    assert sentence_json(real("Jikininki"), 2) == [{
        "kind": "continuous",
        "condition": {"kind": "zone_empty", "filter": {"types": ["Aliado"], "targets": False},
                      "zone": "graveyard"},
        "effects": [{"kind": "cannot_declare_attack", "subject": "player", "player": "opponent"}]}]


def test_ataque_with_jikininki_and_no_allies_in_its_cementerio_the_opponent_cannot_attack(judge):
    head = header(deck(), deck("Jikininki", "Kamuy"), hand=1)
    setup = [put("A", "A2"), put("B", "B1"), end("A"), end("B")]
    v = judge(head, setup + [attack("A", "A2")])
    assert (v.status, v.rule) == ("illegal", "9 C")
    buried = [put("B", "B2", zone="graveyard")]  # an Aliado in Beto's Cementerio: it may
    assert judge(head, setup + buried + [attack("A", "A2")]).legal
