"""The play table's screen is rebuilt only when the game changed: an event stream that ends on
time and reconnects, and the polling that covers the gap, leave a board that did not change
alone (a tap in flight, or a reason or effect being typed, is not lost), and the screen still follows the
other player's action after the stream came back (polling stops once it is open again)."""
from __future__ import annotations

from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM
from play_browser_helpers import casual_table, play_a_few, settled
from playwright.sync_api import sync_playwright

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
