"""Issue 23, faster hands: the sealed deck builder shows each card's type, cost and Raza (from
the catalog), filters by type (a link without JavaScript, at once with it) and has − / + next
to each count. Real Bushido cards of the DeckForge catalog."""
from __future__ import annotations

import re
from urllib.parse import quote

from hands_helpers import locked_lanzamiento
from web_helpers import login


def _rows(html):
    """(code, type, cost, race, hidden) of each row of the builder."""
    return [(m["code"], m["type"], m["cost"], m["race"], bool(m["hidden"])) for m in re.finditer(
        r'<tr data-tipo="(?P<type>[^"]*)"(?P<hidden> hidden)?[^>]*>.*?<td class="tipo">[^<]*</td>'
        r'<td class="coste">(?P<cost>[^<]*)</td><td class="raza">(?P<race>[^<]*)</td>.*?'
        r'name="c-(?P<code>[^"]+)"', html, re.S)]


def test_each_card_shows_its_type_cost_and_race_from_the_catalog(client, world):
    _, url, pool = locked_lanzamiento(world)
    login(client, "ana@x.cl")
    html = client.get(url).get_data(as_text=True)
    rows = _rows(html)
    catalog = world.catalog()
    assert {code for code, *_ in rows} == {c.code for c in pool.cards}
    for code, type_, cost, race, hidden in rows:
        card = catalog.by_code(code)
        assert type_ == card.type and not hidden
        assert cost == ("" if card.cost is None else str(card.cost))
        assert race == (card.race or "")
    assert any(race for *_, race, _ in rows)  # Bushido's Aliados have a Raza


def test_the_type_filter_hides_other_types_but_keeps_their_counts(client, world):
    _, url, pool = locked_lanzamiento(world)
    login(client, "ana@x.cl")
    html = client.get(url).get_data(as_text=True)
    types = sorted({t for _, t, *_ in _rows(html)})
    assert len(types) > 1
    for t in types:
        assert f'href="?tipo={quote(t)}"' in html
    filtered = _rows(client.get(url, query_string={"tipo": "Aliado"}).get_data(as_text=True))
    assert {code for code, *_ in filtered} == {c.code for c in pool.cards}  # every count is sent
    assert all(hidden == (t != "Aliado") for _, t, _, _, hidden in filtered)
