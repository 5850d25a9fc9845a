"""Issue 23, faster hands: a player reports their own match with the Marcador's buttons (2-0,
2-1, 1-2, 0-2, 1-1-1, 1-1, 0-0-3, ID), read by the swiss core's parser; the three number fields
of the older form are still accepted."""
from __future__ import annotations

import re

from sqlmodel import select

from tourney.models.events import Match, ResultReport
from tourney.swiss import RESULT_BUTTONS
from web_helpers import login


def _url(paired):
    return f"/eventos/{paired.event.id}/mesas/{paired.match.id}/resultado"


def _sides(paired):
    """(user of player A, user of player B) of the match."""
    a, b = paired.playing
    return paired.users[a], paired.users[b]


def test_the_report_page_shows_the_marcador_buttons_not_number_boxes(client, paired):
    login(client, _sides(paired)[0].email)
    html = client.get(_url(paired)).get_data(as_text=True)
    sent = re.findall(r'<button name="resultado" value="([^"]+)"', html)
    assert sent == [label for label, _ in RESULT_BUTTONS]
    assert 'id="a_games"' not in html and 'id="b_games"' not in html and 'id="draws"' not in html
    assert "ganaste" in html and "perdiste" in html


def test_one_tap_reports_from_my_side_and_the_rival_confirms_with_the_mirror_button(
        client, paired, world):
    a, b = _sides(paired)
    login(client, b.email)  # player B wins 2-1: from A's side that is 1-2
    assert client.post(_url(paired), data={"resultado": "2-1"}).status_code == 302
    report = world.run(lambda s: s.exec(select(ResultReport)).one())
    assert report.result == "1-2-0"
    page = client.get(_url(paired)).get_data(as_text=True)
    assert '<button name="resultado" value="2-1" class="r" aria-pressed="true">' in page
    login(client, a.email)
    assert client.post(_url(paired), data={"resultado": "1-2"}).status_code == 302
    match = world.run(lambda s: s.get(Match, paired.match.id))
    assert (match.status, match.result) == ("confirmado", "1-2-0")


def test_id_is_an_intentional_draw_as_on_the_marcador(client, paired, world):
    a, b = _sides(paired)
    for user in (a, b):
        login(client, user.email)
        assert client.post(_url(paired), data={"resultado": "ID"}).status_code == 302
    match = world.run(lambda s: s.get(Match, paired.match.id))
    assert (match.status, match.result) == ("confirmado", "0-0-3")


def test_another_result_is_typed_as_at_the_desk_and_a_bad_one_is_named(client, paired, world):
    a, _ = _sides(paired)
    login(client, a.email)
    bad = client.post(_url(paired), data={"otro": "3-0"})
    html = bad.get_data(as_text=True)
    assert bad.status_code == 400 and 'id="otro-error"' in html and "nadie gana más de 2" in html
    assert 'value="3-0"' in html  # what was typed stays in the box
    assert world.run(lambda s: s.exec(select(ResultReport)).all()) == []
    assert client.post(_url(paired), data={"otro": "10"}).status_code == 302  # one game played
    assert world.run(lambda s: s.exec(select(ResultReport)).one()).result == "1-0-0"


def test_the_older_three_number_fields_are_still_accepted(client, paired, world):
    a, _ = _sides(paired)
    login(client, a.email)
    resp = client.post(_url(paired), data={"a_games": 2, "b_games": 0, "draws": 0})
    assert resp.status_code == 302
    assert world.run(lambda s: s.exec(select(ResultReport)).one()).result == "2-0-0"


def test_the_organizer_taps_from_player_a_side(client, paired, world):
    login(client, paired.org.email)
    html = client.get(_url(paired)).get_data(as_text=True)
    assert "Resultado desde" in html
    version = world.run(lambda s: s.get(Match, paired.match.id)).version
    resp = client.post(_url(paired), data={"resultado": "0-2", "version": version})
    assert resp.status_code == 302
    assert world.run(lambda s: s.get(Match, paired.match.id)).result == "0-2-0"
