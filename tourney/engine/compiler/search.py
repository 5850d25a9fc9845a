"""Buscar: «Busca un Aliado de Raza Dragón en tu Mazo Castillo y ponlo en tu mano».

The parts, each read on its own: where («en tu Mazo Castillo», «en tu Mazo Castillo o
Cementerio», «en el Mazo Castillo oponente»), before or after the cards; the cards (a noun
phrase, a card by its name «a Simón de Montfort» / «la carta Nautilus», alternatives «un
Aliado de Raza Caballero o un Arma», several at once «un Aliado y un Talismán», «hasta tres
Armas»); and where the found card goes («y ponlo en tu mano», «y juégalo sin pagar su coste»,
«y ponla en la parte superior de tu Mazo Castillo», «y destiérralo»…).
"""
from __future__ import annotations

from dataclasses import replace

from .noun_words import NOUNS
from .nouns import card_phrase
from .parsed import Cards, Effect
from .text import Cursor

_PLACES = {"mazo castillo": "castle", "mazos castillo": "castle", "castillo": "castle",
           "cementerio": "graveyard"}


def _place(cur: Cursor) -> tuple[str, Cursor] | None:
    for words, zone in _PLACES.items():
        if (after := cur.take(*words.split())) is not None:
            return zone, after
    return None


def _where(cur: Cursor) -> tuple[tuple[str, tuple[str, ...]], Cursor] | None:
    """ "en tu Mazo Castillo [o Cementerio]" -> (owner, zones); "en el Mazo Castillo oponente"."""
    if (after := cur.take_any("en el mazo castillo oponente", "en el mazo castillo de tu oponente")) is not None:
        return ("opponent", ("castle",)), after
    after = cur.take("en", "tu")
    if after is None or (first := _place(after)) is None:
        return None
    zones, cur = [first[0]], first[1]
    while (more := cur.take("o")) is not None and (nxt := _place(more.take("tu") or more)) is not None \
            and nxt[0] not in zones:
        zones.append(nxt[0])
        cur = nxt[1]
    return ("you", tuple(zones)), cur


_NOT_NAME = frozenset(NOUNS) | {"un", "una", "todos", "todas", "los", "las", "el", "la", "hasta", "tu",
                               "SELF", ",", ".", "y", "o"}


def _named(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """ "a Simón de Montfort" / "la carta Nautilus": a card by its name (the words up to the
    zone; the lowering takes the spelling from the card's text)."""
    after = cur.take("a") if cur.peek(1) not in ("un", "una") else None
    after = after if after is not None else cur.take("la", "carta")
    if after is None or after.peek() in _NOT_NAME or after.peek().isdigit():
        return None
    words: list[str] = []
    while not after.done and after.peek() != "en":
        if after.peek() in (",", ".", "y", "o", "SELF"):
            return None
        words.append(after.peek())
        after = after.skip()
    if not words or after.done or len(words) > 5:
        return None
    return Cards(names=(" ".join(words),)), after


def alternative(cards: Cards, cur: Cursor) -> tuple[Cards, Cursor] | None:
    """ "un Aliado de Raza Caballero o un Arma": either of two noun phrases."""
    if (after := cur.take("o")) is None or after.peek() not in ("un", "una"):
        return None
    got = card_phrase(after)
    if got is None or got[0].count != 1 or cards.count != 1 or cards.any_of or cards.target or got[0].target:
        return None
    other, rest = got
    types = tuple(dict.fromkeys(cards.types + other.types)) if cards.types and other.types else ()
    zone, owner = (other.zone, other.zone_owner) if other.zone != "play" else (cards.zone, cards.zone_owner)
    parts = tuple(replace(c, zone="play", zone_owner=None) for c in (cards, other))
    return Cards(types=types, any_of=parts, zone=zone, zone_owner=owner), rest


def _what(cur: Cursor) -> tuple[Cards, Cursor] | None:
    """The cards searched for: a name, a noun phrase, «X o Y», «X y Y»."""
    got = _named(cur) or card_phrase(cur)
    if got is None:
        return None
    cards, cur = got
    if (alt := alternative(cards, cur)) is not None:
        cards, cur = alt
    if (after := cur.take("y")) is not None and after.peek() in ("un", "una"):
        more = card_phrase(after)
        if more is None or more[0].count != 1 or cards.count != 1 or cards.plus:
            return None
        other, cur = more
        zone, owner = (other.zone, other.zone_owner) if other.zone != "play" else (cards.zone, cards.zone_owner)
        if cards.zone != "play" and other.zone != "play":
            return None
        cards = replace(cards, zone=zone, zone_owner=owner,
                        plus=(replace(other, zone=zone, zone_owner=owner),))
    return cards, cur


_PRON = ("lo", "la", "los", "las")
_GOES = (("en tu mano", "hand"), ("en la parte superior de tu mazo castillo", "castle_top"),
         ("en la parte superior del mazo castillo", "castle_top"), ("en tu cementerio", "graveyard"),
         ("en el cementerio de su dueno", "graveyard"), ("en tu zona de oro pagado", "paid"),
         ("en tu reserva de oros", "reserve"), ("en tu reserva de oro", "reserve"))


def _destination(cur: Cursor) -> tuple[str, Cursor] | None:
    """ "y ponlo en tu mano", "y juégalo sin pagar su coste", "y destiérralo"…; the «y» may be
    missing («… en tu Mazo Castillo ponerlo en tu Cementerio y Robar una carta»)."""
    cur = cur.take("y") or cur.take(",") or cur
    verb = cur.peek()
    if cur.peek(1) not in _PRON:
        return None
    after = cur.skip(2)
    if verb in ("pon", "poner"):
        for words, dest in _GOES:
            if (end := after.take(*words.split())) is not None:
                return dest, end
        return None
    if verb in ("juega", "jugar") and (end := after.take("sin", "pagar", "su", "coste")) is not None:
        return "being_played", end
    if verb in ("destierra", "desterrar"):
        return "exile", after
    return None


def search_effect(player: str, cur: Cursor) -> tuple[Effect, Cursor] | None:
    """After «busca / buscar»: [where] what [where] destination."""
    where = None
    if (got := _where(cur)) is not None:
        where, cur = got
    found = _what(cur)
    if found is None:
        return None
    cards, cur = found
    if where is None and cards.zone == "play" and (got := _where(cur)) is not None:
        where, cur = got
    if where is not None:
        if cards.zone != "play":
            return None  # two places named
        owner, zones = where
        cards = _placed(cards, zones[0], owner, zones[1:])
    elif cards.zone in ("castle", "graveyard") and cards.zone_owner == "you" and \
            (more := cur.take("o")) is not None and (nxt := _place(more.take("tu") or more)) is not None \
            and nxt[0] != cards.zone:
        cards, cur = _placed(cards, cards.zone, "you", (nxt[0],)), nxt[1]
    if cards.zone not in ("castle", "graveyard") or "castle" not in (cards.zone,) + cards.also_zones:
        return None  # Buscar is in a Mazo Castillo (8.x): a Cementerio alone is «elegir»
    dest = _destination(cur)
    if dest is None:
        return None
    return Effect("search", player, cards, dest=dest[0]), dest[1]


def _placed(cards: Cards, zone: str, owner: str, also: tuple[str, ...]) -> Cards:
    plus = tuple(replace(c, zone=zone, zone_owner=owner, also_zones=also) for c in cards.plus)
    return replace(cards, zone=zone, zone_owner=owner, also_zones=also, plus=plus)


def cannot_search(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "los jugadores no pueden buscar cartas en los Mazos Castillo / en su Mazo Castillo":
    while it applies nobody searches a Mazo Castillo (a Cementerio still can be)."""
    after = cur.take("los", "jugadores", "no", "pueden", "buscar", "cartas", "en")
    if after is None:
        return None
    end = after.take_any("los mazos castillo", "los mazos castillos", "su mazo castillo")
    banned = Effect("cannot_search", "each", Cards(count=None, zone="castle"), dest="castle")
    return (banned, end) if end is not None else None
