"""Area C of the compiler: search, look, reveal, choose (real cards, read from ../shared/data).

Each part: the compiled value of at least three real cards, read side by side with the card's
text, and short played games whose verdict depends on the part.
"""
from __future__ import annotations

import pytest

from .games import attack, block, cast, deck, effect, end, header, put
from .realcards import compiled, sentence_json


def _search(card_json: list[dict]) -> list[dict]:
    return [e for a in card_json for e in a.get("effects", ()) if e["kind"] == "search"]


# -- Buscar en tu Mazo Castillo o Cementerio (TargetFilter.also_zones) --------------------

@pytest.mark.parametrize("name, zone_first", [
    ("Bechard", "castle"), ("Ratas en los muros", "castle"), ("Ukita Hideie", "castle"),
    ("Asmodeus", "castle")])
def test_buscar_en_tu_mazo_castillo_o_cementerio_searches_both_zones(real, name, zone_first):
    found = _search(compiled(real(name)))
    assert len(found) == 1
    assert found[0]["filter"]["zone"] == zone_first and found[0]["filter"]["also_zones"] == ["graveyard"]


def test_asmodeus_reads_the_zone_before_the_cards_and_plays_the_found_aliado(real):
    (ability,) = sentence_json(real("Asmodeus"), 0)
    assert ability["optional"] is True and ability["trigger"] == {"event": "enters_play", "self_only": True}
    assert ability["effects"] == [{"kind": "search", "subject": "player", "zone": "being_played", "filter": {
        "types": ["Aliado"], "races": ["Ancestral"], "max_strength": 2, "zone": "castle",
        "also_zones": ["graveyard"]}}]


def test_ratas_en_los_muros_an_aliado_oscuridad_from_the_cementerio_or_the_castle(real):
    assert compiled(real("Ratas en los muros")) == [{"kind": "effect", "zone": "hand", "effects": [
        {"kind": "search", "subject": "player", "zone": "hand", "filter": {
            "types": ["Aliado"], "attribute": "Oscuridad", "zone": "castle", "also_zones": ["graveyard"]}}]}]


# -- Buscar a NOMBRE (a card by its name) -----------------------------------------------

@pytest.mark.parametrize("name, wanted", [
    ("Lorenzo de Medici", "Simón de Montfort"), ("Simón de Montfort", "Tirante el Blanco"),
    ("Tirante el Blanco", "Lorenzo de Medici"), ("Nemo", "Nautilus")])
def test_buscar_a_nombre_keeps_the_name_as_the_card_spells_it(real, name, wanted):
    (found,) = _search(compiled(real(name)))
    assert found["filter"] == {"names": [wanted], "zone": "castle", "also_zones": ["graveyard"]}
    assert found["zone"] == "hand"
    real(wanted)  # the name is a real card of the catalog


# -- Alternatives: «un Aliado Luz o de Raza Héroe», «un Aliado … o un Arma» (any_of) -----

@pytest.mark.parametrize("name, alternatives, max_cost", [
    ("Drácula", [{"attribute": "Oscuridad", "targets": False}, {"races": ["Sombra"], "targets": False}], 2),
    ("Watson y Holmes", [{"attribute": "Luz", "targets": False}, {"races": ["Héroe"], "targets": False}], 2),
    ("Tízoc", [{"keywords": ["Guardián"], "targets": False}, {"races": ["Héroe"], "targets": False}], None)])
def test_an_aliado_with_one_trait_or_the_other(real, name, alternatives, max_cost):
    (found,) = _search(compiled(real(name)))
    assert found["filter"]["types"] == ["Aliado"] and found["filter"]["any_of"] == alternatives
    assert found["filter"].get("max_cost") == max_cost  # «de coste 2 o menos» is for both


def test_oni_no_hanzo_an_aliado_de_raza_caballero_or_an_arma_to_the_top_of_the_castle(real):
    (found,) = _search(compiled(real("Oni no Hanzo")))
    assert found == {"kind": "search", "subject": "player", "zone": "castle_top", "filter": {
        "types": ["Aliado", "Arma"], "zone": "castle", "any_of": [
            {"types": ["Aliado"], "races": ["Caballero"], "targets": False},
            {"types": ["Arma"], "targets": False}]}}


# -- Two cards at once: «un Aliado y un Talismán» (one search step per card) --------------

def test_raiden_sama_searches_an_aliado_and_a_talisman(real):
    assert [f["filter"] for f in _search(compiled(real("Raiden Sama")))] == [
        {"types": ["Aliado"], "zone": "castle"}, {"types": ["Talismán"], "zone": "castle"}]


def test_anillo_de_vacio_una_carta_de_aliado_is_an_aliado(real):
    assert [f["filter"] for f in _search(compiled(real("Anillo de Vacío")))] == [
        {"types": ["Aliado"], "races": ["Samurái"], "zone": "castle"}, {"types": ["Arma"], "zone": "castle"}]


def test_mizuchi_reads_the_search_without_its_y_then_draws(real):
    (ability,) = sentence_json(real("Mizuchi"), 1)
    assert [e["kind"] for e in ability["effects"]] == ["search", "draw"]
    assert ability["effects"][0]["zone"] == "graveyard"


# -- Played: the engine checks the whole filter of a search line --------------------------

def test_lorenzo_de_medici_finds_simon_de_montfort_in_the_castle_or_the_cementerio(judge, cost):
    head = header(deck("Lorenzo de Medici", "Simón de Montfort", "Tirante el Blanco"), deck(), hand=1)
    base = cast("A", "A1", "Lorenzo de Medici", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])])  # not the card named
    assert (v.status, v.rule) == ("illegal", "6.5")
    from_graveyard = [put("A", "A2", zone="graveyard")] + base
    assert judge(head, from_graveyard + [effect("A", "A1", moves=[["A2", "hand"]])]).verified


def test_ratas_en_los_muros_takes_only_an_aliado_oscuridad(judge, cost):
    head = header(deck("Ratas en los muros", "Alfa", "Thorkell el Alto"), deck(), hand=1)
    base = cast("A", "A1", "Ratas en los muros", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])])  # an Aliado, not Oscuridad
    assert (v.status, v.rule) == ("illegal", "6.5")
    in_graveyard = [put("A", "A2", zone="graveyard")] + base
    assert judge(head, in_graveyard + [effect("A", "A1", moves=[["A2", "hand"]])]).verified


def test_tizoc_finds_a_guardian_or_a_heroe_and_nothing_else(judge, cost):
    head = header(deck("Tízoc", "Leonardo", "Octavio", "Thorkell el Alto"), deck(), hand=1)
    base = cast("A", "A1", "Tízoc", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])]).verified  # Guardián
    assert judge(head, base + [effect("A", "A1", moves=[["A3", "hand"]])]).verified  # Héroe
    v = judge(head, base + [effect("A", "A1", moves=[["A4", "hand"]])])  # a Bárbaro
    assert (v.status, v.rule) == ("illegal", "6.5")


# -- «Cada jugador Destierra un Aliado que controle»: each player chooses their own -------

@pytest.mark.parametrize("name, kind, filt", [
    ("Kasai no Hebi", "banish", {"types": ["Aliado"], "controller": "you", "targets": False}),
    ("Iaido", "shuffle_into_castle", {"types": ["Aliado"], "controller": "you", "targets": False}),
    ("Duelo Sumai", "shuffle_into_castle", {"controller": "you", "zone": "hand", "targets": False}),
    ("Nawajutsu", "banish", {"controller": "you", "zone": "graveyard", "targets": False})])
def test_cada_jugador_chooses_one_of_their_own_cards(real, name, kind, filt):
    assert compiled(real(name)) == [{"kind": "effect", "zone": "hand", "effects": [
        {"kind": kind, "subject": "chosen", "player": "each", "filter": filt}]}]


def test_kasai_no_hebi_each_player_chooses_which_of_their_aliados(judge, cost):
    # each player's choice is theirs (kinds/move_kinds.verify_each_chooses): either is verified
    head = header(deck("Kasai no Hebi"), deck(), hand=1)
    base = [put("A", "A2"), put("B", "B1", "B2")] + cast("A", "A1", "Kasai no Hebi", cost)
    for moves in ([["A2", "exile"], ["B1", "exile"]], [["A2", "exile"], ["B2", "exile"]]):
        v = judge(head, base + [effect("A", "A1", moves=moves)])
        assert v.legal and len(base) + 2 in v.verified, (v.verified, v.unverified)


# -- Looking at / showing the opponent's hand and what is chosen there ---------------------

@pytest.mark.parametrize("name, effect_kind, filt", [
    ("Tentáculos Negros", "discard", {"controller": "opponent", "zone": "hand", "targets": False,
                                      "not_types": ["Oro"]}),
    ("Butatsch Cun Llgs", "discard", {"controller": "opponent", "zone": "hand", "targets": False,
                                      "not_types": ["Oro"]}),
    ("Hler", "discard", {"controller": "opponent", "zone": "hand", "targets": False,
                         "not_types": ["Aliado", "Oro"]}),
    ("Dupin", "shuffle_into_castle", {"controller": "opponent", "zone": "hand", "targets": False,
                                      "attribute": "Oscuridad"})])
def test_mira_la_mano_de_tu_oponente_y_elige_a_card_of_that_hand(real, name, effect_kind, filt):
    effects = [e for a in compiled(real(name)) for e in a.get("effects", ())]
    assert effects[-2] == {"kind": "look", "subject": "player", "player": "opponent", "zone": "hand"}
    assert effects[-1] == {"kind": effect_kind, "subject": "chosen", "filter": filt}


def test_tentaculos_negros_the_opponent_discards_the_chosen_card_that_is_not_an_oro(judge, cost):
    head = header(deck("Tentáculos Negros"), deck("Thorkell el Alto", "Oro"), hand=2)
    base = cast("A", "A1", "Tentáculos Negros", cost)
    assert judge(head, base + [effect("A", "A1", moves=[["B1", "graveyard"]])]).verified
    v = judge(head, base + [effect("A", "A1", moves=[["B2", "graveyard"]])])  # the Oro: not a valid choice
    assert (v.status, v.rule) == ("illegal", "10.18")
    v = judge(head, base + [effect("A", "A1")])  # a card that is not Oro was there to choose
    assert (v.status, v.rule) == ("illegal", "10.18")


@pytest.mark.parametrize("name, index, then", [("Cacería de Brujas", 0, True), ("Shingas", 2, False)])
def test_tu_oponente_muestra_su_mano_y_descarta_todos_los_talismanes(real, name, index, then):
    (ability,) = sentence_json(real(name), index)
    look, discard = ability["effects"]
    assert look == {"kind": "look", "subject": "player", "player": "opponent", "zone": "hand"}
    assert discard == {"kind": "discard", "subject": "each", "player": "opponent", **({"then": True} if then else {}),
                       "filter": {"types": ["Talismán"], "controller": "opponent", "zone": "hand", "targets": False}}


def test_caceria_de_brujas_discards_every_talisman_of_the_hand_and_nothing_else(judge, cost):
    head = header(deck("Cacería de Brujas"), deck("Aliento Congelante", "Luz Destructora", "Thorkell el Alto"),
                  hand=3)
    base = cast("A", "A1", "Cacería de Brujas", cost)
    both = [["B1", "graveyard"], ["B2", "graveyard"]]
    assert judge(head, base + [effect("A", "A1", moves=both)]).verified
    v = judge(head, base + [effect("A", "A1", moves=both[:1])])  # «todos los Talismanes»
    assert (v.status, v.rule) == ("illegal", "10.18")
    v = judge(head, base + [effect("A", "A1", moves=both + [["B3", "graveyard"]])])  # and the Aliado
    assert (v.status, v.rule) == ("illegal", "6.5")


# -- Mirar las primeras N cartas: take some, the rest shuffled / banished / back on top -----

@pytest.mark.parametrize("name, index, n, taken, rest", [
    ("Rastrear", 0, 2, 1, "castle"), ("Apolonio de Tiana", 0, 3, 2, "exile"),
    ("Kappa", 1, 3, 0, "castle_top"), ("Congelar el Tiempo", 0, 3, 0, "castle_top")])
def test_mira_las_primeras_cartas_takes_some_and_puts_the_rest_away(real, name, index, n, taken, rest):
    (ability,) = sentence_json(real(name), index)
    (dig,) = [e for e in ability["effects"] if e["kind"] == "dig"]
    assert (dig["amount"], dig["filter"].get("count", 1), dig["rest_zone"], dig["zone"]) == (n, taken, rest, "hand")


def test_rastrear_takes_one_of_the_cards_it_looks_at(judge, cost):
    # verified since issue 22 (dig: tests/engine/test_engine_enforced.py has the misuses)
    head = header(deck("Rastrear"), deck(), hand=1)
    base = cast("A", "A1", "Rastrear", cost)
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])])
    assert v.legal and len(base) + 2 in v.verified


# -- «Muestra la primera carta de tu Mazo Castillo, si es …, ponla en tu mano» (reveal_top) --

@pytest.mark.parametrize("name, index, player, dest, may", [
    ("Kuzunoha", 1, "you", "hand", False), ("Veela", 1, "you", "hand", True),
    ("Aeromancia", 0, "each", "being_played", True)])
def test_muestra_la_primera_carta_si_es_takes_it_only_if_it_is(real, name, index, player, dest, may):
    (ability,) = sentence_json(real(name), index)
    (shown,) = ability["effects"]
    assert (shown["kind"], shown.get("player", "you"), shown["zone"], shown["rest_zone"]) == (
        "reveal_top", player, dest, "castle_top")
    assert shown["amount"] == 1 and shown["filter"].get("up_to", False) is may


def test_veela_an_oro_or_a_card_of_cost_2_or_less(real):
    (ability,) = sentence_json(real("Veela"), 1)
    assert ability["effects"][0]["filter"]["any_of"] == [{"types": ["Oro"], "targets": False},
                                                        {"max_cost": 2, "targets": False}]


def test_kuzunoha_the_shown_talisman_goes_to_hand(judge, cost):
    # the order is known: the shown card is the top one, a Talismán, and goes to the hand (10.35)
    head = header(deck("Kuzunoha", "Aliento Congelante"), deck(), hand=1)
    base = cast("A", "A1", "Kuzunoha", cost)
    line = len(base) + 2
    v = judge(head, base + [effect("A", "A1", moves=[["A2", "hand"]])])
    assert v.legal and line in v.verified, v
    v = judge(head, base + [effect("A", "A1")])
    assert (v.line, v.rule) == (line, "10.35"), v


# -- «elige hasta dos Aliados oponentes para que no puedan bloquear este turno» ------------

def test_palnatoki_the_chosen_aliados_cannot_block_this_turn(real, judge):
    (ability,) = sentence_json(real("Palnatoki"), 1)
    assert ability["targets"] == [{"types": ["Aliado"], "controller": "opponent", "count": 2, "up_to": True}]
    assert ability["effects"] == [{"kind": "cannot_block", "duration": {"kind": "end_of_turn"}}]
    head = header(deck("Palnatoki", "Thorkell el Alto", "Thorkell el Alto"), deck(), hand=0)
    setup = [put("A", "A1", "A2", "A3"), end("A"), put("B", "B1", "B2"), end("B"), attack("A", "A1", "A2", "A3")]
    fight = [block("B", ("B1", "A1"))]
    assert judge(head, setup + fight).legal  # without the ability B1 may block
    chosen = [effect("A", "A1", targets=["B1"])]
    v = judge(head, setup + chosen + fight)
    assert v.status == "illegal" and v.line == len(setup + chosen) + 2
    assert judge(head, setup + chosen + [block("B", ("B2", "A1"))]).legal  # B2 was not chosen


# -- «Destierra la carta superior del Mazo Castillo de tu oponente» -------------------------

def test_trampa_tanuki_banishes_the_top_card_of_the_opponents_castle(real):
    assert sentence_json(real("Trampa Tanuki"), 0) == [{"kind": "effect", "zone": "hand", "effects": [
        {"kind": "banish_top", "subject": "player", "player": "opponent", "amount": 1, "zone": "castle_top"}]}]


# -- «los jugadores no pueden buscar cartas en los Mazos Castillo» (cannot_search) ----------

@pytest.mark.parametrize("name, conditional", [("Kennin-ji", False), ("Otomi", False), ("Suzaku", True)])
def test_no_pueden_buscar_cartas_en_los_mazos_castillo(real, name, conditional):
    (ability,) = [a for a in compiled(real(name)) if any(e["kind"] == "cannot_search" for e in a["effects"])]
    assert ability["kind"] == "continuous" and ("condition" in ability) is conditional
    assert ability["effects"] == [{"kind": "cannot_search", "subject": "player", "player": "each", "zone": "castle"}]


def test_kennin_ji_forbids_searching_the_castle_but_not_the_cementerio(judge, cost):
    head = header(deck("Ratas en los muros", "Alfa"), deck("Kennin-ji"), hand=1)
    base = cast("A", "A1", "Ratas en los muros", cost)
    search = [effect("A", "A1", moves=[["A2", "hand"]])]
    assert judge(head, base + search).verified  # no Kennin-ji in play
    shrine = [put("B", "B1", zone="support")]
    v = judge(head, shrine + base + search)
    assert (v.status, v.rule) == ("illegal", "4.2")
    in_graveyard = shrine + [put("A", "A2", zone="graveyard")] + base
    assert judge(head, in_graveyard + search).verified  # «o Cementerio»: still allowed


@pytest.mark.parametrize("name, attribute", [("Cuervo", "Oscuridad"), ("Máquina Diferencial", "Luz")])
def test_elige_una_carta_de_ahi_is_taken_from_the_cards_looked_at(real, name, attribute):
    # «… mirar las tres primeras cartas … Elige una carta X de ahí y ponla en tu mano. Luego, Baraja el resto.»
    (dig,) = [e for a in compiled(real(name)) for e in a.get("effects", ()) if e["kind"] == "dig"]
    assert dig == {"kind": "dig", "subject": "player", "amount": 3, "zone": "hand", "rest_zone": "castle",
                   "filter": {"zone": "castle", "targets": False, "attribute": attribute}}
