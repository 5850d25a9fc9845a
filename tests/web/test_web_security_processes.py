"""Issue 15 (several processes): what a process keeps in memory is keyed by the database, so
a write made by another process (another engine, another session: nothing shared in memory)
shows on the next request. The load benchmark checks the same on 4 real processes."""
from __future__ import annotations

from sqlalchemy import create_engine
from sqlmodel import Session


def _other_process(database_url):
    """A separate engine and session, as another process of tourney serve would have."""
    from tourney.db import normalize_url

    return Session(create_engine(normalize_url(database_url)), expire_on_commit=False)


def test_a_result_entered_by_another_process_shows_on_the_next_pairings_page(client, paired, database_url):
    from tourney.models.events import Match, User
    from tourney.services import rounds

    url = f"/eventos/{paired.event.id}/rondas/1"
    before = client.get(url).get_data(as_text=True)  # rendered and cached here
    with _other_process(database_url) as s:
        org = s.get(User, paired.org.id)
        match = s.get(Match, paired.match.id)
        rounds.enter_result(s, org, paired.event, match, "2-0-0", match.version)
        s.commit()
        s.get_bind().dispose()
    after = client.get(url).get_data(as_text=True)
    assert after != before
    assert "2-0" in after


def test_standings_follow_a_result_entered_by_another_process(client, paired, database_url):
    from tourney.models.events import Match, User
    from tourney.services import rounds

    url = f"/eventos/{paired.event.id}/clasificacion"
    before = client.get(url).get_data(as_text=True)
    with _other_process(database_url) as s:
        match = s.get(Match, paired.match.id)
        rounds.enter_result(s, s.get(User, paired.org.id), paired.event, match, "2-0-0", match.version)
        s.commit()
        s.get_bind().dispose()
    assert client.get(url).get_data(as_text=True) != before


def test_rate_limit_counters_live_in_the_database_not_in_memory(app, client, world, database_url):
    from sqlalchemy import text

    world.user("ana@x.cl")
    client.post("/entrar", data={"email": "ana@x.cl", "password": "mala-clave"})
    with _other_process(database_url) as s:
        rows = s.execute(text("SELECT key, hits FROM rate_limit WHERE key LIKE :k"),
                         {"k": "%/entrar/fallos/cuenta/%"}).all()
        s.get_bind().dispose()
    assert rows and rows[0].hits == 1


def test_finished_rate_limit_windows_are_purged(app, database_url):
    import time

    from sqlalchemy import text

    from tourney.services.throttle import DatabaseStorage

    storage = DatabaseStorage("tourneydb://", database_url=database_url)
    storage.incr("prueba:vieja", 0.01)
    deadline = time.monotonic() + 10  # wait for the 10 ms window to end, not a fixed sleep
    while storage.get("prueba:vieja") != 0:
        assert time.monotonic() < deadline, "the finished window still counts"
        time.sleep(0.005)
    storage.PURGE_EVERY = 1
    storage.incr("prueba:nueva", 60)
    with _other_process(database_url) as s:
        keys = set(s.execute(text("SELECT key FROM rate_limit WHERE key LIKE 'prueba:%'")).scalars())
        s.get_bind().dispose()
    assert keys == {"prueba:nueva"}
    assert storage.incr("prueba:nueva", 60) == 2 and storage.get_expiry("prueba:nueva") > time.time()
    storage.clear("prueba:nueva")
    assert storage.get("prueba:nueva") == 0
