"""The ``effect`` line: the stated result of an ability or a Talismán (docs/game-record.md).

The line is applied (``line_moves.apply_line``: its moves, draws, mills, counters and Fuerza
changes) after the checks every line's moves obey (``line_moves.check_moves``). Before that, when the source's abilities are known (a
hand-written file or a complete compilation), the line must be explained by one of them
(``verify.explain``): the Talismán being resolved, a pending trigger (6.6 order), an ability
announced with ``activate``, or an activated ability usable right now (timing, condition,
once per turn — 6.1, 6.2). Otherwise the line is rejected with the rule. A card whose
abilities are not known gets the line applied and marked *unverified*.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import IllegalAction
from ..keywords import NO_ATTACK, NO_BLOCK, UNBLOCKABLE
from ..record import Action
from ..zones import IN_PLAY, ZONE_NAMES, Inst
from ..state import State
from .chain import Resolution, check_targets
from .card_reads import printed_keyword
from .condition_check import holds
from .explanations import Explanation, explanations
from .events import FROM_ZONE, Pending, tracked
from .line_moves import ambiguous, announce_unverified, apply_line, check_moves, note_maybe_under
from .own_effect import effect_unclear
from .model import Ability
from .effect_value import Effect
from .replacements import armed_later, could_produce, guarded, prevention_checked
from .trigger_cost_duration import Duration
from .verify_pool import Plan, Unverifiable
from .kinds.base import handler
from .verify import explain

FLAG = {"cannot_attack": NO_ATTACK, "cannot_block": NO_BLOCK,
        "cannot_be_blocked": UNBLOCKABLE}


def default_per_turn(inst: Inst) -> int | None:
    """6.1: abilities of cards from Invasión Oscura on are once per turn unless they say
    otherwise; every card of the DeckForge catalog is of that era."""
    return 1


STEP_C = frozenset({"played", "paid_with"})  # events of playing a card (8.1 C)


class Effects(State):
    prevent_events: tuple[str, ...] = ()  # what the prevention being verified keeps from
    # the chain helpers live in abilities.activate (declared for type checking)
    def _close_windows(self, down_to: int = 0) -> None:
        raise NotImplementedError

    def _fire_now(self) -> None:
        raise NotImplementedError

    def _resolve_window(self, window: Any, auto: bool = True) -> None:
        raise NotImplementedError

    def usable_now(self, inst: Inst, ability: Ability, p: str) -> str | None:
        """Why ``ability`` of ``inst`` cannot be activated by ``p`` now (None: it can)."""
        zone = ability.zone
        if zone == "in_play":
            if inst.zone not in IN_PLAY or (inst.controller != p and ability.activator != "any"):
                return f"{inst.label()} no está en juego bajo tu control"
        elif inst.zone != zone or inst.owner != p:
            return f"{inst.label()} no está en tu {ZONE_NAMES.get(zone, zone)}"
        if inst.lost:
            return f"{inst.label()} perdió su habilidad"
        if ability.response:
            if not self.windows:
                return "es una habilidad «en respuesta» y no hay nada a qué responder"
        else:
            phases = ability.phases or ("vigil", "war")
            own_vigil = self.phase == "vigil" and self.active == p
            ok = (("vigil" in phases and own_vigil and ability.own_turn is not False)
                  or ("vigil" in phases and self.phase == "vigil" and ability.own_turn is False)
                  or ("war" in phases and self.phase == "war" and self.priority == p)
                  or ("block" in phases and self.phase == "block"))
            if not ok:
                return "no es el momento de usarla"
        if not holds(self, ability.condition, inst, p):
            return f"no se cumple su condición ({ability.condition.describe()})" \
                if ability.condition else "no se cumple su condición"
        return None

    def _check_use(self, inst: Inst, index: int, ability: Ability) -> int:
        """6.1: how many times it was used this turn; raises when the limit is reached."""
        limit = ability.per_turn if ability.per_turn is not None else default_per_turn(inst)
        turn, count = divmod(self.used.get((inst.id, index), 0), 1000)
        count = count if turn == self.turn else 0
        if limit is not None and count >= limit:
            raise IllegalAction("6.1", f"{inst.label()}: esa habilidad se usa "
                                       f"{'una vez' if limit == 1 else f'{limit} veces'} por "
                                       "turno y ya se usó este turno.")
        return count

    def _used(self, inst: Inst, index: int, ability: Ability) -> None:
        count = self._check_use(inst, index, ability)
        self.used[(inst.id, index)] = self.turn * 1000 + count + 1

    def _moded(self, action: Action, source: Inst) -> bool:
        """The line (or the play / activate it resolves) names a mode of an «elige uno» (v2
        «mode»): applied, unverified — the compiler does not read modes yet."""
        return action.mode is not None or source.id in self.modes

    def _illusion(self, action: Action, source: Inst) -> Any:
        """10.28 Ilusión: the Aliado destroyed this turn comes back into play under its owner's
        control as an Aliado without ability — the line that returns it is verified and the
        card has no ability from then on; None when the line is not that."""
        if source.zone != "graveyard" or dict(action.moves).get(source.id) != "defense" or \
                not printed_keyword(source, "Ilusión"):
            return None
        if not any(turn == self.turn and kind == "destroyed" and card == source.id
                   for turn, kind, card, _ in self.history):
            return None
        if action.p != source.owner:
            raise IllegalAction("10.28", f"Ilusión: {source.label()} regresa al juego bajo el "
                                         "control de su dueño.")
        if len(action.moves) != 1 or action.draw or action.mill or action.counters or action.strength:
            raise IllegalAction("10.28", f"Ilusión sólo regresa {source.label()} al juego; el "
                                         "resto de la línea no lo produce.")
        plan = Plan()
        plan.extras.append((Effect("lose_abilities", subject="self",
                                   duration=Duration("permanent")), (source.id,)))
        return True, plan, None

    def _redirect(self, ids: tuple[str, ...], p: str) -> None:
        """10.41 Redirigir: the effect of ``ids[0]`` gets ``ids[1:]`` as its new targets,
        which must be valid for it."""
        if not ids:
            return
        res = self.resolutions.get(ids[0])
        if res is None:
            return
        self.resolutions[ids[0]] = replace(res, targets=tuple(ids[1:]))

    # -- the line ------------------------------------------------------------------
    def _do_effect(self, action: Action) -> None:
        source = self.cards[action.source] if action.source else None
        in_step_c = source is not None and any(
            q.source == source.id and q.event.kind == "played" for q in self.pending)
        if source is not None and not in_step_c:
            for depth, window in enumerate(self.windows):
                if window.source == source.id:  # the line resolves that card (step E)
                    self._close_windows(depth + 1)
                    self._resolve_window(self.windows.pop(), auto=False)
                    self._fire_now()
                    break
        check_moves(self, action, source)
        self.doubt = None
        verdict, plan, consume = self._verify(action, source)
        if source is not None and self.modes:
            self.modes.discard(source.id)
        self.changes += 1
        self.play_changes += 1
        origins = {iid: self.cards[iid].zone for iid, _ in action.moves}
        self.cause = action.p if source is not None else "?"  # «por un efecto oponente»
        try:
            apply_line(self, action)
        finally:
            self.cause = None
        if plan is not None:
            for kind, iid, pid, came_from in plan.announced:  # «Baraja …», «Busca …»
                self._emit(kind, self.cards[iid] if iid else None, pid, came_from=came_from)
            for effect, ids in plan.extras:
                self._apply_extra(effect, ids, action.p)
        if consume is not None:
            consume()
        for iid in plan.spent if plan is not None else ():  # a prevention is used once
            inst = self.cards[iid]
            inst.temp = tuple(t for t in inst.temp if t[0] != "shield")
        if verdict:
            self.verified.append(action.line)
            self.verified_cards[action.line] = source.label() if source else ""
        else:
            rule, why = self.doubt or ("6.5", "el motor no pudo atribuir la línea a una habilidad")
            self._unverify(action.line, source.label() if source else None, rule, why)
            note_maybe_under(self, action, source)
            announce_unverified(self, action, origins)
        self._check_castles()

    def _verify(self, action: Action, source: Inst | None) -> Any:
        """(verified?, plan, consume) — raises IllegalAction when the line is wrong: each
        ability that might explain the line is tried (``_explanations``); the first exact
        one verifies it, inexact ones are weighed together (``_soft``), else it is unexplained."""
        outright = self._verify_outright(action, source)
        if outright is not None:
            return outright
        assert source is not None and source.abilities is not None
        abilities = source.abilities.abilities
        res = self.resolutions.get(source.id)
        first_error: IllegalAction | None = None
        unverifiable = False
        softs: list[Any] = []
        unclear: object = None
        for candidate in explanations(self, action, source, abilities, res):
            kind, ability, index, _targets, _costs, _triggering, ref = candidate
            try:
                plan = self._explain_as(candidate, action, source)
            except Unverifiable as exc:
                self.doubt = self.doubt or ("6.5", f"{source.label()}: {exc}")
                if kind == "resolution":
                    # the line is the result of the card or ability being resolved (announced
                    # or chosen): another ability must not be credited with it
                    return False, None, None
                unverifiable = True
                if kind == "trigger" and unclear is None:
                    unclear = ref  # the line may resolve it: it does not stay pending (6.6)
                continue
            except IllegalAction as exc:
                if kind == "resolution" and isinstance(ref, Resolution) and ref.kind in ("card", "ability"):
                    raise  # the line resolves that card or announced ability: no other explains it
                first_error = first_error or exc
                continue
            if plan.doubt is not None or (kind != "resolution" and ambiguous(action, source)):
                # «convertir … en un Aliado con Fuerza igual a …» (applied, not checked
                # exactly), or an empty line of a card that converts itself: the conversion or
                # another ability that changed nothing — every explanation is gathered
                if kind in ("activated", "trigger"):
                    try:
                        self._check_use(source, index, ability)
                    except IllegalAction as exc:
                        first_error = first_error or exc
                        continue
                softs.append((kind, index, ability, plan, ref))
                if kind == "resolution":
                    break
                continue
            if kind in ("activated", "trigger", "replacement"):
                self._used(source, index, ability)
            if isinstance(ref, Pending) and ref.event.cause == "?" and ability.trigger is not None \
                    and ability.trigger.by_opponent:  # a line without source: who caused it?
                self.doubt = ("6.3", "no se sabe quién causó el evento (una línea sin «source»)")
                return False, plan, self._consumer(kind, ref, source)
            if isinstance(ref, Pending) and ref.event.kind == "searched" and ref.event.card is None:
                self.doubt = ("10.8", "la búsqueda no encontró ninguna carta: el motor no decide "
                                      "si eso dispara «cuando … Busque una carta»")
                return False, plan, self._consumer(kind, ref, source)
            if isinstance(ref, Pending) and ref.event.kind in FROM_ZONE and ref.event.cause == "?":
                self.doubt = ("6.3", "lo disparó una línea sin verificar: no se sabe si Barajó o "
                                     "Buscó esa carta")
                return False, plan, self._consumer(kind, ref, source)
            return True, plan, self._consumer(kind, ref, source)
        if softs:
            return self._soft(softs, source, unverifiable)
        return self._unexplained(action, source, res, unverifiable, unclear, first_error)

    def _verify_outright(self, action: Action, source: Inst | None) -> Any:
        """The answer when no ability need be tried: no source named, an Anulado source
        (10.4), an Ilusión's return, abilities the engine does not know or a mode it does not
        read, a card effect whose line cannot be attributed. None: try the abilities."""
        if source is None:
            self.doubt = ("6.5", "la línea no nombra la carta cuyo efecto es («source»)")
            return False, None, None
        if source.id in self.annulled:
            raise IllegalAction("10.4", f"{source.label()} fue Anulado: su efecto no se resuelve.")
        returned = self._illusion(action, source)
        if returned is not None:
            return returned
        known = source.abilities
        if known is None or not known.complete or self._moded(action, source):
            # a mode («elige uno»): the engine does not read modes yet
            self.doubt = ("6.5", unknown_why(source) if known is None or not known.complete else
                          f"la línea elige un modo de {source.label()} («mode») y el motor aún "
                          "no lee los modos")
            return False, None, None
        res = self.resolutions.get(source.id)
        if res is not None and res.kind == "card" and effect_unclear(known.abilities):
            self.doubt = ("6.5", f"el efecto de {source.label()} tiene una frase con objetivos "
                                 "propios o una condición sobre un paso condicional: la línea no "
                                 "se puede atribuir")
            return False, None, None
        return None

    def _explain_as(self, candidate: Explanation, action: Action, source: Inst) -> Plan:
        """The plan of the line as the result of ``candidate``: it may be used now (6.2), by
        this player (5), in its order (6.6) and turn limits (6.1); IllegalAction otherwise,
        Unverifiable when the record cannot tell."""
        kind, ability, index, targets, costs, triggering, ref = candidate
        p = action.p
        if kind == "activated":
            why = self.usable_now(source, ability, p)
            if why:
                raise IllegalAction("6.2", f"{source.label()} no puede usar su habilidad "
                                           f"activada ahora: {why}.")
            if targets:
                check_targets(self, source, ability, targets, p)
        if kind in ("trigger", "resolution") and isinstance(ref, (Pending, Resolution)) \
                and ref.controller != p:
            raise IllegalAction("5", f"La habilidad de {source.label()} la controla "
                                     f"{self.players[ref.controller].name}.")
        if kind in ("trigger", "replacement"):
            if isinstance(ref, Pending):
                self._check_order(ref)
            self._check_use(source, index, ability)
        if kind == "replacement":
            if triggering == "?":
                raise Unverifiable("no se sabe qué carta previene: nómbrela en «targets»")
            self.prevent_events = guarded(ability)
        chosen = kind == "resolution" and isinstance(ref, Resolution) and bool(ref.targets)
        paid = ref.paid_with if kind == "resolution" and isinstance(ref, Resolution) else ()
        return explain(self, action, source, ability, p, targets, costs, triggering,
                       chosen_before=chosen, paid_before=paid)

    def _unexplained(self, action: Action, source: Inst, res: Resolution | None,
                     unverifiable: bool, unclear: object, first_error: IllegalAction | None) -> Any:
        """No ability explains the line: unverified when one the engine does not follow (or
        cannot check from the record) may have produced it (6.3), else the first refusal, a
        trigger that did not fire again (6.1), or no ability at all (6.5)."""
        assert source.abilities is not None
        abilities = source.abilities.abilities
        untracked = [a for a in abilities
                     if ((a.kind == "replacement" and not prevention_checked(a))
                         or (a.kind == "triggered" and not tracked(a) and not armed_later(a, res)))
                     and could_produce(a, action)]
        if untracked and not unverifiable:
            self.doubt = ("6.3", f"puede producirla una habilidad de {source.label()} que el "
                                 f"motor aún no sigue: «{untracked[0].text or untracked[0].kind}»")
        if unverifiable or untracked:
            # a replacement («fuera a ser Destruido, puedes prevenirlo») or a trigger the engine
            # does not track yet may have produced the line: unverified, not illegal
            return False, None, (self._consumer("trigger", unclear, source)
                                 if unclear is not None else None)
        if first_error is not None:
            raise first_error
        for index, ability in enumerate(abilities):  # a trigger that did not fire again (6.1)
            if ability.kind == "triggered" and ability.per_turn is not None:
                self._check_use(source, index, ability)
        raise IllegalAction("6.5", f"{source.label()} no tiene ahora ninguna habilidad que pueda "
                                   "producir este efecto (ni disparada, ni activada, ni un "
                                   "Talismán que se esté resolviendo).")

    def _soft(self, softs: list[Any], source: Inst, unverifiable: bool) -> Any:
        """The explanations gathered for a line that cannot be verified as it is: a
        conversion is applied if one is among them (the later lines depend on it); verified
        only if it is the one explanation and exact, otherwise unverified (and when several
        abilities explain it, none is counted as used)."""
        chosen = next((s for s in softs if any(e.kind == "become_ally" for e, _ in s[3].extras)),
                      softs[0])
        kind, index, ability, plan, ref = chosen
        if plan.doubt is not None:
            self.doubt = ("6.5", f"{source.label()}: {plan.doubt}")
        if len(softs) > 1:
            self.doubt = ("6.5", f"varias habilidades de {source.label()} explican la línea: no "
                                 "se sabe cuál se usó")
            return False, plan, None
        if kind in ("activated", "trigger"):
            self._used(source, index, ability)
        return plan.doubt is None and not unverifiable, plan, self._consumer(kind, ref, source)

    def _consumer(self, kind: Any, ref: Any, source: Inst) -> Any:
        def consume() -> None:
            if kind == "resolution":
                self.resolutions.pop(source.id, None)
            elif kind == "trigger" and ref in self.pending:
                self.pending.remove(ref)
                self.resolutions.pop(source.id, None)
                if ref.controller != self.active:  # 6.6: the active player's of that level are over
                    self.pending = [q for q in self.pending
                                    if q.controller != self.active or q.seq != ref.seq]
        return consume

    def _still_due(self, q: Pending) -> bool:
        """A pending trigger that must still resolve: not optional, of a card whose text the
        engine reads whole, not used up this turn (6.1)."""
        inst = self.cards[q.source]
        known = inst.abilities
        if q.optional or known is None or not known.complete:
            return False
        try:
            self._check_use(inst, q.index, known.abilities[q.index])
        except IllegalAction:
            return False
        return True

    def _check_order(self, pending: Pending) -> None:
        """7.2: a trigger fired later (a higher level of the tree: while the earlier ones were
        being used) resolves first; 6.6: at each level the active player's triggered
        abilities first, each player in the order they chose (v2 ``choose``)."""
        step_c = pending.event.kind in STEP_C  # fired while a card is played: it resolves in
        for q in self.pending:                   # its step C, before what the card's entry fires
            if not step_c and q.seq > pending.seq and self._still_due(q):
                raise IllegalAction("7.2", f"La habilidad de {self.cards[q.source].label()} se "
                                           f"disparó después que la de {self.cards[pending.source].label()}: "
                                           "se resuelve antes (los niveles más altos del árbol primero).")
        if pending.controller != self.active:
            for q in self.pending:
                if q.controller == self.active and q.seq == pending.seq and self._still_due(q):
                    raise IllegalAction("6.6", f"Primero se resuelven las habilidades disparadas "
                                               f"del jugador activo: falta la de "
                                               f"{self.cards[q.source].label()}.")
        order = [s for s in self.trigger_order
                 if any(q.source == s and q.controller == pending.controller for q in self.pending)]
        if order and pending.source in order and order[0] != pending.source:
            raise IllegalAction("6.6", f"El orden elegido para las habilidades disparadas pone "
                                       f"antes la de {self.cards[order[0]].label()}.")

    def _apply_extra(self, effect: Effect, ids: tuple[str, ...], p: str) -> None:
        """The parts of a verified effect the record cannot show: what the step's home applies
        (``kinds``: its ``apply`` handler)."""
        if effect.kind in ("redirect", "retarget"):
            self._redirect(ids, p)
            return
        lasting = "!" if effect.duration.kind in ("permanent", "while_in_play") else ""
        if effect.duration.kind == "next_turn":  # «hasta tu próximo turno»
            lasting = "!@" + p
        apply = handler("effect", effect.kind, "apply")
        if apply is None:
            raise AssertionError(f"efecto «{effect.kind}» explicado sin aplicación")  # pragma: no cover
        for iid in ids:
            apply(self, effect, self.cards[iid], p, lasting)

    def cancel_attack_of(self, inst: Inst) -> None:
        """«cancela el ataque» (9 C3): the attacker leaves the attack, back to the Defensa."""
        iid = inst.id
        if iid in self.attackers:
            self.attackers.remove(iid)
            self.blocks.pop(iid, None)
            self.challenges.pop(iid, None)
            if inst.zone == "attack":
                self._put(inst, "defense", inst.controller)


def unknown_why(inst: Inst) -> str:
    """Why a card's ability line cannot be checked: its abilities are unknown or partly read."""
    known = inst.abilities
    if known is None:
        return f"el motor no conoce las habilidades de {inst.label()}"
    missing = "; ".join(f"«{t}»" for t in known.unparsed[:2])
    return (f"el compilador no lee todo el texto de {inst.label()}"
            + (f" ({missing})" if missing else "")
            + ": se comprueban la zona, el momento y el pago, no el efecto")


__all__ = ["Effects", "default_per_turn", "unknown_why"]
