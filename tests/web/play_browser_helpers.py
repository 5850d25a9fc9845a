"""What the play-table browser tests share: logging in, sitting and shuffling, tapping legal
actions on two screens (each waits for the other screen to follow), conceding a game."""
from __future__ import annotations

from browser_helpers import PHONE
from web_helpers import PASSWORD

PREFERENCE = ("gold", "play", "attack", "block", "pass", "effect", "end", "discard")
EMAILS = {"ana": "ana@x.cl", "beto": "beto@x.cl", "carla": "carla@x.cl"}


def login(page, server, email):
    page.goto(f"{server}/entrar")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")


def casual_table(browser, server, decks, errors, timeout=15000):
    """Ana opens a casual table with ``decks[0]``, Beto sits by its link with ``decks[1]`` (two
    phone-sized contexts; page errors go to ``errors``, confirmations are accepted), both
    shuffle: the two pages, the game on their screens."""
    pages = []
    for _ in range(2):
        pg = browser.new_context(viewport=PHONE).new_page()
        pg.set_default_timeout(timeout)
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.on("dialog", lambda d: d.accept())
        pages.append(pg)
    ana, beto = pages
    login(ana, server, EMAILS["ana"])
    ana.goto(f"{server}/mesas")
    ana.fill("#deck", decks[0])
    ana.click("main button:has-text('Abrir mesa')")
    ana.wait_for_selector("text=Esperando al segundo jugador")
    login(beto, server, EMAILS["beto"])
    beto.goto(ana.url)
    beto.fill("#deck", decks[1])
    beto.click("main button:has-text('Sentarme')")
    sit_and_shuffle(pages)
    return ana, beto


def settled(page):
    page.wait_for_function("!document.querySelector('#tablero').textContent.includes('Cargando')")


def sit_and_shuffle(pages):
    for pg in pages:
        pg.wait_for_selector("#barajar")
        pg.click("#barajar")
    for pg in pages:
        pg.wait_for_selector("#tablero p.seat")


def play_a_few(a, b, steps):
    for _ in range(steps):  # the seat with actions taps one; the other screen follows
        acted = False
        for pg in (a, b):
            settled(pg)
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


def concede(loser, winner):
    loser.click(".acts button[data-do='concede']")
    for pg in (loser, winner):
        pg.wait_for_selector("text=Partida terminada")
