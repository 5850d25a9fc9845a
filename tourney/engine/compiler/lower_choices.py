"""Lowering «Cada jugador VERBO una carta suya»: each player chooses among their own cards."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.effect_value import Effect
from ..abilities.target_filter import TargetFilter
from .lower_filters import Unsupported, tf_fields, card_filter
from .parsed import Effect as PEffect


def each_chooses(eff: PEffect, kind: str, common: dict[str, Any]) -> Effect:
    """«Cada jugador Destierra un Aliado que controle / una carta de su Cementerio»: each player
    chooses that many of their own cards, without targeting (the filter's «you» is each player)."""
    cards = eff.cards
    assert cards is not None
    if cards.ref is not None or cards.count is None or cards.target or cards.up_to or cards.random:
        raise Unsupported("otro jugador elige qué cartas")
    if cards.zone == "play" and cards.controller == "subject":
        own = replace(cards, controller="you")
    elif cards.zone != "play" and cards.zone_owner == "owner" and cards.controller is None:
        own = replace(cards, zone_owner="you")
    else:
        raise Unsupported("cada jugador elige cartas de dueño incierto")
    flt = card_filter(own, owner_player="you")
    return Effect(kind, subject="chosen", player="each", filter=TargetFilter(**{**tf_fields(flt), "targets": False}),
                  **common)
