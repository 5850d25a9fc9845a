"""Keyword abilities a card *declares* in its own text.

A keyword counts only when the card declares it as an ability: a sentence (or
line) of the ability text that is just the keyword — "Única.", "Furia.
Indestructible.", a line "Errante", "Inmunidad - Talismanes" — and not when the
text merely mentions it ("Destruye un Aliado con Furia"). Reminder text in
parentheses is ignored.
"""
from __future__ import annotations

import re

from .model import REMINDER, fold

UNIQUE = "Única"
MERCENARY = "Mercenario"
WANDERER = "Errante"

KEYWORDS: tuple[str, ...] = (
    "Única", "Furia", "Exhumar", "Indestructible", "Imbloqueable", "Guardián", "Errante",
    "Luz", "Oscuridad", "Indesterrable", "Espectral", "Retador", "Ilusión", "Inmunidad",
    "Mercenario", "Traición",
)
_BY_FOLD = {fold(k): k for k in KEYWORDS}
_SENTENCE = re.compile(r"[.\n;]+")
# "Inmunidad - Talismanes", "Inmunidad a Talismanes", "Exhumar 2": a keyword with a parameter
_PARAM = re.compile(r"^(?P<kw>\w+)\s*(?:[-–:]\s*|\s+a\s+|\s+)(?P<rest>.+)$")
_PARAM_KEYWORDS = {"inmunidad", "exhumar", "traicion"}


def normalize_breaks(text: str | None) -> str:
    """One line-break convention: U+21B5, literal "/n", CRLF and spaced breaks become "\\n";
    runs of spaces collapse; lines are stripped."""
    if not text:
        return ""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u21b5", "\n")
    text = re.sub(r"\s*/n\s*", "\n", text)
    lines = [" ".join(line.split()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def declared_sentences(text: str | None) -> list[str]:
    """The sentences (and lines) of an ability text, reminder text dropped: where a keyword is
    declared. The one splitter of the catalog's and the engine's keyword detection."""
    text = REMINDER.sub(" ", normalize_breaks(text))
    return [s.strip(" ,") for s in _SENTENCE.split(text) if s.strip(" ,")]


def declared_keywords(text: str | None) -> frozenset[str]:
    """The keyword abilities the text declares (see module docstring)."""
    found: set[str] = set()
    for sentence in declared_sentences(text):
        # "Furia, Imbloqueable" declares both
        parts = [p.strip() for p in sentence.split(",")]
        keys = [_keyword(p) for p in parts]
        if all(keys):
            found.update(k for k in keys if k)
    return frozenset(found)


_LONGEST = 40  # a declared keyword (with its parameter) is a short sentence


def _keyword(part: str) -> str | None:
    if len(part) > _LONGEST:
        return None
    key = fold(part)
    if key in _BY_FOLD:
        return _BY_FOLD[key]
    match = _PARAM.match(part)
    if match and fold(match.group("kw")) in _PARAM_KEYWORDS:
        return _BY_FOLD[fold(match.group("kw"))]
    return None
