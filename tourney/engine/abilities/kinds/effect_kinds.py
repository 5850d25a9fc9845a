"""The homes of the effect verbs (``vocabulary.EFFECTS``): for each, what the engine does with
it as a step of an ``effect`` line (``line``), inside a continuous ability (``static``) and as
a step of a play permission (``after_play``). See ``base``.

What the engine verifies in a line is ``verify_steps``; what it applies that the record
cannot show, ``verify_pool.ENGINE_APPLIED`` (applied by ``effects``); what it accepts
unchecked, ``verify_pool.UNCHECKED``; what continuous abilities apply, ``continuous.APPLIED``
(other statics are read where they act: ``protections``, ``cost_rules``, ``chain``, ``play``).
"""
from __future__ import annotations

from ...keywords import enters_with_counters, weapon_capacity
import re

from ..continuous import APPLIED
from ..verify_pool import DEST, ENGINE_APPLIED, UNCHECKED
from ..vocabulary import EFFECTS
from .base import ENFORCED, Status, Use, declare

# the steps ``verify_steps`` accounts for in a line (moves, draws, counters, Fuerza …)
VERIFIED = frozenset(DEST) | frozenset({
    "put_into_play", "gain_control", "move", "draw", "mill", "discard", "search", "strength",
    "counters", "remove_counters", "remove_all_counters", "regroup", "become_ally", "look"})

_NOT_AFTER_PLAY = "el motor no aplica este paso de un permiso de juego"


def label(name: str) -> str:
    """The effect's Spanish, its blanks as «…»: «juega … sin pagar su coste»."""
    text = re.sub(r"\{[a-z_]+\}", "…", EFFECTS[name]).strip()
    return f"«{text[:1].lower() + text[1:]}» ({name})"


def _line(name: str) -> Status:
    if name in UNCHECKED:
        return f"efecto {label(name)}: el motor acepta su línea sin verificarla"
    if name in VERIFIED or name in ENGINE_APPLIED:
        return ENFORCED
    return f"efecto {label(name)}: el motor no lo comprueba en una línea «effect»"


def _not_static(name: str) -> str:
    return f"efecto {label(name)}: el motor no lo aplica en una habilidad continua"


def _look(use: Use) -> str | None:
    e = use.value
    if e.zone == "hand" and e.unless is None and e.condition is None:
        return ENFORCED  # «Mira la mano de tu oponente»: nothing moves
    return "mirar cartas que no son de una mano: la línea queda sin verificar"


def _become_ally(use: Use) -> str | None:
    if use.value.amount_from is not None:
        return "Fuerza «igual a …» de la conversión: aplicada sin verificar"
    return ENFORCED


def _static_applied(use: Use) -> str | None:
    """``continuous.recompute`` applies it to this card, its bearer or each card of a filter."""
    e = use.value
    if e.subject in ("self", "bearer") or (e.subject == "each" and e.filter is not None):
        return ENFORCED
    return f"sujeto «{e.subject}» en una habilidad continua: el motor no lo aplica"


def _cannot_be_annulled(use: Use) -> str | None:
    if use.value.subject == "self" or (use.value.subject == "each" and use.value.filter is not None):
        return ENFORCED  # chain.cannot_be_annulled / others_keep_from_annulment
    return f"«no pueden ser Anulados» sobre «{use.value.subject}»: el motor no lo comprueba aún"


def _protection(use: Use) -> str | None:
    guard = use.value.keyword
    if guard == "targeted":
        return ENFORCED  # chain.check_targets and combat (Retador): protections.target_shield
    if guard in ("destroyed", "banished"):
        return "protección continua: las líneas que mueven una carta protegida quedan sin verificar"
    return f"protección «{guard}»: el motor no la aplica"


def _weapon_capacity(use: Use) -> str | None:
    want = {0: 0, None: 99}.get(use.value.amount, use.value.amount)
    if weapon_capacity(use.card) == want:
        return ENFORCED  # read from the card's text where Armas are borne (keywords)
    return "cuántas Armas porta: el motor no lee esta forma del texto"


def _enters_with_counters(use: Use) -> str | None:
    if enters_with_counters(use.card):
        return ENFORCED  # read from the card's text when it enters play (keywords)
    return "«entra en juego con contadores»: el motor no lee esta forma del texto"


def _after_play(use: Use) -> str | None:
    e = use.value
    return ENFORCED if (e.kind == "banish" and e.subject == "self") else _NOT_AFTER_PLAY


_LINE: dict[str, Status] = {"look": _look, "become_ally": _become_ally}
_STATIC: dict[str, Status] = {
    **{k: _static_applied for k in APPLIED},
    "cannot_be_annulled": _cannot_be_annulled,
    "protection": _protection,
    "weapon_capacity": _weapon_capacity,
    "enters_with_counters": _enters_with_counters,
    "bearer_only": ENFORCED, "bearer_not": ENFORCED,  # play: protections.bearer_refused
    "unblockable_by": ENFORCED,  # combat: protections.block_refused
    "cannot_declare_attack": ENFORCED,  # combat: protections.attack_forbidden
    "cannot_search": ENFORCED,  # verify_steps: a search out of a Mazo Castillo is illegal (4.2)
    "damage_to_exile": ENFORCED,  # combat: the damage goes to the Destierro (9 C4 d)
    "cost_change": "cambio de coste: el motor no calcula aún el coste cambiado (la jugada queda "
                   "sin verificar, cost_rules)",
    "direct_damage_increase": "«el daño directo aumenta»: el motor no lo suma aún",
    "cannot_reduce_cost": "«no pueden reducir su coste»: el motor no lo comprueba",
    "cannot_play": ENFORCED,  # play: play_rules.prohibited_by (6.4)
    "set_strength": "«tiene Fuerza N» continua: el motor no la aplica",
}

EFFECT_WORDS = (
    "destroy", "banish", "return_to_hand", "to_castle_top", "to_castle_bottom", "put_into_play",
    "move", "shuffle_into_castle", "draw", "mill", "discard", "search", "look", "strength",
    "set_strength", "become_ally", "gain_keyword", "lose_keyword", "lose_abilities",
    "cannot_attack", "cannot_block", "cannot_be_blocked", "cannot_declare_attack",
    "unblockable_by", "must_block", "race_becomes", "counters", "remove_counters",
    "remove_all_counters", "annul", "cancel", "cannot_be_annulled", "cancel_attack",
    "end_battle", "redirect", "redirect_damage", "reduce_damage", "prevent_damage", "damage",
    "damage_to_exile", "direct_damage_increase", "virtual_gold", "cost_change",
    "cannot_reduce_cost", "play_free", "play_paying", "regroup", "gain_control", "extra_turn",
    "attach", "protection", "banish_top", "prevent", "cannot_play", "purify", "dig",
    "cannot_search", "reveal_top", "weapon_capacity", "bearer_only", "bearer_not",
    "enters_with_counters", "lose_game",
)

for _word in EFFECT_WORDS:
    declare("effect", _word, line=_LINE.get(_word, _line(_word)),
            static=_STATIC.get(_word, _not_static(_word)), after_play=_after_play)
