"""A finished top cut everywhere: the standings PDF's bracket with winners and the champion,
the workbook's «Corte final» with Ganador and the final, the web standings in finishing order
(cut first, then Swiss), and no «sin mesa» alarm nor «ronda 7 de 5» during or after the cut.
Results of the cut are entered from the scorekeeper grid."""
from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader
from sqlmodel import select

from tourney.models.events import Registration
from web_helpers import login

NAMES = ["Ana", "Beto", "Carla", "Diego", "Elisa", "Fabián", "Gabriela", "Hugo", "Inés", "Jaime"]


@pytest.fixture
def cut_event(world):
    """10 players, 3 Swiss rounds played, a Top 4 to play."""
    from tourney.services import events, rounds

    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    judge = world.user("juez@x.cl", name="Julia Jueza")
    event = world.event(org, rounds_planned=3, top_cut=4)

    def setup(s):
        events.add_judge(s, org, event, judge.email)
        for name in NAMES:
            s.add(Registration(event_id=event.id, name=name))
        s.flush()
        ev = events.get_event(s, event.id)
        for n in range(3):
            rnd = rounds.pair_next_round(s, org, ev)
            rounds.publish_round(s, org, rnd)
            for i, m in enumerate(rounds.round_matches(s, rnd)):
                if m.player_b_id is not None:
                    rounds.enter_result(s, org, ev, m, ("2-0-0", "2-1-0", "0-2-0")[(i + n) % 3],
                                        m.version)
    world.run(setup)
    return org, judge, event


def _play_cut_from_the_grid(client, world, event):
    """Pair each cut round (organizer), enter every table from the grid (judge): the player
    listed second wins every semifinal, the first one wins the final."""
    from tourney.services import rounds

    played = []
    for outcome in ("0-2", "2-1"):
        login(client, "org@x.cl")
        assert client.post(f"/eventos/{event.id}/rondas").status_code == 302
        number = world.run(lambda s: rounds.event_rounds(s, event)[-1].number)
        client.post(f"/eventos/{event.id}/rondas/{number}/publicar")
        login(client, "juez@x.cl")
        tables = world.run(lambda s: [(m.id, m.version, m.player_a_id, m.player_b_id) for m in
                                      rounds.round_matches(s, rounds.event_rounds(s, event)[-1])])
        for match_id, version, _a, _b in tables:
            resp = client.post(f"/eventos/{event.id}/rondas/{number}/marcador",
                               data={"match_id": match_id, "version": version, "result": outcome},
                               headers={"X-Requested-With": "fetch"})
            assert resp.get_json()["ok"], resp.get_json()
        played.append((number, tables))
    names = world.run(lambda s: {r.id: r.name for r in s.exec(select(Registration))})
    (_, semis), (_, final) = played
    semi_winners = [names[b] for _m, _v, _a, b in semis]
    semi_losers = [names[a] for _m, _v, a, _b in semis]
    champion, finalist = names[final[0][2]], names[final[0][3]]
    assert sorted(semi_winners) == sorted([champion, finalist])
    return champion, finalist, semi_losers, played


def test_a_playoff_table_offers_only_decisive_results(client, world, cut_event):
    org, judge, event = cut_event
    login(client, org.email)
    client.post(f"/eventos/{event.id}/rondas")
    login(client, judge.email)
    page = client.get(f"/eventos/{event.id}/rondas/4/marcador").get_data(as_text=True)
    # the cut round is named as the PDFs name it (issue 23: «Semifinales», not «corte final»)
    assert "Ronda 4 (Semifinales)" in page and ">2-1</button>" in page
    assert ">1-1-1</button>" not in page and ">ID</button>" not in page
    resp = client.post(f"/eventos/{event.id}/rondas/4/marcador", data={"table": 1, "result": "11"},
                       headers={"X-Requested-With": "fetch"})
    assert resp.status_code == 400 and "no hay empates" in resp.get_json()["error"]


def test_the_web_standings_show_the_finishing_order_cut_first(client, world, cut_event):
    _org, _judge, event = cut_event
    champion, finalist, semi_losers, _ = _play_cut_from_the_grid(client, world, event)
    page = client.get(f"/eventos/{event.id}/clasificacion").get_data(as_text=True)
    final = page.split('id="clasificacion-final"', 1)[1].split("</table>", 1)[0]
    rows = [r.split("</td>")[:3] for r in final.split("<tr")[2:]]
    got = [(r[0].rsplit(">", 1)[1], r[1].rsplit(">", 1)[1], r[2].rsplit(">", 1)[1]) for r in rows]
    assert got[0] == ("1", champion, "Campeón") and got[1] == ("2", finalist, "Finalista")
    assert {got[2][1], got[3][1]} == set(semi_losers) and got[2][2] == got[3][2] == "Semifinal"
    assert [g[2] for g in got[4:]] == ["—"] * 6 and len(got) == 10
    home = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert f"Campeón: {champion}" in home


def test_the_web_standings_show_the_bracket_with_winners_and_champion(client, world, cut_event):
    """The bracket on the web as on paper: every cut round, its results, winners in bold,
    and the champion."""
    _org, _judge, event = cut_event
    champion, finalist, semi_losers, _ = _play_cut_from_the_grid(client, world, event)
    page = client.get(f"/eventos/{event.id}/clasificacion").get_data(as_text=True)
    cut = page.split('id="corte-final"', 1)[1].split('id="clasificacion-final"', 1)[0]
    semis, final = cut.split("<h3>Semifinales</h3>", 1)[1].split("<h3>Final</h3>", 1)
    final, box = final.split("<h3>Campeón</h3>", 1)
    for loser in semi_losers:
        assert loser in semis and f". {loser}</strong>" not in semis
    assert "0-2" in semis and "2-1" in final
    assert f". {champion}</strong>" in final and f". {finalist}</strong>" not in final
    assert f"<strong>{champion}</strong>" in box


def test_no_bracket_on_the_web_before_the_cut(client, world, cut_event):
    _org, _judge, event = cut_event
    page = client.get(f"/eventos/{event.id}/clasificacion").get_data(as_text=True)
    assert 'id="corte-final"' not in page


def test_the_standings_pdf_bracket_names_the_winners_and_the_champion(client, world, cut_event):
    org, _judge, event = cut_event
    champion, finalist, semi_losers, _ = _play_cut_from_the_grid(client, world, event)
    login(client, org.email)
    resp = client.get(f"/eventos/{event.id}/documentos/standings")
    assert resp.status_code == 200
    reader = PdfReader(io.BytesIO(resp.data))
    bracket = next(t for t in (pg.extract_text() for pg in reader.pages) if "Corte final: Top" in t)
    assert "Corte final: Top 4" in bracket and "Final" in bracket and "Campeón" in bracket
    # each name appears once per round reached: champion in semifinal, final and champion box
    assert bracket.count(champion) == 3
    assert bracket.count(finalist) == 2
    assert all(bracket.count(name) == 1 for name in semi_losers)


def test_the_workbook_corte_final_has_every_winner_and_the_final(client, world, cut_event):
    org, _judge, event = cut_event
    champion, finalist, semi_losers, _ = _play_cut_from_the_grid(client, world, event)
    login(client, org.email)
    resp = client.get(f"/eventos/{event.id}/documentos/workbook")
    wb = load_workbook(io.BytesIO(resp.data))
    sheet = wb["Corte final"]
    header = [c.value for c in sheet[1]]
    col = {name: i for i, name in enumerate(header)}
    rows = [[c.value for c in row] for row in sheet.iter_rows(min_row=2) if row[0].value is not None]
    assert len(rows) == 3  # two semifinals and the final
    semis, final = rows[:2], rows[2]
    assert all(r[col["Ganador"]] for r in semis)
    assert {r[col["Ganador"]] for r in semis} == {champion, finalist}
    assert final[col["Ronda del corte"]] == 2
    assert {final[col["Jugador A"]], final[col["Jugador B"]]} == {champion, finalist}
    assert final[col["Ganador"]] == champion


def test_no_unseated_alarm_nor_round_beyond_the_plan_during_or_after_the_cut(client, world,
                                                                            cut_event):
    org, _judge, event = cut_event
    login(client, org.email)
    client.post(f"/eventos/{event.id}/rondas")
    during = client.get(f"/eventos/{event.id}/rondas/4").get_data(as_text=True)
    assert "Sin mesa" not in during and "Sentar a mano" not in during
    panel = client.get(f"/eventos/{event.id}/panel").get_data(as_text=True)
    assert "Sin mesa" not in panel and "ronda 4 de 3" not in panel
    assert "ronda suiza 3 de 3 · corte final: ronda 1" in panel
    from tourney.services import rounds

    def finish(s):
        ev = s.get(type(event), event.id)
        for m in rounds.round_matches(s, rounds.event_rounds(s, ev)[-1]):
            rounds.enter_result(s, org, ev, m, "2-0-0", m.version)
        rnd = rounds.pair_next_round(s, org, ev)
        for m in rounds.round_matches(s, rnd):
            rounds.enter_result(s, org, ev, m, "2-0-0", m.version)
    world.run(finish)
    panel = client.get(f"/eventos/{event.id}/panel").get_data(as_text=True)
    assert "Sin mesa" not in panel and "ronda 5 de 3" not in panel
    assert "corte final: ronda 2" in panel and "Corte final terminado" in panel
    after = client.get(f"/eventos/{event.id}/rondas/5").get_data(as_text=True)
    assert "Sin mesa" not in after


def test_the_workbook_evento_sheet_keeps_numbers_as_numbers(client, world, cut_event):
    from datetime import date, datetime

    org, _judge, event = cut_event
    login(client, org.email)
    wb = load_workbook(io.BytesIO(client.get(f"/eventos/{event.id}/documentos/workbook").data))
    cells = {row[0].value: row[1] for row in wb["Evento"].iter_rows(min_row=2)}
    assert cells["Jugadores"].value == 10 and cells["Jugadores"].number_format == "General"
    assert cells["Rondas"].value == 3 and not cells["Rondas"].is_date
    assert isinstance(cells["Fecha"].value, (date, datetime)) and cells["Fecha"].is_date


def test_the_workbook_evento_sheet_names_the_cut_and_the_champion(client, world, cut_event):
    org, _judge, event = cut_event
    champion, _finalist, _losers, _ = _play_cut_from_the_grid(client, world, event)
    login(client, org.email)
    wb = load_workbook(io.BytesIO(client.get(f"/eventos/{event.id}/documentos/workbook").data))
    cells = {row[0].value: row[1].value for row in wb["Evento"].iter_rows(min_row=2)}
    assert cells["Corte final"] == "Top 4" and cells["Campeón"] == champion
    assert cells["Rondas"] == 5  # 3 Swiss rounds and 2 of the cut, as the round sheets


def test_the_final_standings_are_printed_and_exported_cut_first(client, world, cut_event):
    org, _judge, event = cut_event
    champion, finalist, semi_losers, _ = _play_cut_from_the_grid(client, world, event)
    login(client, org.email)
    reader = PdfReader(io.BytesIO(client.get(f"/eventos/{event.id}/documentos/standings").data))
    pages = [p.extract_text() for p in reader.pages]
    final_page = pages[0]  # the final order first, then the bracket, then the Swiss table
    assert final_page.lstrip().split("\n", 1)[0].startswith("Clasificación final")
    assert "Corte final: Top 4" in pages[1]
    assert all("Clasificación del suizo" in p for p in pages[2:]) and len(pages) > 2
    assert "…" not in final_page.split("#")[0]  # the explanation fits
    cells = [c.strip() for c in final_page.split("Récord", 1)[1].splitlines() if c.strip()]
    assert cells[:3] == ["1", champion, "Campeón"] and cells[6:9] == ["2", finalist, "Finalista"]
    third, fourth = cells[12:16], cells[18:22]
    assert third[0] == "3" and fourth[0] == "4" and third[2] == fourth[2] == "Semifinal"
    assert {third[1], fourth[1]} == set(semi_losers)
    assert int(third[3]) < int(fourth[3])  # same round out: the better Swiss rank first
    wb = load_workbook(io.BytesIO(client.get(f"/eventos/{event.id}/documentos/workbook").data))
    rows = list(wb["Clasificación final"].iter_rows(min_row=2, values_only=True))
    assert [r[1] for r in rows[:2]] == [champion, finalist]
    assert {r[1] for r in rows[2:4]} == set(semi_losers) and rows[2][3] == "Semifinal"
    assert [r[0] for r in rows] == list(range(1, 11)) and rows[-1][3] is None


def test_a_cut_rounds_pairings_and_slips_are_titled_by_its_name_not_its_number(client, world,
                                                                              cut_event):
    org, _judge, event = cut_event
    _champion, _finalist, _losers, played = _play_cut_from_the_grid(client, world, event)
    (semis_number, _), (final_number, _) = played
    login(client, org.email)
    for kind in ("pairings", "slips"):
        for number, name in ((semis_number, "Semifinales"), (final_number, "Final")):
            resp = client.get(f"/eventos/{event.id}/documentos/{kind}?ronda={number}")
            assert resp.status_code == 200
            text = "".join(pg.extract_text() for pg in PdfReader(io.BytesIO(resp.data)).pages)
            assert name in text and f"Ronda {number}" not in text, (kind, number, text[:300])
        swiss = client.get(f"/eventos/{event.id}/documentos/{kind}?ronda=3")
        assert "Ronda 3" in "".join(pg.extract_text() for pg in PdfReader(io.BytesIO(swiss.data)).pages)



def _eight_with_lists(world, without=()):
    """8 players, all but ``without`` with a legal list, 3 Swiss rounds played; those without
    win every match, so they reach the Top 4."""
    from tourney.services import decklists, events, rounds

    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    event = world.event(org, rounds_planned=3, top_cut=4)
    fmt, cat = world.formats()["unificado"], world.catalog()
    decks = {name: world.deck(seed) for seed, name in enumerate(NAMES[:8], 1) if name not in without}

    def setup(s):
        ev = events.get_event(s, event.id)
        regs = [events.add_player_at_desk(s, org, ev, name) for name in NAMES[:8]]
        for reg in regs:
            if reg.name in decks:
                decklists.submit_decklist(s, org, ev, reg, fmt, cat, text=decks[reg.name])
        strong = {r.id for r in regs if r.name in without}
        for n in range(3):
            rnd = rounds.pair_next_round(s, org, ev)
            for m in rounds.round_matches(s, rnd):
                if m.player_b_id is not None:
                    a_wins = m.player_a_id in strong or (m.player_b_id not in strong and n % 2 == 0)
                    rounds.enter_result(s, org, ev, m, "2-0-0" if a_wins else "0-2-0", m.version)
        return [r.name for r in rounds.cut_without_list(s, ev)]

    return org, event, world.run(setup)


def test_the_organizer_is_warned_when_a_cut_player_has_no_legal_list(client, world):
    """Top 4 of 8 players, two of them without a legal list: the panel names who would enter
    the cut without one before it is paired, the pairing says it again and the cut round's
    page keeps saying it to the organizer (not to the players)."""
    org, event, listless = _eight_with_lists(world, without=("Gabriela", "Hugo"))
    assert listless == ["Gabriela", "Hugo"]
    login(client, org.email)
    panel = client.get(f"/eventos/{event.id}/panel").get_data(as_text=True)
    warning = panel.split('id="corte-sin-lista">', 1)[1].split("</p>", 1)[0]
    assert warning == ("Entrarían al corte (Top 4) sin una lista legal registrada: Gabriela, "
                       "Hugo. Revisa sus listas antes de emparejar.")
    paired = client.post(f"/eventos/{event.id}/rondas", follow_redirects=True).get_data(
        as_text=True)
    assert "Ronda 4 (Semifinales) emparejada" in paired
    assert ("En el corte juegan sin una lista legal registrada: Gabriela, Hugo. Revisa sus "
            "listas antes de publicar.") in paired
    page = client.get(f"/eventos/{event.id}/rondas/4").get_data(as_text=True)
    assert 'id="corte-sin-lista"' in page and "Gabriela, Hugo" in page
    assert 'id="corte-sin-lista"' in client.get(f"/eventos/{event.id}/panel").get_data(
        as_text=True)
    client.post(f"/eventos/{event.id}/rondas/4/publicar")
    world.user("ana@x.cl", name="Ana Mirona")
    login(client, "ana@x.cl")
    public = client.get(f"/eventos/{event.id}/rondas/4")
    assert public.status_code == 200 and 'id="corte-sin-lista"' not in public.get_data(as_text=True)


def test_a_cut_whose_players_all_have_a_list_warns_of_nothing(client, world):
    org, event, listless = _eight_with_lists(world)
    assert listless == []
    login(client, org.email)
    assert 'id="corte-sin-lista"' not in client.get(f"/eventos/{event.id}/panel").get_data(
        as_text=True)
    paired = client.post(f"/eventos/{event.id}/rondas", follow_redirects=True).get_data(
        as_text=True)
    assert "Ronda 4 (Semifinales) emparejada" in paired and 'id="corte-sin-lista"' not in paired
    assert "sin una lista legal" not in paired
