"""Looking at the top of the Mazo Castillo and taking some («Mira las dos primeras cartas de tu
Mazo Castillo. Pon una en tu mano y Destierra la otra»): how many are looked at, how many
are taken into the hand and where the rest go (``dig``); «… y ordénalas» / «y regrésalas en
cualquier orden» takes none and puts them back on top in any order."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..abilities.effect_value import Effect as EngineEffect
from ..abilities.target_filter import TargetFilter
from .lower_filters import Unsupported, tf_fields, card_filter
from .nouns import card_phrase, number
from .parsed import Cards, Effect
from .search import alternative
from .text import Cursor

_DIG_REST = (("y destierra la otra", "exile", 1), ("y destierra las otras", "exile", None),
             ("y el resto en la parte inferior de tu mazo castillo", "castle_bottom", None),
             ("y regresa las demas en cualquier orden", "castle_top", None),
             ("y pon el resto en la parte inferior de tu mazo castillo", "castle_bottom", None),
             ("y baraja el resto", "castle", None), (". luego , baraja el resto", "castle", None))  # «Baraja el resto»: shuffled into the Mazo Castillo
_REORDER = ("y regresalas en cualquier orden", "y regresa las en cualquier orden", "y ordenalas",
            "y ordena las", "y ordenarlas", "y ordenar las")


def _dug(n: int, taken: int, rest_zone: str, cur: Cursor, what: Cards | None = None) -> tuple[Effect, Cursor]:
    cards = replace(what or Cards(), count=taken, zone="castle", zone_owner="you")
    return Effect("dig", amount=n, cards=cards, dest="hand", rest_zone=rest_zone), cur


def dig(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Mira las dos primeras cartas de tu Mazo Castillo. Pon una en tu mano y Baraja el resto";
    "… Elige una, ponla en tu mano y regresa las demás en cualquier orden"; "… Luego, Destierra
    una y pon las demás en tu mano"; "Mira las tres primeras cartas … y regrésalas en cualquier
    orden"."""
    after = cur.take_any("mira las primeras", "mira las", "mirar las primeras", "mirar las")
    if after is None or (got := number(after)) is None:
        return None
    n, head = got
    head = head.take("primeras") or head
    looked = head.take("cartas", "de", "tu", "mazo", "castillo")
    if looked is None:
        return None
    if (end := looked.take_any(*_REORDER)) is not None:
        return _dug(n, 0, "castle_top", end)
    if (rest := looked.take_any(".", ",")) is None:
        return None
    if (more := rest.take("luego", ",")) is not None and n > 1 and \
            (end := more.take("destierra", "una", "y", "pon", "las", "demas", "en", "tu", "mano")) is not None:
        return _dug(n, n - 1, "exile", end)  # the one banished is the one not taken
    what = None
    if (more := rest.take("elige", "una", ",", "pon", "la", "en", "tu", "mano")) is not None:
        taken, rest = 1, more
    elif (more := rest.take("elige")) is not None and (chosen := card_phrase(more)) is not None and \
            chosen[0].count == 1 and chosen[0].zone == "play" and not chosen[0].target and chosen[0].ref is None and \
            (there := chosen[1].take_any("de ahi", "de alli")) is not None and \
            (end := there.take_any("y pon la en tu mano", "y pon lo en tu mano")) is not None:
        taken, rest, what = 1, end, chosen[0]  # «Elige una carta Oscuridad de ahí y ponla en tu mano»
    elif (more := rest.take("pon")) is not None and (got := number(more)) is not None and \
            (end := got[1].take("en", "tu", "mano")) is not None:
        taken, rest = got[0], end
    else:
        return None
    for words, zone, left in _DIG_REST:
        if (end := rest.take(*words.split())) is not None and (left is None or n - taken == left):
            return _dug(n, taken, zone, end, what)
    return None


def reveal_top(player: str, cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Muestra la primera carta de tu Mazo Castillo, si es un Talismán o un Oro, ponlo en tu
    mano"; "… si es un Oro o una carta de coste 2 o menos, puedes ponerla en tu mano"; "Cada
    jugador muestra la primera carta de su Mazo Castillo, si es un Aliado puede jugarlo sin pagar
    su coste". A card that is not taken stays on top."""
    mine = "tu" if player == "you" else "su"
    after = cur.take_any(f"muestra la primera carta de {mine} mazo castillo",
                         f"mostrar la primera carta de {mine} mazo castillo")
    if after is None or (rest := after.take(",", "si", "es")) is None or (got := card_phrase(rest)) is None:
        return None
    cards, rest = got
    if (alt := alternative(cards, rest)) is not None:
        cards, rest = alt
    if cards.zone != "play" or cards.count != 1 or cards.target or cards.ref is not None:
        return None
    rest = rest.take(",") or rest
    may = rest.take("puedes" if player == "you" else "puede")
    rest = may or rest
    if rest.peek(1) not in ("lo", "la"):
        return None
    verb, rest = rest.peek(), rest.skip(2)
    if verb in ("pon", "poner") and (end := rest.take("en", "tu" if player == "you" else "su", "mano")) is not None:
        dest = "hand"
    elif verb in ("juega", "jugar") and (end := rest.take("sin", "pagar", "su", "coste")) is not None:
        dest = "being_played"
    else:
        return None
    return Effect("reveal_top", player, replace(cards, up_to=may is not None), amount=1, dest=dest), end


def lower_reveal(eff: Effect, common: dict[str, Any]) -> EngineEffect:
    """``reveal_top``: the card shown is taken (``filter``: what it must be; ``up_to``: «puedes»)
    to ``zone``; otherwise it stays on top of the Mazo Castillo."""
    if eff.cards is None or eff.dest is None:
        raise Unsupported("mostrar sin carta")
    flt = card_filter(replace(eff.cards, up_to=False))
    flt = TargetFilter(**{**tf_fields(flt), "zone": "castle", "up_to": eff.cards.up_to, "targets": False})
    return EngineEffect("reveal_top", subject="player", player=eff.player, amount=1, filter=flt,
                        zone=eff.dest, rest_zone="castle_top", **common)

def look_castle(cur: Cursor) -> tuple[bool, "tuple[Effect, Cursor] | None"]:
    """«mira la primera carta / las (primeras) N cartas de tu Mazo Castillo / del Mazo Castillo
    oponente»: (the phrase is of this form, what it reads)."""
    if cur.peek() in ("mira", "mirar") and (after := cur.skip().take_any("la primera carta")) is not None:
        if (rest := after.take_any("de tu mazo castillo")) is not None:
            return True, (Effect("look", amount=1, dest="castle"), rest)
        if (rest := after.take_any("del mazo castillo oponente", "del mazo castillo de tu oponente")) is not None:
            return True, (Effect("look", "opponent", amount=1, dest="castle"), rest)
        return True, None
    if cur.peek() in ("mira", "mirar") and (after := cur.skip().take_any("las primeras", "las")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("primeras cartas de tu mazo castillo",
                                            "cartas de tu mazo castillo")) is not None:
            return True, (Effect("look", amount=got[0], dest="castle"), rest)
        if got and (rest := got[1].take_any("primeras cartas del mazo castillo oponente",
                                            "cartas del mazo castillo oponente")) is not None:
            return True, (Effect("look", "opponent", amount=got[0], dest="castle"), rest)
        return True, None
    return False, None
