"""Documents bridge: event rows -> plain values for tourney.printing / tourney.sheets (the
XLSX imports live in ``tourney.services.imports``; import them from there).

Reading (``event_documents``) builds an ``EventDocuments`` from the event tables: players,
each player's registered decklist (tourney.services.decklists decides which one), rounds with
the points each player had before the round, standings and tiebreakers (tourney.swiss), the
top cut bracket seeded from the standings, and the Mazo de Soporte swaps log.

Writing (``import_players`` / ``import_decklists``, in ``services.imports``) is all or
nothing; like every service they only flush; the caller (CLI command, view) commits.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session, col, select

from ..ids import MAX_ID
from ..document_values import (
    Bracket,
    BracketMatch,
    DeckSheet,
    EventDocuments,
    EventInfo,
    FinalStandingRow,
    PairingRow,
    PlayerRow,
    RoundData,
    StandingRow,
    SwapRow,
)
from ..legality import load_formats
from ..localtime import to_local
from ..models.events import (
    MATCH_CONFIRMED,
    ROUND_TOP_CUT,
    Event,
    Match,
    Registration,
    Round,
    SupportSwap,
    User,
)
from ..printing import (
    render_blank_sheets,
    render_deck_sheets,
    render_pairings,
    render_slips,
    render_standings,
)
from ..printing.adjudications import render_adjudications
from ..sheets import build_workbook
from ..swiss import Match as SwissMatch
from ..swiss import (
    SwissUserError,
    bracket_order,
    top_cut_pairings,
)
from ..swiss import standings as swiss_standings
from ..swiss.topcut import cut_bracket, final_standings
from . import adjudication as adjudication_service
from . import decklists as decklist_service
from . import leagues as league_service
from . import rounds as round_service
from .errors import NotFound, ServiceError
from .document_decks import _deck_sheet, _versions
from .imports import account_emails
from .pools import event_format
from ..collation import spanish_key, spanish_sorted


def local_time(value: datetime | None) -> datetime | None:
    """Stored times are UTC: documents print them in the venue's time zone (tourney.localtime)."""
    return to_local(value)


# -- reading: rows -> plain values --------------------------------------------------------------

def find_event(session: Session, ref: str | int) -> Event:
    """An event by id (``12``) or by exact name."""
    text = str(ref).strip()
    event = session.get(Event, int(text)) if text.isascii() and text.isdigit() and int(text) <= MAX_ID else None
    if event is None:
        matches = list(session.exec(select(Event).where(Event.name == text)))
        if len(matches) > 1:
            ids = ", ".join(str(e.id) for e in matches)
            raise NotFound(f"Hay varios eventos llamados «{text}» (ids {ids}): use el id.")
        event = matches[0] if matches else None
    if event is None:
        raise NotFound(f"No existe el evento «{text}» (use su id o su nombre exacto).")
    return event


def _player_id(reg: Registration, emails: dict[int, str]) -> str:
    """The ID printed and exported: the account's e-mail, else the desk ID or e-mail."""
    if reg.user_id is not None and emails.get(reg.user_id):
        return emails[reg.user_id]
    return reg.external_id or reg.email or ""


def event_info(session: Session, event: Event, formats: dict | None = None,
               page_size: str | None = None) -> EventInfo:
    page_size = page_size or getattr(event, "page_size", None) or "A4"
    fmt = (formats or {}).get(event.format_id)
    if fmt is not None and fmt.sealed is not None:  # Sellado / Lanzamiento: the event's Castillo size
        fmt = event_format(session, event, fmt)
    organizer = session.get(User, event.organizer_id)
    sections = {}
    if fmt is not None:
        game = fmt.game
        # the game's own section names, the format's sizes, the sheet layout (games.toml)
        side_max = fmt.side_sizes[-1] if fmt.side_sizes else fmt.side_max
        sizes = (" o ".join(str(n) for n in fmt.side_sizes) if fmt.side_sizes
                 else (f"{fmt.side_min} a {fmt.side_max}" if fmt.side_max is not None else ""))
        # one size besides none («0 o 10»): a registered side has exactly that many cards
        positive = [n for n in fmt.side_sizes or () if n]
        exact = positive[0] if len(positive) == 1 else None
        sections = dict(main_name=fmt.main_name, side_name=fmt.side_name,
                        main_size=fmt.main_exact, side_size=exact, side_rows=side_max,
                        side_note=f"{sizes} cartas" if sizes else "",
                        grouped_by_type=game.sheet_by_type)
        if fmt.sealed is not None:  # §11 Sellado: the Soporte is the rest of the pool
            sections["side_note"] = "el resto del pool"
    return EventInfo(name=event.name, date=event.date,
                     format_name=fmt.name if fmt is not None else event.format_id,
                     location=event.venue or "", organizer=organizer.name if organizer else "",
                     page_size=page_size, **sections)


def event_documents(session: Session, event: Event, *, catalog=None, formats: dict | None = None,
                    page_size: str | None = None, table_round: int | None = None,
                    standings_round: int | None = None, leagues: bool = False) -> EventDocuments:
    """Everything the documents need. ``leagues``: the standings of the event's leagues too
    (the workbook's «Liga» sheet). ``table_round``: fill each deck sheet's Mesa from that
    round's pairings (when printing sheets for a deck check in that round). ``standings_round``:
    standings after that round (default: after every round paired so far)."""
    regs = spanish_sorted(session.exec(select(Registration).where(Registration.event_id == event.id)
                                       .order_by(col(Registration.id))), key=lambda r: r.name)
    emails = account_emails(session, regs)
    by_id = {r.pk: r for r in regs}
    players = tuple(PlayerRow(name=r.name, player_id=_player_id(r, emails), byes=r.byes or 0,
                              dropped=r.dropped)
                    for r in regs)

    # rounds, with the points each player had before each round
    state = round_service.build_state(session, event)
    rounds_rows = round_service.event_rounds(session, event)
    rounds: list[RoundData] = []
    tables_of: dict[int, dict[int, int]] = {}
    for index, rnd in enumerate(rounds_rows):
        points = {s.id: s.points for s in swiss_standings(state.first_rounds(index))}
        rows = []
        seats: dict[int, int] = {}
        for m in round_service.round_matches(session, rnd):
            a = by_id[m.player_a_id]
            b = by_id.get(m.player_b_id) if m.player_b_id else None
            seats[a.pk] = m.table_no
            if b is not None:
                seats[b.pk] = m.table_no
            rows.append(PairingRow(
                table=m.table_no, player=a.name, player_points=points.get(str(a.id), 0),
                opponent=b.name if b else None,
                opponent_points=points.get(str(b.id), 0) if b else None,
                player_id=_player_id(a, emails), opponent_id=_player_id(b, emails) if b else "",
                result=m.result if (m.status == MATCH_CONFIRMED and b is not None) else None))
        name = round_service.cut_name(session, rnd)
        rounds.append(RoundData(rnd.number, tuple(rows), name))
        tables_of[rnd.number] = seats

    # standings and the top cut
    played = len(rounds_rows)
    if standings_round is not None:
        numbers = [r.number for r in rounds_rows]
        if standings_round not in numbers:
            raise NotFound(f"No existe la ronda {standings_round}.")
        played = numbers.index(standings_round) + 1
    table = swiss_standings(state.first_rounds(played)) if rounds_rows else []
    standings = tuple(StandingRow(
        rank=s.rank, player=s.name, points=s.points, record=s.record, omw=float(s.omw),
        gw=float(s.gw), ogw=float(s.ogw), dropped=s.dropped,
        player_id=_player_id(by_id[int(s.id)], emails) if s.id.isdigit() and int(s.id) in by_id else "",
    ) for s in table)
    # the top cut is seeded once the Swiss rounds are over (never a projection mid-event)
    planned = round_service.planned_rounds(session, event)
    planned = getattr(planned, "rounds", planned)  # an int, or swiss's RoundsPlan
    swiss_over = bool(rounds_rows) and played >= planned
    cut_played = _cut_rounds(session, rounds_rows[:played]) if swiss_over else []
    bracket = _bracket(event, table, cut_played) if swiss_over else None
    final = _final_standings(event, table, cut_played, by_id, emails)

    # decks
    registered = decklist_service.registered_by_player(session, event)
    versions = _versions(session, [sub for sub in registered.values()])
    seats = tables_of.get(table_round, {}) if table_round else {}
    decks = []
    for reg in regs:
        sub = registered.get(reg.pk)
        table_no = seats.get(reg.pk)
        if sub is None:
            decks.append(DeckSheet(player_name=reg.name, player_id=_player_id(reg, emails),
                                   table=str(table_no or "")))
            continue
        decks.append(_deck_sheet(reg, sub, catalog, _player_id(reg, emails), table_no,
                                 versions.get(sub.pk)))

    return EventDocuments(
        event=event_info(session, event, formats, page_size), players=players, decks=tuple(decks),
        rounds=tuple(rounds), standings=standings, bracket=bracket,
        swaps=tuple(_swaps(session, event, by_id, emails, catalog, rounds_rows)),
        adjudications=tuple(adjudication_service.document_rows(session, event)),
        final_standings=final,
        leagues=league_service.event_league_rows(session, event, formats or load_formats())
        if leagues else (),
    )


def _final_standings(event: Event, table, cut_played: list[list], by_id, emails) -> tuple:
    """The cut first (how far each went), then the Swiss (tourney.swiss.topcut); () before
    the cut starts."""
    if not cut_played or not event.top_cut:
        return ()
    try:
        order = final_standings([s.id for s in table], event.top_cut, cut_played)
    except SwissUserError:
        return ()
    by_sid = {s.id: s for s in table}
    return tuple(FinalStandingRow(
        place=p.place, player=by_sid[p.id].name, stage=p.stage, swiss_rank=by_sid[p.id].rank,
        points=by_sid[p.id].points, record=by_sid[p.id].record, dropped=by_sid[p.id].dropped,
        player_id=_player_id(by_id[int(p.id)], emails) if p.id.isdigit() and int(p.id) in by_id
        else "") for p in order if p.id in by_sid)


def _cut_rounds(session: Session, rounds_rows: list[Round]) -> list[list]:
    """The top-cut rounds played so far as tourney.swiss matches (confirmed results only)."""
    return [[SwissMatch(str(m.player_a_id), str(m.player_b_id) if m.player_b_id else None,
                        m.result if m.status == MATCH_CONFIRMED else None)
             for m in round_service.round_matches(session, rnd)]
            for rnd in rounds_rows if rnd.kind == ROUND_TOP_CUT]


def _bracket(event: Event, table, cut_rounds: Sequence[Sequence] = ()) -> Bracket | None:
    """The top cut seeded from the standings (tourney.swiss's bracket order), filled with the
    cut rounds played (winners carried forward, the final's winner is the champion); rounds
    not played yet are empty."""
    size = event.top_cut or 0
    if size < 2 or not table:
        return None
    try:
        first = top_cut_pairings(table, size)
    except SwissUserError:
        return None
    eligible = [s for s in table if not s.dropped]
    seed_of = {s.id: i for i, s in enumerate(eligible[:size], start=1)}
    name_of = {s.id: s.name for s in table}
    bracket_order(size)  # validates the size
    if cut_rounds:
        try:
            columns = cut_bracket(size, cut_rounds)
        except SwissUserError:
            columns = None
        if columns:
            return Bracket(tuple(tuple(BracketMatch(
                name_of.get(x.a) if x.a else None, name_of.get(x.b) if x.b else None,
                seed_of.get(x.a), seed_of.get(x.b), name_of.get(x.winner) if x.winner else None)
                for x in column) for column in columns))
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
    rows = session.exec(select(SupportSwap, Match).join(Match, col(Match.id) == SupportSwap.match_id)
                        .where(col(Match.round_id).in_(list(number_of)))).all()
    out = []
    for swap, match in rows:
        reg = by_id.get(swap.registration_id)
        if reg is None:
            continue
        data = swap.swaps
        outgoing: list = data.get("out", []) if isinstance(data, dict) else []
        incoming: list = data.get("in", []) if isinstance(data, dict) else []
        pairs = _pair_swaps(outgoing, incoming, catalog)
        for qty, card_out, card_in in pairs:
            out.append(SwapRow(round=number_of[match.round_id], table=match.table_no, player=reg.name,
                               game=swap.game, card_out=card_out, card_in=card_in,
                               entered_at=local_time(swap.entered_at), player_id=_player_id(reg, emails), qty=qty,
                               seconds_taken=swap.seconds_taken, late=swap.late))
    out.sort(key=lambda s: (s.round, s.table or 0, spanish_key(s.player), s.game))
    return out


def _pair_swaps(outgoing: list[dict], incoming: list[dict], catalog) -> list[tuple[int, str, str]]:
    """Line the cards out up with the cards in, one for one (§11: swaps are one for one)."""
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


__all__ = ["DOCUMENT_KINDS", "RenderedDocument", "event_documents", "event_info", "find_event", "render_document"]


DOCUMENT_KINDS = ("decksheets", "blank", "pairings", "slips", "standings", "workbook",
                  "adjudications")


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
    if kind not in DOCUMENT_KINDS:
        raise ServiceError(f"Documento desconocido: {kind}.")
    docs = event_documents(session, event, catalog=catalog, formats=formats, page_size=page_size,
                           table_round=round_number if kind == "decksheets" else None,
                           standings_round=round_number if kind == "standings" else None,
                           leagues=kind == "workbook")
    slug = f"evento-{event.id}"
    pdf = "application/pdf"
    if kind == "workbook":
        return RenderedDocument(build_workbook(docs), f"{slug}.xlsx",
                                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    if kind == "adjudications":
        return RenderedDocument(render_adjudications(docs.event, docs.adjudications,
                                                     printed_at=printed_at),
                                f"{slug}-arbitrajes.pdf", pdf)
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
                                                 printed_at=printed_at,
                                                 final=docs.final_standings),
                                f"{slug}-clasificacion-ronda-{number}.pdf", pdf)
    try:
        rnd = docs.round(round_number)
    except LookupError as exc:
        raise ServiceError(str(exc).capitalize() + ".") from None
    if kind == "pairings":
        return RenderedDocument(render_pairings(docs.event, rnd.number, rnd.pairings, order=order,
                                                printed_at=printed_at, name=rnd.name),
                                f"{slug}-emparejamientos-ronda-{rnd.number}.pdf", pdf)
    return RenderedDocument(render_slips(docs.event, rnd.number, rnd.pairings, printed_at=printed_at,
                                         name=rnd.name),
                            f"{slug}-hojas-de-resultado-ronda-{rnd.number}.pdf", pdf)
