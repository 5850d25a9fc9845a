"""Issue 26, finding 5: a player's decklist submissions are rate-limited and their history is
bounded (the newest legal list always stays)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from tourney.models.catalog import utcnow
from tourney.models.events import DecklistSubmission
from tourney.services import decklists
from tourney.services.errors import ServiceError


def _count(world, reg):
    return world.run(lambda s: len(s.exec(select(DecklistSubmission).where(
        DecklistSubmission.registration_id == reg.id)).all()))


def test_more_submissions_than_the_rate_allows_are_refused_for_a_player(cast, world):
    reg = cast.regs["ana"]
    start = utcnow()

    def send(s, i):
        return decklists.submit_decklist(s, cast.ana, cast.event, reg, cast.fmt, cast.catalog,
                                         text="1 Inventada", now=start + timedelta(seconds=i))

    before = _count(world, reg)
    for i in range(decklists.SUBMISSIONS_PER_WINDOW - before):
        world.run(lambda s, i=i: send(s, i))
    with pytest.raises(ServiceError, match="espera unos minutos"):
        world.run(lambda s: send(s, 100))
    later = decklists.SUBMISSION_WINDOW.total_seconds() + 200
    world.run(lambda s: send(s, later))  # the window passed


def test_the_history_keeps_a_bounded_number_of_submissions_and_the_newest_legal_list(cast, world):
    reg = cast.regs["ana"]
    start = utcnow()
    window = decklists.SUBMISSION_WINDOW.total_seconds()
    for i in range(decklists.MAX_HISTORY + 10):
        world.run(lambda s, i=i: decklists.submit_decklist(
            s, cast.ana, cast.event, reg, cast.fmt, cast.catalog, text="1 Inventada",
            now=start + timedelta(seconds=window * i)))
    rows = world.run(lambda s: s.exec(select(DecklistSubmission).where(
        DecklistSubmission.registration_id == reg.id)).all())
    assert len(rows) == decklists.MAX_HISTORY + 1  # the newest 30 (illegal) and the legal one
    assert sum(1 for r in rows if r.legal) == 1
