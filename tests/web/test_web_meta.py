"""The metagame page, leagues, player pages and ratings (issue 25), through the web and the CLI."""
from __future__ import annotations

import json
import random
from collections import Counter
from datetime import date

import pytest

from tourney.services import decklists, events, leagues, rounds
from tourney.services.demo import build_deck
from tourney.services.metagame import archetype_rule, deck_archetype, event_metagame
from web_helpers import FORMAT, login

RACES = ["Dragón", "Dragón", "Faerie", "Faerie", "Caballero", "Dragón"]
OUTCOMES = ["2-0-0", "2-1-0", "0-2-0", "1-2-0", "1-1-1", "2-1-0"]


def _play_event(world, org, users, name, day, seed, publish=True, played=2):
    fmt, cat = world.formats()[FORMAT], world.catalog()
    rng = random.Random(seed)
    event = world.event(org, name=name, date=day, seed=seed, rounds_planned=played + 1)

    def setup(s):
        for user, race in zip(users, RACES):
            reg = events.register_self(s, user, event)
            decklists.submit_decklist(s, user, event, reg, fmt, cat,
                                      text=build_deck(cat, fmt, rng, race=race))
        events.set_registration_open(s, org, event, False)
        for _ in range(played):
            rnd = rounds.pair_next_round(s, org, event)
            rounds.publish_round(s, org, rnd)
            for m in rounds.round_matches(s, rnd):
                if m.player_b_id is not None:
                    rounds.enter_result(s, org, event, m, rng.choice(OUTCOMES), m.version)
        if publish:
            events.set_decklists_published(s, org, event, True)

    world.run(setup)
    return event


@pytest.fixture
def season(world):
    org = world.user("liga@x.cl", "organizador", "Olga Liga")
    users = [world.user(f"p{i}@x.cl", name=f"Jugador {i}") for i in range(6)]
    first = _play_event(world, org, users, "Fecha 1", date(2026, 11, 1), 5)
    second = _play_event(world, org, users, "Fecha 2", date(2026, 11, 8), 6, publish=False)

    class Season:
        pass

    s = Season()
    s.org, s.users, s.first, s.second = org, users, first, second
    return s


def test_the_matchup_matrix_of_an_event_matches_a_count_by_hand(season, world):
    """Every finished match read from the tables, each list's archetype, counted here."""
    from sqlmodel import select

    from tourney.models.events import Match, Round

    def by_hand(s):
        fmt, cat = world.formats()[FORMAT], world.catalog()
        rule = archetype_rule(fmt, FORMAT)
        subs = decklists.registered_by_player(s, season.first)
        arch = {rid: deck_archetype(sub.resolved, cat, fmt, rule) for rid, sub in subs.items()}
        count: Counter = Counter()
        for m in s.exec(select(Match).join(Round).where(Round.event_id == season.first.id)):
            if m.player_b_id is None:
                continue
            a, b, d = (int(x) for x in m.result.split("-"))
            x, y = arch[m.player_a_id], arch[m.player_b_id]
            outcome = "W" if a > b else "L" if b > a else "D"
            back = {"W": "L", "L": "W", "D": "D"}[outcome]
            count[(x, y, outcome)] += 1
            count[(x, y, "gw")] += a
            count[(x, y, "gl")] += b
            if x != y:
                count[(y, x, back)] += 1
                count[(y, x, "gw")] += b
                count[(y, x, "gl")] += a
        meta = event_metagame(s, season.first, cat, world.formats()).meta
        return count, meta, Counter(arch.values())

    count, meta, shares = world.run(by_hand)
    assert {r.name: r.players for r in meta.rows} == dict(shares)
    assert meta.matches == 6
    for x in meta.names:
        for y in meta.names:
            c = meta.cell(x, y)
            assert (c.wins, c.losses, c.draws, c.games_won, c.games_lost) == (
                count[(x, y, "W")], count[(x, y, "L")], count[(x, y, "D")],
                count[(x, y, "gw")], count[(x, y, "gl")]), (x, y)


def test_the_metagame_stays_private_until_the_lists_are_published(season, client):
    second = season.second.id
    assert client.get(f"/eventos/{second}/metagama").status_code == 403
    assert client.get(f"/eventos/{second}/metagama.csv").status_code == 403
    assert client.get(f"/eventos/{second}/metagama.pdf").status_code == 403
    login(client, season.users[0].email)
    assert client.get(f"/eventos/{second}/metagama").status_code == 403
    login(client, season.org.email)
    page = client.get(f"/eventos/{second}/metagama").get_data(as_text=True)
    assert "solo el equipo del evento" in page


def test_the_metagame_page_draws_svg_charts_and_offers_csv_and_pdf(season, client):
    first = season.first.id
    html = client.get(f"/eventos/{first}/metagama").get_data(as_text=True)
    assert html.count("<svg") == 2 and "<script" not in html.split("<main>")[1]
    assert "Enfrentamientos" in html and "Dragón" in html
    csv = client.get(f"/eventos/{first}/metagama.csv")
    assert csv.mimetype == "text/csv" and csv.get_data(as_text=True).startswith("arquetipo,jugadores")
    pdf = client.get(f"/eventos/{first}/metagama.pdf")
    assert pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")


def test_the_organizer_renames_and_merges_archetypes_of_the_event(season, client, world):
    first = season.first.id
    login(client, season.users[0].email)
    assert client.post(f"/eventos/{first}/metagama/arquetipos",
                       data={"source": "Dragón", "target": "X"}).status_code == 403
    login(client, season.org.email)
    for source in ("Dragón", "Faerie"):
        resp = client.post(f"/eventos/{first}/metagama/arquetipos",
                           data={"source": source, "target": "Aire y Fuego"})
        assert resp.status_code == 302
    meta = world.run(lambda s: event_metagame(s, season.first, world.catalog(), world.formats()))
    names = {r.name: r.players for r in meta.meta.rows}
    assert names.get("Aire y Fuego") == 5 and "Dragón" not in names
    bad = client.post(f"/eventos/{first}/metagama/arquetipos", data={"source": "Caballero",
                                                                     "target": "x" * 61})
    assert bad.status_code == 400


def test_a_league_groups_events_and_ranks_players_across_them(season, client, world):
    login(client, season.org.email)
    bad = client.post("/ligas/nueva", data={"name": "Liga", "game": "myl",
                                            "points": "[puntos]\n1 = 5\n3 = 1\n"})
    assert bad.status_code == 400 and "línea 3" in bad.get_data(as_text=True)
    resp = client.post("/ligas/nueva", data={"name": "Liga de Verano", "game": "myl",
                                             "points": leagues.default_points()})
    assert resp.status_code == 302
    league_url = resp.location
    league_id = int(league_url.rsplit("/", 1)[1])
    for event in (season.first, season.second):
        assert client.post(f"/ligas/{league_id}/eventos", data={"event": event.id}).status_code == 302
    page = client.get(league_url).get_data(as_text=True)
    assert page.count("Jugador ") >= 6 and "Fecha 2" in page
    league = world.run(lambda s: leagues.get_league(s, league_id))
    table = world.run(lambda s: leagues.standings(s, league, world.formats()))
    assert all(len(r.events) == 2 for r in table.rows)
    assert [r.rank for r in table.rows] == sorted(r.rank for r in table.rows)
    # the season's metagame counts only the event whose lists are published
    season_page = client.get(f"/ligas/{league_id}/metagama").get_data(as_text=True)
    assert "1 evento con listas publicadas" in season_page and "Fecha 2" in season_page
    xlsx = client.get(f"/ligas/{league_id}/libro.xlsx")
    assert xlsx.status_code == 200 and xlsx.data[:2] == b"PK"


def test_a_player_page_shows_events_and_rating_and_can_be_hidden(season, client, world):
    key = f"u{season.users[0].id}"
    page = client.get(f"/jugadores/{key}").get_data(as_text=True)
    assert "Rating · Mitos y Leyendas" in page and "Fecha 1" in page and "Fecha 2" in page
    login(client, season.users[0].email)
    assert client.post("/jugadores/perfil", data={"hidden": "y"}).status_code == 302
    assert "solo tú ves esta página" in client.get(f"/jugadores/{key}").get_data(as_text=True)
    client.post("/salir")
    assert client.get(f"/jugadores/{key}").status_code == 403
    # results still count: the player is still in the league standings
    org = season.org

    def league_rows(s):
        league = leagues.create_league(s, org, "Liga")
        leagues.add_event(s, org, league, season.first, world.formats())
        return [r.key for r in leagues.standings(s, league, world.formats()).rows]

    assert key in world.run(league_rows)


def test_an_event_joins_a_league_before_it_is_played(season, world):
    org = season.org
    later = world.event(org, name="Fecha 3", date=date(2026, 11, 15))

    def run(s):
        league = leagues.create_league(s, org, "Liga")
        leagues.add_event(s, org, league, later, world.formats())
        leagues.add_event(s, org, league, season.first, world.formats())
        with pytest.raises(Exception, match="ya está en la liga"):
            leagues.add_event(s, org, league, later, world.formats())
        table = leagues.standings(s, league, world.formats())
        return [(e.event.name, e.counted) for e in table.events]

    assert world.run(run) == [("Fecha 1", True), ("Fecha 3", False)]


def test_only_the_events_organizer_adds_them_to_a_league(season, world):
    other = world.user("otra@x.cl", "organizador", "Otra")
    from tourney.services.errors import Forbidden

    def run(s):
        league = leagues.create_league(s, other, "Ajena")
        with pytest.raises(Forbidden):
            leagues.add_event(s, other, league, season.first, world.formats())

    world.run(run)


def test_cli_meta_and_league_standings_in_json(season, runner, world):
    out = runner.invoke(args=["meta", str(season.first.id), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["lists"] == 6 and data["matches"] == 6 and {"archetypes", "matrix"} <= set(data)
    hidden = runner.invoke(args=["meta", str(season.second.id)])
    assert hidden.exit_code == 2 and "no están publicadas" in hidden.output
    made = runner.invoke(args=["league", "create", "Liga CLI", "--organizer", season.org.email])
    assert made.exit_code == 0, made.output
    for event in (season.first, season.second):
        assert runner.invoke(args=["league", "add-event", "Liga CLI", str(event.id)]).exit_code == 0
    table = runner.invoke(args=["league", "standings", "Liga CLI", "--json"])
    assert table.exit_code == 0, table.output
    report = json.loads(table.output)
    assert len(report["standings"]) == 6 and len(report["events"]) == 2
    assert all(r["rating"] is not None for r in report["standings"])
    assert report["metagame"]["events_counted"] == 1
    missing = runner.invoke(args=["league", "standings", "no-existe"])
    assert missing.exit_code == 2 and "Traceback" not in missing.output


def test_cli_ratings_order_an_events_players_for_seeding(season, runner):
    out = runner.invoke(args=["ratings", "--event", str(season.second.id), "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)["players"]
    assert [r["seed"] for r in rows] == list(range(1, 7))
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)


def test_cli_refuses_a_bad_points_table_naming_the_line(season, runner, tmp_path):
    points = tmp_path / "puntos.toml"
    points.write_text("[puntos]\n1 = 10\n2 = -1\n", encoding="utf-8")
    out = runner.invoke(args=["league", "create", "Mala", "--organizer", season.org.email,
                              "--points", str(points)])
    assert out.exit_code == 2 and "línea 3" in out.output and "negativos" in out.output


def test_league_placements_are_the_events_own_standings(season, world):
    """The league reads many events at once: the same order as each event's standings page."""
    from tourney.services.event_results import bulk_placements, placements

    def both(s):
        events_ = [season.first, season.second]
        return bulk_placements(s, events_), {e.id: placements(s, e) for e in events_}

    bulk, one_by_one = world.run(both)
    assert bulk == one_by_one


def test_the_league_migration_adds_tables_and_keeps_the_events(tmp_path):
    """0010_leagues only adds tables: an event saved before it is still there after the
    upgrade, and the downgrade removes only the league tables."""
    from sqlalchemy import inspect, text

    from tourney import db

    url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    db.upgrade(url, "0009_event_history")
    engine = db.get_engine(url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO app_user (email, name, password_hash, role, created_at, "
                          "session_version) VALUES ('o@x.cl', 'O', 'x', 'organizador', "
                          "'2026-01-01', 0)"))
        conn.execute(text("INSERT INTO event (name, date, venue, format_id, top_cut, "
                          "support_required, registration_open, status, decklists_published, "
                          "page_size, seed, organizer_id, created_at) VALUES ('Viejo', "
                          "'2026-01-01', '', 'unificado', 0, 1, 1, 'inscripcion', 0, 'A4', 0, 1, "
                          "'2026-01-01')"))
    db.upgrade(url)
    tables = set(inspect(db.get_engine(url)).get_table_names())
    assert {"league", "league_event", "archetype_alias", "player_profile"} <= tables
    with db.get_engine(url).begin() as conn:
        assert conn.execute(text("SELECT name FROM event")).scalar() == "Viejo"
    db.downgrade(url, "0009_event_history")
    tables = set(inspect(db.get_engine(url)).get_table_names())
    assert "league" not in tables and "event" in tables
