"""An event's metagame once its lists are published (tourney.meta does the counting): each
registered list's archetype by the rule of formats/_archetypes.toml, the organizer's renames
and merges, and the finished matches. Staff see it before publication; nobody else does."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sqlmodel import Session, col, select

from ..catalog.model import fold
from ..paths import FORMATS_DIR
from ..meta import (
    AllyLine, ArchetypeRule, Metagame, MetaError, PlayedMatch, apply_aliases, archetype_of,
    check_alias, load_rules, metagame as count_metagame,
)
from ..legality.games import default_game
from ..models.events import Event, User
from ..models.leagues import ArchetypeAlias
from .access import can_view_decklists, require_organizer
from .decklists import registered_by_player
from .errors import Forbidden, ServiceError
from .event_results import finished_matches, top_cut_players
from .events import players as event_players

DEFAULT_FORMATS_DIR = FORMATS_DIR
MAX_ALIASES = 200  # renames per event


@lru_cache(maxsize=8)
def _rules(folder: str, mtime: int):
    return load_rules(folder)


def archetype_rule(fmt, format_id: str) -> ArchetypeRule:
    """The rule for the event's format (its game's, or the format's own override)."""
    folder = Path(fmt.source).parent if fmt is not None and fmt.source \
        else DEFAULT_FORMATS_DIR
    path = folder / "_archetypes.toml"
    mtime = path.stat().st_mtime_ns if path.exists() else 0
    game = fmt.game.id if fmt is not None else default_game(folder).id
    return _rules(str(folder), mtime).for_format(game, format_id)


def deck_archetype(resolved: dict, catalog, fmt, rule: ArchetypeRule) -> str:
    """The automatic archetype of one registered list (the format's errata of Raza applied)."""
    lines = []
    errata = fmt.errata if fmt is not None else {}
    for entry in resolved.get("castle", []):
        code = entry.get("code")
        card = catalog.by_code(code) if (catalog is not None and code) else None
        if card is None or not card.is_ally:
            continue
        err = errata.get(fold(card.name))
        race = err.race if err is not None and getattr(err, "race", None) else card.race
        lines.append(AllyLine(race, int(entry.get("qty", 0))))
    return archetype_of(lines, rule)


def aliases(session: Session, event: Event) -> dict[str, str]:
    return {a.source: a.target for a in session.exec(
        select(ArchetypeAlias).where(col(ArchetypeAlias.event_id) == event.id).order_by(col(ArchetypeAlias.id)))}


@dataclass
class EventMetagame:
    meta: Metagame
    archetype: dict[int, str]      # registration id → archetype (the organizer's names applied)
    automatic: Counter             # the automatic names before renames (for the rename form)
    aliases: dict[str, str]
    lists: int
    players: int
    rule: ArchetypeRule


def require_visible(session: Session, actor: User | None, event: Event) -> None:
    if not can_view_decklists(session, actor, event):
        raise Forbidden("El metagama se muestra cuando el organizador publica las listas.")


def event_metagame(session: Session, event: Event, catalog, formats: dict) -> EventMetagame:
    """The metagame (call ``require_visible`` first when someone asks to see it)."""
    fmt = formats.get(event.format_id)
    rule = archetype_rule(fmt, event.format_id)
    subs = registered_by_player(session, event)
    names = aliases(session, event)
    automatic: Counter = Counter()
    archetype: dict[int, str] = {}
    for reg_id, sub in subs.items():
        name = deck_archetype(sub.resolved, catalog, fmt, rule)
        automatic[name] += 1
        archetype[reg_id] = apply_aliases(name, names)
    matches = [PlayedMatch(str(m.a), str(m.b), m.a_games, m.b_games, m.draws)
               for m in finished_matches(session, [event.pk])]
    cut = top_cut_players(session, event)
    meta = count_metagame({str(k): v for k, v in archetype.items()}, matches,
                          None if cut is None else {str(p) for p in cut})
    return EventMetagame(meta, archetype, automatic, names, len(subs), len(event_players(session, event)),
                         rule)


def rename_archetype(session: Session, actor: User, event: Event, source: str,
                     target: str) -> None:
    """The organizer names an archetype of this event (a rename; several sources with one target
    merge them). Renaming back to itself removes the rename."""
    require_organizer(actor, event, session)
    try:
        source, target = check_alias(source, target)
    except MetaError as exc:
        raise ServiceError(exc.message, field="target") from None
    row = session.exec(select(ArchetypeAlias).where(ArchetypeAlias.event_id == event.id,
                                                    ArchetypeAlias.source == source)).first()
    if source == target:
        if row is not None:
            session.delete(row)
            session.flush()
        return
    if row is None:
        count = len(aliases(session, event))
        if count >= MAX_ALIASES:
            raise ServiceError(f"Un evento tiene a lo más {MAX_ALIASES} nombres de arquetipo.")
        row = ArchetypeAlias(event_id=event.pk, source=source, target=target)
    row.target = target
    session.add(row)
    session.flush()


def clear_renames(session: Session, actor: User, event: Event) -> None:
    require_organizer(actor, event, session)
    for row in session.exec(select(ArchetypeAlias).where(ArchetypeAlias.event_id == event.id)):
        session.delete(row)
    session.flush()


def metagame_csv(data: EventMetagame) -> str:
    """Two tables in one CSV: the archetypes, then the matchup matrix (one row per cell)."""
    import csv
    import io

    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["arquetipo", "jugadores", "porcentaje", "en el corte", "conversión", "partidas",
                "ganadas", "perdidas", "empatadas", "% victorias", "IC95 bajo", "IC95 alto",
                "espejos"])
    for r in data.meta.rows:
        d = r.to_dict()
        w.writerow([_safe(r.name), r.players, d["share"], r.top_cut,
                    "" if d["conversion"] is None else d["conversion"], d["matches"], d["wins"],
                    d["losses"], d["draws"], "" if d["win_rate"] is None else d["win_rate"],
                    d["ci_low"], d["ci_high"], r.mirrors])
    w.writerow([])
    w.writerow(["arquetipo", "contra", "partidas", "ganadas", "perdidas", "empatadas", "juegos",
                "juegos ganados", "juegos perdidos", "% victorias", "IC95 bajo", "IC95 alto"])
    for cell in data.meta.to_dict()["matrix"]:
        w.writerow([_safe(cell["archetype"]), _safe(cell["opponent"]), cell["matches"],
                    cell["wins"], cell["losses"], cell["draws"], cell["games"], cell["games_won"],
                    cell["games_lost"], cell["win_rate"], cell["ci_low"], cell["ci_high"]])
    return out.getvalue()


def _safe(text: str) -> str:
    """A cell never starts a spreadsheet formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
