"""The product's one alphabetical order for names: Spanish, as a reader expects it.

Accents and case are ignored (Álvaro with Alvaro, Óscar before Pablo), «ñ» is its own letter
after «n» (Nuñez after Nuno, before Oa), «ü» is «u». Every list sorted by a person's or a
card's name (wall pairings, deck sheets, the panel's players, the deck-check picker, the XLSX
«Jugadores» sheet…) sorts with ``spanish_key``. Pure: no Flask, no database.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")
_ENYE = "\x00enye\x00"
_AFTER_N = "n\U0010ffff"  # sorts after every «n…» and before «o»


def spanish_key(text: str | None) -> tuple[str, str]:
    """Sort key: the name folded Spanish-style, then the name itself (a stable tiebreak)."""
    raw = text or ""
    low = raw.casefold().replace("ñ", _ENYE).replace("n\u0303", _ENYE)
    base = "".join(ch for ch in unicodedata.normalize("NFKD", low)
                   if not unicodedata.combining(ch))
    return (" ".join(base.replace(_ENYE, _AFTER_N).split()), raw)


def spanish_sorted(items: Iterable[T], key: Callable[[T], str | None] = lambda x: x  # type: ignore[assignment,return-value]
                   ) -> list[T]:
    """``items`` sorted by ``key(item)`` in Spanish order (stable)."""
    return sorted(items, key=lambda item: spanish_key(key(item)))
