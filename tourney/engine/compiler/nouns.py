"""Noun phrases: which cards a sentence talks about (count, type, filters, zone, controller).

``card_phrase(cur)`` reads "hasta dos Aliados objetivo oponentes de coste 3 o menos",
"todos los Aliados de Raza Dragón que controles", "una carta de tu Cementerio",
"el Aliado portador", "ese Aliado", "las primeras 3 cartas de tu Mazo Castillo"… and returns
``(Cards, cursor)`` or None. Modifiers are read one by one in any order, so every
combination the texts use is covered by the same few rules.
"""
from __future__ import annotations

from dataclasses import replace

from .amounts import as_many_cards, relation
from .combat_words import combat_modifier
from .noun_parts import counter_modifier, moved_this_way, other_modifier, source_of_that_ability
from .noun_words import (
    NUMBER_WORDS,
    REF,
    ZONES,
    ATTRIBUTES,
    KEYWORD_ADJ,
    NOUNS,
    RACES,
)
from .parsed import Amount, Cards
from .text import Cursor


def number(cur: Cursor) -> tuple[int, Cursor] | None:
    word = cur.peek()
    if word.isdigit():
        return int(word), cur.skip()
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word], cur.skip()
    return None


def comparison(cur: Cursor) -> tuple[tuple[str, int], Cursor] | None:
    got = number(cur)
    if got is None:
        return None
    n, cur = got
    if (after := cur.take("o", "menos")) is not None:
        return ("<=", n), after
    if (after := cur.take("o", "mas")) is not None:
        return (">=", n), after
    return ("==", n), cur


def zone_phrase(cur: Cursor) -> tuple[tuple[str, str | None], Cursor] | None:
    for prep in ("de", "en", "del", "desde"):
        after = cur.take(prep)
        if after is None:
            continue
        for words, zone, owner in ZONES:
            phrase = words
            if prep == "del" and words.startswith("el "):
                phrase = words[3:]
            elif prep == "del":
                continue
            got = after.take(*phrase.split())
            if got is not None:
                return (zone, owner), got
    return None


def _nouns(cur: Cursor) -> tuple[tuple[str | None, ...], bool, Cursor] | None:
    """One noun or several joined by "o"/"y" ("Aliado o Tótem")."""
    if cur.peek() not in NOUNS:
        return None
    kind, plural = NOUNS[cur.peek()]
    kinds = [kind]
    cur = cur.skip()
    if kind is None and cur.peek() == "de" and cur.peek(1) in NOUNS and NOUNS[cur.peek(1)][0] and \
            not NOUNS[cur.peek(1)][1]:
        kinds, cur = [NOUNS[cur.peek(1)][0]], cur.skip(2)  # «una carta de Aliado»: an Aliado
    while cur.peek() in ("o", "y") and cur.peek(1) in NOUNS:
        kinds.append(NOUNS[cur.peek(1)][0])
        plural = plural or NOUNS[cur.peek(1)][1]
        cur = cur.skip(2)
    if None in kinds and len(kinds) > 1:
        return None
    return tuple(kinds), plural, cur


def more_modifiers(cards: Cards, cur: Cursor) -> tuple[Cards, Cursor]:
    """Modifiers that come after an interruption ("una carta de allí que no sea Oro")."""
    return _modifiers(cards, cur)


def _modifiers(cards: Cards, cur: Cursor) -> tuple[Cards, Cursor]:
    while not cur.done:
        word = cur.peek()
        if word in ("objetivo", "objetivos"):
            cards, cur = replace(cards, target=True), cur.skip()
        elif word in ("oponente", "oponentes"):
            cards, cur = replace(cards, controller="opponent"), cur.skip()
        elif word in ATTRIBUTES and cur.peek(1) in ("o", "yo") and cur.peek(2) == "de" and \
                cur.peek(3) == "raza" and cur.peek(4) in RACES and not cards.races and cards.attribute is None:
            # «un Aliado Luz o de Raza Samurái», «Aliados Luz y/o de Raza Samurái»: either one
            tail = cur.skip(5)
            races = [RACES[cur.peek(4)]]
            while tail.peek() in ("o", "yo", ",") and tail.peek(1) in RACES:
                races.append(RACES[tail.peek(1)])
                tail = tail.skip(2)
            cards, cur = replace(cards, attribute_or_races=(ATTRIBUTES[word], tuple(races))), tail
        elif word in ATTRIBUTES:
            cards, cur = replace(cards, attribute=ATTRIBUTES[word]), cur.skip()
        elif word in RACES and not cards.races and cur.peek(1) not in ("o", "y", "yo", ",") and \
                cur.i > 0 and cur.toks[cur.i - 1] in NOUNS:
            cards, cur = replace(cards, races=(RACES[word],)), cur.skip()  # «el Aliado Samurái objetivo»
        elif word in KEYWORD_ADJ and not cards.keywords:
            cards, cur = replace(cards, keywords=(KEYWORD_ADJ[word],)), cur.skip()
        elif (after := cur.take("con")) is not None and after.peek() in KEYWORD_ADJ and not cards.keywords:
            cards, cur = replace(cards, keywords=(KEYWORD_ADJ[after.peek()],)), after.skip()
        elif (after := cur.take_any("que controles", "que controlas", "bajo tu control",
                                    "que tengas en juego")) is not None:
            cards, cur = replace(cards, controller="you"), after
        elif (after := cur.take_any("que juegue tu oponente", "que tu oponente juegue")) is not None:
            cards, cur = replace(cards, zone="being_played", zone_owner="opponent"), after
        elif (after := cur.take_any("que porten armas", "que porte un arma", "que porten un arma",
                                    "que porte una o mas armas", "que porten una o mas armas")) is not None:
            cards, cur = replace(cards, bearing_weapon=True), after
        elif (counted := counter_modifier(cur)) is not None and cards.counter is None and cards.no_counter is None:
            (name, has), cur = counted
            cards = replace(cards, counter=name) if has else replace(cards, no_counter=name)
        elif (after := cur.take_any("que controle tu oponente", "que controla tu oponente")) is not None:
            cards, cur = replace(cards, controller="opponent"), after
        elif (after := cur.take_any("que controle", "que controlen")) is not None:
            cards, cur = replace(cards, controller="subject"), after  # the player doing the effect
        elif (after := cur.take("de", "raza")) is not None and after.peek() in RACES:
            races = [RACES[after.peek()]]
            after = after.skip()
            while after.peek() in ("o", "y", "yo", ",") and after.peek(1) in RACES:
                races.append(RACES[after.peek(1)])
                after = after.skip(2)
            cards, cur = replace(cards, races=tuple(races)), after
        elif (after := cur.take_any("de coste", "con coste")) is not None and \
                (compared := comparison(after)) is not None:
            cards, cur = replace(cards, cost=compared[0]), compared[1]
        elif (after := cur.take_any("de fuerza", "con fuerza")) is not None and \
                (compared := comparison(after)) is not None:
            cards, cur = replace(cards, strength=compared[0]), compared[1]
        elif (after := cur.take_any("de menor fuerza", "de mayor fuerza")) is not None and \
                cards.extreme is None and cards.count == 1 and not cards.up_to:
            cards, cur = replace(cards, extreme="min" if cur.peek(1) == "menor" else "max"), after
        elif word == "," and cur.peek(1) in ("de", "con") and \
                (related := relation(cards, cur.skip(), bare_phrase)) is not None:
            cards, cur = related  # «la carta objetivo, que no sea Aliado, de coste igual o menor a …»
        elif word in ("de", "con", "del") and (related := relation(cards, cur, bare_phrase)) is not None:
            cards, cur = related  # «de coste igual o menor a la cantidad de …» (amounts.py)
        elif (after := cur.take("en", "juego")) is not None:
            cards, cur = replace(cards, zone="play"), after
        elif cur.peek() == "," and cur.peek(1) == "que" and cur.peek(2) == "no":
            cur = cur.skip()  # "una carta de coste 3 o menos, que no sea Aliado"
        elif (after := cur.take_any("que no sea SELF", "que no sean SELF")) is not None:
            cards, cur = replace(cards, other=True), after
        elif (after := cur.take_any("que no sea de raza", "que no sean de raza")) is not None and \
                after.peek() in RACES and not cards.not_races:
            races = [RACES[after.peek()]]
            after = after.skip()
            while after.peek() in ("ni", "o", "y", "yo", ",") and after.peek(1) in RACES:
                races.append(RACES[after.peek(1)])
                after = after.skip(2)
            cards, cur = replace(cards, not_races=tuple(races)), after
        elif (after := cur.take_any("de los que no seas dueno", "del que no seas dueno",
                                    "de las que no seas dueno")) is not None:
            cards, cur = replace(cards, owned=False), after
        elif (after := cur.take_any("de la que seas dueno", "del que seas dueno",
                                    "de los que seas dueno", "de las que seas dueno")) is not None:
            cards, cur = replace(cards, owned=True), after
        elif (more := other_modifier(cards, cur, card_phrase)) is not None:
            cards, cur = more
        elif (after := cur.take_any("que no sea", "que no sean")) is not None and \
                after.peek() in KEYWORD_ADJ and not cards.without:
            cards, cur = replace(cards, without=(KEYWORD_ADJ[after.peek()],)), after.skip()
        elif (after := cur.take_any("que no sea de", "que no sean de", "que no sea", "que no sean")) is not None \
                and after.peek() in NOUNS and not cards.exclude_types:
            excluded = [NOUNS[after.peek()][0]]  # «que no sea Oro», «que no sea de Aliado ni Oro»
            after = after.skip()
            while after.peek() == "ni" and after.peek(1) in NOUNS:
                excluded.append(NOUNS[after.peek(1)][0])
                after = after.skip(2)
            if None in excluded:
                break
            cards, cur = replace(cards, exclude_types=tuple(k for k in excluded if k)), after
        elif word in ("o", "yo") and (alt := _either(cards, cur.skip())) is not None:  # «y/o»: one or both
            cards, cur = alt
        elif (after := cur.take("con", "habilidad")) is not None:
            cards, cur = replace(cards, with_ability=True), after
        elif (after := cur.take("sin", "habilidad")) is not None:
            cards, cur = replace(cards, with_ability=False), after
        elif (combat := combat_modifier(cards, cur)) is not None:
            cards, cur = combat  # «bloqueador», «atacante o bloqueador», «no bloqueados»
        elif (after := cur.take_any("declarado atacante", "declarados atacantes", "atacante",
                                    "atacantes")) is not None and cards.attacking is None:
            cards, cur = replace(cards, attacking=True), after
        elif (after := cur.take("al", "azar")) is not None:
            cards, cur = replace(cards, random=True), after
        elif cards.zone == "play" and (got := zone_phrase(cur)) is not None:
            # one zone per phrase: "un Oro de tu mano en tu Zona de Oro Pagado" keeps the second
            # for the verb
            (zone, owner), cur = got
            cards = replace(cards, zone=zone, zone_owner=owner)
        else:
            break
    return cards, cur


def _either(cards: Cards, cur: Cursor) -> tuple[Cards, Cursor] | None:
    """ "un Aliado Oscuridad o de Raza Sombra", "un Aliado Guardián o de Raza Héroe": the card
    has one trait or the other (read after the first trait, at its «o»)."""
    first = [Cards(attribute=cards.attribute)] if cards.attribute else []
    first += [Cards(keywords=cards.keywords)] if cards.keywords else []
    first += [Cards(races=cards.races)] if cards.races else []
    if len(first) != 1 or cards.any_of:
        return None
    word = cur.peek()
    if word in ATTRIBUTES:
        second, rest = Cards(attribute=ATTRIBUTES[word]), cur.skip()
    elif word in KEYWORD_ADJ:
        second, rest = Cards(keywords=(KEYWORD_ADJ[word],)), cur.skip()
    elif (after := cur.take("de", "raza")) is not None and after.peek() in RACES:
        second, rest = Cards(races=(RACES[after.peek()],)), after.skip()
    else:
        return None
    return replace(cards, attribute=None, keywords=(), races=(), any_of=(first[0], second)), rest


def bare_phrase(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """A noun without determiner, as after "por cada": every card that matches."""
    nouns = _nouns(cur)
    if nouns is None:
        return None
    kinds, _, cur = nouns
    return _finish(Cards(types=tuple(k for k in kinds if k), count=None), cur, None)


_ENTERED = tuple(f"que {verb} en juego bajo tu control este turno"
                 for verb in ("entro", "entraron", "haya entrado", "hayan entrado"))


def per_phrase(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """What follows «por cada»: a bare noun phrase, «otro NP» (other than this card), «copia
    en juego» / «copia de esta carta en juego» (every card with this card's name, itself
    included: a card is a copy of itself), «otra copia en juego», «Aliado de Raza Guerrero que
    (haya) entró en juego bajo tu control este turno» (``entered_this_turn``)."""
    other = cur.peek() in ("otro", "otra")
    if other:
        cur = cur.skip()
    if cur.peek() == "copia":
        after = cur.skip()
        after = after.take("de", "SELF") or after
        return _finish(Cards(copy_of_self=True, count=None, other=other), after, None)
    got = bare_phrase(cur)
    if got is not None and (this_way := moved_this_way(got)) is not None:
        return this_way  # «por cada Aliado Desterrado de esta manera»
    if got is not None and not other and (end := got[1].take_any(*_ENTERED)) is not None:
        return replace(got[0], entered_this_turn=True), end  # a count of the turn's past
    if got is not None and got[1].take("este", "turno") is not None:
        return None  # «por cada Aliado declarado atacante este turno»: a count of the past
    if got is None or not other:
        return got
    return replace(got[0], other=True), got[1]


def _role(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """A card named by its part: the bearer, the one blocking this card, the one chosen."""
    if (after := cur.take_any("el aliado portador", "el portador")) is not None:
        return Cards(types=("Aliado",), ref="bearer"), after
    if (after := cur.take_any("el aliado que lo bloquea", "el aliado bloqueador")) is not None:
        return Cards(types=("Aliado",), ref="blocker"), after  # «Cuando este Aliado sea bloqueado, …»
    if (after := cur.take_any("el aliado elegido", "la carta elegida")) is not None:
        return Cards(types=("Aliado",) if cur.peek(1) == "aliado" else (), ref="that"), after
    return None


def _named(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """A card named by what it is, not counted: this card, its copies, the bearer, «el Aliado
    elegido», «la carta fuente de esa habilidad», «ese Aliado»."""
    word = cur.peek()
    if word == "SELF":
        return Cards(ref="self"), cur.skip()
    if (after := cur.take_any("todas sus demas copias", "todas sus copias")) is not None:
        return _finish(Cards(count=None, copies_of_that=True), after, None)
    if (after := cur.take_any("cada otra copia de SELF", "todas las demas copias de SELF",
                              "las demas copias de SELF")) is not None:
        return _finish(Cards(count=None, copy_of_self=True, other=True), after, None)
    if (after := cur.take_any("una copia de SELF", "1 copia de SELF")) is not None:
        return _finish(Cards(copy_of_self=True), after, None)
    if (role := _role(cur)) is not None:
        return role
    if (source := source_of_that_ability(cur)) is not None:  # «la carta fuente de esa habilidad»
        return source
    if word in REF and cur.peek(1) in NOUNS:
        kind = NOUNS[cur.peek(1)][0]
        return Cards(types=(kind,) if kind else (), ref="that"), cur.skip(2)
    return None


def _yours(cur: Cursor) -> tuple[bool, tuple[Cards, Cursor] | None]:
    """(whether the phrase is one of these, what it reads): «uno de tus Aliados …», «tus demás
    Aliados», «tus Aliados» — cards you control."""
    if (after := cur.take("uno", "de", "tus")) is not None:  # «uno de tus Aliados de Raza Bestia»
        nouns = _nouns(after)
        if nouns is None or not nouns[1]:
            return True, None
        return True, _finish(Cards(types=tuple(k for k in nouns[0] if k), controller="you"), nouns[2], None)
    if cur.peek() != "tus":
        return False, None
    other = cur.peek(1) == "demas"
    nouns = _nouns(cur.skip(2 if other else 1))
    if nouns is None:
        return True, None
    return True, _finish(Cards(types=tuple(k for k in nouns[0] if k), count=None, controller="you",
                               other=other), nouns[2], None)


def _per_each(result: tuple[Cards, Cursor]) -> tuple[Cards, Cursor] | None:
    """«hasta una carta de tu Cementerio por cada Oro que controles»: at most one per card."""
    per = result[1].take("por", "cada")
    if per is None:
        return result
    counted = per_phrase(per)
    if counted is None or counted[0].other:
        return None
    # «hasta una carta en un Cementerio por cada …»: each one in a Cementerio, any of them
    owner = None if result[0].zone_owner == "one" else result[0].zone_owner
    return replace(result[0], count_rel=Amount("count", cards=counted[0]), zone_owner=owner), counted[1]


def card_phrase(cur: Cursor) -> tuple[Cards, Cursor] | None:
    word = cur.peek()
    if (named := _named(cur)) is not None:
        return named
    if word in ("uno", "tus") and (yours := _yours(cur))[0]:
        return yours[1]
    count: int | None = 1
    up_to = other = False
    position = None
    if (after := cur.take_any("al menos", "1 o mas", "uno o mas")) is not None:
        cur = after
        word = cur.peek()
    if (after := cur.take_any("hasta otros", "hasta otras")) is not None:
        got = number(after)  # «hasta otros dos Aliados»
        if got is None:
            return None
        (count, cur), up_to, other = got, True, True
    elif (after := cur.take("hasta", "tantas", "cartas")) is not None:
        return as_many_cards(after, more_modifiers, bare_phrase)  # «hasta tantas cartas de tu Cementerio como …» (amounts.py)
    elif (after := cur.take("hasta")) is not None:
        got = number(after)
        if got is None:
            return None
        (count, after), up_to = got, True
        cur = after
        if cur.peek() in ("otro", "otra", "otros", "otras"):
            other, cur = True, cur.skip()  # «hasta dos otros Aliados»
    elif (after := cur.take_any("todos los demas", "todas las demas")) is not None:
        count, other, cur = None, True, after
    elif (after := cur.take_any("todos los", "todas las", "todos tus", "todas tus")) is not None:
        count, cur = None, after
    elif (after := cur.take_any("los demas", "las demas")) is not None:
        count, other, cur = None, True, after
    elif (after := cur.take("cualquier", "cantidad", "de")) is not None:
        count, up_to, cur = None, True, after
    elif (after := cur.take_any("las primeras", "la primera")) is not None:
        got = number(after)
        count, cur = (got[0], got[1]) if got else (1, after)
        position = "top"
    elif (after := cur.take_any("las ultimas", "la ultima")) is not None:
        got = number(after)
        count, cur = (got[0], got[1]) if got else (1, after)
        position = "bottom"
    elif word in ("otro", "otra"):
        other, cur = True, cur.skip()
    elif (got := number(cur)) is not None:
        count, cur = got
        if cur.peek() in ("otro", "otra"):
            other, cur = True, cur.skip()
    elif word in ("el", "la"):
        cur = cur.skip()  # "el Aliado objetivo": must be a target (checked below)
    elif word in ("los", "las"):
        count, cur = None, cur.skip()
    else:
        return None
    nouns = _nouns(cur)
    if nouns is None:
        return None
    kinds, plural, cur = nouns
    cards = Cards(types=tuple(k for k in kinds if k), count=count, up_to=up_to, other=other,
                  position=position)
    if count == 1 and plural and not up_to:
        return None  # "una cartas": not a phrase we understand
    # «la primera carta de tu Mazo Castillo» names its card by position, not as a target
    result = _finish(cards, cur, word if word in ("el", "la") and position is None else None)
    if result and position and result[0].zone != "castle":
        return None
    return _per_each(result) if result and up_to and count == 1 else result


def _finish(cards: Cards, cur: Cursor, article: str | None) -> tuple[Cards, Cursor] | None:
    cards, cur = _modifiers(cards, cur)
    if article and not cards.target and cards.extreme is None:
        return None  # "el Aliado …" without "objetivo" points at something we can't name
    return cards, cur

