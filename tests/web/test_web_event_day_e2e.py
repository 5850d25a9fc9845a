"""Done when (issue 13): on a machine whose catalog is uploaded from the web, a 64-player event
with a Top 8 runs from registration to the champion with every result entered from the grid,
and the printed and exported documents are right."""
from __future__ import annotations

import io
import re

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from sqlalchemy import text
from sqlmodel import select

from tourney.models.events import Event, Match, Registration, Round
from web_helpers import join_staff, login

TAPS = ["2-0", "2-1", "1-2", "0-2", "2-1", "2-0", "1-1-1", "0-2"]


@pytest.fixture
def fresh_machine(world):
    def wipe(s):
        s.execute(text("DELETE FROM card"))
        s.execute(text("DELETE FROM edition"))
    world.run(wipe)
    yield
    world.run(wipe)


def test_a_64_player_top_8_from_catalog_upload_to_champion(client, world, fresh_machine,
                                                           shared_data):
    from tourney.services import decklists, events

    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    world.user("juez@x.cl", name="Julia Jueza")
    login(client, org.email)
    # the catalog, from the web
    assert "El catálogo está vacío" in client.get("/catalogo").get_data(as_text=True)
    cards = (shared_data / "deckforge" / "public-data" / "cards.json").read_bytes()
    resp = client.post("/catalogo", data={"fmt": "", "files": [(io.BytesIO(cards), "cards.json")]},
                       content_type="multipart/form-data")
    assert resp.status_code == 200  # the page says what the file added (issue 23)
    assert "2181 cartas leídas: 2181 nuevas" in resp.get_data(as_text=True)
    assert "El catálogo está vacío" not in client.get("/catalogo").get_data(as_text=True)
    # the event, 64 players at the desk, two of them with a list from the uploaded catalog
    resp = client.post("/eventos/nuevo", data={"name": "Regional de Ñuñoa", "date": "2026-12-12",
                                               "format_id": "unificado", "rounds_planned": "6",
                                               "top_cut": "8"})
    assert resp.status_code == 302
    event_id = world.run(lambda s: s.exec(select(Event.id)).one())
    join_staff(client, event_id, org.email, "juez@x.cl")  # invited from the panel, accepted
    for i in range(64):
        assert client.post(f"/eventos/{event_id}/jugadores",
                           data={"name": f"Jugador {i + 1:02d}"}).status_code == 302
    fmt, cat = world.formats()["unificado"], world.catalog()
    lists = [world.deck(1), world.deck(2)]

    def two_lists(s):
        event = events.get_event(s, event_id)
        for reg, deck in zip(s.exec(select(Registration).where(Registration.event_id == event_id)
                                    .order_by(Registration.id)).all()[:2], lists):
            decklists.submit_decklist(s, org, event, reg, fmt, cat, text=deck)
    world.run(two_lists)
    client.post(f"/eventos/{event_id}/inscripcion", data={"abrir": "0"})

    # 6 Swiss rounds and the Top 8 (4 + 2 + 1 tables), every result from the grid
    taps = 0
    for number in range(1, 10):
        login(client, org.email)
        assert client.post(f"/eventos/{event_id}/rondas").status_code == 302
        client.post(f"/eventos/{event_id}/rondas/{number}/publicar")
        login(client, "juez@x.cl")
        grid = client.get(f"/eventos/{event_id}/rondas/{number}/marcador").get_data(as_text=True)
        assert "Sin mesa" not in grid
        tables = world.run(lambda s: [(m.id, m.version, m.player_b_id) for m in s.exec(
            select(Match).join(Round, Round.id == Match.round_id)
            .where(Round.event_id == event_id, Round.number == number))])
        for i, (match_id, version, b) in enumerate(tables):
            if b is None:
                continue
            tap = TAPS[(i + number) % len(TAPS)] if number <= 6 else ("2-1", "1-2")[i % 2]
            answer = client.post(f"/eventos/{event_id}/rondas/{number}/marcador",
                                 data={"tap": f"{match_id}:{version}:{tap}"},
                                 headers={"X-Requested-With": "fetch"}).get_json()
            assert answer["ok"], answer
            taps += 1
        assert answer["open"] == 0
    assert taps == 6 * 32 + 4 + 2 + 1

    # the champion everywhere
    login(client, org.email)
    panel = client.get(f"/eventos/{event_id}/panel").get_data(as_text=True)
    assert "Corte final terminado" in panel and "ronda suiza 6 de 6 · corte final: ronda 3" in panel
    assert "Sin mesa" not in panel and "ronda 9 de 6" not in panel
    standings = client.get(f"/eventos/{event_id}/clasificacion").get_data(as_text=True)
    final = standings.split('id="clasificacion-final"', 1)[1].split("</table>", 1)[0]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in final.split("<tr")[2:]]
    assert len(rows) == 64
    champion = rows[0][1]
    assert [r[2] for r in rows[:8]] == (["Campeón", "Finalista", "Semifinal", "Semifinal"]
                                        + ["Cuartos de final"] * 4)
    assert [r[2] for r in rows[8:]] == ["—"] * 56
    assert sorted(int(r[3]) for r in rows[:8]) == list(range(1, 9))  # the Swiss top 8
    assert f"Campeón: {champion}" in client.get(f"/eventos/{event_id}").get_data(as_text=True)

    pdf = PdfReader(io.BytesIO(client.get(f"/eventos/{event_id}/documentos/standings").data))
    bracket = next(t for t in (pg.extract_text() for pg in pdf.pages) if "Corte final: Top" in t)
    assert "Corte final: Top 8" in bracket and bracket.count(champion) == 4  # 3 rounds + box
    wb = load_workbook(io.BytesIO(client.get(f"/eventos/{event_id}/documentos/workbook").data))
    cut = [r for r in wb["Corte final"].iter_rows(min_row=2, values_only=True) if r[0] is not None]
    assert len(cut) == 7 and all(r[5] for r in cut) and cut[-1][5] == champion
    assert dict(wb["Evento"].iter_rows(min_row=2, values_only=True))["Jugadores"] == 64
    for kind in ("pairings", "slips"):
        resp = client.get(f"/eventos/{event_id}/documentos/{kind}?ronda=9")
        assert resp.status_code == 200 and resp.data[:5] == b"%PDF-"
    sheets = PdfReader(io.BytesIO(client.get(f"/eventos/{event_id}/documentos/decksheets").data))
    assert len(sheets.pages) >= 2
