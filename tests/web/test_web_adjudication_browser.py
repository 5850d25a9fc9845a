"""A real browser (Playwright + Debian Chromium, a phone-sized window): a judge uploads a
record, opens the board at the illegal line and steps through it with the keyboard."""
from __future__ import annotations



from browser_helpers import BROWSER_MARKS
from web_helpers import PASSWORD


pytestmark = BROWSER_MARKS


def test_judge_steps_through_the_record_with_the_keyboard(page, server, paired, world):
    from tourney.services.adjudication_demo import demo_record

    text = world.run(lambda s: demo_record(s, paired.event, paired.match, 1, paired.catalog))
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

    page.goto(f"{server}/entrar")
    page.fill("#email", paired.judge.email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")
    page.goto(f"{server}/eventos/{paired.event.id}/rondas/1/pendientes")
    page.click("text=arbitrar partida")
    page.fill("#record", text)
    page.click("main button:has-text('Arbitrar')")
    page.wait_for_selector("text=Juego 1 arbitrado (revisión 1).")
    verdict = page.locator("#veredicto .illegal").inner_text()
    illegal = int(verdict.split("línea ")[1].split(" ")[0].rstrip("."))

    page.click("#ver-tablero")
    page.wait_for_selector("#accion.es-illegal #ilegal")
    assert page.locator("#paso").get_attribute("data-actual") == str(illegal)
    assert "regla" in page.locator("#ilegal").inner_text()
    assert page.locator("#lineas li.es-illegal").get_attribute("data-linea") == str(illegal)
    page.evaluate("window.sinRecargar = true")

    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#paso[data-actual='{illegal - 1}']")
    assert page.locator("#accion.es-illegal").count() == 0
    assert f"linea={illegal - 1}" in page.url
    assert page.locator("#lineas li.actual").get_attribute("data-linea") == str(illegal - 1)

    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#paso[data-actual='{illegal}'] #ilegal")
    aliados = page.locator(".zona-defense .carta, .zona-attack .carta")
    fuerza = page.locator(".zona-defense .carta .fuerza, .zona-attack .carta .fuerza")
    assert fuerza.count() == aliados.count()  # every Aliado in play carries its Fuerza
    assert all(t.split()[-1].lstrip("-").isdigit() for t in fuerza.all_inner_texts())
    page.keyboard.press("ArrowRight")  # past the illegal line: not replayed, shown as written
    page.wait_for_selector(f"#paso[data-actual='{illegal + 1}'] .sin-reproducir")
    assert page.locator("#accion code.cruda").inner_text().startswith("{")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#paso[data-actual='{illegal}'] #ilegal")

    page.keyboard.press("ArrowUp")  # to the start: the opening hands
    page.wait_for_selector("#paso[data-actual='1']")
    assert "Cabecera" in page.locator("#accion").inner_text()
    assert page.locator(".jugador").count() == 2
    for zone in ("Línea de Defensa", "Reserva de Oro", "Oro Pagado"):
        assert page.locator(".jugador").first.get_by_text(zone).count() == 1
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#paso[data-actual='2']")

    page.go_back()  # the browser's back button walks the lines too
    page.wait_for_selector("#paso[data-actual='1']")
    page.click(f"#lineas a[data-linea='{illegal}']")
    page.wait_for_selector(f"#paso[data-actual='{illegal}'] #ilegal")
    assert page.evaluate("window.sinRecargar") is True  # no page load on the way
    assert not errors, errors
