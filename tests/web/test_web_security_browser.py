"""Issue 15, finding 5 (CSP): the pages' own scripts run under the Content-Security-Policy in a
real browser (Debian Chromium), and the browser reports no violation."""
from __future__ import annotations


from browser_helpers import ARGS, BROWSER_MARKS, CHROMIUM
from web_helpers import PASSWORD

pytestmark = BROWSER_MARKS


def test_the_live_check_and_confirm_buttons_run_under_the_csp_without_violations(server, cast, world):
    from playwright.sync_api import sync_playwright

    from tourney.services import rounds

    violations: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.set_default_timeout(15000)
        page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
        page.add_init_script("document.addEventListener('securitypolicyviolation',"
                             "e=>console.error('Content Security Policy: '+e.violatedDirective))")

        def login(email):
            page.goto(f"{server}/entrar")
            if page.locator("header button", has_text="Salir").count():
                page.click("header button:has-text('Salir')")
                page.goto(f"{server}/entrar")
            page.fill("#email", email)
            page.fill("#password", PASSWORD)
            page.click("main button:has-text('Entrar')")

        login(cast.ana.email)
        page.goto(f"{server}/eventos/{cast.event.id}/mi-lista")
        page.fill("#text", "3 Kirn\n")
        page.wait_for_selector("#veredicto-vivo >> text=Kirin")  # the nonce'd script fetched the verdict
        world.run(lambda s: rounds.pair_next_round(s, cast.org, cast.event))
        login(cast.org.email)
        page.goto(f"{server}/eventos/{cast.event.id}/panel")
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.click("main button:has-text('Volver a emparejar la ronda 1')")
        assert dialogs, "the confirm script asked before re-pairing"
        page.goto(f"{server}/eventos/{cast.event.id}/rondas/1")
        browser.close()
    assert violations == []
