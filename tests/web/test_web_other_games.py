"""Events in formats of other games (Magic construido, Sky World): their own section names,
no Mitos y Leyendas catalog, end to end: register, submit the list, verdict, deck sheet."""
from __future__ import annotations

import io

import pytest
from openpyxl import Workbook, load_workbook

from web_helpers import login

MAGIC_LEGAL = "20 Island\n4 Counterspell\n4 Brainstorm\n32 Forest\nSB: 2 Negate\nSB: 1 Duress\n"
MAGIC_ILLEGAL = "20 Island\n5 Counterspell\n35 Forest\n"
SKY_LEGAL = "Mazo\n3 Soldado de Arena\n47 Guardia del Cielo\nHéroe: Morteus\n"
SKY_ILLEGAL = "Mazo\n50 Guardia del Cielo\n"  # no Héroe


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def game_event(world):
    def make(format_id):
        org = world.user(f"org-{format_id}@x.cl", "organizador", "Olga")
        judge = world.user(f"juez-{format_id}@x.cl", name="Julia")
        player = world.user(f"p-{format_id}@x.cl", name="Pía Núñez")
        event = world.event(org, format_id=format_id, name=f"Torneo {format_id}")
        from tourney.services import events

        world.run(lambda s: events.add_judge(s, org, event, judge.email))
        return org, judge, player, event
    return make


@pytest.mark.parametrize("format_id,legal,illegal,main,side,in_sheet,illegal_word", [
    ("magic-construido", MAGIC_LEGAL, MAGIC_ILLEGAL, "Mazo principal", "Sideboard",
     ["Counterspell", "Negate", "Total: 60", "Total: 3"], "copias"),
    ("skyworld", SKY_LEGAL, SKY_ILLEGAL, "Mazo", "Héroe",
     ["Guardia del Cielo", "Morteus", "Total: 50 / 50", "Total: 1 / 1"], "Héroe"),
])
def test_event_of_another_game_end_to_end(client, world, game_event, format_id, legal, illegal, main,
                                          side, in_sheet, illegal_word):
    org, judge, player, event = game_event(format_id)
    login(client, player.email)
    assert client.post(f"/eventos/{event.id}/inscribirme").status_code == 302
    url = f"/eventos/{event.id}/mi-lista"
    page = client.get(url).get_data(as_text=True)
    assert f"«{main}» y «{side}»" in page and 'id="buscar"' not in page  # no MyL card search
    # an illegal list: the verdict says why, in the game's own words
    resp = client.post(url, data={"text": illegal})
    page = resp.get_data(as_text=True)
    assert "Lista NO legal." in page and illegal_word in page
    assert "Mazo de Soporte" not in page.split('id="veredicto"')[1].split("</div>")[0]
    # the legal one: the "SB:" / "Héroe:" prefixes parse into the side section
    resp = client.post(url, data={"text": legal})
    page = resp.get_data(as_text=True)
    assert "Lista legal." in page and f"{side}: " in page
    from sqlmodel import select

    from tourney.models.events import Registration

    reg_id = world.run(lambda s: s.exec(select(Registration).where(
        Registration.event_id == event.id)).one().id)
    view = client.get(f"/eventos/{event.id}/listas/{reg_id}").get_data(as_text=True)
    assert f"<h2>{main} (" in view and f"<h2>{side} (" in view
    # the judge prints the deck sheet with the game's sections
    login(client, judge.email)
    pdf = client.get(f"/eventos/{event.id}/documentos/decksheets")
    assert pdf.status_code == 200
    text = _pdf_text(pdf.data)
    for word in [main, side, "Pía Núñez", "LEGAL", *in_sheet]:
        assert word in text, word
    assert "Mazo Castillo" not in text and "Aliados" not in text
    blank = _pdf_text(client.get(f"/eventos/{event.id}/documentos/blank").data)
    assert main in blank and side in blank


def test_mazo_de_soporte_swaps_are_only_for_mitos_y_leyendas(client, game_event, world):
    from tourney.services import events, rounds

    org, judge, _player, event = game_event("magic-construido")

    def setup(s):
        for name in ("Rafa", "Sofi"):
            events.add_player_at_desk(s, org, event, name)
        rnd = rounds.pair_next_round(s, org, event)
        return rounds.round_matches(s, rnd)[0].id
    match_id = world.run(setup)
    login(client, judge.email)
    resp = client.get(f"/eventos/{event.id}/mesas/{match_id}/cambios")
    assert resp.status_code == 404 and "Mitos y Leyendas" in resp.get_data(as_text=True)


def test_magic_decklists_import_and_export_with_sideboard(client, game_event, world):
    from tourney.services import events

    org, _judge, _player, event = game_event("magic-construido")
    world.run(lambda s: events.add_player_at_desk(s, org, event, "Rafa"))
    wb = Workbook()
    ws = wb.active
    ws.title = "Mazos"
    ws.append(["Jugador", "Sección", "Cantidad", "Carta"])
    for qty, card in ((24, "Island"), (4, "Counterspell"), (32, "Forest")):
        ws.append(["Rafa", "Mazo principal", qty, card])
    ws.append(["Rafa", "Sideboard", 3, "Negate"])
    buf = io.BytesIO()
    wb.save(buf)
    login(client, org.email)
    resp = client.post(f"/eventos/{event.id}/importar/listas",
                       data={"listas-file": (io.BytesIO(buf.getvalue()), "mazos.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 302, resp.get_data(as_text=True)[-2000:]
    book = load_workbook(io.BytesIO(client.get(f"/eventos/{event.id}/documentos/workbook").data))
    rows = [r[:4] for r in book["Mazos"].iter_rows(min_row=2, values_only=True)]
    assert ("Rafa", "Sideboard", 3, "Negate") in rows
    assert ("Rafa", "Mazo principal", 4, "Counterspell") in rows


def test_judge_pages_of_another_game_do_not_break(client, game_event, world):
    from tourney.services import decklists, events

    org, judge, _player, event = game_event("magic-construido")
    fmt = world.formats()["magic-construido"]

    def setup(s):
        reg = events.add_player_at_desk(s, org, event, "Rafa")
        decklists.submit_decklist(s, org, event, reg, fmt, None, text=MAGIC_LEGAL)
        events.set_decklists_published(s, org, event, True)
        return reg.id
    reg_id = world.run(setup)
    login(client, judge.email)
    assert client.get(f"/eventos/{event.id}/listas").status_code == 200
    assert client.get(f"/eventos/{event.id}/metagama").status_code == 200
    resp = client.post(f"/eventos/{event.id}/revision",
                       data={"registration_id": reg_id, "game": "1",
                             "counted_text": MAGIC_LEGAL.replace("4 Counterspell", "3 Counterspell")})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    found = page.split('id="resultado-revision"')[1].split("</div>")[0]
    assert "2 diferencias" in found
    assert "Mazo principal: faltan 1 × Counterspell (esperadas 4, contadas 3)" in found
    assert "Mazo principal: 59 cartas contadas, se esperaban 60" in found
    resp = client.post(f"/eventos/{event.id}/revision",
                       data={"registration_id": reg_id, "game": "1", "counted_text": MAGIC_LEGAL})
    assert "Sin diferencias: coincide con lo esperado." in resp.get_data(as_text=True)
