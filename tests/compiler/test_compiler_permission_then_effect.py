"""A sentence that says when the card may be played («Puedes jugar este Talismán al comienzo de
la Declaración de Bloqueo / en respuesta a que …») ends there: a next sentence «Pon …» is the
card's effect, not part of the permission (issue 22; «Luego, …» and «Si lo haces, …» still
continue it). «tu Zona de Reserva de Oros» is the Reserva de Oro."""
from __future__ import annotations

from tourney.engine.compiler import compile_card
from tourney.engine.compiler.text import split_units

from .games import attack, deck, effect, end, header, play, put
from .realcards import compiled


def test_8_1_permiso_duelo_shogi_permission_then_an_oro_from_your_hand(real):
    permission, oro = compiled(real("Duelo Shogi"))
    assert permission == {"kind": "play_permission", "zone": "hand", "phases": ["block"]}
    assert oro["effects"] == [{"kind": "move", "subject": "chosen", "zone": "reserve", "filter": {
        "types": ["Oro"], "controller": "you", "zone": "hand", "targets": False}}]


def test_8_1_permiso_marca_de_lobo_in_response_to_a_talisman_then_honor(real):
    permission, honor = compiled(real("Marca de Lobo"))
    assert permission["kind"] == "play_permission" and permission["response"] is True
    assert permission["trigger"] == {"event": "played", "player": "opponent",
                                     "card": {"types": ["Talismán"], "targets": False}}
    assert [e["kind"] for e in honor["effects"]] == ["counters", "draw"]


def test_8_1_permiso_si_lo_haces_still_continues_the_permission(real):
    # Flecha de Jade: «Puedes jugar este Talismán desde tu Cementerio pagando su coste. Si lo
    # haces, Destiérralo.» stays one unit
    units = split_units(real("Flecha de Jade").text)
    assert len(units) == 2 and "Si lo haces" in units[0]
    assert compile_card(real("Flecha de Jade")).complete


def test_8_1_permiso_duelo_shogi_played_at_the_block_puts_one_oro(judge):
    head = header(["Duelo Shogi", "Oro"] + deck()[2:], deck(), hand=2)  # A1 Duelo Shogi, A2 an Oro
    setup = [put("B", "B2"), end("A"), put("A", "A3"), attack("B", "B2")]
    ok = [play("A", "A1", ["A0"]), effect("A", "A1", moves=[["A2", "reserve"]])]
    v = judge(head, setup + ok)
    assert v.legal and len(setup + ok) + 1 in v.verified, v
    bad = [play("A", "A1", ["A0"]), effect("A", "A1", moves=[["A2", "reserve"], ["A3", "graveyard"]])]
    v = judge(head, setup + bad)
    assert (v.status, v.line, v.rule) == ("illegal", len(setup + bad) + 1, "6.5"), v
