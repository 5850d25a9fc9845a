"""Deck sheets for the documents: a registered submission -> the ``DeckSheet`` value the
PDFs and the workbook print (lines with type and Raza, the Oro inicial marked by the rule
of tourney.legality, the verdict's notes, the version in the player's history)."""
from __future__ import annotations

from collections import defaultdict

from sqlmodel import Session, col, select

from ..document_values import DeckLine, DeckSheet
from ..legality.rules import initial_gold_line
from ..localtime import to_local
from ..models.events import DecklistSubmission, Registration


def _versions(session: Session, subs: list[DecklistSubmission]) -> dict[int, int]:
    """Submission id -> its number in the player's history (1 = first list sent)."""
    if not subs:
        return {}
    reg_ids = {s.registration_id for s in subs}
    history: dict[int, list[DecklistSubmission]] = defaultdict(list)
    for row in session.exec(select(DecklistSubmission)
                            .where(col(DecklistSubmission.registration_id).in_(reg_ids))
                            .order_by(col(DecklistSubmission.submitted_at), col(DecklistSubmission.id))):
        history[row.registration_id].append(row)
    return {row.pk: i for rows in history.values() for i, row in enumerate(rows, start=1)}


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
                     verdict_notes=notes, registered_at=to_local(sub.submitted_at), version=version)


def _line(entry: dict, catalog) -> DeckLine:
    card = catalog.by_code(entry["code"]) if catalog is not None and entry.get("code") else None
    return DeckLine(qty=int(entry["qty"]), name=entry.get("name") or (card.name if card else "?"),
                    type=card.type if card else "", race=card.race if card else None,
                    code=entry.get("code"))


def _mark_initial_gold(lines: list[DeckLine], catalog, entries: list[dict]) -> list[DeckLine]:
    """Mark the Oro inicial (tourney.legality.rules.initial_gold_line, §3.2)."""
    if catalog is None:
        return lines
    best = initial_gold_line([(catalog.by_code(line.code) if line.code else None, line.qty)
                              for line in lines])
    if best is None:
        return lines
    out = list(lines)
    line = out[best]
    out[best] = DeckLine(line.qty, line.name, line.type, line.race, line.code, initial_gold=True)
    return out
