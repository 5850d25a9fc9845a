"""`tourney demo`: a realistic 16-player event with three rounds played."""
from __future__ import annotations

from sqlmodel import select

from tourney.models.events import DecklistSubmission, Event, Match, Registration, Round
from web_helpers import login


def test_demo_builds_a_full_event_and_if_empty_skips(runner, world, client):
    result = runner.invoke(args=["demo", "--no-league"])
    assert result.exit_code == 0, result.output
    assert "16 jugadores, 3 rondas jugadas" in result.output and "Liga" not in result.output

    def counts(s):
        event = s.exec(select(Event)).one()
        regs = s.exec(select(Registration)).all()
        subs = s.exec(select(DecklistSubmission)).all()
        rnds = s.exec(select(Round)).all()
        matches = s.exec(select(Match)).all()
        return event, len(regs), [x.legal for x in subs], len(rnds), matches

    event, regs, legal, rnds, matches = world.run(counts)
    assert regs == 16 and legal == [True] * 16 and rnds == 3
    assert len(matches) == 24 and all(m.status == "confirmado" for m in matches)
    again = runner.invoke(args=["demo", "--if-empty"])
    assert again.exit_code == 0 and "Ya hay eventos" in again.output
    assert world.run(lambda s: len(s.exec(select(Event)).all())) == 1
    page = client.get(f"/eventos/{event.id}/clasificacion").get_data(as_text=True)
    assert page.count("<tr><td>") == 16
    login(client, "organizador@demo.cl", "demo-clave-123")
    assert client.get(f"/eventos/{event.id}/metagama").status_code == 200


def test_demo_builds_a_league_of_three_events_with_standings_ratings_and_metagame(runner, world,
                                                                                  client):
    from tourney.models.leagues import League

    result = runner.invoke(args=["demo"])
    assert result.exit_code == 0, result.output
    assert "Liga de demostración creada" in result.output
    league = world.run(lambda s: s.exec(select(League)).one())
    assert world.run(lambda s: len(s.exec(select(Event)).all())) == 3
    page = client.get(f"/ligas/{league.id}").get_data(as_text=True)
    assert page.count("/jugadores/u") == 16 and "finalizado" in page and "en curso" in page
    season = client.get(f"/ligas/{league.id}/metagama").get_data(as_text=True)
    assert "2 eventos con listas publicadas" in season and season.count("<svg") == 2
    table = runner.invoke(args=["league", "standings", str(league.id), "--json"])
    report = __import__("json").loads(table.output)
    assert len(report["standings"]) == 16 and all(len(r["events"]) == 3 for r in report["standings"])
    assert len(report["ratings"]) == 16


def test_demo_with_an_unknown_format_fails_cleanly(runner):
    result = runner.invoke(args=["demo", "--format", "no-existe"])
    assert result.exit_code == 2 and "Formato desconocido: no-existe." in result.output
    assert "Traceback" not in result.output
