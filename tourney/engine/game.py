"""Game state and the rules of a turn (seed 000, sections cited as in ``rules.RULES``).

``Game.from_header(header)`` deals the opening hands; ``game.apply(action)`` checks one
action and, only when it is legal, applies it and every automatic step that follows
(damage, Fase Final, Fase de Robar, the next Agrupación). An illegal action raises
``IllegalAction`` and leaves the state untouched, so the state is always "before the
first illegal action".
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..catalog.model import ALLY, GOLD, TALISMAN, TOTEM, WEAPON, Card
from .errors import GameOver, IllegalAction
from .keywords import (
    BLOCK,
    CHALLENGER,
    CHARGE,
    CONQUEST,
    FURY,
    GRAVEYARD,
    GUARDIAN,
    INDESTRUCTIBLE,
    NO_ATTACK,
    OWN_BLOCK,
    RECKLESS,
    UNBANISHABLE,
    UNBLOCKABLE,
    UNIQUE,
    WANDERER,
    WAR,
    engine_keywords,
    enters_with_counters,
    play_permissions,
    weapon_capacity,
    weapon_grants,
)
from .record import Action, Header

HAND_LIMIT = 8
IN_PLAY = frozenset({"reserve", "paid", "defense", "attack", "support", "weapon"})
ZONE_NAMES = {
    "castle": "Mazo Castillo", "hand": "mano", "graveyard": "Cementerio",
    "exile": "Zona de Destierro", "reserve": "Reserva de Oro", "paid": "Zona de Oro Pagado",
    "defense": "Línea de Defensa", "attack": "Línea de Ataque", "support": "Línea de Apoyo",
    "weapon": "portada por un Aliado",
}
PHASE_NAMES = {
    "vigil": "la Fase de Vigilia", "block": "la Declaración de Bloqueo",
    "war": "la Guerra de Talismanes", "discard": "el descarte de la Fase de Robar",
    "over": "el fin de la partida",
}


class Inst:
    """One card instance: a physical card of the game, wherever it is."""

    __slots__ = (
        "base_kw",
        "bearer",
        "bonus",
        "card",
        "controller",
        "counters",
        "id",
        "kw",
        "owner",
        "since",
        "weapons",
        "zone",
    )

    def __init__(self, iid: str, card: Card, owner: str):
        self.id = iid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = "castle"
        self.since = 0  # clock value when its controller gained it in play
        self.counters: dict[str, int] = {}
        self.bearer: str | None = None  # Arma: the Aliado that carries it
        self.weapons: list[str] = []  # Aliado: the Armas it carries
        self.base_kw = engine_keywords(card)
        self.kw = self.base_kw  # with what its Armas grant
        self.bonus = 0  # Fuerza until the Fase Final (effect lines)

    def label(self) -> str:
        return f"{self.card.name} ({self.id})"


class Player:
    __slots__ = ("castle", "id", "name", "zones")

    def __init__(self, pid: str, name: str):
        self.id = pid
        self.name = name
        self.castle: list[str] = []  # BOTTOM first: the top card is castle[-1]
        self.zones: dict[str, dict[str, None]] = {
            z: {} for z in ("hand", "graveyard", "exile", "reserve", "paid", "defense",
                            "attack", "support", "weapon")}

    def count(self) -> dict[str, int]:
        z = self.zones
        return {"castle": len(self.castle), "hand": len(z["hand"]),
                "graveyard": len(z["graveyard"]), "exile": len(z["exile"]),
                "in_play": sum(len(z[k]) for k in IN_PLAY)}


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str | None
    reason: str  # "castle_empty" | "concede"


class Game:
    def __init__(self, header: Header):
        self.header = header
        self.order = tuple(p.id for p in header.players)
        self.players: dict[str, Player] = {}
        self.cards: dict[str, Inst] = {}
        self.clock = 0
        self.turn = 1
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
        self.setup_problem: IllegalAction | None = None
        self.revealed_order = header.order == "revealed"
        self.reveals: dict[str, list[str]] | None = None  # the current action's named cards
        self.taken: list[tuple[str, str]] = []  # (player, card) drawn or milled, in order
        for setup in header.players:
            player = Player(setup.id, setup.name)
            self.players[setup.id] = player
            gid, gcard = setup.gold
            g = Inst(gid, gcard, setup.id)
            self.cards[gid] = g
            g.zone = "reserve"
            player.zones["reserve"][gid] = None
            for iid, card in reversed(setup.castle):
                self.cards[iid] = Inst(iid, card, setup.id)
                player.castle.append(iid)
        self.setup_problem = self._check_setup()
        for setup in header.players:
            if self.revealed_order:
                self.reveals = {setup.id: list(setup.opening)}
            self._draw(setup.id, header.hand)
        self.reveals = None
        self._check_castles()

    @classmethod
    def from_header(cls, header: Header) -> Game:
        return cls(header)

    # -- helpers ---------------------------------------------------------------
    def opponent(self, pid: str) -> str:
        return self.order[1] if pid == self.order[0] else self.order[0]

    def strength(self, inst: Inst) -> int:
        value = (inst.card.strength or 0) + inst.bonus + inst.counters.get("Alimento", 0)
        for wid in inst.weapons:
            value += weapon_grants(self.cards[wid].card)[0]
        return value

    def zone_of(self, pid: str, zone: str) -> dict[str, None]:
        return self.players[pid].zones[zone]

    def _check_setup(self) -> IllegalAction | None:
        for setup in self.header.players:
            if not setup.gold[1].is_gold:
                return IllegalAction("3.2", f"{setup.name}: el Oro inicial {setup.gold[1].name} "
                                            f"({setup.gold[0]}) no es un Oro.")
            seen: dict[str, str] = {}
            for iid, card in (setup.gold, *setup.castle):
                if UNIQUE in engine_keywords(card):
                    if card.identity in seen:
                        return IllegalAction("10.13", f"{setup.name} tiene dos copias de la carta "
                                                      f"Única {card.name} ({seen[card.identity]} "
                                                      f"y {iid}).")
                    seen[card.identity] = iid
        return None

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
        self._remove(inst)
        if inst.bearer is not None and zone != "weapon":  # an Arma leaves its bearer
            self._detach(inst)
        if zone in IN_PLAY:
            new_controller = controller or inst.controller
            if not was_in_play or new_controller != inst.controller:
                self.clock += 1
                inst.since = self.clock
            inst.controller = new_controller
            self.players[new_controller].zones[zone][inst.id] = None
            inst.zone = zone
            if not was_in_play and inst.card.type == ALLY:
                for name, n in enters_with_counters(inst.card):
                    inst.counters[name] = inst.counters.get(name, 0) + n
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
        if was_in_play:
            self._left_play(inst)

    def _left_play(self, inst: Inst) -> None:
        inst.counters = {}
        inst.bonus = 0
        if inst.bearer is not None:  # an Arma leaving: its bearer is free again
            self._detach(inst)
        for wid in list(inst.weapons):  # 2.2: an Arma without a valid bearer is destroyed
            weapon = self.cards[wid]
            self._detach(weapon)
            if INDESTRUCTIBLE in weapon.kw:
                self._remove(weapon)
                weapon.zone = "support"
                self.players[weapon.controller].zones["support"][weapon.id] = None
            else:
                self._put(weapon, "graveyard")

    def _take_top(self, pid: str, what: str) -> str:
        """The card a draw or mill takes: the top one, or the one the record names."""
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
            if self.revealed_order:
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

    def _refresh_keywords(self, ally: Inst) -> None:
        kw = ally.base_kw
        for wid in ally.weapons:
            kw = kw | weapon_grants(self.cards[wid].card)[1]
        ally.kw = kw

    def _attach(self, weapon: Inst, ally: Inst) -> None:
        weapon.bearer = ally.id
        ally.weapons.append(weapon.id)
        self._refresh_keywords(ally)

    def _detach(self, weapon: Inst) -> None:
        assert weapon.bearer is not None
        ally = self.cards[weapon.bearer]
        ally.weapons.remove(weapon.id)
        weapon.bearer = None
        self._refresh_keywords(ally)

    def _draw(self, pid: str, n: int) -> None:
        player = self.players[pid]
        for _ in range(n):
            if not player.castle:
                return
            iid = self._take_top(pid, "roba")
            self.cards[iid].zone = "hand"
            player.zones["hand"][iid] = None

    def _mill(self, pid: str, n: int) -> None:
        player = self.players[pid]
        for _ in range(n):
            if not player.castle:
                return
            iid = self._take_top(pid, "bota")
            self.cards[iid].zone = "graveyard"
            player.zones["graveyard"][iid] = None

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
            if inst.zone == "castle":
                where = f"el Mazo Castillo de {self.players[inst.owner].name}"
            else:
                holder = inst.controller if inst.zone in IN_PLAY else inst.owner
                where = f"{ZONE_NAMES[inst.zone]} de {self.players[holder].name}"
            raise IllegalAction(rule, f"{inst.label()} no está en tu {ZONE_NAMES[zone]} ({what}): "
                                      f"está en {where}.")
        return inst

    # -- the actions -------------------------------------------------------------
    def apply(self, action: Action) -> None:
        if self.outcome is not None:
            if self.outcome.reason == "concede":
                raise GameOver(None, "La partida ya terminó por concesión.")
            raise GameOver("3.1", "La partida ya terminó: un Mazo Castillo quedó vacío.")
        if action.revealed or self.revealed_order:
            self._apply_with_reveals(action)
            return
        self._apply(action)

    _SCALARS = ("clock", "turn", "active", "phase", "gold_allowed", "battle_done", "priority",
                "passes", "outcome")

    def _apply_with_reveals(self, action: Action) -> None:
        """Named draws and mills are only checked while applying: undo on an illegal one."""
        saved = self._snapshot()
        self.reveals = {pid: list(ids) for pid, ids in action.revealed}
        try:
            self._apply(action)
            left = [(pid, ids) for pid, ids in self.reveals.items() if ids]
            if left:
                pid, ids = left[0]
                raise IllegalAction(None, f"«revealed» nombra cartas de "
                                          f"{self.players[pid].name} que esta acción no roba ni "
                                          f"bota: {', '.join(ids)}.")
        except IllegalAction:
            self._restore(saved)
            raise
        finally:
            self.reveals = None

    def _snapshot(self) -> tuple:
        scalars = {k: getattr(self, k) for k in self._SCALARS}
        lists = (list(self.attackers), dict(self.blocks), dict(self.challenges),
                 dict(self.last_regroup), list(self.unverified), len(self.taken))
        insts = [(i, i.zone, i.controller, i.since, dict(i.counters), i.bearer,
                  list(i.weapons), i.bonus, i.kw) for i in self.cards.values()]
        players = [(p, list(p.castle), {z: dict(d) for z, d in p.zones.items()})
                   for p in self.players.values()]
        return scalars, lists, insts, players

    def _restore(self, saved: tuple) -> None:
        scalars, lists, insts, players = saved
        for k, v in scalars.items():
            setattr(self, k, v)
        (self.attackers, self.blocks, self.challenges, self.last_regroup, self.unverified,
         taken) = lists
        del self.taken[taken:]
        for i, zone, controller, since, counters, bearer, weapons, bonus, kw in insts:
            i.zone, i.controller, i.since, i.counters = zone, controller, since, counters
            i.bearer, i.weapons, i.bonus, i.kw = bearer, weapons, bonus, kw
        for p, castle, zones in players:
            p.castle, p.zones = castle, zones

    def _apply(self, action: Action) -> None:
        if self.phase == "discard" and action.do not in ("discard", "concede", "effect"):
            raise IllegalAction("9 E", f"{self.players[self.active].name} debe descartar hasta "
                                       f"{HAND_LIMIT} cartas antes de cualquier otra acción.")
        if self.phase == "block" and action.do not in ("block", "play", "concede", "effect"):
            raise IllegalAction("9 C2", "Falta la Declaración de Bloqueo del jugador defensor "
                                        "(«block», con [] si no bloquea).")
        _HANDLERS[action.do](self, action)

    def _need_active(self, action: Action, rule: str, what: str) -> None:
        if action.p != self.active:
            raise IllegalAction(rule, f"{self.players[action.p].name} no puede {what}: es el turno "
                                      f"de {self.players[self.active].name}.")

    def _need_phase(self, phase: str, rule: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction(rule, f"No se puede {what} durante {PHASE_NAMES[self.phase]}.")

    def _do_gold(self, action: Action) -> None:
        self._need_active(action, "9 B", "poner un Oro")
        self._need_phase("vigil", "9 B", "poner un Oro")
        inst = self._own(action, action.card, "hand", "para poner un Oro", "9 B")
        if inst.card.type != GOLD:
            raise IllegalAction("2.5", f"{inst.label()} no es un Oro ({inst.card.type}).")
        if not self.gold_allowed:
            raise IllegalAction("9 B", f"No se puede poner {inst.label()}: el Oro debe ser la "
                                       "primera carta de la Vigilia y sólo uno por turno.")
        self._put(inst, "reserve", action.p)
        self.gold_allowed = False

    def _do_play(self, action: Action) -> None:
        p = action.p
        first = self.cards[action.card]
        allowed = play_permissions(first.card)
        from_graveyard = (GRAVEYARD in allowed and first.zone == "graveyard"
                          and first.owner == p)
        inst = first if from_graveyard else self._own(action, action.card, "hand", "para jugarla", "8.1")
        card = inst.card
        if card.type == GOLD:
            raise IllegalAction("2.5", f"{inst.label()} es un Oro: los Oros no se juegan, se ponen "
                                       "en la Reserva con «gold».")
        if card.type not in (ALLY, TOTEM, WEAPON, TALISMAN):
            raise IllegalAction("8.1", f"{inst.label()}: el motor no sabe jugar cartas de tipo "
                                       f"{card.type}.")
        own_vigil = self.phase == "vigil" and p == self.active
        in_block = self.phase == "block" and (
            BLOCK in allowed or (OWN_BLOCK in allowed and p != self.active))
        in_war = self.phase == "war" and (card.type == TALISMAN or WAR in allowed)
        if in_war and self.priority != p:
            raise IllegalAction("9 C3", f"{self.players[p].name} no tiene la prioridad en la "
                                        "Guerra de Talismanes.")
        if not (own_vigil or in_block or in_war):
            if card.type == TALISMAN:
                raise IllegalAction("9 B", f"{inst.label()}: los Talismanes se juegan en tu Fase "
                                           "de Vigilia o en la Guerra de Talismanes.")
            raise IllegalAction("9 B", f"{inst.label()}: {card.type} sólo se juega en tu "
                                       f"Fase de Vigilia (ahora es {PHASE_NAMES[self.phase]}"
                                       f"{'' if p == self.active else ' del turno rival'}).")
        # targets and bearer (8.2, 2.2)
        bearer = None
        if card.type == WEAPON:
            if action.bearer is None:
                raise IllegalAction("2.2", f"{inst.label()} necesita un Aliado portador («bearer»).")
            bearer = self.cards[action.bearer]
            if bearer.zone not in ("defense", "attack") or bearer.card.type != ALLY:
                raise IllegalAction("2.2", f"{bearer.label()} no es un Aliado en juego: no puede "
                                           f"portar {inst.label()}.")
            capacity = weapon_capacity(bearer.card)
            if capacity == 0:
                raise IllegalAction("2.2", f"{bearer.label()} no puede portar Armas.")
            if len(bearer.weapons) >= capacity:
                carried = ", ".join(self.cards[w].label() for w in bearer.weapons)
                raise IllegalAction("2.2", f"{bearer.label()} ya porta {carried}.")
        elif action.bearer is not None:
            raise IllegalAction("2.2", f"{inst.label()} no es un Arma: no lleva portador.")
        if action.targets:
            if len(set(action.targets)) != len(action.targets):
                raise IllegalAction("8.2", "Los objetivos de una carta deben ser cartas distintas.")
            if card.type != TALISMAN:
                raise IllegalAction("8.2", f"{inst.label()}: sólo los Talismanes llevan «targets» "
                                           "en este registro.")
        # Errante (10.22)
        if WANDERER in inst.kw and card.type != TALISMAN:
            for other in self.cards.values():
                if (other.zone in IN_PLAY and other.controller == p
                        and other.card.name == card.name and WANDERER in other.kw):
                    raise IllegalAction("10.22", f"{inst.label()} es Errante y ya controlas "
                                                 f"{other.label()}.")
        # cost (8.1)
        cost = card.cost or 0
        pay = action.pay
        if len(set(pay)) != len(pay):
            raise IllegalAction("8.1", "Un mismo Oro aparece dos veces en el pago.")
        reserve = self.zone_of(p, "reserve")
        for gid in pay:
            if gid not in reserve:
                g = self.cards[gid]
                raise IllegalAction("8.1", f"{g.label()} no está en tu Reserva de Oro: no sirve "
                                           f"para pagar (está en {ZONE_NAMES.get(g.zone, g.zone)}).")
        if len(pay) != cost:
            raise IllegalAction("8.1", f"{inst.label()} cuesta {cost} Oro{'s' if cost != 1 else ''} "
                                       f"y se pagaron {len(pay)}.")
        # legal: apply
        for gid in pay:
            self._put(self.cards[gid], "paid", p)
        if self.phase == "vigil":
            self.gold_allowed = False
        if card.type == TALISMAN:
            self._put(inst, "exile" if from_graveyard else "graveyard")  # 10.25 Exhumar
        elif card.type == ALLY:
            self._put(inst, "defense", p)
        elif card.type == TOTEM:
            self._put(inst, "support", p)
        else:
            assert bearer is not None
            self._put(inst, "weapon", bearer.controller)
            self._attach(inst, bearer)
        if self.phase == "war":
            self.priority = self.opponent(p)
            self.passes = 0

    def _do_attack(self, action: Action) -> None:
        p = action.p
        self._need_active(action, "9 C", "declarar un ataque")
        if self.phase != "vigil":
            raise IllegalAction("9 C", f"No se puede declarar ataque durante {PHASE_NAMES[self.phase]}.")
        if self.battle_done:
            raise IllegalAction("9 C", "Ya hubo una Batalla Mitológica este turno.")
        if not action.cards:
            raise IllegalAction("9 C1", "Un ataque debe declarar al menos un Aliado atacante.")
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction("9 C1", "Un Aliado aparece dos veces entre los atacantes.")
        for iid in action.cards:
            inst = self.cards[iid]
            if inst.card.type != ALLY or inst.zone != "defense" or inst.controller != p:
                raise IllegalAction("9 C1", f"{inst.label()} no es un Aliado en tu Línea de Defensa: "
                                            "no puede ser declarado atacante.")
            if GUARDIAN in inst.kw:
                raise IllegalAction("9 C1", f"{inst.label()} es Guardián: no puede ser declarado "
                                            "atacante.")
            if NO_ATTACK in inst.kw:
                why = "por su propia habilidad" if NO_ATTACK in inst.base_kw else "por el Arma que porta"
                raise IllegalAction("9 C1", f"{inst.label()} no puede ser declarado atacante {why}.")
            if FURY not in inst.kw and not inst.since < self.last_regroup[p]:
                raise IllegalAction("2.1", f"{inst.label()} no puede atacar: no está bajo tu control "
                                           "desde el comienzo de tu última Fase de Agrupación y no "
                                           "tiene Furia.")
        challenges: dict[str, str] = {}
        opp = self.opponent(p)
        for attacker, target in action.challenges:
            a = self.cards[attacker]
            t = self.cards[target]
            if attacker not in action.cards or CHALLENGER not in a.kw:
                raise IllegalAction("10.44", f"{a.label()} no es un atacante Retador.")
            if attacker in challenges:
                raise IllegalAction("10.44", f"{a.label()} desafía a un solo Aliado.")
            if t.card.type != ALLY or t.zone != "defense" or t.controller != opp:
                raise IllegalAction("10.44", f"{t.label()} no es un Aliado en la Línea de Defensa "
                                             "rival: no puede ser desafiado.")
            challenges[attacker] = target
        for iid in action.cards:
            self._put(self.cards[iid], "attack", p)
        self.attackers = list(action.cards)
        self.challenges = challenges
        self.blocks = {}
        self.battle_done = True
        self.gold_allowed = False
        self.phase = "block"

    def can_block(self, blocker: Inst, attacker: Inst) -> str | None:
        if UNBLOCKABLE in attacker.kw:
            return "10.29"
        if RECKLESS in attacker.kw and RECKLESS not in blocker.kw:
            return "2009 I"
        return None

    def _do_block(self, action: Action) -> None:
        p = action.p
        if self.phase != "block":
            raise IllegalAction("9 C2", f"No se pueden declarar bloqueos durante {PHASE_NAMES[self.phase]}.")
        if p == self.active:
            raise IllegalAction("9 C2", "Bloquea el jugador defensor, no el atacante.")
        blockers: dict[str, str] = {}
        blocks: dict[str, str] = {}
        for blocker_id, attacker_id in action.pairs:
            b = self.cards[blocker_id]
            a = self.cards[attacker_id]
            if b.card.type != ALLY or b.zone != "defense" or b.controller != p:
                raise IllegalAction("10.6", f"{b.label()} no es un Aliado en tu Línea de Defensa: "
                                            "no puede bloquear.")
            if attacker_id not in self.attackers or a.zone != "attack":
                raise IllegalAction("9 C2", f"{a.label()} no es un Aliado atacante.")
            if blocker_id in blockers:
                raise IllegalAction("9 C2", f"{b.label()} ya bloquea a otro Aliado: un Aliado "
                                            "bloquea a un solo atacante.")
            if attacker_id in blocks:
                raise IllegalAction("9 C2", f"{a.label()} ya está bloqueado: los bloqueos son uno a uno.")
            rule = self.can_block(b, a)
            if rule == "10.29":
                raise IllegalAction(rule, f"{a.label()} es Imbloqueable.")
            if rule == "2009 I":
                raise IllegalAction(rule, f"{a.label()} es Temerario: sólo lo bloquean Aliados "
                                          f"Temerarios y {b.label()} no lo es.")
            blockers[blocker_id] = attacker_id
            blocks[attacker_id] = blocker_id
        for attacker_id, target_id in self.challenges.items():
            target = self.cards[target_id]
            attacker = self.cards[attacker_id]
            if target.zone != "defense" or target.controller != p:
                continue
            if self.can_block(target, attacker) is not None:
                continue
            chosen = blockers.get(target_id)
            if chosen is None or self.challenges.get(chosen) != target_id:
                raise IllegalAction("10.44", f"{target.label()} fue desafiado por el Retador "
                                             f"{attacker.label()} y debe bloquearlo.")
        self.blocks = blocks
        self.phase = "war"
        self.priority = p
        self.passes = 0

    def _do_pass(self, action: Action) -> None:
        if self.phase != "war":
            raise IllegalAction("10.11", f"Sólo se cede la prioridad en la Guerra de Talismanes, "
                                         f"no durante {PHASE_NAMES[self.phase]}.")
        if action.p != self.priority:
            raise IllegalAction("9 C3", f"{self.players[action.p].name} no tiene la prioridad.")
        self.passes += 1
        self.priority = self.opponent(action.p)
        if self.passes >= 2:
            self._assign_damage()
            if self.outcome is None:
                self._finish_turn()

    def _assign_damage(self) -> None:
        active, defender = self.active, self.opponent(self.active)
        damage = 0
        destroyed: list[Inst] = []
        dealt: list[Inst] = []
        for attacker_id in self.attackers:
            a = self.cards[attacker_id]
            if a.zone != "attack" or a.controller != active:
                continue
            blocker_id = self.blocks.get(attacker_id)
            b = self.cards[blocker_id] if blocker_id else None
            if b is not None and (b.zone != "defense" or b.controller != defender):
                b = None  # 10.6: the blocker left; the attacker hits the Castillo
            sa = max(self.strength(a), 0)
            if b is None:
                hit = sa
            else:
                sb = max(self.strength(b), 0)
                hit = 0
                if sa > sb:
                    destroyed.append(b)
                    hit = sa - sb
                elif sa == sb:
                    destroyed.extend((a, b))
                else:
                    destroyed.append(a)
            if hit > 0:
                if CHARGE in a.kw:
                    hit *= 2
                damage += hit
                dealt.append(a)
        self._mill(defender, damage)  # 9 C4 c: all combat damage at once
        if self._check_castles():
            return
        for inst in destroyed:
            if INDESTRUCTIBLE in inst.kw or inst.zone not in ("attack", "defense"):
                continue
            self._put(inst, "graveyard")
        for a in dealt:  # 10.14 Conquista
            if CONQUEST in a.kw and a.zone in IN_PLAY and not a.counters.get("Conquista"):
                a.counters["Conquista"] = 1
                self._draw(a.controller, 1)
                if self._check_castles():
                    return

    def _finish_turn(self) -> None:
        # 9 D Fase Final: "until the Fase Final" effects end
        for inst in self.cards.values():
            if inst.bonus:
                inst.bonus = 0
        self.attackers, self.blocks, self.challenges = [], {}, {}
        self.priority = None
        self.passes = 0
        # 9 E Fase de Robar
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
        # 9 A Fase de Agrupación
        self.clock += 1
        self.last_regroup[self.active] = self.clock
        zones = self.players[self.active].zones
        for iid in list(zones["attack"]):
            inst = self.cards[iid]
            del zones["attack"][iid]
            zones["defense"][iid] = None
            inst.zone = "defense"
        for iid in list(zones["paid"]):
            del zones["paid"][iid]
            zones["reserve"][iid] = None
            self.cards[iid].zone = "reserve"
        self.phase = "vigil"
        self.gold_allowed = True
        self.battle_done = False

    def _do_end(self, action: Action) -> None:
        self._need_active(action, "9 D", "terminar el turno")
        if self.phase != "vigil":
            raise IllegalAction("9 D", f"No se puede terminar el turno durante {PHASE_NAMES[self.phase]}.")
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

    def _do_effect(self, action: Action) -> None:
        """Apply the stated results of an ability the engine does not execute (unverified)."""
        source = self.cards[action.source] if action.source else None
        src_type = source.card.type if source else None
        seen: set[str] = set()
        for iid, to in action.moves:
            inst = self.cards[iid]
            if iid in seen:
                raise IllegalAction("10.36", f"{inst.label()} se mueve dos veces en el mismo efecto.")
            seen.add(iid)
            in_play = inst.zone in IN_PLAY
            if in_play and to not in IN_PLAY:
                if to == "graveyard" and INDESTRUCTIBLE in inst.kw:
                    raise IllegalAction("10.31", f"{inst.label()} es Indestructible: no puede ser "
                                                 "Destruido.")
                if to == "exile" and UNBANISHABLE in inst.kw:
                    raise IllegalAction("10.30", f"{inst.label()} es Indesterrable: no puede ser "
                                                 "Desterrado.")
                if inst.counters.get("Honor") and src_type in (TALISMAN, TOTEM):
                    raise IllegalAction("10.12", f"{inst.label()} tiene un contador de Honor: no sale "
                                                 f"del juego por efectos de {src_type}.")
            if to in ("defense", "support", "reserve", "paid"):
                ok = {"defense": inst.card.type == ALLY,
                      "support": inst.card.type in (TOTEM, WEAPON),
                      "reserve": inst.card.type == GOLD,
                      "paid": inst.card.type == GOLD}[to]
                if not ok:
                    raise IllegalAction("10.36", f"{inst.label()} ({inst.card.type}) no puede ir a "
                                             f"{ZONE_NAMES[to]}.")
                if to == "defense" and WANDERER in inst.kw:
                    for other in self.cards.values():
                        if (other is not inst and other.zone in IN_PLAY
                                and other.controller == action.p
                                and other.card.name == inst.card.name and WANDERER in other.kw):
                            raise IllegalAction("10.22", f"{inst.label()} es Errante y "
                                                         f"{self.players[action.p].name} ya "
                                                         f"controla {other.label()}.")
        landing = dict(action.moves)  # counters go on cards in play after this effect's moves
        for iid, _name, _n in action.counters:
            if landing.get(iid, self.cards[iid].zone) not in IN_PLAY:
                raise IllegalAction("10.12", f"{self.cards[iid].label()} no está en juego: no "
                                             "puede tener contadores.")
        # apply
        for iid, to in action.moves:
            inst = self.cards[iid]
            if to in IN_PLAY:
                self._put(inst, to, action.p)
            else:
                self._put(inst, to)
        for pid, n in action.draw:
            self._draw(pid, n)
        for pid, n in action.mill:
            self._mill(pid, n)
        for iid, name, n in action.counters:
            inst = self.cards[iid]
            value = inst.counters.get(name, 0) + n
            if value > 0:
                inst.counters[name] = value
            else:
                inst.counters.pop(name, None)
        for iid, delta in action.strength:
            self.cards[iid].bonus += delta
        self.unverified.append(action.line)
        self._check_castles()

    def final(self) -> dict[str, dict[str, int]]:
        return {pid: self.players[pid].count() for pid in self.order}

    def legal_attackers(self, pid: str) -> list[str]:
        return [iid for iid in self.zone_of(pid, "defense")
                if self.cards[iid].card.type == ALLY and GUARDIAN not in self.cards[iid].kw
                and NO_ATTACK not in self.cards[iid].kw
                and (FURY in self.cards[iid].kw or self.cards[iid].since < self.last_regroup[pid])]

    def in_play(self, pid: str) -> Iterable[Inst]:
        for zone in IN_PLAY:
            for iid in self.zone_of(pid, zone):
                yield self.cards[iid]


_HANDLERS = {
    "gold": Game._do_gold, "play": Game._do_play, "attack": Game._do_attack,
    "block": Game._do_block, "pass": Game._do_pass, "end": Game._do_end,
    "discard": Game._do_discard, "concede": Game._do_concede, "effect": Game._do_effect,
}
