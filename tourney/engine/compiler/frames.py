"""The frame around the effects: trigger, condition, cost, once-per-turn limit and timing.

Each is parsed on its own from the comma-separated clauses that open a sentence
("Una vez por turno," "En tu Fase de Vigilia," "Cuando este Aliado entra en juego,"
"si controlas 4 o más Oros,") and from the "puedes COSTE para EFECTO" body.
"""
from __future__ import annotations

from dataclasses import replace

from .conditions import all_allies, bearer_and_self, this_turn
from .conditions import counted as counted_condition
from .counters import counter_cost, counter_placed
from .nouns import COUNTER_NAMES, RACES, bare_phrase, card_phrase, number
from .parsed import Cards, Condition, Cost, Trigger
from .text import Cursor

PHASES = {"agrupacion": "Fase de Agrupación", "vigilia": "Fase de Vigilia", "final": "Fase Final",
          "batalla": "Fase de Batalla", "robar": "Fase de Robar"}
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


def trigger_event(rest: Cursor, cards, after_or: bool = False) -> tuple[Trigger, Cursor] | None:
    got = _trigger_event(rest, cards, after_or)
    if got is None:
        return None
    trig, end = _together(*_from_zone(*got))
    if (by := end.take_any("por un efecto o habilidad oponente", "por un efecto oponente")) is not None:
        trig, end = replace(trig, by_opponent=True), by  # «sea Destruido por un efecto oponente»
    if trig.whose is None and (turn := end.take("en", "tu", "turno")) is not None:
        return replace(trig, whose="your_turn"), turn  # «… sea movido a su Zona de Oro Pagado en tu turno»
    return trig, end


def _trigger_event(rest: Cursor, cards, after_or: bool = False) -> tuple[Trigger, Cursor] | None:
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


def condition(cur: Cursor) -> tuple[Condition, Cursor] | None:
    """ "si …" / "mientras …" conditions (the word itself already read)."""
    if (got_all := all_allies(cur) or counted_condition(cur) or this_turn(cur) or bearer_and_self(cur)) is not None:
        return got_all  # «si todos los Aliados que controlas son Luz y/o de Raza Héroe», …
    if (after := cur.take_any("controlas al menos", "controles al menos", "controlas", "controles")) is not None and \
            (counted := number(after)) and counted[1].peek() != "o":
        phrase = card_phrase(after)
        if phrase and phrase[0].count == 1 and not phrase[0].up_to and phrase[0].zone == "play":
            return Condition("control", cards=phrase[0], n=1), phrase[1]
        return None
    if (after := cur.take_any("controlas", "controles")) is not None:
        how_many = number(after)
        if how_many and how_many[1].take("o", "mas") is not None:
            n, tail = how_many[0], how_many[1].skip(2)
            phrase = card_phrase(Cursor(("todos", "los") + tail.toks[tail.i:]))
            if phrase:
                cards, phrase_end = phrase
                return Condition("control", cards=cards, n=n), Cursor(tail.toks, tail.i + phrase_end.i - 2)
        return None
    if (after := cur.take_any("porta una o mas armas", "porta un arma")) is not None:
        return Condition("self_bearing"), after  # the subject is the card itself
    if (after := cur.take_any("pagaste su coste", "pagaste el coste de SELF")) is not None:
        return Condition("paid_cost"), after
    for words, zone in (("lo jugaste de tu mano", "hand"), ("lo jugaste desde tu mano", "hand"),
                        ("la jugaste de tu mano", "hand"), ("lo jugaste desde tu cementerio", "graveyard"),
                        ("lo jugaste de tu cementerio", "graveyard"), ("la jugaste desde tu cementerio", "graveyard"),
                        ("jugaste SELF desde tu cementerio", "graveyard"), ("jugaste SELF de tu cementerio", "graveyard"),
                        ("jugaste SELF desde tu mano", "hand"), ("jugaste SELF de tu mano", "hand")):
        if (after := cur.take(*words.split())) is not None:
            return Condition("played_from", zone=zone), after
    if (after := cur.take("jugaste")) is not None and (got := card_phrase(after)) is not None and \
            (end := got[1].take("este", "turno")) is not None and got[0].count == 1 and not got[0].target:
        return Condition("happened", cards=got[0], phase="played"), end  # «si jugaste un Talismán este turno»
    if (after := cur.take("hay")) is not None and (how_many := number(after)) and \
            (rest := how_many[1].take("o", "mas")) is not None:
        phrase = bare_phrase(rest)
        if phrase and phrase[0].zone != "play" and phrase[0].zone_owner == "you":
            return Condition("zone_count", cards=phrase[0], n=how_many[0]), phrase[1]
        return None
    if (after := cur.take("no", "hay")) is not None:
        phrase = bare_phrase(after)
        if phrase and phrase[0].zone != "play" and phrase[0].zone_owner == "you":
            return Condition("zone_empty", cards=phrase[0]), phrase[1]
        return None
    if (after := cur.take_any("el aliado portador es", "el aliado portador sea")) is not None:
        if (rest := after.take("de", "raza")) is not None:
            bearer_races, rest = _races(rest)
            if bearer_races:
                return Condition("bearer_race", races=bearer_races), rest
        if after.peek() in ("luz", "oscuridad"):
            return Condition("bearer_race", zone=after.peek().capitalize()), after.skip()
        return None
    if (after := cur.take_any("SELF hizo dano al mazo castillo oponente",
                              "el aliado portador hizo dano al mazo castillo oponente",
                              "SELF hizo dano de combate al mazo castillo oponente",
                              "el aliado portador hizo dano de combate al mazo castillo oponente")) is not None:
        bearer = cur.peek() == "el"
        after = after.take("este", "turno") or after
        return Condition("dealt_damage", zone="bearer" if bearer else "self"), after
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
    if (entered := number(cur)) and (rest := entered[1].take("o", "mas")) is not None:
        got = bare_phrase(rest)
        if got and (end := got[1].take("entraron", "en", "juego", "bajo", "tu", "control", "este", "turno")):
            return Condition("entered", cards=got[0], n=entered[0]), end
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
        if (rest := after.take_any("este alimentado", "esta alimentado")) is not None:
            return Condition("self_counters", zone="Alimento", n=1), rest  # 10.3: it has Alimento counters
        if (rest := after.take("tiene")) is not None and (how_many := number(rest)) and \
                (more := how_many[1].take("o", "mas")) is not None and \
                (named := more.take_any("contadores de", "contador de")) is not None and \
                named.peek() in COUNTER_NAMES:
            return Condition("self_counters", zone=COUNTER_NAMES[named.peek()], n=how_many[0]), named.skip()
        if (rest := after.take_any("esta en tu cementerio", "se encuentra en tu cementerio")) is not None:
            return Condition("self_zone", zone="graveyard"), rest
        if (rest := after.take_any("esta en tu mano")) is not None:
            return Condition("self_zone", zone="hand"), rest
        if (rest := after.take_any("esta en tu reserva de oros", "esta en tu reserva de oro",
                                   "esta en tu reserva")) is not None:
            return Condition("self_zone", zone="reserve"), rest
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


_IMPERATIVE = {"paga": "pagar", "bota": "botar", "destierra": "desterrar", "descarta": "descartar",
               "destruye": "destruir", "baraja": "barajar", "muestra": "mostrar", "quita": "quitar"}


def cost_list(cur: Cursor, antecedent: Cards | None = None,
              imperative: bool = False) -> tuple[tuple[Cost, ...], Cursor] | None:
    """Costs joined by "y" ("pagar un Oro y Desterrarlo"); ``imperative``: the verbs of
    "Para jugar este Talismán, Destierra un Aliado de tu Cementerio"."""
    out = []
    while True:
        if imperative and cur.peek() in _IMPERATIVE:
            cur = Cursor(cur.toks[:cur.i] + (_IMPERATIVE[cur.peek()],) + cur.toks[cur.i + 1:], cur.i)
        got = _cost(cur, antecedent)
        if got is None:
            return None
        out.append(got[0])
        cur = got[1]
        nxt = cur.take("y")
        if nxt is None or nxt.peek() == "para":
            return tuple(out), cur
        cur = nxt


_COST_VERBS = {"desterrar": "banish", "descartar": "discard", "destruir": "destroy",
               "barajar": "shuffle", "mostrar": "reveal"}


def _cost(cur: Cursor, antecedent: Cards | None = None) -> tuple[Cost, Cursor] | None:
    if (after := cur.take("pagar")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("oros", "oro")) is not None:
            return Cost("gold", amount=got[0]), rest
        return None
    if (got_counters := counter_cost(cur)) is not None:  # «quitar un contador de Honor de un Aliado …»
        return got_counters
    if (after := cur.take("quitar")) is not None and (got := number(after)) and \
            (rest := got[1].take_any("contadores de", "contador de")) is not None and rest.peek():
        counter, rest = rest.peek().capitalize(), rest.skip()
        if (end := rest.take("de", "SELF")) is not None:
            return Cost("counters", amount=got[0], cards=Cards(ref="self", zone=counter)), end
        return None
    if (after := cur.take("botar")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("cartas", "carta")) is not None:
            rest = rest.take("de", "tu", "mazo", "castillo") or rest
            return Cost("mill", amount=got[0]), rest
        return None
    if (after := cur.take("elegir")) is not None and (chosen := card_phrase(after)) is not None and \
            (more := chosen[1].take("y")) is not None and more.peek() in _COST_VERBS and \
            more.peek(1) in ("lo", "la", "los", "las"):
        # «elegir hasta dos Aliados de tu Cementerio y Desterrarlos (para …)»
        if chosen[0].up_to or chosen[0].target:
            return None
        return _cost(Cursor((more.peek(),) + chosen[1].toks[after.i:chosen[1].i] + more.toks[more.i + 2:]),
                     antecedent)
    if cur.peek() == "subir" and (after := cur.skip().take_any("SELF a tu mano", "SELF a la mano de su dueno")):
        return Cost("return", cards=Cards(ref="self")), after  # «Subir este Aliado a tu mano»
    if cur.peek() == "poner" and (phrase := card_phrase(cur.skip())) is not None and phrase[0].zone == "hand" and \
            (end := phrase[1].take_any("al fondo de tu mazo castillo", "al fondo de tu castillo",
                                       "en el fondo de tu mazo castillo")) is not None:
        return Cost("bottom", cards=phrase[0]), end  # «poner una carta de tu mano al fondo de tu Mazo Castillo»
    kind = _COST_VERBS.get(cur.peek())
    if kind is None:
        return None
    if cur.peek(1) in ("lo", "la") and antecedent is not None and antecedent.ref == "self":
        return Cost(kind, cards=antecedent), cur.skip(2)
    phrase = card_phrase(cur.skip())
    if phrase is None or phrase[0].target:
        return None
    cards, rest = phrase
    if cards.ref == "self" and kind in ("banish", "discard", "shuffle", "reveal"):
        for words, zone in (("de tu mano", "hand"), ("de tu reserva de oros", "reserve"),
                            ("de tu reserva de oro", "reserve"), ("de tu cementerio", "graveyard")):
            if (more := rest.take(*words.split())) is not None:
                # «Desterrar este Aliado de tu mano»: the ability is used from that zone
                return Cost(kind, cards=Cards(ref="self", zone=zone)), more
    if kind == "destroy" and cards.zone in ("reserve", "paid") and cards.zone_owner == "you":
        cards = replace(cards, controller="you", zone_owner=None)  # «un Oro de tu Reserva de Oros»
    if kind in ("destroy",) and cards.ref != "self" and cards.controller != "you":
        return None
    if kind == "discard" and cards.zone == "play" and cards.controller is None and cards.ref is None:
        cards = replace(cards, zone="hand", zone_owner="you")  # «Descartar dos cartas»: from your hand
    if kind in ("discard", "reveal") and cards.zone != "hand":
        return None
    if kind == "shuffle" and cards.zone not in ("hand", "graveyard"):
        return None
    if kind == "banish" and cards.ref != "self" and cards.zone == "play" and cards.controller != "you":
        return None
    return Cost(kind, cards=cards), rest


# -- Spanish renderings ------------------------------------------------------------------


