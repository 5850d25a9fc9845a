"""`tourney engine coverage` and `tourney engine abilities`: the ability compiler's commands.

PLACEHOLDER wiring owned by the compiler work (issue 11): attach the commands to the
``engine`` group that ``tourney.cli.engine`` registers.
"""
from __future__ import annotations

import click


def register(group: click.Group) -> None:
    return None
