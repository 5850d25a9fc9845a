"""A fresh install without ../shared reaches a working event through the web alone, in a real
browser (Playwright + Debian Chromium): the first organizer, the catalog upload of a small
catalog made by the test, the event, its players and a round (issue 23)."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from live_server import serve

from tourney import create_app
from firstrun_helpers import cards_csv, cards_zip

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason="no hay Chromium en /usr/bin/chromium")]
PLAYERS = ("Zoe Zúñiga", "Álvaro Alba", "Nuño Núñez", "Beto Brito", "Carla Cruz", "Dani Díaz")


@pytest.fixture
def fresh_server(database_url, tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNEY_SHARED_DATA", str(tmp_path / "no-shared"))
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "FIRST_RUN_CODE_FILE": str(tmp_path / "first-run-code")})
    with serve(app) as base:
        yield base


def test_a_fresh_install_reaches_a_working_event_through_the_web_alone(fresh_server, tmp_path):
    base = fresh_server
    casera = tmp_path / "casera.csv"
    casera.write_bytes(cards_csv("CASA", 12))
    zipped = tmp_path / "ediciones.zip"
    zipped.write_bytes(cards_zip({"data-src/norte.csv": cards_csv("NOR", 4)}))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_timeout(15000)
        page.goto(base + "/")
        assert page.is_visible("#primera-vez")
        page.fill("#name", "Olga Organiza")
        page.fill("#email", "olga@club.cl")
        page.fill("#password", "clave-segura-1")
        page.click("#crear-organizador")
        page.wait_for_url(lambda url: url.endswith("/catalogo"))
        assert page.is_visible("#catalogo-vacio")
        page.set_input_files("input[name=files]", [str(casera), str(zipped)])
        page.click("main button:has-text('Importar')")
        page.wait_for_selector("#subidas")
        report = page.inner_text("#subidas")
        assert "casera.csv" in report and "ediciones.zip: data-src/norte.csv" in report
        assert "13" in report and "5" in report
        page.goto(base + "/eventos/nuevo")
        page.fill("#name", "Copa de prueba")
        page.fill("#date", "2026-12-05")
        page.select_option("#format_id", "unificado")
        page.click("main button:has-text('Crear evento')")
        page.wait_for_url(lambda url: "/nuevo" not in url)
        event_url = "/".join(page.url.split("/")[:5])  # http://host/eventos/N
        page.goto(event_url + "/panel")
        for name in PLAYERS:
            page.fill("#inscribir input[name=name]", name)
            page.click("#inscribir button:has-text('Inscribir')")
            page.wait_for_selector(f"main :text('{name}')")
        page.click("button:has-text('Emparejar ronda 1')")
        page.wait_for_selector("text=Publicar emparejamientos")
        page.click("button:has-text('Publicar emparejamientos')")
        page.goto(event_url + "/rondas/1")
        rows = page.locator("#emparejamientos tr").all_inner_texts()[1:]
        assert len(rows) == 3 and all(name in " ".join(rows) for name in PLAYERS)
        # the round is played: Mesa 1 is entered from the Marcador, the standings count it
        page.goto(event_url + "/rondas/1/marcador")
        winner = page.inner_text("#mesa-1 .quien").split("\n")[0].rsplit(" (", 1)[0].strip()
        page.click("#mesa-1 button.r:text-is('2-0')")
        page.wait_for_selector("#aviso:has-text('guardado')")
        page.goto(event_url + "/clasificacion")
        first = page.locator("main table tr").nth(1).inner_text()
        assert winner and winner in first and "3" in first.split(winner, 1)[1]
        browser.close()
