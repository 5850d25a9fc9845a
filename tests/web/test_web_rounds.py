"""Rounds: pairing in one transaction, publishing, results (reports, confirmations, corrections),
outstanding tables, standings, manual edits, the round clock."""
from __future__ import annotations

import pytest
from sqlmodel import select

from tourney import db
from tourney.models.events import Match, MatchSeat, Registration, ResultReport, Round
from tourney.services import decklists, events, rounds
from tourney.services.errors import Conflict, ServiceError
from web_helpers import login


@pytest.fixture
def four(cast, world):
    """``cast`` plus Carla and Dani: four players with legal lists."""
    extra = {}
    for i, name in ((3, "Carla"), (4, "Dani")):
        user = world.user(f"{name.lower()}@x.cl", name=name)
        deck = world.deck(i)

        def setup(s, user=user, deck=deck):
            reg = events.register_self(s, user, cast.event)
            decklists.submit_decklist(s, user, cast.event, reg, cast.fmt, cast.catalog, text=deck)
            return reg

        extra[name.lower()] = (user, world.run(setup))
    cast.users = {"ana": cast.ana, "beto": cast.beto, "carla": extra["carla"][0],
                  "dani": extra["dani"][0]}
    cast.regs.update({k: v[1] for k, v in extra.items()})
    cast.by_reg = {r.id: k for k, r in cast.regs.items()}
    return cast


def _matches(world, number=1, event=None):
    def q(s):
        rnd = s.exec(select(Round).where(Round.number == number)).one()
        return rnd, rounds.round_matches(s, rnd)
    return world.run(q)


def test_organizer_pairs_publishes_and_players_see_their_table(client, four, world):
    login(client, four.org.email)
    url = f"/eventos/{four.event.id}"
    resp = client.post(f"{url}/rondas")
    assert resp.status_code == 302 and resp.location.endswith("/rondas/1")
    rnd, matches = _matches(world)
    assert len(matches) == 2 and not rnd.published
    seats = world.run(lambda s: s.exec(select(MatchSeat)).all())
    assert sorted(s.registration_id for s in seats) == sorted(r.id for r in four.regs.values())
    login(client, four.ana.email)
    assert client.get(f"{url}/rondas/1").status_code == 404
    assert "Aún no tienes partidas publicadas" in client.get(f"{url}/mis-partidas").get_data(
        as_text=True)
    login(client, four.org.email)
    client.post(f"{url}/rondas/1/publicar")
    client.post("/salir")
    page = client.get(f"{url}/rondas/1").get_data(as_text=True)
    for name in ("Ana", "Beto", "Carla", "Dani"):
        assert name in page
    alpha = client.get(f"{url}/rondas/1?orden=alfabetico&q=ana").get_data(as_text=True)
    assert "Ana" in alpha and "Dani</td><td>" not in alpha
    login(client, four.ana.email)
    assert "Ronda 1 · Mesa" in client.get(f"{url}/mis-partidas").get_data(as_text=True)


def _report(client, event_id, match_id, mine, theirs, draws=0):
    return client.post(f"/eventos/{event_id}/mesas/{match_id}/resultado",
                       data={"a_games": mine, "b_games": theirs, "draws": draws})


def test_player_reports_and_opponent_confirms(client, four, world):
    world.run(lambda s: rounds.publish_round(s, four.org, rounds.pair_next_round(s, four.org, four.event)))
    _, matches = _matches(world)
    m = matches[0]
    a, b = four.by_reg[m.player_a_id], four.by_reg[m.player_b_id]
    login(client, four.users[a].email)
    assert _report(client, four.event.id, m.id, 2, 1).status_code == 302
    assert _report(client, four.event.id, m.id, 2, 1).status_code == 302  # double submit
    assert world.run(lambda s: s.get(Match, m.id)).status == "reportado"
    assert len(world.run(lambda s: s.exec(select(ResultReport)).all())) == 1
    login(client, four.users[b].email)
    assert _report(client, four.event.id, m.id, 1, 2).status_code == 302  # B's view: 1-2
    done = world.run(lambda s: s.get(Match, m.id))
    assert (done.status, done.result) == ("confirmado", "2-1-0")
    resp = _report(client, four.event.id, m.id, 2, 0)
    assert resp.status_code == 400 and "ya tiene resultado confirmado" in resp.get_data(as_text=True)


def test_disagreement_goes_to_the_organizer(client, four, world):
    world.run(lambda s: rounds.publish_round(s, four.org, rounds.pair_next_round(s, four.org, four.event)))
    _, matches = _matches(world)
    m = matches[0]
    a, b = four.by_reg[m.player_a_id], four.by_reg[m.player_b_id]
    login(client, four.users[a].email)
    _report(client, four.event.id, m.id, 2, 0)
    login(client, four.users[b].email)
    _report(client, four.event.id, m.id, 2, 1)  # B claims the win
    assert world.run(lambda s: s.get(Match, m.id)).status == "disputado"
    login(client, four.org.email)
    page = client.get(f"/eventos/{four.event.id}/rondas/1/pendientes").get_data(as_text=True)
    assert "en disputa" in page and "reportó 2-0-0" in page and "reportó 1-2-0" in page
    version = world.run(lambda s: s.get(Match, m.id)).version
    resp = client.post(f"/eventos/{four.event.id}/mesas/{m.id}/resultado",
                       data={"a_games": 2, "b_games": 0, "draws": 0, "version": version})
    assert resp.status_code == 302
    assert world.run(lambda s: s.get(Match, m.id)).result == "2-0-0"


def test_impossible_best_of_three_result_is_refused_next_to_the_field(client, four, world):
    world.run(lambda s: rounds.publish_round(s, four.org, rounds.pair_next_round(s, four.org, four.event)))
    _, matches = _matches(world)
    login(client, four.org.email)
    resp = client.post(f"/eventos/{four.event.id}/mesas/{matches[0].id}/resultado",
                       data={"a_games": 3, "b_games": 0, "draws": 0, "version": 0})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and 'id="a_games-error"' in html
    assert 'value="3-0-0"' in html  # what was sent stays in «Otro resultado»
    assert world.run(lambda s: s.get(Match, matches[0].id)).result is None


def test_two_organizers_at_once_no_lost_result(client, four, world, app):
    from tourney.services import events as event_service

    second = world.user("org2@x.cl", "organizador")  # a co-organizer of this event (issue 15)
    world.run(lambda s: event_service.add_judge(s, four.org, four.event, second.email, "organizador"))
    world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    _, matches = _matches(world)
    m = matches[0]
    # both organizers opened the form at version 0
    login(client, four.org.email)
    ok = client.post(f"/eventos/{four.event.id}/mesas/{m.id}/resultado",
                     data={"a_games": 2, "b_games": 1, "draws": 0, "version": 0})
    assert ok.status_code == 302
    other = app.test_client()
    login(other, second.email)
    late = other.post(f"/eventos/{four.event.id}/mesas/{m.id}/resultado",
                      data={"a_games": 0, "b_games": 2, "draws": 0, "version": 0})
    html = late.get_data(as_text=True)
    assert late.status_code == 409 and "Otro organizador cambió esta mesa" in html
    assert 'value="0-2-0"' in html  # what the second organizer sent is kept
    assert world.run(lambda s: s.get(Match, m.id)).result == "2-1-0"
    # the same form sent twice (double click) is not a conflict
    again = client.post(f"/eventos/{four.event.id}/mesas/{m.id}/resultado",
                        data={"a_games": 2, "b_games": 1, "draws": 0, "version": 0})
    assert again.status_code == 302


def test_next_round_waits_for_every_result_and_standings_order(client, four, world):
    login(client, four.org.email)
    url = f"/eventos/{four.event.id}"
    client.post(f"{url}/rondas")
    client.post(f"{url}/rondas/1/publicar")
    _, matches = _matches(world)
    first = matches[0]
    client.post(f"{url}/mesas/{first.id}/resultado",
                data={"a_games": 2, "b_games": 0, "draws": 0, "version": 0})
    resp = client.post(f"{url}/rondas", follow_redirects=True)
    assert "Faltan resultados de la ronda 1" in resp.get_data(as_text=True)
    assert "mesas pendientes (1)" in client.get(f"{url}/panel").get_data(as_text=True)
    assert world.run(lambda s: len(s.exec(select(Round)).all())) == 1
    client.post(f"{url}/mesas/{matches[1].id}/resultado",
                data={"a_games": 2, "b_games": 1, "draws": 0, "version": 0})
    assert client.post(f"{url}/rondas").status_code == 302
    _, second = _matches(world, 2)
    winners = {matches[0].player_a_id, matches[1].player_a_id}
    # winners meet winners
    assert {second[0].player_a_id, second[0].player_b_id} == winners
    client.post(f"{url}/mesas/{second[0].id}/resultado",
                data={"a_games": 2, "b_games": 0, "draws": 0, "version": 0})
    client.post(f"{url}/mesas/{second[1].id}/resultado",
                data={"a_games": 2, "b_games": 0, "draws": 0, "version": 0})
    champion = four.by_reg[second[0].player_a_id]
    last = four.by_reg[second[1].player_b_id]
    page = client.get(f"{url}/clasificacion").get_data(as_text=True)
    names = [four.users[k].name for k in four.by_reg.values()]
    order = sorted(names, key=page.index)
    assert order[0] == four.users[champion].name and order[-1] == four.users[last].name
    assert "<td>6</td><td>2-0-0</td>" in page


def test_pairing_a_round_is_one_transaction(four, world, monkeypatch, app):
    calls = {"n": 0}
    real = rounds.pairing.MatchSeat

    def failing_seat(**kw):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("falla a mitad de la ronda")
        return real(**kw)

    monkeypatch.setattr(rounds.pairing, "MatchSeat", failing_seat)
    with pytest.raises(RuntimeError):
        world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    with app.app_context(), db.session_scope() as s:
        assert s.exec(select(Round)).all() == [] and s.exec(select(Match)).all() == []
        assert s.exec(select(MatchSeat)).all() == []


def test_two_organizers_pairing_at_once_make_one_round(four, world, monkeypatch):
    world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    # the second organizer's page still showed no round: force that stale view
    monkeypatch.setattr(rounds.pairing, "event_rounds", lambda s, e: [])
    monkeypatch.setattr(rounds.pairing, "build_state", _fresh_state)
    with pytest.raises(Conflict, match="ya fue emparejada"):
        world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    assert len(world.run(lambda s: s.exec(select(Round)).all())) == 1


def _fresh_state(session, event):
    from tourney.swiss import Player, TournamentState

    regs = session.exec(select(Registration).where(Registration.event_id == event.id)).all()
    return TournamentState(players=[Player(id=str(r.id), name=r.name) for r in regs])


def test_dropped_players_are_not_paired_and_can_come_back(four, world):
    world.run(lambda s: events.set_dropped(s, four.org, four.event,
                                           s.get(Registration, four.regs["dani"].id), True))
    world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    _, matches = _matches(world)
    seated = {m.player_a_id for m in matches} | {m.player_b_id for m in matches}
    assert four.regs["dani"].id not in seated and None in seated  # 3 players: a bye


def test_swap_players_between_tables_reports_consequences(client, four, world):
    world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    _, matches = _matches(world)
    x, y = matches[0].player_a_id, matches[1].player_a_id
    login(client, four.org.email)
    resp = client.post(f"/eventos/{four.event.id}/rondas/1/intercambio",
                       data={"player_x": x, "player_y": y}, follow_redirects=True)
    assert "Jugadores intercambiados." in resp.get_data(as_text=True)
    _, after = _matches(world)
    assert {after[0].player_a_id, after[1].player_a_id} == {x, y}
    assert after[0].player_a_id == y
    seats = {s.registration_id: s.match_id for s in world.run(lambda s: s.exec(select(MatchSeat)).all())}
    assert seats[x] == after[1].id and seats[y] == after[0].id


def test_swap_creating_a_rematch_says_so(four, world):
    def play_round(s):
        rnd = rounds.pair_next_round(s, four.org, four.event)
        for m in rounds.round_matches(s, rnd):
            rounds.enter_result(s, four.org, four.event, m, "2-0-0", m.version)
        return rnd

    world.run(play_round)
    _, first = _matches(world, 1)
    world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    _, second = _matches(world, 2)
    # move the first round's opponent of second[0].a into second[0]
    a = second[0].player_a_id
    old = next(m for m in first if a in (m.player_a_id, m.player_b_id))
    opponent = old.player_b_id if old.player_a_id == a else old.player_a_id
    partner = second[0].player_b_id
    notes = world.run(lambda s: rounds.swap_between_tables(
        s, four.org, four.event, s.get(Round, second[0].round_id), partner, opponent))
    assert any("crea una revancha" in n for n in notes)


def test_repair_round_and_round_clock(client, four, world):
    login(client, four.org.email)
    url = f"/eventos/{four.event.id}"
    client.post(f"{url}/rondas")
    assert client.post(f"{url}/rondas/1/reemparejar").status_code == 302
    assert world.run(lambda s: len(s.exec(select(Round)).all())) == 1
    assert world.run(lambda s: len(s.exec(select(Match)).all())) == 2
    client.post(f"{url}/rondas/1/publicar")
    resp = client.post(f"{url}/rondas/1/reloj", data={"minutes": 45}, follow_redirects=True)
    assert "Reloj de la ronda 1 en marcha: 45 minutos." in resp.get_data(as_text=True)
    client.post("/salir")
    page = client.get(f"{url}/rondas/1").get_data(as_text=True)
    assert 'id="reloj"' in page
    remaining = int(page.split('data-remaining="')[1].split('"')[0])
    assert 44 * 60 < remaining <= 45 * 60
    bad = client.post(f"{url}/rondas/1/reloj", data={"minutes": 0})
    assert bad.status_code == 302 and "/entrar" in bad.location


def test_service_refuses_reports_from_someone_else(four, world):
    world.run(lambda s: rounds.pair_next_round(s, four.org, four.event))
    _, matches = _matches(world)
    m = matches[0]
    outsider_key = next(k for k, r in four.regs.items() if r.id not in (m.player_a_id, m.player_b_id))
    with pytest.raises(ServiceError):
        world.run(lambda s: rounds.report_result(s, four.users[outsider_key], four.event, m,
                                                 four.regs[outsider_key], 2, 0, 0))


def test_both_players_reporting_at_the_same_moment_confirm_the_match(four, world, app):
    import threading

    world.run(lambda s: rounds.publish_round(s, four.org, rounds.pair_next_round(s, four.org, four.event)))
    _, matches = _matches(world)
    m = matches[0]
    a, b = four.by_reg[m.player_a_id], four.by_reg[m.player_b_id]
    barrier = threading.Barrier(2)
    errors = []

    def report(key, mine, theirs):
        try:
            with app.app_context(), db.session_scope() as s:
                match = s.get(Match, m.id)
                barrier.wait()
                rounds.report_result(s, four.users[key], four.event, match,
                                     s.get(Registration, four.regs[key].id), mine, theirs, 0)
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=report, args=(a, 2, 1)),
               threading.Thread(target=report, args=(b, 1, 2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    done = world.run(lambda s: s.get(Match, m.id))
    assert (done.status, done.result) == ("confirmado", "2-1-0")
    assert len(world.run(lambda s: s.exec(select(ResultReport)).all())) == 2


def test_top_cut_after_the_swiss_rounds_single_elimination(client, four, world):
    from tourney.models.events import Event

    def setup(s):
        event = s.get(Event, four.event.id)
        event.rounds_planned, event.top_cut = 2, 4
        s.add(event)

    world.run(setup)

    def E(s):
        return s.get(Event, four.event.id)

    def play(s, result="2-0-0"):
        rnd = rounds.pair_next_round(s, four.org, E(s))
        for m in rounds.round_matches(s, rnd):
            if m.player_b_id is not None:
                rounds.enter_result(s, four.org, E(s), m, result, m.version)
        return rnd

    world.run(play)
    world.run(play)
    ranking = [int(x.id) for x in world.run(lambda s: rounds.standings(s, E(s)))]
    login(client, four.org.email)
    page = client.get(f"/eventos/{four.event.id}/panel").get_data(as_text=True)
    assert "Emparejar el corte final (Top 4)" in page
    semi = world.run(lambda s: rounds.pair_next_round(s, four.org, E(s)))
    assert semi.kind == "corte"
    _, semis = _matches(world, 3)
    # seeds 1 v 4 and 2 v 3 (bracket order), no byes
    assert [(m.player_a_id, m.player_b_id) for m in semis] == [
        (ranking[0], ranking[3]), (ranking[1], ranking[2])]
    with pytest.raises(ServiceError, match="no hay empates"):
        world.run(lambda s: rounds.enter_result(s, four.org, E(s),
                                                s.get(Match, semis[0].id), "1-1-1", 0))
    for m, result in zip(semis, ("2-1-0", "0-2-0")):
        world.run(lambda s, m=m, r=result: rounds.enter_result(
            s, four.org, E(s), s.get(Match, m.id), r, 0))
    final = world.run(lambda s: rounds.pair_next_round(s, four.org, E(s)))
    _, finals = _matches(world, final.number)
    assert [(m.player_a_id, m.player_b_id) for m in finals] == [(ranking[0], ranking[2])]
    world.run(lambda s: rounds.enter_result(s, four.org, E(s),
                                            s.get(Match, finals[0].id), "0-2-0", 0))
    champ = world.run(lambda s: rounds.champion(s, E(s)))
    assert champ.id == ranking[2]
    with pytest.raises(ServiceError, match="Corte final terminado"):
        world.run(lambda s: rounds.pair_next_round(s, four.org, E(s)))
    page = client.get(f"/eventos/{four.event.id}").get_data(as_text=True)
    assert f"Campeón: {champ.name}" in page
    # the Swiss standings ignore the playoff
    assert [int(x.id) for x in world.run(lambda s: rounds.standings(s, E(s)))] == ranking


def test_pairing_flags_are_explained_to_judges(client, paired):
    login(client, paired.judge.email)
    page = client.get(f"/eventos/{paired.event.id}/rondas/1").get_data(as_text=True)
    assert "bye: gana 2-0-0 sin rival" in page
    client.post("/salir")
    assert "bye: gana" not in client.get(f"/eventos/{paired.event.id}/rondas/1").get_data(
        as_text=True)
