"""Game state: card instances, players and their zones, and the moves between zones.

``State`` holds everything a position is made of and the primitive operations the rules
are built from (put a card in a zone, draw, mill, attach an Arma, the end of the game when a
Mazo Castillo is empty). The rules themselves live in ``turn``, ``play``, ``combat`` and
``abilities``; ``game.Game`` puts them together behind ``Game.apply``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..catalog.model import ALLY, Card
from .abilities.reads import moves_matter, works_from_graveyard
from .deal import deal, setup_problem
from .errors import IllegalAction
from .keywords import INDESTRUCTIBLE, enters_with_counters, weapon_grants
from .memo import Memo
from .record import Action, Header
from .strength import layered
from .zones import (
    IN_PLAY,
    IN_PLAY_ORDER,
    PHASE_NAMES,
    ZONE_NAMES,
    Inst,
    Outcome,
    Player,
)

class State:
    """Zones, instances and the primitive moves; the rules are in the subclasses."""

    # «No puedes jugar más cartas por el resto del turno» (a resolved effect, 6.4): (the
    # player who used it, the effect, its source id) until the Fase Final (``turn``)
    forbidden: tuple[tuple[str, Any, str], ...] = ()

    def __init__(self, header: Header):
        self.header = header
        self.order = (header.players[0].id, header.players[1].id)
        self.players: dict[str, Player] = {}
        self.cards: dict[str, Inst] = {}
        self.clock, self.turn = 0, 1
        self.active = header.first
        self.phase = "vigil"
        self.gold_allowed = True  # nothing played yet this Vigilia and no Oro put this turn
        self.battle_done = False
        self.attackers: list[str] = []
        self.blocks: dict[str, str] = {}  # attacker -> blocker
        self.challenges: dict[str, str] = {}  # Retador attacker -> challenged Aliado
        self.priority: str | None = None
        self.passes = 0
        self.last_regroup: dict[str, int] = {pid: -1 for pid in self.order}
        self.outcome: Outcome | None = None
        self.unverified: list[int] = []
        self.verified: list[int] = []
        self.unverified_cards: dict[int, str] = {}  # line -> card label of its source
        # line -> (rule, why) of each unverified line: what the engine could not check
        self.unverified_why: dict[int, tuple[str | None, str]] = {}
        self.doubt: tuple[str | None, str] | None = None  # set by the check that gives up
        self.verified_cards: dict[int, str] = {}
        self.setup_problem: IllegalAction | None = None
        self.revealed_order = header.order == "revealed"
        self.unordered: set[str] = set()  # players whose Castillo was shuffled (order_hidden)
        self.maybe_under: dict[str, str] = {}  # card -> the card it may be under (10.38, play)
        self.under: dict[str, str] = {}  # card in zone "under" -> the card it is under (10.19, 10.38)
        self.reveals: dict[str, list[str]] | None = None  # the current action's named cards
        self.taken: list[tuple[str, str]] = []  # (player, card) drawn or milled, in order
        self.events: list[Any] = []  # abilities.events.Event of the current action
        # abilities/: pending triggers, chain windows, resolutions, uses, v2 `choose` order
        self.pending: list[Any] = []
        self.windows: list[Any] = []
        self.resolutions: dict[str, Any] = {}
        self.used: dict[tuple[str, int], int] = {}
        self.trigger_order: list[str] = []
        self.seq = 0
        self.until_final: set[str] = set()  # cards with a Fuerza change until the Fase Final
        self.virtual: list[Any] = []  # Oros virtuales (abilities/kinds/gold_kinds.VirtualGold)
        self.armed: list[tuple[str, int, str]] = []  # delayed triggers (abilities/delayed)
        self.cause: str | None = None  # the player whose effect line is being applied (events)
        # card -> (its stint in play, zone played from, Oros paid) of its last play line
        self.played_how: dict[str, tuple[int | None, str, bool | None]] = {}  # kinds/played_kinds
        self.changes = 0  # bumped by every move, counter or effect (continuous.recompute)
        self.play_changes = 0  # … only those that touch the cards in play
        self.unread_moves = 0  # … of them, moves no continuous ability reads (abilities.reads)
        self.memo = Memo()  # per-game indexes and caches, never part of a position
        self.race_given: dict[str, tuple[str, ...]] = {}  # races added (§1)
        self.converted: dict[str, Card] = {}  # cards converted into an Aliado -> printed card
        self.statics_in_play: dict[str, None] = {}  # cards in play with continuous abilities
        self.affected: set[str] = set()  # cards continuous effects or effects «hasta…» touch
        self.annulled: set[str] = set()  # cards Anuladas (abilities Canceladas) just now
        self.modes: set[str] = set()  # cards played / abilities used naming a mode (v2 «mode»)
        self.damaged: set[tuple[int, str]] = set()  # (turn, card) that hit a Castillo
        self.entered: list[tuple[int, str, str]] = []  # (turn, card, controller) entering play
        # (turn, event kind, card, player) of the events «este turno» conditions ask about
        self.history: list[tuple[int, str, str | None, str | None]] = []
        deal(self)  # 3.2: each player's Oro inicial in the Reserva, the rest in the Castillo
        self.setup_problem = setup_problem(self)
        for setup in header.players:
            if self.revealed_order:
                self.reveals = {setup.id: list(setup.opening)}
            self._draw(setup.id, header.hand)
        self.reveals = None
        self._check_castles()

    # -- queries -----------------------------------------------------------------
    def opponent(self, pid: str) -> str:
        return self.order[1] if pid == self.order[0] else self.order[0]

    def strength(self, inst: Inst) -> int:
        """10.26: printed Fuerza, changes and Armas, a setter over what came before it (7.1 C,
        ``strength.layered``), and Alimento (10.3) over all."""
        alimento = inst.counters.get("Alimento", 0)
        if inst.temp:
            set_to = layered(inst, lambda wid: weapon_grants(self.cards[wid].card)[0])
            if set_to is not None:
                return set_to + alimento
        value = (inst.card.strength or 0) + inst.bonus + inst.static_bonus + alimento
        for wid in inst.weapons:
            value += weapon_grants(self.cards[wid].card)[0]
        return value

    def zone_of(self, pid: str, zone: str) -> dict[str, None]:
        return self.players[pid].zones[zone]

    def final(self) -> dict[str, dict[str, int]]:
        return {pid: self.players[pid].count() for pid in self.order}

    def in_play(self, pid: str) -> Iterable[Inst]:
        for zone in IN_PLAY_ORDER:  # a fixed order: the same game replays the same way
            for iid in self.zone_of(pid, zone):
                yield self.cards[iid]

    def in_play_list(self, pid: str) -> list[Inst]:
        """The cards ``pid`` controls in play, cached until the next change."""
        cache = self.memo.in_play
        when = (self.play_changes, self.turn)  # every move in play bumps one of them
        if cache[0] != when:
            cache = self.memo.in_play = (when, {})
        found = cache[1].get(pid)
        if found is None:
            found = cache[1][pid] = list(self.in_play(pid))
        return found

    def in_play_typed(self, types: tuple[str, ...]) -> list[Inst]:
        """Both players' cards in play (first player's first) of ``types`` (any if empty),
        cached until the next change."""
        cache = self.memo.typed
        when = (self.play_changes, self.turn)
        if cache[0] != when:
            cache = self.memo.typed = (when, {})
        found = cache[1].get(types)
        if found is None:
            found = self.in_play_list(self.order[0]) + self.in_play_list(self.order[1])
            if types:
                found = [i for i in found if i.card.type in types]
            cache[1][types] = found
        return found

    def where(self, inst: Inst) -> str:
        if inst.zone == "castle":
            return f"el Mazo Castillo de {self.players[inst.owner].name}"
        if inst.zone == "under":
            return f"bajo {self.cards[self.under[inst.id]].label()}"
        holder = inst.controller if inst.zone in IN_PLAY else inst.owner
        return f"{ZONE_NAMES[inst.zone]} de {self.players[holder].name}"

    def _unverify(self, line: int, label: str | None, rule: str | None, why: str) -> None:
        """The line is applied but not checked: ``why`` says what the engine could not
        check (``rule``: the section it would have checked)."""
        self.unverified.append(line)
        if label:
            self.unverified_cards[line] = label
        self.unverified_why[line] = (rule, why)

    # -- hooks the ability machinery fills in ---------------------------------------
    def _emit(self, kind: str, inst: Inst | None = None, player: str | None = None,
              phase: str | None = None, came_from: str | None = None,
              to: str | None = None) -> None:
        """Record a game event of the current action (abilities.events)."""

    def _fire_now(self) -> None:
        """Fire the triggers of the events recorded so far (abilities.activate)."""

    def _refresh(self, inst: Inst) -> None:
        """Recompute one card's keywords (abilities.continuous)."""
        kw = inst.base_kw
        for wid in inst.weapons:
            kw = kw | weapon_grants(self.cards[wid].card)[1]
        inst.kw = kw

    # -- moves ---------------------------------------------------------------------
    def _remove(self, inst: Inst) -> None:
        zone = inst.zone
        if zone == "castle":
            self.players[inst.owner].castle.remove(inst.id)
        else:
            holder = inst.controller if zone in IN_PLAY else inst.owner
            del self.players[holder].zones[zone][inst.id]

    def _put(self, inst: Inst, zone: str, controller: str | None = None) -> None:
        """Move ``inst`` to ``zone`` (in play: under ``controller``; else: its owner's)."""
        was_in_play = inst.zone in IN_PLAY
        came_from = inst.zone
        self.changes += 1
        if was_in_play or zone in IN_PLAY:
            self.play_changes += 1
            if not moves_matter(self, inst.id):
                self.unread_moves += 1
        self._remove(inst)
        if came_from == "graveyard" and zone != "graveyard" and inst.id in self.statics_in_play:
            del self.statics_in_play[inst.id]  # its abilities that work from the Cementerio stop
            self.play_changes += 1
        if inst.bearer is not None and zone != "weapon":  # an Arma leaves its bearer
            self._detach(inst)
        if came_from == "under" and zone != "under":
            del self.under[inst.id]
        if zone in IN_PLAY:
            new_controller = controller or inst.controller
            changed = was_in_play and new_controller != inst.controller
            if not was_in_play or changed:
                self.clock += 1
                inst.since = self.clock
            inst.controller = new_controller
            self.players[new_controller].zones[zone][inst.id] = None
            inst.zone = zone
            if inst.static:
                self.statics_in_play[inst.id] = None
            if zone == "paid" and came_from != "paid":  # «un Oro … sea movido a su Zona de Oro Pagado»
                self._emit("to_paid", inst, new_controller, came_from=came_from)
            if not was_in_play:
                if inst.card.type == ALLY:
                    for name, n in enters_with_counters(inst.card):
                        inst.counters[name] = inst.counters.get(name, 0) + n
                        self._emit("counter_placed", inst, new_controller, to=name)
                self._emit("enters_play", inst, new_controller, came_from=came_from)
            elif changed:
                self._emit("control_changed", inst, new_controller)
            return
        inst.zone = zone
        inst.controller = inst.owner
        if zone == "castle_top":
            inst.zone = "castle"
            self.players[inst.owner].castle.append(inst.id)
        elif zone == "castle_bottom":
            inst.zone = "castle"
            self.players[inst.owner].castle.insert(0, inst.id)
        else:
            self.players[inst.owner].zones[zone][inst.id] = None
        if zone == "graveyard" and came_from != "graveyard":  # «sea puesto en un Cementerio»
            self._emit("to_graveyard", inst, inst.owner, came_from=came_from)
        if was_in_play:
            self.statics_in_play.pop(inst.id, None)
        if zone == "graveyard" and came_from != "graveyard" and inst.static and works_from_graveyard(inst):
            self.statics_in_play[inst.id] = None  # «Mientras este Aliado esté en tu Cementerio, …»
            self.play_changes += 1
        if was_in_play:
            self.affected.add(inst.id)  # refreshed once more, out of play
            self._left_play(inst)
            self._emit("leaves_play", inst, inst.owner, to=zone)
            if zone == "graveyard":
                self._emit("destroyed", inst, inst.owner)
            elif zone in ("exile", "under"):  # Desterrada bajo otra carta is Desterrada (10.19)
                self._emit("banished", inst, inst.owner, came_from=came_from)
            elif zone == "hand":
                self._emit("returned_to_hand", inst, inst.owner)
        elif came_from == "hand" and zone == "graveyard":
            self._emit("discarded", inst, inst.owner)
        elif zone == "exile" or (zone == "under" and came_from != "under"):
            # «sea Desterrado de tu Cementerio»: where it was banished from
            self._emit("banished", inst, inst.owner, came_from=came_from)

    def _put_under(self, inst: Inst, host: Inst) -> None:
        """10.19 / 10.38: ``inst`` is Desterrada bajo (or puesta debajo of) ``host``, in play: in
        no zone of the game, there while ``host`` stays in play (``_left_play``)."""
        self.under[inst.id] = host.id
        self._put(inst, "under")

    def _left_play(self, inst: Inst) -> None:
        # a converted card leaves play as an Aliado: it is its printed card again once the
        # triggers of this action have seen it (abilities.conversion.revert_gone)
        inst.counters = {}
        inst.bonus = 0
        inst.static_bonus = 0
        inst.static_parts = ()
        if self.used:  # 6.8 / 6.9: when it comes back it is a new card, its uses start anew
            for key in [k for k in self.used if k[0] == inst.id]:
                del self.used[key]
        inst.temp = ()
        if inst.bearer is not None:  # an Arma leaving: its bearer is free again
            self._detach(inst)
        for iid in [c for c, host in self.under.items() if host == inst.id]:
            # 10.19: the cards Desterradas bajo it move to their owner's Destierro (not Desterradas
            # again: no event); 10.38 (to the Cementerio) has no card of its own in the catalog
            card = self.cards[iid]
            self._remove(card)
            del self.under[iid]
            card.zone = "exile"
            self.players[card.owner].zones["exile"][iid] = None
        for wid in list(inst.weapons):  # 2.2: an Arma without a valid bearer is destroyed
            weapon = self.cards[wid]
            self._detach(weapon)
            if INDESTRUCTIBLE in weapon.kw:
                self._remove(weapon)
                weapon.zone = "support"
                self.players[weapon.controller].zones["support"][weapon.id] = None
            else:
                self._put(weapon, "graveyard")

    def order_hidden(self, pid: str) -> bool:
        """The order of ``pid``'s Mazo Castillo is not known: a «revealed» record, or it was
        shuffled during the game (``unordered``)."""
        return self.revealed_order or pid in self.unordered

    def _take_top(self, pid: str, what: str) -> str:
        """The card a draw or mill takes: the top one, or the one the record names (after a
        shuffle, any card of that Castillo: 10.5, 10.8)."""
        castle = self.players[pid].castle
        named = self.reveals.get(pid) if self.reveals is not None else None
        if not named:
            if self.revealed_order:
                raise IllegalAction(None, f"El registro no nombra la carta que "
                                          f"{self.players[pid].name} {what} («revealed»).")
            iid = castle.pop()
        else:
            iid = named.pop(0)
            rule = "10.45" if what == "roba" else "10.7"
            if self.order_hidden(pid):
                if self.cards[iid].zone != "castle" or self.cards[iid].owner != pid:
                    raise IllegalAction(rule, f"{self.cards[iid].label()} no está en el Mazo "
                                              f"Castillo de {self.players[pid].name}: no se "
                                              f"{'roba' if what == 'roba' else 'bota'}.")
                castle.remove(iid)
            elif castle[-1] != iid:
                raise IllegalAction(rule, f"La carta del tope del Castillo de "
                                          f"{self.players[pid].name} es "
                                          f"{self.cards[castle[-1]].label()}, no "
                                          f"{self.cards[iid].label()}.")
            else:
                castle.pop()
        self.taken.append((pid, iid))
        return iid

    def _attach(self, weapon: Inst, ally: Inst) -> None:
        self.changes += 1
        self.play_changes += 1
        if not moves_matter(self, weapon.id) and not moves_matter(self, ally.id):
            self.unread_moves += 1
        weapon.bearer = ally.id
        ally.weapons.append(weapon.id)
        self._refresh(ally)

    def _detach(self, weapon: Inst) -> None:
        assert weapon.bearer is not None
        ally = self.cards[weapon.bearer]
        ally.weapons.remove(weapon.id)
        weapon.bearer = None
        self._refresh(ally)

    def _draw(self, pid: str, n: int) -> None:
        player = self.players[pid]
        for _ in range(n):
            if not player.castle:
                return
            iid = self._take_top(pid, "roba")
            self.changes += 1
            self.cards[iid].zone = "hand"
            player.zones["hand"][iid] = None
            self._emit("drawn", self.cards[iid], pid)

    def _mill(self, pid: str, n: int, to: str = "graveyard") -> None:
        """Damage: the top ``n`` cards of the Castillo to the Cementerio (or, 9 C4 d, the
        Destierro: Desterradas, not milled)."""
        player = self.players[pid]
        for _ in range(n):
            if not player.castle:
                return
            iid = self._take_top(pid, "bota")
            self.changes += 1
            self.cards[iid].zone = to
            player.zones[to][iid] = None
            self._emit("milled" if to == "graveyard" else "banished", self.cards[iid], pid,
                       came_from="castle")
            if to == "graveyard":
                self._emit("to_graveyard", self.cards[iid], pid, came_from="castle")

    def _check_castles(self) -> bool:
        empty = [pid for pid in self.order if not self.players[pid].castle]
        if empty and self.outcome is None:
            winner = None if len(empty) == 2 else self.opponent(empty[0])
            self.outcome = Outcome(winner, "castle_empty")
            self.phase = "over"
        return self.outcome is not None

    def _own(self, action: Action, iid: str, zone: str, what: str, rule: str) -> Inst:
        inst = self.cards[iid]
        if zone in IN_PLAY:
            ok = inst.zone == zone and inst.controller == action.p
        else:
            ok = inst.zone == zone and inst.owner == action.p
        if not ok:
            raise IllegalAction(rule, f"{inst.label()} no está en tu {ZONE_NAMES[zone]} ({what}): "
                                      f"está en {self.where(inst)}.")
        return inst

    def _need_active(self, action: Action, rule: str, what: str) -> None:
        if action.p != self.active:
            raise IllegalAction(rule, f"{self.players[action.p].name} no puede {what}: es el turno "
                                      f"de {self.players[self.active].name}.")

    def _need_phase(self, phase: str, rule: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(rule, f"No se puede {what} durante {PHASE_NAMES[self.phase]}.")

    # the rules other modules provide (declared here so every part type-checks alone)
    def _check_costs(self, action: Action, inst: Inst, costs: tuple[Any, ...]) -> tuple[Any, ...]:
        raise NotImplementedError

    def _pay_cost(self, cost: Any, ids: list[str], inst: Inst, p: str) -> None:
        raise NotImplementedError

    def _finish_turn(self) -> None:
        raise NotImplementedError

    def _next_turn(self) -> None:
        raise NotImplementedError
