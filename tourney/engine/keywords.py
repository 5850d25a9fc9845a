"""Keyword abilities the engine implements, read from the card's own text.

A keyword counts only when the card's text declares it as a sentence of its own ("Furia.",
"Imbloqueable (reminder)", "Errante. Retador. Furia.") — mentions inside longer sentences do
not count, and neither does the catalog's ``keywords`` list, which also flags keywords a text
merely *mentions* ("Mientras este Aliado porte un Arma es Imbloqueable" is a conditional
keyword: see ``abilities``, not a permanent one). Embestida, Temerario and Conquista (2009
keywords and the 10.14 ability) are read the same way.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from ..catalog.keywords import declared_sentences
from ..catalog.model import Card, fold

FURY = "Furia"
UNBLOCKABLE = "Imbloqueable"
INDESTRUCTIBLE = "Indestructible"
UNBANISHABLE = "Indesterrable"
GUARDIAN = "Guardián"
UNIQUE = "Única"
WANDERER = "Errante"
CHALLENGER = "Retador"
CHARGE = "Embestida"
RECKLESS = "Temerario"
CONQUEST = "Conquista"

ENGINE_KEYWORDS = (FURY, UNBLOCKABLE, INDESTRUCTIBLE, UNBANISHABLE, GUARDIAN, UNIQUE,
                   WANDERER, CHALLENGER, CHARGE, RECKLESS, CONQUEST)
_BY_FOLD = {fold(k): k for k in ENGINE_KEYWORDS}
_ENTERS_WITH = re.compile(r"^este aliado entra en juego con (un|dos|tres|\d+) contador(?:es)? de (\w+)$")
_NUMBERS = {"un": 1, "dos": 2, "tres": 3}


T = TypeVar("T")


def card_fact(read: Callable[[Card], T]) -> Callable[[Card], T]:
    """A fact read once from a card's text and kept for every later look-up of the same
    card object (by identity: hashing a whole ``Card`` costs more than reading the fact)."""
    known: dict[int, tuple[Card, T]] = {}

    def fact(card: Card) -> T:
        entry = known.get(id(card))
        if entry is not None and entry[0] is card:
            return entry[1]
        if len(known) > 20000:  # cards made on the fly (tests): keep it bounded
            known.clear()
        value = read(card)
        known[id(card)] = (card, value)
        return value

    fact.__doc__ = read.__doc__
    fact.__name__ = read.__name__
    return fact


NO_ATTACK = "no-attack"  # "no puede ser declarado atacante": an Arma's grant or own text
NO_BLOCK = "no-block"  # "no puede bloquear": given by an effect or a continuous ability
_OWN_NO_ATTACK = "este aliado no puede ser declarado atacante"


@card_fact
def engine_keywords(card: Card) -> frozenset[str]:
    """The keywords above, plus ``NO_ATTACK`` when the card's own text says so as a sentence
    of its own (a continuous ability; seed 000, 4.2 uses that very sentence as its example)."""
    found: set[str] = set()
    for sentence in declared_sentences(card.text or ""):
        parts = [fold(p) for p in sentence.split(",")]
        if all(p in _BY_FOLD for p in parts):
            found.update(_BY_FOLD[p] for p in parts)
        elif fold(sentence) == _OWN_NO_ATTACK:
            found.add(NO_ATTACK)
    return frozenset(found)

_BEARER = "el aliado portador "
_STRENGTH_PART = re.compile(r"^(gana|pierde) (\d+) a la fuerza$")
_KEYWORD_PART = re.compile(r"^(?:es |gana )?(\w+)$")


@card_fact
def weapon_grants(card: Card) -> tuple[int, frozenset[str]]:
    """What an Arma's unconditional "El Aliado portador …" sentences give its bearer:
    a Fuerza change and keywords ("gana 2 a la Fuerza y Retador", "es Imbloqueable",
    "pierde 3 a la Fuerza y no puede ser declarado atacante"). A sentence with any other
    part (a condition, "pierde su habilidad"…) is left to ``effect`` lines."""
    bonus = 0
    granted: set[str] = set()
    for sentence in declared_sentences(card.text or ""):
        key = fold(sentence)
        if not key.startswith(_BEARER):
            continue
        part_bonus, part_kw, ok = 0, set(), True
        for part in key[len(_BEARER):].split(" y "):
            strength = _STRENGTH_PART.match(part)
            keyword = _KEYWORD_PART.match(part)
            if strength:
                sign = 1 if strength.group(1) == "gana" else -1
                part_bonus += sign * int(strength.group(2))
            elif keyword and keyword.group(1) in _BY_FOLD:
                part_kw.add(_BY_FOLD[keyword.group(1)])
            elif part == "no puede ser declarado atacante":
                part_kw.add(NO_ATTACK)
            else:
                ok = False
                break
        if ok:
            bonus += part_bonus
            granted |= part_kw
    return bonus, frozenset(granted)


@card_fact
def weapon_capacity(card: Card) -> int:
    """How many Armas an Aliado may carry: 1, unless its text says otherwise."""
    for sentence in declared_sentences(card.text or ""):
        key = fold(sentence)
        if key == "este aliado no puede portar armas":
            return 0
        if key == "este aliado puede portar cualquier cantidad de armas":
            return 99
        if key == "este aliado puede portar un arma adicional":
            return 2
    return 1


def block_capacity(card: Card) -> int:
    """How many attackers an Aliado may block: 1, or 2 when its text says, as a sentence of its
    own, «Este Aliado puede bloquear un Aliado adicional» (9 C2)."""
    for sentence in declared_sentences(card.text or ""):
        if fold(sentence) == "este aliado puede bloquear un aliado adicional":
            return 2
    return 1


@card_fact
def enters_with_counters(card: Card) -> tuple[tuple[str, int], ...]:
    """Counters an Aliado's text says it enters play with ("entra en juego con un contador de Honor")."""
    out = []
    for sentence in declared_sentences(card.text or ""):
        match = _ENTERS_WITH.match(fold(sentence))
        if match:
            n = match.group(1)
            count = _NUMBERS.get(n) or int(n)
            out.append((match.group(2).capitalize(), count))
    return tuple(out)


WAR = "war"  # "Puedes jugar este Aliado en Guerra de Talismanes"
BLOCK = "block"  # "... al comienzo de la Declaración de Bloqueo"
OWN_BLOCK = "own_block"  # "... al comienzo de tu Declaración de Bloqueo"
GRAVEYARD = "graveyard"  # Exhumar: "... desde tu Cementerio pagando su coste"
_TIMINGS = (
    (re.compile(r"^puedes jugar est[ea] \w+ en guerra de talismanes$"), WAR),
    (re.compile(r"^puedes jugar est[ea] \w+ al comienzo de la declaracion de bloqueo$"), BLOCK),
    (re.compile(r"^puedes jugar est[ea] \w+ al comienzo de tu declaracion de bloqueo$"), OWN_BLOCK),
    (re.compile(r"^puedes jugar est[ea] \w+ desde tu cementerio pagando su coste"
                r"(?: luego destierralo)?$"), GRAVEYARD),
)


@card_fact
def play_permissions(card: Card) -> frozenset[str]:
    """Extra moments or zones the card's own text allows playing it from (see the constants)."""
    found: set[str] = set()
    for sentence in declared_sentences(card.text or ""):
        key = fold(sentence)
        if key == "exhumar" or key.startswith("exhumar "):
            found.add(GRAVEYARD)
        for pattern, permission in _TIMINGS:
            if pattern.match(key):
                found.add(permission)
    return frozenset(found)


_BANISHED_WHEN_PLAYED = re.compile(r"^cuando juegues este talisman,? destierralo$")


@card_fact
def banished_when_played(card: Card) -> bool:
    """«Cuando juegues este Talismán, Destiérralo»: it goes to the Destierro, not the Cementerio."""
    return any(_BANISHED_WHEN_PLAYED.match(fold(s)) for s in declared_sentences(card.text or ""))
