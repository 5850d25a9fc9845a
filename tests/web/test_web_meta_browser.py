"""In a real phone-sized browser (390 × 844): the metagame's SVG charts and the matchup matrix."""
from __future__ import annotations

from datetime import date

from browser_helpers import BROWSER_MARKS
from test_web_meta import _play_event
from web_helpers import World

pytestmark = BROWSER_MARKS


def test_the_metagame_charts_fit_a_phone_and_the_matrix_scrolls_inside_its_box(page, server,
                                                                                csrf_app, tmp_path):
    world = World(csrf_app)
    org = world.user("liga@x.cl", "organizador", "Olga Liga")
    users = [world.user(f"p{i}@x.cl", name=f"Jugador {i}") for i in range(6)]
    event = _play_event(world, org, users, "Fecha 1", date(2026, 11, 1), 5)
    page.goto(f"{server}/eventos/{event.id}/metagama")
    charts = page.locator("figure.chart svg")
    assert charts.count() == 2
    for i in range(2):
        box = charts.nth(i).bounding_box()
        assert box is not None and box["width"] > 300 and box["x"] >= 0
        assert box["x"] + box["width"] <= 390
    # the bars carry their values as text a phone can read (at least 8 CSS pixels high)
    label = page.locator("#grafico-porcentaje svg text", has_text="Dragón").first
    assert label.bounding_box()["height"] >= 8
    # the page itself does not scroll sideways: only the matrix's own box does
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("table.meta-matrix").is_visible()
    page.screenshot(path=str(tmp_path / "metagama-telefono.png"), full_page=True)
