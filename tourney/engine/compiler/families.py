"""Families of card sentences (the issue's table): what a sentence is *about*, read from
its words, independently of whether the grammar understood it. A sentence may belong to
several families; the coverage report counts, per family, how many of its sentences and
identities the compiler fully understood."""
from __future__ import annotations

import re

from .sentence import keyword_sentence

_W = r"(?<!\w)"
FAMILIES: dict[str, re.Pattern[str]] = {name: re.compile(pattern) for name, pattern in {
    "destierra": _W + r"(destierra|desterrar|destierre|desterrad)",
    "momento / zona de juego": _W + r"puedes jugar (SELF|lo|la)\b|solo puedes jugar|exhumar",
    "fuerza ±N": r"(gana|ganan|gane|ganen|pierde|pierden|pierda|pierdan) \d+ a la fuerza|fuerza \d+ hasta",
    "destruye": _W + r"(destruye|destruir|destruya|destruid)",
    "roba": _W + r"(roba|robar|robe|roben|robas)\b",
    "vuelve a la mano": r"(sube|subir|devuelve|devolver)\b.*mano|(pon|poner) (lo|la|los|las)? ?en tu mano"
                        r"|a la mano de su dueno",
    "busca": _W + r"(busca|buscar)\b",
    "bota": _W + r"(bota|botar|bote|boten)\b",
    "jugar sin pagar": r"sin pagar su coste",
    "restricciones de ataque / bloqueo": r"no (puede|pueden) (ser declarad\w+ (atacante|bloqueador)|bloquear|atacar)"
                                         r"|(imbloqueable|solo puede ser bloquead)",
    "baraja": _W + r"(baraja|barajar|baraje)",
    "anula": _W + r"(anula|anular|anulad)",
    "descarta": _W + r"(descarta|descartar|descarte)",
    "oros virtuales / zonas de oro": r"(generar|genera) \d+ oro|oro pagado|reserva de oro|cuesta \d+ oro",
    "gana habilidad clave": r"(gana|ganan|es|son|tiene|tienen) (furia|imbloqueable|indestructible|"
                            r"indesterrable|retador|guardian)",
    "pierde su habilidad": r"(pierde|pierden|pierda|pierdan) (su habilidad|sus habilidades)",
    "mira / muestra": _W + r"(mira|mirar|muestra|mostrar)\b",
    "redirige / reduce daño": r"(reduce|redirige|preven|previene|prevenir)\b.*dano|dano.*(reduce|redirig)",
    "no puede ser anulado / objetivo": r"no (puede|pueden) ser (anulad|objetivo)",
    "disparo «entra en juego»": r"cuando .*entra en juego|cuando .*entre en juego",
    "una vez por turno": r"(una|1) vez por turno",
    "continua «mientras…»": r"^mientras ",
    "activada «puedes X para Y»": r"puedes .* para ",
}.items()}


def families(sentence_tokens: tuple[str, ...]) -> tuple[str, ...]:
    if keyword_sentence(sentence_tokens):
        return ("habilidades clave",)
    key = " ".join(sentence_tokens)
    return tuple(name for name, pattern in FAMILIES.items() if pattern.search(key))
