"""Statuses shared by the effect homes (see ``base``): an effect's Spanish label, the reasons
for roles the engine does not play, and the statuses of continuous application and of the
steps of a play permission."""
from __future__ import annotations

import re

from ..continuous import APPLIED
from ..vocabulary import EFFECTS
from .base import ENFORCED, Use


def label(name: str) -> str:
    """The effect's Spanish, its blanks as «…»: «juega … sin pagar su coste»."""
    text = re.sub(r"\{[a-z_]+\}", "…", EFFECTS[name]).strip()
    return f"«{text[:1].lower() + text[1:]}» ({name})"


def not_in_line(name: str) -> str:
    return f"efecto {label(name)}: el motor no lo comprueba en una línea «effect»"


def unchecked_line(name: str) -> str:
    return f"efecto {label(name)}: el motor acepta su línea sin verificarla"


def not_static(name: str) -> str:
    return f"efecto {label(name)}: el motor no lo aplica en una habilidad continua"


def static_applied(use: Use) -> str | None:
    """``continuous.recompute`` applies it to this card, its bearer or each card of a filter."""
    e = use.value
    if e.kind not in APPLIED:
        return not_static(e.kind)
    if e.subject in ("self", "bearer") or (e.subject == "each" and e.filter is not None):
        return ENFORCED
    return f"sujeto «{e.subject}» en una habilidad continua: el motor no lo aplica"


def after_play(use: Use) -> str | None:
    """A step of a play permission («luego Destiérralo»): ``play`` applies the banishment."""
    e = use.value
    if e.kind == "banish" and e.subject == "self":
        return ENFORCED
    return "el motor no aplica este paso de un permiso de juego"
