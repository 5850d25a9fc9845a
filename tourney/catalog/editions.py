"""Known editions: slug -> human name and era (facts from ../shared/data/EDITIONS.md).

Release dates are only given where the source states them; ``order`` is the
listing order of EDITIONS.md within an era, not a release date.
"""
from __future__ import annotations

from datetime import date

from .model import Edition, slugify

ERA_NUEVA = "Nueva Era"
ERA_EE = "Escuelas Elementales"

# slug: (name, era, released)
KNOWN_EDITIONS: dict[str, tuple[str, str | None, date | None]] = {
    # Escuelas Elementales era (DeckForge catalog)
    "bushido": ("Bushido", ERA_EE, None),
    "sol-naciente": ("Sol Naciente", ERA_EE, None),
    "dominio": ("Dominio", ERA_EE, None),
    "contraataque": ("ContraAtaque", ERA_EE, None),
    "aguila-imperial": ("Águila Imperial", ERA_EE, None),
    "steampunk": ("Steampunk", ERA_EE, None),
    "axis-mundi": ("Axis Mundi", ERA_EE, None),
    "hijos-del-sol": ("Hijos del Sol", ERA_EE, None),
    "legado-gotico": ("Legado Gótico", ERA_EE, None),
    "escuelas-elementales": ("Escuelas Elementales", ERA_EE, None),
    "pack-de-batalla-dominio": ("Pack de Batalla: Dominio", ERA_EE, None),
    "pack-america": ("Pack América", ERA_EE, None),
    "arte-alternativo": ("Arte Alternativo", None, None),
    # Nueva Era, Bloque Furia
    "furia": ("Furia", ERA_NUEVA, date(2014, 10, 1)),
    "furiaext": ("Furia Extensión", ERA_NUEVA, None),
    "sumeria": ("Sumeria", ERA_NUEVA, None),
    "rebelion": ("Rebelión", ERA_NUEVA, None),
    "asgard": ("Asgard", ERA_NUEVA, None),
    "midgard": ("Midgard", ERA_NUEVA, None),
    "camelot": ("Camelot", ERA_NUEVA, None),
    "templarios": ("Templarios", ERA_NUEVA, None),
    # Civilizaciones
    "kemet": ("Kemet", ERA_NUEVA, None),
    "dharma": ("Dharma", ERA_NUEVA, None),
    "olimpia": ("Olimpia", ERA_NUEVA, None),
    "calavera": ("Calavera", ERA_NUEVA, None),
    "arsenal": ("Arsenal", ERA_NUEVA, None),
    # Expediciones and other slugs seen as DeckForge `origen`
    "kilimanjaro": ("Kilimanjaro", ERA_NUEVA, None),
    "conjuros": ("Conjuros", ERA_NUEVA, None),
    "dinastia-del-dragon": ("Dinastía del Dragón", ERA_NUEVA, None),
    "terrores-nocturnos": ("Terrores Nocturnos", ERA_NUEVA, None),
    "tierra-austral": ("Tierra Austral", ERA_NUEVA, None),
    "cuentos-de-ultratumba": ("Cuentos de Ultratumba", ERA_NUEVA, None),
    "invasion-oscura": ("Invasión Oscura", ERA_NUEVA, None),
    # Imperio format editions (2025–26)
    "kvsm-titanes": ("KVSM Titanes", ERA_NUEVA, None),
    "libertadores": ("Libertadores", ERA_NUEVA, None),
    "onyria": ("Onyria", ERA_NUEVA, None),
    "cenizas-de-fuego": ("Cenizas de Fuego", ERA_NUEVA, None),
    "hielo-inmortal": ("Hielo Inmortal", ERA_NUEVA, None),
    "lootbox-2024": ("Lootbox 2024", ERA_NUEVA, None),
    "secretos-arcanos": ("Secretos Arcanos", ERA_NUEVA, None),
    "bestiarium": ("Bestiarium", ERA_NUEVA, None),
    "escuadron-mecha": ("Escuadrón Mecha", ERA_NUEVA, None),
    "amenaza-kaiju": ("Amenaza Kaiju", ERA_NUEVA, None),
    "zodiaco": ("Zodiaco", ERA_NUEVA, None),
    "espiritu-samurai": ("Espíritu Samurái", ERA_NUEVA, None),
}

_SMALL_WORDS = {"de", "del", "la", "las", "el", "los", "y", "e", "a", "en", "o", "u", "al"}


def title_case(text: str) -> str:
    """Spanish title case: every word capitalised except particles (de, del, la, y…),
    which stay lower-case unless they open the text."""
    words = " ".join(text.split()).split(" ")
    out = []
    for i, word in enumerate(words):
        lower = word.lower()
        if i > 0 and lower in _SMALL_WORDS:
            out.append(lower)
        else:
            out.append(_cap_word(lower))
    return " ".join(out)


_ROMAN = {"ii", "iii", "iv", "vi", "vii", "viii", "ix", "xi", "xii", "xiii", "xiv", "xv"}


def _cap_word(word: str) -> str:
    if word in _ROMAN:  # "cleopatra vii" -> "Cleopatra VII"
        return word.upper()
    # capitalise each hyphenated part: "jean-luc" -> "Jean-Luc"
    parts = word.split("-")
    return "-".join(p[:1].upper() + p[1:] for p in parts)


def edition_for(slug: str, name: str | None = None, released: date | None = None) -> Edition:
    """An Edition for a slug, with the known human name and era when we have them."""
    slug = slugify(slug.replace("_", "-"))
    known = KNOWN_EDITIONS.get(slug)
    if known:
        kname, era, kreleased = known
        return Edition(slug=slug, name=name or kname, released=released or kreleased, era=era)
    return Edition(slug=slug, name=name or title_case(slug.replace("-", " ")), released=released)
