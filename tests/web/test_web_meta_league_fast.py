"""League standings (issue 25): the fast path of tourney.services.leagues.standings (one pass over
plain rows, one registration query) gives exactly what the straightforward one gives: each
event's placements from its own Swiss standings and top cut, records from its finished matches,
then tourney.meta.league.league_standings. On generated leagues: players shared across events
(by account, by ID, by name), drops, late entries, byes, unreported and disputed matches, top
cuts, events not played yet."""
from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from sqlmodel import select

from tourney.meta import EventResult, Placement, league_standings, parse_points
from tourney.models.catalog import utcnow
from tourney.models.events import (
    MATCH_CONFIRMED, MATCH_DISPUTED, MATCH_PENDING, ROUND_SWISS, ROUND_TOP_CUT, Match,
    Registration, Round,
)
from tourney.models.leagues import LeagueEvent
from tourney.services import leagues
from tourney.services.event_results import finished_matches, placements
from tourney.services.players import player_key

RESULTS = ["2-0-0", "2-1-0", "1-2-0", "0-2-0", "1-1-1", "1-0-1", "0-0-3"]


def _generated_league(world, seed: int):
    rng = random.Random(seed)
    org = world.user(f"org{seed}@x.cl", "organizador", "Olga")
    accounts = [world.user(f"j{seed}-{i}@x.cl", name=f"Cuenta {i}") for i in range(3)]
    events = [world.event(org, name=f"Fecha {n + 1}", date=date(2026, 3, 1) + timedelta(days=7 * n),
                          seed=n, rounds_planned=4, top_cut=rng.choice([0, 0, 4]))
              for n in range(4)]

    def fill(s):
        league = leagues.create_league(s, org, f"Liga {seed}")  # «rating» breaks the last ties
        now = utcnow()
        for n, event in enumerate(events):
            s.add(LeagueEvent(league_id=league.id, event_id=event.id))
            if n == len(events) - 1:
                continue  # joined before it is played
            regs = []
            for p in rng.sample(range(14), rng.randint(9, 13)):
                user = accounts[p] if p < len(accounts) else None
                reg = Registration(event_id=event.id, name=f"Jugador {p}",
                                   user_id=user.id if user else None,
                                   external_id=f"ID-{p}" if p % 2 else None,
                                   dropped=rng.random() < 0.1, late_losses=rng.choice([0, 0, 0, 1]),
                                   byes=rng.choice([0, 0, 0, 0, 1]), created_at=now)
                s.add(reg)
                regs.append(reg)
            s.flush()
            kinds = [ROUND_SWISS] * 3 + ([ROUND_TOP_CUT] if event.top_cut else [])
            for number, kind in enumerate(kinds, start=1):
                rnd = Round(event_id=event.id, number=number, kind=kind, published=True,
                            timer_minutes=50, created_at=now)
                s.add(rnd)
                s.flush()
                seats = [r.id for r in regs]
                rng.shuffle(seats)
                if kind == ROUND_TOP_CUT:
                    seats = seats[:4]
                for t in range(0, len(seats), 2):
                    a = seats[t]
                    b = seats[t + 1] if t + 1 < len(seats) else None
                    status = rng.choice([MATCH_CONFIRMED] * 8 + [MATCH_PENDING, MATCH_DISPUTED])
                    result = None if status == MATCH_PENDING else (
                        "2-0-0" if b is None else rng.choice(RESULTS[:4] if kind == ROUND_TOP_CUT
                                                             else RESULTS))
                    s.add(Match(round_id=rnd.id, table_no=t // 2 + 1, player_a_id=a,
                                player_b_id=b, result=result, status=status))
        s.flush()
        return league.id

    return world.run(fill)


def _straightforward(s, league, formats):
    """Event by event, the way one event's pages read it."""
    results = []
    for event in leagues.league_events(s, league):
        played = finished_matches(s, [event.id])
        if not played:
            continue
        records: dict[int, list[int]] = {}
        for m in played:
            for me, them, mine, theirs in ((m.a, m.b, m.a_games, m.b_games),
                                           (m.b, m.a, m.b_games, m.a_games)):
                r = records.setdefault(me, [0] * 6)
                r[0 if mine > theirs else 1 if theirs > mine else 2] += 1
                r[3] += mine
                r[4] += theirs
                r[5] += m.draws
        regs = {r.id: r for r in s.exec(select(Registration).where(Registration.event_id == event.id))}
        rows = []
        for reg_id, place in sorted(placements(s, event).items(), key=lambda kv: kv[1]):
            reg = regs[reg_id]
            rows.append(Placement(player_key(reg.user_id, reg.external_id, reg.name), reg.name,
                                  place, *records.get(reg_id, [0] * 6)))
        results.append(EventResult(event.id, event.name, tuple(rows)))
    table = parse_points(league.points_toml)
    from tourney.services.ratings import game_ratings

    return league_standings(results, table,
                            lambda: game_ratings(s, formats, league.game_id).ordinal())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_fast_league_standings_equal_the_straightforward_ones(world, seed):
    league_id = _generated_league(world, seed)
    formats = world.formats()

    def both(s):
        league = leagues.get_league(s, league_id)
        fast = leagues.standings(s, league, formats)
        slow = _straightforward(s, league, formats)
        tb = fast.table.tiebreakers
        return [r.to_dict(tb) for r in fast.rows], [r.to_dict(tb) for r in slow], fast.events

    fast, slow, shown = world.run(both)
    assert fast == slow
    assert len(fast) >= 9
    assert [e.counted for e in shown] == [True, True, True, False]


def test_the_event_workbook_carries_the_standings_of_its_league(world):
    import io

    from openpyxl import load_workbook

    from tourney.models.events import Event
    from tourney.services.documents import render_document

    league_id = _generated_league(world, 4)
    formats = world.formats()
    alone = world.event(world.user("sola@x.cl", "organizador"), name="Sin liga")

    def read(s):
        league = leagues.get_league(s, league_id)
        first = leagues.league_events(s, league)[0]
        book = load_workbook(io.BytesIO(render_document(s, first, "workbook",
                                                        formats=formats).data))
        other = load_workbook(io.BytesIO(render_document(s, s.get(Event, alone.id), "workbook",
                                                         formats=formats).data))
        return book, other, leagues.standings(s, league, formats).rows

    book, other, rows = world.run(read)
    assert "Liga" not in other.sheetnames
    sheet = [list(r) for r in book["Liga"].iter_rows(values_only=True)]
    assert sheet[0][:4] == ["Liga", "Puesto", "Jugador", "Puntos"]
    assert [(r[0], r[1], r[2], r[3], r[7]) for r in sheet[1:]] == [
        ("Liga 4", r.rank, r.name, r.points, r.record) for r in rows]
