"""Two real browsers (two Playwright contexts, Debian Chromium, phone-sized) play their Swiss
match of an event at the play table to the end: each sits from «/mesas», both shuffle, they
play a few actions by tapping (the other screen follows by itself), the round clock is on the
screen, game 1 and game 2 end by concession, and each confirms the result: the round has the
confirmed 2-0 and the match its two recorded games."""
from __future__ import annotations

import pytest
from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM, PHONE
from live_server import serve
from playwright.sync_api import sync_playwright
from sqlmodel import select
from web_helpers import PASSWORD

from tourney.models.adjudication import Adjudication
from tourney.models.events import Match
from tourney.services import rounds

pytestmark = BROWSER_MARKS
PREFERENCE = ("gold", "play", "attack", "block", "pass", "effect", "end", "discard")
EMAILS = {"ana": "ana@x.cl", "beto": "beto@x.cl", "carla": "carla@x.cl"}


def _login(page, server, email):
    page.goto(f"{server}/entrar")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")


def _settled(page):
    page.wait_for_function("!document.querySelector('#tablero').textContent.includes('Cargando')")


def _sit_and_shuffle(pages):
    for pg in pages:
        pg.wait_for_selector("#barajar")
        pg.click("#barajar")
    for pg in pages:
        pg.wait_for_selector("#tablero p.seat")


def _play_a_few(a, b, steps):
    for _ in range(steps):  # the seat with actions taps one; the other screen follows
        acted = False
        for pg in (a, b):
            _settled(pg)
            for verb in PREFERENCE:
                button = pg.locator(f".acts button[data-do='{verb}']")
                if button.count():
                    other = b if pg is a else a
                    before = other.locator("#tablero").inner_text()
                    button.first.click()
                    other.wait_for_function(
                        "b => document.querySelector('#tablero').innerText !== b", arg=before)
                    acted = True
                    break
            if acted:
                break
        assert acted, "ningún asiento tenía acciones"


def _concede(loser, winner):
    loser.click(".acts button[data-do='concede']")
    for pg in (loser, winner):
        pg.wait_for_selector("text=Partida terminada")


@pytest.fixture
def wide_server(csrf_app):
    """The app served with 8 threads: each open page holds one for its event stream (a
    production process has 32), and the pages of game 1 hold theirs a moment after leaving."""
    with serve(csrf_app, threads=8) as base:
        yield base


def test_two_browsers_play_their_event_match_to_the_confirmed_result(wide_server, paired,
                                                                     world):
    server = wide_server
    world.run(lambda s: rounds.start_timer(s, paired.org, s.get(type(paired.round),
                                                                paired.round.id), 50))
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pages = []
        for key in paired.playing:  # seat A first
            context = browser.new_context(viewport=PHONE)
            pg = context.new_page()
            pg.set_default_timeout(20000)
            pg.on("pageerror", lambda exc: errors.append(str(exc)))
            pg.on("dialog", lambda d: d.accept())
            _login(pg, server, EMAILS[key])
            pg.goto(f"{server}/mesas")
            pg.click("main button:has-text('Jugar en la mesa')")
            pages.append(pg)
        a, b = pages
        assert a.url == b.url and "/mesa/" in a.url  # the same table, by the match
        _sit_and_shuffle(pages)
        assert "Reloj de ronda: " in a.locator("#reloj").inner_text()
        assert "sin iniciar" not in a.locator("#reloj").inner_text()
        assert a.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        _play_a_few(a, b, 4)
        _concede(b, a)  # game 1 for A
        first = a.url
        for pg in pages:
            pg.wait_for_selector("#siguiente")
            pg.click("#siguiente")
            pg.wait_for_url(lambda url: url != first and "/mesa/" in url)
        assert a.url == b.url
        _sit_and_shuffle(pages)
        assert "juego 2" in a.locator("h1").inner_text()
        _play_a_few(a, b, 2)
        _concede(b, a)  # game 2 for A: 2-0, decided
        for pg in pages:
            pg.wait_for_selector("#confirmar")
            pg.click("#confirmar")
            pg.wait_for_selector("#confirmar", state="detached")
        b.reload()
        b.wait_for_selector("text=Resultado confirmado en el evento")
        browser.close()
    match = world.run(lambda s: s.get(Match, paired.match.id))
    assert (match.status, match.result) == ("confirmado", "2-0-0")
    games = world.run(lambda s: [(r.game, r.source, r.status) for r in s.exec(
        select(Adjudication).where(Adjudication.match_id == paired.match.id)
        .order_by(Adjudication.game))])
    assert games == [(1, "mesa", "finished"), (2, "mesa", "finished")]
    assert not errors, errors
