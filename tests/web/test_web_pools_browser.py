"""A real browser on a phone viewport (Playwright + Debian Chromium): a player types their pool
at the table, one row per opened product, the organizer locks it, and the player builds the
Mazo Castillo from the pool with the live count and verdict (the Soporte is the rest)."""
from __future__ import annotations

import random
from datetime import date


from browser_helpers import BROWSER_MARKS
from web_helpers import PASSWORD, World


pytestmark = BROWSER_MARKS


def _login(page, base, email):
    page.goto(f"{base}/entrar")
    if page.locator("header button", has_text="Salir").count():
        page.click("header button:has-text('Salir')")
        page.goto(f"{base}/entrar")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")
    page.wait_for_selector("header button:has-text('Salir')")


def _no_horizontal_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_browser_pool_entry_and_deck_building_on_a_phone(page, server, csrf_app):
    from tourney.models.events import Registration
    from tourney.services import events, pools
    from tourney.services.pools_demo import demo_castle, demo_pool_text

    base = server
    world = World(csrf_app)
    org = world.user("org@x.cl", "organizador", "Olga")
    ana = world.user("ana@x.cl", name="Ana")
    formats = world.formats()
    catalog = world.catalog()

    def setup(s):
        event = pools.create_sealed_event(
            s, org, formats=formats, castle_size=40, editions=["bushido"], player_entry=True,
            name="Lanzamiento en el teléfono", date=date(2026, 12, 5), format_id="lanzamiento", seed=5)
        reg = events.register_self(s, ana, event)
        return event.id, reg.id

    event_id, reg_id = world.run(setup)
    text = demo_pool_text(catalog, ["bushido"], random.Random(9))
    blocks = []
    for line in text.strip().splitlines():
        if line.endswith(":"):
            blocks.append([line[:-1], []])
        else:
            blocks[-1][1].append(line)

    # the player, at the table, types one row per opened product
    _login(page, base, ana.email)
    page.goto(f"{base}/eventos/{event_id}")
    page.click("#mi-pool")
    page.click("#por-producto summary")
    for i, (product, lines) in enumerate(blocks, start=1):
        if i > 3:
            page.click("#otro-producto")
        page.fill(f"#producto_{i}", product)
        page.fill(f"#cartas_{i}", "\n".join(lines))
    # a card of another edition first: the error names the product line and the card
    page.fill("#cartas_1", "\n".join(blocks[0][1] + ["Shuri (DO-213)"]))
    page.click("#form-pool button:has-text('Guardar pool')")
    error = page.locator(".err").first.inner_text()
    assert "«Shuri (DO-213)» es de Dominio, no de la edición del evento (Bushido)" in error
    _no_horizontal_scroll(page)
    page.click("#por-producto summary")
    for i, (product, lines) in enumerate(blocks, start=1):
        if page.locator(f"#producto_{i}").count() == 0:
            page.click("#otro-producto")
        page.fill(f"#producto_{i}", product)
        page.fill(f"#cartas_{i}", "\n".join(lines))
    page.fill("#text", "")
    page.click("#form-pool button:has-text('Guardar pool')")
    page.wait_for_selector("text=Pool inscrito.")
    assert "68 cartas" in page.inner_text("#estado-pool")
    _no_horizontal_scroll(page)

    # the organizer locks it
    _login(page, base, org.email)
    page.goto(f"{base}/eventos/{event_id}/pools/{reg_id}")
    page.click("button:has-text('Cerrar este pool')")
    page.wait_for_selector("text=Pool de Ana cerrado.")

    # the player builds the Castillo from the pool on the phone
    _login(page, base, ana.email)
    page.goto(f"{base}/eventos/{event_id}/mi-lista")
    page.wait_for_selector("#tabla-mazo")
    _no_horizontal_scroll(page)
    pool = world.run(lambda s: pools.pool_value(pools.pool_of(s, s.get(Registration, reg_id))))
    castle = demo_castle(pool, catalog, 40)
    codes = list(castle)
    first = codes[0]
    page.fill(f"#c-{first}", str(castle[first] + 5))  # more copies than the pool has
    page.wait_for_selector("#veredicto-vivo >> text=el pool tiene")
    assert "Mazo NO legal." in page.inner_text("#veredicto-vivo")
    for code in codes:
        page.fill(f"#c-{code}", str(castle[code]))
    page.wait_for_function("document.getElementById('n-castillo').textContent === '40'")
    assert page.inner_text("#n-soporte") == str(pool.total - 40)
    page.wait_for_selector("#veredicto-vivo >> text=Mazo legal.")
    page.click("#enviar-mazo")
    page.wait_for_selector("text=Mazo legal registrado.")
    _no_horizontal_scroll(page)
