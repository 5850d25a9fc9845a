"""Cost changes said as effects: «te cuesta un Oro menos jugar este Talismán / jugar Tótems»,
«jugar cartas sin pagar su coste cuesta un Oro adicional», «jugar Talismanes cuesta un Oro
adicional por cada Tótem que controles», «reduce el coste de NP en N Oros»,
«reduce en N Oros el coste de NP» (``cost_change``; read by ``effects.effect_of``)."""
from __future__ import annotations

from .card_effects import being_played
from .nouns import bare_phrase, card_phrase, number, per_phrase
from .parsed import Cards, Effect
from .text import Cursor


def cost_effect(cur: Cursor) -> tuple[bool, "tuple[Effect, Cursor] | None"]:
    """(the phrase is one of these forms, what it reads)."""
    if (after := cur.take("te", "cuesta")) is not None and (got := number(after)) and \
            (end := got[1].take_any("oro menos jugar SELF", "oros menos jugar SELF")) is not None:
        return True, (Effect("cost_change", cards=Cards(ref="self"), amount=-got[0]), end)
    if (after := cur.take("te", "cuesta")) is not None and (got := number(after)):
        n, rest = got
        if (tail := rest.take_any("oro menos jugar", "oros menos jugar")) is not None:
            phrase = bare_phrase(tail)
            if phrase:
                cards = being_played(phrase[0], "you")
                if cards is None:
                    return True, None
                return True, (Effect("cost_change", cards=cards, amount=-n), phrase[1])
        return True, None
    if cur.peek() in ("jugar",) and (phrase := bare_phrase(cur.skip())) is not None:
        rest = phrase[1]
        if (more := rest.take_any("cuesta", "cuestan")) is not None and (got := number(more)) and \
                (end := got[1].take_any("oro adicional", "oros adicionales")) is not None:
            cards = being_played(phrase[0], None)
            per = None
            if (each := end.take("por", "cada")) is not None:  # «… por cada Tótem que controles»
                if (counted := per_phrase(each)) is None:
                    return True, None
                per, end = counted
            return True, ((Effect("cost_change", cards=cards, amount=got[0], per=per), end) if cards else None)
        return True, None
    if (after := cur.take("reduce", "el", "coste", "de")) is not None and (phrase := card_phrase(after)) and \
            phrase[0].count is None and (by := phrase[1].take("en")) is not None and (got := number(by)) and \
            (end := got[1].take_any("oro", "oros")) is not None:
        played = being_played(phrase[0], "you" if phrase[0].controller == "you" else None)
        return True, ((Effect("cost_change", cards=played, amount=-got[0]), end) if played else None)
    if (after := cur.take("reduce", "en")) is not None and (got := number(after)) and \
            (of := got[1].take_any("oro el coste de", "oros el coste de")) is not None:
        phrase = card_phrase(of)
        if phrase and phrase[0].count is None and phrase[0].zone == "play":
            if being_played(phrase[0], "you") is None:
                return True, None
            return True, (Effect("cost_change", cards=being_played(phrase[0], "you"),
                                 amount=-got[0]), phrase[1])
        return True, None
    return False, None
