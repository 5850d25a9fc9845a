"""Organizer creates events; players register and submit decklists with the validator's verdict."""
from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

from sqlmodel import select

from tourney.models.catalog import utcnow
from tourney.models.events import DecklistSubmission, Event, Registration
from tourney.services import decklists
from web_helpers import FORMAT, deck_lines, deck_text, login


def test_organizer_creates_an_event_from_the_form(client, world):
    world.user("org@x.cl", "organizador")
    login(client, "org@x.cl")
    resp = client.post("/eventos/nuevo", data={
        "name": "Regional Santiago", "date": "2026-12-12", "venue": "Club", "format_id": FORMAT,
        "rounds_planned": "", "top_cut": "8", "decklist_deadline": "2026-12-11T20:00"})
    assert resp.status_code == 302
    event = world.run(lambda s: s.exec(select(Event)).one())
    assert (event.name, event.top_cut, event.rounds_planned, event.support_required) == \
        ("Regional Santiago", 8, None, True)
    # typed in the venue's time (Chile, UTC-3 in December), stored in UTC
    assert event.decklist_deadline == datetime(2026, 12, 11, 23, 0, tzinfo=timezone.utc)
    page = client.get(f"/eventos/{event.id}/panel").get_data(as_text=True)
    assert "Regional Santiago" in page and "Inscripciones" in page


def test_event_form_errors_are_next_to_their_fields_and_input_is_kept(client, world):
    world.user("org@x.cl", "organizador")
    login(client, "org@x.cl")
    resp = client.post("/eventos/nuevo", data={"name": "", "date": "mañana", "venue": "Club Norte",
                                               "format_id": FORMAT, "rounds_planned": "40"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert 'id="name-error"' in html and "Este campo es obligatorio." in html
    assert 'id="date-error"' in html and 'id="rounds_planned-error"' in html
    assert 'value="Club Norte"' in html and 'value="40"' in html
    assert world.run(lambda s: s.exec(select(Event)).all()) == []


def test_player_registers_once_and_gets_a_legal_verdict(client, world, cast):
    dora = world.user("dora@x.cl", name="Dora")
    login(client, dora.email)
    url = f"/eventos/{cast.event.id}"
    assert client.post(f"{url}/inscribirme").status_code == 302
    assert client.post(f"{url}/inscribirme").status_code == 302  # double submit: one row
    regs = world.run(lambda s: s.exec(select(Registration).where(
        Registration.user_id == dora.id)).all())
    assert len(regs) == 1
    resp = client.post(f"{url}/mi-lista", data={"text": world.deck(9)})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Lista legal." in html and "Lista inscrita" in html
    sub = world.run(lambda s: decklists.registered(s, cast.event, regs[0]))
    assert sub.legal and sum(e["qty"] for e in sub.resolved["castle"]) == 50


def test_10_13_copias_illegal_list_shows_every_violation_and_keeps_the_text(client, cast, world):
    login(client, cast.ana.email)
    deck = deck_lines(cast.decks["ana"])
    qty, name, code = next(x for x in deck["castle"] if x[0] == 3)
    deck["castle"].append((1, name, code))  # a 4th copy
    deck["castle"][-2] = (deck["castle"][-2][0] - 1, *deck["castle"][-2][1:])
    text = deck_text(deck)
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista", data={"text": text})
    html = resp.get_data(as_text=True)
    assert "Lista NO legal." in html and "10.13 Copias" in html and name in html
    assert f"4 {name} ({code})" in html or f"1 {name} ({code})" in html  # textarea kept
    history = world.run(lambda s: decklists.history(s, cast.regs["ana"]))
    assert [h.legal for h in history] == [False, True]
    # the registered list is still the earlier legal one
    reg = world.run(lambda s: decklists.registered(s, cast.event, cast.regs["ana"]))
    assert reg.id == history[1].id


def test_unreadable_list_error_is_shown_next_to_the_text_field(client, cast, world):
    login(client, cast.ana.email)
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista",
                       data={"text": "Mazo Castillo\n0 Kirin\n"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and 'id="text-error"' in html and "línea 2" in html
    assert "0 Kirin" in html  # what the player typed is still there
    assert len(world.run(lambda s: decklists.history(s, cast.regs["ana"]))) == 1


def test_11_mazo_de_soporte_required_except_in_leagues(client, world, cast):
    no_support = world.deck(4, with_support=False)
    login(client, cast.ana.email)
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista", data={"text": no_support})
    assert "exige inscribir el Mazo de Soporte" in resp.get_data(as_text=True)
    league = world.event(cast.org, name="Liga", support_required=False)
    client.post(f"/eventos/{league.id}/inscribirme")
    resp = client.post(f"/eventos/{league.id}/mi-lista", data={"text": no_support})
    assert "Lista legal." in resp.get_data(as_text=True)


def test_deadline_locks_the_list_and_the_last_legal_before_it_is_registered(client, world, cast):
    reg = cast.regs["ana"]
    deadline = utcnow() - timedelta(hours=1)

    def history(s):
        event = s.get(Event, cast.event.id)
        event.decklist_deadline = deadline
        s.add(event)
        for minutes, legal in ((-120, True), (-90, True), (-30, False), (30, True)):
            s.add(DecklistSubmission(registration_id=reg.id, raw_text=f"{minutes}",
                                     resolved_json="{}", legal=legal,
                                     submitted_at=deadline + timedelta(minutes=minutes)))

    world.run(history)
    sub = world.run(lambda s: decklists.registered(s, s.get(Event, cast.event.id), reg))
    assert sub.raw_text == "-90"
    login(client, cast.ana.email)
    page = client.get(f"/eventos/{cast.event.id}/mi-lista").get_data(as_text=True)
    assert "Las listas están cerradas" in page
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista", data={"text": cast.decks["ana"]})
    assert "pasó el plazo de entrega" in resp.get_data(as_text=True)
    assert len(world.run(lambda s: decklists.history(s, reg))) == 5  # nothing added


def _xlsx(text: str) -> bytes:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["seccion", "cantidad", "carta"])
    for section, rows in deck_lines(text).items():
        for qty, name, code in rows:
            ws.append(["Castillo" if section == "castle" else "Soporte", qty, f"{name} ({code})"])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def test_xlsx_upload_is_validated_and_other_files_are_refused(client, cast, world):
    login(client, cast.beto.email)
    url = f"/eventos/{cast.event.id}/mi-lista"
    resp = client.post(url, data={"text": "", "file": (io.BytesIO(_xlsx(cast.decks["beto"])),
                                                       "lista.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 200 and "Lista legal." in resp.get_data(as_text=True)
    latest = world.run(lambda s: decklists.history(s, cast.regs["beto"]))[0]
    assert latest.source == "xlsx" and latest.legal
    resp = client.post(url, data={"file": (io.BytesIO(b"%PDF-1.4 no es excel"), "lista.xlsx")},
                       content_type="multipart/form-data")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and 'id="file-error"' in html
    assert "no es una planilla XLSX" in html


def test_upload_size_limit(client, cast):
    login(client, cast.beto.email)
    big = io.BytesIO(b"PK\x03\x04" + b"0" * (3 * 1024 * 1024))
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista", data={"file": (big, "x.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 413 and "máximo 2 MB" in resp.get_data(as_text=True)


def test_live_verdict_and_card_search(client, cast):
    login(client, cast.ana.email)
    deck = deck_lines(cast.decks["ana"])
    deck["castle"] = deck["castle"][1:]  # fewer than 50
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista/verificar",
                       data={"text": deck_text(deck)})
    data = resp.get_json()
    assert data["legal"] is False and "deck_size" in [v["code"] for v in data["verdict"]["violations"]]
    name = deck["castle"][0][1]
    found = client.get(f"/eventos/{cast.event.id}/cartas?q={name[:5]}").get_json()
    assert any(c["name"] == name for c in found)


def test_desk_entry_late_entry_and_drop(client, world, cast):
    from tourney.services import rounds

    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}"
    resp = client.post(f"{url}/jugadores", data={"name": "", "email": ""})
    assert resp.status_code == 400 and 'id="name-error"' in resp.get_data(as_text=True)
    assert client.post(f"{url}/jugadores", data={"name": "Elena en mesa"}).status_code == 302
    world.run(lambda s: rounds.pair_next_round(s, cast.org, cast.event))
    assert client.post(f"{url}/jugadores", data={"name": "Fede tarde", "with_losses": "y"}
                       ).status_code == 302
    regs = {r.name: r for r in world.run(lambda s: s.exec(select(Registration)).all())}
    assert regs["Elena en mesa"].user_id is None and regs["Fede tarde"].late_losses == 1
    assert client.post(f"{url}/jugadores/{regs['Fede tarde'].id}/retiro",
                       data={"accion": "retirar"}).status_code == 302
    assert world.run(lambda s: s.get(Registration, regs["Fede tarde"].id).dropped)
    client.post(f"{url}/jugadores/{regs['Fede tarde'].id}/retiro", data={"accion": "reincorporar"})
    assert not world.run(lambda s: s.get(Registration, regs["Fede tarde"].id).dropped)


def test_organizer_enters_the_list_of_a_desk_player(client, world, cast):
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}"
    client.post(f"{url}/jugadores", data={"name": "Elena sin cuenta"})
    reg = world.run(lambda s: s.exec(select(Registration).where(
        Registration.name == "Elena sin cuenta")).one())
    assert "ingresar lista" in client.get(f"{url}/panel").get_data(as_text=True)
    resp = client.post(f"{url}/listas/{reg.id}/editar", data={"text": world.deck(12)})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Lista de Elena sin cuenta" in html and "Lista legal." in html
    assert world.run(lambda s: decklists.registered(s, cast.event, reg)).legal
