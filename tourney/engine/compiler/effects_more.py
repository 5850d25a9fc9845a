"""More effect verbs: Oros generated only to play some cards («genera dos Oros para jugar
Talismanes») and playing a card from a zone as an effect («juega un Arma de tu Cementerio
pagando su coste», «… de tu mano, que no sea Aliado, sin pagar su coste»); «Por cada NP,
puedes elegir hasta una carta …» read as «elegir hasta una carta … por cada NP»."""
from __future__ import annotations

from dataclasses import replace

from .card_effects import being_played, object
from .nouns import bare_phrase, card_phrase, number, per_phrase, zone_phrase
from .parsed import Cards, Effect
from .text import Cursor


def gold(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "genera N Oros [por cada NP] [para jugar NP]": virtual Oros, maybe only for those cards."""
    if cur.peek() not in ("genera", "generar") or (got := number(cur.skip())) is None:
        return None
    rest = got[1].take_any("oros", "oro")
    if rest is None:
        return None
    per = only = None
    if (more := rest.take("por", "cada")) is not None:
        phrase = bare_phrase(more)
        if phrase is None:
            return None
        per, rest = phrase
    if (more := rest.take("para", "jugar")) is not None:
        phrase = bare_phrase(more)  # «para jugar Aliados Dragón de coste 4 o más»
        if phrase is None or (only := being_played(phrase[0], "you")) is None:
            return None
        rest = phrase[1]
    return Effect("gold", amount=got[0], per=per, cards=only), rest


_FREE = ("sin", "pagar", "su", "coste")
_PAYING = ("pagando", "su", "coste")


def play(cur: Cursor, antecedent: Cards | None) -> tuple[Effect, Cursor] | None:
    """ "juega NP [,] sin pagar su coste" (play_free) / "juega NP [,] pagando su coste"
    (play_paying): the card is played as part of the effect, from the zone NP names."""
    if cur.peek() not in ("juega", "jugar"):
        return None
    if (first := cur.skip().take(*_FREE)) is not None and (obj := object(first, antecedent)) is not None:
        return Effect("play_free", cards=obj[0]), obj[1]  # «jugar sin pagar su coste el Tótem objetivo …»
    obj = object(cur.skip(), antecedent)
    if obj is None:
        return None
    cards, rest = obj
    if cards.ref == "self" and (more := rest.take("desde", "tu", "mano")) is not None:
        cards, rest = replace(cards, zone="hand"), more  # «jugar este Aliado desde tu mano»
    elif cards.ref == "self" and (more := rest.take("desde", "tu", "cementerio")) is not None:
        cards, rest = replace(cards, zone="graveyard"), more  # the ability works from there
    rest = rest.take(",") or rest
    if (end := rest.take(*_FREE)) is not None:
        return Effect("play_free", cards=cards), end
    if (end := rest.take(*_PAYING)) is not None:
        return Effect("play_paying", cards=cards), end
    return None


def also_strength(prev: Cards, cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "… gana Furia y 3 a la Fuerza": after a gained keyword, "N a la Fuerza" is gained too
    (the same cards: a chosen one is the same target, "todos" the same filter)."""
    got = number(cur)
    if got is None or (rest := got[1].take("a", "la", "fuerza")) is None:
        return None
    same = prev if prev.count is None or prev.ref else Cards(ref="that")
    return Effect("strength", cards=same, amount=got[0]), rest


def second_zone(eff: Effect, cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Destierra todos los Oros con habilidad en juego y en los Cementerios": the same verb on
    the same cards of a second zone."""
    if eff.kind not in ("destroy", "banish", "shuffle", "return") or eff.cards is None or \
            eff.cards.count is not None or eff.cards.ref is not None or eff.cards.zone != "play":
        return None
    if (after := cur.take("y")) is None or (got := zone_phrase(after)) is None:
        return None
    (zone, owner), rest = got
    return replace(eff, cards=replace(eff.cards, zone=zone, zone_owner=owner)), rest


def extra_turn(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Gana un turno extra después de éste": you take another turn after this one."""
    after = cur.take_any("gana un turno extra despues de este", "gana un turno adicional despues de este",
                         "ganas un turno extra despues de este")
    return (Effect("extra_turn"), after) if after is not None else None


def leading_per(cur: Cursor) -> Cursor | None:
    """«Por cada Aliado oponente, puedes elegir hasta una carta de tu Cementerio y …» /
    «… puedes elegir un Aliado oponente en juego y …»: you may choose one card per counted
    card, i.e. up to that many — the same words as «puedes elegir hasta una carta … por cada
    Aliado oponente y …» (``nouns.card_phrase``: ``count_rel``)."""
    after = cur.take("por", "cada")
    per = per_phrase(after) if after is not None else None
    if after is not None and per is not None and (per[0].ref or "").startswith("moved") and \
            (clause := per[1].take(",")) is not None and clause.peek() != "puedes":
        return _per_after_amount(cur, after, per[1], clause)
    if after is None or per is None or (chose := per[1].take(",", "puedes", "elegir")) is None:
        return None
    phrase = card_phrase(chose)
    if phrase is None or phrase[0].count != 1 or phrase[0].target or phrase[0].ref is not None:
        return None
    toks = cur.toks
    picked = toks[chose.i:phrase[1].i]
    picked = picked if picked[0] == "hasta" else ("hasta",) + picked
    words = ("elegir",) + picked + ("por", "cada") + toks[after.i:per[1].i] + toks[phrase[1].i:]
    return Cursor(toks[:cur.i] + words, cur.i)


def _per_after_amount(cur: Cursor, per_at: Cursor, per_end: Cursor, clause: Cursor) -> Cursor | None:
    """«Por cada Aliado Desterrado de esta manera, tu oponente Descarta una carta …»: the count
    after the clause's «carta» («… una carta por cada Aliado Desterrado de esta manera …»)."""
    toks = cur.toks
    rest = toks[clause.i:]
    at = next((k for k, w in enumerate(rest) if w in ("carta", "cartas")), None)
    if at is None or "." in rest[:at]:
        return None
    counted = ("por", "cada") + toks[per_at.i:per_end.i]
    return Cursor(toks[:cur.i] + rest[:at + 1] + counted + rest[at + 1:], cur.i)
