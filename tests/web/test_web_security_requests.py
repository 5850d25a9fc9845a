"""Issue 15, findings 1 and 5 (requests): bounded live checks, closed lists, unpublished
rounds, import summaries kept server-side."""
from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

from web_helpers import login
from xlsx_helpers import xlsx_bytes


def test_the_live_check_refuses_2000_unknown_names_at_once_in_spanish(client, cast):
    login(client, cast.ana.email)
    text = "\n".join(f"1 Carta Inventada {i}" for i in range(2000))
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista/verificar", data={"text": text})
    assert resp.status_code == 400
    assert "líneas con cartas" in resp.get_json()["error"]


def test_the_live_check_refuses_more_unknown_names_than_the_maximum(client, cast):
    from tourney.legality.decklist import MAX_UNKNOWN_NAMES

    login(client, cast.ana.email)
    text = cast.decks["ana"] + "\n".join(f"1 Carta Inventada {i}" for i in range(MAX_UNKNOWN_NAMES + 1))
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista/verificar", data={"text": text})
    assert resp.status_code == 400
    assert "nombres distintos que no están en el catálogo" in resp.get_json()["error"]


def test_a_few_unknown_names_still_get_suggestions(client, cast):
    login(client, cast.ana.email)
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista/verificar", data={"text": "3 Kirn\n"})
    body = resp.get_json()
    assert resp.status_code == 200 and "Kirin" in str(body["verdict"])


def test_the_live_check_is_refused_after_the_lists_are_locked(client, cast, world):
    from tourney.models.events import Event

    def lock(s):
        event = s.get(Event, cast.event.id)
        event.decklist_deadline = datetime.now(timezone.utc) - timedelta(minutes=1)
        s.add(event)

    world.run(lock)
    login(client, cast.ana.email)
    resp = client.post(f"/eventos/{cast.event.id}/mi-lista/verificar", data={"text": cast.decks["ana"]})
    assert resp.status_code == 409 and "cerradas" in resp.get_json()["error"]
    login(client, cast.org.email)  # the organizer still checks lists entered at the desk
    assert client.post(f"/eventos/{cast.event.id}/mi-lista/verificar",
                       data={"text": cast.decks["ana"]}).status_code == 200


def test_a_player_cannot_open_or_report_a_match_of_an_unpublished_round(client, cast, world):
    from tourney.services import rounds

    rnd = world.run(lambda s: rounds.pair_next_round(s, cast.org, cast.event))
    match = world.run(lambda s: next(m for m in rounds.round_matches(s, rnd) if m.player_b_id))
    login(client, cast.ana.email)
    url = f"/eventos/{cast.event.id}/mesas/{match.id}/resultado"
    assert client.get(url).status_code == 404
    assert client.post(url, data={"a_games": 2, "b_games": 0, "draws": 0, "version": 0}).status_code == 404
    assert client.get(f"/eventos/{cast.event.id}/mesas/{match.id}/cambios").status_code == 404
    assert world.run(lambda s: rounds.get_match(s, cast.event, match.id)[0].status) == "pendiente"


def test_reporting_on_an_unpublished_round_is_refused_by_the_service(cast, world):
    import pytest

    from tourney.services import rounds
    from tourney.services.errors import Forbidden

    rnd = world.run(lambda s: rounds.pair_next_round(s, cast.org, cast.event))
    match = world.run(lambda s: next(m for m in rounds.round_matches(s, rnd) if m.player_b_id))
    reg = cast.regs["ana"] if match.player_a_id == cast.regs["ana"].id else cast.regs["beto"]
    user = cast.ana if reg is cast.regs["ana"] else cast.beto
    with pytest.raises(Forbidden, match="no está publicada"):
        world.run(lambda s: rounds.report_result(s, user, cast.event, match, reg, 2, 0, 0))


def test_an_import_summary_is_kept_server_side_not_in_the_cookie(client, cast, world):
    login(client, cast.org.email)
    rows = [["Nombre", "ID / correo", "Retirado"]] + [[f"Jugador {i:03d}", f"j{i}@sin-cuenta.cl", ""]
                                                      for i in range(300)]
    resp = client.post(f"/eventos/{cast.event.id}/importar/jugadores",
                       data={"jugadores-file": (io.BytesIO(xlsx_bytes({"Jugadores": rows})), "j.xlsx")},
                       content_type="multipart/form-data")
    assert resp.status_code == 302 and "resumen=" in resp.location
    cookie = client.get_cookie("session")
    assert cookie is not None and len(cookie.value) < 2000
    other = client.application.test_client()
    login(other, cast.judge.email)  # another account with the link sees nothing
    assert 'id="resumen-importacion"' not in other.get(resp.location).get_data(as_text=True)
    page = client.get(resp.location).get_data(as_text=True)
    assert 'id="resumen-importacion"' in page and "Jugador" in page
    again = client.get(resp.location).get_data(as_text=True)  # shown once
    assert 'id="resumen-importacion"' not in again


def test_the_judges_deck_check_refuses_more_unknown_names_than_the_maximum(client, cast):
    from tourney.legality.decklist import MAX_UNKNOWN_NAMES

    login(client, cast.judge.email)
    text = "\n".join(f"1 Carta Inventada {i}" for i in range(MAX_UNKNOWN_NAMES + 1))
    resp = client.post(f"/eventos/{cast.event.id}/revision",
                       data={"registration_id": cast.regs["ana"].id, "game": "1", "counted_text": text})
    assert "nombres distintos que no están en el catálogo" in resp.get_data(as_text=True)


def test_the_live_check_has_a_per_account_rate_limit(client, cast):
    from tourney.web import throttle

    login(client, cast.ana.email)
    limit = int(throttle.LIVE_CHECK_PER_USER.split()[0])
    url = f"/eventos/{cast.event.id}/mi-lista/verificar"
    codes = [client.post(url, data={"text": "3 Kirin"}).status_code for _ in range(limit + 1)]
    assert codes[:limit] == [200] * limit and codes[-1] == 429
    assert client.post(url, data={"text": "3 Kirin"}).get_json()["error"] == throttle.TOO_MANY
