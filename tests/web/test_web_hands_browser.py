"""Issue 23, faster hands, in a real browser (Playwright + Debian Chromium): the Marcador shows
the key of each button, the panel's add-player form keeps the focus on the name, the card
search adds N copies to the Castillo or the Soporte, the sealed builder's − / + and type filter."""
from __future__ import annotations

from playwright.sync_api import sync_playwright

from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM, DESKTOP
from hands_helpers import locked_lanzamiento
from web_helpers import FORMAT, PASSWORD, World, deck_lines

pytestmark = BROWSER_MARKS


def _login(page, base, email):
    page.goto(f"{base}/entrar")
    page.fill("#email", email)
    page.fill("#password", PASSWORD)
    page.click("main button:has-text('Entrar')")
    page.wait_for_selector("header button:has-text('Salir')")


def test_marcador_buttons_show_their_key_and_the_key_saves_that_button(server, csrf_app):
    from tourney.models.events import Registration
    from tourney.services import events, rounds

    world = World(csrf_app)
    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    event = world.event(org)

    def setup(s):
        for name in ("Ana", "Beto", "Carla", "Dani"):
            s.add(Registration(event_id=event.id, name=name))
        s.flush()
        rounds.publish_round(s, org, rounds.pair_next_round(s, org, events.get_event(s, event.id)))
    world.run(setup)
    with sync_playwright() as pw:  # a desk with a keyboard
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(viewport=DESKTOP).new_page()
        page.set_default_timeout(15000)
        _login(page, server, "org@x.cl")
        page.goto(f"{server}/eventos/{event.id}/rondas/1/marcador")
        buttons = page.locator("#mesa-1 button.r")
        shown = [buttons.nth(i).evaluate("b => getComputedStyle(b, '::before').content")
                 for i in range(buttons.count())]
        assert shown == [f'"{k}"' for k in range(1, 9)]
        labels = [t.strip() for t in buttons.all_inner_texts()]
        assert labels[1].endswith("2-1")
        page.wait_for_selector("#mesa-1:focus")
        page.keyboard.press("2")  # the button that shows «2»: 2-1
        page.wait_for_selector("#mesa-1[data-open='0']")
        assert page.inner_text("#mesa-1 .res").startswith("2-1")
        browser.close()


def test_the_add_player_form_keeps_the_focus_on_the_name(page, server, csrf_app):
    world = World(csrf_app)
    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    event = world.event(org)
    _login(page, server, "org@x.cl")
    page.goto(f"{server}/eventos/{event.id}/panel")
    page.fill("#inscribir #name", "Ana Pérez")
    page.press("#inscribir #name", "Enter")
    page.wait_for_selector("text=Ana Pérez inscrito.")
    page.wait_for_selector("#inscribir #name:focus")
    page.keyboard.type("Beto Soto")  # the next player, typed at once
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Beto Soto inscrito.")
    page.wait_for_selector("#inscribir #name:focus")
    assert page.input_value("#inscribir #name") == ""


def test_card_search_adds_copies_to_the_castillo_or_the_soporte(page, server, csrf_app):
    from tourney.services import events

    world = World(csrf_app)
    org = world.user("org@x.cl", "organizador", "Olga Organiza")
    ana = world.user("ana@x.cl", name="Ana")
    event = world.event(org)
    world.run(lambda s: events.register_self(s, ana, event))
    name = deck_lines(world.deck(1))["castle"][0][1]
    cat = world.catalog()
    card = next(c for c in cat if c.name == name)
    assert world.formats()[FORMAT].game.has_catalog
    _login(page, server, ana.email)
    page.goto(f"{server}/eventos/{event.id}/mi-lista")
    page.fill("#text", "")
    page.fill("#buscar", name)
    row = page.locator("#sugerencias .sug", has_text=f"({card.code}").first
    row.wait_for()
    plus, minus = row.locator("button[aria-label='Una copia más']"), \
        row.locator("button[aria-label='Una copia menos']")
    plus.click()
    plus.click()
    assert row.locator(".cuantas").inner_text() == "3×"
    row.locator("button.al-main").click()
    assert page.input_value("#text") == f"3 {name} ({card.code})\n"
    minus.click()
    minus.click()
    minus.click()  # never below 1
    assert row.locator(".cuantas").inner_text() == "1×"
    row.locator("button.al-side").click()
    assert page.input_value("#text") == f"3 {name} ({card.code})\n\nMazo de Soporte\n1 {name} ({card.code})\n"
    row.locator("button.al-main").click()  # the same card again: its line counts one more
    assert page.input_value("#text") == f"4 {name} ({card.code})\n\nMazo de Soporte\n1 {name} ({card.code})\n"
    assert "4 en Mazo Castillo, 1 en Mazo de Soporte" in row.inner_text()
    # a line typed by hand («2 Name») is the same card: the search adds to it
    page.fill("#text", f"Mazo Castillo\n2 {name}\nMazo de Soporte\n")
    row.locator("button.al-main").click()
    assert page.input_value("#text") == f"Mazo Castillo\n3 {name}\nMazo de Soporte\n"


def test_the_sealed_builder_plus_minus_and_type_filter_on_a_phone(page, server, csrf_app):
    world = World(csrf_app)
    _, url, pool = locked_lanzamiento(world)
    _login(page, server, "ana@x.cl")
    page.goto(f"{server}{url}")
    by_code: dict[str, int] = {}
    for c in pool.cards:
        by_code[c.code] = by_code.get(c.code, 0) + c.qty
    code = max(by_code, key=lambda k: by_code[k])
    box = page.locator(f"#c-{code}")
    plus = page.locator(f"button.mas[data-for='c-{code}']")
    minus = page.locator(f"button.menos[data-for='c-{code}']")
    plus.click()
    plus.click()
    assert box.input_value() == "2" and page.inner_text("#n-castillo") == "2"
    minus.click()
    assert box.input_value() == "1" and page.inner_text("#n-castillo") == "1"
    minus.click()
    minus.click()  # never below 0
    assert box.input_value() == "0"
    for _ in range(by_code[code] + 2):
        plus.click()
    assert box.input_value() == str(by_code[code])  # never more than the pool holds
    # the filter hides the other types at once, keeping every count typed
    page.click("#filtro-tipo a[data-tipo='Aliado']")
    assert page.locator("tr[data-tipo='Oro']").first.is_hidden()
    assert page.locator("tr[data-tipo='Aliado']").first.is_visible()
    assert "tipo=Aliado" in page.url and box.input_value() == str(by_code[code])
    page.click("#filtro-tipo a[data-tipo='']")
    assert page.locator("tr[data-tipo='Oro']").first.is_visible()
