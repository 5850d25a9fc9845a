"""A real browser (Playwright + Debian Chromium) runs a small event end to end."""
from __future__ import annotations



from browser_helpers import BROWSER_MARKS
from web_helpers import PASSWORD, World, deck_lines


pytestmark = BROWSER_MARKS


def _login(page, base, email):
    page.goto(f"{base}/entrar")
    if page.locator("header button", has_text="Salir").count():
        page.click("header button:has-text('Salir')")
        page.goto(f"{base}/entrar")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")


def test_browser_event_end_to_end(page, server, csrf_app):
    base = server
    world = World(csrf_app)
    world.user("org@x.cl", "organizador", "Olga")
    decks = {name: world.deck(seed) for seed, name in enumerate(["Ana", "Beto", "Carla", "Dani"], 1)}

    # the organizer creates the event
    _login(page, base, "org@x.cl")
    page.goto(f"{base}/eventos/nuevo")
    page.fill("#name", "Torneo en el navegador")
    page.fill("#date", "2026-12-19")
    page.select_option("#format_id", "unificado")
    page.fill("#rounds_planned", "2")
    page.click("main button:has-text('Crear evento')")
    page.wait_for_selector("text=Evento creado.")
    event_url = page.url.replace("/panel", "")

    # four players sign up, register and paste a legal list from the real catalog
    for name, deck in decks.items():
        page.click("header button:has-text('Salir')")
        page.goto(f"{base}/cuenta/nueva")
        page.fill("#name", name)
        page.fill("#email", f"{name.lower()}@x.cl")
        page.fill("#password", PASSWORD)
        page.click("main button:has-text('Crear cuenta')")
        _login(page, base, f"{name.lower()}@x.cl")  # issue 15: signing up does not log in
        page.goto(event_url)
        page.click("main button:has-text('Inscribirme')")
        page.fill("#text", deck)
        page.click("main button:has-text('Enviar lista')")
        page.wait_for_selector("text=Lista legal registrada.")

    # two rounds paired, published and reported by the organizer; before round 2's results a
    # player records a Mazo de Soporte swap from the phone
    _login(page, base, "org@x.cl")
    winners = []
    for number in (1, 2):
        page.goto(f"{event_url}/panel")
        page.click(f"main button:has-text('Emparejar ronda {number}')")
        page.wait_for_selector(f"text=Ronda {number} emparejada")
        page.click("main button:has-text('Publicar emparejamientos')")
        page.goto(f"{event_url}/rondas/{number}")
        rows = page.locator("#emparejamientos tr").all()[1:]
        links = []
        for row in rows:
            cells = row.locator("td").all_inner_texts()
            # the cell shows the name, then the points and record before the round
            winners.append(cells[1].rpartition(" (")[0].rpartition(" ")[0] or cells[1])
            links.append(row.locator("a", has_text="resultado").get_attribute("href"))
        if number == 2:
            _swap(page, base, event_url, winners[-1], decks[winners[-1]])
            _login(page, base, "org@x.cl")
        for href in links:
            page.goto(f"{base}{href}")
            page.click("#reportar button[value='2-0']")  # one tap, as on the Marcador
            page.wait_for_selector("text=Resultado confirmado.")

    # standings: the player who won both rounds is first
    page.goto(f"{event_url}/clasificacion")
    table = page.locator("#clasificacion tr").all()[1:]
    first = table[0].locator("td").all_inner_texts()
    assert first[1] in winners[:2] and first[1] in winners[2:]  # won both rounds
    assert first[2] == "6" and first[3] == "2-0-0"
    points = [int(r.locator("td").all_inner_texts()[2]) for r in table]
    assert points == sorted(points, reverse=True) == [6, 3, 3, 0]


def _swap(page, base, event_url, player, deck):
    _login(page, base, f"{player.lower()}@x.cl")
    page.goto(f"{event_url}/mis-partidas")
    page.locator("a:has-text('Cambios con el Soporte')").last.click()
    lines = deck_lines(deck)
    gold = max(lines["castle"], key=lambda x: x[0])
    page.select_option("#game", "2")
    page.fill("#out_text", f"1 {gold[1]}")
    page.fill("#in_text", f"1 {lines['support'][0][1]}")
    page.click("main button:has-text('Registrar cambios')")
    page.wait_for_selector("text=Cambios para el juego 2 registrados.")
    assert "Castillo para el juego 2 (50)" in page.content()
