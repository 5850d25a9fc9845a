"""The homes of the frame words of an ability: its kind (``ABILITY_KINDS``), keywords, cost
pieces (``COSTS``), trigger events (``EVENTS``), conditions (``CONDITIONS``), durations
(``DURATIONS``) and amount sources (``AMOUNT_SOURCES``). See ``base``.

The engine's own tables stay where the engine uses them and are read here: the events it
announces (``events.EMITTED``), the conditions (those on how a card was played: ``played_kinds``), the
keywords it tracks (``keywords.ENGINE_KEYWORDS``), the amounts a line can fix
(``verify_amounts``)."""
from __future__ import annotations

from typing import Any

from ...keywords import ENGINE_KEYWORDS
from ..chain import IMMUNITY_WORDS
from ..replacements import prevention_checked
from ..events import ANNOUNCED_PHASES, EMITTED
from ..vocabulary import AMOUNT_SOURCES, CONDITIONS, COSTS, DURATIONS, EVENTS
from .applied_kinds import LASTING_MARKS
from .base import ENFORCED, Status, Use, declare
from .played_kinds import HOW_PLAYED

# -- ability kinds ---------------------------------------------------------------------
declare("ability", "keyword", use=ENFORCED)  # its keyword decides (``keyword`` family)
declare("ability", "continuous", use=ENFORCED)  # continuous.recompute, its effects decide
declare("ability", "triggered", use=ENFORCED)  # events: fired when its event is announced
declare("ability", "activated", use=ENFORCED)  # effects.usable_now: timing, costs, per turn
declare("ability", "play_permission", use=ENFORCED)  # play: zone, phases, condition
declare("ability", "effect", use=ENFORCED)  # a Talismán's effect, verified when it resolves
declare("ability", "additional_cost", use=ENFORCED)  # play: 10.16, paid with named cards
declare("ability", "alternative_cost", use=ENFORCED)  # play: 10.16, instead of the Oros
declare("ability", "play_restriction", use=ENFORCED)  # play: play_rules.restriction_refused


def _replacement(use: Use) -> str | None:
    if prevention_checked(use.ability):
        return ENFORCED  # effects: the prevention's line is verified, the move it stops refused
    return ("reemplazo («en su lugar», prevenir): el motor no lo aplica; las líneas de la carta "
            "quedan sin verificar")


declare("ability", "replacement", use=_replacement)

# -- keywords ---------------------------------------------------------------------------
for _word in ENGINE_KEYWORDS:
    declare("keyword", _word, apply=ENFORCED)
declare("keyword", "Exhumar", apply=ENFORCED)  # play: keywords.play_permissions (graveyard)
declare("keyword", "Luz", apply=ENFORCED)  # an attribute: read by filters, nothing to apply
declare("keyword", "Oscuridad", apply=ENFORCED)
declare("keyword", "Espectral", apply=ENFORCED)  # card_reads.type_of: a Talismán in a Cementerio
declare("keyword", "Ilusión", apply=ENFORCED)  # effects: the return line is verified (10.28)
# 10.13: any number of copies in the Mazo Castillo — a rule of deck building, checked by the
# legality core (formats: ``unlimited_keywords``); in a game nothing applies (the engine limits
# only the copies of an Única card)
declare("keyword", "Mercenario", apply=ENFORCED)
declare("keyword", "Traición", apply="Traición: el motor no aplica aún esta habilidad clave")

def _immunity(use: Use) -> str | None:
    """«Inmunidad - X»: the words ``chain.immunity`` reads (in any case)."""
    param = use.ability.param
    if param and param.casefold() in IMMUNITY_WORDS:
        return ENFORCED
    return f"Inmunidad a «{param}»: el motor no la reconoce"


declare("keyword", "Inmunidad", apply=_immunity)

# -- cost pieces: ``costs.pay`` pays and checks every one --------------------------------
for _word in COSTS:
    declare("cost", _word, pay=ENFORCED)

# -- trigger events ------------------------------------------------------------------------


def _event(word: str) -> Any:
    if word not in EMITTED:
        return f"disparo «{EVENTS[word]}»: el motor no lo anuncia aún; sus líneas quedan sin verificar"
    if word != "phase_begins":
        return ENFORCED

    def phase(use: Use) -> str | None:
        t = use.ability.trigger
        if t is None or t.phase in ANNOUNCED_PHASES:
            return ENFORCED
        return f"disparo al comienzo de la fase «{t.phase}»: el motor no la anuncia aún"
    return phase


for _word in EVENTS:
    declare("event", _word, fire=_event(_word))

# -- conditions ------------------------------------------------------------------------------
for _word in CONDITIONS:
    if _word not in HOW_PLAYED:  # their home: played_kinds
        declare("condition", _word, decide=ENFORCED)

# -- durations -------------------------------------------------------------------------------


def _next_turn(use: Use) -> str | None:
    """«hasta tu próximo turno»: only what the engine marks on the card lasts that long."""
    kinds = sorted({e.kind for e in use.ability.effects if e.duration.kind == "next_turn"
                    and e.kind not in LASTING_MARKS})
    if kinds:
        return f"«hasta tu próximo turno» en «{kinds[0]}»: el motor lo termina en la Fase Final"
    return ENFORCED


_EXPIRE: dict[str, Status] = {"while": "duración «mientras …» de un efecto: el motor no la sigue",
                              "next_turn": _next_turn}
for _word in DURATIONS:
    declare("duration", _word, expire=_EXPIRE.get(_word, ENFORCED))

# -- amount sources (what ``verify_amounts.amount`` can read from the game or the line) ---


def _count(use: Use) -> str | None:
    if getattr(use.value, "player", None) == "each" and getattr(use.value, "kind", None) not in ("draw", "mill"):
        # Roba / Bota: each player's own count (player_kinds.verify_draw_or_mill)
        return "una cantidad por cada jugador: el motor no la lee de la línea"
    return ENFORCED


def _of_triggering(use: Use) -> str | None:
    if getattr(use.value, "kind", None) in ("draw", "mill"):
        return ENFORCED  # verify_amounts.of_triggering
    return "la cantidad de la carta que disparó la habilidad: el motor sólo la lee al Robar o Botar"


def _entered(use: Use) -> str | None:
    if getattr(use.value, "kind", None) in ("draw", "mill") and getattr(use.value, "player", None) != "each":
        return ENFORCED  # verify_amounts.amount: «Bota una carta por cada Aliado que entró …»
    return "la cantidad de cartas que entraron este turno: el motor no la lee"


_AMOUNTS: dict[str, Status] = {"count": _count, "strength_of_triggering": _of_triggering,
            "cost_of_triggering": _of_triggering, "entered_this_turn": _entered}
for _word in AMOUNT_SOURCES:
    declare("amount", _word, read=_AMOUNTS.get(_word, ENFORCED))
