"""The lowering's building blocks: filters, the targets of one ability, conditions, costs,
durations and triggers, each turned into its ``tourney.engine.abilities.model`` value.

They live in ``lower_filters`` (filters, targets, amounts) and ``lower_frames`` (conditions,
costs, durations, triggers); this module re-exports them."""
from __future__ import annotations

from .lower_filters import (
    _NAME,
    _PAID,
    _PAID_VERBS,
    _ZONES,
    Unsupported,
    _count,
    _fields,
    _relations,
    _Scope,
    _tf_fields,
    amount_source,
    card_filter,
    paid_card,
    spelled,
)
from .lower_frames import (
    _EVENTS,
    _PHASES,
    _condition,
    _conditions,
    _cost,
    _duration,
    _trigger,
    _trigger_of,
)

__all__ = [
    "_EVENTS", "_NAME", "_PAID", "_PAID_VERBS", "_PHASES", "_ZONES", "Unsupported", "_Scope",
    "_condition", "_conditions", "_cost", "_count", "_duration", "_fields", "_relations",
    "_tf_fields", "_trigger", "_trigger_of", "amount_source", "card_filter", "paid_card",
    "spelled",
]
