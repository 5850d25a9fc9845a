"""Sentences that only restrict the ability just before them: «Sólo puedes activar / utilizar
esta habilidad si tu oponente controla tres o más Oros», «Activa esta habilidad sólo si
controlas tres o más cartas Oscuridad»; «Cualquier jugador puede activar esta habilidad»
(``Ability.activator``); «Sólo puedes utilizar esta habilidad hasta tres veces por turno»
(``Ability.per_turn``). The condition is added to that ability (an activated
one is usable only while it holds, a triggered one fires only if it holds); the sentence itself
states no ability of its own."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..abilities.condition import Condition
from .condition_frames import joined_conditions
from .lower_frames import conditions
from .nouns import number
from .parsed import Parsed
from .text import Cursor

if TYPE_CHECKING:  # pragma: no cover
    from ..abilities.model import Ability

_OPENERS = ("solo puedes activar esta habilidad si", "solo puedes utilizar esta habilidad si",
            "solo puedes usar esta habilidad si", "activa esta habilidad solo si",
            "puedes activar esta habilidad solo si")


def use_condition(cur: Cursor) -> Parsed | None:
    """The sentence, read whole (``sentence._special``); None when it is not one."""
    if (after := cur.take_any("cualquier jugador puede activar esta habilidad")) is not None:
        return Parsed("use_condition", param="any_player") if after.done else None

    for words in ("solo puedes utilizar esta habilidad hasta", "solo puedes activar esta habilidad hasta",
                  "solo puedes usar esta habilidad hasta"):
        # «Sólo puedes utilizar esta habilidad hasta tres veces por turno»
        if (after := cur.take(*words.split())) is not None and (n := number(after)) is not None and \
                n[1].take("veces", "por", "turno") is not None and n[1].skip(3).done and n[0] > 1:
            return Parsed("use_condition", param="per_turn", extra=(str(n[0]),))
    for words in _OPENERS:
        if (after := cur.take(*words.split())) is not None:
            conds = joined_conditions(after)
            if conds is not None and conds[1].done:
                return Parsed("use_condition", conditions=conds[0])
            return None
    return None


def restrict(before: tuple[Ability, ...] | None, parsed: Parsed, text: str) -> Ability:
    """The ability before with the condition added; ``ValueError`` (the reason) when there is
    no single activated or triggered ability just before it to restrict."""
    if not before or len(before) != 1 or before[0].kind not in ("activated", "triggered"):
        raise ValueError("«sólo puedes activar esta habilidad si …» sin una habilidad activada o "
                         "disparada justo antes")
    ability = before[0]
    if parsed.param == "any_player":  # «Cualquier jugador puede activar esta habilidad»
        if ability.kind != "activated" or ability.zone != "in_play":
            raise ValueError("«cualquier jugador puede activar esta habilidad» sin una habilidad "
                             "activada en juego justo antes")
        return replace(ability, activator="any", text=f"{ability.text} {text}")
    if parsed.param == "per_turn":  # «hasta tres veces por turno»: the engine's use limit (6.1)
        if ability.per_turn is not None:
            raise ValueError("un límite de usos por turno para una habilidad que ya tiene uno")
        return replace(ability, per_turn=int(parsed.extra[0]), text=f"{ability.text} {text}")
    added = conditions(parsed.conditions)
    assert added is not None  # the grammar reads at least one condition
    have = ability.condition
    parts = ((have.of if have.kind == "all_of" else (have,)) if have is not None else ()) + (
        added.of if added.kind == "all_of" else (added,))
    condition = parts[0] if len(parts) == 1 else Condition("all_of", of=parts)
    return replace(ability, condition=condition, text=f"{ability.text} {text}")
