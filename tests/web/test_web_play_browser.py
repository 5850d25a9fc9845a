"""Two real browsers (Playwright + Debian Chromium, phone-sized) play at a casual table: one
opens it, the other sits by the link, both shuffle, they play turns by tapping the legal
actions, the other screen follows by itself, a manual effect proposed by one is accepted by
the other with its button, a reload resumes, and a concession ends it."""
from __future__ import annotations

import json

from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM, PHONE
from play_browser_helpers import casual_table
from playwright.sync_api import sync_playwright

from tourney.engine.shuffle import check_header

pytestmark = BROWSER_MARKS
PREFERENCE = ("gold", "play", "attack", "block", "pass", "effect", "end", "discard")


def _turn_text(page):
    return page.locator("#tablero p.seat").inner_text()


def test_two_browsers_play_turns_at_a_casual_table(server, world):
    world.user("ana@x.cl", name="Ana")
    world.user("beto@x.cl", name="Beto")
    deck_a, deck_b = world.deck(1, with_support=False), world.deck(2, with_support=False)
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        ana, beto = casual_table(browser, server, (deck_a, deck_b), errors)
        link = ana.url
        assert ana.locator(".zone:has-text('Tu mano') .tile").count() == 8
        # the width of a phone: nothing scrolls sideways
        assert ana.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        for _ in range(14):  # a few turns: each step, the seat with actions taps one
            acted = False
            for pg in (ana, beto):
                pg.wait_for_function("!document.querySelector('#tablero').textContent"
                                     ".includes('Cargando')")
                for verb in PREFERENCE:
                    button = pg.locator(f".acts button[data-do='{verb}']")
                    if button.count():
                        other = beto if pg is ana else ana
                        before = other.locator("#tablero").inner_text()
                        button.first.click()
                        # the other screen follows by itself (event stream or polling)
                        other.wait_for_function(
                            "b => document.querySelector('#tablero').innerText !== b", arg=before)
                        acted = True
                        break
                if acted:
                    break
            assert acted, "ningún asiento tenía acciones"
        # a manual effect (the page's own JSON action: «robo una carta») waits for the rival,
        # who accepts it with its button; both screens show it resolved
        mover = next(pg for pg in (ana, beto)
                     if pg.locator(".acts button[data-do='end'], .acts button[data-do='pass']").count())
        other = beto if mover is ana else ana
        seat = mover.locator("#mesa").get_attribute("data-seat")
        status = mover.evaluate("""([url, seat]) => fetch(url + '/estado').then(r => r.json())
            .then(s => fetch(url + '/accion', {method: 'POST', headers: {
                'Content-Type': 'application/json',
                'X-CSRFToken': document.getElementById('mesa').dataset.csrf},
              body: JSON.stringify({action: {p: seat, do: 'effect', draw: {[seat]: 1}},
                                    version: s.version})})).then(r => r.status)""", [link, seat])
        assert status == 200
        other.wait_for_selector("#aceptar")
        assert "Efecto manual propuesto" in other.locator("#tablero").inner_text()
        other.click("#aceptar")
        for pg in (ana, beto):
            pg.wait_for_selector("text=resuelve un efecto")
            pg.wait_for_selector("#aceptar", state="detached")
        turn = _turn_text(ana)
        ana.reload()
        ana.wait_for_selector("#tablero p.seat")
        assert _turn_text(ana) == turn  # a reload resumes where it was
        ana.click(".acts button[data-do='concede']")
        beto.wait_for_selector("text=Partida terminada")
        record = beto.evaluate(
            "u => fetch(u).then(r => r.text())", link + "/registro")
        browser.close()
    head = json.loads(record.splitlines()[0])
    assert check_header(head) is None
    assert json.loads(record.splitlines()[-1])["do"] == "concede"
    effects = [json.loads(x) for x in record.splitlines()[1:] if '"effect"' in x]
    assert any(e["p"] == seat and e.get("draw") == {seat: 1} and "source" not in e
               for e in effects)  # the accepted one
    assert not errors, errors
