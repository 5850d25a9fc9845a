"""Adjudication service: a real record of a match (the demo's record builder on the real
catalog) uploaded, adjudicated, stored with its history, and its decks checked against the
registrations and the §11 Mazo de Soporte swaps of that game."""
from __future__ import annotations

import json

import pytest
from sqlmodel import select

from tourney.models.adjudication import Adjudication
from tourney.models.events import Registration
from tourney.services import adjudication as adj_service
from tourney.services import adjudication_access as adj_access
from tourney.services.errors import Forbidden, ServiceError


def _regs(s, paired):
    a = s.get(Registration, paired.match.player_a_id)
    b = s.get(Registration, paired.match.player_b_id)
    return a, b


def _record(world, paired, game=1, seed=12):
    from tourney.services.adjudication_demo import demo_record

    return world.run(lambda s: demo_record(s, paired.event, paired.match, game, paired.catalog,
                                           seed=seed))


def _upload(world, paired, text, game=1, actor=None, **kw):
    actor = actor or paired.judge
    return world.run(lambda s: adj_service.upload(s, actor, paired.event, paired.match, game,
                                                  text, paired.catalog, paired.fmt, **kw))


def _swap_two_before_game_2(world, paired):
    """Player A swaps two Soporte cards in for two plain Oros before game 2 (§11)."""
    from tourney.services import swaps

    def run(s):
        a, _b = _regs(s, paired)
        deck = swaps.expected_deck(s, paired.event, a, paired.match, 1)
        gold = max(deck.castle, key=lambda code: deck.castle[code])
        side = deck.lines("side")[:2]
        swaps.record_swaps(s, paired.judge, paired.event, paired.match, a, 2,
                           f"2 {deck.names[gold]}", "\n".join(f"1 {n}" for _, n, _ in side),
                           paired.fmt, paired.catalog)
        return [code for _, _, code in side], gold

    return world.run(run)


def _count(world):
    return world.run(lambda s: len(s.exec(select(Adjudication)).all()))


# -- storing -----------------------------------------------------------------------------------
def test_upload_stores_record_verdict_uploader_match_and_game(world, paired):
    text = _record(world, paired)
    row = _upload(world, paired, text, game=1)
    assert (row.match_id, row.game, row.revision) == (paired.match.id, 1, 1)
    assert row.uploaded_by == paired.judge.id and row.record_text == text
    verdict = row.verdict
    assert verdict["status"] == "illegal" == row.status
    assert row.line == verdict["line"] and row.rule == verdict["rule"] and row.line > 2
    # the illegal line is the card played a second time
    bad = json.loads(text.splitlines()[row.line - 1])
    assert bad == json.loads(text.splitlines()[row.line - 2]) and bad["do"] == "play"
    a, b = world.run(lambda s: _regs(s, paired))
    assert row.players == {"A": a.id, "B": b.id}
    assert row.decks_ok and all(p["ok"] and p["belongs"] for p in row.deck_check["players"])


def test_a_corrected_record_is_the_next_revision_and_the_history_stays(world, paired):
    first = _upload(world, paired, _record(world, paired, seed=12))
    second = _upload(world, paired, _record(world, paired, seed=13))
    assert (first.revision, second.revision) == (1, 2)
    rows = world.run(lambda s: adj_service.history(s, s.get(Adjudication, second.id)))
    assert [r.revision for r in rows] == [2, 1]
    latest = world.run(lambda s: adj_service.event_adjudications(s, paired.event))
    assert [r.id for r in latest] == [second.id]


def test_finished_game_names_the_winner_registration(world, paired):
    lines = _record(world, paired).splitlines()
    header = json.loads(lines[0])
    concede = json.dumps({"p": header["players"][1]["id"], "do": "concede"})
    row = _upload(world, paired, "\n".join([lines[0], concede]) + "\n")
    a, _b = world.run(lambda s: _regs(s, paired))
    assert row.status == "finished" and row.winner_id == a.id


# -- §11: game 1 is the registered Castillo; swaps apply from game 2 -----------------------------
def test_game_1_is_played_with_the_registered_castillo(world, paired):
    swapped_in, gold = _swap_two_before_game_2(world, paired)
    text = _record(world, paired, game=2)  # a record with the Castillo after the swaps
    row = _upload(world, paired, text, game=1)
    first = row.deck_check["players"][0]
    assert not row.decks_ok and not first["ok"] and first["belongs"]
    by_code = {d["code"]: d for d in first["differences"]}
    for code in swapped_in:
        assert by_code[code]["expected"] == 0 and by_code[code]["counted"] == 1
        assert by_code[code]["rule"] == "11 Mazo de Soporte"
        assert "Mazo de Soporte" in by_code[code]["message"]
    assert row.deck_check["players"][1]["ok"]


def test_swaps_recorded_for_game_2_are_the_castillo_of_game_2(world, paired):
    _swap_two_before_game_2(world, paired)
    row = _upload(world, paired, _record(world, paired, game=2), game=2)
    assert row.decks_ok
    assert row.deck_check["players"][0]["swaps"] is True


def test_a_game_2_record_without_the_recorded_swaps_lists_the_differences(world, paired):
    swapped_in, gold = _swap_two_before_game_2(world, paired)
    row = _upload(world, paired, _record(world, paired, game=1), game=2)
    diffs = {d["code"]: d for d in row.deck_check["players"][0]["differences"]}
    for code in swapped_in:
        assert (diffs[code]["expected"], diffs[code]["counted"]) == (1, 0)
    assert "juego 2" in diffs[swapped_in[0]]["message"]


def test_a_record_that_cannot_be_that_registrations_deck_says_so(world, paired):
    from tourney.services import swaps

    text = _record(world, paired)
    lines = text.splitlines()
    header = json.loads(lines[0])
    # give player A the bye player's deck (Carla's list) under A's name
    carla = world.run(lambda s: swaps.expected_deck(s, paired.event, s.get(
        Registration, paired.regs[paired.bye].id), None, 1))
    names = [carla.names[code] for code, qty in sorted(carla.castle.items()) for _ in range(qty)]
    pid = header["players"][0]["id"]
    header["players"][0]["castle"] = [[f"{pid}x{i}", n] for i, n in enumerate(names[1:], 1)]
    header["players"][0]["gold"] = [f"{pid}x0", names[0]]
    row = _upload(world, paired, json.dumps(header, ensure_ascii=False) + "\n")
    entry = row.deck_check["players"][0]
    assert entry["belongs"] is False and entry["foreign"] > 0
    assert "no puede ser de esa inscripción" in entry["note"]


def test_players_in_the_wrong_order_are_pointed_out(world, paired):
    text = _record(world, paired)
    a, b = world.run(lambda s: _regs(s, paired))
    row = _upload(world, paired, text, first_player=b.id)
    assert row.players["A"] == b.id
    assert any("invertidos" in n for n in row.deck_check["notes"])


def test_revealed_order_checks_only_the_cards_seen(world, paired):
    from tourney.engine import catalog_resolver
    from tourney.engine.generate import reveal_record

    objs = [json.loads(x) for x in _record(world, paired).splitlines()]
    legal = next(k for k in range(2, len(objs)) if objs[k] == objs[k - 1])  # the illegal line
    objs = reveal_record(objs[:legal], catalog_resolver(paired.catalog))
    header = objs[0]
    player = header["players"][0]
    seen = set(player["opening"])
    unseen = [c for c in player["castle"] if c[0] not in seen and not any(
        c[0] in json.dumps(o) for o in objs[1:])]
    assert unseen, "some card of A's Castillo is never seen"
    unseen[0][1] = "Kirin"  # never seen: not evidence of anything
    ok = _upload(world, paired, "\n".join(json.dumps(o, ensure_ascii=False) for o in objs))
    assert ok.deck_check["players"][0]["mode"] == "seen"
    assert ok.deck_check["players"][0]["ok"], ok.deck_check["players"][0]["differences"]
    opening = next(c for c in player["castle"] if c[0] == player["opening"][0])
    opening[1] = "Kirin"  # a card seen in the opening hand that is not in the list
    bad = _upload(world, paired, "\n".join(json.dumps(o, ensure_ascii=False) for o in objs))
    entry = bad.deck_check["players"][0]
    assert not entry["ok"] and any(d["name"] == "Kirin" and d["counted"] >= 1
                                   for d in entry["differences"])


# -- bad input: a clear error naming the field or line, nothing stored ---------------------------
@pytest.mark.parametrize("game", [0, 4, "dos"])
def test_game_number_out_of_range(world, paired, game):
    with pytest.raises(ServiceError) as exc:
        _upload(world, paired, _record(world, paired), game=game)
    assert exc.value.field == "game" and "1, 2 o 3" in exc.value.message
    assert _count(world) == 0


def test_a_broken_record_names_the_line(world, paired):
    lines = _record(world, paired).splitlines()
    lines[4] = lines[4][:-3]
    with pytest.raises(ServiceError) as exc:
        _upload(world, paired, "\n".join(lines))
    assert exc.value.field == "record" and "línea 5" in exc.value.message
    assert _count(world) == 0


def test_a_record_of_other_players_is_refused(world, paired):
    text = _record(world, paired).replace('"name": "', '"name": "Otro ', 2)
    with pytest.raises(ServiceError) as exc:
        _upload(world, paired, text)
    assert exc.value.field == "first_player" and "otra mesa" in exc.value.message
    assert _count(world) == 0


def test_an_oversize_record_is_refused(world, paired):
    text = _record(world, paired)
    big = text + "\n" * (adj_service.MAX_RECORD_BYTES - len(text) + 1)
    with pytest.raises(ServiceError) as exc:
        _upload(world, paired, big)
    assert "máximo" in exc.value.message and _count(world) == 0
    whole = big.encode() + b" " * 4096
    with pytest.raises(ServiceError) as exc:
        adj_service.decode_upload(whole)
    assert exc.value.field == "file"
    size = -(-len(whole) // 1024)  # the whole file given: its size in KB, rounded up
    assert f"pesa {size} KB; el máximo es {adj_service.MAX_RECORD_BYTES // 1024} KB" in (
        exc.value.message)


def test_a_file_not_in_utf8_is_refused():
    with pytest.raises(ServiceError) as exc:
        adj_service.decode_upload('{"game": "myl"}'.encode("utf-16"))
    assert exc.value.field == "file" and "UTF-8" in exc.value.message


# -- rights ------------------------------------------------------------------------------------
def test_only_judges_and_organizers_upload(world, paired):
    text = _record(world, paired)
    player = paired.users[paired.playing[0]]
    with pytest.raises(Forbidden):
        _upload(world, paired, text, actor=player)
    assert _upload(world, paired, text, actor=paired.org).revision == 1


def test_players_see_their_own_games_others_after_publication(world, paired):
    from tourney.services import events

    _upload(world, paired, _record(world, paired))
    mine = paired.users[paired.playing[0]]
    other = paired.users[paired.bye]

    def seen(user):
        return world.run(lambda s: (adj_access.can_view(s, user, paired.event, paired.match),
                                    len(adj_service.visible(s, user, paired.event))))

    assert seen(mine) == (True, 1) and seen(paired.judge) == (True, 1)
    assert seen(other) == (False, 0) and seen(None) == (False, 0)
    world.run(lambda s: events.set_decklists_published(s, paired.org, paired.event, True))
    assert seen(other) == (True, 1) and seen(None) == (True, 1)


def test_a_record_with_a_null_character_names_the_line(world, paired):
    lines = _record(world, paired).splitlines()
    lines[2] = lines[2] + "\x00"
    with pytest.raises(ServiceError) as exc:
        _upload(world, paired, "\n".join(lines))
    assert "línea 3" in exc.value.message and _count(world) == 0


def test_migration_0006_only_adds_the_adjudication_table(tmp_path):
    """Upgrading from 0005 keeps every row; going back to 0005 drops only the new table."""
    from sqlalchemy import create_engine, inspect, text

    from test_web_migration import _snapshot, rows_at
    from tourney import db

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    before = rows_at(url, "0005_event_staff")
    db.upgrade(url, "0006_adjudications")
    engine = create_engine(url)
    assert _snapshot(engine) == before
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO adjudication (event_id, match_id, game, uploaded_at, record_text, "
            "players_json, verdict_json, deck_check_json) VALUES (1, 1, 2, '2026-12-01', "
            "'{}', '{}', '{}', '{}')"))
        row = conn.execute(text("SELECT revision, source, status, decks_ok FROM adjudication")).one()
    assert tuple(row) == (1, "texto", "", 0)
    engine.dispose()
    db.downgrade(url, "0005_event_staff")
    engine = create_engine(url)
    assert _snapshot(engine) == before
    assert "adjudication" not in inspect(engine).get_table_names()
    engine.dispose()


def test_game_3_swaps_start_from_the_castillo_of_game_2(world, paired):
    from tourney.services import swaps

    _swap_two_before_game_2(world, paired)

    def swap_back_one(s):  # before game 3 one of the cards swapped in goes back to the Soporte
        a, _b = _regs(s, paired)
        deck = swaps.expected_deck(s, paired.event, a, paired.match, 2)
        came_in = sorted(set(deck.castle) - set(swaps.expected_deck(
            s, paired.event, a, paired.match, 1).castle))[0]
        gold = next(code for _, _, code in deck.lines("side")
                    if paired.catalog.by_code(code) is not None
                    and paired.catalog.by_code(code).plain_gold)
        swaps.record_swaps(s, paired.judge, paired.event, paired.match, a, 3,
                           f"1 {deck.names[came_in]}", f"1 {deck.names[gold]}", paired.fmt,
                           paired.catalog)
        return came_in

    came_in = world.run(swap_back_one)
    game3 = _record(world, paired, game=3)
    assert _upload(world, paired, game3, game=3).decks_ok
    as_game_2 = _upload(world, paired, game3, game=2)
    diffs = {d["code"]: d for d in as_game_2.deck_check["players"][0]["differences"]}
    assert (diffs[came_in]["expected"], diffs[came_in]["counted"]) == (1, 0)
