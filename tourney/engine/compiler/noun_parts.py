"""More noun modifiers, read by ``nouns._modifiers`` in the same loop: a bare race after the
noun («Aliados Dragón»), «que no sea Luz / Oscuridad [ni Oro]», «que haga objetivo a NP»
(a card being played that targets such a card), «jugada sin pagar su coste» and «que no se haya
jugado desde la mano de su dueño» (how a card being played is played); counters on a card
(«Alimentado», «con contadores de X») and «la carta fuente de esa habilidad»."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .noun_words import ATTRIBUTES, COUNTER_NAMES, FED, NOUNS, RACES
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


def counter_modifier(cur: Cursor) -> tuple[tuple[str, bool], Cursor] | None:
    """ "Alimentado(s)" (10.3: it has Alimento counters), "con (uno o más) contadores de X",
    "con un contador de X"; "que no esté(n) Alimentado(s)", "que no tenga(n) contadores de X",
    "sin contadores de X": ``((counter, has), cursor)``."""
    if cur.peek() in FED:
        return ("Alimento", True), cur.skip()
    if (after := cur.take_any("que no esten", "que no este")) is not None and after.peek() in FED:
        return ("Alimento", False), after.skip()
    for words, has in (("con uno o mas contadores de", True), ("con contadores de", True),
                       ("con un contador de", True), ("que no tengan contadores de", False),
                       ("que no tenga contadores de", False), ("sin contadores de", False)):
        if (after := cur.take(*words.split())) is not None and after.peek() in COUNTER_NAMES:
            return (COUNTER_NAMES[after.peek()], has), after.skip()
    return None


def source_of_that_ability(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """ "la carta fuente de esa habilidad": the card whose ability was just cancelled."""
    if (end := cur.take_any("la carta fuente de esa habilidad", "la fuente de esa habilidad")) is not None:
        return Cards(ref="that"), end
    return None


_MOVED = {"desterrado": "banish", "desterrada": "banish", "desterrados": "banish", "desterradas": "banish",
          "destruido": "destroy", "destruida": "destroy", "destruidos": "destroy", "destruidas": "destroy"}


def moved_this_way(got: tuple[Cards, Cursor]) -> tuple[Cards, Cursor] | None:
    """«(por cada) Aliado Desterrado de esta manera»: the cards the step before moved
    (``ref="moved:banish"``; the lowering checks that step is that verb)."""
    cards, cur = got
    verb = _MOVED.get(cur.peek())
    end = cur.skip().take("de", "esta", "manera") if verb else None
    return (replace(cards, ref=f"moved:{verb}"), end) if end is not None else None
