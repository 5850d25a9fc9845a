"""Area E: conditions (compiler/conditions.py and the engine's evaluate.py) — what all your
Allies are, counts «o menos» and of a Línea or a Cementerio, «este turno» facts, combat damage
of the bearer, and «a menos que tu oponente pague» on any effect. Real cards, read from
../shared/data; compiled values asserted, then short played games whose verdict depends on
the condition."""
from __future__ import annotations

from tourney.engine.compiler import compile_card, compile_text

from .games import attack, block, cast, deck, effect, end, gold, header, passes, play, put
from .realcards import compiled, sentence_json


def _condition(card) -> dict:
    (ability,) = [a for a in compiled(card) if "condition" in a]
    return ability["condition"]


# -- «todos los (demás) Aliados que controlas son Luz, de Raza X y/o Y» --------------------

def _either(attribute, races):
    return {"kind": "all_allies", "filter": {
        "types": ["Aliado"], "controller": "you", "targets": False,
        "any_of": [{"targets": False, "attribute": attribute}, {"races": races, "targets": False}]}}


def test_all_allies_an_attribute_and_or_races_is_each_ally_one_of_them(real):
    assert _condition(real("Nocturlabio")) == _either("Oscuridad", ["Oni", "Sombra"])
    (zizka,) = sentence_json(real("Jan Zizka"), 2)
    assert zizka["condition"] == _either("Luz", ["Héroe"])
    assert zizka["effects"] == [{"kind": "draw", "subject": "player", "amount": 1}]
    (lozen,) = sentence_json(real("Lozen"), 1)  # «Mientras … sean Oscuridad, de Raza Guerrero y/o …»
    assert lozen["kind"] == "keyword" and lozen["keyword"] == "Retador"
    assert lozen["condition"] == _either("Oscuridad", ["Guerrero", "Dragón"])


def test_all_allies_the_others_and_que_controles_son(real):
    assert _condition(real("Dipsa")) == {"kind": "all_allies", "filter": {
        "types": ["Aliado"], "races": ["Dragón"], "controller": "you", "other": True, "targets": False}}
    assert _condition(real("Grindylow")) == {"kind": "all_allies", "filter": {
        "types": ["Aliado"], "races": ["Bestia"], "controller": "you", "targets": False}}


def test_nocturlabio_needs_every_ally_to_be_oscuridad_or_oni(judge):
    # Lozen is Oscuridad (a Guerrero), Banasura an Oni with no attribute: each is one of them
    head = header(deck("Nocturlabio", "Lozen", "Banasura"), deck(), hand=1)
    look = effect("A", "A1")  # «mirar la primera carta»: the line shows nothing, unverified
    v = judge(head, [put("A", "A1", zone="reserve"), put("A", "A2", "A3"), look])
    assert v.legal and 3 in v.unverified
    v = judge(head, [put("A", "A1", zone="reserve"), put("A", "A2", "A4"), look])  # + Thorkell, a Bárbaro
    assert (v.status, v.rule, v.line) == ("illegal", "6.2", 4)


# -- counts: «o menos», a Línea, «no hay otros», the bearer's Fuerza -------------------------

def test_counts_o_menos_linea_de_ataque_no_hay_otros_and_the_bearers_fuerza(real):
    assert sentence_json(real("Conjuro del Vigor"), 0)[0]["condition"] == {"kind": "not", "of": [
        {"kind": "controls", "filter": {"types": ["Oro"], "controller": "you", "targets": False}, "count": 4}]}
    assert _condition(real("Jion")) == {"kind": "controls", "filter": {
        "types": ["Aliado"], "controller": "you", "zone": "attack", "targets": False}, "count": 3}
    for name in ("Goryo", "Hannya"):
        assert _condition(real(name)) == {"kind": "zone_empty", "filter": {
            "types": ["Aliado"], "other": True, "targets": False}, "zone": "graveyard"}
    assert _condition(real("Zweihander")) == {"kind": "bearer_is", "filter": {
        "types": ["Aliado"], "max_strength": 2, "targets": False}}


def test_hannya_draws_two_only_if_no_other_aliado_is_in_its_cementerio(judge, cost):
    head = header(deck("Hannya"), deck("Aliento Congelante"), hand=1)
    kill = [put("A", "A1"), end("A")] + cast("B", "B1", "Aliento Congelante", cost, targets=["A1"])
    kill += [effect("B", "B1", moves=[["A1", "graveyard"]])]
    draw = effect("A", "A1", draw={"A": 2})
    assert judge(head, kill + [draw]).verified[-1] == len(kill) + 2
    v = judge(head, [put("A", "A9", zone="graveyard")] + kill + [draw])  # an Oro there: still none
    assert v.legal and v.verified[-1] == len(kill) + 3
    v = judge(head, [put("A", "A2", zone="graveyard")] + kill + [draw])  # Thorkell el Alto there
    assert (v.status, v.rule, v.line) == ("illegal", "6.5", len(kill) + 3)


def test_jion_draws_at_the_fase_final_with_three_allies_in_the_linea_de_ataque(judge):
    head = header(deck("Jion"), deck(), hand=1)
    ready = [put("A", "A1", "A2", "A3"), end("A"), end("B")]
    war = [block("B"), passes("B"), passes("A")]
    draw = effect("A", "A1", draw={"A": 1})
    v = judge(head, ready + [attack("A", "A1", "A2", "A3")] + war + [draw])
    assert v.legal and v.verified == (9,)
    v = judge(head, ready + [attack("A", "A1", "A2")] + war + [draw])  # two attackers
    assert (v.status, v.line) == ("illegal", 9)


# -- «hizo daño de combate al Mazo Castillo oponente» ---------------------------------------

def test_the_bearer_or_this_aliado_dealt_combat_damage(real):
    bearer = {"kind": "dealt_castle_damage", "subject": "bearer"}
    assert _condition(real("Atlatl")) == bearer
    assert _condition(real("Zhanmadao")) == bearer
    (sawney,) = sentence_json(real("Sawney Bean"), 1)  # (its next sentence adds a third one)
    assert sawney["condition"]["kind"] == "all_of" and sawney["condition"]["of"][:2] == [
        {"kind": "dealt_castle_damage"},
        {"kind": "all_allies", "filter": {"types": ["Aliado"], "races": ["Bárbaro"], "controller": "you",
                                          "targets": False}}]


def test_atlatl_searches_an_oro_only_after_its_bearer_hit_the_castillo(judge):
    head = header(deck("Atlatl"), deck(), hand=1)
    armed = [put("A", "A2"), play("A", "A1", ["A0"], bearer="A2")]
    search = effect("A", "A1", moves=[["A9", "paid"]])
    hit = [attack("A", "A2"), block("B"), passes("B"), passes("A")]
    v = judge(head, armed + hit + [search])
    assert v.legal and v.verified[-1] == len(armed) + len(hit) + 2
    v = judge(head, armed + [end("A"), search])  # no attack: no damage this turn
    assert (v.status, v.rule) == ("illegal", "6.5")


# -- «(no) fue declarado atacante este turno», «ningún Aliado fue declarado atacante» ----------

def test_declared_attacker_this_turn(real):
    attacked = {"kind": "happened_this_turn", "player": "any", "event": "attack_declared"}
    assert _condition(real("Huracán")) == attacked
    assert _condition(real("Khalsa")) == {"kind": "not", "of": [attacked]}
    assert _condition(real("Paracelso")) == {"kind": "not", "of": [
        {**attacked, "filter": {"types": ["Aliado"], "targets": False}}]}
    for name in ("Huracán", "Khalsa"):  # «Destrúyelo»: this card
        (ability,) = [a for a in compiled(real(name)) if a["kind"] == "triggered"]
        assert ability["effects"] == [{"kind": "destroy", "subject": "self"}]


def _fight():
    return [put("A", "A1"), attack("A", "A1"), block("B"), passes("B"), passes("A")]


def test_khalsa_is_destroyed_at_your_fase_final_only_if_it_did_not_attack(judge):
    head = header(deck("Khalsa"), deck(), hand=1)
    destroy = effect("A", "A1", moves=[["A1", "graveyard"]])
    assert judge(head, [put("A", "A1"), end("A"), destroy]).verified == (4,)
    v = judge(head, _fight() + [destroy])
    assert (v.status, v.rule, v.line) == ("illegal", "6.5", 7)


def test_huracan_is_destroyed_at_the_fase_final_after_it_attacked(judge):
    head = header(deck("Huracán"), deck(), hand=1)
    destroy = effect("A", "A1", moves=[["A1", "graveyard"]])
    assert judge(head, _fight() + [destroy]).verified == (7,)
    v = judge(head, [put("A", "A1"), end("A"), destroy])
    assert (v.status, v.line) == ("illegal", 4)


# -- «a menos que tu oponente pague N Oros» on any effect --------------------------------------

def test_a_menos_que_tu_oponente_pague_names_the_payer(real):
    unless = {"unless": {"kind": "gold", "amount": 2}, "unless_player": "opponent"}
    (infanteria,) = compiled(real("Carga de Infantería"))
    assert infanteria["effects"] == [{"kind": "draw", "subject": "player", "amount": 1, **unless}]
    (dioclesiano,) = compiled(real("Dioclesiano"))
    assert dioclesiano["effects"] == [{"kind": "draw", "subject": "player", "amount": 1, **unless}]
    (devotio,) = compiled(real("Devotio"))
    assert devotio["targets"] == [{"types": ["Aliado"]}]
    assert devotio["effects"] == [{"kind": "destroy", **unless}]
    (columna,) = compiled(real("Columna Trajana"))
    assert columna["kind"] == "replacement"
    assert columna["effects"] == [{"kind": "prevent", "subject": "triggering", "unless": {"kind": "gold"},
                                   "unless_player": "opponent"}]


def test_an_effect_a_menos_que_is_verified_against_the_payment_in_the_line(judge):
    # issue 22: the line says whether the opponent paid (its two Oros to the Oro Pagado)
    head = header(deck("Carga de Infantería"), deck(), hand=1)
    base = [gold("B", "B9"), play("A", "A1", [])]  # it costs 0
    v = judge(head, base + [effect("A", "A1", draw={"A": 1})])
    assert v.legal and v.verified == (4,)
    v = judge(head, base + [effect("A", "A1", moves=[["B0", "paid"], ["B9", "paid"]])])
    assert v.legal and v.verified == (4,)
    for wrong in ({}, {"draw": {"A": 3}}):  # neither paid nor drew one; three cards
        v = judge(head, base + [effect("A", "A1", **wrong)])
        assert v.status == "illegal" and v.line == 4, (v.rule, v.message)


def test_a_talisman_with_two_conditional_effects_does_the_one_whose_condition_holds(judge, cost):
    # Conjuro del Vigor: «Si controlas tres o menos Oros, Baraja …» / «Si controlas cuatro o más
    # …, mira las primeras tres cartas …»: with one Oro it Baraja its target (issue 22)
    head = header(deck("Conjuro del Vigor"), deck(), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Conjuro del Vigor", cost, targets=["B1"])
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "castle_bottom"]])])
    assert v.legal and v.verified == (len(base) + 2,)  # header is line 1
    v = judge(head, base + [effect("A", "A1", draw={"A": 2})])
    assert (v.status, v.line, v.rule) == ("illegal", len(base) + 2, "6.5")
# -- «Sólo puedes activar / utilizar esta habilidad si …»: a condition of the ability before ---

def test_solo_puedes_activar_esta_habilidad_si_restricts_the_ability_before(real):
    opp_oros = {"kind": "opponent_controls", "filter": {"types": ["Oro"], "targets": False}, "count": 3}
    coliseo = real("Coliseo")
    (ability,) = compiled(coliseo)
    assert ability["kind"] == "activated" and ability["condition"] == opp_oros
    assert [s.understood for s in compile_card(coliseo).sentences] == [True, True]
    (sawney,) = sentence_json(real("Sawney Bean"), 1)  # joined to the two conditions it had
    assert sawney["kind"] == "triggered" and sawney["condition"]["kind"] == "all_of"
    assert sawney["condition"]["of"][-1] == opp_oros and len(sawney["condition"]["of"]) == 3
    (mandragora,) = [a for a in compiled(real("Mandrágora")) if a["kind"] == "activated"]
    assert mandragora["zone"] == "reserve"
    assert mandragora["condition"] == {"kind": "controls", "filter": {
        "controller": "you", "targets": False, "attribute": "Oscuridad"}, "count": 3}


def test_a_restriction_without_an_ability_before_it_is_not_understood(real):
    # Rudi's restriction on its own (its ability sentence, read since issue 22, left out):
    # nothing before it to restrict
    rudi = real("Rudi")
    alone = compile_text(rudi.text.split(". ")[-1], rudi.name, rudi.type)
    assert alone.sentences[0].reason is not None and "sin una habilidad" in alone.sentences[0].reason
    assert compile_card(rudi).complete


def test_tu_oponente_controla_and_controlas_otra_carta(real):
    (abuhuwa,) = [a for a in compiled(real("Abúhuwa")) if a["kind"] == "triggered"]
    assert abuhuwa["condition"] == {"kind": "opponent_controls", "filter": {
        "types": ["Tótem", "Arma"], "targets": False}}
    (erelim,) = [a for a in compiled(real("Erelim")) if a["kind"] == "triggered"]
    assert erelim["condition"] == {"kind": "controls", "filter": {
        "controller": "you", "other": True, "targets": False, "attribute": "Luz"}}


def test_coliseo_is_usable_only_while_the_opponent_controls_three_oros(judge):
    # Coliseo: destroy a Héroe you control to return an opponent's Oro con habilidad
    head = header(deck("Coliseo", "Porasy"), deck("Mandrágora"), hand=0)
    setup = [put("A", "A1", zone="support"), put("A", "A2"), put("B", "B1", zone="reserve")]
    use = effect("A", "A1", targets=["B1"], moves=[["A2", "graveyard"], ["B1", "hand"]])
    v = judge(head, setup + [put("B", "B9", "B10", zone="reserve"), use])  # B1, B9, B10 and B0
    assert v.legal and v.verified[-1] == len(setup) + 3
    v = judge(head, setup + [use])  # B0 and B1 only
    assert (v.status, v.rule) == ("illegal", "6.2")


# -- the bearer's unblocked attack, «este es el único Aliado en tu Cementerio» ------------------

def test_spatha_and_shokera_conditions(real):
    (spatha,) = [a for a in compiled(real("Spatha")) if a["kind"] == "activated"]
    assert spatha["condition"] == {"kind": "unblocked", "subject": "bearer"}
    assert spatha["phases"] == ["war"]
    assert spatha["effects"] == [{"kind": "strength", "subject": "bearer", "amount": 2,
                                  "duration": {"kind": "end_of_turn"}}]
    (shokera,) = [a for a in compiled(real("Shokera")) if a["kind"] == "activated"]
    assert shokera["zone"] == "graveyard"  # «este es el único Aliado en tu Cementerio»: it is there
    assert shokera["condition"] == {"kind": "zone_empty", "filter": {
        "types": ["Aliado"], "other": True, "targets": False}, "zone": "graveyard"}


def test_spatha_gives_two_only_when_its_bearer_attacked_unblocked(judge):
    head = header(deck("Spatha"), deck(), hand=1)
    armed = [put("A", "A2"), play("A", "A1", ["A0"], bearer="A2")]  # Spatha costs 1
    use = effect("A", "A1", strength=[["A2", 2]])
    v = judge(head, armed + [attack("A", "A2"), block("B"), passes("B"), use])
    assert v.legal and v.verified == (7,)
    v = judge(head, armed + [put("B", "B1"), attack("A", "A2"), block("B", ("B1", "A2")), passes("B"), use])
    assert (v.status, v.rule, v.line) == ("illegal", "6.2", 8)


# -- «Mientras no haya / tengas / controles al menos …», «tu oponente tiene … en su Zona» ------

def test_mientras_subjunctive_counts_and_the_bearer_not_of_a_race(real):
    (sazae,) = sentence_json(real("Sazae Oni"), 1)  # «Mientras no haya Aliados en tu Cementerio»
    assert sazae["kind"] == "continuous" and sazae["condition"] == {
        "kind": "zone_empty", "filter": {"types": ["Aliado"], "targets": False}, "zone": "graveyard"}
    assert _condition(real("Sól")) == {"kind": "controls", "filter": {
        "types": ["Aliado"], "races": ["Héroe"], "controller": "you", "zone": "defense", "targets": False},
        "count": 2}
    assert _condition(real("Kwányip")) == {"kind": "controls", "filter": {
        "types": ["Aliado"], "races": ["Dragón"], "controller": "you", "targets": False}}
    (restriction,) = sentence_json(real("Evocación de Sombras"), 0)  # «si no tienes Aliados en …»
    assert restriction == {"kind": "play_restriction", "condition": {
        "kind": "zone_empty", "filter": {"types": ["Aliado"], "targets": False}, "zone": "graveyard"}}
    (samurai_not,) = sentence_json(real("Kodachi"), 1)
    assert samurai_not["condition"] == {"kind": "not", "of": [{"kind": "bearer_is", "filter": {
        "types": ["Aliado"], "races": ["Samurái"], "targets": False}}]}
    assert samurai_not["effects"] == [{"kind": "strength", "subject": "bearer", "amount": -3}]


def test_sitio_magistral_draws_the_additional_card_only_with_two_opposing_oros_paid(real, judge, cost):
    (ability,) = compiled(real("Sitio Magistral"))
    assert ability["effects"][1]["condition"] == {"kind": "opponent_controls", "filter": {
        "types": ["Oro"], "zone": "paid", "targets": False}, "count": 2}
    head = header(deck("Sitio Magistral"), deck(), hand=1)
    base = cast("A", "A1", "Sitio Magistral", cost)
    paid = [put("B", "B9", "B10", zone="paid")]
    for setup, drawn in ((paid, 2), (paid, 1), ([], 1)):  # «puedes»: one card is legal too
        v = judge(head, setup + base + [effect("A", "A1", draw={"A": drawn})])
        assert v.legal and v.verified[-1] == len(setup + base) + 2
    v = judge(head, base + [effect("A", "A1", draw={"A": 2})])  # no Oros paid: no second card
    assert (v.status, v.rule) == ("illegal", "6.5")


# -- «si controlas más Aliados que tu oponente», a condition after a self cost reduction --------

def test_more_allies_than_and_the_cost_reduction_si(real):
    more = {"kind": "controls_more", "filter": {"types": ["Aliado"], "targets": False}}
    (kori,) = sentence_json(real("Kori"), 0)
    assert kori["condition"] == more
    (sabinas,) = sentence_json(real("Rapto de las Sabinas"), 1)
    assert sabinas == {"kind": "play_restriction", "condition": {**more, "player": "opponent"}}
    (alites,) = sentence_json(real("Alites"), 0)  # «Te cuesta un Oro menos jugar este Talismán si …»
    assert alites == {"kind": "continuous", "condition": {"kind": "controls", "filter": {
        "types": ["Aliado"], "races": ["Bestia"], "controller": "you", "targets": False}, "count": 2},
        "effects": [{"kind": "cost_change", "subject": "self", "amount": -1}], "zone": "hand"}


def test_kori_is_fed_only_when_you_control_more_allies(judge, cost):
    head = header(deck("Kori"), deck(), hand=1)
    base = cast("A", "A1", "Kori", cost)
    feed = effect("A", "A1", counters=[["A1", "Alimento", 1]])
    v = judge(head, [put("A", "A2")] + base + [feed])  # Kori and Thorkell against none
    assert v.legal and v.verified == (len(base) + 3,)
    v = judge(head, [put("A", "A2"), put("B", "B1", "B2")] + base + [feed])  # two against two
    assert (v.status, v.rule) == ("illegal", "6.5")


# -- conditions on how the card was played: decided from its play line (kinds/played_kinds) -----

def test_belenus_si_lo_jugaste_de_tu_mano_is_decided_from_its_play_line(judge, cost):
    head = header(deck("Belenus"), deck(), hand=1)
    base = [put("B", "B1")] + cast("A", "A1", "Belenus", cost)
    v = judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])])  # Thorkell is a Bárbaro
    assert v.legal and len(base) + 2 in v.verified, (v.verified, v.unverified)
    put_there = [put("B", "B1"), put("A", "A1")]  # not played: the engine cannot tell
    v = judge(head, put_there + [effect("A", "A1", moves=[["B1", "graveyard"]])])
    assert v.legal and v.unverified[-1] == len(put_there) + 2


def test_si_jugaste_este_talisman_desde_tu_cementerio_is_a_played_from_step(real, judge, cost):
    (aguila,) = [a for a in compiled(real("Águila de Fuego")) if a["kind"] == "effect"]
    assert aguila["effects"][1]["condition"] == {"kind": "played_from", "zone": "graveyard"}
    for name in ("Belenus", "Epona"):  # «si lo jugaste de tu mano»
        (ability,) = [a for a in compiled(real(name)) if a["kind"] == "triggered"]
        assert ability["condition"] == {"kind": "played_from", "zone": "hand"}
    head = header(deck("Águila de Fuego"), deck(), hand=1)
    base = cast("A", "A1", "Águila de Fuego", cost)
    v = judge(head, base + [effect("A", "A1", mill={"B": 2})])  # from the hand: no card
    assert v.legal and len(base) + 2 in v.verified, (v.verified, v.unverified)
    v = judge(head, base + [effect("A", "A1", mill={"B": 2}, draw={"A": 1})])
    assert v.status == "illegal" and v.line == len(base) + 2
