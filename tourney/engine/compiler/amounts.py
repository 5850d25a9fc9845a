"""Amounts and comparisons read from the game when the ability resolves.

``relation(cards, cur, bare_phrase)`` reads a comparison after a noun — «de coste igual o menor a la
cantidad de Aliados de Raza Samurái que controles», «con Fuerza igual o menor a la Fuerza del
Aliado portador», «con coste igual o menor a la carta Descartada», «de igual o menor coste
que esa carta», «del mismo coste», «de coste igual o menor» (elided: the card paid as the
cost) — and adds it to the ``Cards``. ``amount(cur)`` reads the amount itself: «la cantidad
de NP», «la Fuerza de este Aliado / del Aliado portador», «la carta Descartada», «el Aliado
Desterrado de esta manera», «esa carta». ``lower_filters.card_filter`` turns them into the
engine's ``max_cost_from`` / ``min_cost_from`` / ``max_strength_from`` words.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .parsed import Amount, Cards
from .text import Cursor

# the noun phrase readers of ``nouns`` (an amount holds a noun phrase, a noun phrase an
# amount): passed in by the caller, so this module does not import ``nouns`` back
Phrase = Callable[[Cursor], "tuple[Cards, Cursor] | None"]
Modifiers = Callable[[Cards, Cursor], "tuple[Cards, Cursor]"]

# past participles: what was done to the card an amount points back to
PAST = {"descartada": "discard", "descartado": "discard", "desterrada": "banish",
        "desterrado": "banish", "destruida": "destroy", "destruido": "destroy",
        "barajada": "shuffle", "barajado": "shuffle"}
_STATS = {"coste": "cost", "fuerza": "strength"}
_REF_NOUNS = {"carta": None, "aliado": "Aliado", "talisman": "Talismán", "totem": "Tótem",
              "arma": "Arma", "oro": "Oro"}


def amount(cur: Cursor, stat: str, bare_phrase: Phrase) -> tuple[Amount, Cursor] | None:
    """The amount after «igual o menor a»: ``stat`` is what is compared (cost, strength)."""
    if (after := cur.take("la", "cantidad", "de")) is not None:
        got = bare_phrase(after)
        if got is None or got[0].ref is not None:
            return None
        counted, rest = got
        if counted == Cards(count=None, zone="hand", zone_owner="you"):
            return Amount("hand_size"), rest
        if counted.zone == "play" and counted.controller is None and (end := rest.take_any(
                "que entraron en juego bajo tu control este turno")) is not None:
            return Amount("entered_this_turn", cards=counted), end
        return Amount("count", cards=counted), rest
    if stat == "strength" and (after := cur.take("la", "fuerza")) is not None:
        if (end := after.take("de", "SELF")) is not None:
            return Amount("strength_of_self"), end
        if (end := after.take("del", "aliado", "portador")) is not None:
            return Amount("strength_of_bearer"), end
        return None
    return _ref(cur, stat)


def _ref(cur: Cursor, stat: str) -> tuple[Amount, Cursor] | None:
    """«la carta Descartada», «el Aliado Desterrado (de esta manera)», «el del Aliado
    Destruido», «esa carta»: the card the ability acted on before."""
    if cur.peek() in ("esa", "ese") and cur.peek(1) in _REF_NOUNS:
        kind = _REF_NOUNS[cur.peek(1)]
        return Amount("of_ref", cards=Cards(types=(kind,) if kind else ()), stat=stat), cur.skip(2)
    if cur.peek() not in ("el", "la"):
        return None
    at = cur.skip()
    if at.peek() == "del" and at.peek(1) in _REF_NOUNS:  # «al del Aliado Destruido»
        at = at.skip()
    if at.peek() not in _REF_NOUNS or at.peek(1) not in PAST:
        return None
    kind = _REF_NOUNS[at.peek()]
    verb = PAST[at.peek(1)]
    rest = at.skip(2)
    rest = rest.take("de", "esta", "manera") or rest
    return Amount("of_ref", cards=Cards(types=(kind,) if kind else ()), stat=stat, verb=verb), rest


def _to(cur: Cursor) -> Cursor | None:
    """ "a" / "al" (= "a el") before the amount: the cursor on the amount's article."""
    if (after := cur.take("a")) is not None:
        return after
    if (after := cur.take("que")) is not None and after.peek() == "la":  # «igual o menor que la cantidad …»
        return after
    if cur.peek() == "al":
        return Cursor(cur.toks[:cur.i] + ("el",) + cur.toks[cur.i + 1:], cur.i)
    return None


def relation(cards: Cards, cur: Cursor, bare_phrase: Phrase) -> tuple[Cards, Cursor] | None:
    """A comparison of the cards' cost or Fuerza with an amount (None: not one here)."""
    got = _relation(cur, bare_phrase)
    if got is None:
        return None
    (stat, op, amt), rest = got
    if stat == "cost":
        return (replace(cards, cost_rel=(op, amt)), rest) if cards.cost_rel is None else None
    return (replace(cards, strength_rel=(op, amt)), rest) if cards.strength_rel is None else None


def _relation(cur: Cursor, bare_phrase: Phrase) -> tuple[tuple[str, str, Amount], Cursor] | None:
    if (after := cur.take("del", "mismo", "coste")) is not None:  # the card paid / acted on
        return ("cost", "==", Amount("of_ref", stat="cost")), after
    if cur.peek() == "de" and cur.take("de", "igual", "o", "menor") is not None and \
            cur.peek(4) in _STATS:  # «de igual o menor coste (que esa carta)»
        stat = _STATS[cur.peek(4)]
        after = cur.skip(5)
        if (than := after.take("que")) is not None:
            got = amount(than, stat, bare_phrase)
            return ((stat, "<=", got[0]), got[1]) if got else None
        return (stat, "<=", Amount("of_ref", stat=stat)), after
    if cur.peek() not in ("de", "con") or cur.peek(1) not in _STATS:
        return None
    stat = _STATS[cur.peek(1)]
    after = cur.skip(2)
    if (more := after.take("igual", "o", "menor")) is not None:
        op = "<="
    elif (more := after.take("menor")) is not None:
        op = "<"
    else:
        return None
    to = _to(more)
    if to is None:
        if op == "<=" and more.peek() not in ("que", "de"):  # «de coste igual o menor»: elided
            return (stat, op, Amount("of_ref", stat=stat)), more
        return None
    got = amount(to, stat, bare_phrase)
    if got is None:
        return None
    return (stat, op, got[0]), got[1]


def as_many_cards(cur: Cursor, more_modifiers: Modifiers, bare_phrase: Phrase) -> tuple[Cards, Cursor] | None:
    """After «hasta tantas cartas»: the cards' modifiers, then «como» and the amount —
    «Fuerza tenga este Aliado / el Aliado portador», «cartas Luz controles», «Aliados de Raza
    Sombra controles», «Oros controles»."""
    cards, cur = more_modifiers(Cards(count=1, up_to=True), cur)
    rest = cur.take("como")
    if rest is None:
        return None
    if (after := rest.take("fuerza", "tenga")) is not None:
        if (end := after.take("SELF")) is not None:
            return replace(cards, count_rel=Amount("strength_of_self")), end
        if (end := after.take("el", "aliado", "portador")) is not None:
            return replace(cards, count_rel=Amount("strength_of_bearer")), end
        return None
    got = bare_phrase(rest)
    if got is None or got[0].controller is not None or (end := got[1].take("controles")) is None:
        return None
    counted = replace(got[0], controller="you")
    return replace(cards, count_rel=Amount("count", cards=counted)), end


def as_much_strength(cur: Cursor, bare_phrase: Phrase) -> tuple[Amount | None, Cards | None, str | None, Cursor] | None:
    """After «gane / pierda»: «tanta Fuerza como coste tenga la carta Descartada (de esta
    manera)», «tanta Fuerza como la Fuerza del Aliado Desterrado», «Fuerza igual a su coste»,
    «tanta Fuerza (hasta la Fase Final) como Aliados de Raza X controles» — (amount, per-card
    count, «hasta la Fase Final», cursor)."""
    if (after := cur.take("fuerza", "igual", "a", "su", "coste")) is not None:
        return Amount("of_ref", stat="cost", verb="self"), None, None, after
    after = cur.take("tanta", "fuerza")
    if after is None:
        return None
    until = None
    if (more := after.take("hasta", "la", "fase", "final")) is not None:
        until, after = "end", more
    if (rest := after.take("como")) is None:
        return None
    if (more := rest.take("coste", "tenga")) is not None and (got := _ref(more, "cost")) is not None:
        return got[0], None, until, got[1]
    if (more := rest.take("la", "fuerza", "del")) is not None and \
            (got := _ref(Cursor(more.toks[:more.i - 1] + ("el",) + more.toks[more.i:], more.i - 1),
                         "strength")) is not None:
        return got[0], None, until, got[1]
    counted = bare_phrase(rest)
    if counted is None or counted[0].controller is not None or \
            (end := counted[1].take("controles")) is None:
        return None
    return None, replace(counted[0], controller="you"), until, end
