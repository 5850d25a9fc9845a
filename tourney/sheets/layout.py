"""The XLSX layouts the project reads and writes (documented in docs/documents.md).

Headers are matched without regard to case, accents or spacing, and each column
accepts a few spellings (``ALIASES``). Column order does not matter.
"""
from __future__ import annotations

from ..catalog.model import fold

PLAYERS_SHEET = "Jugadores"
DECKS_SHEET = "Mazos"

PLAYERS_HEADERS = ("Nombre", "ID / correo", "Byes", "Retirado")
DECKS_HEADERS = ("Jugador", "Sección", "Cantidad", "Carta", "Código", "Tipo", "Raza", "Oro inicial")

SECTION_CASTLE = "Castillo"
SECTION_SUPPORT = "Soporte"

# canonical key -> accepted header spellings (folded)
ALIASES: dict[str, tuple[str, ...]] = {
    "name": ("nombre", "name", "nombre del jugador"),
    "player_id": ("id correo", "id", "correo", "email", "e mail", "identificador", "rut"),
    "byes": ("byes", "bye", "byes asignados", "bye asignado"),
    "dropped": ("retirado", "drop"),
    "player": ("jugador", "player", "id jugador"),
    "section": ("seccion", "mazo", "section"),
    "qty": ("cantidad", "cant", "copias", "qty"),
    "card": ("carta", "nombre de la carta", "card"),
    "code": ("codigo", "code"),
}

# Section cell values (folded) -> canonical section
SECTIONS: dict[str, str] = {
    "castillo": SECTION_CASTLE, "mazo castillo": SECTION_CASTLE, "c": SECTION_CASTLE,
    "principal": SECTION_CASTLE,
    "soporte": SECTION_SUPPORT, "mazo de soporte": SECTION_SUPPORT, "s": SECTION_SUPPORT,
    "banquillo": SECTION_SUPPORT,
    # other games' section names (Magic: Mazo principal / Sideboard; Sky World: Mazo / Héroe)
    "mazo principal": SECTION_CASTLE, "mazo": SECTION_CASTLE, "main": SECTION_CASTLE,
    "main deck": SECTION_CASTLE, "deck": SECTION_CASTLE,
    "sideboard": SECTION_SUPPORT, "side": SECTION_SUPPORT, "heroe": SECTION_SUPPORT,
}

YES = {"si", "sí", "s", "x", "yes", "true", "1", "verdadero"}
NO = {"", "no", "n", "false", "0", "falso"}


def header_key(value: object) -> str | None:
    folded = fold(str(value or ""))
    for key, spellings in ALIASES.items():
        if folded in spellings:
            return key
    return None


def section_of(value: object) -> str | None:
    return SECTIONS.get(fold(str(value or "")))
