"""Condition parts that ``frames.condition`` delegates to (kept apart so frames.py stays one
job): what all the Allies you control are, counts «o menos», the Allies of a Línea.

Each reader takes the cursor just after «si» / «mientras» and returns the parsed
``Condition`` and the cursor after it, or None when the words are not this part.
"""
from __future__ import annotations

from dataclasses import replace

from .noun_words import ATTRIBUTES, RACES
from .nouns import bare_phrase, card_phrase, comparison, number
from .parsed import Cards, Condition
from .text import Cursor

# «todos los Aliados que controlas son …»; «los demás Aliados que controlas son …» leaves the
# card itself out (other=True)
_ALL_ALLIES = (
    ("todos los aliados que controlas son", False), ("todos los aliados que controlas sean", False),
    ("todos los aliados que controles son", False), ("todos los aliados que controles sean", False),
    ("todos tus aliados son", False), ("todos tus aliados sean", False),
    ("todos los demas aliados que controlas son", True), ("los demas aliados que controlas son", True),
    ("los demas aliados que controles son", True), ("todos tus demas aliados son", True),
)
_JOINERS = (",", "y", "o", "yo")  # «Luz, de Raza Guerrero y/o de Raza Dragón» (y/o is folded to «yo»)


def all_allies(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """«todos los Aliados que controlas son Luz, de Raza Guerrero y/o de Raza Dragón»: each
    Ally you control is one of the listed kinds (an attribute and/or races)."""
    for words, other in _ALL_ALLIES:
        if (after := cur.take(*words.split())) is not None:
            break
    else:
        return None
    got = _kinds(after)
    if got is None:
        return None
    attribute, races, end = got
    return Condition("all_race", races=races, zone=attribute, other=other), end


def _kinds(cur: Cursor) -> tuple[str | None, tuple[str, ...], Cursor] | None:
    """A list of an attribute and races joined by «,», «y», «o», «y/o»; the cursor stops
    before a joiner that is not followed by another kind (the «,» before the effect)."""
    attribute: str | None = None
    races: list[str] = []
    while True:
        item = _kind(cur)
        if item is None:
            break
        kind, value, cur = item
        if kind == "attribute":
            if attribute is not None:
                return None  # «Luz y Oscuridad»: not a list this part reads
            attribute = value
        else:
            races.append(value)
        if cur.peek() in _JOINERS and _kind(cur.skip()) is not None:
            cur = cur.skip()
            continue
        break
    if attribute is None and not races:
        return None
    return attribute, tuple(races), cur


def _kind(cur: Cursor) -> tuple[str, str, Cursor] | None:
    if cur.peek() in ATTRIBUTES:
        return "attribute", ATTRIBUTES[cur.peek()], cur.skip()
    after = cur.take("de", "raza") or cur
    if after.peek() in RACES:
        return "race", RACES[after.peek()], after.skip()
    return None


def counted(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """Counts this module reads (``frames.condition`` reads «controlas N o más …»):
    «controlas N o menos Oros», «tienes N o más Aliados en tu Línea de Ataque / cartas en tu
    Cementerio», «no hay otros Aliados en tu Cementerio», «el Aliado portador tiene Fuerza N o
    menos»."""
    if (after := cur.take_any("controlas", "controles")) is not None and (got := number(after)) and \
            (rest := got[1].take("o", "menos")) is not None:
        phrase = bare_phrase(rest)
        if phrase and phrase[0].zone == "play" and phrase[0].controller is None and phrase[0].ref is None:
            return Condition("control_at_most", cards=phrase[0], n=got[0]), phrase[1]
        return None
    for words, whose, than in (("controlas mas", "you", "que tu oponente"), ("controles mas", "you", "que tu oponente"),
                               ("tu oponente controla mas", "opponent", "que tu")):
        if (after := cur.take(*words.split())) is not None:  # «si controlas más Aliados que tu oponente»
            phrase = bare_phrase(after)
            if phrase and phrase[0].zone == "play" and phrase[0].controller is None and \
                    (end := phrase[1].take(*than.split())) is not None:
                return Condition("more_than", cards=phrase[0], zone=whose), end
            return None
    if (after := cur.take("tu", "oponente", "controla")) is not None and (got := number(after)) and \
            (rest := got[1].take("o", "mas")) is not None:  # «si tu oponente controla 3 o más Oros»
        phrase = bare_phrase(rest)
        if phrase and phrase[0].zone == "play" and phrase[0].controller is None and phrase[0].ref is None:
            return Condition("opp_control", cards=phrase[0], n=got[0]), phrase[1]
        return None
    if (after := cur.take_any("controlas", "controles")) is not None and \
            (phrase := card_phrase(after)) is not None and phrase[0].other and phrase[0].count == 1 and \
            not phrase[0].up_to and not phrase[0].target and phrase[0].zone == "play" and \
            phrase[0].controller is None:  # «si controlas otra carta Luz»
        return Condition("control", cards=phrase[0], n=1), phrase[1]
    if (after := cur.take("tu", "oponente", "tiene")) is not None and (got := number(after)) and \
            (rest := got[1].take("o", "mas")) is not None:  # «… 2 o más Oros en su Zona de Oro Pagado»
        phrase = bare_phrase(rest)
        if phrase and phrase[0].zone in ("paid", "reserve", "attack", "defense") and \
                phrase[0].zone_owner in ("owner", "opponent") and phrase[0].controller is None:
            return Condition("opp_control", cards=replace(phrase[0], zone_owner=None), n=got[0]), phrase[1]
        return None
    if (after := cur.take_any("no tienes", "no tengas", "no haya", "no hay otros", "no hay otras")) is not None:
        other = cur.peek(2) in ("otros", "otras")  # «no hay otros Aliados en tu Cementerio»
        phrase = bare_phrase(after)
        if phrase and phrase[0].zone in ("graveyard", "hand") and phrase[0].zone_owner == "you":
            return Condition("zone_empty", cards=replace(phrase[0], other=other)), phrase[1]
        return None
    if (after := cur.take_any("tienes", "tengas")) is not None and (got := number(after)) and \
            (rest := got[1].take("o", "mas")) is not None:
        phrase = bare_phrase(rest)
        if phrase is None or phrase[0].zone_owner != "you" or phrase[0].controller is not None:
            return None
        cards, end = phrase
        if cards.zone in ("attack", "defense"):  # the Allies of your Línea: Allies you control there
            return Condition("control", cards=cards, n=got[0]), end
        if cards.zone in ("hand", "graveyard"):
            return Condition("zone_count", cards=cards, n=got[0]), end
        return None
    if (after := cur.take_any("el aliado portador tiene fuerza", "el aliado portador tenga fuerza")) is not None:
        got_cmp = comparison(after)
        if got_cmp and got_cmp[0][0] != "==":
            return Condition("bearer_is", cards=Cards(types=("Aliado",), strength=got_cmp[0])), got_cmp[1]
    return None


_THIS_TURN = (("fue declarado atacante este turno", "attack_declared"),
              ("fue destruido este turno", "destroyed"), ("fue desterrado este turno", "banished"))


def this_turn(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """«si este Aliado (no) fue declarado atacante este turno», «si ningún Aliado fue declarado
    atacante este turno» (``frames.condition`` reads «si un Aliado oponente fue Destruido este
    turno»)."""
    if (after := cur.take("SELF")) is not None:
        cards, kind = Cards(ref="self"), "happened"
        if (rest := after.take("no")) is not None:
            kind, after = "not_happened", rest
    elif (after := cur.take_any("ningun", "ninguna")) is not None:
        phrase = bare_phrase(after)
        if phrase is None or phrase[0].zone != "play" or phrase[0].ref is not None:
            return None
        (cards, after), kind = phrase, "not_happened"
        cards = replace(cards, count=1)
    else:
        return None
    for words, event in _THIS_TURN:
        if (end := after.take(*words.split())) is not None:
            return Condition(kind, cards=cards, phase=event), end
    return None


def bearer_and_self(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """«si el Aliado portador fue declarado atacante y no fue bloqueado» (this turn's attack);
    «si este es el único Aliado en tu Cementerio» (``expand`` makes it two conditions)."""
    if (after := cur.take_any("el aliado portador no sea de raza", "el aliado portador no es de raza")) is not None:
        races: list[str] = []
        while after.peek() in RACES:  # «… no sea de Raza Samurái»
            races.append(RACES[after.peek()])
            after = after.skip()
            if after.peek() in ("o", "ni") and after.peek(1) in RACES:
                after = after.skip()
        return (Condition("bearer_not_race", races=tuple(races)), after) if races else None
    if (after := cur.take_any("el aliado portador fue declarado atacante y no fue bloqueado",
                              "el aliado portador es un atacante no bloqueado")) is not None:
        return Condition("bearer_unblocked"), after
    if (after := cur.take_any("este es el unico", "esta es la unica", "SELF es el unico",
                              "SELF es la unica")) is not None:
        phrase = bare_phrase(after)
        if phrase is None or phrase[0].zone not in ("graveyard", "hand") or phrase[0].zone_owner != "you":
            return None
        cards, end = phrase
        return Condition("only_one", cards=replace(cards, other=True), zone=cards.zone), end
    return None


def expand(cond: Condition) -> tuple[Condition, ...]:
    """The parsed conditions one reading stands for: «este es el único Aliado en tu
    Cementerio» is «esta carta está en tu Cementerio» (the ability works from there) and «no
    hay otros Aliados en tu Cementerio»."""
    if cond.kind == "only_one":
        return (Condition("self_zone", zone=cond.zone), Condition("zone_empty", cards=cond.cards))
    return (cond,)
