"""`tourney serve`: the production WSGI server for an event.

PLACEHOLDER wiring owned by the security and scale work (issue 15).
"""
from __future__ import annotations

import click


def register(group: click.Group) -> None:
    return None
