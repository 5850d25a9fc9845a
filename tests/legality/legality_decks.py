"""Decklists of real cards shared by the legality tests (names only; the cards come from
the catalog at test time)."""
from __future__ import annotations

from tourney.legality import DeckList, parse_decklist


def deck(castle: dict[str, int] | list[tuple[str, int]], support=()) -> DeckList:
    """A decklist from (name, qty) pairs, through the text parser."""
    lines = ["Mazo Castillo"]
    pairs = castle.items() if isinstance(castle, dict) else castle
    lines += [f"{qty} {name}" for name, qty in pairs]
    support_pairs = support.items() if isinstance(support, dict) else support
    if support_pairs:
        lines += ["Mazo de Soporte"] + [f"{qty} {name}" for name, qty in support_pairs]
    return parse_decklist("\n".join(lines))


# A legal Escuelas Elementales / Unificado Castillo of Dragones (Clan Desafiante), real cards.
DRAGON_CASTLE = {
    "Carbón": 3, "Lindorm Boreal": 3, "Zburator": 3, "Orabou": 3, "Dipsa": 3, "Seps": 3,
    "Cacería de Brujas": 3, "Carga Gaesatae": 3, "Venatio": 3, "Kaladanda": 3, "Go": 10, "Koto": 10,
}
DRAGON_SUPPORT = {"Garras de Balam": 3, "Karma": 3, "Danza Macabra": 3, "Kirin": 1}

# A legal Infantería Castillo: Vasallo and Cortesano only (Fuku and Wani also have Milenaria printings).
INFANTRY_CASTLE = {
    "Orabou": 3, "Dipsa": 3, "Seps": 3, "Dragón Feérico": 3, "Traicousse": 3, "Fuku": 3,
    "Cacería de Brujas": 3, "Carga Gaesatae": 3, "Doble Espada": 3, "Pergamino de Sanar": 3,
    "Go": 10, "Koto": 10,
}

