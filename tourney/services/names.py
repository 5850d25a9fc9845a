"""Names people read (issue 26, finding 19): a player's, an account's, an event's.

Every name is normalised to Unicode NFC and its spaces collapsed; a name holding an invisible
or control character (zero-width spaces and joiners, right-to-left overrides and isolates,
control codes, private-use or unassigned code points) is refused, so nobody can look like
someone else on a pairings page. Used by every service that stores a name."""
from __future__ import annotations

import unicodedata

from ..catalog.model import fold
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


def player_name(account_name: str | None, typed: str | None, field: str = "name",
                      what: str = "El nombre del jugador") -> str:
    """The name a registration shows, whoever enters it (the panel's form, the XLSX import,
    the player signing up): a player linked to an account is called by the account's name,
    the one the rest of the product shows them; without an account (or an account without a
    name), by the name typed, cleaned by ``clean_name``."""
    account = clean_name(account_name, field, what) if account_name else ""
    return account or clean_name(typed, field, what)


def account_name_differs(account_name: str | None, typed: str | None) -> bool:
    """True when a linked player's account name (``player_name``) is not the name typed
    (case, accents and spacing ignored): the organizer is told which name was kept."""
    return bool(account_name) and fold(account_name) != fold(typed or "")
