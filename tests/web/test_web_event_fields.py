"""Event page size, desk IDs and e-mails, byes assigned in advance, editing an event."""
from __future__ import annotations

import io

from sqlmodel import select

from tourney.models.events import Event, Registration
from web_helpers import FORMAT, login
from xlsx_helpers import xlsx_bytes


def _reg(world, name):
    return world.run(lambda s: s.exec(select(Registration).where(Registration.name == name)).one())


def test_event_form_page_size_is_used_by_the_pdfs(client, cast, world):
    from pypdf import PdfReader

    login(client, cast.org.email)
    resp = client.post("/eventos/nuevo", data={"name": "Copa Carta", "date": "2026-12-12",
                                               "format_id": FORMAT, "top_cut": "0",
                                               "page_size": "Letter"})
    assert resp.status_code == 302
    event = world.run(lambda s: s.exec(select(Event).where(Event.name == "Copa Carta")).one())
    assert event.page_size == "Letter"
    pdf = client.get(f"/eventos/{event.id}/documentos/blank").data
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert round(float(box.width)) == 612  # Letter: 8.5 in; A4 would be 595
    pdf = client.get(f"/eventos/{cast.event.id}/documentos/blank").data  # default A4
    assert round(float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)) == 595


def test_organizer_edits_the_event_and_sees_consequences(client, paired, world):
    login(client, paired.org.email)
    url = f"/eventos/{paired.event.id}/editar"
    page = client.get(url).get_data(as_text=True)
    assert 'value="Torneo de prueba"' in page
    data = {"name": "Torneo renombrado", "date": "2026-12-06", "venue": "Otro club",
            "format_id": FORMAT, "top_cut": "0", "page_size": "Letter",
            "decklist_deadline": "2026-12-06T10:00"}
    resp = client.post(url, data=data, follow_redirects=True)
    assert resp.status_code == 200
    assert "Cambió el cierre de listas" in resp.get_data(as_text=True)
    event = world.run(lambda s: s.get(Event, paired.event.id))
    assert (event.name, event.venue, event.page_size) == ("Torneo renombrado", "Otro club", "Letter")
    # the format cannot change once a round is paired: the error sits next to the field
    resp = client.post(url, data={**data, "format_id": "infanteria"})
    assert resp.status_code == 400
    page = resp.get_data(as_text=True)
    assert 'id="format_id-error">No se puede cambiar el formato' in page
    assert 'value="Torneo renombrado"' in page  # what was typed is kept
    assert world.run(lambda s: s.get(Event, paired.event.id)).format_id == FORMAT


def test_desk_player_keeps_id_and_email_without_an_account(client, cast, world):
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}/jugadores"
    resp = client.post(url, data={"name": "Diego", "email": "diego@sin-cuenta.cl",
                                  "external_id": "CL-0042", "byes": "1"})
    assert resp.status_code == 302
    diego = _reg(world, "Diego")
    assert (diego.user_id, diego.email, diego.external_id, diego.byes) == (
        None, "diego@sin-cuenta.cl", "CL-0042", 1)
    resp = client.post(url, data={"name": "Otro Diego", "external_id": "CL-0042"})
    assert resp.status_code == 400
    assert "El ID CL-0042 ya es de Diego" in resp.get_data(as_text=True)
    resp = client.post(url, data={"name": "Muchos byes", "byes": "4"})
    assert resp.status_code == 400 and "De 0 a 3." in resp.get_data(as_text=True)
    page = client.get(f"/eventos/{cast.event.id}/panel").get_data(as_text=True)
    assert "1 bye asignado" in page and "CL-0042" in page


def test_a_player_linked_to_an_account_has_one_name_from_the_form_and_the_sheet(client, cast,
                                                                              world):
    """The panel's form and the XLSX «Jugadores» import give a linked player the same name:
    their account's, whatever was typed; the organizer is told which name was kept."""
    diego = world.user("diego@x.cl", name="Diego Díaz")
    other = world.event(cast.org)
    login(client, cast.org.email)
    resp = client.post(f"/eventos/{cast.event.id}/jugadores",
                       data={"name": "Dieguito", "email": "diego@x.cl"}, follow_redirects=True)
    assert resp.status_code == 200
    assert ("Diego Díaz inscrito con el nombre de su cuenta (el formulario decía «Dieguito»)."
            in resp.get_data(as_text=True))
    data = xlsx_bytes({"Jugadores": [["Nombre", "ID / correo"], ["Dieguito", "diego@x.cl"]]})
    resp = client.post(f"/eventos/{other.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(data), "jugadores.xlsx")},
                       content_type="multipart/form-data", follow_redirects=True)
    assert resp.status_code == 200
    assert "se inscribe con el nombre de su cuenta, «Diego Díaz»" in resp.get_data(as_text=True)
    regs = world.run(lambda s: s.exec(select(Registration).where(
        Registration.user_id == diego.id).order_by(Registration.event_id)).all())
    assert [(r.event_id, r.name) for r in regs] == [(cast.event.id, "Diego Díaz"),
                                                    (other.id, "Diego Díaz")]


def test_byes_assigned_in_advance_are_honoured_by_pairing(client, cast, world):
    from tourney.services import events, rounds

    def setup(s):
        events.add_player_at_desk(s, cast.org, cast.event, "Diego", byes=2)
        events.add_player_at_desk(s, cast.org, cast.event, "Elena")
        events.add_player_at_desk(s, cast.org, cast.event, "Fede")
    world.run(setup)
    diego = _reg(world, "Diego")
    for number in (1, 2, 3):
        def play(s, number=number):
            rnd = rounds.pair_next_round(s, cast.org, cast.event)
            out = []
            for m in rounds.round_matches(s, rnd):
                if m.player_b_id is not None:
                    rounds.enter_result(s, cast.org, cast.event, m, "2-0-0", m.version)
                out.append((m.player_a_id, m.player_b_id, m.result))
            return out
        matches = world.run(play)
        mine = [m for m in matches if diego.id in m[:2]]
        if number <= 2:
            assert mine == [(diego.id, None, "2-0-0")], number
        else:
            assert mine[0][1] is not None, "no bye for Diego after his assigned ones"
    # the bye is printed as BYE on the pairings
    login(client, cast.org.email)
    from pypdf import PdfReader

    pdf = client.get(f"/eventos/{cast.event.id}/documentos/pairings?ronda=1").data
    assert "BYE" in "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def test_imported_players_keep_byes_and_ids(client, cast, world):
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Jugadores"
    ws.append(["Nombre", "ID / correo", "Byes"])
    ws.append(["Gabriela", "gabi@sin-cuenta.cl", 1])
    ws.append(["Hugo", "CL-77", None])
    buf = io.BytesIO()
    wb.save(buf)
    login(client, cast.org.email)
    resp = client.post(f"/eventos/{cast.event.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(buf.getvalue()), "j.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 302
    gabi, hugo = _reg(world, "Gabriela"), _reg(world, "Hugo")
    assert (gabi.byes, gabi.email, gabi.user_id) == (1, "gabi@sin-cuenta.cl", None)
    assert (hugo.byes, hugo.external_id) == (0, "CL-77")
    # the workbook gives the IDs and byes back
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(client.get(f"/eventos/{cast.event.id}/documentos/workbook").data))
    rows = {r[0]: r for r in book["Jugadores"].iter_rows(min_row=2, values_only=True)}
    assert rows["Gabriela"][1] == "gabi@sin-cuenta.cl" and rows["Gabriela"][2] == 1
    assert rows["Hugo"][1] == "CL-77"
