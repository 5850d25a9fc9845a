"""Metagame after decklists are published: races and Escuelas Elementales of the lists."""
from __future__ import annotations

from collections import Counter

from sqlmodel import Session

from ..catalog.model import RACE_SCHOOL
from ..models.events import Event
from .decklists import registered_by_player


def main_race(resolved: dict, catalog) -> str | None:
    """The race with the most Aliados in the Mazo Castillo (ties: alphabetical)."""
    races: Counter = Counter()
    for entry in resolved.get("castle", []):
        card = catalog.by_code(entry["code"]) if catalog is not None else None
        if card is not None and card.is_ally and card.race:
            races[card.race] += entry["qty"]
    if not races:
        return None
    best = max(races.values())
    return sorted(r for r, n in races.items() if n == best)[0]


def metagame(session: Session, event: Event, catalog) -> dict:
    subs = registered_by_player(session, event)
    races: Counter = Counter()
    schools: Counter = Counter()
    for sub in subs.values():
        race = main_race(sub.resolved, catalog)
        races[race or "Sin Aliados"] += 1
        schools[RACE_SCHOOL.get(race, "Otra") if race else "Otra"] += 1
    total = len(subs)

    def bars(counter: Counter) -> list[dict]:
        return [{"label": k, "count": v, "pct": round(100 * v / total) if total else 0}
                for k, v in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))]

    return {"total": total, "races": bars(races), "schools": bars(schools),
            "format": event.format_id}
