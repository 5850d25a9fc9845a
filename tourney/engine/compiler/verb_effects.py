"""One verb's effect (see ``effects``): «elige …» and a verb with its player, cards and
amount, read by ``effects.effect_of``."""
from __future__ import annotations


from dataclasses import replace

from .card_effects import card_effect, object
from .effect_parts import (
    MOVE_TO,
    VERBS,
    read_amount,
    own_zone,
    as_many,
)
from .effects_more import play
from .noun_words import PRONOUNS
from .nouns import card_phrase, more_modifiers, number
from .parsed import Cards, Effect
from .search import search_effect
from .text import Cursor


def choose(cur: Cursor, antecedent: Cards | None) -> tuple[Effect, Cursor] | None:
    """ "elige NP y VERBO-lo …" / "elige NP para que pierda …": the verb acts on NP.
    "de allí" / "de ahí" is the hand just looked at (``antecedent`` zone)."""
    there = cur.take_any("de alli", "de ahi")
    got = card_phrase(there or cur)
    if got is None:
        return None
    cards, cur = got
    if (more := cur.take_any("de alli", "de ahi")) is not None:
        there = more
        cards, cur = more_modifiers(cards, more)
    start = there or cur
    if there is None and antecedent is not None and antecedent.ref == "looked" and cards.zone == "play" and \
            "juego" not in got[1].toks[start.i:cur.i] and cur.peek() in ("", "."):
        there = cur  # «Mira la mano de tu oponente y elige una carta que no sea Oro.»: from that hand
    if there is not None:
        if antecedent is None or antecedent.ref != "looked" or cards.zone != "play":
            return None
        cards = replace(cards, zone="hand", zone_owner=antecedent.zone_owner)
    if (after := cur.take("y")) is not None and after.peek() in VERBS and after.peek(1) in PRONOUNS:
        return verb_effect(VERBS[after.peek()], "you", after.skip(), cards)
    if (after := cur.take("y")) is not None and after.peek() in ("juega", "jugar") and \
            after.peek(1) in PRONOUNS:
        return play(after, cards)  # «… y juégalo sin pagar su coste / pagando su coste»
    if (after := cur.take("para", "que")) is not None:
        return card_effect(after, None, subject=cards)
    if (after := cur.take("y")) is not None and after.peek() in VERBS and after.peek(1) in PRONOUNS and \
            cards.zone == "hand":
        return verb_effect(VERBS[after.peek()], "you", after.skip(), cards)
    if cur.done or cur.peek() == ".":
        return Effect("choose", cards=cards), cur  # what follows says "ese Aliado"
    return None


def verb_effect(verb: str, player: str, cur: Cursor, antecedent: Cards | None) -> tuple[Effect, Cursor] | None:
    if verb == "banish":
        for words, end in (("las primeras", "castle_top"), ("la primera", "castle_top"),
                           ("las ultimas", "castle_bottom"), ("la ultima", "castle_bottom"), ("las", "")):
            if (after := cur.take(*words.split())) is not None:
                got = number(after)
                n, rest = (got[0], got[1]) if got else (1, after)
                if not end:  # "las 2 primeras cartas"
                    if got is None or rest.peek() not in ("primeras", "ultimas"):
                        continue
                    end = "castle_top" if rest.peek() == "primeras" else "castle_bottom"
                    rest = rest.skip()
                    words = "las"
                mine = "tu" if player == "you" else "su"
                if (tail := rest.take_any(f"cartas de {mine} mazo castillo", f"carta de {mine} mazo castillo")) \
                        is not None and (n == 1) == (words.startswith("la ")):
                    if player == "you" and (under := tail.take_any(
                            "y pon la bajo SELF", "y pon las bajo SELF")) is not None:
                        return Effect("banish_top", player, amount=n, dest=end, under=True), under
                    return Effect("banish_top", player, amount=n, dest=end), tail
                if player == "you" and (n == 1) == (words.startswith("la ")) and (tail := rest.take_any(
                        "cartas del mazo castillo de tu oponente", "carta del mazo castillo de tu oponente",
                        "cartas del mazo castillo oponente", "carta del mazo castillo oponente")) is not None:
                    return Effect("banish_top", "opponent", amount=n, dest=end), tail  # whose Mazo Castillo
                return None
    return _verb_effect_of(verb, player, cur, antecedent)


def _verb_effect_of(verb: str, player: str, cur: Cursor, antecedent: Cards | None) -> tuple[Effect, Cursor] | None:
    if verb == "feed" and cur.peek() == "a" and cur.peek(1) in ("todos", "los", "un", "una", "tus"):
        cur = cur.skip()  # «alimentar a los Aliados de Raza Bestia que controles»
    if verb in ("draw", "mill") and (many := as_many(cur)) is not None:
        return Effect(verb, player, amount_from=many[0]), many[1]
    if verb in ("draw", "mill") and (after := cur.take("esa", "misma", "cantidad", "de", "cartas")) is not None:
        return Effect(verb, player, amount=1, per=Cards(ref="moved")), after  # as many as the step before moved
    if verb == "shuffle" and player == "you" and (after := cur.take("tu", "mano")) is not None:
        cur = Cursor(("todas", "las", "cartas", "de", "tu", "mano") + after.toks[after.i:])  # «Baraja tu mano»
    if verb in ("draw", "mill") or (verb == "discard" and number(cur) and cur.peek(1).startswith("carta")):
        amount = read_amount(cur)
        if amount is None:
            return None
        n, per, cur = amount
        if verb == "discard":
            cur = own_zone(cur, player, "hand")
            if (after := cur.take("al", "azar")) is not None:
                return Effect("discard", player, Cards(count=n, zone="hand", random=True), per=per), own_zone(after, player, "hand")
            return Effect("discard", player, Cards(count=n, zone="hand"), per=per), cur
        if verb == "mill":
            cur = own_zone(cur, player, "castle")
        return Effect(verb, player, amount=n, per=per), cur
    if player != "you" and verb not in ("discard", "banish", "shuffle"):
        return None
    if verb == "return" and (after := cur.take("al", "aliado", "portador")) is not None:
        cur = Cursor(("el", "aliado", "portador") + after.toks[after.i:])  # «subir al Aliado portador»
    if verb == "return" and (after := cur.take_any("a la mano de su dueno", "a su mano",
                                                   "a la mano de sus duenos")) is not None:
        got = card_phrase(after)
        if got is None:
            return None
        return Effect("return", player, got[0], dest="hand"), got[1]
    if verb == "search":
        return search_effect(player, cur)
    got = object(cur, antecedent)
    if got is None:
        return None
    cards, cur = got
    if antecedent is not None and antecedent.ref == "looked" and cards.zone == "play" and cards.ref is None and \
            (there := cur.take_any("de ahi", "de alli")) is not None:
        cards, cur = replace(cards, zone="hand", zone_owner=antecedent.zone_owner), there  # the hand shown
    if verb == "put":
        if (after := cur.take("en", "tu", "mano")) is not None and (cards.zone != "play" or cards.ref):
            return Effect("to_hand", player, cards, dest="hand"), after
        for words, zone in (("en tu zona de oro pagado", "paid"), ("en tu reserva de oro", "reserve"),
                            ("en tu reserva de oros", "reserve"), ("en tu zona de reserva de oros", "reserve")):
            if (after := cur.take(*words.split())) is not None and cards.types == ("Oro",):
                return Effect("move", player, cards, dest=zone), after
        if (after := cur.take_any("en la parte superior de tu mazo castillo",
                                  "en la parte superior de su mazo castillo",
                                  "en la parte superior del mazo castillo de su dueno")) is not None:
            return Effect("put", player, cards, dest="castle_top"), after
        if (after := cur.take_any("en la parte inferior de tu mazo castillo",
                                  "en la parte inferior de su mazo castillo",
                                  "en la parte inferior del mazo castillo de su dueno",
                                  "al fondo de tu mazo castillo")) is not None:
            return Effect("put", player, cards, dest="castle_bottom"), after
        return None
    if verb == "move":
        for words, zone in MOVE_TO.items():
            if (after := cur.take(*words.split())) is not None:
                return Effect("move", player, cards, dest=zone), after
        return None
    if verb == "return":
        if (after := cur.take_any("a la mano de su dueno", "a su mano", "a tu mano",
                                  "a la mano de sus duenos")) is not None:
            return Effect("return", player, cards, dest="hand"), after
        return None
    if verb == "shuffle":
        after = cur.take_any("en su mazo castillo", "en tu mazo castillo",
                             "en el mazo castillo de su dueno")
        return Effect("shuffle", player, cards, dest="castle"), after if after is not None else cur
    if verb == "discard" and cards.zone not in ("hand", "play"):
        return None
    if verb == "purify" and cards.zone != "graveyard" and cards.ref is None:
        return None  # Purificar acts on cards in a Cementerio
    return Effect(verb, player, cards), cur
