"""The homes of the effects that move cards between zones: Destruye, Destierra, devuelve a la
mano, pon en el tope / fondo del Mazo Castillo, Baraja en el Mazo Castillo de su dueño (10.5:
the line moves the card to ``castle_top`` or ``castle_bottom``; the order after the shuffle is
the record's, docs/game-record.md), Purifica (10.40: from a Cementerio, Desterrada or Barajada
as its controller chooses, each card its own way), pon en juego, juega … sin pagar su coste /
pagando su coste (the card moves into play from its zone — its Oros paid in the same line —
unless a prohibition or its own restriction forbids playing it: 6.4, 8.1 A), gana el control,
mueve. Each is
verified in a line (the record moves exactly those cards there, valid targets, not protected:
Indestructible, Indesterrable, Inmunidad, Honor, a prevention) and never applied by a
continuous ability."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ....catalog.model import TALISMAN
from ...errors import IllegalAction
from ..cost_rules import changed_cost
from ..card_reads import IN_PLAY
from ..evaluate import mismatch
from ..effect_value import Effect
from ..play_rules import prohibited_by, restriction_refused
from ..protections import shielded
from ..target_filter import TargetFilter
from ..verify_parts import Step, protection_of, protected_rule, still_target
from ..verify_pool import DEST, Plan, Pool, Unverifiable
from .base import ENFORCED, Use, declare
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
    elif kind == "shuffle_into_castle":  # 10.5: into its owner's Mazo Castillo, either end
        dests = set(SHUFFLED)
    elif kind == "purify":  # 10.40: Desterrada or Barajada, as its controller chooses
        dests = {"exile", *SHUFFLED}
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


EACH_CHOOSES = {"banish": ("exile",), "destroy": ("graveyard",), "shuffle_into_castle": None}


def verify_each_chooses(step: Step) -> bool:
    """«Cada jugador Destierra un Aliado que controle / Baraja una carta de su mano»: each player
    chooses that many of their own cards (the filter's «you» is that player) when it resolves,
    and the line moves exactly those — as many as they have, if fewer. A player who moves none
    while one of their cards is protected from it may have had no choice: unverified."""
    game, pool, effect, f = step.game, step.pool, step.effect, step.effect.filter
    if effect.kind not in EACH_CHOOSES or f is None:
        raise Unverifiable("cada jugador elige")
    dests = set(EACH_CHOOSES[effect.kind] or SHUFFLED)
    done = False
    for pid in game.order:
        cands = [i for i in game.cards.values()
                 if mismatch(game, f, i, pid, step.source, False) is None]
        moved = [i.id for i in cands if pool.moves.get(i.id) in dests]
        need = min(f.count, len(cands))
        name = game.players[pid].name
        if len(moved) > f.count:
            raise IllegalAction("6.5", f"{step.source.label()}: {name} elige {f.count} "
                                       f"({f.describe()}) y el registro mueve {len(moved)}.")
        if len(moved) < need:
            if any(shielded(game, i, effect.kind, step.source)
                   or protection_of(game, i, effect, step.source) for i in cands):
                raise Unverifiable("cada jugador elige: una de sus cartas está protegida")
            raise IllegalAction("6.5", f"{step.source.label()}: {name} debe elegir {need} "
                                       f"({f.describe()}) y el registro mueve {len(moved)}.")
        done = move_effect(game, pool, effect, step.source, pid, f, moved, step.plan) or done
    return done


def verify_play_free(step: Step) -> bool:
    """«juega … sin pagar su coste»: the cards played move into play (``move_effect``); a
    card that may not be played now (a prohibition in play, 6.4; its own restriction, 8.1 A /
    4.2) makes the line illegal. A Talismán played this way resolves in a line of its own,
    which the record does not tie to this one: unverified."""
    game, p = step.game, step.p
    played = step.known if step.known is not None else [
        iid for iid, z in step.pool.moves.items() if z in ("defense", "support", "reserve")]
    for iid in played:
        inst = game.cards[iid]
        if inst.card.type == TALISMAN:  # an Espectral card enters as its own type (10.24)
            raise Unverifiable("jugar un Talismán desde una habilidad")
        if step.known is not None and step.pool.moves.get(iid) not in ("defense", "support",
                                                                       "reserve"):
            continue  # not played: ``move_effect`` says whether it had to be
        holder = prohibited_by(game, inst, p)
        if holder is not None:
            raise IllegalAction("6.4", f"Mientras {holder.label()} esté en juego no se puede "
                                       f"jugar {inst.label()} ({step.source.label()} lo juega "
                                       "sin pagar su coste).")
        refused = restriction_refused(game, inst, p, inst.zone)
        if refused is not None:
            raise IllegalAction(*refused)
    return verify_move(step)


def verify_play_paying(step: Step) -> bool:
    """«juega … pagando su coste»: as ``verify_play_free``, and the line pays the card's cost
    (its cost changes applied, ``cost_rules.changed_cost``) with Oros of the player's Reserva
    moved to the Zona de Oro Pagado (8.1, 10.16). A cost the engine cannot know (Oros
    virtuales…) leaves the line unverified."""
    game, pool, p = step.game, step.pool, step.p
    played = step.known if step.known is not None else [
        iid for iid, z in pool.moves.items() if z in ("defense", "support", "reserve")]
    oros = [iid for iid, z in pool.moves.items() if z == "paid"
            and game.cards[iid].zone == "reserve" and game.cards[iid].controller == p]
    due = 0
    for iid in played:
        if pool.moves.get(iid) not in ("defense", "support", "reserve"):
            continue
        cost = changed_cost(game, game.cards[iid], p)
        if cost is None:
            raise Unverifiable("coste que el motor no calcula (Oros virtuales…)")
        due += cost
    if len(oros) != due:
        raise IllegalAction("8.1", f"{step.source.label()}: jugar "
                                   f"{', '.join(game.cards[i].label() for i in played)} cuesta "
                                   f"{due} Oro{'s' if due != 1 else ''} de tu Reserva, y el "
                                   f"registro paga {len(oros)}.")
    pool.take_moves(oros)
    return verify_play_free(step)


def _play_line(use: Use) -> str | None:
    """A Talismán played by an ability resolves in a line of its own: ``verify_play_free``
    leaves it unverified, so such a value is not counted as enforced."""
    e = use.value
    if e.subject == "self":
        types: tuple[str, ...] = (use.card.type,)
    else:
        f = (use.ability.targets[e.target] if e.subject == "target"
             and e.target < len(use.ability.targets) else e.filter)
        types = tuple(f.types) if f is not None else ()
        if f is not None and not types and "Espectral" in f.keywords and f.zone == "graveyard":
            return ENFORCED  # 10.24: played as a Talismán, it enters play as its own type
    if not types or TALISMAN in types:
        return "jugar un Talismán desde una habilidad: su línea queda sin verificar"
    return ENFORCED


def _shield_why(game: State, iid: str, kind: str, source: Inst) -> str:
    word = "Destruido" if kind == "destroy" else "Desterrado"
    return (f"{game.cards[iid].label()} no puede ser {word} por {source.label()}: lo protege una "
            "habilidad continua en juego.")


SHUFFLED = ("castle_top", "castle_bottom")  # a card shuffled in: the record says which end


def announce_shuffled(game: State, effect: Effect, moved: dict[str, str],
                      p: str) -> list[tuple[str, str | None, str, str]]:
    """«un jugador Baraja cartas en su Mazo Castillo» (10.5; a Purificada card Barajada counts,
    10.40): one event per card the verified step put into its owner's Mazo Castillo, from the
    zone it was in (``events.FROM_ZONE``)."""
    return [("shuffled", iid, game.cards[iid].owner, game.cards[iid].zone)
            for iid, to in moved.items() if to in SHUFFLED and game.cards[iid].zone != "castle"]


MOVES = (*DEST, "shuffle_into_castle", "purify", "put_into_play", "gain_control", "move")
for _word in MOVES:
    _handlers: dict[str, Any] = {"verify": verify_move}
    if _word in ("shuffle_into_castle", "purify"):
        _handlers["announce"] = announce_shuffled
    declare("effect", _word, line=ENFORCED, static=not_static(_word), after_play=after_play,
            handlers=_handlers)
declare("effect", "play_free", line=_play_line, static=not_static("play_free"),
        after_play=after_play, handlers={"verify": verify_play_free})
declare("effect", "play_paying", line=_play_line, static=not_static("play_paying"),
        after_play=after_play, handlers={"verify": verify_play_paying})
