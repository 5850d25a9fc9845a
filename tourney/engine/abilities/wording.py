"""The last step of ``Ability.describe()``: the Spanish a judge reads beside the card text.

The values render themselves part by part (``parts.py``, ``vocabulary.py``); joining the parts
leaves seams that read badly: «puedes Roba 1 carta(s)», «de el Mazo Castillo», «que controles
que controles», «Cuando comienza una fase (la Fase Final) (tú)». ``polish`` mends those seams
and only those: it never adds or drops a game word (number, card type, zone, player, duration),
so the reading stays a faithful rendering of the values. Tested on the whole catalog's
renderings (tests/engine/test_engine_wording.py).
"""
from __future__ import annotations

import re

# imperative (as the effect templates say it) -> infinitive, after «puedes»
_INFINITIVE = {
    "Agrupa": "Agrupar", "Alimenta": "Alimentar", "Anula": "Anular", "baraja": "barajar",
    "Baraja": "Barajar", "Bota": "Botar", "Busca": "Buscar", "cancela": "cancelar",
    "Cancela": "Cancelar", "Descarta": "Descartar", "Destierra": "Desterrar",
    "Destruye": "Destruir", "devuelve": "devolver", "elige": "elegir", "gana": "ganar",
    "genera": "generar", "juega": "jugar", "Mira": "mirar", "mira": "mirar", "muestra": "mostrar",
    "mueve": "mover", "pon": "poner", "porta": "portar", "Purifica": "Purificar", "quita": "quitar",
    "previene": "prevenir", "Roba": "Robar", "Sube": "Subir", "toma": "tomar",
}
# «tu oponente Descarta» after «puedes»: «puedes hacer que tu oponente Descarte»
_SUBJUNCTIVE = {"Bota": "Bote", "Descarta": "Descarte", "Roba": "Robe", "Baraja": "Baraje",
                "Destierra": "Destierre", "Muestra": "Muestre", "muestra": "muestre"}

_PLURAL = {"carta": "cartas", "Oro": "Oros", "Arma": "Armas", "Aliado": "Aliados",
           "Talismán": "Talismanes", "Tótem": "Tótems", "contador": "contadores"}
_FEMININE = {"carta", "Arma"}

_COUNTED = re.compile(r"(\S+) (carta|Oro|Arma|Aliado|Talismán|Tótem|contador)\((?:s|es)\)"
                      r"( virtual\(es\))?")
# «2 carta», «6 o más carta»: a number above one before a singular noun
_MANY = re.compile(r"\b((?:[2-9]|\d{2,})(?: o más)?|1 o más) (carta|Oro|Arma|Aliado|Talismán|Tótem)\b"
                   )
# «Destruir 1 Aliado»: one card is «un Aliado» (not after «coste» / «Fuerza»)
_ONE = re.compile(r"(?<!coste )(?<!Fuerza )(?<!igual a )\b1 (carta|Oro|Arma|Aliado|Talismán|Tótem)\b")
# the event templates say «una carta es Destruida»; an Aliado is «Destruido»
_MASCULINE = re.compile(r"(\b(?:un|el|otro|cada|este)\b [^,.:]*?\b(?:Aliado|Tótem|Oro|Talismán)\b[^,.:]*?) es "
                        r"(Destruid|Desterrad|puest|Anulad|Descartad|Botad)a\b")
# «Busca X en el Mazo Castillo en la mano y baraja»: where the found card goes
_SEARCH = re.compile(r"\b(Busca|Buscar) (.+?) en (el Mazo Castillo(?: de tu oponente)?(?: o el Cementerio)?|"
                     r"el Cementerio(?: o el Mazo Castillo)?)( como [^,.:]+?)? en ([^,.:]+?) y baraja\b")
_SEVERAL = re.compile(r"(?:hasta )?(?:dos|tres|cuatro|cinco|seis|tantas|tantos|\d+) (\S+)")
_ENTERS = re.compile(r"entra en juego \((tú|tu oponente)\)")
_PLAYED = re.compile(r"Cuando se juega ([^,(]+?) \((tú|tu oponente)\)")
_COUNT_OF = re.compile(r"la cantidad de (carta|Oro|Arma|Aliado|Talismán|Tótem)\b")
# «la cantidad de Aliados oponente / atacante»: the adjective agrees
_COUNT_OF_ADJ = re.compile(r"\b(la cantidad de (?:cartas|Oros|Armas|Aliados|Talismanes|Tótems)) "
                           r"(oponente|atacante|bloqueador)\b")
_ADJ_PLURAL = {"oponente": "oponentes", "atacante": "atacantes", "bloqueador": "bloqueadores"}
_PUEDES = re.compile(r"\bpuedes (" + "|".join(_INFINITIVE) + r")\b")
_PUEDES_OPP = re.compile(r"\bpuedes (tu oponente|cada jugador) (" + "|".join(_SUBJUNCTIVE) + r")\b")
_PHASE_TRIGGER = re.compile(r"Cuando comienza una fase \(la (Fase [^)]+)\)( \((tú|tu oponente)\))?")
# «no se pueden jugar cada Aliado que controles que se está jugando»: you cannot play Aliados
_YOU_CANNOT_PLAY = re.compile(r"\b([Nn])o se pueden jugar cada (carta|Oro|Arma|Aliado|Talismán|Tótem)\b"
                              r"([^,.:]*?) que controles que se está jugando\b")
_ALL_ALLIES = re.compile(r"(todos los (?:demás )?Aliados que controlas son) Aliado (.+?) que controles")


def _counted(match: re.Match[str]) -> str:
    n, noun, virtual = match.group(1), match.group(2), match.group(3)
    if n == "1":
        article = "una" if noun in _FEMININE else "un"
        return f"{article} {noun}" + (" virtual" if virtual else "")
    return f"{n} {_PLURAL[noun]}" + (" virtuales" if virtual else "")  # 2.., X, «tantas como …»


def _phase(match: re.Match[str]) -> str:
    phase, whose = match.group(1), match.group(3)
    if whose == "tú":
        return f"Al comienzo de tu {phase}"
    if whose == "tu oponente":
        return f"Al comienzo de la {phase} oponente"
    return f"Al comienzo de la {phase}"


def _all_allies(match: re.Match[str]) -> str:
    what = match.group(2)
    if what.startswith("(") and what.endswith(")"):
        what = what[1:-1]
    return f"{match.group(1)} {what}"


def _search(match: re.Match[str]) -> str:
    verb, what, where, how_many, to = match.groups()
    infinitive = verb == "Buscar"
    it = "la" if what.startswith(("una ", "hasta una ")) else "lo"
    if (several := _SEVERAL.match(what)) is not None:  # «hasta dos cartas …, ponlas»
        it = "las" if several.group(1) in ("cartas", "Armas") else "los"
    if how_many:  # «hasta tantas cartas en el Mazo Castillo como …»
        where += how_many
    if to == "las cartas que se están jugando":
        # a searched card goes to «being played» only «sin pagar su coste» (compiler/search.py)
        put = (f"jugar{it}" if infinitive else f"juéga{it}") + " sin pagar su coste"
    else:
        put = (f"poner{it} en " if infinitive else f"pon{it} en ") + to
    shuffle = "barajar" if infinitive else "baraja"
    if to.startswith("el tope del Mazo Castillo"):
        # «buscar … y ponerlo en la parte superior del Mazo Castillo»: the Mazo is shuffled after
        # the search and the card found goes on top of it, so it reads in that order
        return f"{verb} {what} en {where}, {shuffle} y {put}"
    return f"{verb} {what} en {where}, {put} y {shuffle}"


def polish(text: str) -> str:
    """Mend the seams of a joined rendering (see the module docstring)."""
    text = _COUNTED.sub(_counted, text)
    text = _PUEDES_OPP.sub(lambda m: f"puedes hacer que {m.group(1)} {_SUBJUNCTIVE[m.group(2)]}", text)
    text = _PUEDES.sub(lambda m: "puedes " + _INFINITIVE[m.group(1)], text)
    text = _PHASE_TRIGGER.sub(_phase, text)
    text = _ALL_ALLIES.sub(_all_allies, text)
    text = _YOU_CANNOT_PLAY.sub(lambda m: f"{m.group(1)}o puedes jugar {_PLURAL[m.group(2)]}{m.group(3)}", text)
    # a count inside a filter keeps its own «que controles» apart from the filter's
    text = re.sub(r"\bno hay (carta|Oro|Arma|Aliado|Talismán|Tótem)\b", lambda m: "no hay " + _PLURAL[m.group(1)], text)
    text = re.sub(r"\b(controlas \d+ o más [^,.:]*?) que controles\b", r"\1", text)
    text = re.sub(r"\b(controlas?) más (carta|Oro|Arma|Aliado|Talismán|Tótem)\b",
                  lambda m: f"{m.group(1)} más {_PLURAL[m.group(2)]}", text)
    text = _COUNT_OF.sub(lambda m: f"la cantidad de {_PLURAL[m.group(1)]}", text)
    text = _COUNT_OF_ADJ.sub(lambda m: f"{m.group(1)} {_ADJ_PLURAL[m.group(2)]}", text)
    text = re.sub(r"(la cantidad de [^,:]*? que controles) que controles en el Cementerio",
                  r"\1, de tu Cementerio,", text)
    text = re.sub(r"(la cantidad de [^,:]*? que controles) que controles", r"\1, que controles,", text)
    text = text.replace("que controles que controles", "que controles")
    text = text.replace("que controles en el Cementerio de tu Cementerio", "de tu Cementerio")
    text = text.replace("en el Cementerio de tu Cementerio", "de tu Cementerio")
    text = text.replace("que controles en el Cementerio", "de tu Cementerio")
    text = text.replace("que controles en la mano de tu mano", "de tu mano")
    text = text.replace("que controles en la mano", "de tu mano")
    text = re.sub(r"\bun(os)? otro(s)?\b", lambda m: "otros" if m.group(0).endswith("s") else "otro", text)
    text = re.sub(r"\buna otro\b", "otra", text)
    text = re.sub(r"\b1 otro (carta|Arma)\b", r"otra \1", text)  # «Desterrar 1 otro carta»: «otra carta»
    text = re.sub(r"\b1 otr([oa])\b", r"otr\1", text)  # «Destruir 1 otro Aliado»: «otro Aliado»
    text = re.sub(r"\blas primeras una carta\b", "la primera carta", text)
    text = re.sub(r"\b(el coste de la carta pagada como coste|la Fuerza de la carta pagada como coste|"
                  r"la Fuerza del objetivo|el coste del objetivo|la Fuerza de la carta que disparó la habilidad|"
                  r"el coste de la carta que disparó la habilidad) cartas\b",
                  r"tantas cartas como \1", text)
    text = re.sub(r"\bde el\b", "del", text)
    text = re.sub(r"\ba el\b", "al", text)
    text = _ONE.sub(lambda m: ("una " if m.group(1) in _FEMININE else "un ") + m.group(1), text)
    text = _MASCULINE.sub(lambda m: f"{m.group(1)} es {m.group(2)}o", text)
    text = _SEARCH.sub(_search, text)
    text = _ENTERS.sub(lambda m: "entra en juego " + ("bajo tu control" if m.group(1) == "tú"
                                                      else "bajo el control de tu oponente"), text)
    text = _PLAYED.sub(lambda m: ("Cuando juegas " if m.group(2) == "tú" else "Cuando tu oponente juega ")
                       + m.group(1), text)
    text = _MANY.sub(lambda m: f"{m.group(1)} {_PLURAL[m.group(2)]}", text)
    text = re.sub(r"\. ([a-záéíóú])", lambda m: ". " + m.group(1).upper(), text)
    text = re.sub(r", (Al|Cuando|Si|Mientras|En) ", lambda m: ", " + m.group(1).lower() + " ", text)
    return text
