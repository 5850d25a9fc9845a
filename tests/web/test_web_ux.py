"""What a real user trips over: navigation between an event's pages, results told from the
player's side, no dead forms on finished matches, errors where the eye is, warnings before
irreversible organizer actions."""
from __future__ import annotations

import re

from tourney.models.events import Match
from tourney.services import rounds
from web_helpers import login


def _page(client, url: str) -> str:
    resp = client.get(url)
    assert resp.status_code == 200, (url, resp.status_code)
    return resp.get_data(as_text=True)


def _nav(html: str) -> str:
    found = re.search(r'<nav class="evnav".*?</nav>', html, re.S)
    assert found, "the page has no event navigation"
    return found.group(0)


def _confirm(world, paired, result: str = "2-1-0"):
    """The organizer enters ``result`` (games of player A - player B - draws) for the match."""
    def go(s):
        match = s.get(Match, paired.match.id)
        rounds.enter_result(s, paired.org, paired.event, match, result, match.version)
    world.run(go)


def _a_and_b(paired):
    """(user, registration) of player A and player B of the match."""
    a, b = paired.playing
    return (paired.users[a], paired.regs[a]), (paired.users[b], paired.regs[b])


# -- navigation ------------------------------------------------------------------------------
def test_every_event_page_links_back_to_the_event_and_its_sections(client, paired):
    url = f"/eventos/{paired.event.id}"
    (user_a, _), _ = _a_and_b(paired)
    pages = [url, f"{url}/rondas/1", f"{url}/clasificacion", f"{url}/mis-partidas",
             f"{url}/mi-lista", f"{url}/mesas/{paired.match.id}/resultado",
             f"{url}/mesas/{paired.match.id}/cambios"]
    login(client, user_a.email)
    for page in pages:
        nav = _nav(_page(client, page))
        for target, label in ((url, "Evento"), (f"{url}/rondas/1", "Ronda 1"),
                              (f"{url}/clasificacion", "Clasificación"),
                              (f"{url}/mis-partidas", "Mis partidas"), (f"{url}/mi-lista", "Mi lista")):
            assert f'href="{target}"' in nav and label in nav, (page, label)
        assert "/panel" not in nav and "/revision" not in nav  # a player's menu, not a judge's


def test_the_navigation_shows_each_role_its_own_pages(client, paired):
    url = f"/eventos/{paired.event.id}"
    anonymous = _nav(_page(client, f"{url}/clasificacion"))
    assert "Mis partidas" not in anonymous and "/panel" not in anonymous
    login(client, paired.judge.email)
    judge = _nav(_page(client, f"{url}/clasificacion"))
    assert f"{url}/revision" in judge and f"{url}/listas" in judge and "/panel" not in judge
    assert f"{url}/rondas/1/pendientes" in judge  # judges chase the missing results too
    login(client, paired.org.email)
    organizer = _nav(_page(client, f"{url}/clasificacion"))
    assert f"{url}/panel" in organizer and f"{url}/rondas/1/pendientes" in organizer
    # the page you are on is marked
    assert 'aria-current="page">Clasificación' in organizer


# -- results in the player's words -----------------------------------------------------------
def test_my_matches_tells_each_player_whether_they_won_or_lost(client, paired, world):
    _confirm(world, paired, "2-1-0")
    (user_a, _), (user_b, _) = _a_and_b(paired)
    url = f"/eventos/{paired.event.id}/mis-partidas"
    login(client, user_a.email)
    mine = _page(client, url)
    assert "Ganaste 2-1" in mine and "Reportar resultado" not in mine
    login(client, user_b.email)
    assert "Perdiste 1-2" in _page(client, url)
    login(client, paired.users[paired.bye].email)
    assert "Bye" in _page(client, url)


def test_a_drawn_game_is_named(client, paired, world):
    _confirm(world, paired, "1-1-1")
    (user_a, _), _ = _a_and_b(paired)
    login(client, user_a.email)
    assert "Empate 1-1 (1 juego empatado)" in _page(client, f"/eventos/{paired.event.id}/mis-partidas")


def test_pending_match_status_is_explained_not_coded(client, paired):
    (user_a, _), (user_b, _) = _a_and_b(paired)
    url = f"/eventos/{paired.event.id}"
    login(client, user_a.email)
    assert "sin resultado" in _page(client, f"{url}/mis-partidas")
    client.post(f"{url}/mesas/{paired.match.id}/resultado",
                data={"a_games": 2, "b_games": 0, "draws": 0})
    assert "falta que el rival lo confirme" in _page(client, f"{url}/mis-partidas")


def test_a_confirmed_result_shows_the_outcome_instead_of_a_form(client, paired, world):
    _confirm(world, paired, "2-0-0")
    _, (user_b, _) = _a_and_b(paired)
    login(client, user_b.email)
    html = _page(client, f"/eventos/{paired.event.id}/mesas/{paired.match.id}/resultado")
    assert "Perdiste 0-2" in html and "avisa al organizador" in html
    assert "Guardar resultado" not in html
    # the organizer still gets the form to correct it
    login(client, paired.org.email)
    assert "Guardar resultado" in _page(
        client, f"/eventos/{paired.event.id}/mesas/{paired.match.id}/resultado")


def test_event_home_shows_the_players_table_in_the_current_round(client, paired):
    (user_a, _), (_, reg_b) = _a_and_b(paired)
    login(client, user_a.email)
    html = _page(client, f"/eventos/{paired.event.id}")
    found = re.search(r'<p id="mi-mesa">(.*?)</p>', html, re.S)
    assert found and f"mesa {paired.match.table_no} contra {reg_b.name}" in found.group(1)
    assert f"/mesas/{paired.match.id}/resultado" in html


# -- swaps after the match -------------------------------------------------------------------
def test_swaps_page_of_a_finished_match_says_so_instead_of_offering_a_form(client, paired, world):
    _confirm(world, paired)
    (user_a, _), _ = _a_and_b(paired)
    url = f"/eventos/{paired.event.id}/mesas/{paired.match.id}/cambios"
    login(client, user_a.email)
    html = _page(client, url)
    assert 'id="partida-terminada"' in html and 'id="form-cambios"' not in html
    login(client, paired.judge.email)  # a judge can still correct them
    assert 'id="form-cambios"' in _page(client, url)


# -- decklist editor -------------------------------------------------------------------------
def test_decklist_page_links_to_the_registered_list_and_the_live_verdict_sits_under_the_field(
        client, cast):
    login(client, cast.ana.email)
    url = f"/eventos/{cast.event.id}"
    html = _page(client, f"{url}/mi-lista")
    assert f'href="{url}/listas/{cast.regs["ana"].id}" id="ver-inscrita"' in html
    assert html.index('id="text"') < html.index('id="veredicto-vivo"') < html.index('id="file"')
    assert cast.regs["ana"].name in _page(client, f"{url}/listas/{cast.regs['ana'].id}")


# -- pairings --------------------------------------------------------------------------------
def test_pairings_search_without_a_match_says_so(client, paired):
    url = f"/eventos/{paired.event.id}/rondas/1"
    assert "Ninguna mesa coincide" in _page(client, f"{url}?q=zzzz")
    assert "Ningún jugador coincide" in _page(client, f"{url}?q=zzzz&orden=alfabetico")


# -- organizer dashboard ---------------------------------------------------------------------
def test_repairing_is_offered_only_before_any_result_and_asks_first(client, paired, world):
    url = f"/eventos/{paired.event.id}/panel"
    login(client, paired.org.email)
    html = _page(client, url)
    assert "Volver a emparejar la ronda 1" in html
    assert 'data-confirm="' in html  # re-pair, finish and drop ask first (no inline handler: CSP)
    _confirm(world, paired)
    assert "Volver a emparejar la ronda 1" not in _page(client, url)


def test_dashboard_warns_about_players_without_a_legal_list_before_pairing(client, cast, world):
    from tourney.services import events

    world.run(lambda s: events.add_player_at_desk(s, cast.org, cast.event, "Pablo Mesa", "",
                                                  False))
    login(client, cast.org.email)
    html = _page(client, f"/eventos/{cast.event.id}/panel")
    warning = re.search(r'<p class="illegal" id="sin-lista">(.*?)</p>', html, re.S)
    assert warning and "Pablo Mesa" in warning.group(1) and "Ana" not in warning.group(1)


def test_a_desk_entry_error_lands_where_the_form_is(client, cast):
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}"
    html = _page(client, f"{url}/panel")
    # the field in error has the focus, and the browser scrolls to it (issue 23: no #fragment,
    # which would switch autofocus off)
    assert f'action="{url}/jugadores" id="inscribir"' in html
    resp = client.post(f"{url}/jugadores", data={"name": ""})
    assert resp.status_code == 400
    body = resp.get_data(as_text=True)
    form = body[body.index('id="inscribir"'):]
    assert "Este campo es obligatorio." in form[:form.index("</form>")]
    assert re.search(r'<input[^>]*\bautofocus\b[^>]*id="name"', form)
    resp = client.post(f"{url}/jugadores", data={"name": "Nadia Nueva"})
    assert resp.location.endswith(f"{url}/panel?inscrito=1")  # back with the name focused
    form = _page(client, resp.location)
    assert re.search(r'<input[^>]*\bautofocus\b[^>]*id="name"', form[form.index('id="inscribir"'):])


def test_a_player_left_without_a_legal_list_is_told_what_to_do_and_the_organizer_can_enter_it(
        client, world, cast):
    from tourney.services import events

    late = world.user("tarde@x.cl", name="Tomás Tarde")
    reg = world.run(lambda s: events.register_self(s, late, cast.event))
    login(client, cast.org.email)
    assert client.post(f"/eventos/{cast.event.id}/rondas").status_code == 302  # lists lock
    html = _page(client, f"/eventos/{cast.event.id}/panel")
    assert f"/eventos/{cast.event.id}/listas/{reg.id}/editar" in html
    assert f"/eventos/{cast.event.id}/listas/{cast.regs['ana'].id}/editar" not in html
    login(client, late.email)
    page = _page(client, f"/eventos/{cast.event.id}/mi-lista")
    found = re.search(r'<p class="illegal" id="listas-cerradas">(.*?)</p>', page, re.S)
    assert found and "habla con el organizador" in found.group(1)


def test_deck_check_result_names_the_player_and_game_checked(client, paired):
    login(client, paired.judge.email)
    reg = paired.regs[paired.playing[0]]
    resp = client.post(f"/eventos/{paired.event.id}/revision",
                       data={"registration_id": reg.id, "game": "1",
                             "counted_text": paired.decks[paired.playing[0]]})
    html = resp.get_data(as_text=True)
    found = re.search(r'id="resultado-revision"><h2>(.*?)</h2>', html)
    assert found and found.group(1) == f"{reg.name} · juego 1"


def test_pairings_refresh_themselves_for_players_but_not_while_searching(client, paired):
    html = _page(client, f"/eventos/{paired.event.id}/rondas/1")
    assert 'id="auto-refresco"' in html and "location.reload()" in html
    assert "document.activeElement===q" in html  # a half-typed search is never thrown away
    login(client, paired.org.email)  # the organizer edits tables: no reload under their hands
    assert "location.reload()" not in _page(client, f"/eventos/{paired.event.id}/rondas/1")


def test_pairings_page_tells_a_logged_in_player_their_table_first(client, paired):
    (user_a, _), (_, reg_b) = _a_and_b(paired)
    url = f"/eventos/{paired.event.id}/rondas/1"
    login(client, user_a.email)
    html = _page(client, url)
    found = re.search(r'id="tu-mesa"><strong>(.*?)</strong>', html)
    assert found and found.group(1) == f"Tu mesa: {paired.match.table_no}, contra {reg_b.name}"
    assert html.index('id="tu-mesa"') < html.index('id="emparejamientos"')
    login(client, paired.users[paired.bye].email)
    assert "Tienes bye en esta ronda" in _page(client, url)
    client.post("/salir")
    assert 'id="tu-mesa"' not in _page(client, url)


def test_after_sending_a_list_the_verdict_is_under_the_list_and_the_page_jumps_to_it(client, cast):
    login(client, cast.ana.email)
    url = f"/eventos/{cast.event.id}/mi-lista"
    assert 'action="#veredicto-vivo"' in _page(client, url)
    text = "Mazo Castillo\n5 " + cast.decks["ana"].splitlines()[1].split(" ", 1)[1] + "\n"
    html = client.post(url, data={"text": text}).get_data(as_text=True)
    assert "Lista NO legal." in html and text.strip().splitlines()[1] in html  # input kept
    assert html.index('id="text"') < html.index("Lista NO legal.") < html.index('id="file"')


def test_a_new_event_starts_in_unificado_not_the_first_format_alphabetically(client, paired):
    login(client, paired.org.email)
    html = _page(client, "/eventos/nuevo")
    selected = re.search(r'<option[^>]*selected[^>]*value="([^"]+)"|<option[^>]*value="([^"]+)"[^>]*selected', html)
    assert selected and "unificado" in selected.groups()
