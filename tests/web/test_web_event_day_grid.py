"""The scorekeeper grid (one tap per table, organizers and judges), the opponent's one-tap
confirmation, players dropping themselves, and the wall (points on the pairings page, the
projector with its QR code, the favicon)."""
from __future__ import annotations

import re

import pytest
from sqlmodel import select

from tourney.models.events import Match, Registration
from web_helpers import login


def _url(paired, number=1):
    return f"/eventos/{paired.event.id}/rondas/{number}/marcador"


def _match(world, match_id):
    return world.run(lambda s: s.get(Match, match_id))


def test_the_grid_shows_every_table_with_one_button_per_result(client, paired):
    login(client, paired.judge.email)
    page = client.get(_url(paired)).get_data(as_text=True)
    assert f'id="mesa-{paired.match.table_no}"' in page
    for label in ("2-0", "2-1", "1-2", "0-2", "1-1-1", "1-1", "0-0-3", "ID"):
        assert f'>{label}</button>' in page
    assert "BYE" in page and "1</span> de 2 mesas sin resultado final" in page


def test_a_judge_saves_a_result_with_one_tap_without_javascript(client, paired, world):
    login(client, paired.judge.email)
    m = paired.match
    resp = client.post(_url(paired), data={"match_id": m.id, "version": m.version, "result": "2-1-0"})
    assert resp.status_code == 302 and resp.location.endswith(f"#mesa-{m.table_no}")
    saved = _match(world, m.id)
    assert (saved.result, saved.status) == ("2-1-0", "confirmado")


def test_the_grid_answers_json_to_the_page_script(client, paired, world):
    login(client, paired.org.email)
    m = paired.match
    resp = client.post(_url(paired), data={"match_id": m.id, "version": m.version, "result": "ID"},
                       headers={"X-Requested-With": "fetch"})
    assert resp.status_code == 200
    assert resp.get_json() == {"ok": True, "match_id": m.id, "table": m.table_no,
                               "version": m.version + 1, "result": "0-0-3", "label": "0-0-3",
                               "open": 0}


def test_keyboard_entry_takes_the_table_number_then_the_result(client, paired, world):
    login(client, paired.judge.email)
    m = paired.match
    resp = client.post(_url(paired), data={"table": m.table_no, "result": "12"})
    assert resp.status_code == 302
    assert _match(world, m.id).result == "1-2-0"


def test_a_typo_in_the_result_is_named_and_nothing_is_saved(client, paired, world):
    login(client, paired.judge.email)
    m = paired.match
    resp = client.post(_url(paired), data={"table": m.table_no, "result": "3-0"},
                       headers={"X-Requested-With": "fetch"})
    assert resp.status_code == 400 and "3-0" in resp.get_json()["error"]
    resp = client.post(_url(paired), data={"table": 99, "result": "2-0"},
                       headers={"X-Requested-With": "fetch"})
    assert resp.status_code == 404 and "No hay mesa 99" in resp.get_json()["error"]
    assert _match(world, m.id).status == "pendiente"


def test_a_stale_tap_does_not_overwrite_a_newer_result(client, paired, world):
    login(client, paired.org.email)
    m = paired.match
    assert client.post(_url(paired), data={"match_id": m.id, "version": m.version,
                                           "result": "2-0-0"}).status_code == 302
    resp = client.post(_url(paired), data={"match_id": m.id, "version": m.version,
                                           "result": "0-2-0"}, headers={"X-Requested-With": "fetch"})
    assert resp.status_code == 409 and "ahora: 2-0" in resp.get_json()["error"]
    assert _match(world, m.id).result == "2-0-0"


def test_a_judge_corrects_a_final_result_while_the_round_is_open(client, paired, world):
    """A mis-tap at the desk is fixed by whoever tapped it, before the next round is paired."""
    m = paired.match
    login(client, paired.judge.email)
    client.post(_url(paired), data={"match_id": m.id, "version": m.version, "result": "2-0-0"})
    fresh = _match(world, m.id)
    resp = client.post(_url(paired), data={"match_id": m.id, "version": fresh.version,
                                           "result": "0-2-0"}, headers={"X-Requested-With": "fetch"})
    assert resp.status_code == 200 and resp.get_json()["label"] == "0-2"
    assert (_match(world, m.id).result, _match(world, m.id).status) == ("0-2-0", "confirmado")


def test_once_the_next_round_is_paired_a_tap_never_changes_a_result(
        client, paired, world):
    from tourney.services import rounds

    m = paired.match
    login(client, paired.judge.email)
    client.post(_url(paired), data={"match_id": m.id, "version": m.version, "result": "2-0-0"})
    world.run(lambda s: rounds.pair_next_round(s, paired.org, paired.event))
    fresh = _match(world, m.id)
    resp = client.post(_url(paired), data={"match_id": m.id, "version": fresh.version,
                                           "result": "0-2-0"}, headers={"X-Requested-With": "fetch"})
    error = resp.get_json()["error"]
    assert resp.status_code == 403 and "ronda 1 está cerrada" in error and "solo un organizador" in error
    assert _match(world, m.id).result == "2-0-0"
    login(client, paired.org.email)  # issue 23 item 2: not even the organizer's tap
    resp = client.post(_url(paired), data={"match_id": m.id, "version": fresh.version,
                                           "result": "0-2-0"}, headers={"X-Requested-With": "fetch"})
    assert resp.status_code == 409 and "«Corregir»" in resp.get_json()["error"]
    assert _match(world, m.id).result == "2-0-0"


def test_the_open_tables_filter_leaves_out_tables_with_a_final_result(client, paired):
    login(client, paired.judge.email)
    m = paired.match
    client.post(_url(paired), data={"match_id": m.id, "version": m.version, "result": "2-1-0"})
    page = client.get(_url(paired) + "?abiertas=1").get_data(as_text=True)
    assert f'id="mesa-{m.table_no}"' not in page and "Todas las mesas tienen resultado" in page
    assert f'id="mesa-{m.table_no}"' in client.get(_url(paired)).get_data(as_text=True)


def test_players_cannot_use_the_grid(client, paired, world):
    login(client, paired.users[paired.playing[0]].email)
    assert client.get(_url(paired)).status_code == 403
    m = paired.match
    assert client.post(_url(paired), data={"match_id": m.id, "version": m.version,
                                           "result": "2-0-0"}).status_code == 403
    assert _match(world, m.id).status == "pendiente"


# -- the opponent's one-tap confirmation -------------------------------------------------------

def _report(client, paired, who, mine, theirs, draws=0):
    login(client, paired.users[who].email)
    resp = client.post(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/resultado",
                       data={"a_games": mine, "b_games": theirs, "draws": draws,
                             "version": paired.match.version})
    assert resp.status_code in (200, 302)


def test_the_opponent_sees_the_report_from_their_side_and_confirms_with_one_tap(
        client, paired, world):
    a, b = paired.playing
    _report(client, paired, a, 2, 1)
    login(client, paired.users[b].email)
    page = client.get(f"/eventos/{paired.event.id}/mis-partidas").get_data(as_text=True)
    assert "Tu rival reportó: <strong>Perdiste 1-2</strong>" in page
    assert ">Confirmar</button>" in page and ">No es así</a>" in page
    resp = client.post(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/confirmar",
                       data={"mine": "1-2-0"})
    assert resp.status_code == 302
    saved = _match(world, paired.match.id)
    as_a = "2-1-0" if paired.regs[a].id == saved.player_a_id else "1-2-0"
    assert (saved.status, saved.result) == ("confirmado", as_a)


def test_the_winner_reads_ganaste_when_the_loser_reports_and_a_different_report_is_a_dispute(
        client, paired):
    a, b = paired.playing
    _report(client, paired, b, 1, 2)  # b says: I lost 1-2
    login(client, paired.users[a].email)
    page = client.get(f"/eventos/{paired.event.id}/mis-partidas").get_data(as_text=True)
    assert "Tu rival reportó: <strong>Ganaste 2-1</strong>" in page
    _report(client, paired, a, 0, 2)  # «No es así»: a different report is a dispute
    login(client, paired.users[b].email)
    page = client.get(f"/eventos/{paired.event.id}/mis-partidas").get_data(as_text=True)
    assert "Tu rival reportó" not in page and "en disputa" in page


def test_a_report_changed_meanwhile_is_not_confirmed_blindly(client, paired, world):
    a, b = paired.playing
    _report(client, paired, a, 2, 0)
    login(client, paired.users[b].email)
    resp = client.post(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/confirmar",
                       data={"mine": "1-2-0"}, follow_redirects=True)
    assert "cambió su reporte" in resp.get_data(as_text=True)
    assert _match(world, paired.match.id).status == "reportado"


# -- players drop themselves -------------------------------------------------------------------

def _reg(world, reg_id):
    return world.run(lambda s: s.get(Registration, reg_id))


def test_a_player_drops_themselves_after_confirming_and_the_organizer_can_undo_it(
        client, paired, world):
    who = paired.bye
    reg = paired.regs[who]
    login(client, paired.users[who].email)
    page = client.get(f"/eventos/{paired.event.id}/mis-partidas").get_data(as_text=True)
    assert "Retirarme del evento" in page
    resp = client.post(f"/eventos/{paired.event.id}/retirarme", follow_redirects=True)
    assert "Sí, me retiro" in resp.get_data(as_text=True) and not _reg(world, reg.id).dropped
    client.post(f"/eventos/{paired.event.id}/retirarme", data={"confirmo": "1"})
    assert _reg(world, reg.id).dropped
    assert "Estás retirado del evento" in client.get(
        f"/eventos/{paired.event.id}/mis-partidas").get_data(as_text=True)
    login(client, paired.org.email)
    panel = client.get(f"/eventos/{paired.event.id}/panel").get_data(as_text=True)
    assert "Se retiraron solos" in panel and reg.name in panel and "Deshacer retiro" in panel
    client.post(f"/eventos/{paired.event.id}/jugadores/{reg.id}/deshacer-retiro")
    assert not _reg(world, reg.id).dropped


def test_a_self_drop_cannot_be_undone_once_the_next_round_is_paired(client, paired, world):
    from tourney.services import rounds, self_drop

    who = paired.bye
    reg = paired.regs[who]
    login(client, paired.users[who].email)
    client.post(f"/eventos/{paired.event.id}/retirarme", data={"confirmo": "1"})

    def next_round(s):
        from tourney.services import events

        event = events.get_event(s, paired.event.id)
        m = s.get(Match, paired.match.id)
        rounds.enter_result(s, paired.org, event, m, "2-0-0", m.version)
        rounds.pair_next_round(s, paired.org, event)
    world.run(next_round)
    login(client, paired.org.email)
    panel = client.get(f"/eventos/{paired.event.id}/panel").get_data(as_text=True)
    assert "ya se emparejó otra ronda" in panel
    resp = client.post(f"/eventos/{paired.event.id}/jugadores/{reg.id}/deshacer-retiro",
                       follow_redirects=True)
    assert "Ya se emparejó una ronda" in resp.get_data(as_text=True)
    assert _reg(world, reg.id).dropped
    assert world.run(lambda s: self_drop.can_undo(s, paired.event, s.get(Registration, reg.id))) is False


# -- the wall ----------------------------------------------------------------------------------

def _second_round(world, paired, result="2-1-0"):
    from tourney.services import events, rounds

    def run(s):
        event = events.get_event(s, paired.event.id)
        m = s.get(Match, paired.match.id)
        rounds.enter_result(s, paired.org, event, m, result, m.version)
        rnd = rounds.pair_next_round(s, paired.org, event)
        rounds.publish_round(s, paired.org, rnd)
        return s.get(Registration, m.player_a_id).name, s.get(Registration, m.player_b_id).name
    return world.run(run)


def test_the_pairings_page_shows_each_players_points_and_record(client, paired, world):
    winner, loser = _second_round(world, paired)
    page = client.get(f"/eventos/{paired.event.id}/rondas/2").get_data(as_text=True)
    assert f"{winner} <span class=\"muted pts\">3 (1-0-0)</span>" in page
    assert f"{loser} <span class=\"muted pts\">0 (0-1-0)</span>" in page
    alpha = client.get(f"/eventos/{paired.event.id}/rondas/2?orden=alfabetico").get_data(as_text=True)
    assert "<th>Puntos" in alpha and "3 <span class=\"muted\">(1-0-0)</span>" in alpha


def test_the_projector_lists_every_player_with_a_qr_code_and_a_short_link(client, paired, world):
    winner, _ = _second_round(world, paired)
    page = client.get(f"/eventos/{paired.event.id}/proyector").get_data(as_text=True)
    assert "Ronda 2" in page and winner in page and f"/e/{paired.event.id}" in page
    assert f'src="/eventos/{paired.event.id}/qr.svg"' in page
    qr = client.get(f"/eventos/{paired.event.id}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml" and b"<svg" in qr.data
    short = client.get(f"/e/{paired.event.id}").get_data(as_text=True)
    assert "Ronda 2" in short and 'id="emparejamientos"' in short


def test_the_projector_turns_pages_by_itself(client, paired, world):
    page = client.get(f"/eventos/{paired.event.id}/proyector?filas=8&segundos=5").get_data(as_text=True)
    assert "setInterval" in page and "5000" in page


@pytest.mark.parametrize("path", ["/", "/entrar"])
def test_every_page_has_a_favicon(client, path):
    page = client.get(path).get_data(as_text=True)
    assert 'rel="icon" href="/favicon.ico"' in page
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.data[:4] == b"\x00\x00\x01\x00"


# -- smaller items ------------------------------------------------------------------------------

def test_card_search_offers_both_shuris_and_inserts_the_code(client, cast):
    login(client, cast.ana.email)
    found = client.get(f"/eventos/{cast.event.id}/cartas?q=shuri").get_json()
    shuris = [c for c in found if c["name"] == "Shuri"]
    assert sorted(c["code"] for c in shuris) == ["BU-218", "DO-213"]
    assert {c["insert"] for c in shuris} == {"Shuri (BU-218)", "Shuri (DO-213)"}
    assert {c["edition"] for c in shuris} == {"Bushido", "Dominio"}


def test_a_soporte_of_5_is_not_told_to_empty_it_where_the_soporte_is_required(client, cast):
    from web_helpers import deck_lines, deck_text

    login(client, cast.ana.email)
    deck = deck_lines(cast.decks["ana"])
    deck["support"] = deck["support"][:5]
    data = client.post(f"/eventos/{cast.event.id}/mi-lista/verificar",
                       data={"text": deck_text(deck)}).get_json()
    size = next(v for v in data["verdict"]["violations"] if v["code"] == "side_size")
    assert "déjalo vacío" not in size["hint"] and "agrega 5 cartas" in size["hint"]


def test_a_league_without_required_soporte_still_offers_to_empty_it(world):
    from tourney.legality import parse_decklist, validate
    from tourney.legality.swaps import with_support_required
    from web_helpers import deck_lines, deck_text

    fmt, cat = world.formats()["unificado"], world.catalog()
    deck = deck_lines(world.deck(1))
    deck["support"] = deck["support"][:5]
    verdict = validate(parse_decklist(deck_text(deck)), fmt, cat)
    hint = next(v.hint for v in with_support_required(verdict, fmt, False).violations
                if v.code == "side_size")
    assert "déjalo vacío" in hint


def test_registration_cannot_be_opened_after_the_event_finished_and_the_button_is_gone(
        client, cast, world):
    from tourney.services import events

    login(client, cast.org.email)
    client.post(f"/eventos/{cast.event.id}/finalizar")
    client.post(f"/eventos/{cast.event.id}/inscripcion", data={"abrir": "0"})
    panel = client.get(f"/eventos/{cast.event.id}/panel").get_data(as_text=True)
    assert "Abrir inscripciones" not in panel
    resp = client.post(f"/eventos/{cast.event.id}/inscripcion", data={"abrir": "1"},
                       follow_redirects=True)
    assert "no se pueden abrir las inscripciones" in resp.get_data(as_text=True)
    assert world.run(lambda s: events.get_event(s, cast.event.id).registration_open) is False


def test_tables_with_a_result_are_not_offered_for_a_swap(client, world):
    from tourney.services import events, rounds

    org = world.user("org@x.cl", "organizador", "Olga")
    event = world.event(org, rounds_planned=3)

    def setup(s):
        for i in range(8):
            s.add(Registration(event_id=event.id, name=f"Jugador {i + 1}"))
        s.flush()
        ev = events.get_event(s, event.id)
        rnd = rounds.pair_next_round(s, org, ev)
        rounds.publish_round(s, org, rnd)
        first = rounds.round_matches(s, rnd)[0]
        rounds.enter_result(s, org, ev, first, "2-0-0", first.version)
        names = {r.id: r.name for r in s.exec(select(Registration))}
        return names[first.player_a_id], names[first.player_b_id]
    done = world.run(setup)
    login(client, org.email)
    page = client.get(f"/eventos/{event.id}/rondas/1").get_data(as_text=True)
    swap = page.split('id="player_x"', 1)[1].split("</select>", 1)[0]
    assert all(f">{name}<" not in swap for name in done)
    assert swap.count("<option") == 6  # the three tables still open
    undo = page.split('id="match_id"', 1)[1].split("</select>", 1)[0]
    assert "Mesa 1:" not in undo and "Mesa 2:" in undo


def test_one_late_loss_is_one_derrota(client, cast, world):
    login(client, cast.org.email)
    world.run(lambda s: setattr(s.get(Registration, cast.regs["ana"].id), "late_losses", 1))
    panel = client.get(f"/eventos/{cast.event.id}/panel").get_data(as_text=True)
    assert "(tarde: 1 derrota)" in panel


def test_the_confirmation_is_offered_on_the_event_page_and_the_result_form_too(client, paired):
    a, b = paired.playing
    _report(client, paired, a, 2, 0)
    login(client, paired.users[b].email)
    home = client.get(f"/eventos/{paired.event.id}").get_data(as_text=True)
    assert "Tu rival reportó: <strong>Perdiste 0-2</strong>" in home and ">Confirmar</button>" in home
    form = client.get(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/resultado"
                      ).get_data(as_text=True)
    assert "Tu rival reportó: <strong>Perdiste 0-2</strong>" in form and "¿No es así?" in form
    login(client, paired.users[a].email)  # the reporter has nothing to confirm
    assert "Tu rival reportó" not in client.get(f"/eventos/{paired.event.id}").get_data(as_text=True)


def test_the_grid_marks_what_a_player_reported_so_one_tap_confirms_it(client, paired):
    a, _b = paired.playing
    _report(client, paired, a, 2, 1)
    login(client, paired.judge.email)
    page = client.get(_url(paired)).get_data(as_text=True)
    row = page.split(f'id="mesa-{paired.match.table_no}"', 1)[1].split("</tr>", 1)[0]
    marked = re.findall(r'<button class="r reportado"[^>]*>([^<]+)</button>', row)
    assert marked == (["2-1"] if paired.regs[a].id == paired.match.player_a_id else ["1-2"])
