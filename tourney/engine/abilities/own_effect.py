"""A card's own effect (2.3: what a Talismán does when it resolves) as the one ability its
``effect`` line is checked against: a Talismán with several effect sentences («Anula un
Talismán. Destierra las dos primeras cartas de tu Mazo Castillo») states them all in one line,
so they are read as the steps of one ability, in order; a sentence with a condition («Si
controlas seis o más Oros, puedes Robar una carta adicional») is a step done only if it holds
when the card resolves. Only the first sentence's targets are chosen when it is played
(``chain.own_effect``): a later sentence with targets of its own cannot be matched to the
line's targets, and neither can a condition on a step that already has one; such a card's
line stays unverified (``effect_unclear``)."""
from __future__ import annotations

from dataclasses import replace

from .model import Ability


def merged_effect(abilities: tuple[Ability, ...]) -> Ability | None:
    """The card's effect sentences as one ability (None: it has none, or they cannot be
    merged: see the module)."""
    effects = [a for a in abilities if a.kind == "effect"]
    if not effects:
        return None
    first = effects[0]
    steps = []
    for n, ability in enumerate(effects):
        if n and ability.targets:
            return None
        for effect in ability.effects:
            if n and ability.optional and not effect.optional:  # «puedes …»: this sentence
                effect = replace(effect, optional=True)
            if ability.condition is not None:
                if effect.condition is not None:
                    return None
                effect = replace(effect, condition=ability.condition)
            steps.append(effect)
    if len(effects) == 1 and first.condition is None:
        return first
    return replace(first, condition=None, effects=tuple(steps))


def effect_unclear(abilities: tuple[Ability, ...]) -> bool:
    """The card has effect sentences that cannot be read as one ability (``merged_effect``)."""
    return any(a.kind == "effect" for a in abilities) and merged_effect(abilities) is None
