"""Two real browsers (two Playwright contexts, Debian Chromium, phone-sized) play their Swiss
match of an event at the play table to the end: each sits from «/mesas», both shuffle, they
play a few actions by tapping (the other screen follows by itself), the round clock is on the
screen, game 1 and game 2 end by concession, and each confirms the result: the round has the
confirmed 2-0 and the match its two recorded games."""
from __future__ import annotations

import pytest
from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM, PHONE
from live_server import serve
from play_browser_helpers import EMAILS, concede, login, play_a_few, sit_and_shuffle
from playwright.sync_api import sync_playwright
from sqlmodel import select

from tourney.models.adjudication import Adjudication
from tourney.models.events import Match
from tourney.services import rounds

pytestmark = BROWSER_MARKS
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
            login(pg, server, EMAILS[key])
            pg.goto(f"{server}/mesas")
            pg.click("main button:has-text('Jugar en la mesa')")
            pages.append(pg)
        a, b = pages
        assert a.url == b.url and "/mesa/" in a.url  # the same table, by the match
        sit_and_shuffle(pages)
        assert "Reloj de ronda: " in a.locator("#reloj").inner_text()
        assert "sin iniciar" not in a.locator("#reloj").inner_text()
        assert a.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        play_a_few(a, b, 4)
        concede(b, a)  # game 1 for A
        first = a.url
        for pg in pages:
            pg.wait_for_selector("#siguiente")
            pg.click("#siguiente")
            pg.wait_for_url(lambda url: url != first and "/mesa/" in url)
        assert a.url == b.url
        sit_and_shuffle(pages)
        assert "juego 2" in a.locator("h1").inner_text()
        play_a_few(a, b, 2)
        concede(b, a)  # game 2 for A: 2-0, decided
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
