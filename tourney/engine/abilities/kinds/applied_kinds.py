"""The homes of the effects a line cannot show, which the engine applies once the line is
explained (``effects.Effects._apply_extra``): keywords gained or lost, «pierde su habilidad»,
«no puede atacar / bloquear / ser bloqueado», damage reduced, prevented or redirected, an
attack cancelled, Anular (10.4), Cancelar (10.10), Redirigir (10.41), and a prevention's
«para prevenirlo» (6.7). Verified: their cards must be the effect's, still valid and not
protected. Some are also applied by continuous abilities (``continuous.APPLIED``)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...zones import IN_PLAY
from ...errors import IllegalAction
from ..chain import cannot_be_annulled
from ..evaluate import mismatch
from ..continuous import FLAG_OF
from ..verify_parts import Step, check_redirect, protection_of, still_target
from ..verify_pool import ENGINE_APPLIED, Unverifiable
from .base import ENFORCED, Use, declare
from .statuses import after_play, static_applied

if TYPE_CHECKING:  # pragma: no cover
    from ...zones import Inst
    from ..effect_value import Effect


def affects_one(game: Any, f: Any, iid: str, p: str, source: Inst) -> None:
    """4.3 Afectar: «redirige el efecto de un Talismán que afecte a una de tus cartas» — the
    card being played will affect (its targets include) a card of ``f``."""
    res = game.resolutions.get(iid)
    if res is None:
        return
    if not any(mismatch(game, f, game.cards[t], p, source, explain=False) is None for t in res.targets):
        raise IllegalAction("4.3", f"{game.cards[iid].label()} no afecta a ninguna carta que sea "
                                   f"{f.describe()}: {source.label()} no puede redirigirlo.")


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
    if kind in ("redirect", "retarget"):
        if split is None or not split or not split[0]:
            raise Unverifiable(f"{kind} sin objetivos nombrados")
        redirected = tuple(x for part in split for x in part)
        if kind == "retarget" and len(redirected) == 1:
            return True  # «puedes elegir nuevos objetivos»: none chosen, the targets stay
        if effect.filter is not None:
            affects_one(game, effect.filter, redirected[0], p, source)
        check_redirect(game, redirected, change=kind == "retarget")
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
        if kind == "cancel_attack" and inst.controller == p:
            continue  # «Cancela el ataque oponente»: never its controller's own attack (9 C3)
        valid.append(iid)
    plan.extras.append((effect, tuple(valid)))
    return bool(valid)


# -- applying (``effects.Effects._apply_extra``): what a verified line's step does that the
# record cannot show; ``lasting``: "" until the Fase Final, "!" permanent, "!@P" until P's turn


def _marked(game: Any, inst: Inst, mark: tuple[str, str] | None) -> None:
    """An effect until the Fase Final (or ``lasting``) on a card in play (``Inst.temp``)."""
    if inst.zone not in IN_PLAY:
        return
    game.affected.add(inst.id)
    game.until_final.add(inst.id)
    if mark is not None:
        inst.temp += (mark,)


def apply_keyword(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    sign = "+" if effect.kind == "gain_keyword" else "-"
    _marked(game, inst, (sign + lasting, effect.keyword) if effect.keyword else None)


def apply_flag(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    _marked(game, inst, ("+" + lasting, FLAG_OF[effect.kind]))


def apply_lose_abilities(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    _marked(game, inst, ("lose" + lasting, ""))


def apply_damage(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    """9 C4: damage reduced, prevented or redirected (read by ``combat``)."""
    if effect.kind == "reduce_damage":
        mark = ("reduce" + lasting, str(effect.amount or 0))
    elif effect.kind == "prevent_damage":
        mark = ("prevent" + lasting, "")
    else:  # redirect_damage
        mark = ("redirect" + lasting, p if effect.player == "you" else game.opponent(p))
    _marked(game, inst, mark)


def apply_prevent(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    """«fuera a ser Destruido … para prevenirlo» (6.7): that move of that card."""
    _marked(game, inst, ("shield", ",".join(game.prevent_events)))


def apply_annul(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    """10.4 Anular / 10.10 Cancelar: the card's or ability's window is annulled (a cancelled
    ability's resolution is dropped); «no puede ser Anulado» keeps an Anulación off."""
    for i, window in enumerate(game.windows):
        if window.source == inst.id and not (effect.kind == "annul" and cannot_be_annulled(game, inst)):
            game.windows[i] = replace(window, annulled=True)
            if effect.kind == "cancel":
                game.resolutions.pop(inst.id, None)


def apply_cancel_attack(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    game.cancel_attack_of(inst)  # 9 C3: the attacker goes back to the Defensa


_APPLY = {"gain_keyword": apply_keyword, "lose_keyword": apply_keyword,
          "lose_abilities": apply_lose_abilities, **{k: apply_flag for k in FLAG_OF},
          "reduce_damage": apply_damage, "prevent_damage": apply_damage,
          "redirect_damage": apply_damage, "prevent": apply_prevent, "annul": apply_annul,
          "cancel": apply_annul, "cancel_attack": apply_cancel_attack}

# -- «No puedes jugar más cartas por el resto del turno» (6.4): a prohibition a resolved line
# leaves until the Fase Final (``State.forbidden``, read by ``play_rules.prohibited_by``)


def verify_turn_prohibition(step: Step) -> bool:
    step.plan.extras.append((step.effect, (step.source.id,)))  # nothing of it shows in the line
    return True


def apply_turn_prohibition(game: Any, effect: Effect, inst: Inst, p: str, lasting: str) -> None:
    game.forbidden += ((p, effect, inst.id),)


def _prohibition_line(use: Use) -> str | None:
    e = use.value
    if e.duration.kind == "end_of_turn" and e.subject == "each" and e.filter is not None:
        return ENFORCED
    return "«no se pueden jugar …» sin «este turno» en una línea: el motor no lo sigue"


declare("effect", "cannot_play", line=_prohibition_line,
        static=ENFORCED,  # play: play_rules.prohibited_by (6.4), while its ability applies
        after_play=after_play,
        handlers={"verify": verify_turn_prohibition, "apply": apply_turn_prohibition})


# what the engine marks on the card with its ``lasting`` (``_marked``): these alone can last
# «hasta tu próximo turno» (the mark ends as that player's turn begins, ``turn._next_turn``)
LASTING_MARKS = frozenset({"gain_keyword", "lose_keyword", "lose_abilities", *FLAG_OF,
                           "reduce_damage", "prevent_damage", "redirect_damage"})

for _word in sorted(ENGINE_APPLIED):
    # redirect, retarget: applied on the whole line's targets (``effects.Effects._redirect``)
    _handlers: dict[str, Any] = {"verify": verify_applied}
    if _word in _APPLY:
        _handlers["apply"] = _APPLY[_word]
    declare("effect", _word, line=ENFORCED, static=static_applied, after_play=after_play,
            handlers=_handlers)
