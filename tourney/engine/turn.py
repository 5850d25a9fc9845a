"""The turn (seed 000, section 9): Agrupación, Vigilia (the Oro), Fase Final, Fase de Robar,
discarding to the hand limit, and conceding."""
from __future__ import annotations

from ..catalog.model import GOLD
from .abilities.conversion import end_of_turn
from .abilities import delayed
from .abilities.kinds import gold_kinds
from .errors import IllegalAction
from .record import Action
from .zones import HAND_LIMIT, PHASE_NAMES, Outcome
from .state import State


class Turn(State):
    def _do_gold(self, action: Action) -> None:
        assert action.card is not None
        self._need_active(action, "9 B", "poner un Oro")
        self._need_phase("vigil", "9 B", "poner un Oro")
        inst = self._own(action, action.card, "hand", "para poner un Oro", "9 B")
        if inst.card.type != GOLD:
            raise IllegalAction("2.5", f"{inst.label()} no es un Oro ({inst.card.type}).")
        if not self.gold_allowed:
            raise IllegalAction("9 B", f"No se puede poner {inst.label()}: el Oro debe ser la "
                                       "primera carta de la Vigilia y sólo uno por turno.")
        self._put(inst, "reserve", action.p)
        self._emit("gold_enters", inst, action.p)
        self.gold_allowed = False

    def _end_of_turn_effects(self) -> None:
        """9 D Fase Final: the effects that last until the Fase Final end."""
        for iid in self.until_final:
            inst = self.cards[iid]
            if inst.bonus:
                inst.bonus = 0
            if inst.temp:  # "!" marks what lasts beyond the Fase Final
                inst.temp = tuple(t for t in inst.temp if "!" in t[0])
                self.affected.add(inst.id)
                self.changes += 1
                self.play_changes += 1
        self.until_final = {iid for iid in self.until_final if self.cards[iid].temp}
        self.forbidden = ()  # «no puedes jugar … por el resto del turno»
        if self.converted:  # «convertir … en un Aliado hasta la Fase Final»
            end_of_turn(self)
        gold_kinds.end_of_turn(self)  # Oros virtuales «hasta la Fase Final»
        delayed.end_of_turn(self)  # «Hasta la Fase Final, cuando …»

    def _finish_turn(self) -> None:
        # 9 D a: «Al comienzo de la Fase Final» (and «En la Fase Final», step c: the record
        # resolves both after the line that ends the Vigilia or the battle)
        self._emit("phase_begins", None, self.active, phase="final")
        # its triggers fire now, in this turn: «si este Aliado fue declarado atacante este
        # turno», «si hizo daño…», «si tienes 3 Aliados en tu Línea de Ataque» read this turn
        self._fire_now()
        self._end_of_turn_effects()
        self.attackers, self.blocks, self.challenges = [], {}, {}
        self.priority = None
        self.passes = 0
        # 9 E Fase de Robar; a: «Al comienzo de la Fase de Robar» fires before the draw
        self._emit("phase_begins", None, self.active, phase="draw")
        if self.turn > 1:
            self._draw(self.active, 1)
            if self._check_castles():
                return
        if len(self.zone_of(self.active, "hand")) > HAND_LIMIT:
            self.phase = "discard"
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        self.active = self.opponent(self.active)
        mark = "@" + self.active  # «hasta tu próximo turno» ends as that turn begins
        for iid in list(self.until_final):
            inst = self.cards[iid]
            if any(mark in t[0] for t in inst.temp):
                inst.temp = tuple(t for t in inst.temp if mark not in t[0])
                self.affected.add(iid)
                self.changes += 1
                self.play_changes += 1
        # 9 A Fase de Agrupación; a: «Al comienzo de cada Fase de Agrupación» fires before the
        # cards regroup (10.1: the game's first turn has none, and never comes here)
        self._emit("phase_begins", None, self.active, phase="regroup")
        self.clock += 1
        self.last_regroup[self.active] = self.clock
        zones = self.players[self.active].zones
        for iid in list(zones["attack"]):
            inst = self.cards[iid]
            del zones["attack"][iid]
            zones["defense"][iid] = None
            inst.zone = "defense"
            self._emit("regrouped", inst, self.active)  # 10.1: «Cuando tu oponente Agrupe …»
        for iid in list(zones["paid"]):
            del zones["paid"][iid]
            zones["reserve"][iid] = None
            self.cards[iid].zone = "reserve"
            self._emit("regrouped", self.cards[iid], self.active)
        self.play_changes += 1  # cards moved between zones in play (cached in-play lists)
        self.phase = "vigil"
        self.gold_allowed = True
        self.battle_done = False
        self._emit("phase_begins", None, self.active, phase="vigil")

    def _do_end(self, action: Action) -> None:
        self._need_active(action, "9 D", "terminar el turno")
        if self.phase != "vigil":
            raise IllegalAction("9 D", f"No se puede terminar el turno durante {PHASE_NAMES[self.phase]}.")
        self._emit("phase_ends", None, self.active, phase="vigil")  # 9 B: «al final de la Vigilia»
        self._finish_turn()

    def _do_discard(self, action: Action) -> None:
        if self.phase != "discard":
            raise IllegalAction("9 E", "Sólo se descarta por límite de mano al final de la Fase "
                                       "de Robar, cuando la mano supera las ocho cartas.")
        self._need_active(action, "9 E", "descartar")
        hand = self.zone_of(action.p, "hand")
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction("10.18", "Una carta aparece dos veces en el descarte.")
        for iid in action.cards:
            if iid not in hand:
                raise IllegalAction("10.18", f"{self.cards[iid].label()} no está en tu mano.")
        need = len(hand) - HAND_LIMIT
        if len(action.cards) != need:
            raise IllegalAction("9 E", f"Con {len(hand)} cartas en mano hay que descartar "
                                       f"exactamente {need}, no {len(action.cards)}.")
        for iid in action.cards:
            self._put(self.cards[iid], "graveyard")
        self._next_turn()

    def _do_concede(self, action: Action) -> None:
        self.outcome = Outcome(self.opponent(action.p), "concede")
        self.phase = "over"
