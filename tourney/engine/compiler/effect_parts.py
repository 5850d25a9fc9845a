"""Pieces the effect chain is made of: the verb lexicon, who does it («tu oponente», «cada
jugador»), amounts («N cartas», «por cada …», «tantas cartas como Fuerza tenga …»), «a menos
que tu oponente pague …», looking at the top of a Mazo Castillo («Mira las dos primeras …»)
and a second object for the same verb («Destruye un Aliado y un Oro oponente»)."""
from __future__ import annotations

from dataclasses import replace

from .noun_words import NOUNS
from .nouns import card_phrase, number, per_phrase
from .parsed import Cards, Effect
from .text import Cursor


# verb forms (imperative, infinitive, subjunctive, present) -> effect kind
_FORMS = {
    "draw": "roba robar robe roben robas", "mill": "bota botar bote boten botas",
    "discard": "descarta descartar descarte descarten", "destroy": "destruye destruir destruya destruyan",
    "banish": "destierra desterrar destierre destierren", "annul": "anula anular",
    "shuffle": "baraja barajar baraje barajen", "search": "busca buscar",
    "return": "sube subir suba devuelve devolver", "put": "pon poner ponga",
    "feed": "alimenta alimentar", "group": "agrupa agrupar", "move": "mueve mover",
    "purify": "purifica purificar purifique",
}


VERBS = {form: kind for kind, forms in _FORMS.items() for form in forms.split()}


PLAYER_VERBS = frozenset({"draw", "mill", "discard"})


MOVE_TO = {"a su zona de oro pagado": "paid", "a tu zona de oro pagado": "paid",
            "a su linea de ataque": "attack", "a tu linea de ataque": "attack",
            "a su linea de defensa": "defense", "a tu linea de defensa": "defense",
            "a su reserva de oro": "reserve", "a tu reserva de oro": "reserve"}


def read_player(cur: Cursor) -> tuple[str, Cursor]:
    if (after := cur.take_any("tu oponente", "el oponente")) is not None:
        return "opponent", after
    if (after := cur.take("cada", "jugador")) is not None:
        return "each", after
    if cur.peek() == "tu" and cur.peek(1) in VERBS:
        return "you", cur.skip()
    return "you", cur


_AS_MANY = {"ese aliado": "strength_of_target", "el aliado elegido": "strength_of_target",
            "el aliado portador": "strength_of_bearer", "SELF": "strength_of_self"}


def as_many(cur: Cursor) -> tuple[str, Cursor] | None:
    """ "tantas cartas como Fuerza tenga ese Aliado / el Aliado portador / este Aliado";
    "tantas cartas como coste tenga ese Talismán": ``cost_of_that:Talismán`` (the lowering
    decides whether «ese» is the target or the card paid as the cost)."""
    after = cur.take("tantas", "cartas", "como", "fuerza", "tenga")
    if after is not None:
        for words, source in _AS_MANY.items():
            if (rest := after.take(*words.split())) is not None:
                return source, rest
        if (rest := after.take("el", "aliado", "destruido", "de", "esta", "manera")) is not None:
            return "strength_of_that:Aliado:destroy", rest  # the Aliado paid as the cost
    after = cur.take("tantas", "cartas", "como", "coste", "tenga")
    if after is not None and after.peek() in ("ese", "esa") and after.peek(1) in NOUNS:
        kind = NOUNS[after.peek(1)][0]
        return f"cost_of_that:{kind or ''}", after.skip(2)
    return None


def read_amount(cur: Cursor) -> tuple[int, Cards | None, Cursor] | None:
    """ "N carta(s)" [de tu/su mano|mazo castillo] ["por cada" NP]."""
    got = number(cur)
    if got is None:
        return None
    n, cur = got
    after = cur.take_any("cartas", "carta")
    if after is None:
        return None
    cur = after.take_any("adicional", "adicionales") or after  # «Roba una carta adicional»
    per = None
    if (after := cur.take("por", "cada")) is not None:
        phrase = per_phrase(after)
        if phrase is None:
            return None
        per, cur = phrase
    return n, per, cur


def own_zone(cur: Cursor, player: str, zone: str) -> Cursor:
    mine = "tu" if player == "you" else "su"
    words = {"castle": "mazo castillo", "hand": "mano"}[zone]
    after = cur.take_any(f"de {mine} {words}")
    return after if after is not None else cur


_SECOND = ("un", "una", "el", "la", "hasta", "todos", "todas", "otro", "otra")


def second_object(eff: Effect, cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Destruye un Aliado y un Oro oponente": the same verb on a second noun phrase."""
    if eff.kind not in ("destroy", "banish", "shuffle", "return", "annul") or eff.cards is None:
        return None
    if (after := cur.take("y")) is None or (after.peek() not in _SECOND and not after.peek().isdigit()):
        return None
    got = card_phrase(after)
    if got is None or got[1].peek() in VERBS:
        return None
    return replace(eff, cards=got[0]), got[1]


def read_unless(cur: Cursor) -> tuple[tuple[str, int], Cursor] | None:
    """ "(a menos que tu oponente) pague 2 Oros / destierre 2 cartas de su Cementerio"."""
    if (after := cur.take("pague")) is not None and (got := number(after)) and \
            (rest := got[1].take_any("oros", "oro")) is not None:
        return ("gold", got[0]), rest
    if (after := cur.take("destierre")) is not None and (got := number(after)) and \
            (rest := got[1].take_any("cartas de su cementerio", "carta de su cementerio")) is not None:
        return ("banish_from_graveyard", got[0]), rest
    return None
