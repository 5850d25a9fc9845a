"""The homes of the effects that move cards between zones: Destruye, Destierra, devuelve a la
mano, pon en el tope / fondo del Mazo Castillo, pon en juego, gana el control, mueve. Each is
verified in a line (the record moves exactly those cards there, valid targets, not protected:
Indestructible, Indesterrable, Inmunidad, Honor, a prevention) and never applied by a
continuous ability."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...errors import IllegalAction
from ..evaluate import IN_PLAY, mismatch
from ..effect_value import Effect
from ..protections import shielded
from ..target_filter import TargetFilter
from ..verify_parts import Step, protection_of, protected_rule, still_target
from ..verify_pool import DEST, Plan, Pool
from .base import ENFORCED, declare
from .statuses import after_play, not_static

if TYPE_CHECKING:  # pragma: no cover
    from ...state import State
    from ...zones import Inst


def verify_move(step: Step) -> bool:
    return move_effect(step.game, step.pool, step.effect, step.source, step.p, step.f, step.known,
                       step.plan)


def move_effect(game: State, pool: Pool, effect: Effect, source: Inst, p: str,
                 f: TargetFilter | None, known: list[str] | None, plan: Plan | None = None) -> bool:
    kind = effect.kind
    if kind in DEST:
        dests = {DEST[kind]}
    elif kind == "move":
        dests = {effect.zone or ""}
    else:  # put into play / gain control: the card's zone in play
        dests = {"defense", "support", "reserve"}
    if known is None:
        ids = [iid for iid, z in pool.moves.items() if z in dests
               and not (kind == "gain_control" and game.cards[iid].controller == p)]
        if f is not None:
            for iid in ids:
                inst = game.cards[iid]
                g = replace(f, zone="being_played") if (f.zone == "hand"
                                                        and iid in pool.drawn) else f
                why = mismatch(game, g, inst, p, source)
                if why:
                    raise IllegalAction("8.2", f"{inst.label()} no es un objetivo válido de "
                                               f"{source.label()} ({f.describe()}): {why}.")
            if effect.subject != "each" and len(ids) > f.count:
                raise IllegalAction("8.2", f"{source.label()} afecta a {f.describe()}, y el "
                                           f"registro mueve {len(ids)} cartas.")
        for iid in ids:
            if shielded(game, game.cards[iid], kind, source):
                raise IllegalAction("6.4", _shield_why(game, iid, kind, source))
            why = protection_of(game, game.cards[iid], effect, source)
            if why:
                raise IllegalAction(protected_rule(kind, why),
                                    f"{why}: el efecto de {source.label()} no lo afecta.")
        pool.take_moves(ids)
        return bool(ids)
    done = False
    for iid in known:
        inst = game.cards[iid]
        still_valid = not (f is not None and effect.subject == "target"
                           and not still_target(game, pool, f, inst, p, source))
        guard_why = protection_of(game, inst, effect, source)
        moved = pool.moves.get(iid)
        shield = shielded(game, inst, kind, source)
        if moved in dests and shield:
            raise IllegalAction("6.4", _shield_why(game, iid, kind, source))
        if shield:
            continue  # 6.4: a continuous protection keeps it where it is; the effect resolves
        if still_valid and not guard_why:
            if moved in dests:
                del pool.moves[iid]
                done = True
            elif not effect.optional and (inst.zone in IN_PLAY or kind not in DEST):
                raise IllegalAction("6.5", f"{source.label()}: su habilidad "
                                           f"{effect.describe()} afecta a {inst.label()} y el "
                                           "registro no lo mueve así.")
        elif moved in dests:
            why = guard_why or f"{inst.label()} ya no es un objetivo válido"
            rule = protected_rule(kind, guard_why) if guard_why else "8.2"
            raise IllegalAction(rule, f"{why}: el efecto de {source.label()} no lo afecta.")
        elif guard_why and "prevenid" in guard_why and plan is not None:
            plan.spent.append(iid)
    return done


def _shield_why(game: State, iid: str, kind: str, source: Inst) -> str:
    word = "Destruido" if kind == "destroy" else "Desterrado"
    return (f"{game.cards[iid].label()} no puede ser {word} por {source.label()}: lo protege una "
            "habilidad continua en juego.")


MOVES = (*DEST, "put_into_play", "gain_control", "move")
for _word in MOVES:
    declare("effect", _word, line=ENFORCED, static=not_static(_word), after_play=after_play,
            handlers={"verify": verify_move})
