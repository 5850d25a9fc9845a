"""The homes of the effect verbs (``vocabulary.EFFECTS``) the engine verifies in no line: the
statics, restrictions, protections and prohibitions of continuous abilities (applied after every
change, or read where they act: ``protections``, ``cost_rules``, ``chain``, ``play``,
``combat``) and the verbs whose lines it only accepts. The verbs it verifies in a line have
their homes, with their verification code, in ``move_kinds``, ``player_kinds``,
``amount_kinds``, ``applied_kinds`` and ``gold_kinds`` (imported here, so that every effect word has its one
home once this module is loaded). See ``base``."""
from __future__ import annotations

from ...keywords import enters_with_counters, weapon_capacity
from ..continuous import APPLIED
from ..vocabulary import EFFECTS
from . import amount_kinds, applied_kinds, gold_kinds, move_kinds, player_kinds  # noqa: F401 - their homes
from .base import ENFORCED, Status, Use, declare, kind_of
from .statuses import after_play, not_in_line, not_static, static_applied, unchecked_line

# verbs whose line the engine accepts without checking it (the rest of the line is checked)
UNCHECKED = frozenset({"cost_change",
                       "must_block", "extra_turn", "lose_game", "damage", "end_battle",
                       "race_becomes", "cannot_be_annulled",
                       "damage_to_exile", "bearer_only", "bearer_not", "cannot_reduce_cost",
                       "unblockable_by", "direct_damage_increase", "cannot_declare_attack",
                       "max_attackers"})


def _cannot_be_annulled(use: Use) -> str | None:
    if use.value.subject == "self" or (use.value.subject == "each" and use.value.filter is not None):
        return ENFORCED  # chain.cannot_be_annulled / others_keep_from_annulment
    return f"«no pueden ser Anulados» sobre «{use.value.subject}»: el motor no lo comprueba aún"


def _protection(use: Use) -> str | None:
    guard = use.value.keyword
    if guard == "targeted":
        return ENFORCED  # chain.check_targets and combat (Retador): protections.target_shield
    if guard in ("destroyed", "banished"):
        return ENFORCED  # kinds/move_kinds: a protected card is not moved (6.4)
    if guard == "lose_abilities" and use.value.subject == "self":
        return ENFORCED  # continuous.keeps_abilities: no effect takes them (recompute, lines)
    return f"protección «{guard}»: el motor no la aplica"


def _cost_change(use: Use) -> str | None:
    e = use.value
    if use.ability.kind == "continuous" and e.amount_from in (None, "count") and (
            e.subject == "self" or (e.subject == "each" and e.filter is not None
                                    and (e.amount_from is None or e.count_filter is not None))):
        return ENFORCED  # play: cost_rules.changed_cost, the payment must be exactly that
    return "cambio de coste: el motor no calcula aún este coste cambiado (la jugada queda sin " \
           "verificar, cost_rules)"


def _weapon_capacity(use: Use) -> str | None:
    want = {0: 0, None: 99}.get(use.value.amount, use.value.amount)
    if weapon_capacity(use.card) == want:
        return ENFORCED  # read from the card's text where Armas are borne (keywords)
    return "cuántas Armas porta: el motor no lee esta forma del texto"


def _enters_with_counters(use: Use) -> str | None:
    if enters_with_counters(use.card):
        return ENFORCED  # read from the card's text when it enters play (keywords)
    return "«entra en juego con contadores»: el motor no lee esta forma del texto"


_STATIC: dict[str, Status] = {
    **{k: static_applied for k in APPLIED},
    "cannot_be_annulled": _cannot_be_annulled,
    "protection": _protection,
    "weapon_capacity": _weapon_capacity,
    "enters_with_counters": _enters_with_counters,
    "bearer_only": ENFORCED, "bearer_not": ENFORCED,  # play: protections.bearer_refused
    "unblockable_by": ENFORCED,  # combat: protections.block_refused
    "cannot_declare_attack": ENFORCED,  # combat: protections.attack_forbidden
    "max_attackers": ENFORCED,  # combat: protections.attackers_limit
    "cannot_search": ENFORCED,  # verify_steps: a search out of a Mazo Castillo is illegal (4.2)
    "damage_to_exile": ENFORCED,  # combat: the damage goes to the Destierro (9 C4 d)
    "cost_change": _cost_change,
    "direct_damage_increase": "«el daño directo aumenta»: el motor no lo suma aún",
    "cannot_reduce_cost": ENFORCED,  # cost_rules.changed_cost: no reduction applies
}

for _word in EFFECTS:
    if kind_of("effect", _word) is None:
        declare("effect", _word,
                line=unchecked_line(_word) if _word in UNCHECKED else not_in_line(_word),
                static=_STATIC.get(_word, not_static(_word)), after_play=after_play)
