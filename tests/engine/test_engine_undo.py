"""Undo (``Game.check``, an illegal line of a live table or of the generator): the snapshot
must hold every part of the position — an attribute a new rule adds and the snapshot forgets
would survive the undo of the action that set it."""
from __future__ import annotations

import inspect
import re

from engine_helpers import generated_lines

from tourney.engine import catalog_resolver, read_record
from tourney.engine.game import Game


def test_every_attribute_of_the_game_is_undone_or_says_why_not(real_catalog):
    record = read_record(generated_lines(real_catalog, 1), catalog_resolver(real_catalog))
    game = Game(record.header)
    snapshot = inspect.getsource(Game._snapshot) + " ".join(Game._SCALARS)
    forgotten = [name for name in vars(game)
                 if name not in Game._NOT_UNDONE and not re.search(rf"\bself\.{name}\b|\b{name}\b",
                                                                   snapshot)]
    assert not forgotten, f"not in Game._snapshot nor in Game._NOT_UNDONE: {forgotten}"
    stale = [name for name in Game._NOT_UNDONE if name not in vars(game)]
    assert not stale, f"Game._NOT_UNDONE names what the game no longer has: {stale}"


def test_an_illegal_line_checked_leaves_the_modes_named_so_far_as_they_were(real_catalog):
    """A play naming a mode (record v2 «mode») that is then refused must not leave its card
    marked as played in a mode."""
    record = read_record(generated_lines(real_catalog, 1), catalog_resolver(real_catalog))
    game = Game(record.header)
    before = set(game.modes)
    saved = game._snapshot()
    game.modes.add("A1")
    game._restore(saved)
    assert game.modes == before
