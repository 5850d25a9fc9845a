"""What of a card's abilities the engine enforces: every value in its place (``uses``) looked
up in the registry (``base.REGISTRY``, filled by ``effect_kinds`` and ``frame_kinds``).

``unenforced(card, abilities)`` gives the reasons (Spanish) why some value is only accepted by
the engine, not checked; an empty tuple means every value is enforced: a misuse of the card is
illegal at its line. ``tourney engine coverage`` counts a card as compiled only then."""
from __future__ import annotations

from collections.abc import Iterator

from ..delayed import follows_earlier
from ..model import Ability
from ..own_effect import effect_unclear
from ..condition import Condition
from ..effect_value import Effect
from ..target_filter import TargetFilter
from . import effect_kinds, frame_kinds  # noqa: F401 - they declare the homes
from .base import Use, kind_of
from .move_kinds import EACH_CHOOSES

_EFFECT_ROLE = {"continuous": "static", "play_permission": "after_play",
                "play_restriction": "after_play", "additional_cost": "after_play",
                "alternative_cost": "after_play"}
_FILTER_AMOUNTS = ("max_cost_from", "min_cost_from", "max_strength_from", "count_from")


def _conditions(cond: Condition | None) -> Iterator[Condition]:
    if cond is not None:
        yield cond
        for sub in cond.of:
            yield from _conditions(sub)


def _filter_amounts(f: TargetFilter | None) -> Iterator[str]:
    if f is not None:
        for name in _FILTER_AMOUNTS:
            word = getattr(f, name)
            if word:
                yield word
        yield from _filter_amounts(f.from_filter)
        for alt in f.any_of:
            yield from _filter_amounts(alt)


def uses(ability: Ability) -> Iterator[tuple[str, str, str, object]]:
    """(family, word, role, value) for every value of ``ability`` in its place."""
    yield "ability", ability.kind, "use", ability
    if ability.kind == "keyword" and ability.keyword:
        yield "keyword", ability.keyword, "apply", ability
    trigger = ability.trigger
    if trigger is not None:
        for event in (trigger.event, *trigger.events):
            yield "event", event, "fire", trigger
        for c in _conditions(trigger.condition):
            yield "condition", c.kind, "decide", c
    for c in _conditions(ability.condition):
        yield "condition", c.kind, "decide", c
    for cost in ability.costs:
        yield "cost", cost.kind, "pay", cost
    for f in ability.targets:
        for word in _filter_amounts(f):
            yield "amount", word, "read", f
    role = _EFFECT_ROLE.get(ability.kind, "line")
    for effect in ability.effects:
        yield from _effect_uses(effect, role)


def _effect_uses(effect: Effect, role: str) -> Iterator[tuple[str, str, str, object]]:
    yield "effect", effect.kind, role, effect
    yield "duration", effect.duration.kind, "expire", effect.duration
    if effect.amount_from is not None:
        yield "amount", effect.amount_from, "read", effect
    for c in _conditions(effect.condition):
        yield "condition", c.kind, "decide", c
    for word in _filter_amounts(effect.filter):
        yield "amount", word, "read", effect


def _shape_reasons(ability: Ability) -> Iterator[str]:
    """What of the ability's shape the engine cannot check, whatever its words."""
    t = ability.trigger
    if t is not None and t.delayed and follows_earlier(ability):
        yield ("disparada diferida sobre la carta de un paso anterior («En la Fase Final, "
               "Destierra ese Aliado»): el motor no la arma aún")
    if ability.kind == "continuous":
        return
    for e in ability.effects:
        if e.subject in ("found", "earlier"):
            yield f"sujeto «{e.subject}» (la carta de un paso anterior): el motor no la sigue"
        if e.player == "each" and e.subject == "chosen" and e.kind not in EACH_CHOOSES:
            yield "«cada jugador elige»: la línea queda sin verificar"
        if e.unless is not None and e.unless.kind not in ("gold", "banish_from_graveyard"):
            yield "«a menos que …» con ese pago: la línea queda sin verificar"


def _card_reasons(abilities: tuple[Ability, ...]) -> Iterator[str]:
    if effect_unclear(abilities):  # own_effect.merged_effect: read as one ability, or not
        yield ("varios efectos al jugarse (uno con objetivos propios, o una condición sobre un "
               "paso condicional): su línea no se puede atribuir (queda sin verificar)")


def missing_homes(ability: Ability) -> list[tuple[str, str, str]]:
    """(family, word, role) of the values of ``ability`` whose kind has no home for the role."""
    out = []
    for family, word, role, _ in uses(ability):
        kind = kind_of(family, word)
        if kind is None or role not in kind.roles:
            out.append((family, word, role))
    return out


def unenforced(card: object, abilities: tuple[Ability, ...]) -> tuple[str, ...]:
    """Why some value of the card's abilities is not enforced (empty: all are)."""
    reasons: dict[str, None] = {}
    for ability in abilities:
        for family, word, role, value in uses(ability):
            kind = kind_of(family, word)
            if kind is None or role not in kind.roles:
                reasons[f"{family} «{word}» sin casa en el registro para «{role}»"] = None
                continue
            why = kind.verdict(role, Use(card, ability, value))
            if why:
                reasons[why] = None
        for why in _shape_reasons(ability):
            reasons[why] = None
    for why in _card_reasons(abilities):
        reasons[why] = None
    return tuple(reasons)
