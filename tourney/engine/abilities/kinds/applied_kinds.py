"""The homes of the effects a line cannot show, which the engine applies once the line is
explained (``effects.Effects._apply_extra``): keywords gained or lost, «pierde su habilidad»,
«no puede atacar / bloquear / ser bloqueado», damage reduced, prevented or redirected, an
attack cancelled, Anular (10.4), Cancelar (10.10), Redirigir (10.41), and a prevention's
«para prevenirlo» (6.7). Verified: their cards must be the effect's, still valid and not
protected. Some are also applied by continuous abilities (``continuous.APPLIED``)."""
from __future__ import annotations

from ..verify_parts import Step, check_redirect, protection_of, still_target
from ..verify_pool import ENGINE_APPLIED, Unverifiable
from .base import ENFORCED, declare
from .statuses import after_play, static_applied


def verify_applied(step: Step) -> bool:
    game = step.game
    pool = step.pool
    effect = step.effect
    source = step.source
    p = step.p
    split = step.split
    plan = step.plan
    f = step.f
    known = step.known
    kind = step.effect.kind
    if kind == "redirect":
        if split is None or not split or not split[0]:
            raise Unverifiable("redirect sin objetivos nombrados")
        redirected = tuple(x for part in split for x in part)
        check_redirect(game, redirected)
        plan.extras.append((effect, redirected))
        return True
    if kind in ("annul", "cancel"):
        if known is None:
            below = [w for w in game.windows if w.source != source.id]
            known = [below[-1].source] if below else []
        for iid in known:  # an annulled Aliado, Arma or Tótem goes to the Cementerio
            if pool.moves.get(iid) == "graveyard":
                del pool.moves[iid]
        plan.extras.append((effect, tuple(known)))
        return True
    if known is None:
        raise Unverifiable(f"{kind} sin objetivos nombrados")
    valid = []
    for iid in known:
        inst = game.cards[iid]
        if f is not None and effect.subject == "target" and \
                not still_target(game, pool, f, inst, p, source):
            continue  # the target is gone: not affected (8.2)
        if protection_of(game, inst, effect, source):
            continue
        valid.append(iid)
    plan.extras.append((effect, tuple(valid)))
    return bool(valid)


for _word in sorted(ENGINE_APPLIED):
    declare("effect", _word, line=ENFORCED, static=static_applied, after_play=after_play,
            handlers={"verify": verify_applied})
