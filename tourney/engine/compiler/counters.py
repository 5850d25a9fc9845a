"""Counters as costs and effects: «quitar un contador de Honor de un Aliado que controles»,
«quitar todo el Alimento de un Aliado que controles», «quita todos los contadores de Alimento
de los Aliados que controles», «Elimina todo el Alimento de un Aliado objetivo».

``counter_cost`` reads the cost after «puedes …»; ``counter_effect`` the effect verb.
«Alimento» is the Alimento counter (10.3: a fed Aliado has Alimento counters on it).
"""
from __future__ import annotations

from .noun_words import COUNTER_NAMES
from .card_effects import object
from .nouns import card_phrase, number
from .parsed import Cards, Cost, Effect, Trigger
from .text import Cursor


def _of(cur: Cursor) -> Cursor | None:
    """ "de NP" / "del NP" (read as "de el NP"): the cursor at the noun phrase."""
    if (after := cur.take("del")) is not None:
        return Cursor(("el",) + after.toks[after.i:])
    return cur.take("de")


def _all_of(cur: Cursor) -> tuple[str, Cursor] | None:
    """ "todo el Alimento de" / "todos los contadores de Alimento de": the counter's name."""
    if (after := cur.take("todo", "el", "alimento")) is not None and (rest := _of(after)) is not None:
        return "Alimento", rest
    if (after := cur.take("todos", "los", "contadores", "de")) is not None and \
            after.peek() in COUNTER_NAMES and (rest := _of(after.skip())) is not None:
        return COUNTER_NAMES[after.peek()], rest
    return None


def _own(cards: Cards) -> bool:
    """One card you control, not targeted: what a cost is paid with (6.5 B)."""
    return cards.ref is None and cards.count == 1 and not cards.up_to and not cards.target \
        and cards.controller == "you" and cards.zone == "play"


def counter_cost(cur: Cursor) -> tuple[Cost, Cursor] | None:
    """ "quitar N contadores de X de NP", "quitar / eliminar todo el Alimento de NP"."""
    if (after := cur.take_any("quitar", "eliminar")) is None:
        return None
    if (whole := _all_of(after)) is not None:
        counter, phrase_at = whole
        got = card_phrase(phrase_at)
        if got is None or not _own(got[0]):
            return None
        return Cost("all_counters_own", cards=got[0], counter=counter), got[1]
    got_n = number(after)
    if got_n is None or (rest := got_n[1].take_any("contadores de", "contador de")) is None or \
            rest.peek() not in COUNTER_NAMES or (np := _of(rest.skip())) is None:
        return None
    counter = COUNTER_NAMES[rest.peek()]
    got = card_phrase(np)
    if got is None or not _own(got[0]):
        return None
    return Cost("counters_own", amount=got_n[0], cards=got[0], counter=counter), got[1]


def counter_effect(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "quita / elimina todo el Alimento de NP", "quita todos los contadores de X de NP"."""
    if (after := cur.take_any("quita", "quitar", "elimina", "eliminar")) is None:
        return None
    whole = _all_of(after)
    if whole is None:
        return None
    counter, rest = whole
    got = card_phrase(rest)
    if got is None:
        return None
    return Effect("remove_all_counters", cards=got[0], counter=counter), got[1]


def counter_placed(cur: Cursor) -> tuple[Trigger, Cursor] | None:
    """ "(Cuando) un contador sea puesto sobre NP", "uno o más contadores de X sean puestos
    sobre NP", "un contador de X sea puesto sobre NP"."""
    counter = None
    if (after := cur.take_any("un contador sea puesto sobre", "uno o mas contadores sean puestos sobre")) is None:
        for head, tail in (("un contador de", "sea puesto sobre"), ("uno o mas contadores de", "sean puestos sobre")):
            if (named := cur.take(*head.split())) is not None and named.peek() in COUNTER_NAMES and \
                    (after := named.skip().take(*tail.split())) is not None:
                counter = COUNTER_NAMES[named.peek()]
                break
        else:
            return None
    got = card_phrase(after)
    if got is None or got[0].ref is not None or got[0].target or got[0].count != 1:
        return None
    return Trigger("counter_placed", cards=got[0], counter=counter), got[1]


def up_to_one_counter(cur: Cursor, antecedent: Cards | None) -> tuple[Effect, Cursor] | None:
    """ "hasta un contador de X en NP" (the verb «pon» said before): one counter on up to one
    such card — choosing none puts none."""
    from dataclasses import replace

    if (after := cur.take("hasta", "un", "contador", "de")) is None or after.peek() not in COUNTER_NAMES:
        return None
    counter = COUNTER_NAMES[after.peek()]
    where = after.skip().take_any("en", "sobre")
    if where is None or (got := card_phrase(where)) is None:
        return None
    cards, end = got
    if cards.ref is not None or cards.count != 1 or cards.up_to or cards.zone != "play":
        return None
    return Effect("counters", cards=replace(cards, up_to=True), amount=1, counter=counter), end

Found = tuple[bool, "tuple[Effect, Cursor] | None"]  # (the phrase is of this form, what it reads)


def put_counters(cur: Cursor, antecedent: Cards | None) -> Found:
    """«pon N contador(es) de X en / sobre NP», «… sobre él», «… en cada uno de ellos»."""
    if cur.peek() in ("pon", "poner") and (got := number(cur.skip())) and \
            (rest := got[1].take_any("contadores de", "contador de")) is not None and rest.peek():
        counter, rest = rest.peek().capitalize(), rest.skip()
        if (where := rest.take_any("en", "sobre")) is not None:
            if where.peek() in ("el", "ella") and where.skip().peek() in ("", ".") and \
                    antecedent is not None and antecedent.ref == "self":
                # «Cuando este Oro entra en juego …, pon un contador de Tesoro sobre él»
                return True, (Effect("counters", cards=antecedent, amount=got[0], counter=counter), where.skip())
            if (more := where.take("cada", "uno", "de", "ellos")) is not None and antecedent is not None:
                return True, (Effect("counters", cards=antecedent, amount=got[0], counter=counter), more)
            target = object(where, antecedent)
            if target:
                return True, (Effect("counters", cards=target[0], amount=got[0], counter=counter), target[1])
        return True, None
    return False, None
