"""Engine test helpers: a small hand-made card pool and a record builder (imported by name,
``from engine_helpers import …``, which works whichever test folders run together).

The engine runs as the product runs: card abilities come from the hand-written files and the
ability compiler (here reading the pool's texts: «Rayo» is «Destruye un Aliado» and targets
one, 8.2); «Enigma»'s text is one no grammar reads (abilities unknown)."""
from __future__ import annotations

import json
from pathlib import Path

from tourney.catalog.model import ALLY, GOLD, TALISMAN, TOTEM, WEAPON, Card
from tourney.engine import adjudicate, read_record

GOLDEN = Path(__file__).resolve().parent / "golden"


def card(name, type_, cost=None, strength=None, keywords=(), text=""):
    """A test card; its keywords are *declared in its text* (the engine never reads the
    catalog's keyword flags, which also mark keywords a text merely mentions)."""
    if keywords and not text:
        text = ". ".join(keywords) + "."
    return Card(code=name.upper()[:6], name=name, edition="prueba", type=type_,
                identity=name.lower().replace(" ", "-"), cost=cost, strength=strength,
                text=text, keywords=frozenset(keywords))


POOL = {c.name: c for c in (
    card("Oro", GOLD),
    card("Soldado", ALLY, 1, 1),
    card("Caballero", ALLY, 2, 2),
    card("Gigante", ALLY, 3, 4),
    card("Lobo Furioso", ALLY, 2, 2, ["Furia"]),
    card("Sombra Esquiva", ALLY, 1, 1, ["Imbloqueable"]),
    card("Muralla Viva", ALLY, 2, 1, ["Indestructible"]),
    card("Ermitaño", ALLY, 1, 1, ["Indesterrable"]),
    card("Centinela", ALLY, 1, 3, ["Guardián"]),
    card("Vigía", ALLY, 1, 2, text="Este Aliado puede bloquear un Aliado adicional.\n"
                                   "Este Aliado no puede ser declarado atacante."),
    card("Rey Antiguo", ALLY, 3, 3, ["Única"]),
    card("Peregrino", ALLY, 1, 1, ["Errante"]),
    card("Duelista", ALLY, 2, 2, ["Retador"]),
    card("Toro", ALLY, 2, 2, text="Embestida."),
    card("Loco", ALLY, 1, 1, text="Temerario (Este Aliado sólo puede ser bloqueado por Aliados Temerarios)."),
    card("Conquistador", ALLY, 2, 2, text="Conquista."),
    card("Samurái", ALLY, 2, 2, text="Este Aliado entra en juego con un contador de Honor."),
    card("Espada", WEAPON, 1, text="El Aliado portador gana 1 a la Fuerza."),
    card("Escudo Eterno", WEAPON, 1, keywords=["Indestructible"]),
    card("Piedra Sagrada", TOTEM, 1),
    card("Rayo", TALISMAN, 1, text="Destruye un Aliado."),
    card("Hechizo", TALISMAN, 0),
    card("Emboscador", ALLY, 1, 1, text="Puedes jugar este Aliado en Guerra de Talismanes."),
    card("Guardia Súbita", ALLY, 1, 2,
         text="Puedes jugar este Aliado al comienzo de tu Declaración de Bloqueo."),
    card("Conjuro Eterno", TALISMAN, 1,
         text="Puedes jugar este Talismán desde tu Cementerio pagando su coste, luego Destiérralo."),
    card("Resucitado", ALLY, 1, 1, ["Exhumar"]),
    card("Capa de Sombras", WEAPON, 1, text="El Aliado portador gana 1 a la Fuerza y es Imbloqueable."),
    card("Grillete", WEAPON, 1,
         text="El Aliado portador pierde 3 a la Fuerza y no puede ser declarado atacante."),
    card("Bárbaro Desnudo", ALLY, 1, 2, text="Este Aliado no puede portar Armas."),
    card("Verdugo", ALLY, 2, 2, text="Una vez por turno, puedes Destruir un Aliado que elijas."),
    card("Caballero Armado", ALLY, 2, 2, text="Este Aliado puede portar un Arma adicional."),
    # a text no grammar reads: the engine does not know this card's abilities
    card("Enigma", TALISMAN, 1, text="Susurra tres veces el nombre del viento."),
)}


def resolve(name: str) -> Card:
    try:
        return POOL[name]
    except KeyError:
        raise LookupError("no está en el catálogo") from None


def header(a, b, hand=4, first="A", a_gold="Oro", b_gold="Oro"):
    """Castles as lists of card names, top first; ids A1.. and B1..; golds A0 and B0."""
    return {"game": "myl", "version": 1, "format": "unificado", "first": first, "hand": hand,
            "players": [
                {"id": "A", "name": "Ana", "gold": ["A0", a_gold],
                 "castle": [[f"A{i}", n] for i, n in enumerate(a, 1)]},
                {"id": "B", "name": "Beto", "gold": ["B0", b_gold],
                 "castle": [[f"B{i}", n] for i, n in enumerate(b, 1)]}]}


def lines(head, actions):
    return [json.dumps(head, ensure_ascii=False)] + [
        json.dumps(a, ensure_ascii=False) if isinstance(a, dict) else a for a in actions]


def judge(head, actions):
    return adjudicate(read_record(lines(head, actions), resolve))


FILLER = ["Soldado"] * 10


def turn_pass(p):
    return {"p": p, "do": "end"}


def generated_lines(catalog, seed, max_turns=200):
    """A seeded random legal game between two random real decks, as record lines."""
    import random

    from tourney.engine import catalog_resolver
    from tourney.engine.generate import generate_game, random_deck
    from tourney.engine.record import dumps_line

    rng = random.Random(seed)
    cards = list(catalog)
    deck_a, deck_b = random_deck(cards, rng), random_deck(cards, rng)

    def name_of(c):
        return c.name if catalog.resolve(c.name).ok else f"{c.name} ({c.code})"

    objs = generate_game(deck_a, deck_b, seed, name_of, catalog_resolver(catalog), max_turns=max_turns)
    return [dumps_line(o) for o in objs]
