"""Names people read (issue 26, finding 19): a player's, an account's, an event's.

Every name is normalised to Unicode NFC and its spaces collapsed; a name holding an invisible
or control character (zero-width spaces and joiners, right-to-left overrides and isolates,
control codes, private-use or unassigned code points) is refused, so nobody can look like
someone else on a pairings page. Used by every service that stores a name."""
from __future__ import annotations

import unicodedata

from .errors import ServiceError

REFUSED_CATEGORIES = ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp")
SPACES = "\t\n\r"  # collapsed like spaces, not refused


def invisible(text: str) -> str | None:
    """The first refused character of ``text`` as «U+XXXX», or None."""
    for ch in text:
        if ch not in SPACES and unicodedata.category(ch) in REFUSED_CATEGORIES:
            return f"U+{ord(ch):04X}"
    return None


def clean_name(text: str | None, field: str = "name", what: str = "El nombre") -> str:
    """``text`` normalised (NFC, single spaces, trimmed), or ServiceError on ``field``."""
    value = unicodedata.normalize("NFC", text or "")
    bad = invisible(value)
    if bad is not None:
        raise ServiceError(f"{what} tiene un carácter invisible o de control ({bad}): escríbelo "
                           "sin él.", field)
    return " ".join(value.split())
