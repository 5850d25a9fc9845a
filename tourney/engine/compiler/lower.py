"""Grammar values (``parsed``) -> engine ability values (``tourney.engine.abilities.model``).

Whatever the engine's model cannot say exactly raises ``Unsupported``: the sentence then
stays not understood (a wrong ability is worse than none).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.model import Ability
from ..abilities.effect_value import Effect
from ..abilities.target_filter import TargetFilter
from ..abilities.trigger_cost_duration import Trigger
from .lower_effect import Both, lower_step
from .lower_filters import EARLIER, NAME, PAID, ZONES, Unsupported, Scope, tf_fields, card_filter
from .lower_frames import PHASES, conditions, lower_cost, trigger
from .parsed import Cost as PCost
from .parsed import Parsed

__all__ = ["lower"]


def _effects(p: Parsed, scope: Scope, continuous: bool) -> tuple[Effect, ...]:
    out = []
    for i, eff in enumerate(p.effects):
        scope.after_then = scope.after_then or eff.then
        if eff.kind == "choose":  # «Elige un Aliado. Ese Aliado …»: only names the target
            assert eff.cards is not None  # the grammar always names what is chosen
            if eff.cards.count is None or eff.cards.ref is not None or i + 1 == len(p.effects):
                raise Unsupported("«elige» sin efecto sobre lo elegido")
            if eff.cards.zone == "hand":  # from the hand just looked at: chosen on resolution
                flt = card_filter(eff.cards, owner_player=eff.cards.zone_owner)
                scope.chosen = TargetFilter(**{**tf_fields(flt), "targets": False})
                continue
            scope.subject(eff.cards)
            continue
        if eff.cond is not None:  # «Luego, si …»: the step happens only if the condition holds
            if continuous:
                raise Unsupported("paso condicional en una habilidad continua")
            out.append(replace(lower_step(replace(eff, cond=None), scope, continuous),
                               condition=conditions((eff.cond,))))
            continue
        try:
            out.append(lower_step(eff, scope, continuous))
            step = out[-1]
            # the one target a first step acts on («Destruye un Aliado oponente. Luego, … al del
            # Aliado Destruido»); a second target makes «el Aliado Destruido» ambiguous
            if step.subject == "target" and step.target == 0 and len(scope.targets) == 1 and \
                    EARLIER["target"] is None and i == 0:
                EARLIER["target"] = (step.kind, scope.targets[0])
        except Both as both:
            if both.eff.kind == "search":
                assert both.eff.cards is not None
                for part in (replace(both.eff.cards, plus=()),) + both.eff.cards.plus:
                    out.append(lower_step(replace(both.eff, cards=part), scope, continuous))
                continue
            for race in (both.eff.keyword or "").split("+"):
                out.append(lower_step(replace(both.eff, keyword=race), scope, continuous))
    return tuple(out)


_CAPACITY = {"no puede portar Armas": 0, "puede portar un Arma adicional": 2,
             "puede portar cualquier cantidad de Armas": None}
_PERMISSION_ZONES = {"bajo esta carta": ("under", ()),  # 10.19: the cards Desterradas bajo it
                     "desde tu Cementerio": ("graveyard", ()),
                     "desde tu Cementerio en tu Fase de Vigilia": ("graveyard", ("vigil",))}


def lower(p: Parsed, text: str, card_type: str, name: str = "",
          additional: tuple[PCost, ...] = ()) -> Ability:
    """``additional``: the card's additional costs read so far («Para jugar este Talismán, …»),
    what a Talismán's «la carta Desterrada» points back to."""
    NAME["card"], NAME["text"] = name, text
    PAID["costs"] = p.costs or (additional if p.kind == "spell" else ())
    EARLIER["target"] = None
    try:
        return _lower(p, text, card_type)
    finally:
        NAME["card"] = NAME["text"] = ""
        PAID["costs"] = ()
        EARLIER["target"] = None


def _lower(p: Parsed, text: str, card_type: str) -> Ability:
    if p.kind == "keyword":
        return Ability("keyword", keyword=p.keyword, param=p.param, text=text)
    if p.kind == "property":
        return _property(p, text)
    if p.kind == "permission":
        return _permission(p, text, card_type)
    if p.kind == "restriction":
        return _restriction(p, text)
    if p.kind == "add_cost":  # «Para jugar este Talismán, debes …»
        return Ability("additional_cost", costs=tuple(lower_cost(c) for c in p.costs), text=text)
    if p.kind == "alt_cost":
        return Ability("alternative_cost", costs=tuple(lower_cost(c) for c in p.costs), text=text)
    return _ability(p, text, card_type)


def _property(p: Parsed, text: str) -> Ability:
    """What a card says about itself, read whole (``sentence._WHOLE``)."""
    if p.param == "no puede ser Anulado":
        return Ability("continuous", effects=(Effect("cannot_be_annulled", subject="self"),),
                       text=text)
    if p.param == "se destierra al resolverse":
        return Ability("triggered", trigger=Trigger("played", self_only=True, player="you"),
                       effects=(Effect("banish", subject="self"),), text=text)
    if p.param == "counters":
        counter, n = p.extra
        return Ability("continuous", effects=(Effect("enters_with_counters", subject="self",
                                                     amount=int(n), counter=counter),), text=text)
    if p.param in _CAPACITY:
        return Ability("continuous", effects=(Effect("weapon_capacity", subject="self",
                                                     amount=_CAPACITY[p.param]),), text=text)
    if p.param == "no puede bloquear":
        return Ability("continuous", effects=(Effect("cannot_block", subject="self"),),
                       text=text)
    if p.param == "no puede ser declarado atacante":
        return Ability("continuous", effects=(Effect("cannot_attack", subject="self"),),
                       text=text)
    raise Unsupported(f"propiedad «{p.param}» sin equivalente en el motor")


def _permission(p: Parsed, text: str, card_type: str) -> Ability:
    if p.trigger is not None:  # «… en respuesta a que tu oponente juegue un Aliado»
        if p.conditions:
            raise Unsupported("permiso en respuesta con condición")
        return Ability("play_permission", zone="hand", response=True, trigger=trigger(p.trigger), text=text)
    if p.conditions:
        plain = _lower(Parsed("permission", param=p.param), text, card_type)
        return Ability("play_permission", zone=plain.zone, phases=plain.phases, own_turn=plain.own_turn,
                       effects=plain.effects, condition=conditions(p.conditions), text=text)
    if p.param in _PERMISSION_ZONES:
        zone, phases = _PERMISSION_ZONES[p.param]
        then: tuple[Effect, ...] = ()
        if "destiérralo" in text.casefold() or "destierralo" in text.casefold():
            then = (Effect("banish", subject="self", then=True),)
        return Ability("play_permission", zone=zone, phases=phases,
                       own_turn=True if phases else None, effects=then, text=text)
    if p.param == "en Guerra de Talismanes":
        return Ability("play_permission", zone="hand", phases=("war",), text=text)
    if p.param == "al comienzo de la Fase de Vigilia oponente":
        return Ability("play_permission", zone="hand", phases=("vigil",), own_turn=False, text=text)
    if p.param == "al comienzo de la Declaración de Bloqueo":
        return Ability("play_permission", zone="hand", phases=("block",), text=text)
    if p.param == "al comienzo de tu Declaración de Bloqueo":  # you block: not your turn
        return Ability("play_permission", zone="hand", phases=("block",), own_turn=False,
                       text=text)
    raise Unsupported(f"permiso «{p.param}» sin equivalente en el motor")


def _restriction(p: Parsed, text: str) -> Ability:
    if p.timing == "hand_vigil":
        return Ability("play_restriction", zone="hand", phases=("vigil",), own_turn=True, text=text)
    if p.timing == "hand":
        return Ability("play_restriction", zone="hand", text=text)
    if p.timing == "own_turn":
        return Ability("play_restriction", own_turn=True, text=text)
    if p.timing == "own_war":
        return Ability("play_restriction", phases=("war",), own_turn=True, text=text)
    if p.timing:
        return Ability("play_restriction", phases=(PHASES[p.timing],),
                       own_turn=True if p.timing == "vigil" else None, text=text)
    return Ability("play_restriction", condition=conditions(p.conditions), text=text)


def _zone(p: Parsed, common: dict[str, Any]) -> None:
    """"Si esta carta está en tu Cementerio, puedes …": the ability works from that zone."""
    zones = {c.zone for c in p.conditions if c.kind == "self_zone" and c.zone is not None} | {
        c.cards.zone for c in p.costs if c.cards is not None and c.cards.ref == "self" and c.cards.zone != "play"} | {
        e.cards.zone for e in p.effects if e.kind in ("play_free", "play_paying") and e.cards is not None
        and e.cards.ref == "self" and e.cards.zone != "play"}  # «jugar este Aliado desde tu Cementerio / mano»
    if len(zones) == 1 and zones != {"play"}:
        common["zone"] = ZONES[zones.pop()]
        # the zone says it: the condition «si esta carta está en tu Cementerio» is not repeated
        common["condition"] = conditions(tuple(c for c in p.conditions if c.kind != "self_zone"))
    elif not zones and any(e.kind == "play_free" and e.cards is not None and e.cards.ref == "self"
                           for e in p.effects) and not (p.trigger and p.trigger.cards and
                                                        p.trigger.cards.ref == "self"):
        common["zone"] = "hand"  # «puedes … para jugar este Aliado»: it is played from the hand (8.1)


def _ability(p: Parsed, text: str, card_type: str) -> Ability:
    """A spell, activated, triggered or continuous ability with its costs, targets and effects."""
    scope = Scope(p.trigger)
    continuous = p.kind == "static"
    effects = _effects(p, scope, continuous)
    if any(t.count_from is not None for t in scope.targets[:-1]):
        raise Unsupported("un objetivo de cantidad variable antes de otro")  # the engine splits by count
    if continuous and any(e.filter is not None and e.filter.count_from is not None for e in effects):
        raise Unsupported("cantidad variable de cartas en una habilidad continua")
    costs = tuple(lower_cost(c) for c in p.costs)
    response = any(e.kind in ("annul", "cancel") for e in effects)  # Anulación: «en respuesta»
    common: dict[str, Any] = {"condition": conditions(p.conditions), "costs": costs, "targets": tuple(scope.targets),
              "effects": effects, "optional": p.optional and p.kind != "activated", "per_turn": 1 if p.once_per_turn else None,
              "text": text}
    if response:
        common["response"] = True
    if p.kind == "spell":
        if card_type != "Talismán":
            raise Unsupported("efecto suelto en una carta que no es Talismán")
        return Ability("effect", zone="hand", **common)
    if p.kind in ("activated", "triggered", "static"):
        _zone(p, common)
    if any(c.kind in ("discard_self", "reveal_self") for c in costs) and common.get("zone") != "hand":
        raise Unsupported("Descartar / mostrar esta carta fuera de la mano")
    if p.kind == "triggered":
        return _triggered(p, common, effects)
    if p.kind == "activated":
        phases = (PHASES[p.timing],) if p.timing else ()
        return Ability("activated", phases=phases, own_turn=True if p.timing == "vigil" else None,
                       **common)
    if p.kind == "static" and len(effects) == 1 and effects[0].kind == "gain_keyword" and \
            effects[0].subject == "self":
        # a keyword of the card itself, conditional or not (Iga Kunoichi: Imbloqueable while
        # it bears an Arma) is a keyword ability, the way the engine reads keywords
        return Ability("keyword", keyword=effects[0].keyword, condition=common["condition"], text=text)
    if p.kind == "static":
        if p.optional or costs:
            raise Unsupported("habilidad continua con coste")
        if any(e.kind == "cost_change" and e.subject == "self" for e in effects):
            common["zone"] = "hand"  # "Reduce el coste de este Aliado…": it works while being played
        return Ability("continuous", **common)
    raise Unsupported(f"tipo «{p.kind}»")


def _triggered(p: Parsed, common: dict[str, Any], effects: tuple[Effect, ...]) -> Ability:
    assert p.trigger is not None  # a triggered ability always has its trigger
    if p.trigger.phase == "response":
        common["response"] = True
    if p.trigger.whose == "every":  # «cada vez que»: every time (the engine's convention: 99)
        common["per_turn"] = 99
    trig = trigger(p.trigger)
    if trig.would and any(e.kind == "prevent" for e in effects):
        # «si … fuera a ser Destruido, puedes … para prevenirlo»: instead of it
        return Ability("replacement", trigger=trig, **common)
    if trig.would:  # «En respuesta a que … fuera a ser Destruido, puedes …»: before it, in response
        common["response"] = True
    return Ability("triggered", trigger=trig, **common)
