"""Card value objects: what a printing is, and what counts as "the same card".

Pure: no Flask, no SQLModel. Everything here is a frozen value that can be
built from any importer and compared, hashed and pasted back from its repr.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache

# Card types seen in Mitos y Leyendas data (DeckForge, api.myl.cl, 2009 Génesis).
ALLY = "Aliado"
TALISMAN = "Talismán"
WEAPON = "Arma"
TOTEM = "Tótem"
GOLD = "Oro"
MONUMENT = "Monumento"
REALM = "Reino"
CARD_TYPES = (ALLY, TALISMAN, WEAPON, TOTEM, GOLD, MONUMENT, REALM)

# Escuelas Elementales: each is a pair of races (seed 000, glossary "Escuela Elemental").
SCHOOLS: dict[str, frozenset[str]] = {
    "Gremio de Paladines": frozenset({"Caballero", "Sacerdote"}),
    "Clan Desafiante": frozenset({"Dragón", "Guerrero"}),
    "Culto Tenebris": frozenset({"Sombra", "Oni"}),
    "Vigilantes Etéreos": frozenset({"Eterno", "Faerie"}),
}
RACE_SCHOOL: dict[str, str] = {race: school for school, races in SCHOOLS.items() for race in races}


@lru_cache(maxsize=65536)
def fold_accents(text: str) -> str:
    """The one accent folding: accents and case dropped, everything else kept («Simón» ->
    «simon»). ``fold`` builds on it for names; the engine reads texts with it."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Case-, accent-, punctuation- and spacing-insensitive key for names."""
    text = re.sub(r"[^\w]+", " ", fold_accents(text))
    return " ".join(text.split())


def slugify(text: str) -> str:
    return fold(text).replace(" ", "-")


# reminder text: a parenthesis that holds no other (the one pattern; catalog and engine strip with it)
REMINDER = re.compile(r"\([^()]*\)")


def normalize_text(text: str | None) -> str:
    """Ability text with line breaks, spacing, punctuation and reminder text (in
    parentheses) removed, case-folded.

    Used to decide whether two printings without a catalog identity are the same card
    (seed 000, 10.13 Copias): "Única\nEste Aliado…" and "Única. Este Aliado…" match.
    """
    if not text:
        return ""
    text = text.replace("\u21b5", "\n").replace("/n", "\n").replace("\r\n", "\n")
    text = REMINDER.sub(" ", text)
    text = unicodedata.normalize("NFC", text)
    text = _PUNCT.sub(" ", text)
    words = text.casefold().split()
    return " ".join(_NUMBER_WORDS.get(w, w) for w in words)


_PUNCT = re.compile(r"[.,;:·\-–—!¡?¿\"'«»]+")
# "pagar un Oro" and "pagar 1 Oro" are the same characteristic
_NUMBER_WORDS = {
    "un": "1", "una": "1", "uno": "1", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5",
    "seis": "6", "siete": "7", "ocho": "8", "nueve": "9", "diez": "10",
}


@dataclass(frozen=True, slots=True)
class Edition:
    slug: str
    name: str
    released: date | None = None
    era: str | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """One printing of a card.

    ``identity`` names the card for copy limits: every printing with the same
    identity is one card (seed 000, 10.13 Copias). Importers set it from the
    catalog when it says so (DeckForge ``identidad``) and otherwise from the
    game characteristics (see ``characteristics_identity``).
    """

    code: str  # collector code as printed/cited, e.g. "EE-022"
    name: str
    edition: str  # edition slug
    type: str
    identity: str
    cost: int | None = None
    strength: int | None = None
    race: str | None = None
    school: str | None = None
    attribute: str | None = None  # "Luz" | "Oscuridad" | None
    rarity: str | None = None
    text: str = ""
    keywords: frozenset[str] = field(default_factory=frozenset)
    illustrator: str | None = None
    # slug of the edition/product an alternate-art or reprint printing comes from
    # (DeckForge ``origen``); None for regular printings
    origin: str | None = None

    # -- derived flags (seed 000: 10.x glossary entries) --------------------
    @property
    def unique(self) -> bool:
        return "Única" in self.keywords

    @property
    def mercenary(self) -> bool:
        return "Mercenario" in self.keywords

    @property
    def wanderer(self) -> bool:
        return "Errante" in self.keywords

    @property
    def is_gold(self) -> bool:
        return self.type == GOLD

    @property
    def plain_gold(self) -> bool:
        """Oro sin habilidad: an Oro whose text box is empty."""
        return self.type == GOLD and not normalize_text(self.text)

    @property
    def is_ally(self) -> bool:
        return self.type == ALLY


def characteristics_identity(name: str, type_: str, cost: int | None, strength: int | None,
                             text: str | None) -> str:
    """Identity from game characteristics: name, type, cost, strength and normalized ability."""
    key = "|".join([fold(name), fold(type_), str(cost), str(strength), normalize_text(text)])
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]
    return f"{slugify(name)}~{digest}"
