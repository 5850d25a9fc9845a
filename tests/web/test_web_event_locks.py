"""Lists lock at the first pairing whatever the deadline says, and a finished event is
read-only (issue 23 item 3)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from tourney.models.catalog import utcnow
from tourney.models.events import Event
from tourney.services import decklists
from web_helpers import login


@pytest.fixture
def late_deadline(cast, world):
    """«Cierre de listas» a week after the event; round 1 paired."""
    from tourney.services import rounds

    def setup(s):
        event = s.get(Event, cast.event.id)
        event.decklist_deadline = utcnow() + timedelta(days=7)
        s.add(event)
        s.flush()
        rounds.pair_next_round(s, cast.org, event)

    world.run(setup)
    return cast


def test_a_later_deadline_does_not_keep_lists_open_after_the_first_pairing(client, late_deadline,
                                                                           world):
    c = late_deadline
    reg = c.regs["ana"]
    before = len(world.run(lambda s: decklists.history(s, reg)))
    login(client, c.ana.email)
    page = client.get(f"/eventos/{c.event.id}/mi-lista").get_data(as_text=True)
    assert "Las listas están cerradas" in page
    resp = client.post(f"/eventos/{c.event.id}/mi-lista", data={"text": c.decks["beto"]})
    assert "se emparejó la primera ronda" in resp.get_data(as_text=True)
    assert client.post(f"/eventos/{c.event.id}/mi-lista/verificar",
                       data={"text": c.decks["beto"]}).status_code == 409
    assert len(world.run(lambda s: decklists.history(s, reg))) == before


def test_a_finished_event_is_read_only_even_for_its_organizer(client, late_deadline, world):
    from tourney.services import events

    c = late_deadline
    world.run(lambda s: events.finish_event(s, c.org, s.get(Event, c.event.id)))
    reg = c.regs["ana"]
    before = len(world.run(lambda s: decklists.history(s, reg)))
    login(client, c.ana.email)
    resp = client.post(f"/eventos/{c.event.id}/mi-lista", data={"text": c.decks["beto"]})
    assert "El evento terminó" in resp.get_data(as_text=True)
    login(client, c.org.email)
    resp = client.post(f"/eventos/{c.event.id}/listas/{reg.id}/editar",
                       data={"text": c.decks["beto"]})
    assert "El evento terminó" in resp.get_data(as_text=True)
    assert len(world.run(lambda s: decklists.history(s, reg))) == before
