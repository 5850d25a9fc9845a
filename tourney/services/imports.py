"""XLSX imports -> registrations and decklist submissions.

All or nothing: every row is checked first and every problem is reported (sheet, row,
column); only when there is none are the rows written. Each imported list is parsed and
validated once (tourney.legality, through services.decklists.check_deck); its verdict is the
one stored. Like every service these only flush; the caller (CLI command, view) commits.
"""
from __future__ import annotations

import unicodedata

from collections import defaultdict
from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from ..catalog.model import fold
from ..document_values import PlayerRow
from ..legality import DecklistError, parse_decklist
from ..legality.decklist import check_unknown_names
from ..models.events import Event, Registration, User
from ..sheets.decklist_import import DecklistImport, read_decklists
from ..sheets.imports import RowError, SheetImportError, read_player_rows
from .access import require_organizer
from .decklists import Checked, catalog_for, check_deck, submit_decklist
from .events import rounds_played
from .names import account_name_differs, invisible, player_name

ROW_LEVEL_CODES = ("unknown_card", "ambiguous_card")  # a card the sheet names wrongly


def account_emails(session: Session, regs: list[Registration]) -> dict[int, str]:
    """User id -> the account's e-mail, for the registrations that have an account."""
    ids = {r.user_id for r in regs if r.user_id is not None}
    if not ids:
        return {}
    return {u.pk: u.email for u in session.exec(select(User).where(col(User.id).in_(ids)))}


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
    require_organizer(actor, event, session)
    rows, errors = _readable(read_player_rows, data)
    existing = list(session.exec(select(Registration).where(Registration.event_id == event.id)))
    taken_names = {fold(r.name): r for r in existing}
    taken_users = {r.user_id for r in existing if r.user_id is not None}
    taken_ids = {fold(x): r.name for r in existing for x in (r.external_id, r.email) if x}
    played = rounds_played(session, event)
    emails = [p.player_id.strip().lower() for _s, _r, p in rows if "@" in p.player_id]
    users = {u.email.lower(): u for u in session.exec(select(User).where(col(User.email).in_(emails)))} \
        if emails else {}
    plan: list[tuple[PlayerRow, User | None]] = []
    summary = ImportSummary()
    for sheet, row, p in rows:
        user = users.get(p.player_id.strip().lower()) if "@" in p.player_id else None
        bad = invisible(unicodedata.normalize("NFC", p.name))
        if bad is not None:
            errors.append(RowError(sheet, row, "Nombre", f"el nombre tiene un carácter invisible o "
                                                         f"de control ({bad}): escríbelo sin él"))
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
            taken_users.add(user.pk)
            if account_name_differs(user.name, p.name):
                summary.warnings.append(f"hoja «{sheet}», fila {row}: {user.email} se inscribe con "
                                        f"el nombre de su cuenta, «{user.name}» (la hoja dice "
                                        f"«{p.name}»)")
        elif p.player_id:
            summary.warnings.append(f"hoja «{sheet}», fila {row}: «{p.player_id}» no es el correo de "
                                    f"una cuenta: {p.name} queda inscrito sin cuenta")
        plan.append((p, user))
    if errors:
        raise SheetImportError(_sorted(errors))
    for p, user in plan:
        pid = p.player_id.strip()
        email = pid.lower() if user is None and "@" in pid else None
        name = player_name(user.name if user is not None else None, p.name, "Nombre")
        session.add(Registration(event_id=event.pk, user_id=user.pk if user else None, name=name,
                                 dropped=p.dropped, byes=p.byes or 0, email=email,
                                 external_id=pid if user is None and pid else None))
        summary.created += 1
    session.flush()
    return summary


def import_decklists(session: Session, actor: User, event: Event, data: bytes, fmt,
                     catalog) -> ImportSummary:
    """Submit each player's list from the sheet (tourney.legality parses and validates it,
    once: the verdict checked here is the one stored).

    Row-level problems (unknown player, unreadable row, unknown or ambiguous card) stop the whole
    import. An illegal list (copies, sizes, format rules) is still stored, as any submission is,
    with its verdict; the summary lists it.
    """
    require_organizer(actor, event, session)
    lists, errors = _readable(read_decklists, data)
    regs = list(session.exec(select(Registration).where(Registration.event_id == event.id)))
    emails = account_emails(session, regs)
    by_key: dict[str, list[Registration]] = defaultdict(list)
    for r in regs:
        by_key[fold(r.name)].append(r)
        keys = {fold(x) for x in (emails.get(r.user_id) if r.user_id is not None else None,
                                   r.external_id, r.email) if x}
        for key in keys - {fold(r.name)}:
            by_key[key].append(r)
    plan: list[tuple[Registration, DecklistImport, str, Checked]] = []
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
        seen[reg.pk] = item
        text = item.text(fmt.game.main.name, fmt.game.side.name)
        try:
            deck = parse_decklist(text, fmt.game)
            check_unknown_names(deck, catalog_for(fmt, catalog))  # bounded work (issue 15)
        except DecklistError as exc:
            for line, message in exc.errors:
                src = item.line_at(line)
                errors.append(RowError(src.sheet if src else item.sheet, src.row if src else item.row,
                                       None, message))
            continue
        verdict, checked = check_deck(event, fmt, catalog, deck)
        for v in verdict.violations:
            if v.code in ROW_LEVEL_CODES:
                sources = [item.line_at(n) for n in v.lines] or [None]
                for src in sources:
                    errors.append(RowError(src.sheet if src else item.sheet,
                                           src.row if src else item.row, "Carta",
                                           f"{v.message}" + (f" ({v.hint})" if v.hint else "")))
        plan.append((reg, item, text, checked))
    if errors:
        raise SheetImportError(_sorted(errors))
    summary = ImportSummary()
    for reg, _item, text, checked in plan:
        submit_decklist(session, actor, event, reg, fmt, catalog, text=text, source="xlsx",
                        checked=checked)
        summary.created += 1
        if checked.legal:
            summary.legal += 1
        else:
            first: dict = next(iter(checked.verdict.get("violations", [])), {})
            summary.illegal.append(f"{reg.name}: lista ilegal — {first.get('message', 'ver veredicto')}")
    return summary
