"""Issue 23, faster hands: a player reports their own match with the Marcador's buttons (2-0,
2-1, 1-2, 0-2, 1-1-1, 1-1, 0-0-3, ID), read by the swiss core's parser; the three number fields
of the older form are still accepted."""
from __future__ import annotations

import re

from sqlmodel import select

from tourney.models.events import Match, ResultReport
from tourney.models.events import ROUND_TOP_CUT, Round
from tourney.services.scorekeeper import round_buttons
from tourney.swiss import PLAYOFF_BUTTONS, RESULT_BUTTONS
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


def test_a_top_cut_table_offers_only_results_with_a_winner_as_on_the_marcador():
    assert round_buttons(Round(event_id=1, number=7, kind=ROUND_TOP_CUT)) == PLAYOFF_BUTTONS
    assert [label for label, _ in PLAYOFF_BUTTONS] == ["2-0", "2-1", "1-2", "0-2"]
    assert round_buttons(Round(event_id=1, number=1)) == RESULT_BUTTONS


def test_an_organizer_playing_the_event_enters_a_final_result_from_their_own_side(
        client, cast, world):
    from tourney.services import decklists, events, rounds

    carla = world.user("carla@x.cl", name="Carla")

    def setup(s):
        for user, seed in ((cast.org, 5), (carla, 3)):
            reg = events.register_self(s, user, cast.event)
            decklists.submit_decklist(s, user, cast.event, reg, cast.fmt, cast.catalog,
                                      text=world.deck(seed))
        rnd = rounds.pair_next_round(s, cast.org, cast.event)
        rounds.publish_round(s, cast.org, rnd)
        me = events.registration_of(s, cast.org, cast.event)
        m = next(m for m in rounds.round_matches(s, rnd) if me.id in (m.player_a_id, m.player_b_id))
        return m, me.id
    match, me = world.run(setup)
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}/mesas/{match.id}/resultado"
    assert "Tu resultado" in client.get(url).get_data(as_text=True)
    resp = client.post(url, data={"resultado": "2-1", "como": "organizador",
                                  "version": match.version})
    assert resp.status_code == 302
    saved = world.run(lambda s: s.get(Match, match.id))
    assert saved.status == "confirmado"
    assert saved.result == ("2-1-0" if match.player_a_id == me else "1-2-0")  # I won 2-1
