"""Seed 000 §11 Mazo de Soporte: swaps between games of a match, and judges' deck checks."""
from __future__ import annotations

from collections import Counter

import pytest
from sqlmodel import select

from tourney.models.events import Match, Registration, SupportSwap
from tourney.legality import swaps as legal_swaps
from tourney.services import rounds, swaps
from tourney.services.errors import Forbidden, ServiceError
from web_helpers import deck_lines, deck_text, login


@pytest.fixture
def table(paired, world):
    """The match of ``paired``, its first player (key, registration) and their deck lines."""
    key = paired.playing[0]
    reg = paired.regs[key]
    paired.key, paired.reg, paired.lines = key, reg, deck_lines(paired.decks[key])
    return paired


def _record(world, t, game, out_lines, in_lines, actor=None):
    def run(s):
        return swaps.record_swaps(s, actor or t.users[t.key], t.event, s.get(Match, t.match.id),
                                  s.get(Registration, t.reg.id), game,
                                  "\n".join(out_lines), "\n".join(in_lines), t.fmt, t.catalog)
    return world.run(run)


def _deck(world, t, game, match=True):
    return world.run(lambda s: swaps.expected_deck(s, t.event, s.get(Registration, t.reg.id),
                                                   s.get(Match, t.match.id) if match else None,
                                                   game))


def _gold(t):
    return max(t.lines["castle"], key=lambda x: x[0])  # the Oro sin habilidad filler


def test_11_game_one_is_played_with_the_registered_castle(table, world):
    deck = _deck(world, table, 1)
    assert deck.castle == Counter({c: q for q, _, c in table.lines["castle"]})
    assert sum(deck.castle.values()) == 50 and sum(deck.side.values()) == 10


def test_11_swaps_before_game_two_keep_the_castle_at_fifty(table, world):
    gold = _gold(table)
    incoming = table.lines["support"][:2]
    row = _record(world, table, 2, [f"2 {gold[1]}"], [f"1 {n}" for _, n, _ in incoming])
    assert row.entered_at is not None and row.game == 2
    deck = _deck(world, table, 2)
    assert sum(deck.castle.values()) == 50
    assert deck.castle[gold[2]] == gold[0] - 2
    for _, _, code in incoming:
        assert deck.castle[code] == _deck(world, table, 1).castle[code] + 1


def test_11_swaps_are_one_for_one(table, world):
    gold = _gold(table)
    with pytest.raises(ServiceError, match="uno por uno: salen 3 y entran 1"):
        _record(world, table, 2, [f"3 {gold[1]}"], [f"1 {table.lines['support'][0][1]}"])


def test_11_only_registered_support_cards_can_come_in(table, world):
    gold = _gold(table)
    not_in_support = next(c for c in table.catalog if c.is_ally and all(
        c.name != n for _, n, _ in table.lines["support"] + table.lines["castle"]))
    with pytest.raises(ServiceError, match="no está en el Mazo de Soporte") as err:
        _record(world, table, 2, [f"1 {gold[1]}"], [f"1 {not_in_support.name}"])
    assert err.value.field == "in_text"


def test_11_only_cards_in_the_castle_can_go_out(table, world):
    support_card = table.lines["support"][0]
    with pytest.raises(ServiceError, match="no está en el Mazo Castillo"):
        _record(world, table, 2, [f"1 {support_card[1]}"], [f"1 {table.lines['support'][1][1]}"])


def test_11_from_zero_to_ten_cards_each_time(table, world):
    gold = _gold(table)
    support = table.lines["support"]
    # game 2: all 10 Soporte cards in, 10 Oros out (the maximum)
    _record(world, table, 2, [f"10 {gold[1]}"], [f"1 {n}" for _, n, _ in support])
    # game 3: the Soporte side holds 10 cards (the Oros); an 11th swap is refused
    castle_cards = [x for x in table.lines["castle"] if x[2] != gold[2]]
    with pytest.raises(ServiceError, match="en el Mazo de Soporte hay 10"):
        _record(world, table, 3, [f"1 {n}" for _, n, _ in support] + [f"1 {castle_cards[0][1]}"],
                [f"11 {gold[1]}"])
    # zero swaps are fine too
    _record(world, table, 3, [], [])
    assert _deck(world, table, 3).castle == _deck(world, table, 2).castle


def test_11_game_three_builds_on_game_two_and_swapped_out_cards_may_return(table, world):
    gold = _gold(table)
    first_in = table.lines["support"][0]
    _record(world, table, 2, [f"1 {gold[1]}"], [f"1 {first_in[1]}"])
    # before game 3 the Oro swapped out is on the Soporte side: it may come back
    _record(world, table, 3, [f"1 {first_in[1]}"], [f"1 {gold[1]}"])
    assert _deck(world, table, 3).castle == _deck(world, table, 1).castle
    assert _deck(world, table, 2).castle[first_in[2]] == _deck(world, table, 1).castle[first_in[2]] + 1


def test_11_the_next_match_starts_from_the_registered_deck(table, world):
    gold = _gold(table)
    _record(world, table, 2, [f"1 {gold[1]}"], [f"1 {table.lines['support'][0][1]}"])

    def next_round(s):
        for m in rounds.round_matches(s, s.get(type(table.round), table.round.id)):
            if m.player_b_id is not None:
                rounds.enter_result(s, table.org, table.event, m, "2-1-0", m.version)
        rnd = rounds.pair_next_round(s, table.org, table.event)
        reg = s.get(Registration, table.reg.id)
        new = swaps.current_match(s, table.event, reg)
        return rnd, new

    rnd, new = world.run(next_round)
    assert new.round_id == rnd.id
    for game in (1, 2, 3):
        deck = world.run(lambda s: swaps.expected_deck(s, table.event, s.get(Registration, table.reg.id),
                                                       s.get(Match, new.id), game))
        assert deck.castle == _deck(world, table, 1, match=False).castle


def test_11_format_rules_hold_for_the_castillo_after_swaps(table, world):
    deck = _deck(world, table, 1)
    gold = _gold(table)
    # a Castillo without any Oro sin habilidad breaks the Oro inicial rule
    broken = legal_swaps.Deck(Counter({c: q for c, q in deck.castle.items() if c != gold[2]}),
                        deck.side, deck.names)
    assert swaps.format_problems(broken, table.fmt, table.catalog)
    assert swaps.format_problems(deck, table.fmt, table.catalog) == []


def test_11_a_player_records_only_their_own_swaps_and_a_judge_any(table, world):
    other = table.playing[1]
    gold = _gold(table)
    with pytest.raises(Forbidden):
        _record(world, table, 2, [f"1 {gold[1]}"], [f"1 {table.lines['support'][0][1]}"],
                actor=table.users[other])
    row = _record(world, table, 2, [f"1 {gold[1]}"], [f"1 {table.lines['support'][0][1]}"],
                  actor=table.judge)
    assert row.entered_by == table.judge.id


def test_swaps_page_shows_castillo_for_game_n_and_records_time(client, table, world):
    login(client, table.users[table.key].email)
    url = f"/eventos/{table.event.id}/mesas/{table.match.id}/cambios"
    gold = _gold(table)
    incoming = table.lines["support"][0]
    resp = client.post(url, data={"game": "2", "out_text": f"1 {gold[1]}",
                                  "in_text": f"1 {incoming[1]}"})
    assert resp.status_code == 302
    page = client.get(resp.location).get_data(as_text=True)
    assert "Castillo para el juego 2 (50)" in page and "registrados a las" in page
    bad = client.post(url, data={"game": "2", "out_text": f"2 {gold[1]}",
                                 "in_text": f"1 {incoming[1]}"})
    html = bad.get_data(as_text=True)
    assert bad.status_code == 400 and 'id="in_text-error"' in html and "uno por uno" in html
    assert f"2 {gold[1]}" in html  # input kept
    # the opponent posting "for" this player records nothing for them
    login(client, table.users[table.playing[1]].email)
    client.post(url, data={"game": "2", "out_text": "", "in_text": "", "jugador": table.reg.id})
    rows = world.run(lambda s: s.exec(select(SupportSwap).where(
        SupportSwap.registration_id == table.reg.id)).all())
    assert len(rows) == 1 and rows[0].entered_by == table.users[table.key].id
    login(client, table.judge.email)
    page = client.get(f"{url}?jugador={table.reg.id}").get_data(as_text=True)
    assert "Castillo para el juego 3 (50)" in page


def test_deck_check_reports_every_difference(client, table, world):
    login(client, table.judge.email)
    url = f"/eventos/{table.event.id}/revision"
    lines = table.lines
    same = client.post(url, data={"registration_id": table.reg.id, "game": "1",
                                  "counted_text": deck_text(lines)})
    assert "Sin diferencias" in same.get_data(as_text=True)
    counted = {"castle": [list(x) for x in lines["castle"]],
               "support": [list(x) for x in lines["support"][1:]]}  # one Soporte card missing
    counted["castle"][0][0] -= 1  # one copy short
    extra = next(c for c in table.catalog if c.is_ally and all(
        c.name != n for _, n, _ in lines["castle"] + lines["support"]))
    counted["castle"].append([1, extra.name, extra.code])  # an unregistered card
    text = deck_text({k: [tuple(x) for x in v] for k, v in counted.items()})
    resp = client.post(url, data={"registration_id": table.reg.id, "game": "1",
                                  "counted_text": text})
    html = resp.get_data(as_text=True)
    assert f"faltan 1 × {lines['castle'][0][1]}" in html
    assert f"sobran 1 × {extra.name}" in html
    assert f"Mazo de Soporte: faltan 1 × {lines['support'][0][1]}" in html
    assert "Mazo de Soporte: 9 cartas contadas, se esperaban 10" in html


def test_deck_check_for_game_two_expects_the_swaps(table, world):
    gold = _gold(table)
    incoming = table.lines["support"][0]
    _record(world, table, 2, [f"1 {gold[1]}"], [f"1 {incoming[1]}"])
    registered = deck_text(table.lines)

    def check(game):
        return world.run(lambda s: swaps.deck_check(
            s, table.judge, table.event, s.get(Registration, table.reg.id), registered, game,
            s.get(Match, table.match.id), table.catalog))

    assert check(1).ok
    second = check(2)
    assert not second.ok
    assert {d["name"] for d in second.differences if d["code"]} == {gold[1], incoming[1]}


def test_swaps_are_checked_live_without_storing(client, table, world):
    login(client, table.users[table.key].email)
    url = f"/eventos/{table.event.id}/mesas/{table.match.id}/cambios/verificar"
    gold = _gold(table)
    incoming = table.lines["support"][0]
    bad = client.post(url, data={"game": "2", "out_text": f"2 {gold[1]}",
                                 "in_text": f"1 {incoming[1]}"}).get_json()
    assert "uno por uno: salen 2 y entran 1" in bad["error"] and bad["field"] == "in_text"
    good = client.post(url, data={"game": "2", "out_text": f"1 {gold[1]}",
                                  "in_text": f"1 {incoming[1]}"}).get_json()
    assert good["ok"] and "queda en 50 cartas" in good["message"]
    assert world.run(lambda s: s.exec(select(SupportSwap)).all()) == []
    login(client, table.users[table.bye].email)
    assert client.post(url, data={"game": "2"}).status_code == 403


def test_correcting_game_two_swaps_clears_game_three_and_says_so(client, table, world):
    gold = _gold(table)
    first_in = table.lines["support"][0]
    _record(world, table, 2, [f"1 {gold[1]}"], [f"1 {first_in[1]}"])
    _record(world, table, 3, [f"1 {first_in[1]}"], [f"1 {gold[1]}"])
    login(client, table.users[table.key].email)
    url = f"/eventos/{table.event.id}/mesas/{table.match.id}/cambios"
    resp = client.post(url, data={"game": "2", "out_text": f"2 {gold[1]}",
                                  "in_text": "\n".join(f"1 {n}" for _, n, _ in
                                                       table.lines["support"][:2])},
                       follow_redirects=True)
    assert "Los cambios del juego 3 se borraron" in resp.get_data(as_text=True)
    games = {r.game for r in world.run(lambda s: s.exec(select(SupportSwap)).all())}
    assert games == {2}


def _opened_token(app, minutes_ago: float) -> str:
    from datetime import timedelta

    from tourney.models.catalog import utcnow
    from tourney.web.events.support import _opened_serializer

    with app.test_request_context():
        return _opened_serializer().dumps((utcnow() - timedelta(minutes=minutes_ago)).isoformat())


@pytest.mark.parametrize("minutes_ago,late", [(3.5, True), (0.5, False)])
def test_11_swaps_entered_after_two_minutes_are_flagged(client, app, table, world, minutes_ago,
                                                        late):
    login(client, table.users[table.key].email)
    url = f"/eventos/{table.event.id}/mesas/{table.match.id}/cambios"
    form = client.get(url).get_data(as_text=True)
    assert 'name="opened"' in form  # the page carries the signed time it was opened
    gold, incoming = _gold(table), table.lines["support"][0]
    resp = client.post(url, data={"game": "2", "out_text": f"1 {gold[1]}",
                                  "in_text": f"1 {incoming[1]}",
                                  "opened": _opened_token(app, minutes_ago)})
    assert resp.status_code == 302
    page = client.get(resp.location).get_data(as_text=True)
    assert ('id="fuera-de-tiempo-2"' in page) is late
    if late:
        assert "fuera de tiempo: 3:3" in page and "2 minutos" in page
    row = world.run(lambda s: s.exec(select(SupportSwap)).one())
    assert row.late is late and row.started_at is not None
    # the swaps log of the event workbook says so too
    import io

    from openpyxl import load_workbook

    login(client, table.org.email)
    book = load_workbook(io.BytesIO(client.get(
        f"/eventos/{table.event.id}/documentos/workbook").data))
    log = [[c.value for c in r] for r in book["Cambios de Soporte"].iter_rows(min_row=2)]
    assert [r[10] for r in log] == ["sí" if late else None]
    assert 180 <= log[0][9] <= 240 if late else log[0][9] < 120


def test_a_forged_opening_time_is_ignored_not_trusted(client, table, world):
    login(client, table.users[table.key].email)
    url = f"/eventos/{table.event.id}/mesas/{table.match.id}/cambios"
    gold, incoming = _gold(table), table.lines["support"][0]
    resp = client.post(url, data={"game": "2", "out_text": f"1 {gold[1]}",
                                  "in_text": f"1 {incoming[1]}",
                                  "opened": "2020-01-01T00:00:00"})
    assert resp.status_code == 302
    row = world.run(lambda s: s.exec(select(SupportSwap)).one())
    assert row.started_at is None and row.late is False
