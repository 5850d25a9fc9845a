"""The words noun phrases are made of (see ``nouns``): card types, races, attributes,
keyword adjectives, zones, number words, counter names and the pronouns that point back."""
from __future__ import annotations

NOUNS = {
    "aliado": ("Aliado", False), "aliados": ("Aliado", True),
    "talisman": ("Talismán", False), "talismanes": ("Talismán", True),
    "arma": ("Arma", False), "armas": ("Arma", True),
    "totem": ("Tótem", False), "totems": ("Tótem", True), "totemes": ("Tótem", True),
    "oro": ("Oro", False), "oros": ("Oro", True),
    "carta": (None, False), "cartas": (None, True),
}
RACES = {
    "caballero": "Caballero", "guerrero": "Guerrero", "eterno": "Eterno", "dragon": "Dragón",
    "barbaro": "Bárbaro", "bestia": "Bestia", "heroe": "Héroe", "ancestral": "Ancestral",
    "sacerdote": "Sacerdote", "faerie": "Faerie", "sombra": "Sombra", "oni": "Oni",
    "samurai": "Samurái",
}
ATTRIBUTES = {"luz": "Luz", "oscuridad": "Oscuridad"}
KEYWORD_ADJ = {
    "furia": "Furia", "imbloqueable": "Imbloqueable", "imbloqueables": "Imbloqueable",
    "indestructible": "Indestructible", "indestructibles": "Indestructible",
    "indesterrable": "Indesterrable", "indesterrables": "Indesterrable", "guardian": "Guardián",
    "guardianes": "Guardián", "retador": "Retador", "retadores": "Retador", "exhumar": "Exhumar",
    "espectral": "Espectral", "espectrales": "Espectral", "errante": "Errante", "errantes": "Errante",
    "ilusion": "Ilusión",
}
ZONES = (
    ("tu cementerio", "graveyard", "you"), ("su cementerio", "graveyard", "owner"),
    ("el cementerio oponente", "graveyard", "opponent"), ("un cementerio", "graveyard", "one"),
    ("cualquier cementerio", "graveyard", None), ("los cementerios", "graveyard", None),
    ("tu mano", "hand", "you"), ("su mano", "hand", "owner"), ("la mano oponente", "hand", "opponent"),
    ("tu mazo castillo", "castle", "you"), ("su mazo castillo", "castle", "owner"),
    ("tu castillo", "castle", "you"), ("un mazo castillo", "castle", None),
    ("el mazo castillo oponente", "castle", "opponent"),
    ("tu zona de destierro", "exile", "you"), ("tu destierro", "exile", "you"), ("tu reserva de oros", "reserve", "you"),
    ("tu reserva de oro", "reserve", "you"), ("tu zona de oro pagado", "paid", "you"),
    ("la reserva de oros oponente", "reserve", "opponent"), ("la reserva de oro oponente", "reserve", "opponent"),
    ("su zona de oro pagado", "paid", "owner"), ("la zona de destierro oponente", "exile", "opponent"),
    ("tu linea de apoyo", "support", "you"), ("la mano de tu oponente", "hand", "opponent"),
    ("la zona de oro pagado oponente", "paid", "opponent"),
    ("la linea de ataque oponente", "attack", "opponent"), ("tu linea de ataque", "attack", "you"),
    ("su linea de ataque", "attack", "owner"), ("la linea de ataque", "attack", None),
    ("la linea de defensa oponente", "defense", "opponent"), ("tu linea de defensa", "defense", "you"),
    ("su linea de defensa", "defense", "owner"), ("la linea de defensa", "defense", None),
    ("las lineas de defensa", "defense", None), ("las lineas de ataque", "attack", None),
)
NUMBER_WORDS = {"un": 1, "una": 1, "uno": 1}

COUNTER_NAMES = {"alimento": "Alimento", "honor": "Honor", "tiempo": "Tiempo", "tesoro": "Tesoro"}
FED = ("alimentado", "alimentados", "alimentada", "alimentadas")

REF = {"ese": "that", "esa": "that", "esos": "that", "esas": "that"}
PRONOUNS = ("lo", "la", "los", "las")
