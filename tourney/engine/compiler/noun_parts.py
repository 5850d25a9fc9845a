"""More noun modifiers, read by ``nouns._modifiers`` in the same loop: a bare race after the
noun («Aliados Dragón»), «que no sea Luz / Oscuridad [ni Oro]», «que haga objetivo a NP»
(a card being played that targets such a card), «jugada sin pagar su coste» and «que no se haya
jugado desde la mano de su dueño» (how a card being played is played)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .noun_words import ATTRIBUTES, NOUNS, RACES
from .parsed import Cards
from .text import Cursor

# a noun phrase reader (``nouns.card_phrase``): «que haga objetivo a NP» holds another phrase
Phrase = Callable[[Cursor], "tuple[Cards, Cursor] | None"]


_FIRST = frozenset({"que", "jugada", "jugado", "jugadas", "jugados"})


def other_modifier(cards: Cards, cur: Cursor, card_phrase: Phrase) -> tuple[Cards, Cursor] | None:
    word = cur.peek()
    if word not in _FIRST and (cards.races or word not in RACES):
        return None  # the hot path: most words end the phrase here
    if word in RACES and not cards.races:  # «Aliados Dragón de coste 4 o más»
        return replace(cards, races=(RACES[word],)), cur.skip()
    if (after := cur.take_any("que no sea", "que no sean")) is not None and after.peek() in ATTRIBUTES \
            and cards.not_attribute is None:
        cards, after = replace(cards, not_attribute=ATTRIBUTES[after.peek()]), after.skip()
        excluded = NOUNS[after.peek(1)][0] if after.peek() == "ni" and after.peek(1) in NOUNS else None
        if excluded is not None and not cards.exclude_types:  # «que no sean Oscuridad ni Oro»
            cards, after = replace(cards, exclude_types=(excluded,)), after.skip(2)
        return cards, after
    if (after := cur.take_any("jugada sin pagar su coste", "jugado sin pagar su coste", "jugadas sin pagar su coste",
                              "jugados sin pagar su coste")) is not None and cards.played_free is None:
        return replace(cards, played_free=True), after  # «Anula una carta jugada sin pagar su coste»
    if (after := cur.take_any("que no se haya jugado desde la mano de su dueno",
                              "que no se hayan jugado desde la mano de su dueno")) is not None and \
            cards.played_from_hand is None:
        return replace(cards, played_from_hand=False), after
    if (after := cur.take_any("que haga objetivo a", "que hagan objetivo a")) is not None and \
            cards.targeting is None and (aimed := card_phrase(after)) is not None:
        inner, rest = aimed
        if inner.ref is not None or inner.count != 1 or inner.up_to or inner.target:
            return None
        return replace(cards, targeting=inner), rest
    return None
