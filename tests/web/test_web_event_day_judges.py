"""Faster judges: the deck check starts from the deck expected for that game (registered list
plus the swaps recorded before it), and the swaps form offers pickers of the player's Soporte
and Castillo (section 11, Mazo de Soporte)."""
from __future__ import annotations

import html
import json
import re

from tourney.models.events import Match, Registration
from web_helpers import login


def _textarea(page: str, name: str) -> str:
    m = re.search(rf'<textarea[^>]*name="{name}"[^>]*>(.*?)</textarea>', page, re.S)
    assert m, f"no textarea {name}"
    return html.unescape(m.group(1)).lstrip("\r\n")


def _swap_two(world, paired):
    """The judge records 2 swaps for player A before game 2; returns (reg id, card in)."""
    from tourney.services import events, swaps

    def run(s):
        event = events.get_event(s, paired.event.id)
        match = s.get(Match, paired.match.id)
        reg = s.get(Registration, match.player_a_id)
        deck = swaps.expected_deck(s, event, reg, match, 1)
        outs = [code for _q, _n, code in deck.lines("castle")][:2]
        ins = [code for _q, _n, code in deck.lines("side")][:2]
        swaps.record_swaps(s, paired.judge, event, match, reg, 2,
                           "\n".join(f"1 {deck.names[c]} ({c})" for c in outs),
                           "\n".join(f"1 {deck.names[c]} ({c})" for c in ins),
                           paired.fmt, paired.catalog)
        return reg.id, deck.names[ins[0]], ins[0]
    return world.run(run)


def test_the_deck_check_starts_from_the_registered_list_and_matches_it(client, paired, world):
    reg = paired.regs[paired.playing[0]]
    login(client, paired.judge.email)
    page = client.get(f"/eventos/{paired.event.id}/revision?jugador={reg.id}").get_data(as_text=True)
    text = _textarea(page, "counted_text")
    assert text.startswith("Mazo Castillo\n") and "Mazo de Soporte" in text
    assert sum(int(line.split(" ", 1)[0]) for line in text.split("Mazo de Soporte")[0].splitlines()[1:]
               if line.strip()) == 50
    resp = client.post(f"/eventos/{paired.event.id}/revision",
                       data={"registration_id": reg.id, "game": "1", "counted_text": text})
    assert "Sin diferencias" in resp.get_data(as_text=True)


def test_the_deck_check_for_game_2_includes_the_swaps_recorded_before_it(client, paired, world):
    reg_id, card_in, code_in = _swap_two(world, paired)
    login(client, paired.judge.email)
    page = client.get(f"/eventos/{paired.event.id}/revision?jugador={reg_id}&juego=2").get_data(as_text=True)
    text = _textarea(page, "counted_text")
    castle = text.split("Mazo de Soporte")[0]
    assert f"{card_in} ({code_in})" in castle
    resp = client.post(f"/eventos/{paired.event.id}/revision",
                       data={"registration_id": reg_id, "game": "2", "counted_text": text})
    assert "Sin diferencias" in resp.get_data(as_text=True)
    # the judge corrects one count: the difference is named
    first = castle.splitlines()[1]
    qty, rest = first.split(" ", 1)
    wrong = text.replace(first + "\n", f"{int(qty) + 1} {rest}\n", 1)
    resp = client.post(f"/eventos/{paired.event.id}/revision",
                       data={"registration_id": reg_id, "game": "2", "counted_text": wrong})
    page = resp.get_data(as_text=True)
    assert "diferencias:" in page, page[page.find("resultado-revision") - 50:][:600]


def test_the_expected_deck_is_for_judges_only(client, paired):
    reg = paired.regs[paired.playing[0]]
    url = f"/eventos/{paired.event.id}/revision/esperado?jugador={reg.id}&juego=1"
    login(client, paired.users[paired.playing[0]].email)
    assert client.get(url).status_code == 403
    login(client, paired.judge.email)
    data = client.get(url).get_json()
    assert data["ok"] and data["text"].startswith("Mazo Castillo")
    assert client.get(url.replace("juego=1", "juego=4")).get_json() == {
        "ok": False, "error": "El juego debe ser 1, 2 o 3."}


def test_the_swaps_form_offers_the_players_soporte_and_castillo(client, paired, world):
    from tourney.services import swaps

    reg = paired.regs[paired.playing[0]]
    login(client, paired.judge.email)
    page = client.get(f"/eventos/{paired.event.id}/mesas/{paired.match.id}/cambios?jugador={reg.id}"
                      ).get_data(as_text=True)
    data = json.loads(re.search(r'<script[^>]*id="cartas-cambio">(.*?)</script>',
                                page, re.S).group(1))
    deck = world.run(lambda s: swaps.expected_deck(s, paired.event, s.get(Registration, reg.id),
                                                   s.get(Match, paired.match.id), 1))
    assert [x[:3] for x in data["2"]["side"]] == [list(x) for x in deck.lines("side")]
    assert [x[:3] for x in data["2"]["castle"]] == [list(x) for x in deck.lines("castle")]
    assert sum(x[0] for x in data["2"]["castle"]) == 50


def test_the_swap_picker_tells_two_printings_of_one_name_apart(client, cast, world):
    """Kotengu has two printings in Bushido (BU-020 and BU-045, one card for the copy limit):
    with one of each in the Soporte the picker names them by code and edition, not «Kotengu»
    twice."""
    from tourney.services import decklists, events, rounds
    from web_helpers import deck_lines, deck_text

    sections = deck_lines(world.deck(5))
    copies = [(n, c) for q, n, c in sections["support"] for _ in range(q)][2:]
    copies += [("Kotengu", "BU-020"), ("Kotengu", "BU-045")]  # still 10 cards
    sections["support"] = [(copies.count(x), *x) for x in dict.fromkeys(copies)]
    text = deck_text(sections)

    def setup(s):
        ana = events.get_registration(s, cast.event, cast.regs["ana"].id)
        sub, _checked = decklists.submit_decklist(s, cast.ana, cast.event, ana, cast.fmt,
                                                  cast.catalog, text=text)
        rnd = rounds.pair_next_round(s, cast.org, cast.event)
        rounds.publish_round(s, cast.org, rnd)
        return sub.legal, rounds.round_matches(s, rnd)[0].id

    legal, match_id = world.run(setup)
    assert legal
    login(client, cast.judge.email)
    page = client.get(f"/eventos/{cast.event.id}/mesas/{match_id}/cambios?jugador="
                      f"{cast.regs['ana'].id}").get_data(as_text=True)
    data = json.loads(re.search(r'<script[^>]*id="cartas-cambio">(.*?)</script>',
                                page, re.S).group(1))
    shown = [label for _q, name, _code, label in data["2"]["side"] if name == "Kotengu"]
    assert shown == ["Kotengu · BU-020, Bushido", "Kotengu · BU-045, Bushido"]
    others = [(name, label) for _q, name, _code, label in data["2"]["side"] if name != "Kotengu"]
    assert others and all(name == label for name, label in others)  # one printing: its name


def test_the_decklist_view_groups_the_castillo_by_type_like_the_printed_sheet(client, cast, world):
    login(client, cast.judge.email)
    page = client.get(f"/eventos/{cast.event.id}/listas/{cast.regs['ana'].id}").get_data(as_text=True)
    headings = re.findall(r'<h3 class="tipo">([^<(]+) \((\d+)\)</h3>', page)
    order = ["Aliados", "Talismanes", "Armas", "Tótems", "Oros", "Monumentos", "Reinos", "Otras"]
    names = [h.strip() for h, _n in headings]
    assert "Aliados" in names and "Oros" in names
    assert names == sorted(names, key=order.index)  # in the sheet's order
    assert sum(int(n) for _h, n in headings) == 50  # every Castillo card in one group
    castle = page.split("<h3", 1)[1].split("<h2", 1)[0]
    allies = castle.split("</table>", 1)[0]
    cat = world.catalog()
    codes = re.findall(r'<td class="muted">([A-Z]+-\d+)</td>', allies)
    assert codes and all(cat.by_code(c).type == "Aliado" for c in codes)
