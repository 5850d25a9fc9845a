"""Card identity (seed 000, 10.13 Copias) and the text normalization behind it."""
from __future__ import annotations

from tourney.catalog.identity import assign_identities
from tourney.catalog.keywords import declared_keywords, normalize_breaks
from tourney.catalog.model import Card, characteristics_identity, normalize_text


def card(code, name="Dragón Rojo", text="Furia.", cost=3, strength=3, identity="", type_="Aliado"):
    return Card(code=code, name=name, edition="prueba", type=type_, identity=identity, cost=cost,
                strength=strength, text=text)


def test_normalize_text_ignores_breaks_spacing_punctuation_and_reminder_text():
    a = "Única.\nEste Aliado no puede ser Anulado."
    b = "Única (Sólo puedes tener una copia de esta carta en tu Mazo Castillo)\r\nEste  Aliado " \
        "no puede ser Anulado"
    assert normalize_text(a) == normalize_text(b)
    assert normalize_text("Paga un Oro.") == normalize_text("Paga 1 Oro.")
    assert normalize_text("Paga un Oro.") != normalize_text("Paga dos Oros.")


def test_normalize_breaks_api_variants():
    expected = "Única.\nRoba una carta."
    for raw in ("Única.\u21b5Roba una carta.", "Única./nRoba una carta.",
                "Única. \n Roba una carta.", "Única.\r\nRoba  una carta. "):
        assert normalize_breaks(raw) == expected


def test_10_13_copias_same_characteristics_are_one_card():
    a, b = assign_identities([card("X-1"), card("X-2", text="Furia")])
    assert a.identity == b.identity == "dragon-rojo"


def test_10_13_copias_different_cost_strength_or_ability_are_different_cards():
    cards = assign_identities([card("X-1"), card("X-2", cost=4), card("X-3", strength=1),
                               card("X-4", text="Imbloqueable.")])
    assert len({c.identity for c in cards}) == 4
    # the name's slug goes to nobody when several cards share the name
    assert all("~" in c.identity for c in cards)
    assert cards[1].identity == characteristics_identity("Dragón Rojo", "Aliado", 4, 3, "Furia.")


def test_known_code_keeps_its_identity_even_when_the_text_changed():
    known = [card("X-1", identity="dragon-rojo", text="Furia. Roba una carta.")]
    (new,) = assign_identities([card("X-1", text="Furia.")], known)
    assert new.identity == "dragon-rojo"


def test_known_characteristics_lend_their_identity():
    known = [card("OLD-7", identity="dragon-rojo-furia")]
    (new,) = assign_identities([card("NEW-1")], known)
    assert new.identity == "dragon-rojo-furia"


def test_slug_taken_by_a_different_known_card_gets_a_hashed_identity():
    known = [card("OLD-7", identity="dragon-rojo", cost=5)]
    (new,) = assign_identities([card("NEW-1")], known)
    assert new.identity != "dragon-rojo" and new.identity.startswith("dragon-rojo~")


def test_trusted_identity_in_the_same_batch_is_reused():
    batch = [card("AA-1", identity="dragon-rojo"), card("BU-9", text="Furia")]
    assert [c.identity for c in assign_identities(batch)] == ["dragon-rojo", "dragon-rojo"]


def test_declared_keywords_only_when_declared():
    assert declared_keywords("Única.\nFuria. Indestructible.") == {"Única", "Furia",
                                                                   "Indestructible"}
    assert declared_keywords("Errante. Luz. Furia.\nCuando…") == {"Errante", "Luz", "Furia"}
    assert declared_keywords("Inmunidad - Talismanes.") == {"Inmunidad"}
    assert declared_keywords("Mercenario (Puedes tener cualquier cantidad de copias).") == {
        "Mercenario"}
    assert declared_keywords("Destruye un Aliado con Furia.") == frozenset()
    assert declared_keywords("Mientras este Aliado porte un Arma es Indestructible.") == frozenset()
    assert declared_keywords("Los Aliados Únicos ganan 1 a la Fuerza.") == frozenset()
