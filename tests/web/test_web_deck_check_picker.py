"""Issue 23, faster hands: the deck check picks the player by a search (name, accents and case
ignored) or by table number of the latest round, not from a list of every player."""
from __future__ import annotations

import re

from web_helpers import login


def _links(html):
    return re.findall(r'<li><a href="[^"]*jugador=(\d+)[^"]*">([^<]+)</a>', html)


def test_the_picker_is_a_search_box_not_a_list_of_every_player(client, paired):
    login(client, paired.judge.email)
    html = client.get(f"/eventos/{paired.event.id}/revision").get_data(as_text=True)
    assert 'id="buscar"' in html and "nombre o número de mesa" in html
    assert '<select id="registration_id"' not in html
    for name in ("Ana", "Beto", "Carla"):
        assert name not in html


def test_one_name_found_opens_the_check_with_the_expected_deck(client, paired):
    login(client, paired.judge.email)
    html = client.get(f"/eventos/{paired.event.id}/revision",
                      query_string={"buscar": "BÉT"}).get_data(as_text=True)
    beto = paired.regs["beto"].id
    assert f'<input type="hidden" id="registration_id" name="registration_id" value="{beto}">' in html
    assert "Jugador: <strong>Beto</strong>" in html
    assert re.search(r'<textarea[^>]*id="counted_text"[^>]*>\s*Mazo Castillo', html)
    assert "Carla" not in html


def test_a_table_number_lists_both_players_of_that_table(client, paired, world):
    login(client, paired.judge.email)
    table = paired.match.table_no
    html = client.get(f"/eventos/{paired.event.id}/revision",
                      query_string={"buscar": str(table)}).get_data(as_text=True)
    found = sorted(int(i) for i, _ in _links(html))
    assert found == sorted(paired.regs[k].id for k in paired.playing)
    assert f"· mesa {table}" in html
    assert 'id="form-revision"' not in html  # two players: the judge picks one


def test_nobody_found_says_so_and_the_post_of_the_older_form_still_works(client, paired):
    login(client, paired.judge.email)
    html = client.get(f"/eventos/{paired.event.id}/revision",
                      query_string={"buscar": "zz"}).get_data(as_text=True)
    assert "Nadie coincide con «zz»" in html
    ana = paired.regs["ana"]
    resp = client.post(f"/eventos/{paired.event.id}/revision",
                       data={"registration_id": ana.id, "game": "1",
                             "counted_text": paired.decks["ana"]})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "Sin diferencias" in page
    assert "Jugador: <strong>Ana</strong>" in page
