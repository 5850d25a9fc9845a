"""Card text to parsing units: normalisation, sentence splitting and word tokens.

A card's text is cut into *units*: one sentence, plus the sentences that continue it
("Luego, …", "Si lo haces, …", or one that points back with "ese/esa/esos…", "el resto").
Each unit is shown to the user as written and parsed from its *tokens*: reminder text in
parentheses removed, accents and case folded, numbers in words as digits, the card's own
name and "este Aliado" / "esta carta" / "este Talismán"… as one token ``SELF``, the enclitic
pronouns split off ("Destiérralo" -> ``destierra lo``) and commas kept as tokens.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...catalog.keywords import KEYWORDS
from ...catalog.model import REMINDER, fold_accents

class NotUnderstood(Exception):
    """A sentence the grammar cannot read; the message says why (in Spanish)."""


_SPLIT = re.compile(r"(?<=[.;:])\s+|\n+")
NUMBERS = {"dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6", "siete": "7",
           "ocho": "8", "nueve": "9", "diez": "10"}
_SYNONYMS = {"rival": "oponente", "rivales": "oponentes"}
_PHRASES = (("cualquier numero de", "cualquier cantidad de"), ("la carta superior de", "la primera carta de"))
_SELF = re.compile(r"\b(?:est[ea]s? (?:aliado|carta|talisman|totem|arma|oro)|este objeto)\b")
# verbs that take an enclitic pronoun in the texts (imperative and infinitive stems)
_CLITIC_VERBS = frozenset("""
destierra desterrar pon poner baraja barajar juega jugar destruye destruir sube subir
anula anular prevenir devuelve devolver ganar muestra mostrar descarta descartar
purifica purificar agrupa agrupar convierte convertir mueve mover porta portar busca buscar
juega jugar alimenta alimentar
""".split())
_CLITIC = re.compile(r"^(\w+?)(los|las|lo|la|le|les)$")
_CONTINUES = re.compile(r"^(?:luego|si lo haces|despues|en ese caso|pon\b|ponl|destierra (?:la|el|las|los) otr"
                        r"|elige una,|por cada [^,.]* de esta manera,)")
_POINTS_BACK = re.compile(r"\b(?:ese|esa|esos|esas|el resto|la otra|las otras|el aliado elegido|la carta elegida|de ahi|de alli)\b")
# a sentence that says when or from where the card may be played: what follows is its effect
_PERMISSION = re.compile(r"^(?:solo )?puedes jugar est[ea] (?:talisman|aliado|carta|arma|totem)\b[^.]*\.?$")
_OPENS = ("cuando ", "mientras ", "una vez", "en ", "al ", "si ", "puedes ", "solo ", "sólo ", "hasta ",
          "cada vez")


def strip_reminders(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, REMINDER.sub(" ", text)
    return text


def split_sentences(text: str | None) -> list[str]:
    """The sentences of a card text as written (line breaks and periods), reminders removed."""
    if not text:
        return []
    text = text.replace("\r\n", "\n").replace("\u21b5", "\n").replace("/n", "\n")
    out = []
    for piece in _SPLIT.split(strip_reminders(text)):
        piece = " ".join(piece.split()).strip()
        if piece.strip(" .,;:"):
            out.append(piece)
    return out


def split_units(text: str | None) -> list[str]:
    """Sentences merged with their continuations (see module docstring)."""
    units: list[str] = []
    for sentence in split_sentences(text):
        key = fold_accents(sentence)
        # "Luego, …" continues the unit before it; a sentence that points back ("ese Aliado")
        # does too, unless it opens an ability of its own ("En respuesta a que … ese Aliado")
        continues = _CONTINUES.search(key) or (_POINTS_BACK.search(key) and not key.startswith(_OPENS))
        if continues and units and _PERMISSION.match(fold_accents(units[-1])) and key.startswith("pon"):
            continues = None  # «Puedes jugar este Talismán en respuesta a …» / «Pon …»: its effect
        if units and continues and not _keyword_only(units[-1]):
            units[-1] = f"{units[-1]} {sentence}"
        else:
            units.append(sentence)
    return units


_KEYWORD_WORDS = frozenset(fold_accents(k) for k in KEYWORDS) | {"embestida", "temerario", "conquista"}


def _keyword_only(unit: str) -> bool:
    """ "Única." / "Furia, Errante.": a unit of keywords only, which nothing continues."""
    parts = [p.strip() for p in re.split(r"[.,]", fold_accents(unit)) if p.strip()]
    return bool(parts) and all(p in _KEYWORD_WORDS for p in parts)


@lru_cache(maxsize=65536)
@lru_cache(maxsize=4096)
def _own_name(own: str) -> re.Pattern[str]:
    """The card's own name as a whole word (compiled once per name: re's own cache holds 512)."""
    return re.compile(rf"(?<!\w){re.escape(own)}(?!\w)")


@lru_cache(maxsize=16384)
def tokens(sentence: str, name: str = "") -> tuple[str, ...]:
    """The parsing tokens of one unit; pieces of a unit are separated by ``.``."""
    key = fold_accents(strip_reminders(sentence))
    if name:
        own = fold_accents(name).strip()
        if own and len(own) > 2:
            key = _own_name(own).sub(" SELFNAME ", key)
    key = key.replace("y/o", " yo ")
    for variant, usual in _PHRASES:  # «cualquier número de» is «cualquier cantidad de»
        key = key.replace(variant, usual)
    key = re.sub(r"[\"'«»¡!¿?]", " ", key)
    key = re.sub(r"([,.;:])", r" \1 ", key)
    key = _SELF.sub(" SELF ", key)
    out: list[str] = []
    for word in key.split():
        if word in (";", ":"):
            word = "."
        if word == "SELFNAME":
            out.append("SELF")
            continue
        word = NUMBERS.get(word, word)
        word = _SYNONYMS.get(word, word)
        match = _CLITIC.match(word)
        if match and match.group(1) in _CLITIC_VERBS:
            out.extend((match.group(1), match.group(2)))
        else:
            out.append(word)
    while out and out[-1] == ".":
        out.pop()
    return tuple(out)


_RACE_WORDS = re.compile(r"\b(?:caballero|guerrero|eterno|dragon|barbaro|bestia|heroe|ancestral|"
                         r"sacerdote|faerie|sombra|oni|samurai)s?\b")


def shape(sentence: str, name: str = "") -> str:
    """A unit's *shape*: its tokens with numbers as N and race names as RAZA, so that sentences
    that differ only in those group together in the coverage report."""
    text = " ".join(tokens(sentence, name))
    text = re.sub(r"\b(?:\d+|un|una|uno)\b", "N", text)
    text = _RACE_WORDS.sub("RAZA", text)
    return text.replace(" ,", ",").replace(" .", ".")


@lru_cache(maxsize=None)
def _by_first(phrases: tuple[str, ...]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """``phrases`` as word tuples grouped by first word, each group in the given order (an
    empty phrase, which always matches, is kept under "" and also ends every group)."""
    split = [tuple(p.split()) for p in phrases]
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for k, words in enumerate(split):
        first = words[0] if words else ""
        if first not in out:
            # every phrase with this first word, or empty, in order
            out[first] = tuple(w for w in split if not w or w[0] == first)
    return out


@dataclass(frozen=True, slots=True)
class Cursor:
    """Read position over a token tuple (immutable: parsers return a new cursor)."""

    toks: tuple[str, ...]
    i: int = 0

    @property
    def done(self) -> bool:
        return self.i >= len(self.toks)

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else ""

    def take(self, *words: str) -> Cursor | None:
        """The cursor after ``words`` when they come next, else None."""
        n, i, toks = len(words), self.i, self.toks
        if n and (i >= len(toks) or toks[i] != words[0]):  # the usual miss, without slicing
            return None
        if toks[i:i + n] == words:
            return Cursor(toks, i + n)
        return None

    def take_any(self, *phrases: str) -> Cursor | None:
        """The cursor after the first of ``phrases`` that comes next (in the order given)."""
        toks, i = self.toks, self.i
        by_first = _by_first(phrases)
        candidates = by_first.get(toks[i] if i < len(toks) else "") or by_first.get("")
        for words in candidates or ():
            n = len(words)
            if toks[i:i + n] == words:
                return Cursor(toks, i + n)
        return None

    def skip(self, n: int = 1) -> Cursor:
        return Cursor(self.toks, self.i + n)

    def rest(self) -> str:
        return " ".join(self.toks[self.i:])
