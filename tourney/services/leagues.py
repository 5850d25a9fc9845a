"""Leagues: an organizer's season of events (tourney.meta.league counts the standings).

An event joins a league of its owner, before or after it is played; it counts from its first
finished match (marked «en curso» until the organizer finishes it). The points table is TOML
(tourney.meta.points; default formats/_league_points.toml) checked before it is saved.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from ..document_values import LeagueStandingRow
from ..paths import FORMATS_DIR
from ..meta import (
    EventResult, LeagueRow, Metagame, MetaError, Placement, PointsTable, league_standings,
    merge_metagames, parse_points,
)
from ..legality.games import default_game
from ..models.events import EVENT_FINISHED, MATCH_CONFIRMED, Event, User
from ..models.leagues import MAX_LEAGUE_NAME, League, LeagueEvent
from ..swiss.standings import no_gc
from .access import may_create_events
from .errors import Forbidden, NotFound, ServiceError
from .event_results import (
    bulk_placements, identities, match_rows, registration_rows, result_games,
)
from .metagame import event_metagame
from .ratings import game_ratings

DEFAULT_POINTS_FILE = FORMATS_DIR / "_league_points.toml"
MAX_LEAGUE_EVENTS = 200


def default_points() -> str:
    return DEFAULT_POINTS_FILE.read_text(encoding="utf-8")


def _check_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ServiceError("La liga necesita un nombre.", field="name")
    if len(name) > MAX_LEAGUE_NAME:
        raise ServiceError(f"El nombre tiene más de {MAX_LEAGUE_NAME} caracteres.", field="name")
    return name


def _check_points(text: str) -> str:
    try:
        parse_points(text)
    except MetaError as exc:
        raise ServiceError(exc.message, field="points") from None
    return text


def create_league(session: Session, actor: User, name: str, game_id: str | None = None,
                  points: str | None = None, games: dict | None = None) -> League:
    """A new league of ``game_id`` (by default the game formats/games.toml marks ``default``)."""
    game_id = game_id or default_game().id
    if not may_create_events(actor):
        raise Forbidden("Solo una cuenta de organizador puede crear ligas.")
    if games is not None and game_id not in games:
        raise ServiceError(f"Juego desconocido «{game_id}».", field="game")
    league = League(name=_check_name(name), organizer_id=actor.pk, game_id=game_id,
                    points_toml=_check_points(points if points is not None else default_points()))
    session.add(league)
    session.flush()
    return league


def get_league(session: Session, league_id: int) -> League:
    league = session.get(League, league_id)
    if league is None:
        raise NotFound("No existe esa liga.")
    return league


def find_league(session: Session, ref: str) -> League:
    """A league by id or exact name (the CLI)."""
    if ref.isdigit():
        return get_league(session, int(ref))
    found = session.exec(select(League).where(League.name == ref)).all()
    if not found:
        raise NotFound(f"No existe la liga «{ref}».")
    if len(found) > 1:
        raise ServiceError(f"Hay {len(found)} ligas llamadas «{ref}»: use su número.")
    return found[0]


def list_leagues(session: Session) -> list[League]:
    return list(session.exec(select(League).order_by(col(League.created_at).desc(), col(League.id).desc())))


def is_league_organizer(actor: User | None, league: League) -> bool:
    return bool(actor is not None and getattr(actor, "is_authenticated", False)
                and actor.id == league.organizer_id)


def require_league_organizer(actor: User | None, league: League) -> None:
    if not is_league_organizer(actor, league):
        raise Forbidden("Solo el organizador de la liga puede hacer esto.")


def update_league(session: Session, actor: User, league: League, name: str, points: str) -> None:
    require_league_organizer(actor, league)
    league.name = _check_name(name)
    league.points_toml = _check_points(points)
    session.add(league)
    session.flush()


def league_events(session: Session, league: League) -> list[Event]:
    return list(session.exec(select(Event).join(LeagueEvent, col(LeagueEvent.event_id) == Event.id)
                             .where(LeagueEvent.league_id == league.id)
                             .order_by(col(Event.date), col(Event.id))))


def add_event(session: Session, actor: User, league: League, event: Event, formats: dict) -> None:
    """An event of the league's organizer and game joins (played or not)."""
    require_league_organizer(actor, league)
    if event.organizer_id != league.organizer_id:
        raise Forbidden("Solo se agregan a una liga eventos de su organizador.")
    fmt = formats.get(event.format_id)
    if fmt is not None and fmt.game.id != league.game_id:
        raise ServiceError(f"«{event.name}» es de otro juego ({fmt.game.name}).", field="event")
    if session.exec(select(LeagueEvent).where(LeagueEvent.league_id == league.id,
                                              LeagueEvent.event_id == event.id)).first():
        raise ServiceError(f"«{event.name}» ya está en la liga.", field="event")
    if len(league_events(session, league)) >= MAX_LEAGUE_EVENTS:
        raise ServiceError(f"Una liga tiene a lo más {MAX_LEAGUE_EVENTS} eventos.", field="event")
    session.add(LeagueEvent(league_id=league.pk, event_id=event.pk))
    session.flush()


def remove_event(session: Session, actor: User, league: League, event: Event) -> None:
    require_league_organizer(actor, league)
    row = session.exec(select(LeagueEvent).where(LeagueEvent.league_id == league.id,
                                                 LeagueEvent.event_id == event.id)).first()
    if row is None:
        raise NotFound("Ese evento no está en la liga.")
    session.delete(row)
    session.flush()


def candidate_events(session: Session, league: League, formats: dict) -> list[Event]:
    """The organizer's events of the league's game that are not in it yet."""
    inside = {e.id for e in league_events(session, league)}
    return [e for e in session.exec(select(Event).where(Event.organizer_id == league.organizer_id)
                                    .order_by(col(Event.date).desc(), col(Event.id).desc()))
            if e.id not in inside and (formats.get(e.format_id) is None
                                       or formats[e.format_id].game.id == league.game_id)]


@dataclass
class EventInLeague:
    event: Event
    counted: bool     # has finished matches
    finished: bool    # the organizer finished it
    players: int


@dataclass
class Standings:
    league: League
    table: PointsTable
    rows: list[LeagueRow]
    events: list[EventInLeague]


def standings(session: Session, league: League, formats: dict,
              with_ratings: bool = False) -> Standings:
    """The league's standings. The ratings (every match of the game, cached until one changes)
    are read only when the «rating» tiebreaker decides a tie, or when ``with_ratings`` asks
    for them to be shown."""
    table = parse_points(league.points_toml)
    events = league_events(session, league)
    ids = [e.pk for e in events]
    # 40,000 rows of short-lived tuples: the collector's passes would cost more than the work
    with no_gc():
        regs = registration_rows(session, ids)
        who = identities(session, ids, regs)
        rows = match_rows(session, ids)
        entrants: dict[int, int] = {}
        for ident in who.values():
            entrants[ident.event_id] = entrants.get(ident.event_id, 0) + 1
        # each event's records in one pass over the plain rows (the matches ``finished_matches``
        # keeps: confirmed, two players, a result), without an object per match
        records_of: dict[int, dict[int, list[int]]] = {}
        games_of = result_games
        for _mid, eid, _number, _kind, _table, a, b, result, status in rows:
            if status != MATCH_CONFIRMED or b is None or result is None:
                continue
            games = games_of(result)
            if games is None:
                continue
            ag, bg, dg = games
            records = records_of.get(eid)
            if records is None:
                records = records_of[eid] = {}
            ra = records.get(a)
            if ra is None:
                ra = records[a] = [0, 0, 0, 0, 0, 0]
            rb = records.get(b)
            if rb is None:
                rb = records[b] = [0, 0, 0, 0, 0, 0]
            if ag > bg:
                ra[0] += 1
                rb[1] += 1
            elif bg > ag:
                ra[1] += 1
                rb[0] += 1
            else:
                ra[2] += 1
                rb[2] += 1
            ra[3] += ag
            ra[4] += bg
            ra[5] += dg
            rb[3] += bg
            rb[4] += ag
            rb[5] += dg
        all_places = bulk_placements(session, [e for e in events if e.id in records_of], rows,
                                     regs)
    results: list[EventResult] = []
    shown: list[EventInLeague] = []
    nothing = [0, 0, 0, 0, 0, 0]
    for event in events:
        records = records_of.get(event.pk)
        shown.append(EventInLeague(event, bool(records), event.status == EVENT_FINISHED,
                                   entrants.get(event.pk, 0)))
        if not records:
            continue
        placed = []
        for reg_id, place in sorted(all_places[event.pk].items(), key=lambda kv: kv[1]):
            placed_one = who.get(reg_id)
            if placed_one is None:
                continue
            w, lo, d, gw, gl, gd = records.get(reg_id, nothing)
            placed.append(Placement(placed_one.key, placed_one.name, place, w, lo, d, gw, gl, gd))
        results.append(EventResult(event.pk, event.name, tuple(placed)))

    def ratings() -> dict[str, float]:
        return game_ratings(session, formats, league.game_id).ordinal()

    return Standings(league, table,
                     league_standings(results, table, ratings() if with_ratings else ratings),
                     shown)


@dataclass
class SeasonMetagame:
    meta: Metagame
    events: int           # events counted (lists published)
    left_out: list[str]   # events whose lists are not published yet


def season_metagame(session: Session, league: League, catalog, formats: dict) -> SeasonMetagame:
    """The metagame over every event of the league whose lists are published."""
    parts = []
    left_out = []
    for event in league_events(session, league):
        if not event.decklists_published:
            left_out.append(event.name)
            continue
        parts.append(event_metagame(session, event, catalog, formats).meta)
    return SeasonMetagame(merge_metagames(parts), len(parts), left_out)


def leagues_of_event(session: Session, event: Event) -> list[League]:
    return list(session.exec(select(League).join(LeagueEvent, col(LeagueEvent.league_id) == League.id)
                             .where(col(LeagueEvent.event_id) == event.id).order_by(col(League.id))))


def league_report(session: Session, league: League, catalog, formats: dict) -> dict:
    """Everything the CLI's --json, the workbook and the page share, as plain values."""
    table = standings(session, league, formats, with_ratings=True)
    season = season_metagame(session, league, catalog, formats)
    rated = game_ratings(session, formats, league.game_id)
    keys = {r.key for r in table.rows}
    ratings = sorted(({"player": rated.names.get(k, k), "key": k, **rated.ratings[k].to_dict()}
                      for k in keys if k in rated.ratings), key=lambda r: -r["rating"])
    events = [{"id": e.event.id, "name": e.event.name, "date": e.event.date.isoformat(),
               "players": e.players,
               "state": "finalizado" if e.finished else ("en curso" if e.counted else "sin jugar")}
              for e in table.events]
    return {"league": {"id": league.id, "name": league.name, "game": league.game_id,
                       "tiebreakers": list(table.table.tiebreakers),
                       "points": list(table.table.points),
                       "participation": table.table.participation,
                       "best_of": table.table.best_of},
            "events": events,
            "standings": [r.to_dict(table.table.tiebreakers) for r in table.rows],
            "metagame": {**season.meta.to_dict(), "events_counted": season.events,
                         "events_left_out": season.left_out},
            "ratings": ratings}


def league_workbook(session: Session, league: League, catalog, formats: dict) -> bytes:
    from ..sheets.league import build_league_workbook

    report = league_report(session, league, catalog, formats)
    lg = report["league"]
    info = [("Liga", lg["name"]), ("Juego", lg["game"]), ("Eventos", len(report["events"])),
            ("Puntos por puesto", ", ".join(f"{i}.º {p}" for i, p in enumerate(lg["points"], 1))),
            ("Participación", lg["participation"]), ("Desempates", ", ".join(lg["tiebreakers"])),
            ("Metagama", f"{report['metagame']['events_counted']} eventos con listas publicadas")]
    return build_league_workbook(info, report["standings"], report["events"], report["metagame"],
                                 report["ratings"])


def event_league_rows(session: Session, event: Event,
                      formats: dict) -> tuple[LeagueStandingRow, ...]:
    """The standings of every league the event belongs to (the event workbook's «Liga» sheet),
    the same rows the league's page shows."""
    out = []
    for league in leagues_of_event(session, event):
        table = standings(session, league, formats)
        out += [LeagueStandingRow(league.name, r.rank, r.name, r.points, len(r.events),
                                  r.best_place, r.event_wins, r.record,
                                  round(r.match_win_rate, 4), round(r.game_win_rate, 4))
                for r in table.rows]
    return tuple(out)
