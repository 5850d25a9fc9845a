"""Static effects about damage and Armas, read as parts of an effect chain:

* «el daño hecho por este Aliado / el Aliado portador / los Aliados de Raza X que controles es
  enviado al Destierro» (9 C4 d);
* «el coste de las Armas se reduce en 1 Oro» (a cost change of the cards being played) and
  «las cartas no pueden reducir su coste»;
* «el daño directo (hecho por el Aliado portador) aumenta en 1»;
* «los Aliados no hacen daño de combate este turno» (prevent_damage until the Fase Final);
* «tu oponente no puede Declarar Ataque»;
* «este Aliado / el Aliado portador no puede ser bloqueado por Aliados Luz»;
* «esta Arma sólo puede ser portada por un Aliado de coste 3 o más / que controles» and
  «esta Arma no puede ser portada por Aliados Luz» (who may bear it, 2.2).

``static_effect(cur, antecedent)`` reads one of them (or None); ``lower_static`` turns it into
the engine's value (only in a continuous ability: they last while the card is in play).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..abilities.trigger_cost_duration import Duration
from ..abilities.effect_value import Effect
from ..abilities.target_filter import TargetFilter
from .card_effects import being_played, object
from .lower_filters import Unsupported, tf_fields, card_filter
from .nouns import bare_phrase, card_phrase, number
from .parsed import Cards
from .parsed import Effect as PEffect
from .text import Cursor

if TYPE_CHECKING:  # pragma: no cover
    from .lower_filters import Scope

KINDS = frozenset({"damage_to_exile", "bearer_only", "bearer_not", "cannot_reduce_cost",
                   "unblockable_by", "direct_damage_increase", "no_combat_damage",
                   "cannot_declare_attack", "max_attackers"})


def player_static(player: str, cur: Cursor) -> tuple[PEffect, Cursor] | None:
    """«tu oponente no puede Declarar Ataque» (``player``: who may not)."""
    if (after := cur.take("no", "puede", "declarar", "ataque")) is not None and player in ("opponent", "each"):
        return PEffect("cannot_declare_attack", player=player), after
    return None


def static_effect(cur: Cursor, antecedent: Cards | None) -> tuple[PEffect, Cursor] | None:
    if (after := cur.take_any("solo se puede declarar 1 aliado atacante cada turno",
                              "solo se puede declarar un aliado atacante cada turno",
                              "solo puede ser declarado atacante 1 aliado por turno",
                              "solo puede ser declarado atacante un aliado por turno")) is not None:
        return PEffect("max_attackers", amount=1), after  # Capilla Sixtina, Rey Escorpión (any player)
    if (after := cur.take("no", "se", "puede", "declarar", "ataque")) is not None:
        return PEffect("cannot_declare_attack", player="each"), after  # «no se puede»: no player can
    if (after := cur.take("el", "dano", "directo")) is not None:  # «(hecho por …) aumenta en N»
        whose = None
        if (by := after.take("hecho", "por")) is not None:
            got = object(by, antecedent)
            if got is None:
                return None
            whose, after = got
        if (more := after.take("aumenta", "en")) is not None and (n := number(more)) is not None:
            return PEffect("direct_damage_increase", cards=whose, amount=n[0]), n[1]
        return None
    if (after := cur.take("el", "dano", "hecho", "por")) is not None:
        got = object(after, antecedent)
        if got is not None and (end := got[1].take_any("es enviado al destierro",
                                                      "son enviados al destierro")) is not None:
            return PEffect("damage_to_exile", cards=got[0]), end
        return None
    if (after := cur.take("el", "coste", "de")) is not None and (phrase := card_phrase(after)) is not None \
            and phrase[0].count is None and (rest := phrase[1].take("se", "reduce", "en")) is not None \
            and (n := number(rest)) is not None and (end := n[1].take_any("oro", "oros")) is not None:
        played = being_played(phrase[0], None)  # «el coste de las Armas»: anyone's
        return (PEffect("cost_change", cards=played, amount=-n[0]), end) if played else None
    if (after := cur.take_any("las cartas no pueden reducir su coste")) is not None:
        return PEffect("cannot_reduce_cost", cards=Cards(count=None, zone="being_played")), after
    if cur.peek() == "SELF":
        rest = cur.skip()
        kind = None
        if (after := rest.take_any("solo puede ser portada por")) is not None:
            kind = "bearer_only"
        elif (after := rest.take_any("no puede ser portada por")) is not None:
            kind = "bearer_not"
        if kind is None or after is None:
            return None
        got = card_phrase(after) or bare_phrase(after)  # «un Aliado de coste 3 o más», «Aliados Luz»
        if got is None or got[0].ref is not None or got[0].zone != "play" or \
                not set(got[0].types) <= {"Aliado"}:
            return None
        return PEffect(kind, cards=Cards(ref="self"), per=got[0]), got[1]
    return None


def lower_static(eff: PEffect, scope: Scope, continuous: bool, common: dict[str, Any]) -> Effect:
    if eff.kind == "no_combat_damage":  # «Los Aliados no hacen daño de combate este turno»
        # the engine prevents it for the cards affected when it resolves (not while in play)
        if continuous or eff.until != "end" or eff.cards is None:
            raise Unsupported("«no hace daño de combate» que no dure hasta la Fase Final")
        fields = scope.subject(eff.cards)
        return Effect("prevent_damage", duration=Duration("end_of_turn"), **fields, **common)
    if not continuous:
        raise Unsupported(f"«{eff.kind}» fuera de una habilidad continua")
    if eff.kind == "direct_damage_increase":  # «el daño directo (hecho por …) aumenta en N»
        if eff.cards is None:  # anyone's
            return Effect("direct_damage_increase", subject="each", amount=eff.amount, **common)
        fields = scope.subject(eff.cards)
        if fields["subject"] not in ("self", "bearer", "each"):
            raise Unsupported("daño directo de un objetivo")
        return Effect("direct_damage_increase", amount=eff.amount, **fields, **common)
    if eff.kind == "cannot_declare_attack":
        return Effect("cannot_declare_attack", subject="player", player=eff.player, **common)
    if eff.kind == "max_attackers":
        return Effect("max_attackers", subject="player", player="each", amount=eff.amount, **common)
    assert eff.cards is not None  # the grammar always names whose damage / which Arma
    if eff.kind == "unblockable_by":  # «no puede ser bloqueado por Aliados Luz»
        assert eff.per is not None  # the grammar always reads by which blockers
        fields = scope.subject(eff.cards)
        if fields["subject"] not in ("self", "bearer", "each"):
            raise Unsupported("«no puede ser bloqueado por» de un objetivo")
        blockers = TargetFilter(**{**tf_fields(card_filter(eff.per)), "types": ("Aliado",),
                                   "count": 1, "up_to": False, "targets": False})
        return Effect("unblockable_by", by=blockers, **fields, **common)
    if eff.kind == "cannot_reduce_cost":  # «las cartas no pueden reducir su coste»
        return Effect("cannot_reduce_cost", subject="each",
                      filter=TargetFilter(zone="being_played", targets=False), **common)
    if eff.kind == "damage_to_exile":
        fields = scope.subject(eff.cards)
        if fields["subject"] not in ("self", "bearer", "each"):
            raise Unsupported("daño al Destierro de un objetivo")
        return Effect("damage_to_exile", **fields, **common)
    assert eff.per is not None  # who may (not) bear it
    who = card_filter(eff.per)
    bearers = TargetFilter(**{**tf_fields(who), "types": ("Aliado",), "count": 1,
                              "up_to": False, "targets": False})
    return Effect(eff.kind, subject="self", filter=bearers, **common)
