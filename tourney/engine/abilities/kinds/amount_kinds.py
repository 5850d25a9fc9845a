"""The homes of the effects that change numbers on cards: gana / pierde N a la Fuerza (also
applied by continuous abilities), «tiene Fuerza N» (7.1 C, ``engine.strength``), pon / quita
contadores (10.12), quita todos los contadores,
Agrupa (10.1) and the conversion of a Tótem or an Oro into an Aliado (``conversion``)."""
from __future__ import annotations

from typing import Any

from ...errors import IllegalAction
from ..conversion import convert
from ..conversion import explain as conversion
from ..card_reads import IN_PLAY
from ..evaluate import mismatch
from ...strength import set_mark, with_setter
from ..verify_amounts import amount
from ..verify_parts import Step, protection_of, still_target
from ..verify_pool import Unverifiable
from .base import ENFORCED, Use, declare
from .statuses import after_play, not_static, static_applied


def verify_strength_or_counters(step: Step) -> bool:
    game = step.game
    pool = step.pool
    effect = step.effect
    source = step.source
    p = step.p
    split = step.split
    f = step.f
    known = step.known
    kind = step.effect.kind
    n = amount(game, effect, source, p, pool, split)
    if kind == "remove_counters":
        n = -n
    entries = (pool.strength if kind == "strength"
               else [(i, c) for i, name, c in pool.counters if name == (effect.counter or "")])
    if known is None:
        ids = [iid for iid, d in entries if d == n]
        if f is not None:
            ids = _chosen_now(step, ids, f.count if effect.subject != "each" else len(ids))
    else:
        ids = [iid for iid in known if game.cards[iid].zone in IN_PLAY]
    for iid in ids:
        entry = (iid, n)
        if kind == "strength":
            if entry not in pool.strength:
                if effect.optional:
                    return False
                raise IllegalAction("6.5", f"{source.label()}: {game.cards[iid].label()} "
                                           f"{'gana' if n >= 0 else 'pierde'} {abs(n)} a la "
                                           "Fuerza por su habilidad y el registro no lo dice.")
            pool.strength.remove(entry)
        else:
            full = (iid, effect.counter or "", n)
            if full not in pool.counters:
                if effect.optional:
                    return False
                raise IllegalAction("10.12", f"{source.label()}: el registro no pone los "
                                             f"contadores de {effect.counter} que dice su "
                                             f"habilidad en {game.cards[iid].label()}.")
            pool.counters.remove(full)
    return bool(ids)


def _chosen_now(step: Step, ids: list[str], limit: int) -> list[str]:
    """The cards an effect chooses as it resolves (no targets named before): each must fit
    its filter (8.2), and it takes at most ``limit``."""
    assert step.f is not None
    for iid in ids:
        why = mismatch(step.game, step.f, step.game.cards[iid], step.p, step.source)
        if why:
            raise IllegalAction("8.2", f"{step.game.cards[iid].label()} no es un objetivo "
                                       f"válido de {step.source.label()}: {why}.")
    return ids[:limit]


def _set_change(step: Step, iid: str) -> int:
    """The change of Fuerza «tiene Fuerza N» makes on ``iid`` now: N minus its Fuerza without
    Alimento (which stays over it, 10.3)."""
    inst = step.game.cards[iid]
    return (step.effect.amount or 0) - (step.game.strength(inst) - inst.counters.get("Alimento", 0))


def verify_set_strength(step: Step) -> bool:
    """7.1 C «… tenga Fuerza N hasta la Fase Final»: the line writes, for each card it sets,
    the change that takes it to N (``[id, N − Fuerza]``; ``[id, 0]`` or nothing when it
    already had N); the cards are the effect's (still valid targets, not protected)."""
    game, pool, effect, source, p, f = step.game, step.pool, step.effect, step.source, step.p, step.f
    known = step.known
    if known is None:  # chosen when it resolves: the cards the line changes by that much
        known = [iid for iid, d in pool.strength if game.cards[iid].zone in IN_PLAY
                 and d == _set_change(step, iid)]
        if f is not None:
            known = _chosen_now(step, known, f.count)
    valid = []
    for iid in known:
        inst = game.cards[iid]
        if inst.zone not in IN_PLAY or (f is not None and effect.subject == "target"
                                        and not still_target(game, pool, f, inst, p, source)):
            continue  # the target is gone: not affected (8.2)
        if protection_of(game, inst, effect, source):
            continue
        entry = (iid, _set_change(step, iid))
        if entry in pool.strength:
            pool.strength.remove(entry)
        elif entry[1] != 0 or any(i == iid for i, _ in pool.strength):
            if effect.optional:
                return False
            raise IllegalAction("7.1 C", f"{source.label()}: {inst.label()} tiene Fuerza "
                                         f"{effect.amount} por su habilidad (un cambio de "
                                         f"{entry[1]:+d}) y el registro no lo dice.")
        valid.append(iid)
    step.plan.extras.append((effect, tuple(valid)))
    return bool(valid)


def apply_set_strength(game: Any, effect: Any, inst: Any, p: str, lasting: str) -> None:
    """The setter's mark (``strength.set_mark``): what was applied before is under it."""
    if inst.zone not in IN_PLAY:
        return
    inst.temp = with_setter(inst, set_mark(inst, effect.amount or 0, lasting))
    game.affected.add(inst.id)
    game.until_final.add(inst.id)


def _set_strength_line(use: Use) -> str | None:
    e = use.value
    if e.amount_from is not None or not isinstance(e.amount, int):
        return "«tiene Fuerza …» de un número que no es fijo: el motor acepta su línea sin verificarla"
    if e.duration.kind != "end_of_turn":
        return "«tiene Fuerza N» que no dura hasta la Fase Final: el motor acepta su línea sin verificarla"
    if e.subject not in ("target", "each", "self", "chosen"):
        return f"«tiene Fuerza N» sobre «{e.subject}»: el motor acepta su línea sin verificarla"
    return ENFORCED


def verify_remove_all_counters(step: Step) -> bool:
    game = step.game
    pool = step.pool
    effect = step.effect
    source = step.source
    p = step.p
    f = step.f
    known = step.known
    if known is None:
        raise Unverifiable("remove_all_counters sin cartas nombradas")
    name = effect.counter or ""
    done = False
    for iid in known:
        inst = game.cards[iid]
        have = inst.counters.get(name, 0)
        if not have or inst.zone not in IN_PLAY:
            continue
        if effect.subject == "target" and f is not None and \
                not still_target(game, pool, f, inst, p, source):
            continue  # the target is gone: not affected (8.2)
        full = (iid, name, -have)
        if full not in pool.counters:
            if effect.optional:
                return False
            raise IllegalAction("10.12", f"{source.label()}: su habilidad quita todos los "
                                         f"contadores de {name} de {inst.label()} y el "
                                         "registro no los quita.")
        pool.counters.remove(full)
        done = True
    return done


def verify_regroup(step: Step) -> bool:
    game = step.game
    pool = step.pool
    effect = step.effect
    source = step.source
    p = step.p
    f = step.f
    ids = [iid for iid, z in pool.moves.items() if z == "reserve"
           and game.cards[iid].zone == "paid" and game.cards[iid].controller == p]
    n = effect.amount if effect.amount is not None else (f.count if f else len(ids))
    if len(ids) > n:
        raise IllegalAction("10.1", f"{source.label()} Agrupa hasta {n} Oros, no {len(ids)}.")
    pool.take_moves(ids)
    return bool(ids)


def verify_become_ally(step: Step) -> bool:
    return conversion(step.game, step.pool, step.effect, step.source, step.p, step.plan)


def apply_become_ally(game: Any, effect: Any, inst: Any, p: str, lasting: str) -> None:
    """The conversion a verified line explains (``conversion.convert``)."""
    convert(game, inst, effect.amount or 0, effect.keyword)


def _become_ally_line(use: Use) -> str | None:
    if use.value.amount_from is not None:
        return "Fuerza «igual a …» de la conversión: aplicada sin verificar"
    return ENFORCED


declare("effect", "strength", line=ENFORCED, static=static_applied, after_play=after_play,
        handlers={"verify": verify_strength_or_counters})
declare("effect", "set_strength", line=_set_strength_line,
        static=lambda use: (ENFORCED if isinstance(use.value.amount, int) and (
            use.value.subject == "self" or (use.value.subject == "each" and use.value.filter))
            else "«tiene Fuerza N» continua sobre otro sujeto: el motor no la aplica"),
        after_play=after_play, handlers={"verify": verify_set_strength, "apply": apply_set_strength})
for _word in ("counters", "remove_counters"):
    declare("effect", _word, line=ENFORCED, static=not_static(_word), after_play=after_play,
            handlers={"verify": verify_strength_or_counters})
declare("effect", "remove_all_counters", line=ENFORCED, static=not_static("remove_all_counters"),
        after_play=after_play, handlers={"verify": verify_remove_all_counters})
declare("effect", "regroup", line=ENFORCED, static=not_static("regroup"), after_play=after_play,
        handlers={"verify": verify_regroup})
declare("effect", "become_ally", line=_become_ally_line, static=not_static("become_ally"),
        after_play=after_play, handlers={"verify": verify_become_ally, "apply": apply_become_ally})
