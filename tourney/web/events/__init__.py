"""Event pages (blueprint ``events``), one module per responsibility:

- ``base``: the blueprint, header links, section names, match-state labels, lookups;
- ``public``: event list, home, pairings, standings;
- ``metagame``: the metagame page, its CSV and PDF, the organizer's archetype names;
- ``organizer``: create/edit, dashboard, desk players, drops, judges, forbidden pairs, switches;
- ``tables``: pairing a round, publishing, re-pairing, swaps, broken tables, by hand, clock;
- ``results``: reporting and entering match results;
- ``decklists``: signing up, entering and checking lists, card search, the judges' views;
- ``support``: Mazo de Soporte swaps (section 11) and deck checks.

Every write goes through ``tourney.web.common.service_call`` (commit, or roll back and show).
"""
from __future__ import annotations

from . import decklists, metagame, organizer, public, results, support, tables  # noqa: F401  (routes)
from .base import bp, event_nav, outcome_for, sections, status_label  # noqa: F401

__all__ = ["bp", "event_nav", "outcome_for", "sections", "status_label"]
