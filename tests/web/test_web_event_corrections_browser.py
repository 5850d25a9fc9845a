"""Results that cannot change by accident, in a real browser (Playwright + Debian Chromium):
a double tap on a phone's Marcador with «Solo mesas abiertas», and the correction of a
finalized event (issue 23 items 1 and 2)."""
from __future__ import annotations

import pytest
from sqlmodel import select

from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM, DESKTOP, PHONE
from tourney.models.events import Match, Registration, Round
from tourney.models.history import EventHistory
from web_helpers import PASSWORD, World

pytestmark = BROWSER_MARKS


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


def _page(browser, viewport):
    phone = viewport is PHONE
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def _login(page, base, email):
    page.goto(f"{base}/entrar")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")
    page.wait_for_url(lambda url: "/entrar" not in url)


def _statuses(world, event, number):
    def read(s):
        rnd = s.exec(select(Round).where(Round.event_id == event.id, Round.number == number)).one()
        return {m.table_no: (m.status, m.result)
                for m in s.exec(select(Match).where(Match.round_id == rnd.id))}
    return world.run(read)


@pytest.fixture
def round_of_16(csrf_app):
    from tourney.services import events, rounds

    world = World(csrf_app)
    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    world.user("juez@x.cl", name="Julia Jueza")
    event = world.event(org, rounds_planned=4)

    def setup(s):
        events.add_judge(s, org, event, "juez@x.cl")
        for i in range(16):
            s.add(Registration(event_id=event.id, name=f"Jugador {i + 1:02d}"))
        s.flush()
        rnd = rounds.pair_next_round(s, org, events.get_event(s, event.id))
        rounds.publish_round(s, org, rnd)
    world.run(setup)
    return world, event


def test_a_double_tap_on_the_open_tables_never_saves_another_table(browser, server, round_of_16):
    """Judge on a phone (390×844), «Solo mesas abiertas»: tap «2-0» on Mesa 1, then the same
    spot again, once while it saves and once right after the save came back."""
    world, event = round_of_16
    page = _page(browser, PHONE)
    _login(page, server, "juez@x.cl")
    page.goto(f"{server}/eventos/{event.id}/rondas/1/marcador")
    page.check("#filtro")
    box = page.locator("#mesa-1 button.r:text-is('2-0')").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)  # the second tap of a double tap, before the answer
    page.wait_for_selector("#aviso:has-text('guardado')")
    page.touchscreen.tap(x, y)  # and once more, the save already shown
    page.wait_for_selector("#mesa-1 button.r:not([disabled])", state="attached")
    page.touchscreen.tap(x, y)  # after the pause: the same row, the same result
    page.wait_for_selector("#mesa-1:not([aria-busy])", state="attached")
    saved = _statuses(world, event, 1)
    assert saved[1] == ("confirmado", "2-0-0")
    assert all(saved[t][0] == "pendiente" for t in range(2, 9)), saved
    assert page.is_visible("#mesa-1.guardada")  # kept in place, marked saved
    moved = page.locator("#mesa-1 button.r:text-is('2-0')").bounding_box()
    assert abs(moved["y"] - box["y"]) < 1  # nothing slid under the finger
    assert page.inner_text("#abiertas-cuenta") == "7"


NAMES = ("Ana", "Beto", "Carla", "Dani", "Eva", "Fede", "Gabi", "Hugo")


@pytest.fixture
def finished(csrf_app):
    """Eight players, 3 Swiss rounds, a Top 4 played to the end, «Finalizar evento»."""
    from tourney.services import events, rounds

    world = World(csrf_app)
    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    event = world.event(org, rounds_planned=3, top_cut=4)

    def play(s):
        for name in NAMES:
            events.add_player_at_desk(s, org, event, name)
        for _ in range(5):
            rnd = rounds.pair_next_round(s, org, event)
            rounds.publish_round(s, org, rnd)
            for m in rounds.round_matches(s, rnd):
                if m.player_b_id is not None:
                    rounds.enter_result(s, org, event, m, "2-0-0", m.version)
        events.finish_event(s, org, event)
    world.run(play)
    return world, event


def test_a_correction_of_a_finalized_event_shows_its_consequences_and_can_be_undone(
        browser, server, finished):
    world, event = finished
    page = _page(browser, DESKTOP)
    _login(page, server, "org@x.cl")
    page.goto(f"{server}/eventos/{event.id}/rondas/1/marcador")
    assert "el evento está finalizado" in page.inner_text("#ronda-cerrada")
    assert page.locator("#marcador button.r").count() == 0  # no tap changes anything
    page.click("#mesa-1 a.corregir")
    page.check("#correccion input[value='0-2']")
    page.fill("#reason", "La hoja de la mesa 1 decía 0-2")
    page.click("#ver-consecuencias")
    text = page.inner_text("#consecuencias")
    assert "Mesa 1 de la ronda 1" in text and "2-0 → 0-2" in text
    assert "Cambia la clasificación del suizo" in text and "Cambia el corte (Top 4)" in text
    assert _statuses(world, event, 1)[1] == ("confirmado", "2-0-0")  # nothing saved yet
    page.click("#confirmar-correccion")
    page.wait_for_url(lambda url: url.endswith("/historial"))
    assert _statuses(world, event, 1)[1] == ("confirmado", "0-2-0")
    row = page.locator("#historial tr[data-kind='correccion']")
    assert "Olga Organiza" in row.inner_text() and "La hoja de la mesa 1 decía 0-2" in \
        row.inner_text()
    page.on("dialog", lambda d: d.accept())
    row.locator("button:has-text('Deshacer')").click()
    page.wait_for_selector("#historial tr[data-kind='deshacer']")
    assert _statuses(world, event, 1)[1] == ("confirmado", "2-0-0")
    assert "deshecho" in page.locator("#historial tr[data-kind='correccion']").inner_text()
    kinds = world.run(lambda s: [h.kind for h in s.exec(select(EventHistory).where(
        EventHistory.event_id == event.id, EventHistory.kind != "resultado"))])
    assert kinds == ["correccion", "deshacer"]
