"""Keyword abilities the engine implements, read from the card's keyword list and its text.

A keyword counts when ``card.keywords`` lists it or when the card's text declares it as a
sentence of its own ("Furia.", "Imbloqueable (reminder)", "Errante. Retador. Furia.") —
mentions inside longer sentences do not count. Embestida, Temerario and Conquista (2009
keywords and the 10.14 ability) are not in DeckForge's list, so text is the only source.
"""
from __future__ import annotations

import re
from functools import lru_cache

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
_REMINDER = re.compile(r"\([^()]*\)")
_SENTENCE = re.compile(r"[.\n;]+")
_WEAPON_BONUS = re.compile(r"^el aliado portador gana (\d+) a la fuerza$")
_ENTERS_WITH = re.compile(r"^este aliado entra en juego con (un|dos|tres|\d+) contador(?:es)? de (\w+)$")
_NUMBERS = {"un": 1, "dos": 2, "tres": 3}


def _sentences(text: str) -> list[str]:
    text = text.replace("\u21b5", "\n").replace("/n", "\n")
    text = _REMINDER.sub(" ", text)
    return [s.strip(" ,") for s in _SENTENCE.split(text) if s.strip(" ,")]


@lru_cache(maxsize=8192)
def engine_keywords(card: Card) -> frozenset[str]:
    found = {k for k in card.keywords if k in ENGINE_KEYWORDS}
    for sentence in _sentences(card.text or ""):
        parts = [fold(p) for p in sentence.split(",")]
        if all(p in _BY_FOLD for p in parts):
            found.update(_BY_FOLD[p] for p in parts)
    return frozenset(found)


@lru_cache(maxsize=8192)
def weapon_bonus(card: Card) -> int:
    """Unconditional "El Aliado portador gana N a la Fuerza" of an Arma (0 when none)."""
    total = 0
    for sentence in _sentences(card.text or ""):
        match = _WEAPON_BONUS.match(fold(sentence))
        if match:
            total += int(match.group(1))
    return total


@lru_cache(maxsize=8192)
def enters_with_counters(card: Card) -> tuple[tuple[str, int], ...]:
    """Counters an Aliado's text says it enters play with ("entra en juego con un contador de Honor")."""
    out = []
    for sentence in _sentences(card.text or ""):
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


@lru_cache(maxsize=8192)
def play_permissions(card: Card) -> frozenset[str]:
    """Extra moments or zones the card's own text allows playing it from (see the constants)."""
    found = {GRAVEYARD} if "Exhumar" in card.keywords else set()
    for sentence in _sentences(card.text or ""):
        key = fold(sentence)
        if fold("Exhumar") == key:
            found.add(GRAVEYARD)
        for pattern, permission in _TIMINGS:
            if pattern.match(key):
                found.add(permission)
    return frozenset(found)
