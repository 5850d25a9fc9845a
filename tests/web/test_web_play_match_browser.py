"""Two real browsers (Playwright contexts, Debian Chromium, phone-sized) play their event match
at the play table with each seat served by a different process: one player's pages come from
a second `tourney serve` on the same database (its screen follows the other's taps through
the database). The second player enters from the round page («Jugar en la mesa en línea»);
mid-game one calls the judge, the table pauses, the judge sees the call on the round page,
opens the table and resumes it with a ruling; a reload resumes the game; between games one
player swaps a card with the Mazo de Soporte (§11) and game 2 is played with it; the match ends 2-0,
both confirm, the standings count it and every stored record adjudicates with
`tourney adjudicate` to the verdict stored with it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM, PHONE
from live_server import serve
from play_browser_helpers import EMAILS, concede, login, play_a_few, settled, sit_and_shuffle
from playwright.sync_api import sync_playwright
from sqlmodel import select
from web_helpers import deck_lines

from tourney.models.adjudication import Adjudication
from tourney.models.events import Match

pytestmark = BROWSER_MARKS
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def wide_server(csrf_app):
    with serve(csrf_app, threads=8) as base:
        yield base


@pytest.fixture
def second_process(database_url, tmp_path):
    """`tourney serve` in a process of its own on the test's database."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, DATABASE_URL=database_url)
    tourney = Path(sys.executable).with_name("tourney")
    proc = subprocess.Popen([str(tourney), "serve", "--bind", f"127.0.0.1:{port}", "--workers",
                             "1", "--threads", "8", "--no-upgrade"], env=env, cwd=str(tmp_path),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{base}/salud", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def _phone(browser, errors):
    pg = browser.new_context(viewport=PHONE).new_page()
    pg.set_default_timeout(20000)
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("dialog", lambda d: d.accept())
    return pg


def test_a_match_across_two_processes_with_a_judge_call_ends_adjudicated_in_the_standings(
        wide_server, second_process, paired, world, csrf_app, tmp_path):
    one, two = wide_server, second_process
    lines = deck_lines(paired.decks[paired.playing[0]])
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        a, b = _phone(browser, errors), _phone(browser, errors)
        key_a, key_b = paired.playing
        login(a, one, EMAILS[key_a])
        a.goto(f"{one}/mesas")
        a.click("main button:has-text('Jugar en la mesa')")
        login(b, two, EMAILS[key_b])  # the other process, from the round page
        b.goto(f"{two}/eventos/{paired.event.id}/rondas/{paired.round.number}")
        b.click("#tu-mesa button:has-text('Jugar en la mesa en línea')")
        path = a.url.removeprefix(one)
        assert b.url == two + path and path.startswith("/mesa/")
        sit_and_shuffle((a, b))
        play_a_few(a, b, 3)
        # «llamar al juez»: the table pauses on both screens
        b.click("#llamar summary")
        b.fill("#motivo-llamada", "¿Puede bloquear ese Aliado?")
        b.click("#llamar-juez")
        for pg in (a, b):
            pg.wait_for_selector("#llamada")
            assert pg.locator(".acts button").count() == 0
        judge = _phone(browser, errors)
        login(judge, one, "juez@x.cl")
        judge.goto(f"{one}/eventos/{paired.event.id}/rondas/{paired.round.number}")
        judge.wait_for_selector("#llamadas a")
        assert "¿Puede bloquear ese Aliado?" in judge.locator("#llamadas").inner_text()
        judge.click("#llamadas a")
        judge.wait_for_selector("#reanudar")
        # the judge sees both hands and plays no seat
        assert judge.locator(".zone h3:has-text('Mano (')").count() == 2
        assert judge.locator(".acts button").count() == 0
        judge.fill("#fallo", "Sí puede: sigue la partida")
        judge.click("#reanudar")
        for pg in (a, b):
            pg.wait_for_selector("#llamada", state="detached")
        # a reload mid-game resumes where it was
        settled(a)
        board = a.locator("#tablero p.seat").inner_text()
        a.reload()
        a.wait_for_selector("#tablero p.seat")
        assert a.locator("#tablero p.seat").inner_text() == board
        play_a_few(a, b, 2)
        concede(b, a)  # game 1 for A
        # §11: A swaps one card with the Mazo de Soporte before game 2, from the table's link
        gold = max(lines["castle"], key=lambda x: x[0])  # the Oro sin habilidad filler
        incoming = lines["support"][0]
        a.click("a:has-text('Cambios del Mazo de Soporte')")
        a.wait_for_selector("#form-cambios")
        a.select_option("#game", "2")
        a.fill("#out_text", f"1 {gold[1]}")
        a.fill("#in_text", f"1 {incoming[1]}")
        a.click("#form-cambios button:has-text('Registrar cambios')")
        a.wait_for_selector("#cambios-juego-2")
        a.goto(one + path)
        for pg in (a, b):
            pg.wait_for_selector("#siguiente")
            pg.click("#siguiente")
            pg.wait_for_url(lambda url: "/mesa/" in url and not url.endswith(path))
        sit_and_shuffle((a, b))
        play_a_few(a, b, 2)
        concede(b, a)  # game 2 for A: 2-0
        for pg in (a, b):
            pg.wait_for_selector("#confirmar")
            pg.click("#confirmar")
            pg.wait_for_selector("#confirmar", state="detached")
        a.goto(f"{one}/eventos/{paired.event.id}/clasificacion")
        table = a.locator("#clasificacion").inner_text()
        browser.close()
    assert not errors, errors
    match = world.run(lambda s: s.get(Match, paired.match.id))
    assert (match.status, match.result) == ("confirmado", "2-0-0")
    standing = {line.split("\t")[1]: line.split("\t")[2:4] for line in table.splitlines()[1:]}
    assert standing[paired.regs[key_a].name] == ["3", "1-0-0"]  # the match won 2-0: a win
    assert standing[paired.regs[key_b].name] == ["0", "0-1-0"]
    rows = world.run(lambda s: [(r.game, r.record_text, r.verdict) for r in s.exec(
        select(Adjudication).where(Adjudication.match_id == paired.match.id)
        .order_by(Adjudication.game))])
    assert [game for game, _, _ in rows] == [1, 2]
    castles = [[name for _, name in json.loads(text.splitlines()[0])["players"][0]["castle"]]
               for _, text, _ in rows]
    came = [sum(1 for n in c if n.startswith(incoming[1])) for c in castles]
    assert came[1] == came[0] + 1, came  # game 2 was played with the swapped Castillo
    runner = csrf_app.test_cli_runner()
    for game, text, stored in rows:
        record = tmp_path / f"juego-{game}.jsonl"
        record.write_text(text, encoding="utf-8")
        result = runner.invoke(args=["adjudicate", str(record), "--json"])
        assert result.exit_code == 0, result.output
        fresh = json.loads(result.output)
        assert (fresh["status"], fresh["winner"], fresh["shuffle"]) == (
            stored["status"], stored["winner"], "ok"), game
