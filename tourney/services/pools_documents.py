"""Documents of a pool event: the pool registration sheets (PDF) and the pools workbook (XLSX
export and import). Rows -> plain values (``tourney.printing.poolsheet``, ``tourney.sheets.pools``).
"""
from __future__ import annotations

from collections import Counter

from sqlmodel import Session, col, select

from ..catalog.model import fold
from ..legality import pool as core
from ..legality import pool_rules
from ..models.events import Event, Registration, User
from ..printing.poolsheet import PoolSheet, PoolSheetLine, render_pool_sheets
from ..sheets.pools import PoolRow, read_pools, write_pools
from . import pools
from .decklists import registered_by_player
from .documents import event_info
from .errors import ServiceError
from ..collation import spanish_sorted


def _castle_by_code(sub) -> Counter:
    out: Counter = Counter()
    if sub is not None:
        for entry in sub.resolved.get("castle", []):
            out[entry["code"]] += entry["qty"]
    return out


def _players(session: Session, event: Event) -> list[Registration]:
    return spanish_sorted(session.exec(select(Registration).where(Registration.event_id == event.id)
                                       .order_by(col(Registration.id))), key=lambda r: r.name)


def player_id(reg: Registration, emails: dict[int, str]) -> str:
    """The ID printed and exported: the account's e-mail, else the desk ID or e-mail."""
    if reg.user_id is not None and emails.get(reg.user_id):
        return emails[reg.user_id]
    return reg.external_id or reg.email or ""


def _emails(session: Session, regs: list[Registration]) -> dict[int, str]:
    ids = [r.user_id for r in regs if r.user_id is not None]
    if not ids:
        return {}
    return {u.pk: u.email for u in session.exec(select(User).where(col(User.id).in_(ids)))}


def pool_sheets(session: Session, event: Event, fmt, registrations: list[Registration] | None = None,
                tables: dict[int, int] | None = None) -> list[PoolSheet]:
    """One sheet per player with a pool: every card, the Castillo marked, the Soporte the rest."""
    fmt = pools.event_format(session, event, fmt)
    regs = registrations if registrations is not None else _players(session, event)
    by_player = pools.pools_by_player(session, event)
    subs = registered_by_player(session, event)
    emails = _emails(session, regs)
    notes = pool_rules.support_notes(fmt.sealed) if pool_rules.is_sealed(fmt) else []
    out = []
    for reg in regs:
        row = by_player.get(reg.pk)
        if row is None:
            continue
        sub = subs.get(reg.pk)
        left = _castle_by_code(sub)
        lines = []
        for card in pools.pool_value(row).cards:
            take = min(left[card.code], card.qty)
            left[card.code] -= take
            lines.append(PoolSheetLine(card.product, card.qty, card.name, card.code, take))
        out.append(PoolSheet(player_name=reg.name, player_id=player_id(reg, emails),
                             table=(tables or {}).get(reg.pk), lines=lines,
                             castle_size=fmt.main_exact or 0, locked=row.locked,
                             legal=(sub.legal if sub is not None else None), notes=notes))
    return out


def pool_sheets_pdf(session: Session, event: Event, fmt, formats: dict,
                    registrations: list[Registration] | None = None) -> bytes:
    info = event_info(session, event, formats)
    return render_pool_sheets(info, pool_sheets(session, event, fmt, registrations))


def pools_workbook(session: Session, event: Event, fmt) -> bytes:
    """Every pool as rows (Jugador, Producto, Cantidad, Carta, Código, Castillo) + a summary."""
    rows, summary = [], []
    for sheet in pool_sheets(session, event, fmt):
        who = sheet.player_id or sheet.player_name
        rows += [PoolRow(who, ln.product, ln.qty, ln.name, ln.code, ln.in_castle) for ln in sheet.lines]
        summary.append((sheet.player_name, sheet.pool_count, sheet.castle_count, sheet.support_count))
    return write_pools(rows, summary, title=f"Pools · {event.name}")


def import_pools(session: Session, actor: User, event: Event, catalog, data: bytes,
                 registration: Registration | None = None) -> int:
    """Register pools from a workbook: one player's (``registration``) or the whole event's
    (column Jugador: name, ID or e-mail). All or nothing: every bad row is reported at once."""
    errors: list[str] = []
    try:
        groups = read_pools(data)
    except core.PoolError as exc:
        if not exc.readable:  # not a sheet, no header row: nothing else to check
            raise ServiceError("Planilla de pools: " + pools._errors_text(exc), "file") from None
        groups = exc.readable
        errors.append(pools._errors_text(exc))  # bad cells; the other rows are checked too
    regs = _players(session, event)
    emails = _emails(session, regs)
    keys: dict[str, Registration] = {}
    for reg in regs:
        for key in (reg.name, reg.external_id, reg.email, emails.get(reg.user_id or -1)):
            if key:
                keys.setdefault(fold(key), reg)
    by_reg: dict[int, tuple[Registration, list[core.PoolLine]]] = {}
    for who, lines in groups.items():
        owner = registration if registration is not None else (keys.get(fold(who)) if who else None)
        if owner is None:
            first = lines[0].line
            errors.append(f"fila {first}: columna Jugador: «{who}» no es un jugador inscrito en este evento"
                          if who else f"fila {first}: falta la columna Jugador (nombre, ID o correo)")
            continue
        by_reg.setdefault(owner.pk, (owner, []))[1].extend(lines)  # name and e-mail rows: one pool
    plan = [(reg, sorted(lines, key=lambda ln: ln.line)) for reg, lines in by_reg.values()]
    if registration is not None and len(groups) > 1:
        errors.append("la planilla trae pools de varios jugadores: súbela desde la página de pools del evento")
    settings = pools.settings(session, event)
    editions = settings.editions if settings is not None else []
    for reg, lines in plan:
        try:
            core.resolve_pool(lines, catalog, editions, unit="fila")
        except core.PoolError as exc:
            errors.append(f"pool de {reg.name}: {pools._errors_text(exc)}")
    if errors:
        raise ServiceError("Planilla de pools: " + "; ".join(errors), "file")
    for reg, lines in plan:  # every pool is validated before any is written (enter_pool raises)
        pools.enter_pool(session, actor, event, reg, catalog, lines=lines, source="xlsx")
    return len(plan)
