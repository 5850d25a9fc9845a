"""Using abilities: the v2 ``activate`` and ``choose`` lines, the chain windows closing
(8.1 E, 6.5 E) and the triggered abilities that events fire (6.6).

``activate`` does 6.5 A–C: the card has that ability (``ability``: its number, 1 for the
first), it is usable now (zone, moment, condition, once per turn), the targets are valid
(8.2) and the costs are paid with cards in the right zones (10.16). Its result then comes
in an ``effect`` line (checked against the announced ability, costs already paid); in
between, the opponent may Cancel it (one Cancelación per player, 6.5 D).
"""
from __future__ import annotations

from typing import Any

from dataclasses import replace

from ...catalog.model import ALLY, TALISMAN, TOTEM, WEAPON
from ..errors import IllegalAction
from ..record import Action
from ..zones import IN_PLAY
from .unknown_use import unknown_use_refused
from .chain import (
    Resolution,
    Window,
    answer_kind,
    cannot_be_annulled,
    check_targets,
    note_answer,
    own_effect,
    permission_in_response,
)
from .continuous import recompute
from .conversion import revert_gone
from .delayed import arm
from .effects import Effects, unknown_why
from .condition_check import HISTORY
from .named_costs import named_costs
from .kinds.gold_kinds import cover, spend, stale_note
from .events import Event, fire, listening
from .trigger_cost_duration import Cost


# the events of a card leaving play: one that left without its abilities does not fire (6.9)
LEAVING = frozenset({"leaves_play", "destroyed", "banished", "returned_to_hand"})


class Activation(Effects):
    # -- events and triggers ---------------------------------------------------------
    _TRACKED = frozenset({"enters_play", "combat_damage"}) | HISTORY  # entered_this_turn, dealt damage, …

    def _emit(self, kind: str, inst: Any = None, player: str | None = None, phase: str | None = None,
              came_from: str | None = None, to: str | None = None) -> None:
        heard = self.memo.heard
        if heard is None:
            heard = self.memo.heard = self._TRACKED | listening(self)
        if kind in heard:
            lost = inst is not None and inst.lost and (kind in LEAVING or came_from in IN_PLAY)
            self.events.append(Event(kind, inst.id if inst is not None else None, player,
                                     phase, came_from, to, lost, self.cause))

    def _refresh(self, inst: Any) -> None:
        from .continuous import refresh
        refresh(self, inst)

    def _fire_now(self) -> None:
        """4.1: continuous abilities first, then the triggers of what just happened."""
        if not self.events:
            if self.converted:
                revert_gone(self)
            return
        events, self.events = self.events, []
        heard = listening(self)
        fired = []
        for event in events:
            if event.kind == "enters_play" and event.card is not None:
                self.entered.append((self.turn, event.card, event.player or ""))
            elif event.kind == "combat_damage" and event.card is not None:
                self.damaged.add((self.turn, event.card))
            if event.kind in HISTORY:
                self.history.append((self.turn, event.kind, event.card, event.player))
            if event.kind in heard:
                fired.append(event)
        self.seq += 1  # 7.2: the triggers fired now are one level of the tree (``Pending.seq``)
        for event in fired:
            self.pending.extend(fire(self, event, self._settle_once))
        if self.converted:
            revert_gone(self)

    def _settle_once(self) -> None:
        recompute(self)

    # -- windows -----------------------------------------------------------------------
    def _fits_window(self, action: Action) -> bool:
        """Whether a line belongs to the open window (answers, resolutions, choices)."""
        do = action.do
        if do == "choose":
            return True
        if do == "effect":
            src = action.source
            return src is not None and (any(w.source == src for w in self.windows)
                                        or any(q.source == src and q.event.kind == "played"
                                               for q in self.pending))
        if do == "play" and action.card is not None:
            inst = self.cards[action.card]
            effect = own_effect(inst)
            return ((effect is not None and answer_kind(effect[1]) is not None)
                    or permission_in_response(self, inst, action.p))
        if do == "activate" and action.card is not None:
            known = self.cards[action.card].abilities
            if known is None or action.ability is None:
                return False
            index = action.ability - 1
            if not 0 <= index < len(known.abilities):
                return False
            ability = known.abilities[index]
            return ability.response or answer_kind(ability) is not None
        return False

    def _close_windows(self, down_to: int = 0) -> None:
        while len(self.windows) > down_to:
            window = self.windows.pop()
            self._resolve_window(window)

    def _resolve_window(self, window: Window, auto: bool = True) -> None:
        """Step E of a card or ability; ``auto``: an Anulación or Cancelación without its own
        effect line resolves here."""
        inst = self.cards[window.source]
        self.pending = [q for q in self.pending
                        if not (q.event.kind == "played" and q.event.card == window.source)]
        if window.annulled:
            self.resolutions.pop(window.source, None)
            self.annulled.add(window.source)  # Anulada (a card) or Cancelada (an ability)
            if window.kind == "card":
                self._emit("annulled", inst, window.player)
                if inst.zone in IN_PLAY and inst.card.type in (ALLY, TOTEM, WEAPON):
                    self._put_quietly_in_graveyard(inst)
            return
        for event in window.deferred:  # 8.1 E: it enters play now
            self.events.append(event)
        if window.kind == "card" and inst.card.type == TALISMAN:
            arm(self, inst, window.player)  # «Hasta la Fase Final, cuando …»
        res = self.resolutions.get(window.source)
        if (auto and res is not None and res.kind in ("card", "ability")
                and window.answers is not None):
            ability = inst.abilities.abilities[res.index] if inst.abilities else None
            kind = answer_kind(ability) if ability is not None else None
            if kind in ("annul", "cancel"):  # an answer with no effect line: it resolves now
                self.resolutions.pop(window.source, None)
                target = res.targets[0] if res.targets else window.answers
                for i, w in enumerate(self.windows):
                    if w.source == target and not (kind == "annul" and cannot_be_annulled(
                            self, self.cards[target])):
                        self.windows[i] = replace(w, annulled=True)
                        if kind == "cancel":
                            self.resolutions.pop(target, None)

    def _put_quietly_in_graveyard(self, inst: Any) -> None:
        """An annulled card never entered play (8.1 E): no leaving-play events."""
        saved, self.events = self.events, []
        self._put(inst, "graveyard")
        self.events = saved
        self._emit("to_graveyard", inst, inst.owner)  # it is still put in the Cementerio

    def _expire(self) -> None:
        """Triggers and resolutions not taken up before the next action lapse."""
        if not (self.pending or self.resolutions or self.trigger_order or self.annulled):
            return
        self.pending = []
        self.trigger_order = []
        self.resolutions = {}
        self.annulled = set()

    # -- v2 lines --------------------------------------------------------------------
    def _do_choose(self, action: Action) -> None:
        p = action.p
        if action.order:
            mine = {q.source for q in self.pending if q.controller == p}
            for iid in action.order:
                if iid not in mine:
                    raise IllegalAction("6.6", f"{self.cards[iid].label()} no tiene una habilidad "
                                               f"disparada de {self.players[p].name} pendiente: "
                                               "no entra en el orden.")
            self.trigger_order = list(action.order)
        if action.card is not None:
            inst = self.cards[action.card]
            pending = next((q for q in self.pending if q.source == inst.id and q.controller == p),
                           None)
            if pending is None:
                raise IllegalAction("6.3", f"{inst.label()} no tiene ninguna habilidad disparada "
                                           "pendiente para elegir sus objetivos.")
            ability = pending.ability(self)
            check_targets(self, inst, ability, action.targets, p)
            self.resolutions[inst.id] = Resolution(inst.id, pending.index, p,
                                                   tuple(action.targets), False, "trigger")

    def _do_activate(self, action: Action) -> None:
        p = action.p
        assert action.card is not None
        inst = self.cards[action.card]
        known = inst.abilities
        if known is None or not known.complete:
            self._activate_unknown(action, inst)
            return
        number = action.ability or next(
            (i + 1 for i, a in enumerate(known.abilities) if a.kind == "activated"), 0)
        index = number - 1
        if not 0 <= index < len(known.abilities) or known.abilities[index].kind not in (
                "activated", "triggered"):
            raise IllegalAction("6.5", f"{inst.label()} no tiene una habilidad activada número "
                                       f"{number}.")
        ability = known.abilities[index]
        answer = answer_kind(ability)
        if ability.kind == "triggered":
            if not any(q.source == inst.id and q.index == index for q in self.pending):
                raise IllegalAction("6.3", f"La habilidad {number} de {inst.label()} es disparada "
                                           "y no se disparó ahora.")
        else:
            why = self.usable_now(inst, ability, p)
            if why:
                raise IllegalAction("6.2", f"{inst.label()} no puede usar su habilidad {number} "
                                           f"ahora: {why}.")
        check_targets(self, inst, ability, action.targets, p)
        golds, others = self._check_costs(action, inst, ability.costs)
        if ability.kind == "activated":
            self._check_use(inst, index, ability)
        if answer is not None and self.windows:
            note_answer(self, p, answer, action.targets[0] if action.targets else None)
        if ability.kind == "activated":
            self._used(inst, index, ability)
        for gid in golds:
            self._put(self.cards[gid], "paid", p)
        spend(self, None, p, sum(c.amount for c in ability.costs if c.kind == "gold") - len(golds))
        for cost, ids in others:
            self._pay_cost(cost, ids, inst, p)
        if self._check_castles():  # 3.1: a cost that Bota the last cards loses at once
            return
        if action.mode is not None:
            self.modes.add(inst.id)
        self._emit("ability_used", inst, p)
        self.resolutions[inst.id] = Resolution(inst.id, index, p, tuple(action.targets), True,
                                               "ability", tuple(action.costs or ()))
        self.windows.append(Window(inst.id, p, "ability",
                                   answers=self.windows[-1].source if self.windows and answer
                                   else None))
        if self.phase == "war" and answer is None:
            self.priority = self.opponent(p)
            self.passes = 0

    def _activate_unknown(self, action: Action, inst: Any) -> None:
        """An ability of a card whose abilities the engine does not (fully) know: its Oros are
        paid from the Reserva (10.16) and the line stays *unverified*, like its effect line."""
        p = action.p
        why = unknown_use_refused(self, inst, p, action.ability)
        if why is not None:
            raise IllegalAction(*why)
        reserve = self.zone_of(p, "reserve")
        if len(set(action.pay)) != len(action.pay):
            raise IllegalAction("10.16", "Un mismo Oro aparece dos veces en el pago.")
        for gid in action.pay:
            if gid not in reserve:
                g = self.cards[gid]
                raise IllegalAction("10.16", f"{g.label()} no está en tu Reserva de Oro: no sirve "
                                             f"para pagar (está en {self.where(g)}).")
        for gid in action.pay:
            self._put(self.cards[gid], "paid", p)
        key = (inst.id, -(action.ability or 1))  # 6.1: counted apart from known abilities
        turn, count = divmod(self.used.get(key, 0), 1000)
        self.used[key] = self.turn * 1000 + (count if turn == self.turn else 0) + 1
        self._unverify(action.line, inst.label(), "6.2", unknown_why(inst))
        self.windows.append(Window(inst.id, p, "ability"))

    def _oros_due(self, action: Action, inst: Any, need: int) -> int:
        """The Reserva Oros an ability costing ``need`` Oros takes: its controller's Oros
        virtuales pay first (§2.5); those of an earlier turn leave the line unverified."""
        virtual = cover(self, None, action.p, need)
        need -= virtual.fresh
        if virtual.stale and need - virtual.stale <= len(action.pay) <= need:
            self._unverify(action.line, inst.label(), *stale_note(virtual.stale))
            return len(action.pay)
        return need

    def _check_costs(self, action: Action, inst: Any, costs: tuple[Cost, ...]) -> Any:
        """10.16: every cost payable and paid: the Oros from the Reserva, the other pieces with
        the cards «costs» names (``named_costs``)."""
        p = action.p
        gold_need = self._oros_due(action, inst, sum(c.amount for c in costs if c.kind == "gold"))
        reserve = self.zone_of(p, "reserve")
        if len(set(action.pay)) != len(action.pay):
            raise IllegalAction("10.16", "Un mismo Oro aparece dos veces en el pago.")
        for gid in action.pay:
            if gid not in reserve:
                g = self.cards[gid]
                raise IllegalAction("10.16", f"{g.label()} no está en tu Reserva de Oro: no sirve "
                                             f"para pagar (está en {self.where(g)}).")
        if len(action.pay) != gold_need:
            raise IllegalAction("10.16", f"La habilidad de {inst.label()} cuesta {gold_need} "
                                         f"Oro{'s' if gold_need != 1 else ''} y se pagaron "
                                         f"{len(action.pay)}.")
        return action.pay, named_costs(self, action, inst, costs)

    def _pay_cost(self, cost: Cost, ids: Any, inst: Any, p: str) -> None:
        kind = cost.kind
        to = {"banish_from_graveyard": "exile", "discard": "graveyard", "destroy_own": "graveyard",
              "banish_own": "exile", "return_own_to_hand": "hand", "destroy_self": "graveyard",
              "banish_self": "exile", "return_self": "hand", "banish_castle_top": "exile",
              "discard_self": "graveyard", "bottom_from_hand": "castle_bottom", "to_paid_self": "paid",
              "banish_from_hand": "exile",
              "shuffle_own": "castle_bottom", "shuffle_self": "castle_bottom"}.get(kind)  # shuffled in: its place is not known
        if to is not None:
            for iid in ids:
                card = self.cards[iid]
                came_from = card.zone
                self._put(card, to)
                if kind in ("shuffle_own", "shuffle_self") and came_from != "castle":
                    # 10.5: a card Barajada to pay a cost is Barajada too («cuando … Baraje …»)
                    self._emit("shuffled", card, card.owner, came_from=came_from)
        elif kind == "mill":
            self._mill(p, cost.amount)
        elif kind == "remove_counters":
            name = cost.counter or ""
            left = inst.counters.get(name, 0) - cost.amount
            if left > 0:
                inst.counters[name] = left
            else:
                inst.counters.pop(name, None)
        elif kind in ("remove_counters_own", "remove_all_counters_own"):
            c = self.cards[ids[0]]
            name = cost.counter or ""
            left = c.counters.get(name, 0) - cost.amount if kind == "remove_counters_own" else 0
            if left > 0:
                c.counters[name] = left
            else:
                c.counters.pop(name, None)
        elif kind == "add_counters":
            name = cost.counter or ""
            inst.counters[name] = inst.counters.get(name, 0) + cost.amount
            self._emit("counter_placed", inst, inst.controller, to=name)


__all__ = ["Activation"]

