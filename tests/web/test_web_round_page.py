"""Issue 23, faster hands: «Publicar» and «Iniciar reloj» at the top of the round page; after
publishing the organizer stays on the round with the clock one tap away; the clock shows when
it ends (hh:mm, the venue's time) besides the countdown."""
from __future__ import annotations

from datetime import timedelta

from tourney.localtime import local_time
from tourney.models.events import Round
from web_helpers import login


def test_publish_and_the_clock_are_at_the_top_of_the_round_page(client, cast):
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}"
    assert client.post(f"{url}/rondas").status_code == 302
    html = client.get(f"{url}/rondas/1").get_data(as_text=True)
    table = html.index('id="emparejamientos"')
    assert html.index('id="publicar"') < table and html.index('id="iniciar-reloj"') < table


def test_after_publishing_the_organizer_stays_on_the_round_with_the_clock_one_tap_away(
        client, cast):
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}"
    client.post(f"{url}/rondas")
    resp = client.post(f"{url}/rondas/1/publicar")
    assert resp.status_code == 302 and resp.location.endswith(f"{url}/rondas/1")
    html = client.get(resp.location).get_data(as_text=True)
    assert "Emparejamientos publicados" in html and 'id="publicar"' not in html
    assert '<button id="iniciar-reloj" class="" autofocus>Iniciar reloj</button>' in html
    assert 'name="minutes"' in html and 'value="50"' in html  # one tap: 50 minutes


def test_a_publish_button_elsewhere_may_still_say_where_to_go_back(client, cast):
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}"
    client.post(f"{url}/rondas")
    resp = client.post(f"{url}/rondas/1/publicar", data={"next": f"{url}/panel"})
    assert resp.location.endswith(f"{url}/panel")


def test_the_clock_shows_its_end_time_besides_the_countdown(client, cast, world, app):
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}"
    client.post(f"{url}/rondas")
    client.post(f"{url}/rondas/1/publicar")
    client.post(f"{url}/rondas/1/reloj", data={"minutes": 45})
    rnd = world.run(lambda s: s.get(Round, 1))
    with app.app_context():
        ends = local_time(rnd.timer_started_at + timedelta(minutes=45), "%H:%M")
    for page in (f"{url}/rondas/1", url):  # the round page and the event's home
        html = client.get(page).get_data(as_text=True)
        assert f'termina a las <strong id="reloj-fin">{ends}</strong>' in html
        assert 'id="reloj"' in html
    html = client.get(f"{url}/rondas/1").get_data(as_text=True)
    assert ">Reiniciar reloj</button>" in html
