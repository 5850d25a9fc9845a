"""Organizer edits of a round: break a table and seat players by hand (tourney.swiss
break_match / pair_players, consequences shown); pairs that must not meet (family)."""
from __future__ import annotations

import re

from sqlmodel import select

from tourney.models.events import Match, MatchSeat, Registration
from web_helpers import login


def _four(world, cast):
    from tourney.services import events

    world.run(lambda s: [events.add_player_at_desk(s, cast.org, cast.event, n)
                         for n in ("Diego", "Elena")])
    return {r.name: r.id for r in world.run(lambda s: s.exec(select(Registration)).all())}


def _pair(world, cast, results=True):
    from tourney.services import rounds

    def run(s):
        rnd = rounds.pair_next_round(s, cast.org, cast.event)
        rounds.publish_round(s, cast.org, rnd)
        out = []
        for m in rounds.round_matches(s, rnd):
            out.append((m.id, m.player_a_id, m.player_b_id))
        return rnd.number, out
    return world.run(run)


def _finish(world, cast, number):
    from tourney.services import rounds

    def run(s):
        rnd = rounds.get_round(s, cast.event, number)
        for m in rounds.round_matches(s, rnd):
            if m.status != "confirmado":
                rounds.enter_result(s, cast.org, cast.event, m, "2-0-0", m.version)
    world.run(run)


def test_break_a_table_then_seat_by_hand_shows_the_rematch(client, cast, world):
    ids = _four(world, cast)
    _n, first = _pair(world, cast)
    _finish(world, cast, 1)
    met = {frozenset((a, b)) for _m, a, b in first}
    _n, second = _pair(world, cast)
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}/rondas/2"
    for match_id, _a, _b in second:  # undo both tables of round 2
        resp = client.post(f"{url}/deshacer", data={"match_id": match_id}, follow_redirects=True)
        assert "quedan sin mesa" in resp.get_data(as_text=True)
    page = client.get(url).get_data(as_text=True)
    assert "Sin mesa en esta ronda" in page and "Sentar a mano" in page
    # the next round cannot be paired while players have no table
    resp = client.post(f"/eventos/{cast.event.id}/rondas", follow_redirects=True)
    assert "jugadores sin mesa" in resp.get_data(as_text=True)
    # seat a round-1 pair again: the rematch is reported
    x, y = sorted(next(iter(met)))
    resp = client.post(f"{url}/a-mano", data={"player_x": x, "player_y": y},
                       follow_redirects=True)
    page = resp.get_data(as_text=True)
    assert "crea una revancha" in page and "ya jugaron (ronda 1)" in page
    rest = sorted(set(ids.values()) - {x, y})
    resp = client.post(f"{url}/a-mano", data={"player_x": rest[0], "player_y": rest[1]},
                       follow_redirects=True)
    assert "Mesa creada" in resp.get_data(as_text=True)
    seats = world.run(lambda s: len(s.exec(select(MatchSeat).where(
        MatchSeat.round_id == select(Match.round_id).where(Match.player_a_id == x)
        .order_by(Match.id.desc()).limit(1).scalar_subquery())).all()))
    assert seats == 4
    page = client.get(url).get_data(as_text=True)
    assert "Sin mesa en esta ronda" not in page and "mesa asignada a mano" in page


def _flashes(page: str) -> list[str]:
    return re.findall(r'<div class="flash [a-z]+" role="status">(.*?)</div>', page, re.S)


def test_the_messages_of_a_round_edit_name_players_never_their_internal_ids(client, cast, world):
    """«Ana y Beto ya jugaron», not «Ana (44) y Beto (45)»: the organizer reads names."""
    ids = _four(world, cast)
    _n, first = _pair(world, cast)
    _finish(world, cast, 1)
    x, y = sorted(next(frozenset((a, b)) for _m, a, b in first))
    _n, second = _pair(world, cast)
    login(client, cast.org.email)
    client.get("/")  # the login page's own message
    url = f"/eventos/{cast.event.id}/rondas/2"
    shown = []
    for match_id, _a, _b in second:
        shown += _flashes(client.post(f"{url}/deshacer", data={"match_id": match_id},
                                      follow_redirects=True).get_data(as_text=True))
    shown += _flashes(client.post(f"{url}/a-mano", data={"player_x": x, "player_y": x},
                                  follow_redirects=True).get_data(as_text=True))
    shown += _flashes(client.post(f"{url}/a-mano", data={"player_x": x, "player_y": y},
                                  follow_redirects=True).get_data(as_text=True))
    assert any("quedan sin mesa" in m for m in shown) and any("revancha" in m for m in shown)
    assert len(shown) == 4
    names = {n for n in ids if any(n in m for m in shown)}
    assert len(names) == 4  # every player named
    for message in shown:
        assert not re.search(r"\(\d+\)", message), message  # «Ana (44)» before


def test_seating_by_hand_refuses_a_seated_player_and_a_table_with_a_result(client, cast, world):
    ids = _four(world, cast)
    _n, first = _pair(world, cast)
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}/rondas/1"
    match_id, a, b = first[0]
    resp = client.post(f"{url}/a-mano", data={"player_x": a, "player_y": b},
                       follow_redirects=True)
    assert "Elige dos jugadores sin mesa" in resp.get_data(as_text=True)  # both are seated
    _finish(world, cast, 1)
    client.post(f"{url}/deshacer", data={"match_id": match_id})
    assert world.run(lambda s: s.get(Match, match_id)) is not None  # a result: kept
    assert len(ids) == 4


def test_forbidden_pair_is_honoured_by_pairing(client, cast, world):
    ids = _four(world, cast)
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}/parejas-prohibidas"
    resp = client.post(url, data={"player_x": ids["Ana"], "player_y": ids["Ana"]})
    assert resp.status_code == 400 and "Elige dos jugadores distintos" in resp.get_data(as_text=True)
    resp = client.post(url, data={"player_x": ids["Ana"], "player_y": ids["Beto"],
                                  "reason": "hermanos"}, follow_redirects=True)
    page = resp.get_data(as_text=True)
    assert "Ana y Beto" in page and "hermanos" in page
    resp = client.post(url, data={"player_x": ids["Beto"], "player_y": ids["Ana"]})
    assert resp.status_code == 400 and "ya está registrada" in resp.get_data(as_text=True)
    client.post(url, data={"player_x": ids["Diego"], "player_y": ids["Elena"]})
    _n, first = _pair(world, cast)
    resp = client.post(f"/eventos/{cast.event.id}/rondas/1/reemparejar")
    assert resp.status_code == 302
    again = world.run(lambda s: [(m.id, m.player_a_id, m.player_b_id)
                                 for m in s.exec(select(Match)).all()])
    for matches in (first, again):  # the first pairing and the re-pairing avoid both pairs
        pairs = {frozenset((a, b)) for _m, a, b in matches}
        assert frozenset((ids["Ana"], ids["Beto"])) not in pairs
        assert frozenset((ids["Diego"], ids["Elena"])) not in pairs
    # removing the pair
    from tourney.models.events import ForbiddenPair

    pair_id = world.run(lambda s: s.exec(select(ForbiddenPair)).first().id)
    resp = client.post(f"{url}/{pair_id}/quitar", follow_redirects=True)
    assert "Pareja quitada" in resp.get_data(as_text=True)
    assert world.run(lambda s: len(s.exec(select(ForbiddenPair)).all())) == 1


# -- forbidden pairs hold for the organizer's hand edits too (services.rounds._state_before) ----
def _forbid(world, cast, x, y):
    from tourney.services import events

    world.run(lambda s: events.add_forbidden_pair(s, cast.org, cast.event, x, y, "hermanos"))


def _opponent(matches, pid):
    return next(b if a == pid else a for _m, a, b in matches if pid in (a, b))


def test_swapping_players_into_a_forbidden_pair_is_flagged(client, cast, world):
    ids = _four(world, cast)
    _forbid(world, cast, ids["Ana"], ids["Beto"])
    _n, first = _pair(world, cast)
    assert frozenset((ids["Ana"], ids["Beto"])) not in {frozenset((a, b)) for _m, a, b in first}
    login(client, cast.org.email)
    # Beto takes the seat of Ana's opponent: Ana and Beto now face each other
    resp = client.post(f"/eventos/{cast.event.id}/rondas/1/intercambio",
                       data={"player_x": _opponent(first, ids["Ana"]), "player_y": ids["Beto"]},
                       follow_redirects=True)
    page = resp.get_data(as_text=True)
    assert "empareja una pareja prohibida" in page and "sin consecuencias" not in page
    assert "pareja prohibida forzada" in client.get(
        f"/eventos/{cast.event.id}/rondas/1").get_data(as_text=True)


def test_breaking_a_table_warns_when_a_forbidden_pair_waits_for_a_seat(client, cast, world):
    ids = _four(world, cast)
    _forbid(world, cast, ids["Ana"], ids["Beto"])
    _n, first = _pair(world, cast)
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}/rondas/1/deshacer"
    match_of = {pid: m for m, a, b in first for pid in (a, b)}
    page = client.post(url, data={"match_id": match_of[ids["Ana"]]},
                       follow_redirects=True).get_data(as_text=True)
    assert "no los sientes juntos" not in page  # Beto still has a table
    page = client.post(url, data={"match_id": match_of[ids["Beto"]]},
                       follow_redirects=True).get_data(as_text=True)
    assert "son una pareja prohibida: no los sientes juntos" in page


def test_seating_a_forbidden_pair_by_hand_is_flagged(client, cast, world):
    ids = _four(world, cast)
    _forbid(world, cast, ids["Ana"], ids["Beto"])
    _n, first = _pair(world, cast)
    login(client, cast.org.email)
    url = f"/eventos/{cast.event.id}/rondas/1"
    for match_id, _a, _b in first:
        client.post(f"{url}/deshacer", data={"match_id": match_id})
    page = client.post(f"{url}/a-mano", data={"player_x": ids["Ana"], "player_y": ids["Beto"]},
                       follow_redirects=True).get_data(as_text=True)
    assert "Mesa creada" in page and "empareja una pareja prohibida" in page
    flags = world.run(lambda s: s.exec(select(Match.flags).where(
        Match.player_a_id == ids["Ana"], Match.player_b_id == ids["Beto"])).one())
    assert "forbidden_forced" in flags
