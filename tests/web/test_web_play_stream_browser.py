"""The play table's screen is rebuilt only when the game changed: an event stream that ends on
time and reconnects, and the polling that covers the gap, leave a board that did not change
alone (a tap in flight, or a reason or effect being typed, is not lost), and the screen still follows the
other player's action after the stream came back (polling stops once it is open again). A
change that arrives while the page's own action is on its way is shown when the answer is in,
never dropped (else the page stays one change behind and its next tap is refused as stale)."""
from __future__ import annotations

from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM, PHONE
from play_browser_helpers import (EMAILS, PREFERENCE, casual_table, login, play_a_few, settled,
                                  sit_and_shuffle)
from playwright.sync_api import sync_playwright

from tourney.services import rounds
from tourney.web import play as play_views

pytestmark = BROWSER_MARKS


def test_a_reconnected_stream_leaves_an_unchanged_board_alone_and_still_follows(
        server, world, monkeypatch):
    # streams last 1 s instead of 25: each page reconnects (and polls between) several times
    monkeypatch.setattr(play_views, "SSE_SECONDS", 1)
    world.user("ana@x.cl", name="Ana")
    world.user("beto@x.cl", name="Beto")
    deck_a, deck_b = world.deck(1, with_support=False), world.deck(2, with_support=False)
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pages = casual_table(browser, server, (deck_a, deck_b), errors)
        ana, beto = pages
        for pg in pages:
            settled(pg)
            pg.evaluate("window.shownBoard = document.querySelector('#tablero').firstChild")
        ana.wait_for_timeout(5000)  # ~2 streams ended and reopened, polls in between
        for pg in pages:
            assert pg.evaluate(
                "window.shownBoard === document.querySelector('#tablero').firstChild"), \
                "the board was rebuilt though nothing changed"
        play_a_few(ana, beto, 3)  # each tap: the other screen follows by itself
        browser.close()
    assert not errors, errors


# this page's POST answers reach play.js 3 s late (the server has already done the action)
SLOW_POSTS = """() => { const f = window.fetch; window.fetch = (url, o) => f(url, o).then(r =>
    o && o.method === "POST" ? new Promise(ok => setTimeout(() => ok(r), 3000)) : r); }"""


def test_a_change_heard_while_this_pages_action_is_on_its_way_is_shown(server, paired, world):
    world.run(lambda s: rounds.start_timer(s, paired.org, s.get(type(paired.round),
                                                                paired.round.id), 50))
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        pages = []
        for key in paired.playing:
            pg = browser.new_context(viewport=PHONE).new_page()
            pg.set_default_timeout(15000)
            pg.on("pageerror", lambda exc: errors.append(str(exc)))
            login(pg, server, EMAILS[key])
            pg.goto(f"{server}/mesas")
            pg.click("main button:has-text('Jugar en la mesa')")
            pages.append(pg)
        sit_and_shuffle(pages)
        movers: list = []
        for _ in range(150):  # the seat that acts first gets its actions (0.1 s a look)
            movers = [pg for pg in pages if pg.locator(".acts button[data-do]:not(.sec)").count()]
            if movers:
                break
            pages[0].wait_for_timeout(100)
        mover = movers[0]
        other = pages[1] if mover is pages[0] else pages[0]
        mover.evaluate(SLOW_POSTS)
        before = other.locator("#tablero").inner_text()
        verb = next(v for v in PREFERENCE
                    if mover.locator(f".acts button[data-do='{v}']").count())
        mover.locator(f".acts button[data-do='{verb}']").first.click()
        other.wait_for_function(  # the action is done: the other screen shows it
            "b => document.querySelector('#tablero').innerText !== b", arg=before)
        other.click("#llamar summary")  # ... and calls the judge while the answer is on its way
        other.click("#llamar-juez")
        other.wait_for_selector("#llamada")
        mover.wait_for_selector("#llamada")  # the call, heard mid-action, is on the screen
        assert mover.locator(".acts button").count() == 0
        browser.close()
    assert not errors, errors
