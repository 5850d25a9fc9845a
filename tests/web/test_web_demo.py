"""`tourney demo`: a realistic 16-player event with three rounds played."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from sqlmodel import select

from tourney.models.events import DecklistSubmission, Event, Match, Registration, Round
from web_helpers import login

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_demo_accounts() -> tuple[list[str], str]:
    """The demo accounts and password README.md promises («Si se creó la demostración…»),
    read from the README itself: «jugador1@demo.cl … jugador16@demo.cl» is every number."""
    text = README.read_text(encoding="utf-8")
    promise = text.split("**Si se creó la demostración**", 1)[1].split("**Si no**", 1)[0]
    password = re.search(r"contraseña `([^`]+)`", promise).group(1)
    accounts = re.findall(r"`([a-z0-9]+@demo\.cl)`", promise)
    first, last = (re.search(r"`jugador(\d+)@demo\.cl` … `jugador(\d+)@demo\.cl`", promise)
                   .groups())
    accounts += [f"jugador{n}@demo.cl" for n in range(int(first) + 1, int(last))]
    return sorted(set(accounts)), password


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


@pytest.mark.parametrize("args", [["demo"], ["demo", "--no-league"],
                                  ["demo", "--format", "lanzamiento"]])
def test_the_readmes_demo_accounts_exist_and_log_in_after_tourney_demo(runner, world, client,
                                                                       args):
    """README.md promises accounts whenever the demo was made: each of them logs in with the
    README's password, the organizer reaches the demo's panel, the judge its Marcador."""
    from tourney.services import accounts

    emails, password = readme_demo_accounts()
    assert len(emails) == 18 and "organizador@demo.cl" in emails and "jugador16@demo.cl" in emails
    assert password in runner.invoke(args=args).output  # the demo says it too
    for email in emails:
        user = world.run(lambda s, e=email: accounts.authenticate(s, e, password))
        assert user is not None, email
    event = world.run(lambda s: s.exec(select(Event).order_by(Event.id)).first())  # the demo's
    login(client, "organizador@demo.cl", password)
    assert client.get(f"/eventos/{event.id}/panel").status_code == 200
    login(client, "juez@demo.cl", password)
    assert client.get(f"/eventos/{event.id}/rondas/1/marcador").status_code == 200
    login(client, "jugador16@demo.cl", password)
    assert client.get(f"/eventos/{event.id}/mis-partidas").status_code == 200


def test_the_readme_says_what_to_do_when_the_demo_accounts_do_not_exist(client, world):
    """Without the demo (a fresh install, no ../shared/data) none of those accounts exists and
    the README sends the reader to the first-run page, or to `tourney demo`."""
    from tourney.services import accounts

    emails, password = readme_demo_accounts()
    assert all(world.run(lambda s, e=e: accounts.authenticate(s, e, password)) is None
               for e in emails)
    text = README.read_text(encoding="utf-8")
    otherwise = text.split("**Si no**", 1)[1].split("\n\n", 1)[0]
    assert "«Primera vez»" in otherwise and "tourney demo" in otherwise
    assert client.post("/entrar", data={"email": emails[0], "password": password}
                       ).status_code != 302  # no such account
