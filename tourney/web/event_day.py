"""Template helpers of the event day, called from the shared event templates: the opponent's
report waiting for a tap, players who dropped themselves, the catalog's missing editions, the
swap pickers' cards and the Castillo grouped by type."""
from __future__ import annotations

from ..collation import spanish_key
from ..document_values import OTHER_HEADING, TYPE_HEADINGS, TYPE_ORDER
from ..services import rounds as sk_rounds, scorekeeper as sk, self_drop
from ..services.catalog_upload import event_coverage
from ..services.judge_tools import swap_choices as choices_of
from .common import catalog, db, formats
from .scorekeeper import bp


@bp.app_context_processor
def _event_day_helpers():
    """Helpers the shared event templates call: the opponent's report waiting for a tap, the
    players who dropped themselves, and the format's editions missing from the catalog."""
    def pending_confirmation(registration, table):
        return sk.pending_confirmation(db(), registration, table) if registration else None

    def self_drops(event):
        return self_drop.self_drops(db(), event)

    def catalog_gaps(event):
        fmt = formats().get(event.format_id)
        if fmt is None or not fmt.game.catalog_required:
            return None
        return event_coverage(db(), catalog(), fmt, event)

    def swap_choices(decks):
        return choices_of(decks or {}, catalog())

    def deck_groups(event, entries):
        """A registered section's entries grouped by card type like the printed sheet
        (Aliados, Talismanes, …) when the game's sheet groups by type; else one group."""
        ordered = sorted(entries or [], key=lambda e: (spanish_key(e["name"]), e.get("code") or ""))
        fmt = formats().get(event.format_id)
        if fmt is None or not fmt.game.sheet_by_type:
            return [("", ordered)]
        cards = catalog()
        groups: dict[str, list] = {}
        for e in ordered:
            card = cards.by_code(e["code"]) if e.get("code") else None
            key = card.type if card is not None and card.type in TYPE_HEADINGS else ""
            groups.setdefault(key, []).append(e)
        return [(TYPE_HEADINGS.get(t, OTHER_HEADING), groups[t]) for t in (*TYPE_ORDER, "")
                if groups.get(t)]

    return {"pending_confirmation": pending_confirmation, "self_drops": self_drops,
            "catalog_gaps": catalog_gaps, "swap_choices": swap_choices, "deck_groups": deck_groups,
            "catalog_is_empty": lambda: len(_catalog()) == 0,
            "round_title": round_title}  # «Ronda 7 (Cuartos de final)», as the PDFs name it


def round_title(rnd) -> str:
    return sk_rounds.round_title(db(), rnd)


def _catalog():
    return catalog()
