"""Two real browsers (Playwright contexts, Debian Chromium, phone-sized) play a scripted casual
game by tapping only the legal actions each screen offers: Beto plays Vatnsandi and uses its
activated ability (§6, «mirar» the rival's top card), attacks with it (§9), Ana answers in the
Guerra de Talismanes with Puño Bendito aimed at the attacker (a Talismán with a target, §8.2),
Beto answers with Sangre de Cobra (an Anulación, §8.1 D, §10.4), the attacker survives and
its damage reaches Ana's Castillo on both screens. The game ends (Ana concedes, or Beto's
Castillo runs out at his draw when Ana went first); the stored record
adjudicates with `tourney adjudicate` (a subprocess, as a user runs it) to the verdict the
table showed: every line legal, the Anulación's effect verified, the annulled Talismán never
resolved.

The decks are built so that any fair shuffle (and either first player) reaches the same
script, with at most three copies of a card: one draws at the end of each turn but the game's
first (§9 E), so by the Guerra de Talismanes Ana has seen nine cards of her 11-card Castillo
(three Puño Bendito among Oros: one is in her hand) and Beto at least eight of his ten (three
Vatnsandi, three Sangre de Cobra, four Oros: one of each is in his hand); neither Castillo
runs out before the damage."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM
from play_browser_helpers import casual_table, settled
from playwright.sync_api import sync_playwright

pytestmark = BROWSER_MARKS
DECK_ANA = ("1 Oro Inicial ContraAtaque\n3 Puño Bendito\n3 Sello de Odín\n3 Joyas de la Reina\n"
            "2 Máscara de Oro\n")
DECK_BETO = ("1 Oro Inicial ContraAtaque\n3 Vatnsandi\n3 Sangre de Cobra\n3 Sello de Odín\n"
             "1 Joyas de la Reina\n")
BUTTONS = """() => Array.from(document.querySelectorAll('.acts button[data-do]'))
    .filter(b => b.dataset.do !== 'concede').map(b => [b.dataset.do, b.textContent])"""


def _castle(page, name):
    found = re.search(name + r" — Castillo (\d+)", page.locator("#tablero").inner_text())
    assert found, page.locator("#tablero").inner_text()
    return int(found.group(1))


class Table:
    """Both screens; ``tap`` clicks one offered action and waits for both screens to follow."""

    def __init__(self, ana, beto):
        self.pages = {"A": ana, "B": beto}

    def offered(self, seat):
        settled(self.pages[seat])
        shown = self.pages[seat].evaluate(BUTTONS)
        assert len({tuple(x) for x in shown}) == len(shown), shown  # each action once
        return shown

    def find(self, seat, do, *words, avoid=()):
        for n, (verb, text) in enumerate(self.offered(seat)):
            if verb == do and all(w in text for w in words) and not any(w in text for w in avoid):
                return n
        return None

    def tap(self, seat, n):
        before = {s: pg.locator("#tablero").inner_text() for s, pg in self.pages.items()}
        self.pages[seat].locator(".acts button[data-do]:not([data-do='concede'])").nth(n).click()
        for s, pg in self.pages.items():
            pg.wait_for_function("b => document.querySelector('#tablero').innerText !== b",
                                 arg=before[s])

    def must(self, seat, do, *words):
        """Tap the offered action ``do`` naming ``words``; fail if the screen lacks it."""
        n = self.find(seat, do, *words)
        assert n is not None, (seat, do, words, self.offered(seat))
        self.tap(seat, n)

    def filler(self, seat, keep):
        """A neutral step: an effect, pass, end of turn, or a discard sparing ``keep``."""
        for do in ("effect", "pass", "choose", "end"):
            n = self.find(seat, do)
            if n is not None:
                return self.tap(seat, n)
        n = self.find(seat, "discard", avoid=keep)
        n = self.find(seat, "discard") if n is None else n
        assert n is not None, (seat, self.offered(seat))
        self.tap(seat, n)


def _play_until_the_attack(t):
    """Beto plays Vatnsandi, looks with its ability and attacks; Ana only passes her turns."""
    looked = False
    for _ in range(30):
        if t.offered("A"):
            t.filler("A", keep=("Puño",))
            continue
        if t.find("B", "gold") is not None:
            t.tap("B", t.find("B", "gold"))
        elif not looked and t.find("B", "play", "Vatnsandi") is not None:
            t.tap("B", t.find("B", "play", "Vatnsandi"))
            t.must("B", "activate", "habilidad 1 de Vatnsandi")  # §6: used the turn it came
            looked = True
        elif looked and t.find("B", "attack", "Vatnsandi") is not None:
            t.tap("B", t.find("B", "attack", "Vatnsandi"))
            return
        else:
            t.filler("B", keep=("Vatnsandi", "Sangre"))
    raise AssertionError("Beto never attacked with Vatnsandi")


def test_9_guerra_de_talismanes_a_talisman_annulled_an_ability_and_damage_on_two_screens(
        server, world, shared_data, tmp_path):
    world.user("ana@x.cl", name="Ana")
    world.user("beto@x.cl", name="Beto")
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        ana, beto = pages = casual_table(browser, server, (DECK_ANA, DECK_BETO), errors, 20000)
        link = ana.url
        t = Table(ana, beto)
        _play_until_the_attack(t)
        castle = [_castle(pg, "Ana") for pg in pages]
        assert castle[0] == castle[1]
        for pg in pages:
            assert "Beto: declara un ataque" in pg.locator("#tablero").inner_text()
        t.must("A", "block", "no bloquea")
        t.must("A", "play", "Puño Bendito", "objetivos: Vatnsandi")  # §8.2: aimed at it
        t.must("B", "play", "Sangre de Cobra", "objetivos: Puño Bendito")  # §8.1 D: annulled
        for _ in range(8):  # the Guerra de Talismanes closes and the damage is dealt
            if _castle(ana, "Ana") < castle[0]:
                break
            t.filler("B" if t.offered("B") else "A", keep=())
        for pg in pages:  # Vatnsandi (Fuerza 1) survived and hit: one card botada, both screens
            settled(pg)
            assert _castle(pg, "Ana") == castle[0] - 1
        settled(ana)
        if not ana.locator("text=Partida terminada").count():  # else Beto's draw emptied his
            ana.click(".acts button[data-do='concede']")  # Castillo as his turn ended (§3.1)
        shown = set()
        for pg in pages:
            pg.wait_for_selector("text=Partida terminada")
            shown.add(re.search(r"Partida terminada: gana (\w+)\.",
                                pg.locator("#tablero").inner_text()).group(1))
        assert len(shown) == 1, shown
        record = beto.evaluate("u => fetch(u).then(r => r.text())", link + "/registro")
        browser.close()
    assert not errors, errors
    lines = [json.loads(x) for x in record.splitlines()]
    number = {key: next(i for i, o in enumerate(lines, 1) if pred(o)) for key, pred in {
        "look": lambda o: o.get("do") == "activate" and o.get("ability", 1) == 1,
        "attack": lambda o: o.get("do") == "attack",
        "puno": lambda o: o.get("do") == "play" and o["p"] == "A" and o.get("targets"),
        "sangre": lambda o: o.get("do") == "play" and o["p"] == "B" and o.get("targets")
        and o["targets"][0].startswith("A")}.items()}
    path = tmp_path / "partida.jsonl"
    path.write_text(record, encoding="utf-8")
    tourney = Path(sys.executable).with_name("tourney")
    done = subprocess.run([str(tourney), "adjudicate", str(path), "--json", "--catalog",
                           str(shared_data / "deckforge" / "public-data" / "cards.json")],
                          capture_output=True, text=True, cwd=str(tmp_path), timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    verdict = json.loads(done.stdout)
    winner = {"Ana": "A", "Beto": "B"}[shown.pop()]
    assert (verdict["status"], verdict["winner"], verdict["shuffle"]) == ("finished", winner, "ok")
    assert verdict["actions"] == len(lines) - 1  # every line legal, up to the concession
    assert verdict["unverified"] == [] and verdict["unverified_reasons"] == []
    sangre = lines[number["sangre"] - 1]["card"]
    resolved = next(i for i, o in enumerate(lines, 1)
                    if o.get("do") == "effect" and o.get("source") == sangre)
    assert resolved > number["sangre"] > number["puno"] > number["attack"] > number["look"]
    assert resolved in verdict["verified"], verdict  # the Anulación's own effect, checked
    assert not any(o.get("do") == "effect" and o.get("source") == lines[number["puno"] - 1]["card"]
                   for o in lines[1:])  # §10.4: the annulled Puño Bendito never resolved
