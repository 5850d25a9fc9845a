"""Documents bridge: event rows -> plain values for tourney.printing / tourney.sheets, and
XLSX imports -> registrations and decklist submissions.

Reading (``event_documents``) builds an ``EventDocuments`` from the event tables: players,
each player's registered decklist (tourney.services.decklists decides which one), rounds with
the points each player had before the round, standings and tiebreakers (tourney.swiss), the
top cut bracket seeded from the standings, and the Mazo de Soporte swaps log.

Writing (``import_players`` / ``import_decklists``) is all or nothing: every row is checked
first and every problem is reported (sheet, row, column); only when there is none are the
rows written. Like every service these only flush; the caller (CLI command, view) commits.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime

from sqlmodel import Session, select

from ..catalog.model import fold
from ..models.events import (
    MATCH_CONFIRMED,
    DecklistSubmission,
    Event,
    Match,
    Registration,
    Round,
    SupportSwap,
    User,
)
from ..printing.data import (
    Bracket,
    BracketMatch,
    DeckLine,
    DeckSheet,
    EventDocuments,
    EventInfo,
    PairingRow,
    PlayerRow,
    RoundData,
    StandingRow,
    SwapRow,
)
from ..sheets.imports import (
    DecklistImport,
    RowError,
    SheetImportError,
    read_decklists,
    read_player_rows,
)
from .errors import NotFound, ServiceError

ROW_LEVEL_CODES = ("unknown_card", "ambiguous_card")  # a card the sheet names wrongly


def local_time(value: datetime | None) -> datetime | None:
    """Stored times are UTC (aware, or naive when read back): print them in local time, naive."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone().replace(tzinfo=None)


# -- reading: rows -> plain values --------------------------------------------------------------

def find_event(session: Session, ref: str | int) -> Event:
    """An event by id (``12``) or by exact name."""
    text = str(ref).strip()
    event = session.get(Event, int(text)) if text.isdigit() else None
    if event is None:
        matches = list(session.exec(select(Event).where(Event.name == text)))
        if len(matches) > 1:
            ids = ", ".join(str(e.id) for e in matches)
            raise NotFound(f"Hay varios eventos llamados «{text}» (ids {ids}): use el id.")
        event = matches[0] if matches else None
    if event is None:
        raise NotFound(f"No existe el evento «{text}» (use su id o su nombre exacto).")
    return event


def _emails(session: Session, regs: list[Registration]) -> dict[int, str]:
    ids = {r.user_id for r in regs if r.user_id is not None}
    if not ids:
        return {}
    return {u.id: u.email for u in session.exec(select(User).where(User.id.in_(ids)))}


def _player_id(reg: Registration, emails: dict[int, str]) -> str:
    """The ID printed and exported: the account's e-mail, else the desk ID or e-mail."""
    if reg.user_id is not None and emails.get(reg.user_id):
        return emails[reg.user_id]
    return reg.external_id or reg.email or ""


def event_info(session: Session, event: Event, formats: dict | None = None,
               page_size: str | None = None) -> EventInfo:
    page_size = page_size or getattr(event, "page_size", None) or "A4"
    fmt = (formats or {}).get(event.format_id)
    organizer = session.get(User, event.organizer_id)
    sections = {}
    game = getattr(fmt, "game", None)
    if fmt is not None and game is not None and game.id != "myl":
        # the game's own section names and sizes (Magic, Sky World)
        side_max = fmt.side_sizes[-1] if fmt.side_sizes else fmt.side_max
        sizes = (" o ".join(str(n) for n in fmt.side_sizes) if fmt.side_sizes
                 else (f"{fmt.side_min} a {fmt.side_max}" if fmt.side_max is not None else ""))
        exact = fmt.side_sizes[0] if fmt.side_sizes and len(fmt.side_sizes) == 1 else None
        sections = dict(main_name=fmt.main_name, side_name=fmt.side_name,
                        main_size=fmt.main_exact, side_size=exact, side_rows=side_max,
                        side_note=f"{sizes} cartas" if sizes else "", grouped_by_type=False)
    elif fmt is not None:
        sections = dict(main_name=fmt.main_name, side_name=fmt.side_name)
    return EventInfo(name=event.name, date=event.date,
                     format_name=getattr(fmt, "name", None) or event.format_id,
                     location=event.venue or "", organizer=organizer.name if organizer else "",
                     page_size=page_size, **sections)


def event_documents(session: Session, event: Event, *, catalog=None, formats: dict | None = None,
                    page_size: str | None = None, table_round: int | None = None,
                    standings_round: int | None = None) -> EventDocuments:
    """Everything the documents need. ``table_round``: fill each deck sheet's Mesa from that
    round's pairings (when printing sheets for a deck check in that round). ``standings_round``:
    standings after that round (default: after every round paired so far)."""
    from . import decklists as decklist_service
    from . import rounds as round_service

    regs = list(session.exec(select(Registration).where(Registration.event_id == event.id)
                             .order_by(Registration.name, Registration.id)))
    emails = _emails(session, regs)
    by_id = {r.id: r for r in regs}
    players = tuple(PlayerRow(name=r.name, player_id=_player_id(r, emails), byes=r.byes or 0,
                              dropped=r.dropped)
                    for r in regs)

    # rounds, with the points each player had before each round
    from ..swiss import TournamentState
    from ..swiss import standings as swiss_standings

    state = round_service.build_state(session, event)
    rounds_rows = round_service.event_rounds(session, event)
    rounds: list[RoundData] = []
    tables_of: dict[int, dict[int, int]] = {}
    for index, rnd in enumerate(rounds_rows):
        before = TournamentState(players=state.players, rounds=state.rounds[:index],
                                 settings=state.settings)
        points = {s.id: s.points for s in swiss_standings(before)}
        rows = []
        seats: dict[int, int] = {}
        for m in round_service.round_matches(session, rnd):
            a = by_id[m.player_a_id]
            b = by_id.get(m.player_b_id) if m.player_b_id else None
            seats[a.id] = m.table_no
            if b is not None:
                seats[b.id] = m.table_no
            rows.append(PairingRow(
                table=m.table_no, player=a.name, player_points=points.get(str(a.id), 0),
                opponent=b.name if b else None,
                opponent_points=points.get(str(b.id), 0) if b else None,
                player_id=_player_id(a, emails), opponent_id=_player_id(b, emails) if b else "",
                result=m.result if (m.status == MATCH_CONFIRMED and b is not None) else None))
        rounds.append(RoundData(rnd.number, tuple(rows)))
        tables_of[rnd.number] = seats

    # standings and the top cut
    played = len(rounds_rows)
    if standings_round is not None:
        numbers = [r.number for r in rounds_rows]
        if standings_round not in numbers:
            raise NotFound(f"No existe la ronda {standings_round}.")
        played = numbers.index(standings_round) + 1
    table = swiss_standings(TournamentState(players=state.players, rounds=state.rounds[:played],
                                            settings=state.settings)) if rounds_rows else []
    standings = tuple(StandingRow(
        rank=s.rank, player=s.name, points=s.points, record=s.record, omw=float(s.omw),
        gw=float(s.gw), ogw=float(s.ogw), dropped=s.dropped,
        player_id=_player_id(by_id[int(s.id)], emails) if s.id.isdigit() and int(s.id) in by_id else "",
    ) for s in table)
    # the top cut is seeded once the Swiss rounds are over (never a projection mid-event)
    planned = round_service.planned_rounds(session, event)
    planned = getattr(planned, "rounds", planned)  # an int, or swiss's RoundsPlan
    swiss_over = bool(rounds_rows) and played >= planned
    bracket = _bracket(event, table) if swiss_over else None

    # decks
    registered = decklist_service.registered_by_player(session, event)
    versions = _versions(session, [sub for sub in registered.values()])
    seats = tables_of.get(table_round, {}) if table_round else {}
    decks = []
    for reg in regs:
        sub = registered.get(reg.id)
        table_no = seats.get(reg.id)
        if sub is None:
            decks.append(DeckSheet(player_name=reg.name, player_id=_player_id(reg, emails),
                                   table=str(table_no or "")))
            continue
        decks.append(_deck_sheet(reg, sub, catalog, _player_id(reg, emails), table_no,
                                 versions.get(sub.id)))

    return EventDocuments(
        event=event_info(session, event, formats, page_size), players=players, decks=tuple(decks),
        rounds=tuple(rounds), standings=standings, bracket=bracket,
        swaps=tuple(_swaps(session, event, by_id, emails, catalog, rounds_rows)),
    )


def _versions(session: Session, subs: list[DecklistSubmission]) -> dict[int, int]:
    """Submission id -> its number in the player's history (1 = first list sent)."""
    if not subs:
        return {}
    reg_ids = {s.registration_id for s in subs}
    history: dict[int, list[DecklistSubmission]] = defaultdict(list)
    for row in session.exec(select(DecklistSubmission)
                            .where(DecklistSubmission.registration_id.in_(reg_ids))
                            .order_by(DecklistSubmission.submitted_at, DecklistSubmission.id)):
        history[row.registration_id].append(row)
    return {row.id: i for rows in history.values() for i, row in enumerate(rows, start=1)}


def _deck_sheet(reg: Registration, sub: DecklistSubmission, catalog, player_id: str,
                table_no: int | None, version: int | None) -> DeckSheet:
    resolved = sub.resolved
    castle = [_line(e, catalog) for e in resolved.get("castle", [])]
    support = tuple(_line(e, catalog) for e in resolved.get("support", []))
    castle = _mark_initial_gold(castle, catalog, resolved.get("castle", []))
    verdict = sub.verdict
    notes = tuple(v.get("message", "") for v in verdict.get("violations", []) if v.get("message"))
    return DeckSheet(player_name=reg.name, player_id=player_id, table=str(table_no or ""),
                     castle=tuple(castle), support=support, legal=bool(sub.legal),
                     verdict_notes=notes, registered_at=local_time(sub.submitted_at), version=version)


def _line(entry: dict, catalog) -> DeckLine:
    card = catalog.by_code(entry["code"]) if catalog is not None and entry.get("code") else None
    return DeckLine(qty=int(entry["qty"]), name=entry.get("name") or (card.name if card else "?"),
                    type=card.type if card else "", race=card.race if card else None,
                    code=entry.get("code"))


def _mark_initial_gold(lines: list[DeckLine], catalog, entries: list[dict]) -> list[DeckLine]:
    """Mark the Oro inicial: the Oro sin habilidad with the most copies (seed 000: the game
    starts with one Oro in the Reserva de Oro, taken from the 50 of the Castillo)."""
    if catalog is None:
        return lines
    best = None
    for i, line in enumerate(lines):
        card = catalog.by_code(line.code) if line.code else None
        if card is not None and card.plain_gold and (
                best is None or (line.qty, -i) > (lines[best].qty, -best)):
            best = i
    if best is None:
        return lines
    out = list(lines)
    line = out[best]
    out[best] = DeckLine(line.qty, line.name, line.type, line.race, line.code, initial_gold=True)
    return out


def _bracket(event: Event, table) -> Bracket | None:
    """The top cut seeded from the standings (tourney.swiss's bracket order); later rounds empty."""
    size = event.top_cut or 0
    if size < 2 or not table:
        return None
    from ..swiss import SwissUserError, bracket_order, top_cut_pairings

    try:
        first = top_cut_pairings(table, size)
    except SwissUserError:
        return None
    eligible = [s for s in table if not s.dropped]
    seed_of = {s.id: i for i, s in enumerate(eligible[:size], start=1)}
    name_of = {s.id: s.name for s in table}
    bracket_order(size)  # validates the size
    rounds = [tuple(BracketMatch(name_of[m.a], name_of.get(m.b) if m.b else None, seed_of.get(m.a),
                                 seed_of.get(m.b) if m.b else None) for m in first)]
    n = len(first) // 2
    while n >= 1:
        rounds.append(tuple(BracketMatch(None, None) for _ in range(n)))
        n //= 2
    return Bracket(tuple(rounds))


def _swaps(session: Session, event: Event, by_id: dict[int, Registration], emails: dict[int, str],
           catalog, rounds_rows: list[Round]) -> list[SwapRow]:
    if not rounds_rows:
        return []
    number_of = {r.id: r.number for r in rounds_rows}
    rows = session.exec(select(SupportSwap, Match).join(Match, Match.id == SupportSwap.match_id)
                        .where(Match.round_id.in_(list(number_of)))).all()
    out = []
    for swap, match in rows:
        reg = by_id.get(swap.registration_id)
        if reg is None:
            continue
        data = swap.swaps
        outgoing, incoming = (data.get("out", []), data.get("in", [])) if isinstance(data, dict) else ([], [])
        pairs = _pair_swaps(outgoing, incoming, catalog)
        for qty, card_out, card_in in pairs:
            out.append(SwapRow(round=number_of[match.round_id], table=match.table_no, player=reg.name,
                               game=swap.game, card_out=card_out, card_in=card_in,
                               entered_at=local_time(swap.entered_at), player_id=_player_id(reg, emails), qty=qty,
                               seconds_taken=swap.seconds_taken, late=swap.late))
    out.sort(key=lambda s: (s.round, s.table or 0, s.player.casefold(), s.game))
    return out


def _pair_swaps(outgoing: list[dict], incoming: list[dict], catalog) -> list[tuple[int, str, str]]:
    """Line the cards out up with the cards in, one for one (the rule keeps the Castillo at 50)."""
    def names(entries):
        flat = []
        for e in entries:
            name = e.get("name") or e.get("code", "?")
            flat += [name] * int(e.get("qty", 1))
        return flat

    outs, ins = names(outgoing), names(incoming)
    merged: dict[tuple[str, str], int] = {}
    for o, i in zip(outs, ins):
        merged[(o, i)] = merged.get((o, i), 0) + 1
    return [(qty, o, i) for (o, i), qty in merged.items()]


# -- writing: XLSX -> rows ------------------------------------------------------------------------

@dataclass
class ImportSummary:
    created: int = 0
    updated: int = 0
    legal: int = 0
    illegal: list[str] = field(default_factory=list)  # "Name: message" per illegal list
    warnings: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [*self.warnings, *self.illegal]


def _readable(reader, data: bytes) -> tuple[list, list[RowError]]:
    """The rows a sheet reader could read, and its row errors: the database checks run on the
    readable rows too, so the organizer sees every problem of the file at once."""
    try:
        return reader(data), []
    except SheetImportError as exc:
        if exc.partial is None:
            raise
        return list(exc.partial), list(exc.errors)


def _sorted(errors: list[RowError]) -> list[RowError]:
    return sorted(errors, key=lambda e: (e.sheet, e.row, e.column or ""))


def import_players(session: Session, actor: User, event: Event, data: bytes) -> ImportSummary:
    """Register every player of the sheet in ``event``, or none (every bad row reported).

    ID / correo: an e-mail of an existing account links the registration to it; otherwise the
    player is registered without an account, keeping the e-mail (or the ID) on the
    registration. Byes: byes assigned in advance (before round 1 is paired).
    """
    from .events import require_organizer

    require_organizer(actor)
    rows, errors = _readable(read_player_rows, data)
    existing = list(session.exec(select(Registration).where(Registration.event_id == event.id)))
    taken_names = {fold(r.name): r for r in existing}
    taken_users = {r.user_id for r in existing if r.user_id is not None}
    taken_ids = {fold(x): r.name for r in existing for x in (r.external_id, r.email) if x}
    from .events import rounds_played

    played = rounds_played(session, event)
    emails = [p.player_id.strip().lower() for _s, _r, p in rows if "@" in p.player_id]
    users = {u.email.lower(): u for u in session.exec(select(User).where(User.email.in_(emails)))} \
        if emails else {}
    plan: list[tuple[PlayerRow, User | None]] = []
    summary = ImportSummary()
    for sheet, row, p in rows:
        user = users.get(p.player_id.strip().lower()) if "@" in p.player_id else None
        if p.byes and played:
            errors.append(RowError(sheet, row, "Byes", "los byes asignados de antemano son para las "
                                   "primeras rondas y el evento ya tiene rondas emparejadas"))
        pid = p.player_id.strip()
        if user is None and pid:
            key = fold(pid)
            if key in taken_ids:
                errors.append(RowError(sheet, row, "ID / correo",
                                       f"el ID «{pid}» ya es de {taken_ids[key]} en este evento"))
            taken_ids[key] = p.name
        if user is not None and user.id in taken_users:
            errors.append(RowError(sheet, row, "ID / correo",
                                   f"la cuenta {user.email} ya está inscrita en este evento"))
        elif fold(p.name) in taken_names:
            errors.append(RowError(sheet, row, "Nombre", f"«{p.name}» ya está inscrito en este evento"))
        if user is not None:
            taken_users.add(user.id)
        elif p.player_id:
            summary.warnings.append(f"hoja «{sheet}», fila {row}: «{p.player_id}» no es el correo de "
                                    f"una cuenta: {p.name} queda inscrito sin cuenta")
        plan.append((p, user))
    if errors:
        raise SheetImportError(_sorted(errors))
    for p, user in plan:
        pid = p.player_id.strip()
        email = pid.lower() if user is None and "@" in pid else None
        session.add(Registration(event_id=event.id, user_id=user.id if user else None, name=p.name,
                                 dropped=p.dropped, byes=p.byes or 0, email=email,
                                 external_id=pid if user is None and pid else None))
        summary.created += 1
    session.flush()
    return summary


def import_decklists(session: Session, actor: User, event: Event, data: bytes, fmt,
                     catalog) -> ImportSummary:
    """Submit each player's list from the sheet (tourney.legality parses and validates it).

    Row-level problems (unknown player, unreadable row, unknown or ambiguous card) stop the whole
    import. An illegal list (copies, sizes, format rules) is still stored, as any submission is,
    with its verdict; the summary lists it.
    """
    from ..legality import DecklistError, parse_decklist, validate
    from .decklists import catalog_for, submit_decklist
    from .events import require_organizer

    require_organizer(actor)
    lists, errors = _readable(read_decklists, data)
    regs = list(session.exec(select(Registration).where(Registration.event_id == event.id)))
    emails = _emails(session, regs)
    by_key: dict[str, list[Registration]] = defaultdict(list)
    for r in regs:
        by_key[fold(r.name)].append(r)
        keys = {fold(x) for x in (emails.get(r.user_id), r.external_id, r.email) if x}
        for key in keys - {fold(r.name)}:
            by_key[key].append(r)
    plan: list[tuple[Registration, DecklistImport]] = []
    seen: dict[int, DecklistImport] = {}
    for item in lists:
        found = {r.id: r for r in by_key.get(fold(item.player), [])}
        if not found:
            errors.append(RowError(item.sheet, item.row, item.column,
                                   f"«{item.player}» no está inscrito en este evento"))
            continue
        if len(found) > 1:
            errors.append(RowError(item.sheet, item.row, item.column,
                                   f"hay varios jugadores llamados «{item.player}»: use su correo"))
            continue
        reg = next(iter(found.values()))
        if reg.id in seen:
            errors.append(RowError(item.sheet, item.row, item.column,
                                   f"{reg.name} ya tiene lista en la hoja «{seen[reg.id].sheet}» "
                                   f"(fila {seen[reg.id].row})"))
            continue
        seen[reg.id] = item
        text = item.text(fmt.game.main.name, fmt.game.side.name)
        try:
            deck = parse_decklist(text, fmt.game)
        except DecklistError as exc:
            for line, message in exc.errors:
                src = item.line_at(line)
                errors.append(RowError(src.sheet if src else item.sheet, src.row if src else item.row,
                                       None, message))
            continue
        verdict = validate(deck, fmt, catalog_for(fmt, catalog))
        for v in verdict.violations:
            if v.code in ROW_LEVEL_CODES:
                sources = [item.line_at(n) for n in v.lines] or [None]
                for src in sources:
                    errors.append(RowError(src.sheet if src else item.sheet,
                                           src.row if src else item.row, "Carta",
                                           f"{v.message}" + (f" ({v.hint})" if v.hint else "")))
        plan.append((reg, item))
    if errors:
        raise SheetImportError(_sorted(errors))
    summary = ImportSummary()
    for reg, item in plan:
        _sub, checked = submit_decklist(session, actor, event, reg, fmt, catalog,
                                        text=item.text(fmt.game.main.name, fmt.game.side.name),
                                        source="xlsx")
        summary.created += 1
        if checked.legal:
            summary.legal += 1
        else:
            first = next(iter(checked.verdict.get("violations", [])), {})
            summary.illegal.append(f"{reg.name}: lista ilegal — {first.get('message', 'ver veredicto')}")
    return summary


__all__ = [
    "DOCUMENT_KINDS",
    "ImportSummary",
    "RenderedDocument",
    "ServiceError",
    "event_documents",
    "event_info",
    "find_event",
    "import_decklists",
    "import_players",
    "render_document",
]


# -- one call for the web buttons ----------------------------------------------------------------

DOCUMENT_KINDS = ("decksheets", "blank", "pairings", "slips", "standings", "workbook")


@dataclass(frozen=True)
class RenderedDocument:
    data: bytes
    filename: str
    mimetype: str


def render_document(session: Session, event: Event, kind: str, *, catalog=None,
                    formats: dict | None = None, round_number: int | None = None,
                    page_size: str | None = None, order: str = "ambos",
                    printed_at: datetime | None = None) -> RenderedDocument:
    """The bytes of one document for a download button (organizer and judge pages).

    ``kind``: decksheets | blank | pairings | slips | standings | workbook. ServiceError
    (Spanish) when the event has nothing to print yet (no rounds, unknown round).
    """
    from ..printing import (
        render_blank_sheets,
        render_deck_sheets,
        render_pairings,
        render_slips,
        render_standings,
    )
    from ..sheets import build_workbook

    if kind not in DOCUMENT_KINDS:
        raise ServiceError(f"Documento desconocido: {kind}.")
    docs = event_documents(session, event, catalog=catalog, formats=formats, page_size=page_size,
                           table_round=round_number if kind == "decksheets" else None,
                           standings_round=round_number if kind == "standings" else None)
    slug = f"evento-{event.id}"
    pdf = "application/pdf"
    if kind == "workbook":
        return RenderedDocument(build_workbook(docs), f"{slug}.xlsx",
                                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    if kind == "blank":
        return RenderedDocument(render_blank_sheets(docs.event, 1, printed_at=printed_at),
                                f"{slug}-hoja-en-blanco.pdf", pdf)
    if kind == "decksheets":
        return RenderedDocument(render_deck_sheets(docs.event, docs.decks, printed_at=printed_at,
                                                   round_number=round_number),
                                f"{slug}-hojas-de-registro.pdf", pdf)
    if kind == "standings":
        if not docs.standings:
            raise ServiceError("Todavía no hay clasificación: no se ha jugado ninguna ronda.")
        number = round_number or docs.rounds[-1].number
        return RenderedDocument(render_standings(docs.event, number, docs.standings, docs.bracket,
                                                 printed_at=printed_at),
                                f"{slug}-clasificacion-ronda-{number}.pdf", pdf)
    try:
        rnd = docs.round(round_number)
    except LookupError as exc:
        raise ServiceError(str(exc).capitalize() + ".") from None
    if kind == "pairings":
        return RenderedDocument(render_pairings(docs.event, rnd.number, rnd.pairings, order=order,
                                                printed_at=printed_at),
                                f"{slug}-emparejamientos-ronda-{rnd.number}.pdf", pdf)
    return RenderedDocument(render_slips(docs.event, rnd.number, rnd.pairings, printed_at=printed_at),
                            f"{slug}-hojas-de-resultado-ronda-{rnd.number}.pdf", pdf)
