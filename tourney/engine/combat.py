"""The Batalla Mitológica (seed 000, 9 C): attack, block, the Guerra de Talismanes and the
Asignación de Daño, with the keywords that act in it."""
from __future__ import annotations

from ..catalog.model import ALLY
from .abilities.continuous import recompute
from .abilities.chain import immune_to, immunity
from .abilities.protections import attack_forbidden, attackers_limit, block_refused, damage_exiled, target_shield
from .errors import IllegalAction
from .keywords import (
    CHALLENGER,
    CHARGE,
    CONQUEST,
    FURY,
    GUARDIAN,
    INDESTRUCTIBLE,
    NO_ATTACK,
    NO_BLOCK,
    RECKLESS,
    UNBLOCKABLE,
    block_capacity,
)
from .record import Action
from .zones import IN_PLAY, PHASE_NAMES, Inst
from .state import State


class Combat(State):
    def legal_attackers(self, pid: str) -> list[str]:
        recompute(self)
        if attack_forbidden(self, pid) is not None:
            return []
        out = []
        for iid in self.zone_of(pid, "defense"):
            inst = self.cards[iid]
            if (inst.card.type == ALLY and GUARDIAN not in inst.kw and NO_ATTACK not in inst.kw
                    and (FURY in inst.kw or inst.since < self.last_regroup[pid])):
                out.append(iid)
        return out

    def _do_attack(self, action: Action) -> None:
        p = action.p
        self._need_active(action, "9 C", "declarar un ataque")
        if self.phase != "vigil":
            raise IllegalAction("9 C", f"No se puede declarar ataque durante {PHASE_NAMES[self.phase]}.")
        if self.battle_done:
            raise IllegalAction("9 C", "Ya hubo una Batalla Mitológica este turno.")
        if not action.cards:
            raise IllegalAction("9 C1", "Un ataque debe declarar al menos un Aliado atacante.")
        forbidding = attack_forbidden(self, p)
        if forbidding is not None:
            raise IllegalAction("9 C", f"{self.players[p].name} no puede declarar ataque: lo impide "
                                       f"{forbidding.label()}.")
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction("9 C1", "Un Aliado aparece dos veces entre los atacantes.")
        limit = attackers_limit(self)
        if limit is not None and len(action.cards) > limit[1]:
            raise IllegalAction("9 C1", f"Sólo se puede{'n' if limit[1] != 1 else ''} declarar {limit[1]} "
                                        f"Aliado{'s' if limit[1] != 1 else ''} atacante{'s' if limit[1] != 1 else ''}: "
                                        f"lo impone {limit[0].label()}.")
        for iid in action.cards:
            inst = self.cards[iid]
            if inst.card.type != ALLY or inst.zone != "defense" or inst.controller != p:
                raise IllegalAction("9 C1", f"{inst.label()} no es un Aliado en tu Línea de Defensa: "
                                            "no puede ser declarado atacante.")
            if GUARDIAN in inst.kw:
                raise IllegalAction("9 C1", f"{inst.label()} es Guardián: no puede ser declarado "
                                            "atacante.")
            if NO_ATTACK in inst.kw:
                why = ("por su propia habilidad" if NO_ATTACK in inst.base_kw else
                       "por el Arma que porta" if inst.weapons else "por un efecto")
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
            shield = target_shield(self, t, a)
            immune = immunity(t)
            if shield is not None or (immune and immune_to(self, immune, a)):
                why = (f"Inmunidad a {immune}" if shield is None else
                       f"la habilidad continua de {shield.label()}")
                raise IllegalAction("10.44", f"{t.label()} no puede ser objetivo de la habilidad "
                                             f"Retador de {a.label()} ({why}): no puede ser "
                                             "desafiado.")
            challenges[attacker] = target
        # the Vigilia ends (9 B: «al final de la Fase de Vigilia») and the battle begins (9 C)
        self._emit("phase_ends", None, p, phase="vigil")
        self._emit("phase_begins", None, p, phase="battle")
        for iid in action.cards:
            self._put(self.cards[iid], "attack", p)
        self.attackers = list(action.cards)
        self.challenges = challenges
        self.blocks = {}
        self.battle_done = True
        self.gold_allowed = False
        self.phase = "block"
        for iid in action.cards:
            self._emit("attack_declared", self.cards[iid], p)
        if action.cards:  # «Cuando uno o más Aliados oponentes sean declarados atacantes»: once
            self._emit("attackers_declared", None, p)
        self._emit("phase_begins", None, opp, phase="block")  # 9 C2 a: the defender's step

    def can_block(self, blocker: Inst, attacker: Inst) -> str | None:
        if UNBLOCKABLE in attacker.kw:
            return "10.29"
        if RECKLESS in attacker.kw and RECKLESS not in blocker.kw:
            return "2009 I"
        if NO_BLOCK in blocker.kw or block_refused(self, blocker, attacker):
            return "4.2"  # «no puede bloquear» / «no puede ser bloqueado por Aliados Luz»
        return None

    def _do_block(self, action: Action) -> None:
        p = action.p
        if self.phase != "block":
            raise IllegalAction("9 C2", f"No se pueden declarar bloqueos durante {PHASE_NAMES[self.phase]}.")
        if p == self.active:
            raise IllegalAction("9 C2", "Bloquea el jugador defensor, no el atacante.")
        blockers: dict[str, str] = {}  # blocker -> the first attacker it blocks
        blocked_by: dict[str, int] = {}  # blocker -> how many attackers it blocks
        blocks: dict[str, str] = {}
        for blocker_id, attacker_id in action.pairs:
            b = self.cards[blocker_id]
            a = self.cards[attacker_id]
            if b.card.type != ALLY or b.zone != "defense" or b.controller != p:
                raise IllegalAction("10.6", f"{b.label()} no es un Aliado en tu Línea de Defensa: "
                                            "no puede bloquear.")
            if attacker_id not in self.attackers or a.zone != "attack":
                raise IllegalAction("9 C2", f"{a.label()} no es un Aliado atacante.")
            if blocker_id in blockers and (b.lost or blocked_by[blocker_id] >= block_capacity(b.card)):
                raise IllegalAction("9 C2", f"{b.label()} ya bloquea a otro Aliado: un Aliado "
                                            "bloquea a un solo atacante (salvo que su texto diga "
                                            "«puede bloquear un Aliado adicional»).")
            if attacker_id in blocks:
                raise IllegalAction("9 C2", f"{a.label()} ya está bloqueado: los bloqueos son uno a uno.")
            rule = self.can_block(b, a)
            if rule == "10.29":
                raise IllegalAction(rule, f"{a.label()} es Imbloqueable.")
            if rule == "2009 I":
                raise IllegalAction(rule, f"{a.label()} es Temerario: sólo lo bloquean Aliados "
                                          f"Temerarios y {b.label()} no lo es.")
            if rule == "4.2":
                raise IllegalAction(rule, f"{b.label()} no puede bloquear (un efecto o habilidad "
                                          "continua se lo impide).")
            blockers.setdefault(blocker_id, attacker_id)
            blocked_by[blocker_id] = blocked_by.get(blocker_id, 0) + 1
            blocks[attacker_id] = blocker_id
        for attacker_id, target_id in self.challenges.items():
            target = self.cards[target_id]
            attacker = self.cards[attacker_id]
            if target.zone != "defense" or target.controller != p:
                continue
            if self.can_block(target, attacker) is not None:
                continue
            if blocks.get(attacker_id) != target_id:
                raise IllegalAction("10.44", f"{target.label()} fue desafiado por el Retador "
                                             f"{attacker.label()} y debe bloquearlo.")
        self.blocks = blocks
        self.phase = "war"
        self.priority = p
        self.passes = 0
        for blocker_id in blockers:
            self._emit("block_declared", self.cards[blocker_id], p)
        for attacker_id in blocks:
            self._emit("blocked", self.cards[attacker_id], self.active)
        self._emit("phase_begins", None, self.active, phase="war")  # 9 C3 a

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

    def _mill_combat(self, damage: tuple[tuple[str, int], ...]) -> set[str]:
        """9 C4 c: all combat damage at once, to each Castillo (the defender's, then those it is
        redirected to, 10.41); the Castillos it put at least one card of in the Cementerio — only
        then is it Daño de Combate (an attacker whose damage is Desterrada, 9 C4 d, is not)."""
        hit: set[str] = set()
        for pid, n in damage:
            before = len(self.players[pid].castle)
            self._mill(pid, n)
            if len(self.players[pid].castle) < before:
                hit.add(pid)
        return hit

    def _assign_damage(self) -> None:
        recompute(self)  # 4.1: Fuerza and keywords as they are now
        active, defender = self.active, self.opponent(self.active)
        damage = 0
        elsewhere: dict[str, int] = {}  # 10.41: damage redirected to another Castillo
        destroyed: list[Inst] = []
        dealt: list[Inst] = []
        banished: dict[str, int] = {}  # 9 C4 d: damage sent to the Destierro, by Castillo
        castle_of: dict[str, str] = {}  # attacker -> the Castillo its damage goes to the Cementerio of
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
                redirect = None
                for sign, value in a.temp:  # effects on this attacker's damage
                    if sign.startswith("prevent"):
                        hit = 0
                    elif sign.startswith("reduce"):
                        hit = max(0, hit - int(value))
                    elif sign.startswith("redirect"):
                        redirect = value
                if hit <= 0:
                    continue
                if damage_exiled(self, a):  # 9 C4 d: its damage goes to the Destierro
                    hurt = redirect if redirect is not None else defender
                    banished[hurt] = banished.get(hurt, 0) + hit
                elif redirect is not None and redirect != defender:
                    elsewhere[redirect] = elsewhere.get(redirect, 0) + hit
                    castle_of[a.id] = redirect
                else:
                    damage += hit
                    castle_of[a.id] = defender
                dealt.append(a)
        for pid, n in banished.items():  # 9 C4 d: banished first, then the normal damage
            self._mill(pid, n, to="exile")
        hit_castles = self._mill_combat(((defender, damage), *elsewhere.items()))
        for a in dealt:
            self._emit("combat_damage", a, active)
            if castle_of.get(a.id) in hit_castles:  # «se hace daño a un Castillo»
                self._emit("damage", a, castle_of[a.id])
        if self._check_castles():
            return
        for inst in destroyed:
            if INDESTRUCTIBLE in inst.kw or inst.zone not in ("attack", "defense"):
                continue
            self._put(inst, "graveyard")
        for a in dealt:  # 10.14 Conquista
            if CONQUEST in a.kw and a.zone in IN_PLAY and not a.counters.get("Conquista"):
                a.counters["Conquista"] = 1
                self._emit("counter_placed", a, a.controller, to="Conquista")
                self._draw(a.controller, 1)
                if self._check_castles():
                    return
