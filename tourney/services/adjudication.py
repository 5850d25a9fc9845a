"""Adjudication in the event: a judge uploads the record of one game of a match; the rules
engine replays it; the record, the verdict, the deck check and the uploader are stored.

* Who uploads: the judges of the event and the organizers (rights: ``adjudication_access``).
* Who sees: the staff see every adjudication; the two players of the match see their own
  games; everyone else only once the organizer has published the decklists.
* A corrected record is stored as the next revision of the same match and game: the history
  stays, the latest revision counts.
* Nothing is stored half: every check runs before the row is added (then one flush).
"""
from __future__ import annotations

import json
import re
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from ..document_values import AdjudicationRow
from ..engine import RecordError, adjudicate, catalog_resolver, read_record
from ..engine.rules import rule_title
from ..models.adjudication import (
    SOURCE_CLI, SOURCE_FILE, SOURCE_TABLE, SOURCE_TEXT, SOURCES, Adjudication,
)
from ..models.catalog import utcnow
from ..models.events import Event, Match, Registration, Round, User
from ..swiss import MATCH_GAMES
from . import record_deck
from .adjudication_seats import first_player_of, seat_players
from .adjudication_access import can_view, is_staff, match_registrations, require_upload
from .errors import Conflict, NotFound, ServiceError
from .events import get_event
from .rounds import round_of
from .rows import existing
from .swaps import expected_deck

MAX_RECORD_BYTES = 1024 * 1024  # a 200-turn record is ~150 KB
STATUS_LABELS = {
    "finished": "partida terminada",
    "unfinished": "partida sin terminar (todas las acciones son legales)",
    "illegal": "acción ilegal",
}


# -- reading ------------------------------------------------------------------------------------
def get_match(session: Session, event: Event, match_id: int) -> tuple[Match, Round]:
    match = session.get(Match, match_id)
    rnd = session.get(Round, match.round_id) if match is not None else None
    if match is None or rnd is None or rnd.event_id != event.id:
        raise NotFound("No existe esa mesa en este evento.")
    return match, rnd


def get(session: Session, event: Event, adjudication_id: int) -> Adjudication:
    adj = session.get(Adjudication, adjudication_id)
    if adj is None or adj.event_id != event.id:
        raise NotFound("No existe ese arbitraje en este evento.")
    return adj


def for_match(session: Session, match: Match) -> list[Adjudication]:
    """Every revision of every game of the match: game, then newest revision first."""
    return list(session.exec(select(Adjudication).where(Adjudication.match_id == match.id)
                             .order_by(col(Adjudication.game), col(Adjudication.revision).desc())))


def tables_to_adjudicate(session: Session, event: Event,
                         number: int | None = None) -> tuple[list[Round], Round | None, list]:
    """The event's rounds, the chosen one (default: the last) and its tables with two players
    as (match id, «Mesa 3: Ana – Beto»), for the staff's «arbitrar una mesa» picker."""
    rounds = list(session.exec(select(Round).where(Round.event_id == event.id)
                               .order_by(col(Round.number))))
    rnd = next((r for r in rounds if r.number == number), rounds[-1] if rounds else None)
    if rnd is None:
        return rounds, None, []
    matches = list(session.exec(select(Match).where(Match.round_id == rnd.id,
                                                    col(Match.player_b_id).is_not(None))
                                .order_by(col(Match.table_no))))
    ids = {i for m in matches for i in (m.player_a_id, m.player_b_id)}
    names = {r.id: r.name for r in session.exec(select(Registration)
                                                 .where(col(Registration.id).in_(ids)))} if ids else {}
    return rounds, rnd, [(m.id, f"Mesa {m.table_no}: {names.get(m.player_a_id, '')} – "
                                f"{names.get(m.player_b_id, '')}") for m in matches]


def games_of(session: Session, match_id: int) -> list[int]:
    """The games (1-3) of the match that have at least one stored record."""
    return sorted(set(session.exec(select(Adjudication.game)
                                   .where(Adjudication.match_id == match_id))))


def history(session: Session, adj: Adjudication) -> list[Adjudication]:
    return [a for a in for_match(session, existing(session, Match, adj.match_id)) if a.game == adj.game]


def latest(adjudications: list[Adjudication]) -> list[Adjudication]:
    """The revision that counts for each match and game."""
    best: dict[tuple[int, int], Adjudication] = {}
    for a in adjudications:
        key = (a.match_id, a.game)
        if key not in best or a.revision > best[key].revision:
            best[key] = a
    return sorted(best.values(), key=lambda a: (a.match_id, a.game))


def event_adjudications(session: Session, event: Event) -> list[Adjudication]:
    """The latest revision of every adjudicated game of the event (exports and documents)."""
    return latest(list(session.exec(select(Adjudication)
                                    .where(Adjudication.event_id == event.id))))


def visible(session: Session, actor: User | None, event: Event) -> list[Adjudication]:
    """What ``actor`` may see of the event's adjudications (latest revisions)."""
    rows = event_adjudications(session, event)
    if is_staff(session, actor, event):
        return rows
    matches = {a.match_id: existing(session, Match, a.match_id) for a in rows}
    return [a for a in rows if can_view(session, actor, event, matches[a.match_id])]


# -- the record ---------------------------------------------------------------------------------
def decode_upload(data: bytes, filename: str = "") -> str:
    """An uploaded file's text, or a ServiceError naming the field «file»."""
    if len(data) > MAX_RECORD_BYTES:  # the web reads at most one byte more than the limit
        size = (f"más de {MAX_RECORD_BYTES // 1024} KB" if len(data) <= MAX_RECORD_BYTES + 1
                else f"{-(-len(data) // 1024)} KB")
        named = f" {filename}" if filename else ""
        raise ServiceError(f"El archivo{named} pesa {size}; el máximo es "
                           f"{MAX_RECORD_BYTES // 1024} KB.", "file")
    if not data.strip():
        raise ServiceError("El archivo está vacío.", "file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        named = f" {filename}" if filename else ""
        raise ServiceError(f"El archivo{named} no está en UTF-8 (byte {exc.start}): guárdalo "
                           "como texto UTF-8 (JSON Lines).", "file") from None


# a JSON escape of half a UTF-16 pair with no other half: decodes to text nothing can store
LONE_SURROGATE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                            r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def read(text: str, catalog, field: str = "record"):
    """The engine's ``GameRecord`` of ``text``; ServiceError with the line when unreadable."""
    if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
        raise ServiceError(f"El registro tiene {len(text.encode('utf-8')) // 1024} KB; el máximo "
                           f"es {MAX_RECORD_BYTES // 1024} KB.", field)
    if not text.strip():
        raise ServiceError("El registro está vacío: pega las líneas JSON o sube el archivo "
                           ".jsonl.", field)
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise ServiceError(f"Registro ilegible, línea {line}: tiene un carácter nulo (no es un "
                           "archivo de texto JSON Lines).", field)
    lone = LONE_SURROGATE.search(text)
    if lone is not None:
        line = text.count("\n", 0, lone.start()) + 1
        raise ServiceError(f"Registro ilegible, línea {line}: «{lone.group(0)}» es medio carácter "
                           "(un sustituto UTF-16 suelto), no un texto válido.", field)
    try:
        return read_record(text.splitlines(), catalog_resolver(catalog))
    except RecordError as exc:
        raise ServiceError(f"Registro ilegible, línea {exc.line}: {exc.message}", field) from None
    except RecursionError:
        raise ServiceError("Registro ilegible: una línea anida cientos de corchetes o llaves; un "
                           "registro de partida no es así.", field) from None


def _storable(blob: str, field: str) -> str:
    """JSON text that can be stored: a lone surrogate escape (``"\\ud800"``) decodes to a
    character UTF-8 cannot hold; the database would refuse it."""
    try:
        blob.encode("utf-8")
    except UnicodeEncodeError:
        raise ServiceError("Registro ilegible: un texto (un nombre) tiene un carácter que no es "
                           "válido («\\ud800…» suelto); corrige el registro.", field) from None
    return blob


def check_decks(session: Session, event: Event, match: Match, game: int, record,
                seats: dict[str, Registration], catalog, fmt=None) -> dict:
    """The deck check of the record, one entry per player (see ``record_deck``)."""
    main = fmt.main_name if fmt is not None else "Mazo Castillo"
    revealed = record.header.order == "revealed"
    by_code = catalog.by_code
    entries, decks = [], {}
    for setup in record.header.players:
        reg = seats[setup.id]
        entry = {"record_player": setup.id, "record_name": setup.name,
                 "registration_id": reg.id, "name": reg.name, "game": game}
        try:
            registered = expected_deck(session, event, reg, None, 1)
            expected = expected_deck(session, event, reg, match, game)
        except ServiceError as exc:
            entry.update(ok=False, belongs=False, differences=[], note=exc.message,
                         mode="seen" if revealed else "full")
            entries.append(entry)
            continue
        seen = record_deck.seen_ids(record, setup.id) if revealed else None
        entry.update(record_deck.check_player(setup, expected, registered, game, by_code,
                                              seen=seen, main=main))
        entry["swaps"] = game > 1 and (expected.castle != registered.castle)
        entry["seen"] = len(seen) if seen is not None else None
        if not entry["belongs"]:
            entry["note"] = (f"{entry['foreign']} carta(s) del registro de «{setup.name}» no "
                             f"están en la lista inscrita de {reg.name} (ni en su Mazo de "
                             "Soporte): este registro no puede ser de esa inscripción.")
        decks[setup.id] = (registered, seen)
        entries.append(entry)
    notes = []
    if len(decks) == 2 and not all(e.get("belongs") for e in entries):
        (pa, (da, sa)), (pb, (db_, sb)) = decks.items()
        setups = {p.id: p for p in record.header.players}
        if (record_deck.foreign_count(setups[pa], db_, by_code, sa) == 0
                and record_deck.foreign_count(setups[pb], da, by_code, sb) == 0):
            notes.append("Los mazos del registro calzan con las listas inscritas al revés: "
                         "¿están invertidos los jugadores? Sube el registro de nuevo eligiendo "
                         "el primer jugador.")
    if record.header.format and record.header.format != event.format_id:
        notes.append(f"El registro dice formato «{record.header.format}»; el evento es "
                     f"«{event.format_id}».")
    return {"players": entries, "notes": notes, "ok": record_deck.summary(entries)}


def _verdict_json(verdict) -> dict:
    to = getattr(verdict, "to_json", None) or verdict.to_dict
    return to()


def _engine_status(data: dict) -> str:
    status = data.get("status", "")
    return getattr(status, "value", status) or ""


def upload(session: Session, actor: User | None, event: Event, match: Match, game, text: str,
           catalog, fmt=None, *, source: str = SOURCE_TEXT, filename: str = "",
           first_player: int | None = None, now: datetime | None = None) -> Adjudication:
    """Adjudicate ``text`` as game ``game`` of ``match`` and store it (a new revision)."""
    require_upload(session, actor, event)
    return _store(session, actor, event, match, game, text, catalog, fmt, source=source,
                  filename=filename, first_player=first_player, now=now)


def store_game(session: Session, event: Event, match: Match, game: int, text: str, catalog,
               fmt=None, *, source: str, first_player: int | None = None) -> Adjudication:
    """A game played at the event's play table (services.play_match): stored as its upload
    would be, by nobody (the table wrote it; the players' seats say who is who)."""
    return _store(session, None, event, match, game, text, catalog, fmt, source=source,
                  first_player=first_player)


def upload_from_console(session: Session, event_id: int, match_id: int, game: int, text: str,
                        catalog, formats: dict, filename: str = "",
                        first_player: str | None = None) -> Adjudication:
    """``tourney adjudicate FILE --event ID --match N --game G [--first-player X]``: the same
    as the upload, by whoever runs the console (who can already do everything the database
    allows). ``first_player``: the registration (name or id) that is the record's first player."""
    event = get_event(session, event_id)
    match, _rnd = get_match(session, event, match_id)
    first = (first_player_of(match, {r.pk: r for r in match_registrations(session, match)}, first_player)
             if first_player is not None and match.player_b_id is not None else None)
    return _store(session, None, event, match, game, text, catalog, formats.get(event.format_id),
                  source=SOURCE_CLI, filename=filename, first_player=first)


def _store(session: Session, actor: User | None, event: Event, match: Match, game, text: str,
           catalog, fmt=None, *, source: str = SOURCE_TEXT, filename: str = "",
           first_player: int | None = None, now: datetime | None = None) -> Adjudication:
    rnd = round_of(session, match)
    if rnd is None or rnd.event_id != event.id:
        raise NotFound("No existe esa mesa en este evento.")
    if match.player_b_id is None:
        raise ServiceError(f"La mesa {match.table_no} es un bye: no hay partida que arbitrar.",
                           "match")
    try:
        game = int(game)
    except (TypeError, ValueError):
        game = 0
    if game not in MATCH_GAMES:
        raise ServiceError("El juego debe ser 1, 2 o 3 (una partida es al mejor de tres).", "game")
    if fmt is not None and not fmt.game.engine:  # games.toml: `engine` (what the engine judges)
        raise ServiceError("El motor de reglas arbitra partidas de Mitos y Leyendas; este evento "
                           "es de otro juego.", "record")
    field = "file" if source == SOURCE_FILE else "record"
    record = read(text, catalog, field)
    regs = {r.pk: r for r in match_registrations(session, match)}
    seats = seat_players(record.header, match, regs, match.table_no, first_player)
    verdict = adjudicate(record)
    data = _verdict_json(verdict)
    decks = check_decks(session, event, match, game, record, seats, catalog, fmt)
    previous = session.exec(select(func.max(Adjudication.revision)).where(
        Adjudication.match_id == match.id, Adjudication.game == game)).one()
    winner = data.get("winner")
    row = Adjudication(
        event_id=event.pk, match_id=match.pk, game=game, revision=(previous or 0) + 1,
        uploaded_by=actor.id if actor is not None else None, uploaded_at=now or utcnow(),
        source=source if source in SOURCES else SOURCE_TEXT,
        filename="".join(ch for ch in (filename or "") if ch.isprintable())[:255],
        record_text=text, players_json=json.dumps({pid: r.id for pid, r in seats.items()}),
        verdict_json=_storable(json.dumps(data, ensure_ascii=False, default=str), field),
        deck_check_json=_storable(json.dumps(decks, ensure_ascii=False), field),
        status=_engine_status(data), line=data.get("line"), rule=data.get("rule"),
        winner_id=seats[winner].id if winner in seats else None, decks_ok=decks["ok"])
    session.add(row)
    try:
        session.flush()
    except IntegrityError:  # another judge stored this revision at the same moment
        raise Conflict(f"Otro juez acaba de subir un registro del juego {game} de esta mesa: "
                       "revisa el historial y vuelve a enviar el tuyo si corresponde.",
                       "record") from None
    return row


def describe(adj: Adjudication, names: dict[int, str]) -> str:
    """One line for lists, exports and PDFs: «acción ilegal en la línea 12 (regla 9 B)»."""
    if adj.status == "illegal":
        rule = f" (regla {adj.rule})" if adj.rule else ""
        return f"acción ilegal en la línea {adj.line}{rule}"
    if adj.status == "finished":
        who = names.get(adj.winner_id) if adj.winner_id else None
        return f"partida terminada: gana {who}" if who else "partida terminada sin ganador"
    return STATUS_LABELS.get(adj.status, adj.status)



# -- documents ------------------------------------------------------------------------------------
def document_rows(session: Session, event: Event) -> list[AdjudicationRow]:
    """The event's adjudications as rows for the judges' PDF and the event workbook."""
    rows = []
    for adj in event_adjudications(session, event):
        match, rnd = get_match(session, event, adj.match_id)
        names = {r.pk: r.name for r in match_registrations(session, match)}
        differing = [p["name"] for p in adj.deck_check.get("players", [])
                     if not (p.get("ok") and p.get("belongs"))]
        uploader = session.get(User, adj.uploaded_by) if adj.uploaded_by else None
        rows.append(AdjudicationRow(
            round=rnd.number, table=match.table_no, game=adj.game,
            player_a=names.get(match.player_a_id, ""), player_b=names.get(match.player_b_id, "") if match.player_b_id is not None else "",
            verdict=describe(adj, names), rule=rule_title(adj.rule) or "" if adj.rule else "",
            decks=("calzan" if not differing else "no calzan: " + ", ".join(differing)),
            revision=adj.revision, uploaded_at=adj.uploaded_at,
            uploaded_by=(uploader.name if uploader is not None else
                         "consola (tourney adjudicate)" if adj.source == SOURCE_CLI else
                         "mesa de juego" if adj.source == SOURCE_TABLE else "")))
    return rows
