"""What the play-table browser tests share: logging in, sitting and shuffling, tapping legal
actions on two screens (each waits for the other screen to follow), conceding a game."""
from __future__ import annotations

from web_helpers import PASSWORD

PREFERENCE = ("gold", "play", "attack", "block", "pass", "effect", "end", "discard")
EMAILS = {"ana": "ana@x.cl", "beto": "beto@x.cl", "carla": "carla@x.cl"}


def login(page, server, email):
    page.goto(f"{server}/entrar")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")


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
