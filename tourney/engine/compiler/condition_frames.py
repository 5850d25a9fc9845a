"""The condition frame: «si …» / «mientras …» (see ``frames``)."""
from __future__ import annotations

from dataclasses import replace

from .conditions import all_allies, bearer_and_self, this_turn
from .conditions import counted as counted_condition
from .noun_words import COUNTER_NAMES, RACES
from .nouns import bare_phrase, card_phrase, number
from .parsed import Condition
from .text import Cursor


def condition(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """ "si …" / "mientras …" conditions (the word itself already read)."""
    if (got_all := all_allies(cur) or counted_condition(cur) or this_turn(cur) or bearer_and_self(cur)) is not None:
        return got_all  # «si todos los Aliados que controlas son Luz y/o de Raza Héroe», …
    first = cur.peek()
    if (after := cur.take_any("sea tu turno", "es tu turno")) is not None:
        return Condition("your_turn"), after
    if first in ("controlas", "controles"):
        return _controls(cur)
    if first in ("porta", "pagaste", "lo", "la", "jugaste") and (got := _played(cur)) is not None:
        return got
    if first in ("hay", "no") and (got := _zone_count(cur)) is not None:
        return got
    if first in ("el", "SELF") and (bearer := _bearer_or_damage(cur)) is not None:
        return (bearer[0], bearer[1]) if bearer[0] is not None else None
    if (got := _history(cur)) is not None:
        return got
    if (after := cur.take("tu", "oponente", "controla")) is not None and (how_many := number(after)) and \
            (rest := how_many[1].take("o", "mas")) is not None:
        phrase = bare_phrase(rest)  # «si tu oponente controla uno o más Tótems o Armas»
        if phrase and phrase[0].zone == "play" and phrase[0].controller is None:
            return Condition("opponent_control", cards=phrase[0], n=how_many[0]), phrase[1]
        return None
    if (after := cur.take("tiene")) is not None and (how_many := number(after)) and \
            (named := how_many[1].take_any("contadores de", "contador de")) is not None and \
            named.peek() in COUNTER_NAMES and (end := named.skip().take("sobre", "el")) is not None \
            and (end.done or end.peek() in (",", "y")):
        # «(si este Oro está en tu Reserva) y tiene un contador de Tesoro sobre él»
        return Condition("self_counters", zone=COUNTER_NAMES[named.peek()], n=how_many[0]), end
    if (after := cur.take("SELF")) is not None:
        return _self_condition(after)
    return None


def _controls(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """ «controlas (al menos) un Aliado de Raza X», «controlas N o más Oros»."""
    if (after := cur.take_any("controlas al menos", "controles al menos", "controlas", "controles")) is not None and \
            (counted := number(after)) and counted[1].peek() != "o":
        phrase = card_phrase(after)
        if phrase and phrase[0].count == 1 and not phrase[0].up_to and phrase[0].zone == "play":
            return Condition("control", cards=phrase[0], n=1), phrase[1]
        return None
    after = cur.skip()
    if after.peek() in ("aliados", "totems", "armas", "oros", "talismanes") and \
            (bare := bare_phrase(after)) is not None and bare[0].zone == "play":
        # «si controlas Aliados de coste 3 o menos»: one or more of them
        return Condition("control", cards=replace(bare[0], count=1), n=1), bare[1]
    how_many = number(after)
    if how_many and how_many[1].take("o", "mas") is not None:
        n, tail = how_many[0], how_many[1].skip(2)
        phrase = card_phrase(Cursor(("todos", "los") + tail.toks[tail.i:]))
        if phrase:
            cards, phrase_end = phrase
            return Condition("control", cards=cards, n=n), Cursor(tail.toks, tail.i + phrase_end.i - 2)
    return None


_PLAYED_FROM = (("lo jugaste de tu mano", "hand"), ("lo jugaste desde tu mano", "hand"),
                ("la jugaste de tu mano", "hand"), ("lo jugaste desde tu cementerio", "graveyard"),
                ("lo jugaste de tu cementerio", "graveyard"), ("la jugaste desde tu cementerio", "graveyard"),
                ("jugaste SELF desde tu cementerio", "graveyard"), ("jugaste SELF de tu cementerio", "graveyard"),
                ("jugaste SELF desde tu mano", "hand"), ("jugaste SELF de tu mano", "hand"))


def _played(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """ «porta un Arma», «pagaste su coste», «lo jugaste de tu mano», «jugaste un Talismán este turno»."""
    if (after := cur.take_any("porta una o mas armas", "porta un arma")) is not None:
        return Condition("self_bearing"), after  # the subject is the card itself
    if (after := cur.take_any("pagaste su coste", "pagaste el coste de SELF")) is not None:
        return Condition("paid_cost"), after
    for words, zone in _PLAYED_FROM:
        if (after := cur.take(*words.split())) is not None:
            return Condition("played_from", zone=zone), after
    if (after := cur.take("jugaste")) is not None and (got := card_phrase(after)) is not None and \
            (end := got[1].take("este", "turno")) is not None and got[0].count == 1 and not got[0].target:
        return Condition("happened", cards=got[0], phase="played"), end  # «si jugaste un Talismán este turno»
    return None


def _zone_count(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """ «hay N o más … en tu Cementerio», «no hay … en tu Cementerio»."""
    if (after := cur.take("hay")) is not None:
        if (how_many := number(after)) and (rest := how_many[1].take("o", "mas")) is not None:
            phrase = bare_phrase(rest)
            if phrase and phrase[0].zone != "play" and phrase[0].zone_owner == "you":
                return Condition("zone_count", cards=phrase[0], n=how_many[0]), phrase[1]
        return None
    if (after := cur.take("no", "hay")) is not None:
        phrase = bare_phrase(after)
        if phrase and phrase[0].zone != "play" and phrase[0].zone_owner == "you":
            return Condition("zone_empty", cards=phrase[0]), phrase[1]
    return None


_DEALT = ("SELF hizo dano al mazo castillo oponente", "el aliado portador hizo dano al mazo castillo oponente",
          "SELF hizo dano de combate al mazo castillo oponente",
          "el aliado portador hizo dano de combate al mazo castillo oponente")


def _bearer_or_damage(cur: Cursor) -> tuple[Condition | None, Cursor] | None:
    """ «el Aliado portador es de Raza X / Luz», «este Aliado / el Aliado portador hizo daño al
    Mazo Castillo oponente»; ``(None, cur)`` when the bearer's words read nothing (no condition)."""
    if (after := cur.take_any("el aliado portador es", "el aliado portador sea")) is not None:
        if (rest := after.take("de", "raza")) is not None:
            bearer_races, rest = _races(rest)
            if bearer_races:
                return Condition("bearer_race", races=bearer_races), rest
        if after.peek() in ("luz", "oscuridad"):
            return Condition("bearer_race", zone=after.peek().capitalize()), after.skip()
        return None, cur
    if (after := cur.take_any(*_DEALT)) is not None:
        bearer = cur.peek() == "el"
        after = after.take("este", "turno") or after
        return Condition("dealt_damage", zone="bearer" if bearer else "self"), after
    return None


def _history(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """ «un Aliado … entró en juego bajo tu control / fue Destruido este turno»."""
    got = card_phrase(cur)
    if got is not None and got[0].ref is None and got[0].count is not None and not got[0].up_to:
        cards, rest = got
        if (end := rest.take_any("entro en juego bajo tu control este turno",
                                 "entraron en juego bajo tu control este turno",
                                 "entro bajo tu control este turno")) is not None:
            return Condition("entered", cards=cards, n=cards.count), end
    if got is not None and got[0].ref is None and got[0].count == 1 and not got[0].up_to and \
            not got[0].target:
        for words, event in (("fue destruido este turno", "destroyed"), ("fue desterrado este turno", "banished"),
                             ("fue declarado atacante este turno", "attack_declared")):
            if (end := got[1].take(*words.split())) is not None:
                return Condition("happened", cards=got[0], phase=event), end
    if (entered := number(cur)) and (more := entered[1].take("o", "mas")) is not None:
        bare = bare_phrase(more)
        if bare and (then := bare[1].take("entraron", "en", "juego", "bajo", "tu", "control", "este", "turno")):
            return Condition("entered", cards=bare[0], n=entered[0]), then
        if bare and (then := bare[1].take_any("entraron en juego bajo el control de tu oponente este turno",
                                              "entraron en juego bajo el control oponente este turno")):
            return Condition("entered", cards=bare[0], n=entered[0], zone="opponent"), then
    return None


def _self_condition(after: Cursor) -> tuple[Condition, Cursor] | None:
    """What «este Aliado / esta carta» is or has (the SELF word already read)."""
    if (rest := after.take_any("este alimentado", "esta alimentado")) is not None:
        return Condition("self_counters", zone="Alimento", n=1), rest  # 10.3: it has Alimento counters
    if (rest := after.take("tiene")) is not None and (how_many := number(rest)) and \
            (more := how_many[1].take("o", "mas")) is not None and \
            (named := more.take_any("contadores de", "contador de")) is not None and \
            named.peek() in COUNTER_NAMES:
        return Condition("self_counters", zone=COUNTER_NAMES[named.peek()], n=how_many[0]), named.skip()
    for words, zone in (("esta en tu cementerio", "graveyard"), ("se encuentra en tu cementerio", "graveyard"),
                        ("esta en tu mano", "hand"), ("esta en tu reserva de oros", "reserve"),
                        ("esta en tu reserva de oro", "reserve"), ("esta en tu reserva", "reserve")):
        if (rest := after.take(*words.split())) is not None:
            return Condition("self_zone", zone=zone), rest
    if (rest := after.take_any("porte un arma", "porta un arma", "porta una o mas armas",
                               "porte una o mas armas")) is not None:
        return Condition("self_bearing"), rest
    if (rest := after.take_any("esta en juego")) is not None:
        return Condition("self_zone", zone="play"), rest
    if (rest := after.take_any("fue bloqueado este turno", "fue bloqueado")) is not None:
        return Condition("self_blocked"), rest
    return None


def _races(cur: Cursor) -> tuple[tuple[str, ...], Cursor]:
    races = []
    while cur.peek() in RACES:
        races.append(RACES[cur.peek()])
        cur = cur.skip()
        if cur.peek() in ("o", "y", "yo", ",") and cur.peek(1) in RACES:
            cur = cur.skip()
    return tuple(races), cur


def joined_conditions(cur: Cursor) -> tuple[tuple[Condition, ...], Cursor] | None:
    """One condition, or several joined by «y» («si controlas un Aliado de Raza X y un Aliado de
    Raza Y»)."""
    got = condition(cur)
    if got is None:
        return None
    conds, cur = [got[0]], got[1]
    while (after := cur.take("y")) is not None:
        more = condition(after)
        if more is None and conds[-1].kind == "control":
            more = condition(Cursor(("controlas",) + after.toks[after.i:]))
            if more is not None:
                more = (more[0], Cursor(after.toks, after.i + more[1].i - 1))
        if more is None:
            break
        conds.append(more[0])
        cur = more[1]
    return tuple(conds), cur
