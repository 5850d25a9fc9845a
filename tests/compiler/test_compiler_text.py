"""Text normalisation: the variants of the same sentence compile to the same abilities."""
from __future__ import annotations

from tourney.engine.compiler import compile_text
from tourney.engine.compiler.text import split_sentences, split_units, tokens


def abilities(text, name="Carta de Prueba", type_="Aliado"):
    comp = compile_text(text, name, type_)
    assert comp.complete, [(s.text, s.reason) for s in comp.sentences]
    return [a.to_json() | {"text": ""} for a in comp.abilities]


def test_line_breaks_and_periods_split_the_same_sentences():
    assert split_sentences("Furia.\nÚnica.") == split_sentences("Furia. Única.") == ["Furia.", "Única."]
    assert split_sentences("Furia/nÚnica") == ["Furia", "Única"]
    assert split_sentences("Furia\u21b5Única") == ["Furia", "Única"]


def test_reminder_text_in_parentheses_is_ignored():
    with_reminder = "Guardián (Este Aliado no puede ser declarado atacante)."
    assert abilities(with_reminder) == abilities("Guardián.")


def test_accents_and_case_do_not_matter():
    assert abilities("Cuando este Aliado entra en juego, Roba una carta.") == \
        abilities("CUANDO ESTE ALIADO ENTRA EN JUEGO, ROBA UNA CARTA.")
    assert abilities("Tu oponente Descarta una carta.", type_="Talismán") == \
        abilities("tu oponente descarta una carta", type_="Talismán")


def test_the_cards_own_name_means_this_card():
    by_name = abilities("Cuando Kirin entra en juego, roba una carta.", name="Kirin")
    assert by_name == abilities("Cuando este Aliado entra en juego, roba una carta.", name="Kirin")
    assert by_name[0]["trigger"] == {"event": "enters_play", "self_only": True}


def test_este_aliado_esta_carta_este_talisman_are_this_card():
    assert tokens("Este Aliado no puede ser Anulado") == tokens("Esta carta no puede ser Anulada")[:-1] + (
        "anulado",)
    assert abilities("Este Talismán no puede ser Anulado.", type_="Talismán") == \
        abilities("Esta carta no puede ser Anulada.", type_="Talismán")


def test_numbers_in_words_are_numbers():
    assert abilities("Tu oponente Bota tres cartas.", type_="Talismán") == \
        abilities("Tu oponente Bota 3 cartas.", type_="Talismán")
    assert abilities("Roba una carta.", type_="Talismán")[0]["effects"][0]["amount"] == 1


def test_singular_and_plural_read_alike():
    one = abilities("Destruye un Aliado oponente.", type_="Talismán")[0]
    two = abilities("Destruye dos Aliados oponentes.", type_="Talismán")[0]
    assert one["targets"] == [{"types": ["Aliado"], "controller": "opponent"}]
    assert two["targets"] == [{"types": ["Aliado"], "controller": "opponent", "count": 2}]


def test_hasta_n_is_up_to():
    got = abilities("Destierra hasta tres cartas objetivo de tu Cementerio.", type_="Talismán")[0]
    assert got["targets"] == [{"controller": "you", "zone": "graveyard", "count": 3, "up_to": True}]


def test_objetivo_and_a_chosen_card_are_both_targets_and_todos_is_not():
    # 8.2: whatever the card lets you choose is a target; "todos" chooses nothing
    chosen = abilities("Destruye el Aliado objetivo.", type_="Talismán")[0]
    assert chosen["targets"] == [{"types": ["Aliado"]}] and chosen["effects"] == [{"kind": "destroy"}]
    every = abilities("Destruye todos los Aliados.", type_="Talismán")[0]
    assert "targets" not in every
    assert every["effects"] == [{"kind": "destroy", "subject": "each", "filter": {"types": ["Aliado"]}}]


def test_oponente_and_rival_are_the_same_player():
    assert abilities("Destruye un Aliado oponente.", type_="Talismán") == \
        abilities("Destruye un Aliado rival.", type_="Talismán")


def test_tu_and_su_name_whose_zone():
    mine = abilities("Destierra una carta de tu Cementerio.", type_="Talismán")[0]
    assert mine["targets"][0]["controller"] == "you"
    theirs = abilities("Tu oponente Bota dos cartas de su Mazo Castillo.", type_="Talismán")[0]
    assert theirs["effects"] == [{"kind": "mill", "subject": "player", "player": "opponent", "amount": 2}]


def test_luego_continues_the_same_ability():
    units = split_units("Destruye un Aliado oponente. Luego, Roba una carta.")
    assert len(units) == 1
    got = abilities(units[0], type_="Talismán")[0]
    assert got["effects"][1] == {"kind": "draw", "subject": "player", "amount": 1, "then": True}


def test_a_sentence_not_understood_is_reported_never_guessed():
    comp = compile_text("Furia.\nEste Aliado baila la cueca.", "Bailarín", "Aliado")
    assert not comp.complete and comp.status == "partial"
    assert [s.understood for s in comp.sentences] == [True, False]
    assert comp.sentences[1].reason and comp.sentences[1].abilities == ()
    assert [a.keyword for a in comp.abilities] == ["Furia"]


def test_empty_text_has_no_sentences():
    comp = compile_text("", "Oro", "Oro")
    assert comp.sentences == () and comp.complete and comp.status == "empty"
