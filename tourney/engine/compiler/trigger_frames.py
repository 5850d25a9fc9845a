"""The trigger frame: «Cuando …», «Cada vez que …», «En tu Fase de …» (see ``frames``)."""
from __future__ import annotations

from dataclasses import replace

from .counters import counter_placed
from .nouns import bare_phrase, card_phrase, number
from .parsed import Cards, Trigger
from .render import PHASES
from .text import Cursor

_EVENTS = (
    ("entra en juego", "enters"), ("entre en juego", "enters"), ("entran en juego", "enters"),
    ("sea destruido", "destroyed"), ("sea destruida", "destroyed"), ("es destruido", "destroyed"),
    ("sea desterrado", "banished"), ("sea desterrada", "banished"),
    ("sea declarado atacante", "attacks"), ("es declarado atacante", "attacks"),
    ("entre en juego", "enters"), ("sea declarado bloqueador", "blocks"),
    ("sean declarados atacantes", "attacks"), ("sean destruidos", "destroyed"),
    ("entren en juego", "enters"), ("sean desterrados", "banished"),
    ("declarado atacante", "attacks"), ("declarado bloqueador", "blocks"),
    ("salga del juego", "leaves"), ("sale del juego", "leaves"),
    ("fuera a ser destruido", "would_destroyed"), ("fuera a ser destruida", "would_destroyed"),
    ("fuera a ser desterrado", "would_banished"), ("fuera a ser desterrada", "would_banished"),
    ("fuese a ser destruido", "would_destroyed"), ("fuese a ser desterrado", "would_banished"),
    ("haga dano de combate al mazo castillo oponente", "combat_damage"),
    ("hace dano de combate al mazo castillo oponente", "combat_damage"),
    ("sea alimentado", "fed"), ("sea alimentada", "fed"),
    ("sea anulada", "annulled"), ("sea anulado", "annulled"),
    ("sea bloqueado", "blocked"), ("es bloqueado", "blocked"), ("sea declarado bloqueador", "blocks"), ("bloquee", "blocks"),
    ("sea descartado", "discarded"), ("sea descartada", "discarded"),
    ("sea purificado", "purified"), ("sea purificada", "purified"),
    ("sea puesto en un cementerio", "to_graveyard"), ("sea puesta en un cementerio", "to_graveyard"),
    ("sea puesto en tu cementerio", "to_graveyard:you"), ("sea puesta en tu cementerio", "to_graveyard:you"),
    ("sea movido a su zona de oro pagado", "to_paid"),
    ("haga dano a tu mazo castillo", "damage:you"), ("haga dano al mazo castillo oponente", "damage:opponent"),
)


def _phase(cur: Cursor) -> tuple[str, str | None, Cursor] | None:
    """ "tu Fase de Vigilia", "la Fase Final", "la Fase de Agrupación oponente"."""
    whose = None
    if (after := cur.take("tu")) is not None:
        whose, cur = "you", after
    elif (after := cur.take_any("la", "cada")) is not None:
        cur = after
    else:
        return None
    if (after := cur.take("fase", "final")) is not None:
        phase, cur = "final", after
    elif (after := cur.take("fase", "de")) is not None and after.peek() in PHASES:
        phase, cur = after.peek(), after.skip()
    elif (after := cur.take("declaracion", "de", "bloqueo")) is not None:  # 9 C2 a
        phase, cur = "bloqueo", after
    elif (after := cur.take("guerra", "de", "talismanes")) is not None:  # 9 C3 a
        phase, cur = "guerra", after
    else:
        return None
    if (after := cur.take("oponente")) is not None:
        if whose:
            return None
        whose, cur = "opponent", after
    return phase, whose, cur


def trigger(cur: Cursor) -> tuple[Trigger, Cursor] | None:
    if (after := cur.take_any("al comienzo de", "al inicio de")) is not None:
        ph = _phase(after)
        if ph:
            return Trigger("phase_start", phase=ph[0], whose=ph[1]), ph[2]
        return None
    if (after := cur.take("al", "final", "de")) is not None:
        ph = _phase(after)
        if ph:
            return Trigger("phase_end", phase=ph[0], whose=ph[1]), ph[2]
        return None
    if (after := cur.take("en")) is not None and (ph := _phase(after)) and (
            ph[0] == "final" or after.peek() == "cada"):
        return Trigger("phase_start", phase=ph[0], whose=ph[1]), ph[2]
    if (after := cur.take("si")) is not None and (got := card_phrase(after)) is not None and \
            got[1].take("fuera", "a", "ser") is not None:
        return trigger_event(got[1], got[0])  # «Si este Aliado fuera a ser Destruido»
    if (after := cur.take("en", "respuesta", "a", "que")) is not None and (got := card_phrase(after)) and \
            got[1].take_any("fuera a ser", "fuese a ser") is not None:
        found = trigger_event(got[1], got[0])
        return (replace(found[0], phase="response"), found[1]) if found else None
    if (after := cur.take("en", "respuesta", "a", "que")) is not None and (acted := _player_action(after)):
        return replace(acted[0], phase="response"), acted[1]  # «… a que tu oponente busque …»
    if (after := cur.take("en", "respuesta", "a", "que")) is not None and after.peek() in ("un", "una") and \
            (got := card_phrase(after)) is not None and got[1].peek() in ("sea", "entre") and \
            (found := trigger_event(got[1], got[0])) is not None:
        return replace(found[0], phase="response"), found[1]  # «… a que una carta que controles sea Destruida»
    if (after := cur.take("en", "respuesta", "a", "que", "tu", "oponente", "juegue")) is not None:
        got = card_phrase(after)
        if got:
            return Trigger("played", cards=got[0], player="opponent", phase="response"), got[1]
        return None
    after = cur.take_any("cuando", "cada vez que")
    if after is None:
        return None
    every = cur.peek() == "cada"  # «cada vez que»: no once-per-turn limit
    found_after = _trigger_after(after)
    if found_after is None or not every:
        return found_after
    trig, end = found_after
    return replace(trig, whose="every" if trig.whose is None else trig.whose), end


_PLAYER_EVENTS = {"robe": "drawn", "descarte": "discarded", "descarta": "discarded", "bote": "milled"}
# «Cuando tu oponente Agrupe un Aliado», «Cuando actives la habilidad de un Tótem»: who does it
_PLAYER_CARD_EVENTS = (("tu oponente agrupe", "regrouped", "opponent"),
                       ("actives la habilidad de", "ability_used", "you"))


def _trigger_after(after: Cursor) -> tuple[Trigger, Cursor] | None:
    for who, player in (("tu oponente", "opponent"), ("un jugador", "any"), ("un oponente", "opponent")):
        if (rest := after.take(*who.split())) is not None and rest.peek() in _PLAYER_EVENTS:
            event = _PLAYER_EVENTS[rest.peek()]
            got = card_phrase(rest.skip())
            if got and got[0].zone == "play" and got[0].count == 1 and not got[0].types:
                return Trigger(event, player=player), got[1]
            return None
    if (rest := after.take_any("un oponente gane el control de", "tu oponente gane el control de")) is not None:
        got = card_phrase(rest)  # «Cuando un oponente gane el control de uno de tus Aliados»
        if got and got[0].count == 1 and got[0].ref is None and got[0].controller == "you" \
                and not got[0].target and got[0].zone == "play":
            # it was yours: with two players, the opponent gaining it means it came from you
            return Trigger("control_gained", cards=replace(got[0], controller=None), player="opponent"), got[1]
        return None
    if (placed := counter_placed(after)) is not None:  # «Cuando un contador sea puesto sobre …»
        return placed
    for words, event, player in _PLAYER_CARD_EVENTS:
        if (rest := after.take(*words.split())) is not None:
            got = card_phrase(rest)
            if got is None or got[0].count != 1 or got[0].up_to or got[0].ref is not None or \
                    got[0].zone != "play" or len(got[0].types) != 1:
                return None
            return Trigger(event, cards=got[0], player=player), got[1]
    if (rest := after.take("juegues")) is not None or (rest := after.take_any(
            "tu oponente juegue", "tu oponente juega", "un oponente juegue")):
        player = "you" if after.peek() == "juegues" else "opponent"
        got = card_phrase(rest)
        if got and got[0].zone == "graveyard" and got[0].zone_owner in ("owner", player) and \
                got[0].ref is None:  # «juegue una carta desde su Cementerio»: played from there
            return Trigger("played", cards=replace(got[0], zone="play", zone_owner=None), player=player,
                           from_zone="graveyard"), got[1]
        if got:
            return Trigger("played", cards=got[0], player=player), got[1]
        return None
    if (group := _attackers(after)) is not None:
        return group
    if (rest := after.take("SELF")) is not None and (rest := rest.take_any(
            "sea utilizado para pagar el coste de", "sea usado para pagar el coste de")) is not None:
        got = card_phrase(rest)  # «Cuando este Oro sea utilizado para pagar el coste de un Tótem»
        if got is None or got[0].ref is not None or got[0].count != 1 or got[0].up_to or got[0].zone != "play":
            return None
        paid, end = got
        if (more := end.take_any("jugada desde tu cementerio", "jugado desde tu cementerio")) is not None:
            return Trigger("paid_with", cards=paid, from_zone="graveyard"), more
        return Trigger("paid_with", cards=paid), end
    if (acted := _player_action(after)) is not None:
        return acted
    if (rest := after.take("este", "u", "otro")) is not None:  # «este u otro Aliado de Raza X»
        got = card_phrase(Cursor(("un",) + rest.toks[rest.i:]))
        if got is None or got[0].ref is not None or got[0].other or got[0].count != 1:
            return None
        found = trigger_event(Cursor(rest.toks, rest.i + got[1].i - 1), got[0])
        return (replace(found[0], self_too=True), found[1]) if found else None
    got = card_phrase(after)
    if got is None:
        return None
    return trigger_event(got[1], got[0])


_ACTIONS = {"busque": ("searched", False), "fuera a buscar": ("searched", True),
            "baraje": ("shuffled", False), "fuera a barajar": ("shuffled", True)}
_WHO = (("tu oponente", "opponent"), ("un oponente", "opponent"), ("un jugador", "any"))
_ACTION_ZONES = {"searched": (("en un mazo castillo", None), ("en su mazo castillo", "own")),
                 "shuffled": (("de su cementerio en su mazo castillo", "own"), ("de su cementerio", "own"))}


def _player_action(cur: Cursor) -> tuple[Trigger, Cursor] | None:
    """ "tu oponente busque una o más cartas en un Mazo Castillo", "un jugador fuera a buscar
    una carta en un Mazo Castillo", "tu oponente Baraje una carta de su Cementerio": a player
    searches / shuffles (``cards.zone``: where the cards are, ``zone_owner`` whose)."""
    for words, player in _WHO:
        if (after := cur.take(*words.split())) is not None:
            break
    else:
        return None
    for words, (event, would) in _ACTIONS.items():
        if (rest := after.take(*words.split())) is not None:
            break
    else:
        return None
    rest = rest.take_any("una o mas cartas", "1 o mas cartas", "una carta", "1 carta")
    if rest is None:
        return None
    for words, whose in _ACTION_ZONES[event]:
        if (end := rest.take(*words.split())) is not None:
            if whose == "own" and player == "any":
                return None  # «un jugador … su Mazo Castillo»: the engine's filter cannot say it
            zone = "castle" if event == "searched" else "graveyard"
            cards = Cards(types=(), zone=zone, zone_owner=player if whose == "own" else None)
            return Trigger(("would_" if would else "") + event, cards=cards, player=player), end
    return None


def _attackers(cur: Cursor) -> tuple[Trigger, Cursor] | None:
    """ "uno o más / dos o más Aliados oponentes sean declarados atacantes": once per
    declaration (``cards.count``: how many at least)."""
    if (after := cur.take_any("uno o mas", "1 o mas")) is not None:
        n = 1
    elif (got := number(cur)) is not None and (after := got[1].take("o", "mas")) is not None:
        n = got[0]
    else:
        return None
    phrase = bare_phrase(after)
    if phrase is None or (end := phrase[1].take("sean", "declarados", "atacantes")) is None:
        return None
    return Trigger("attackers", cards=replace(phrase[0], count=n)), end


_AFTER_OR = (("ganes el control de el", "control_gained"), ("ganes el control de ella", "control_gained"),
             ("destruido", "destroyed"), ("destruida", "destroyed"), ("desterrado", "banished"),
             ("desterrada", "banished"), ("bloqueador", "blocks"), ("declarado bloqueador", "blocks"))


_FROM = (("desde tu mazo castillo", "castle"), ("desde tu mano", "hand"), ("desde el cementerio", "graveyard"), ("desde tu cementerio", "graveyard"),
         ("desde un cementerio", "graveyard"), ("de tu cementerio", "graveyard"),
         ("de un cementerio", "graveyard"))


def _together(trig: Trigger, cur: Cursor) -> tuple[Trigger, Cursor]:
    """ "(sea declarado atacante) con otros 2 o más Aliados de Raza Bárbaro"."""
    if trig.event != "attacks" or (after := cur.take("con", "otros")) is None or (got := number(after)) is None:
        return trig, cur
    n, rest = got
    if (more := rest.take("o", "mas")) is None or (phrase := bare_phrase(more)) is None:
        return trig, cur
    return replace(trig, together=(n, phrase[0])), phrase[1]


def _from_zone(trig: Trigger, cur: Cursor) -> tuple[Trigger, Cursor]:
    for words, zone in _FROM:
        if (after := cur.take(*words.split())) is not None:
            if words.startswith("de tu") or words.startswith("desde tu"):
                if trig.cards is not None and trig.cards.ref is None and words.endswith(("cementerio", "castillo")):
                    trig = replace(trig, cards=replace(trig.cards, controller="you"))
            return replace(trig, from_zone=zone), after
    return trig, cur


def trigger_event(rest: Cursor, cards: Cards, after_or: bool = False) -> tuple[Trigger, Cursor] | None:
    got = _trigger_event(rest, cards, after_or)
    if got is None:
        return None
    trig, end = _together(*_from_zone(*got))
    if (by := end.take_any("por un efecto o habilidad oponente", "por un efecto oponente")) is not None:
        trig, end = replace(trig, by_opponent=True), by  # «sea Destruido por un efecto oponente»
    if trig.whose is None and (turn := end.take("en", "tu", "turno")) is not None:
        return replace(trig, whose="your_turn"), turn  # «… sea movido a su Zona de Oro Pagado en tu turno»
    return trig, end


def _trigger_event(rest: Cursor, cards: Cards, after_or: bool = False) -> tuple[Trigger, Cursor] | None:
    """The event part of "cuando NP EVENTO" (also after "o": "… o sea declarado bloqueador",
    "… sea Destruido o Desterrado")."""
    if after_or:
        for words, event in _AFTER_OR:
            if (end := rest.take(*words.split())) is not None:
                return Trigger(event, cards=cards), end
    for words, event in _EVENTS:
        if (end := rest.take(*words.split())) is not None:
            if ":" in event:  # «sea puesto en tu Cementerio» (yours), «haga daño a tu Mazo Castillo»
                event, whose = event.split(":")
                if event == "to_graveyard":
                    if cards.ref == "self":  # «este Aliado … en tu Cementerio»: its owner's
                        return Trigger(event, cards=cards), end
                    if cards.controller not in (None, "you") or cards.ref is not None:
                        return None
                    return Trigger(event, cards=replace(cards, controller="you")), end
                return Trigger(event, cards=cards, player=whose), end
            if event == "enters" and (more := end.take("bajo", "tu", "control")) is not None:
                if (turn := more.take("en", "un", "turno", "oponente")) is not None:
                    return Trigger(event, cards=cards, player="you", whose="opponent_turn"), turn
                return Trigger(event, cards=cards, player="you"), more
            if event == "enters" and (more := end.take_any("bajo el control de tu oponente",
                                                           "bajo el control oponente")) is not None:
                return Trigger(event, cards=cards, player="opponent"), more
            return Trigger(event, cards=cards), end
    return None
