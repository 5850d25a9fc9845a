"""Issue 23, faster hands: the web writes every date dd-mm-aaaa (tourney.dates), like the PDFs
and the workbooks."""
from __future__ import annotations

from datetime import datetime, timezone

from web_helpers import login


def test_event_pages_write_dates_dd_mm_aaaa(client, cast, world):
    from tourney.services import events

    def deadline(s):
        ev = events.get_event(s, cast.event.id)
        ev.decklist_deadline = datetime(2026, 12, 5, 13, 0, tzinfo=timezone.utc)
        s.add(ev)
    world.run(deadline)
    home = client.get(f"/eventos/{cast.event.id}").get_data(as_text=True)
    assert "05-12-2026 · Club" in home
    assert "Cierre de listas: 05-12-2026 10:00" in home  # the venue's time (America/Santiago)
    assert "05-12-2026" in client.get("/").get_data(as_text=True)
    login(client, cast.ana.email)
    mine = client.get(f"/eventos/{cast.event.id}/mi-lista").get_data(as_text=True)
    assert "Lista inscrita: la enviada el " in mine
    sent = mine.split("Lista inscrita: la enviada el ")[1][:16]
    assert sent[2] == sent[5] == "-" and sent[10] == " " and sent[13] == ":"  # dd-mm-aaaa hh:mm
