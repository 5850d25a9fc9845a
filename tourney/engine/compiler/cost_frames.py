"""The cost frame: «puedes COSTE para EFECTO», costs joined by «y» (see ``frames``)."""
from __future__ import annotations

from dataclasses import replace

from .counters import counter_cost
from .nouns import card_phrase, number
from .parsed import Cards, Cost
from .text import Cursor

_IMPERATIVE = {"paga": "pagar", "bota": "botar", "destierra": "desterrar", "descarta": "descartar",
               "destruye": "destruir", "baraja": "barajar", "muestra": "mostrar", "quita": "quitar"}


def cost_list(cur: Cursor, antecedent: Cards | None = None,
              imperative: bool = False) -> tuple[tuple[Cost, ...], Cursor] | None:
    """Costs joined by "y" ("pagar un Oro y Desterrarlo"); ``imperative``: the verbs of
    "Para jugar este Talismán, Destierra un Aliado de tu Cementerio"."""
    out = []
    while True:
        if imperative and cur.peek() in _IMPERATIVE:
            cur = Cursor(cur.toks[:cur.i] + (_IMPERATIVE[cur.peek()],) + cur.toks[cur.i + 1:], cur.i)
        got = _cost(cur, antecedent)
        if got is None:
            return None
        out.append(got[0])
        cur = got[1]
        nxt = cur.take("y")
        if nxt is None or nxt.peek() == "para":
            return tuple(out), cur
        cur = nxt


_COST_VERBS = {"desterrar": "banish", "descartar": "discard", "destruir": "destroy",
               "barajar": "shuffle", "mostrar": "reveal"}


def _cost(cur: Cursor, antecedent: Cards | None = None) -> tuple[Cost, Cursor] | None:
    if (after := cur.take("pagar")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("oros", "oro")) is not None:
            return Cost("gold", amount=got[0]), rest
        return None
    if (got_counters := counter_cost(cur)) is not None:  # «quitar un contador de Honor de un Aliado …»
        return got_counters
    if (after := cur.take("quitar")) is not None and (got := number(after)) and \
            (rest := got[1].take_any("contadores de", "contador de")) is not None and rest.peek():
        counter, rest = rest.peek().capitalize(), rest.skip()
        if (end := rest.take("de", "SELF")) is not None:
            return Cost("counters", amount=got[0], cards=Cards(ref="self", zone=counter)), end
        return None
    if (after := cur.take("botar")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("cartas", "carta")) is not None:
            rest = rest.take("de", "tu", "mazo", "castillo") or rest
            return Cost("mill", amount=got[0]), rest
        return None
    if (after := cur.take("elegir")) is not None and (chosen := card_phrase(after)) is not None and \
            (more := chosen[1].take("y")) is not None and more.peek() in _COST_VERBS and \
            more.peek(1) in ("lo", "la", "los", "las"):
        # «elegir hasta dos Aliados de tu Cementerio y Desterrarlos (para …)»
        if chosen[0].up_to or chosen[0].target:
            return None
        return _cost(Cursor((more.peek(),) + chosen[1].toks[after.i:chosen[1].i] + more.toks[more.i + 2:]),
                     antecedent)
    if cur.peek() == "subir" and (after := cur.skip().take_any("SELF a tu mano", "SELF a la mano de su dueno")):
        return Cost("return", cards=Cards(ref="self")), after  # «Subir este Aliado a tu mano»
    if (own := _return_own(cur)) is not None:
        return own
    if (to_paid := _to_paid(cur, antecedent)) is not None:
        return to_paid
    if cur.peek() == "poner" and (phrase := card_phrase(cur.skip())) is not None and phrase[0].zone == "hand" and \
            (end := phrase[1].take_any("al fondo de tu mazo castillo", "al fondo de tu castillo",
                                       "en el fondo de tu mazo castillo")) is not None:
        return Cost("bottom", cards=phrase[0]), end  # «poner una carta de tu mano al fondo de tu Mazo Castillo»
    kind = _COST_VERBS.get(cur.peek())
    if kind is None:
        return None
    if cur.peek(1) in ("lo", "la") and antecedent is not None and antecedent.ref == "self":
        return Cost(kind, cards=antecedent), cur.skip(2)
    phrase = card_phrase(cur.skip())
    if phrase is None or phrase[0].target:
        return None
    cards, rest = phrase
    if cards.ref == "self" and kind in ("banish", "discard", "shuffle", "reveal"):
        for words, zone in (("de tu mano", "hand"), ("de tu reserva de oros", "reserve"),
                            ("de tu reserva de oro", "reserve"), ("de tu cementerio", "graveyard")):
            if (more := rest.take(*words.split())) is not None:
                # «Desterrar este Aliado de tu mano»: the ability is used from that zone
                return Cost(kind, cards=Cards(ref="self", zone=zone)), more
    if kind == "destroy" and cards.zone in ("reserve", "paid") and cards.zone_owner == "you":
        cards = replace(cards, controller="you", zone_owner=None)  # «un Oro de tu Reserva de Oros»
    if kind in ("destroy",) and cards.ref != "self" and cards.controller != "you":
        return None
    if kind == "discard" and cards.zone == "play" and cards.controller is None and cards.ref is None:
        cards = replace(cards, zone="hand", zone_owner="you")  # «Descartar dos cartas»: from your hand
    if kind in ("discard", "reveal") and cards.zone != "hand":
        return None
    if kind == "shuffle" and cards.zone not in ("hand", "graveyard") and cards.ref != "self":
        return None
    if kind == "banish" and cards.ref != "self" and cards.zone == "play" and cards.controller != "you":
        return None
    return Cost(kind, cards=cards), rest


_TO_HAND = ("a tu mano", "a la mano de su dueno")


def _to_paid(cur: Cursor, antecedent: Cards | None) -> tuple[Cost, Cursor] | None:
    """«mover este Oro (de tu Reserva de Oro) a tu Zona de Oro Pagado», «moverlo …»: this Oro
    goes from the Reserva to the Zona de Oro Pagado (the ability is used from the Reserva)."""
    if cur.peek() != "mover":
        return None
    after = cur.skip().take("SELF")
    if after is None and cur.peek(1) in ("lo", "la") and (antecedent is None or antecedent.ref == "self"):
        after = cur.skip(2)
    if after is None:
        return None
    after = after.take_any("de tu reserva de oros", "de tu reserva de oro") or after
    end = after.take("a", "tu", "zona", "de", "oro", "pagado")
    return (Cost("to_paid", cards=Cards(ref="self", zone="reserve")), end) if end is not None else None


def _return_own(cur: Cursor) -> tuple[Cost, Cursor] | None:
    """«Subir a la mano de su dueño otro Aliado … que controles», «Subir un Aliado que controles
    a tu mano», «devolver … a tu mano»: a card you control goes back to your hand."""
    if cur.peek() not in ("subir", "devolver"):
        return None
    after = cur.skip()
    first = after.take_any(*_TO_HAND)
    phrase = card_phrase(first or after)
    if phrase is None:
        return None
    cards, rest = phrase
    end = rest if first is not None else rest.take_any(*_TO_HAND)
    if end is None:
        return None
    if cards.ref is not None or cards.target or cards.zone != "play" or cards.controller != "you":
        return None
    return Cost("return", cards=cards), end


# -- Spanish renderings ------------------------------------------------------------------
