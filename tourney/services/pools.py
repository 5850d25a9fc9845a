"""Sellado and Lanzamiento events: settings, pool registration and lock, the deck from the pool,
the Lanzamiento deck check and the deck a player carries between rounds (seed 000 §11).

The rules live in ``tourney.legality.pool`` (pure); this module reads and writes the tables
(``tourney.models.pools``) and flushes, never commits. The deck built from a pool is stored
as an ordinary ``DecklistSubmission`` (source ``pool``) whose Mazo de Soporte is the rest of
the pool: swaps, deck checks, documents, Swiss and standings read it like any registered list.
"""
from __future__ import annotations

import json
from collections import Counter
from datetime import datetime

from sqlmodel import Session, col, select

from ..catalog.model import fold
from ..legality import DEFAULT_FORMATS_DIR, LegalityError
from ..legality import pool as core
from ..legality import pool_rules
from ..models.catalog import utcnow
from ..models.events import DeckCheck, DecklistSubmission, Event, Match, Registration, Round, User
from ..models.pools import PlayerPool, SealedEvent
from . import access
from .rounds import round_of
from .errors import Forbidden, NotFound, ServiceError
from ..collation import spanish_sorted

SOURCE_POOL = "pool"


# -- formats and settings -------------------------------------------------------------------
def is_pool_format(fmt) -> bool:
    return pool_rules.is_sealed(fmt)


def _default_format(event: Event):
    """The event's format from the shipped formats folder (when no caller passes one), through
    services.legality.current_formats: reloaded when a format file changes, like the web's."""
    from .legality import current_formats

    try:
        return current_formats(DEFAULT_FORMATS_DIR).get(event.format_id)
    except LegalityError:
        return None


def settings(session: Session, event: Event) -> SealedEvent | None:
    return session.exec(select(SealedEvent).where(SealedEvent.event_id == event.id)).first()


def ensure_settings(session: Session, event: Event, fmt) -> SealedEvent | None:
    """The event's sealed settings (created with the format's defaults); None if not sealed."""
    if not pool_rules.is_sealed(fmt):
        return None
    row = settings(session, event)
    if row is None:
        row = SealedEvent(event_id=event.pk, castle_size=fmt.main_exact or 40, editions_json="[]")
        session.add(row)
        session.flush()
    return row


def event_format(session: Session, event: Event, fmt):
    """The format with this event's Mazo Castillo size (constructed formats pass through)."""
    if not pool_rules.is_sealed(fmt):
        return fmt
    row = settings(session, event)
    try:
        return pool_rules.sized(fmt, row.castle_size if row is not None else None)
    except LegalityError:
        return fmt


def _require_staff(session: Session, actor: User | None, event: Event) -> None:
    """Organizers of this event (its owner and co-organizers: services.access)."""
    access.require_event_organizer(session, actor, event)


def configure(session: Session, actor: User, event: Event, fmt, *, castle_size: int,
              editions: list[str], player_entry: bool = False) -> SealedEvent:
    """The organizer sets the Castillo size, the pool's edition(s), and whether players type
    their own pool at the table. Nothing changes once the pools are locked."""
    _require_staff(session, actor, event)
    row = ensure_settings(session, event, fmt)
    if row is None:
        raise ServiceError(f"El formato {fmt.name} no es un Sellado: no tiene pools.", "format_id")
    if row.locked and (castle_size != row.castle_size or sorted(editions) != sorted(row.editions)):
        raise ServiceError("Los pools ya están cerrados: el tamaño del Castillo y la edición no "
                           "pueden cambiar.", "castle_size")
    try:
        pool_rules.sized(fmt, castle_size)
    except LegalityError as exc:
        raise ServiceError(f"Tamaño del Mazo Castillo: {exc}.", "castle_size") from None
    legal = list(fmt.legal_editions or ())
    chosen = [e for e in dict.fromkeys(e.strip() for e in editions) if e]
    unknown = [e for e in chosen if legal and e not in legal]
    if not chosen:
        raise ServiceError("Elige la edición (o ediciones) del pool.", "editions")
    if unknown:
        raise ServiceError(f"Edición no válida para un {fmt.name}: {', '.join(unknown)}.", "editions")
    entered = session.exec(select(PlayerPool).where(PlayerPool.event_id == event.id)).first()
    if entered is not None and sorted(chosen) != sorted(row.editions):
        raise ServiceError("Ya hay pools inscritos: la edición del pool no puede cambiar.", "editions")
    row.castle_size, row.editions_json, row.player_entry = castle_size, json.dumps(chosen), player_entry
    session.add(row)
    session.flush()
    return row


def create_sealed_event(session: Session, actor: User, *, formats: dict, castle_size: int,
                        editions: list[str], player_entry: bool = False, **fields) -> Event:
    """Create the event (services.events) and its sealed settings in one go."""
    from . import events

    fmt = formats.get(fields.get("format_id"))
    if not pool_rules.is_sealed(fmt):
        raise ServiceError("Elige un formato Sellado o Lanzamiento.", "format_id")
    event = events.create_event(session, actor, formats=formats, **fields)
    configure(session, actor, event, fmt, castle_size=castle_size, editions=editions,
              player_entry=player_entry)
    return event


# -- pools ------------------------------------------------------------------------------------
def pool_of(session: Session, registration: Registration) -> PlayerPool | None:
    return session.exec(select(PlayerPool).where(PlayerPool.registration_id == registration.id)).first()


def pools_by_player(session: Session, event: Event) -> dict[int, PlayerPool]:
    rows = session.exec(select(PlayerPool).where(PlayerPool.event_id == event.id))
    return {row.registration_id: row for row in rows}


def pool_value(row: PlayerPool) -> core.Pool:
    return core.Pool.from_list(row.cards)


def can_enter(session: Session, actor: User | None, event: Event, registration: Registration) -> bool:
    """The organizer, or the player themself while the organizer allows entry at the table."""
    if access.is_organizer(actor, event, session):
        return True
    row = settings(session, event)
    return bool(row is not None and row.player_entry and access.owns(actor, registration))


def _errors_text(exc: core.PoolError) -> str:
    return "; ".join(f"{exc.unit} {line}: {msg}" if line else msg for line, msg in exc.errors)


def enter_pool(session: Session, actor: User, event: Event, registration: Registration, catalog, *,
               text: str | None = None, lines: list[core.PoolLine] | None = None,
               source: str = "texto", now: datetime | None = None) -> PlayerPool:
    """Register (or replace, before the lock) a player's pool; every card checked against the
    catalog and the event's editions. Raises ServiceError naming every bad line; nothing is
    written unless the whole pool is valid."""
    if registration.event_id != event.id:
        raise NotFound("Ese jugador no está inscrito en este evento.")
    if not can_enter(session, actor, event, registration):
        raise Forbidden("Solo el organizador (o el propio jugador, si el organizador lo permite) "
                        "puede inscribir este pool.")
    row = settings(session, event)
    if row is None or not row.editions:
        raise ServiceError("El organizador aún no eligió la edición del pool de este evento.")
    existing = pool_of(session, registration)
    late = row.locked and existing is None and access.is_organizer(actor, event, session)
    if (row.locked and not late) or (existing is not None and existing.locked):
        raise ServiceError(f"El pool de {registration.name} está cerrado: ya no se puede cambiar "
                           "(el mazo se arma con el pool cerrado).", "text")
    if catalog is None or len(catalog) == 0:
        raise ServiceError("No hay catálogo de cartas: importa las cartas primero.")
    field_name = "file" if source == "xlsx" else "text"
    try:
        if lines is None:
            if text is None or not text.strip():
                raise ServiceError("El pool está vacío: escribe una carta por línea.", "text")
            lines = core.parse_pool_text(text)
        unit = "fila" if source == "xlsx" else "línea"
        pool = core.resolve_pool(lines, catalog, row.editions, unit=unit)
    except core.PoolError as exc:
        raise ServiceError(f"Pool de {registration.name}: {_errors_text(exc)}", field_name) from None
    if existing is None:
        existing = PlayerPool(event_id=event.pk, registration_id=registration.pk)
    existing.cards_json = json.dumps(pool.to_list(), ensure_ascii=False)
    existing.card_count = pool.total
    existing.source = source
    existing.raw_text = text if text is not None else pool_text(pool)
    existing.entered_by = actor.id
    existing.entered_at = now or utcnow()
    if late:  # a late entry after the lock: the organizer's pool is locked at once
        existing.locked_at, existing.locked_by = existing.entered_at, actor.id
    session.add(existing)
    session.flush()
    return existing


def products_text(products: list[tuple[str, str]]) -> str:
    """One row per opened product (its name, its cards) as pool text with product headers."""
    parts = []
    for name, cards in products:
        if not (cards or "").strip():
            continue
        parts.append(f"{(name or 'Producto').strip().rstrip(':')}:")
        parts.append(cards.strip())
    return "\n".join(parts) + "\n"


def pool_text(pool: core.Pool) -> str:
    out = []
    for product, cards in pool.products():
        if product:
            out.append(f"{product}:")
        out += [f"{c.qty} {c.name} ({c.code})" for c in cards]
    return "\n".join(out) + "\n"


def lock_pool(session: Session, actor: User, event: Event, registration: Registration,
              now: datetime | None = None) -> PlayerPool:
    """The organizer's lock on one pool (e.g. the player typed it at the table)."""
    _require_staff(session, actor, event)
    row = pool_of(session, registration)
    if row is None:
        raise ServiceError(f"{registration.name} no tiene pool inscrito.")
    if not row.locked:
        row.locked_at, row.locked_by = now or utcnow(), actor.id
        session.add(row)
        session.flush()
    return row


def lock_pools(session: Session, actor: User, event: Event, now: datetime | None = None) -> SealedEvent:
    """Lock every pool: deck building starts. Every active player needs a pool first."""
    _require_staff(session, actor, event)
    row = settings(session, event)
    if row is None:
        raise ServiceError("Este evento no es un Sellado.")
    if row.locked:
        return row
    by_player = pools_by_player(session, event)
    regs = session.exec(select(Registration).where(Registration.event_id == event.id,
                                                   Registration.dropped == False)  # noqa: E712
                        .order_by(col(Registration.id))).all()
    missing = [r.name for r in spanish_sorted(regs, key=lambda r: r.name) if r.id not in by_player]
    if missing:
        raise ServiceError("Faltan los pools de: " + ", ".join(missing) + ".")
    when = now or utcnow()
    for pool in by_player.values():
        if not pool.locked:
            pool.locked_at, pool.locked_by = when, actor.id
            session.add(pool)
    row.pools_locked_at, row.locked_by = when, actor.id
    session.add(row)
    session.flush()
    return row


def deck_building_open(session: Session, event: Event, registration: Registration) -> bool:
    row, pool = settings(session, event), pool_of(session, registration)
    return bool(pool is not None and (pool.locked or (row is not None and row.locked)))


# -- the deck from the pool ---------------------------------------------------------------
def castle_entries(pool: core.Pool, *, text: str | None = None,
                   counts: dict[str, int] | None = None) -> list[tuple[str, int, tuple[int, ...]]]:
    """The Castillo as ``(name, qty, lines)``: from the form (pool code -> copies) or pasted
    lines (``N Nombre``)."""
    if counts is not None:
        names = {c.code: c.name for c in pool.cards}
        return [(f"{names.get(code, code)} ({code})", qty, ()) for code, qty in counts.items() if qty > 0]
    try:
        lines = core.parse_pool_text(text or "")
    except core.PoolError as exc:
        raise ServiceError(f"Mazo Castillo: {_errors_text(exc)}", "castle_text") from None
    return [(ln.name, ln.qty, (ln.line,)) for ln in lines]


def check_deck(session: Session, event: Event, registration: Registration, fmt, catalog, *,
               text: str | None = None, counts: dict[str, int] | None = None) -> core.PoolDeck:
    """The live verdict of a Castillo built from the player's locked pool (nothing stored)."""
    row = pool_of(session, registration)
    if row is None:
        raise ServiceError(f"{registration.name} no tiene pool inscrito.")
    pool = pool_value(row)
    return core.build_deck(pool, castle_entries(pool, text=text, counts=counts),
                           event_format(session, event, fmt), catalog)


def submit_deck(session: Session, actor: User, event: Event, registration: Registration, fmt,
                catalog, *, text: str | None = None, counts: dict[str, int] | None = None,
                now: datetime | None = None) -> tuple[DecklistSubmission, core.PoolDeck]:
    """Store the Castillo built from the locked pool; the Soporte is the rest of the pool."""
    from .decklists import require_lists_open

    organizer = access.is_organizer(actor, event, session)
    if not access.owns(actor, registration) and not organizer:
        raise Forbidden("Solo puedes armar tu propio mazo.")
    if registration.event_id != event.id:
        raise Forbidden("Ese jugador no está inscrito en este evento.")
    if not deck_building_open(session, event, registration):
        raise ServiceError("El mazo se arma después de que el organizador cierre los pools.")
    now = now or utcnow()
    require_lists_open(session, event, organizer, now)
    deck = check_deck(session, event, registration, fmt, catalog, text=text, counts=counts)
    raw = "\n".join(["Mazo Castillo"] + [f"{e['qty']} {e['name']} ({e['code']})" for e in deck.castle]
                    + ["", "Mazo de Soporte"] + [f"{e['qty']} {e['name']} ({e['code']})" for e in deck.support])
    sub = DecklistSubmission(registration_id=registration.pk, submitted_by=actor.pk, source=SOURCE_POOL,
                             raw_text=raw + "\n", resolved_json=json.dumps(deck.resolved, ensure_ascii=False),
                             verdict_json=json.dumps(deck.to_dict(), ensure_ascii=False),
                             legal=deck.legal, submitted_at=now)
    session.add(sub)
    session.flush()
    return sub, deck


# -- between rounds and deck checks -------------------------------------------------------
def carried_deck(session: Session, event: Event, registration: Registration, match: Match | None,
                 deck, fmt=None):
    """The deck a player starts ``match`` with (a ``swaps.Deck``): the registered one, or in a
    Lanzamiento (no restore between rounds) the one their previous match ended with."""
    fmt = fmt if fmt is not None else _default_format(event)
    rules = fmt.sealed if fmt is not None else None
    if rules is None or rules.restore_between_rounds or match is None:
        return deck
    from ..legality import swaps as legal_swaps
    from . import swaps

    rnd = round_of(session, match)
    earlier = session.exec(select(Match).join(Round, col(Round.id) == Match.round_id).where(
        Round.event_id == event.id, Round.number < rnd.number,
        (Match.player_a_id == registration.id) | (Match.player_b_id == registration.id))
        .order_by(col(Round.number))).all()
    registered, whole = Counter(deck.castle), Counter(deck.castle) + Counter(deck.side)
    for previous in earlier:
        end = deck
        recorded = swaps.swaps_for(session, previous, registration)
        for game in sorted(recorded):
            end = swaps._apply(end, json.loads(recorded[game].swaps_json))
        castle = pool_rules.round_start(rules, registered, Counter(end.castle))
        deck = legal_swaps.Deck(castle, whole - castle, deck.names)
    return deck


def pool_deck_check(session: Session, actor: User, event: Event, registration: Registration,
                    counted_text: str, fmt, catalog, game: int = 1,
                    match: Match | None = None) -> DeckCheck:
    """A judge's deck check in a pool event (§11): the physical count against the pool and the
    Castillo (Lanzamiento: everything counted must be on the registration sheet)."""
    from . import swaps
    from ..legality import parse_decklist

    if not access.is_judge(session, actor, event):
        raise Forbidden("Solo los jueces de este evento pueden hacer revisiones de mazo.")
    if registration.event_id != event.id:
        raise NotFound("Ese jugador no está inscrito en este evento.")
    row = pool_of(session, registration)
    if row is None:
        raise ServiceError(f"{registration.name} no tiene pool inscrito.")
    fmt = event_format(session, event, fmt)
    pool = pool_value(row)
    ident = {c.code: c.identity for c in pool.cards}
    names = pool.names()
    expected = swaps.expected_deck(session, event, registration, match, game)
    castle_exp: Counter = Counter()
    for code, qty in expected.castle.items():
        castle_exp[ident.get(code, code)] += qty
    try:
        counted = parse_decklist(counted_text or "", fmt.game)
    except Exception as exc:  # DecklistError: a Spanish message with its line
        raise ServiceError(str(exc), "counted_text") from None
    sections = []
    for entries in (counted.main, counted.side):
        found: Counter = Counter()
        for entry in entries:
            key = core.match_in_pool(entry.name, pool)
            if key is None:
                res = catalog.resolve(entry.name) if catalog is not None else None
                key = res.card.identity if res is not None and res.ok else f"nombre:{fold(entry.name)}"
                names.setdefault(key, res.card.name if res is not None and res.ok else entry.name)
            found[key] += entry.quantity
        sections.append(found)
    diffs = pool_rules.check_counted(fmt.sealed, pool.counts(), castle_exp, sections[0], sections[1],
                               fmt.main_exact, names, (fmt.main_name, fmt.side_name))
    for d in diffs:
        key = d.pop("key")
        d["code"] = next((c for c, i in ident.items() if i == key), None)
    check = DeckCheck(event_id=event.pk, registration_id=registration.pk,
                      match_id=match.id if match else None, game=game, judge_id=actor.id,
                      counted_text=counted_text, differences_json=json.dumps(diffs, ensure_ascii=False),
                      ok=not diffs)
    session.add(check)
    session.flush()
    return check
