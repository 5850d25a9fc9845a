"""Playing a card (seed 000, 8.1 Jugar una carta; 8.2 Objetivos; 2.1–2.4 the card types).

Steps A–C happen on the ``play`` line: the card is where it may be played from, at a moment
its type (or its text) allows, with valid targets (8.2) and its cost paid exactly (8.1,
10.16). Then the chain window of ``abilities.chain`` opens (D) and the card lands (E).
"""
from __future__ import annotations

from typing import Any

from ..catalog.model import ALLY, GOLD, TALISMAN, TOTEM, WEAPON
from .abilities.chain import (
    Resolution,
    Window,
    answer_kind,
    check_targets,
    enter_window,
    note_answer,
    own_effect,
    permission_in_response,
    valid_targets_exist,
)
from .abilities.continuous import recompute
from .abilities.condition_check import holds
from .abilities.model import Ability
from .abilities.cost_rules import changed_cost, cost_effects, cost_may_change
from .abilities.kinds.gold_kinds import cover, spend, stale_note, virtual_refusal
from .abilities.kinds.played_kinds import note_play
from .abilities.play_rules import prohibited_by, restriction_refused
from .abilities.protections import bearer_refused
from .errors import IllegalAction
from .keywords import (
    BLOCK,
    GRAVEYARD,
    OWN_BLOCK,
    WANDERER,
    WAR,
    banished_when_played,
    play_permissions,
    weapon_capacity,
)
from .record import Action
from .zones import IN_PLAY, PHASE_NAMES, ZONE_NAMES, Inst
from .state import State


def permission_from(inst: Inst, zone: str) -> Ability | None:
    """A play permission ability of the card for playing it from ``zone``."""
    known = inst.abilities
    if known is None:
        return None
    for ability in known.abilities:
        if ability.kind == "play_permission" and ability.zone == zone:
            return ability
    return None


# additional costs paid with cards the record names in «costs» (10.16)
NAMED_COSTS = frozenset({"banish_from_graveyard", "discard", "destroy_own", "banish_own",
                         "return_own_to_hand", "bottom_from_hand", "reveal", "banish_from_hand",
                         "shuffle_own", "remove_counters_own", "remove_all_counters_own"})


class Play(State):
    def _other_costs(self, action: Action, inst: Inst) -> Any:
        """10.16: a coste alternativo (instead of the Oros: ``pay`` empty) or adicional paid
        with the cards in ``costs``; None when the line pays neither."""
        known = inst.abilities
        if not action.costs:
            extra = [a for a in (known.abilities if known else ()) if a.kind == "additional_cost"
                     and holds(self, a.condition, inst, action.p)]
            if extra and any(c.kind in NAMED_COSTS for a in extra for c in a.costs):
                raise IllegalAction("10.16", f"{inst.label()} tiene un coste adicional "
                                             f"({extra[0].describe()}): el registro no nombra con "
                                             "qué se paga («costs»).")
            # «Bota dos cartas», «Destierra las primeras dos cartas de tu Mazo Castillo»: the
            # engine knows which cards (a record cannot name milled cards)
            unnamed = tuple(c for a in extra for c in a.costs if c.kind != "gold")
            if unnamed:
                from dataclasses import replace
                return self._check_costs(replace(action, pay=()), inst, unnamed)[1]
            return None
        # no Oros paid: instead of its cost (alternativo), or on top of a cost of 0 (adicional)
        alternative = not action.pay and (inst.card.cost or 0) > 0
        abilities = known.abilities if known else ()
        pieces = [a for a in abilities
                  if a.kind == ("alternative_cost" if alternative else "additional_cost")]
        if not pieces and not action.pay:  # a cost of 0: either of them
            pieces = [a for a in abilities if a.kind == "alternative_cost"]
        if not pieces:
            raise IllegalAction("10.16", f"{inst.label()} no tiene un coste "
                                         f"{'alternativo' if alternative else 'adicional'}: "
                                         "«costs» no corresponde.")
        from dataclasses import replace
        costs = tuple(c for a in pieces for c in a.costs if c.kind != "gold")
        return self._check_costs(replace(action, pay=()), inst, costs)[1]


    def _play_source(self, action: Action, first: Inst) -> tuple[Inst, Ability | None, bool]:
        """Where the card is played from: the hand, or a zone its text allows."""
        p = action.p
        if first.zone != "hand" and first.owner == p and first.zone in ("graveyard", "exile"):
            permission = permission_from(first, first.zone)
            if permission is not None:
                return first, permission, True
            if first.zone == "graveyard" and GRAVEYARD in play_permissions(first.card):
                return first, None, True
        if first.zone == "under":
            return self._play_from_under(action, first)
        host = self.cards.get(self.maybe_under.get(first.id, ""))
        if first.zone == "exile" and host is not None and host.zone in IN_PLAY and host.controller == p:
            self._unverify(action.line, first.label(), "10.38",
                           f"{first.label()} puede estar bajo {host.label()}, cuyo texto el motor no lee "
                           "entero (jugarla «como si estuviera en tu mano»): el registro no muestra las "
                           "cartas puestas debajo de otra")
            return first, None, True
        assert action.card is not None
        return self._own(action, action.card, "hand", "para jugarla", "8.1"), None, False

    def _play_from_under(self, action: Action, first: Inst) -> tuple[Inst, Ability | None, bool]:
        """10.19: a card Desterrada bajo a card in play is played «como si estuviera en tu mano»
        when that card says so (its ``play_permission`` from ``under``), at the moments and with
        the costs of a card in hand. Another card of the player the engine does not read whole
        may be the one that allows it (Siddhattha Gotama): the line stays unverified."""
        p, host = action.p, self.cards[self.under[first.id]]
        if host.controller == p and host.abilities is not None and any(
                a.kind == "play_permission" and a.zone == "under" for a in host.abilities.abilities):
            return first, None, False  # as from the hand: a Talismán goes to the Cementerio
        unread = [i for i in self.in_play_list(p) if i.abilities is None or not i.abilities.complete]
        if unread:
            self._unverify(action.line, first.label(), "10.19",
                           f"{first.label()} está Desterrada bajo {host.label()}: "
                           f"{unread[0].label()}, cuyo texto el motor no lee entero, puede permitir "
                           "jugarla «como si estuviera en tu mano»")
            return first, None, False
        raise IllegalAction("8.1", f"{first.label()} está Desterrada bajo {host.label()}, y "
                                   "ninguna carta que controlas permite jugarla desde ahí.")

    def _do_play(self, action: Action) -> None:
        """8.1 A–C: the card may be played (zone, type, moment, restrictions, targets, bearer,
        Errante, cost); then it is paid, lands and opens its chain window (D, E)."""
        p = action.p
        assert action.card is not None
        inst, permission, from_elsewhere = self._play_source(action, self.cards[action.card])
        origin = inst.zone
        self._check_playable_type(inst)
        effect = own_effect(inst)
        answer = answer_kind(effect[1]) if effect is not None else None
        if answer is None and permission_in_response(self, inst, p):
            answer = "response"
        # 4.1: timing, prohibitions (a «no se pueden jugar» whose holder got its ability back),
        # targets and Errante read what continuous abilities give: bring it up to date first
        recompute(self)
        answering = self._check_play_timing(inst, p, permission, answer, effect)
        self._check_not_forbidden(inst, p, origin)
        bearer = self._weapon_bearer(action, inst)
        self._check_play_targets(action, inst, effect)
        self._check_wanderer(inst, p)
        others, cost_unverified, virtual = self._check_play_cost(action, inst)
        # legal: the answer is noted in the window it answers (8.1 D)
        answers = None
        if answering and answer is not None:
            target = action.targets[0] if action.targets else None
            answers = note_answer(self, p, answer, target).source
        if self._pay_play_cost(action, inst, others, virtual):  # 3.1: lost at once, the card is not played
            return
        if self.phase == "vigil" and not answering:
            self.gold_allowed = False
        if cost_unverified:
            self._unverify(action.line, inst.label(), *cost_unverified)
        for gid in action.pay:  # 10.16 / 8.1 C: «Cuando este Oro sea utilizado para pagar …»
            self._emit("paid_with", inst, p, came_from=origin, to=gid)
        self._emit("played", inst, p, came_from=inst.zone)  # 8.1 C: the card counts as played
        mark = len(self.events)
        self._land_played_card(inst, p, bearer, from_elsewhere, permission)
        note_play(self, inst, origin, bool(action.pay) or virtual > 0)  # «si pagaste su coste»
        held = tuple(self.events[mark:])  # entering play waits for step E
        del self.events[mark:]
        enter_window(self, Window(inst.id, p, "card", deferred=held, answers=answers,
                                  targets=tuple(action.targets),
                                  free=bool(inst.card.cost) and not action.pay, from_zone=origin))
        if effect is not None:
            self.resolutions[inst.id] = Resolution(inst.id, effect[0], p, tuple(action.targets),
                                                   True, "card")
        if action.mode is not None:
            self.modes.add(inst.id)
        if self.phase == "war" and not answering:
            self.priority = self.opponent(p)
            self.passes = 0

    def _check_playable_type(self, inst: Inst) -> None:
        """2.5: Oros are put in the Reserva, not played; 2.1–2.4: the types the engine plays."""
        card = inst.card
        if card.type == GOLD:
            raise IllegalAction("2.5", f"{inst.label()} es un Oro: los Oros no se juegan, se ponen "
                                       "en la Reserva con «gold».")
        if card.type not in (ALLY, TOTEM, WEAPON, TALISMAN):
            raise IllegalAction("8.1", f"{inst.label()}: el motor no sabe jugar cartas de tipo "
                                       f"{card.type}.")

    def _check_play_timing(self, inst: Inst, p: str, permission: Ability | None,
                           answer: str | None, effect: tuple[int, Ability] | None) -> bool:
        """The moment (9 B, 9 C2, 9 C3; 8.1 D for answers); True when the card answers an open
        chain window."""
        card = inst.card
        allowed = play_permissions(card)
        own_vigil = self.phase == "vigil" and p == self.active
        in_block = self.phase == "block" and (
            BLOCK in allowed or (OWN_BLOCK in allowed and p != self.active))
        in_war = self.phase == "war" and (card.type == TALISMAN or WAR in allowed)
        answering = answer is not None and bool(self.windows)
        if permission is not None:
            self._check_permission_moment(inst, p, permission, own_vigil, in_war)
        if answer is not None and not self.windows and effect is not None \
                and any(f.zone == "being_played" for f in effect[1].targets):
            raise IllegalAction("8.1", f"{inst.label()} se juega en respuesta a una carta que se "
                                       "está jugando (o una habilidad que se está usando), y "
                                       "ahora no hay ninguna (8.1 D).")
        if not answering:
            if in_war and self.priority != p:
                raise IllegalAction("9 C3", f"{self.players[p].name} no tiene la prioridad en la "
                                            "Guerra de Talismanes.")
            if not (own_vigil or in_block or in_war):
                if card.type == TALISMAN:
                    raise IllegalAction("9 B", f"{inst.label()}: los Talismanes se juegan en tu "
                                               "Fase de Vigilia o en la Guerra de Talismanes.")
                raise IllegalAction("9 B", f"{inst.label()}: {card.type} sólo se juega en tu "
                                           f"Fase de Vigilia (ahora es {PHASE_NAMES[self.phase]}"
                                           f"{'' if p == self.active else ' del turno rival'}).")
        return answering

    def _check_permission_moment(self, inst: Inst, p: str, permission: Ability, own_vigil: bool,
                                 in_war: bool) -> None:
        """8.1: a card played from another zone by its text, in the phases and under the
        condition that text names."""
        if permission.phases and not (
                ("vigil" in permission.phases and own_vigil)
                or ("war" in permission.phases and in_war)
                or ("block" in permission.phases and self.phase == "block")):
            raise IllegalAction("8.1", f"{inst.label()}: su texto permite jugarla desde "
                                       f"{ZONE_NAMES[inst.zone]} sólo en "
                                       f"{' o '.join(PHASE_NAMES.get(x, x) for x in permission.phases)}.")
        if not holds(self, permission.condition, inst, p):
            raise IllegalAction("8.1", f"{inst.label()}: no se cumple la condición para "
                                       f"jugarla desde {ZONE_NAMES[inst.zone]} "
                                       f"({permission.condition.describe() if permission.condition else ''}).")

    def _check_not_forbidden(self, inst: Inst, p: str, origin: str) -> None:
        """Its own restrictions (4.2, 8.1) and prohibitions in play (6.4)."""
        restricted = restriction_refused(self, inst, p, origin)
        if restricted:
            raise IllegalAction(*restricted)
        forbidding = prohibited_by(self, inst, p)
        if forbidding is not None:
            how = "la habilidad continua" if forbidding.zone in IN_PLAY else "el efecto, este turno,"
            raise IllegalAction("6.4", f"{inst.label()} no se puede jugar: lo prohíbe {how} de "
                                       f"{forbidding.label()}.")

    def _weapon_bearer(self, action: Action, inst: Inst) -> Inst | None:
        """2.2: an Arma names an Aliado in play that may carry it (and one more Arma); any
        other card names no bearer."""
        if inst.card.type != WEAPON:
            if action.bearer is not None:
                raise IllegalAction("2.2", f"{inst.label()} no es un Arma: no lleva portador.")
            return None
        if action.bearer is None:
            raise IllegalAction("2.2", f"{inst.label()} necesita un Aliado portador («bearer»).")
        bearer = self.cards[action.bearer]
        if bearer.zone not in ("defense", "attack") or bearer.card.type != ALLY:
            raise IllegalAction("2.2", f"{bearer.label()} no es un Aliado en juego: no puede "
                                       f"portar {inst.label()}.")
        capacity = weapon_capacity(bearer.card)
        if capacity == 0:
            raise IllegalAction("2.2", f"{bearer.label()} no puede portar Armas.")
        refused = bearer_refused(self, inst, bearer, action.p)
        if refused:
            raise IllegalAction("2.2", refused + ".")
        if len(bearer.weapons) >= capacity:
            carried = ", ".join(self.cards[w].label() for w in bearer.weapons)
            raise IllegalAction("2.2", f"{bearer.label()} ya porta {carried}.")
        return bearer

    def _check_play_targets(self, action: Action, inst: Inst,
                            effect: tuple[int, Ability] | None) -> None:
        """8.2 Objetivos: the card's effect has valid targets and the line names them; a card
        without a targeting effect names none (a Talismán may name distinct cards)."""
        if effect is not None:
            if not action.targets and not valid_targets_exist(self, inst, effect[1], action.p):
                raise IllegalAction("8.2", f"{inst.label()} necesita "
                                           f"{' y '.join(f.describe() for f in effect[1].targets)}"
                                           " y no hay ninguno válido: no se puede jugar.")
            check_targets(self, inst, effect[1], action.targets, action.p)
        elif action.targets:
            if len(set(action.targets)) != len(action.targets):
                raise IllegalAction("8.2", "Los objetivos de una carta deben ser cartas distintas.")
            if inst.card.type != TALISMAN:
                raise IllegalAction("8.2", f"{inst.label()}: sólo los Talismanes llevan «targets» "
                                           "en este registro.")

    def _check_wanderer(self, inst: Inst, p: str) -> None:
        """10.22 Errante: not while its player controls another Errante card of the same name."""
        card = inst.card
        if WANDERER not in inst.kw or card.type == TALISMAN:
            return
        for other in self.cards.values():
            if (other.zone in IN_PLAY and other.controller == p
                    and other.card.name == card.name and WANDERER in other.kw):
                raise IllegalAction("10.22", f"{inst.label()} es Errante y ya controlas "
                                             f"{other.label()}.")

    def _check_play_cost(self, action: Action, inst: Inst) -> tuple[Any, tuple[str, str] | None, int]:
        """8.1, 10.16: the Oros paid are distinct, in the Reserva and as many as the cost with
        its changes; the other costs (alternativo / adicional) are checked. Returns those
        other costs, why the payment stays unverified (None when it is verified) and how many
        Oros virtuales pay (§2.5, ``kinds/gold_kinds``)."""
        p = action.p
        cost = inst.card.cost or 0
        pay = action.pay
        if len(set(pay)) != len(pay):
            raise IllegalAction("8.1", "Un mismo Oro aparece dos veces en el pago.")
        reserve = self.zone_of(p, "reserve")
        for gid in pay:
            if gid not in reserve:
                g = self.cards[gid]
                raise IllegalAction("8.1", f"{g.label()} no está en tu Reserva de Oro: no sirve "
                                           f"para pagar (está en {ZONE_NAMES.get(g.zone, g.zone)}).")
        others = self._other_costs(action, inst)
        alternative = others is not None and any(
            a.kind == "alternative_cost" for a in (inst.abilities.abilities if inst.abilities
                                                   else ()))
        # «Baraja una carta de tu mano»: where it goes in the Mazo Castillo is not known
        cost_unverified: tuple[str, str] | None = None
        if any(piece.kind == "shuffle_own" for piece, _ in others or ()):
            cost_unverified = ("10.16", "el coste Baraja una carta en el Mazo Castillo: el "
                                       "registro no dice dónde queda")
        if cost_effects(self):  # 4.1: a cost change reads the position as it is now
            recompute(self)
        due = changed_cost(self, inst, p)  # 10.16, §1: its cost changes applied (None: unknown)
        want = cost if due is None else due
        virtual = cover(self, inst, p, want)  # §2.5: Oros virtuales pay first
        want -= virtual.fresh
        if virtual.stale and want - virtual.stale <= len(pay) <= want:
            cost_unverified = stale_note(virtual.stale)
        elif len(pay) != want and not (alternative and not pay):
            if due is not None or not cost_may_change(self, inst):
                if virtual.fresh:
                    raise IllegalAction("2.5", virtual_refusal(inst, want, virtual.fresh, len(pay)))
                changed = f" (impreso {cost}, con sus cambios de coste)" if want != cost else ""
                raise IllegalAction("8.1", f"{inst.label()} cuesta {want} Oro{'s' if want != 1 else ''}"
                                           f"{changed} y se pagaron {len(pay)}.")
            # 10.16: a cost change «hasta la Fase Final» the engine cannot know
            cost_unverified = ("10.16", f"{inst.label()} cuesta {cost} y se pagaron {len(pay)}: "
                                        "un cambio de coste hasta la Fase Final puede explicarlo "
                                        "y el motor no lo sigue")
        spent = virtual.fresh + max(0, want - len(pay)) if (pay or not alternative) else 0
        return others, cost_unverified, spent

    def _pay_play_cost(self, action: Action, inst: Inst, others: Any, virtual: int) -> bool:
        """8.1 C: the Oros go to the paid zone (its ``virtual`` Oros virtuales are used) and the
        other costs are paid; True when paying lost a player the game (3.1)."""
        for gid in action.pay:
            self._put(self.cards[gid], "paid", action.p)
        spend(self, inst, action.p, virtual)
        for piece, ids in others or ():
            self._pay_cost(piece, ids, inst, action.p)
        return bool(others) and self._check_castles()

    def _land_played_card(self, inst: Inst, p: str, bearer: Inst | None, from_elsewhere: bool,
                          permission: Ability | None) -> None:
        """8.1 E: a Talismán goes to the Cementerio (or is desterrado, 10.25), an Aliado to the
        Línea de Defensa, a Tótem to the Línea de Apoyo, an Arma onto its bearer."""
        card = inst.card
        if card.type == TALISMAN:
            banish_after = from_elsewhere and (permission is None or any(
                e.kind == "banish" and e.subject == "self" for e in permission.effects))
            banished = banish_after or banished_when_played(card)  # 10.25
            self._put(inst, "exile" if banished else "graveyard")
        elif card.type == ALLY:
            self._put(inst, "defense", p)
        elif card.type == TOTEM:
            self._put(inst, "support", p)
        else:
            assert bearer is not None
            self._put(inst, "weapon", bearer.controller)
            self._attach(inst, bearer)
