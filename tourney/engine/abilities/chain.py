"""Playing a card or using an ability as a chain (seed 000, 8.1 Jugar una carta, steps A–E;
6.5 Pasos para utilizar una habilidad).

A ``play`` (or a v2 ``activate``) does steps A–C at once: announce and choose targets (8.2),
pay the costs (10.16), the card counts as played and the abilities that trigger on it fire
(C). Then a **window** opens (D): starting with the opponent, each player may answer with one
card or ability «en respuesta» and after that each may use one Anulación (of a card) or one
Cancelación (of an ability). The next record line that is not such an answer closes the
window and the card resolves (E) — unless it was annulled; an annulled Aliado, Arma or Tótem
never entered play and goes to its owner's Cementerio, an annulled Talismán has no effect.

The engine shows the card where it will land as soon as it is played (so a record reads the
same as before this module existed); the events of its entering play are held back until
its window closes, so nothing triggers on a card that is then annulled.
"""
from __future__ import annotations

from collections.abc import Callable

from dataclasses import dataclass, field, replace
from typing import cast, TYPE_CHECKING, Any

from ..errors import IllegalAction
from .card_reads import IN_PLAY
from .evaluate import mismatch
from .model import Ability
from .protections import statics_covering, target_shield
from .target_filter import TargetFilter

if TYPE_CHECKING:  # pragma: no cover
    from ...catalog.model import Card
    from ..zones import Inst
    from ..state import State


@dataclass(frozen=True, slots=True)
class Resolution:
    """What an ``effect`` line of ``source`` is expected to resolve: the card's own effect
    (a Talismán) or an ability announced with ``activate`` (costs already paid)."""

    source: str
    index: int  # into the card's abilities
    controller: str
    targets: tuple[str, ...] = ()
    costs_paid: bool = False
    kind: str = "card"  # "card" | "ability" | "trigger"
    paid_with: tuple[str, ...] = ()  # the cards «costs» named when it was announced (v2)


@dataclass(frozen=True, slots=True)
class Window:
    """The open step D of a card being played (``kind`` "card") or an ability being used
    (``kind`` "ability"), and who has used their one answer of each kind in it."""

    source: str  # the card played, or the source of the ability
    player: str  # who played it / used it
    kind: str = "card"
    responses: tuple[str, ...] = ()  # players who answered «en respuesta»
    annuls: tuple[str, ...] = ()  # players who tried an Anulación / Cancelación
    annulled: bool = False
    deferred: tuple[Any, ...] = ()  # the enters-play events held back until E
    answers: str | None = None  # the window this card answers (a response or Anulación)
    targets: tuple[str, ...] = ()  # the targets the record names for the card played
    free: bool = False  # played paying none of its Oros (its cost > 0): an alternative cost
    from_zone: str = "hand"  # where the card was played from


def ability_of(inst: Inst, index: int) -> Ability:
    known = inst.abilities
    assert known is not None
    return known.abilities[index]


def own_effect(inst: Inst) -> tuple[int, Ability] | None:
    """The ability a card resolves by being played: a Talismán's effect (2.3)."""
    known = inst.abilities
    if known is None:
        return None
    for index, ability in enumerate(known.abilities):
        if ability.kind == "effect":
            return index, ability
    return None


def answer_kind(ability: Ability) -> str | None:
    """"annul" (Anulación: targets a card being played), "cancel" (targets an ability being
    used) or "response" («en respuesta»); None for an ordinary effect."""
    kinds = {e.kind for e in ability.effects}
    if "annul" in kinds:
        return "annul"
    if "cancel" in kinds:
        return "cancel"
    if ability.response:
        return "response"
    return None


def cannot_be_annulled(game: State, inst: Inst) -> bool:
    known = inst.abilities
    if known is None or inst.lost:
        text = (inst.card.text or "").casefold()
        return ("no puede ser anulad" in text and "este" in text) or \
            others_keep_from_annulment(game, inst)
    if any(e.kind == "cannot_be_annulled" and e.subject == "self"
           for a in known.abilities if a.kind == "continuous" for e in a.effects):
        return True
    return others_keep_from_annulment(game, inst)


def others_keep_from_annulment(game: State, inst: Inst) -> bool:
    """«Mientras este Aliado esté en juego, los Aliados de Raza Bárbaro no pueden ser
    Anulados» (Ambiorix, Archa): a continuous ability of another card in play covers ``inst``."""
    return any(holder is not inst and holder.zone in IN_PLAY
               for holder, _, effect in statics_covering(game, inst, "cannot_be_annulled")
               if effect.subject == "each")


def check_targets(game: State, source: Inst, ability: Ability, targets: tuple[str, ...],
                  controller: str, rule: str = "8.2") -> None:
    """8.2 Objetivos: as many as the ability asks (fewer only with «hasta»), distinct, each
    valid for its filter; Inmunidad to the source's type protects."""
    from .evaluate import target_count
    wanted: list[TargetFilter] = [f for f in ability.targets if f.targets]
    first = first_part(ability)
    if first < len(ability.targets):  # «Luego, …»: chosen when the first part has resolved
        head = [f for f in ability.targets[:first] if f.targets]
        if len(targets) <= sum(target_count(game, f, controller, source, len(targets))
                               for f in head):
            wanted = head
    if not wanted:
        if targets:
            raise IllegalAction(rule, f"{source.label()} no hace objetivo: el registro nombra "
                                      f"objetivos ({', '.join(targets)}).")
        return
    if len(set(targets)) != len(targets):
        raise IllegalAction(rule, "Los objetivos de una carta o habilidad deben ser distintos.")
    counts = [target_count(game, f, controller, source, len(targets)) for f in wanted]
    need = sum(counts)
    least = sum(0 if f.up_to else n for f, n in zip(wanted, counts))
    if not least <= len(targets) <= need:
        if not targets:
            raise IllegalAction(rule, f"{source.label()} necesita "
                                      f"{' y '.join(f.describe() for f in wanted)}: el registro "
                                      "no nombra ninguno («targets»).")
        raise IllegalAction(rule, f"{source.label()} necesita {need} objetivo"
                                  f"{'s' if need != 1 else ''} y se nombraron {len(targets)}.")
    pos = 0
    for f, count in zip(wanted, counts):
        chunk = targets[pos:pos + count]
        if f.same_zone and len({(game.cards[t].zone, game.cards[t].owner) for t in chunk}) > 1:
            raise IllegalAction(rule, f"Los objetivos de {source.label()} deben estar en la misma "
                                      "zona de un mismo jugador.")
        for _ in range(count):
            if pos >= len(targets):
                break
            target = game.cards[targets[pos]]
            pos += 1
            if f.zone == "being_played":
                open_ids = [w.source for w in game.windows]
                if target.id not in open_ids:
                    raise IllegalAction(rule, f"{target.label()} no se está jugando ni "
                                              "utilizando ahora: no es un objetivo válido.")
                why = mismatch(game, replace(f, controller="any"), target, controller, source)
            else:
                why = mismatch(game, f, target, controller, source)
            if why:
                raise IllegalAction(rule, f"{target.label()} no es un objetivo válido de "
                                          f"{source.label()} ({f.describe()}): {why}.")
            immune = immunity(target)
            if immune and target.zone in IN_PLAY and immune_to(game, immune, source):
                raise IllegalAction("10.32", f"{target.label()} tiene Inmunidad a {immune}: no "
                                             f"puede ser objetivo de {source.label()}.")
            shield = target_shield(game, target, source)
            if shield is not None:
                raise IllegalAction(rule, f"{target.label()} no puede ser objetivo de "
                                          f"{source.label()} (habilidad continua de "
                                          f"{shield.label()}).")


def immunity(inst: Inst) -> str:
    """What an «Inmunidad - X» keyword of the card protects from, in the rules' words
    («Talismanes», «cartas Luz»; '' if none). The compiler writes the words in lower case."""
    known = inst.abilities
    if known is None or inst.lost:
        return ""
    for a in known.abilities:
        if a.kind == "keyword" and a.keyword == "Inmunidad" and a.param:
            return _IMMUNE_FROM.get(a.param.casefold(), (a.param, None))[0]
    return ""


def immune_to(game: State, immune: str, source: Inst) -> bool:
    """10.32: whether ``source`` (a card, or the card whose ability acts) is of the kind an
    Inmunidad protects from."""
    kind = _IMMUNE_FROM.get(immune.casefold())
    return kind is not None and bool(kind[1](source.card))


# «Inmunidad - X»: X (case-folded) -> (its Spanish words, which cards it protects from)
_IMMUNE_FROM: dict[str, tuple[str, Callable[[Card], bool]]] = {
    "talismanes": ("Talismanes", lambda c: c.type == "Talismán"),
    "tótems": ("Tótems", lambda c: c.type == "Tótem"),
    "armas": ("Armas", lambda c: c.type == "Arma"),
    "aliados": ("Aliados", lambda c: c.type == "Aliado"),
    "oros": ("Oros", lambda c: c.type == "Oro"),
    "cartas luz": ("cartas Luz", lambda c: c.attribute == "Luz"),
    "cartas oscuridad": ("cartas Oscuridad",
                         lambda c: c.attribute == "Oscuridad"),
}
IMMUNITY_WORDS = frozenset(_IMMUNE_FROM)


def first_part(ability: Ability) -> int:
    """How many of the ability's targets (from the first) its part before «Luego» uses: the
    targets only the «Luego, …» part uses are chosen once the first part has resolved (6.5,
    8.2), not when the card is played."""
    effects = ability.effects
    cut = next((i for i, e in enumerate(effects) if e.then), len(effects))
    earlier = {e.target for e in effects[:cut] if e.subject == "target"}
    later = {e.target for e in effects[cut:] if e.subject == "target"}
    n = len(ability.targets)
    while n > 0 and (n - 1) in later and (n - 1) not in earlier:
        n -= 1
    return n


def valid_targets_exist(game: State, source: Inst, ability: Ability, controller: str) -> bool:
    for f in ability.targets[:first_part(ability)]:
        if not f.targets or f.up_to:
            continue
        pool = [w.source for w in game.windows] if f.zone == "being_played" else game.cards
        n = 0
        for iid in pool:
            inst = game.cards[iid]
            g = replace(f, controller="any") if f.zone == "being_played" else f
            if mismatch(game, g, inst, controller, source) is None:
                n += 1
        if n < f.count:
            return False
    return True


def enter_window(game: State, window: Window) -> None:
    game.windows.append(window)


def top(game: State) -> Window | None:
    return game.windows[-1] if game.windows else None


def note_answer(game: State, player: str, kind: str, target: str | None = None) -> Window:
    """Record a player's answer in the window it answers (8.1 D / 6.5 D): one «en respuesta»
    each, then one Anulación (Cancelación) each; no «en respuesta» after an Anulación. An
    Anulación / Cancelación answers the window of the card it targets; a response, the top
    one."""
    at = len(game.windows) - 1
    if kind != "response" and target is not None:
        for i, w in enumerate(game.windows):
            if w.source == target:
                at = i
    window = game.windows[at]
    if kind == "response":
        if player in window.responses:
            raise IllegalAction("8.1", f"{game.players[player].name} ya respondió a "
                                       f"{game.cards[window.source].label()}: sólo una carta o "
                                       "habilidad «en respuesta» por jugador (8.1 D).")
        if window.annuls:
            raise IllegalAction("8.1", "Las respuestas van antes de las Anulaciones: ya se "
                                       f"intentó Anular {game.cards[window.source].label()} (8.1 D).")
        window = replace(window, responses=window.responses + (player,))
    else:
        if player in window.annuls:
            word = "Anulación" if kind == "annul" else "Cancelación"
            raise IllegalAction("8.1" if kind == "annul" else "6.5",
                                f"{game.players[player].name} ya usó una {word} sobre "
                                f"{game.cards[window.source].label()}: una por jugador, y la "
                                "carta sólo se intenta Anular una vez.")
        if kind == "annul" and window.kind != "card":
            raise IllegalAction("10.4", f"Se Anulan cartas que se están jugando; "
                                        f"{game.cards[window.source].label()} está usando una "
                                        "habilidad: eso se Cancela.")
        if kind == "cancel" and window.kind != "ability":
            raise IllegalAction("10.10", f"Se Cancelan habilidades; "
                                         f"{game.cards[window.source].label()} es una carta que "
                                         "se está jugando: eso se Anula.")
        window = replace(window, annuls=window.annuls + (player,))
    game.windows[at] = window
    return cast("Window", window)


@dataclass(slots=True)
class Closed:
    """What closing the windows changed (for the caller to fire held-back events)."""

    events: list[Any] = field(default_factory=list)


def permission_in_response(game: State, inst: Inst, p: str) -> bool:
    """«Puedes jugar este Talismán en respuesta a que tu oponente juegue un Aliado»: a play
    permission with ``response`` whose trigger matches the card being played now."""
    known = inst.abilities
    if known is None or not game.windows:
        return False
    window = game.windows[-1]
    played = game.cards[window.source]
    for a in known.abilities:
        t = a.trigger
        if a.kind != "play_permission" or not a.response or t is None or t.event != "played":
            continue
        if window.kind != "card":
            continue
        if t.player == "opponent" and window.player == p:
            continue
        if t.player == "you" and window.player != p:
            continue
        if t.card is not None and mismatch(game, replace(t.card, zone="being_played"), played,
                                           p, inst, False):
            continue
        return True
    return False
