"""In a real phone-sized browser: the decklist editor's card search and live verdict."""
from __future__ import annotations


from browser_helpers import BROWSER_MARKS
from test_web_browser import _login
from web_helpers import World

pytestmark = BROWSER_MARKS


def test_card_search_adds_to_the_castle_and_the_live_verdict_appears_under_the_list(
        page, server, csrf_app):
    from tourney.services import events

    world = World(csrf_app)
    org = world.user("org@x.cl", "organizador", "Olga")
    ana = world.user("ana@x.cl", name="Ana")
    event = world.event(org)
    world.run(lambda s: events.register_self(s, ana, event))
    card = next(c for c in world.catalog() if c.is_ally)
    _login(page, server, ana.email)
    page.goto(f"{server}/eventos/{event.id}/mi-lista")
    page.fill("#text", "Mazo Castillo\n3 " + card.name + "\n\nMazo de Soporte\n")
    page.fill("#buscar", card.name[:6])
    page.locator("#sugerencias .sug button.al-main").first.click()  # «Al Castillo», 1×
    after = page.input_value("#text")
    lines = after.split("\n")
    side = lines.index("Mazo de Soporte")
    castle = [line for line in lines[1:side] if line.strip()]
    assert sum(int(line.split()[0]) for line in castle) == 4  # one more in the Castillo
    assert not any(line.strip() for line in lines[side + 1:])   # nothing under the Soporte
    page.wait_for_selector("#veredicto-vivo .card")
    assert "Lista NO legal." in page.inner_text("#veredicto-vivo")
    assert "Mazo Castillo:" in page.inner_text("#veredicto-vivo")
    assert page.input_value("#text") == after  # the verdict leaves the list as it was
