"""Built-in lookup tables of api.myl.cl (ids are strings in the API).

These are facts (the API's own ``resources/*.json``): used when a response does not
carry its own ``types``/``races``/``rarities`` lists.
"""
from __future__ import annotations

TYPES: dict[str, str] = {
    "0": "Unknow", "1": "Aliado", "2": "Talismán", "3": "Arma", "4": "Tótem", "5": "Oro",
    "6": "Monumento",
}

RARITIES: dict[str, str] = {
    "0": "Promocional", "1": "Legendaria", "2": "Ultra Real", "3": "Mega Real", "4": "Real",
    "5": "Cortesano", "6": "Vasallo", "7": "Oro", "8": "Milenaria", "9": "Secreta", "10": "Ficha",
    "11": "Set Paralelo",
}

RACES: dict[str, str] = {
    "0": "Sin Raza", "1": "Caballero", "2": "Bestia", "3": "Eterno", "4": "Guerrero",
    "5": "Bárbaro", "6": "Faerie", "7": "Samurái", "8": "Sombra", "9": "Ancestral",
    "10": "Sacerdote", "11": "Dragón", "12": "Héroe", "13": "Oni", "14": "Olímpico",
    "15": "Titán", "16": "Faraón", "17": "Desafiante", "18": "Defensor", "19": "Licántropo",
    "20": "Vampiro", "21": "Cazador", "22": "Chamán", "23": "Dios", "24": "Abominación",
    "25": "Kami", "26": "Xian", "27": "Criaturas", "28": "Campeón / Shaolín",
    "29": "Campeón / Ninja", "30": "Campeón / Samurái", "31": "Campeón", "32": "Héroe/Sacerdote",
    "33": "Eterno/Sombra", "34": "Caballero/Guerrero", "35": "Bestia/Guerrero",
    "36": "Caballero/Héroe", "37": "Dragón/Eterno", "38": "Eterno/Faerie", "39": "Paladín",
    "40": "Asesino", "41": "Tenebris",
}

NO_RACE = "Sin Raza"

# Edition slugs whose API slug differs from ours.
API_SLUGS: dict[str, str] = {"escuelas-elementales": "escuelas_elementales"}

# Collector-code prefixes: the ones DeckForge prints for the Escuelas Elementales era
# (so an API import lines up with a DeckForge import: EE-022 is the same printing).
CODE_PREFIXES: dict[str, str] = {
    "bushido": "BU", "sol-naciente": "SN", "dominio": "DO", "contraataque": "CA",
    "aguila-imperial": "AI", "steampunk": "SP", "axis-mundi": "AM", "hijos-del-sol": "HS",
    "legado-gotico": "LG", "escuelas-elementales": "EE", "pack-de-batalla-dominio": "PB",
    "pack-america": "PA", "arte-alternativo": "AA",
}
