"""The game: the state (``state``) with the rules of a turn (``turn``), playing cards
(``play``), combat (``combat``) and abilities (``abilities``), behind one method.

``Game.from_header(header)`` deals the opening hands; ``game.apply(action)`` checks one
action and, only when it is legal, applies it and every automatic step that follows
(damage, Fase Final, Fase de Robar, the next Agrupación, continuous effects, triggers).
An illegal action raises ``IllegalAction`` and leaves the state untouched, so the state is
always "before the first illegal action".
"""
from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .abilities.activate import Activation
from .abilities.continuous import recompute
from .combat import Combat
from .errors import GameOver, IllegalAction
from .play import Play
from .record import Action, Header
from .zones import HAND_LIMIT
from .turn import Turn

if TYPE_CHECKING:  # pragma: no cover
    from .legal import LegalActions

__all__ = ["Game"]


class Game(Activation, Turn, Combat, Play):
    def __init__(self, header: Header):
        super().__init__(header)
        self.events = []

    @classmethod
    def from_header(cls, header: Header) -> Game:
        return cls(header)

    def apply(self, action: Action) -> None:
        if self.outcome is not None:
            if self.outcome.reason == "concede":
                raise GameOver(None, "La partida ya terminó por concesión.")
            raise GameOver("3.1", "La partida ya terminó: un Mazo Castillo quedó vacío.")
        if self.windows and not self._fits_window(action):
            # the chain window closes (8.1 E) before any other line: that would happen at the
            # next line whatever it is, so it is not undone if this one is illegal
            self._close_windows()
            self._fire_now()
        careful = (action.revealed or self.revealed_order
                   or (self.windows and action.do == "effect"))
        saved = self._snapshot() if careful else None
        light = (self.pending, self.resolutions, self.trigger_order, self.annulled,
                 self.changes)  # what the expiry at the start of an action rebinds
        if careful:
            self.reveals = {pid: list(ids) for pid, ids in action.revealed}
        try:
            self._apply(action)
            if self.reveals is not None:
                left = [(pid, ids) for pid, ids in self.reveals.items() if ids]
                if left:
                    pid, ids = left[0]
                    raise IllegalAction(None, f"«revealed» nombra cartas de "
                                              f"{self.players[pid].name} que esta acción no roba "
                                              f"ni bota: {', '.join(ids)}.")
        except IllegalAction:
            if saved is not None:
                self._restore(saved)
            else:
                (self.pending, self.resolutions, self.trigger_order, self.annulled,
                 self.changes) = light
                self.changes += 1
                self.play_changes += 1
            self.events = []
            raise
        finally:
            self.reveals = None

    def _apply(self, action: Action) -> None:
        if action.do not in ("effect", "choose") and not (self.windows
                                                          and self._fits_window(action)):
            if self.events:
                self._fire_now()
            self._expire()
        if self.phase == "discard" and action.do not in ("discard", "concede", "effect", "choose"):
            raise IllegalAction("9 E", f"{self.players[self.active].name} debe descartar hasta "
                                       f"{HAND_LIMIT} cartas antes de cualquier otra acción.")
        if self.phase == "block" and action.do not in ("block", "play", "concede", "effect",
                                                       "activate", "choose"):
            raise IllegalAction("9 C2", "Falta la Declaración de Bloqueo del jugador defensor "
                                        "(«block», con [] si no bloquea).")
        if action.do in _READS_CONTINUOUS:
            recompute(self)  # 4.1: what continuous abilities give, up to date before it is read
        _HANDLERS[action.do](self, action)
        self._fire_now()

    def accepts(self, action: Action) -> IllegalAction | None:
        """Whether ``apply`` takes ``action`` now (None) or why not, with the state left
        exactly as it was: the check behind ``legal_actions``."""
        saved = self._snapshot()
        events = list(self.events)
        try:
            self.apply(action)
        except IllegalAction as exc:
            return exc
        finally:
            self._restore(saved)
            self.events = events
        return None

    def legal_actions(self, player: str, line: int = 0) -> LegalActions:
        """The legal actions of ``player`` now, lazily (``legal.LegalActions``)."""
        from .legal import LegalActions  # legal builds on Game's public surface
        return LegalActions(self, player, line)

    def settle(self) -> None:
        """Bring what continuous abilities give (keywords, Fuerza) up to date (4.1); the
        engine does it before every action that reads them."""
        recompute(self)

    def finish(self) -> None:
        """End of the record: close what is still open (the last card resolves)."""
        if self.windows:
            self._close_windows()
            self._fire_now()

    # -- undo --------------------------------------------------------------------------
    # what an undo leaves as it is, and why (tests/engine/test_engine_undo.py: every other
    # attribute of the game must be in the snapshot)
    _NOT_UNDONE = {
        "header": "fixed for the game", "order": "fixed for the game",
        "setup_problem": "fixed for the game", "revealed_order": "fixed for the game",
        "memo": "caches keyed by the change counters, which an undo bumps",
        "race_given": "recomputed from the position", "unread_moves": "a counter only compared",
        "events": "rebound by apply and check themselves", "reveals": "one action's own",
        "cause": "one effect line's own", "doubt": "one effect line's own",
        "unverified_why": "read only for the lines in «unverified», which is undone",
        "changes": "bumped by an undo (what was undone is recomputed)",
        "play_changes": "bumped by an undo (what was undone is recomputed)",
    }
    _SCALARS = ("clock", "turn", "active", "phase", "gold_allowed", "battle_done", "priority",
                "passes", "outcome", "seq", "forbidden")

    def _restore_changes(self) -> None:
        self.changes += 1  # whatever was undone: recompute the continuous effects
        self.play_changes += 1

    def _snapshot(self) -> tuple[Any, ...]:
        scalars = _SCALARS_OF(self)
        lists = (list(self.attackers), dict(self.blocks), dict(self.challenges),
                 dict(self.last_regroup), len(self.unverified), len(self.taken),
                 len(self.verified), dict(self.unverified_cards), dict(self.verified_cards),
                 list(self.pending), list(self.windows), dict(self.resolutions),
                 dict(self.used), list(self.trigger_order), set(self.damaged), len(self.entered),
                 set(self.annulled), dict(self.statics_in_play), set(self.affected),
                 set(self.until_final), len(self.history), dict(self.converted),
                 list(self.virtual), set(self.unordered), dict(self.played_how),
                 dict(self.maybe_under), list(self.armed), set(self.modes), dict(self.under))
        cards = self.cards.values()
        # the plain fields of every card as they are (one C call per card); the two that
        # change in place (counters, Armas) copied only where they are not empty
        insts = list(zip(cards, map(_INST_FIELDS, cards)))
        held = [(i, dict(i.counters), list(i.weapons)) for i in cards if i.counters or i.weapons]
        players = [(p, list(p.castle), {z: dict(d) for z, d in p.zones.items()})
                   for p in self.players.values()]
        return scalars, lists, insts, held, players

    def _restore(self, saved: tuple[Any, ...]) -> None:
        scalars, lists, insts, held, players = saved
        for k, v in zip(self._SCALARS, scalars):
            setattr(self, k, v)
        (self.attackers, self.blocks, self.challenges, self.last_regroup, unverified,
         taken, verified, self.unverified_cards, self.verified_cards, self.pending,
         self.windows, self.resolutions, self.used, self.trigger_order, self.damaged,
         entered, self.annulled, self.statics_in_play, self.affected,
         self.until_final, history, self.converted, self.virtual, self.unordered,
         self.played_how, self.maybe_under, self.armed, self.modes, self.under) = lists
        del self.unverified[unverified:]
        del self.verified[verified:]
        del self.taken[taken:]
        del self.entered[entered:]
        del self.history[history:]
        for i, (zone, controller, since, counters, bearer, weapons, bonus, kw, static_bonus,
                temp, lost, card, static_parts) in insts:
            i.zone, i.controller, i.since, i.bearer = zone, controller, since, bearer
            i.counters = counters if not counters else {}  # refilled below when it had some
            i.weapons = weapons if not weapons else []
            i.bonus, i.kw, i.static_bonus, i.temp, i.lost, i.card = (bonus, kw, static_bonus,
                                                                     temp, lost, card)
            i.static_parts = static_parts
        for i, counters, weapons in held:
            i.counters, i.weapons = counters, weapons
        for p, castle, zones in players:
            p.castle, p.zones = castle, zones
        self._restore_changes()


_SCALARS_OF = attrgetter(*Game._SCALARS)
_INST_FIELDS = attrgetter("zone", "controller", "since", "counters", "bearer", "weapons", "bonus",
                          "kw", "static_bonus", "temp", "lost", "card", "static_parts")

# the actions that read keywords or Fuerza (the others only move cards: the continuous
# abilities are brought up to date before the next action that reads them; `play` and `pass`
# do it themselves: every play's checks, the Asignación de Daño)
_READS_CONTINUOUS = frozenset({"attack", "block", "effect", "activate", "choose"})

_HANDLERS: dict[str, Callable[[Any, Action], None]] = {
    "gold": Game._do_gold, "play": Game._do_play, "attack": Game._do_attack,
    "block": Game._do_block, "pass": Game._do_pass, "end": Game._do_end,
    "discard": Game._do_discard, "concede": Game._do_concede, "effect": Game._do_effect,
    "activate": Game._do_activate, "choose": Game._do_choose,
}
