"""Continuous abilities that act on other cards' moves and damage: which cards they cover.

* Protections («los demás Aliados de Raza Samurái que controles no pueden ser Desterrados por
  Talismanes», «este Aliado no puede ser Destruido por Talismanes»): a line that moves a
  covered card is illegal (6.4, ``kinds/move_kinds``); the effect resolves without moving it.
* «El daño hecho por este Aliado es enviado al Destierro» (9 C4 d): the Asignación de Daño
  banishes that attacker's damage (``combat``); a line of direct damage (Botar) from such a
  card stays unverified (the record writes Botar as going to the Cementerio).
* Who may bear an Arma by its own text (2.2): checked when it is played (``play``)."""
from __future__ import annotations

from collections.abc import Iterator

from dataclasses import replace
from typing import cast, Any, TYPE_CHECKING

from .continuous import parts_of
from .card_reads import IN_PLAY
from .evaluate import matches
from .condition_check import holds

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State

# the move an effect makes -> the protection keyword against it
GUARDS = dict(destroy="destroyed", banish="banished")


def _covered(game: State, effect: Any, holder: Inst, inst: Inst) -> bool:
    """Whether the protection ``effect`` of ``holder``'s continuous ability covers ``inst``."""
    if effect.subject == "self":
        return inst is holder
    if effect.subject == "bearer":
        return holder.bearer == inst.id
    if effect.subject == "each" and effect.filter is not None:
        return matches(game, effect.filter, inst, holder.controller, holder)
    return bool(effect.subject == "each")  # «el daño directo aumenta en 1»: anyone's


def statics_covering(game: State, inst: Inst, kind: str) -> Iterator[tuple[Any, Any, Any]]:
    """(holder, ability, effect) for every continuous ability of a card (in its zone, with its
    condition holding) whose ``kind`` effect covers ``inst`` (itself, its bearer, or each card
    of its filter)."""
    for holder, ability, effect in _continuous_effects(game).get(kind, ()):
        if holder.lost:
            continue
        if ability.zone == "in_play" and holder.zone not in IN_PLAY:
            continue
        if ability.zone not in ("in_play", holder.zone):
            continue
        if _covered(game, effect, holder, inst) and holds(
                game, ability.condition, holder, holder.controller):
            yield holder, ability, effect


def _continuous_effects(game: State) -> dict[str, list[Any]]:
    """effect kind -> (holder, ability, effect) of every continuous ability of the game's
    cards, in the order of the cards (computed once per game: abilities never change)."""
    found = game.memo.continuous_effects
    if found is None:
        found = {}
        for holder in game.cards.values():
            known = holder.abilities
            if known is None:
                continue
            for ability in known.abilities:
                if ability.kind == "continuous":
                    for effect in ability.effects:
                        found.setdefault(effect.kind, []).append((holder, ability, effect))
        game.memo.continuous_effects = found
    return found


def damage_exiled(game: State, inst: Inst) -> bool:
    """«El daño hecho por este Aliado / el Aliado portador es enviado al Destierro» (9 C4 d)."""
    return any(True for _ in statics_covering(game, inst, "damage_to_exile"))


def damage_increased(game: State, source: Inst) -> bool:
    """«El daño directo (hecho por el Aliado portador) aumenta en N»: ``source``'s Botar."""
    return any(True for _ in statics_covering(game, source, "direct_damage_increase"))


def block_refused(game: State, blocker: Inst, attacker: Inst) -> bool:
    """«Este Aliado / el Aliado portador no puede ser bloqueado por Aliados Luz»: a continuous
    ability of a card in play keeps ``blocker`` from blocking ``attacker``."""
    if "unblockable_by" not in _continuous_effects(game):
        return False  # no card of this game has one
    for pid in game.order:
        for holder in game.in_play_list(pid):
            if holder.lost:
                continue
            for ability in (holder.parts or parts_of(holder))[2]:  # its continuous abilities
                for effect in ability.effects:
                    if effect.kind == "unblockable_by" and effect.by is not None and \
                            _covered(game, effect, holder, attacker) and \
                            matches(game, effect.by, blocker, holder.controller, holder) and \
                            holds(game, ability.condition, holder, holder.controller):
                        return True
    return False


def _in_play_effects(game: State, kind: str) -> Iterator[tuple[Inst, Any, Any]]:
    """(holder, ability, effect) of every ``kind`` effect of the continuous abilities of the
    cards in play that have not lost them, whose condition holds now."""
    for pid in game.order:
        for holder in game.in_play_list(pid):
            if holder.lost:
                continue
            for ability in (holder.parts or parts_of(holder))[2]:
                for effect in ability.effects:
                    if effect.kind == kind and holds(game, ability.condition, holder,
                                                     holder.controller):
                        yield holder, ability, effect


def attack_forbidden(game: State, player: str) -> Inst | None:
    """«Tu oponente no puede Declarar Ataque»: the card in play whose continuous ability keeps
    ``player`` from declaring an attack now, or None."""
    for holder, _, effect in _in_play_effects(game, "cannot_declare_attack"):
        who = {"opponent": game.opponent(holder.controller), "you": holder.controller}.get(
            effect.player, player)  # each / any: every player
        if who == player:
            return holder
    return None


def attackers_limit(game: State) -> tuple[Inst, int] | None:
    """«sólo se puede declarar un Aliado atacante cada turno»: the card in play whose continuous
    ability allows the fewest attackers now, and that number; None without such a limit."""
    found: tuple[Inst, int] | None = None
    for holder, _, effect in _in_play_effects(game, "max_attackers"):
        if effect.amount is not None and (found is None or effect.amount < found[1]):
            found = (holder, effect.amount)
    return found


def shielded(game: State, inst: Inst, kind: str, source: Inst) -> bool:
    """Some continuous protection may cover ``inst`` against ``kind`` (destroy, banish) done by
    ``source``'s effect."""
    guard = GUARDS.get(kind)
    if guard is None or inst.zone not in IN_PLAY:
        return False
    for holder, _, effect in statics_covering(game, inst, "protection"):
        if effect.keyword != guard:
            continue
        sources = effect.by if effect.subject == "each" else effect.filter
        # the source is wherever it is now (a Talismán resolving is in the Cementerio)
        if sources is None or matches(game, replace(sources, zone="being_played"), source,
                                      holder.controller, holder):
            return True
    return False


def target_shield(game: State, target: Inst, source: Inst) -> Inst | None:
    """The card whose continuous «no puede ser objetivo de …» keeps ``target`` from being
    chosen as a target by ``source`` (a card being played, or the card whose ability it is:
    «habilidades de Aliados» — 8.2), or None."""
    for holder, _, effect in statics_covering(game, target, "protection"):
        if effect.keyword != "targeted":
            continue
        sources = effect.by if effect.subject == "each" else effect.filter
        if sources is None or matches(game, replace(sources, zone="being_played"), source,
                                      holder.controller, holder):
            return cast("Inst", holder)
    return None


def bearer_refused(game: State, weapon: Inst, bearer: Inst, player: str) -> str | None:
    """Why ``bearer`` may not bear ``weapon`` played by ``player`` by the Arma's own text
    («sólo puede ser portada por un Aliado de coste 3 o más», «no puede ser portada por Aliados
    Luz»), in Spanish; None when it may."""
    known = weapon.abilities
    if known is None:
        return None
    for ability in known.abilities:
        if ability.kind != "continuous" or not holds(game, ability.condition, weapon, player):
            continue
        for effect in ability.effects:
            if effect.kind not in ("bearer_only", "bearer_not") or effect.filter is None:
                continue
            fits = matches(game, effect.filter, bearer, player, weapon)
            if fits != (effect.kind == "bearer_only"):
                return f"{bearer.label()} no puede portar {weapon.label()} ({effect.describe()})"
    return None
