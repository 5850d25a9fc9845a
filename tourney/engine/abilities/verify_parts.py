"""The parts every effect step's check uses (``verify_steps`` and the effect homes in
``kinds/``): the step in its place (``Step``), the cards it acts on (``subjects``), the
protections that keep a card from it (``protection_of``), a target still valid at resolution
(``still_target``), a searched card's filter (``found_match``)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...catalog.model import TALISMAN, TOTEM
from ..errors import IllegalAction
from ..keywords import INDESTRUCTIBLE, UNBANISHABLE
from .chain import check_targets, immune_to, immunity
from .continuous import keeps_abilities
from .effect_value import Effect
from .card_reads import IN_PLAY
from .evaluate import mismatch
from .condition_check import holds
from .model import Ability
from .target_filter import TargetFilter
from .verify_pool import DEST, Plan, Unverifiable, Pool

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State
    from ..zones import Inst


@dataclass(slots=True)
class Step:
    """One effect step of a line being checked: the game, what is left of the line
    (``pool``), the step, its ability and source, the controller ``p``, the line's targets
    split per target (``split``), the card that fired the trigger, the plan handed back, the
    step's filter with its amounts read now (``f``) and the cards it acts on when known."""

    game: State
    pool: Pool
    effect: Effect
    ability: Ability
    source: Inst
    p: str
    split: list[list[str]] | None
    triggering: str | None
    plan: Plan
    f: TargetFilter | None = None
    known: list[str] | None = None


def protection_of(game: State, inst: Inst, effect: Effect, source: Inst) -> str | None:
    if inst.zone not in IN_PLAY:
        return None
    if inst.temp and effect.kind in GUARDED and any(
            sign == "shield" and GUARDED[effect.kind] in word.split(",") for sign, word in inst.temp):
        return f"{inst.label()}: su {'destrucción' if effect.kind == 'destroy' else 'destierro'} fue prevenido"
    if effect.kind == "lose_abilities" and keeps_abilities(game, inst):
        return f"{inst.label()} no puede perder su habilidad"
    if effect.kind == "destroy" and INDESTRUCTIBLE in inst.kw:
        return f"{inst.label()} es Indestructible"
    if effect.kind == "banish" and UNBANISHABLE in inst.kw:
        return f"{inst.label()} es Indesterrable"
    immune = immunity(inst)
    if immune and targets_it(effect) and immune_to(game, immune, source):
        return f"{inst.label()} tiene Inmunidad a {immune}"
    if (effect.kind in DEST and inst.counters.get("Honor")
            and source.card.type in (TALISMAN, TOTEM)):
        return f"{inst.label()} tiene un contador de Honor"
    return None


GUARDED = dict(destroy="destroyed", banish="banished")  # a prevention's events (6.7)


def protected_rule(kind: str, why: str) -> str:
    """The rule a protection ``why`` (from ``protection_of``) cites for an effect of ``kind``."""
    if "Inmunidad" in why:
        return "10.32"
    if "prevenid" in why:
        return "6.7"
    return {"destroy": "10.31", "banish": "10.30"}.get(kind, "10.12")


def targets_it(effect: Effect) -> bool:
    """10.32: Inmunidad keeps a card from being a target and from effects that target it; a
    global effect («Destruye todos los Aliados») still affects it."""
    return effect.subject == "target"


def subjects(game: State, effect: Effect, ability: Ability, source: Inst,
              split: list[list[str]] | None, triggering: str | None) -> list[str] | None:
    s = effect.subject
    if s == "target":
        if split is None or effect.target >= len(split):
            return None
        return split[effect.target]
    if s == "self":
        return [source.id]
    if s == "bearer":
        return [source.bearer] if source.bearer else []
    if s == "triggering":
        return [triggering] if triggering else None
    if s in ("found", "earlier"):  # the card an earlier step found / chose: not followed yet
        raise Unverifiable(f"sujeto {s!r}")
    if s == "attackers":
        return list(game.attackers)
    if s == "blockers":
        return list(game.blocks.values())
    if s == "blocker":  # the Aliado blocking this one (attacker -> blocker)
        return [game.blocks[source.id]] if source.id in game.blocks else []
    return None


def no_search(game: State) -> Inst | None:
    """A card in play whose continuous ability forbids searching the Mazos Castillo now."""
    for inst in game.cards.values():
        if inst.zone not in IN_PLAY or inst.lost or inst.abilities is None:
            continue
        for a in inst.abilities.abilities:
            if a.kind == "continuous" and any(e.kind == "cannot_search" for e in a.effects) and \
                    (a.condition is None or holds(game, a.condition, inst, inst.controller)):
                return inst
    return None


def found_match(game: State, f: TargetFilter | None, inst: Inst, p: str, source: Inst) -> bool:
    """A searched card matches the whole filter (its names, Raza, attribute, alternatives…);
    where it comes from and whose it is are checked by the caller."""
    if f is None:
        return True
    loose = replace(f, zone="being_played", also_zones=(), controller="any", other=False)
    return mismatch(game, loose, inst, p, source, explain=False) is None


def owner_of(game: State, known: list[str] | None) -> str | None:
    if known:
        inst = game.cards[known[0]]
        return inst.controller if inst.zone in IN_PLAY else inst.owner
    return None


def still_target(game: State, pool: Pool, f: TargetFilter, inst: Inst, p: str,
                 source: Inst) -> bool:
    """8.2 Objetivos: a valid target is checked only to play the card (or announce the
    ability); at resolution the effect may fail only by the target's own abilities
    (Indestructible…, checked by the caller) or because it left its zone (a new card, 6.9).
    Targets named in this very line are chosen now: the whole filter applies."""
    if not pool.chosen:
        return mismatch(game, f, inst, p, source, explain=False) is None
    where = TargetFilter(zone=f.zone, also_zones=f.also_zones)
    return mismatch(game, where, inst, p, source, explain=False) is None


def check_redirect(game: State, ids: tuple[str, ...], change: bool = False) -> None:
    """10.41 Redirigir: one target changes for another one, valid for the redirected card's
    effect. 10.9 Cambiar objetivos (``change``, «elige nuevos objetivos»): new valid targets,
    the initial ones may be chosen again."""
    res = game.resolutions.get(ids[0])
    inst = game.cards[ids[0]]
    if res is None or inst.abilities is None:
        return
    new = ids[1:]
    kept = [t for t in new if t in res.targets]
    rule = "10.9" if change else "10.41"
    if not change and res.targets and (len(kept) == len(res.targets)
                                       or len(kept) < len(res.targets) - 1):
        # 10.41: the effect gets another target than the one it had — one target changes
        raise IllegalAction("10.41", f"Redirigir cambia un objetivo de {inst.label()} por otro "
                                     f"distinto: {', '.join(game.cards[t].label() for t in res.targets)} "
                                     f"→ {', '.join(game.cards[t].label() for t in new)}.")
    try:
        check_targets(game, inst, inst.abilities.abilities[res.index], ids[1:], res.controller,
                      rule=rule)
    except IllegalAction as exc:
        raise IllegalAction(rule, f"El nuevo objetivo debe ser válido: {exc.message}") from None
