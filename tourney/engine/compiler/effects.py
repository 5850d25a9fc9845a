"""Effects: one verb with its player, its cards and its amount ("tu oponente Bota 3 cartas",
"Destruye un Aliado oponente de coste 2 o menos", "los Aliados que controles ganan 1 a la
Fuerza hasta la Fase Final"). ``effect(cur)`` reads one, ``effects(cur)`` a chain joined by
"y", "Luego," or a new sentence of the same unit.
"""
from __future__ import annotations


from dataclasses import replace

from .nouns import NOUNS, PRONOUNS, RACES, more_modifiers, bare_phrase, card_phrase, number
from .parsed import PLAYER, Cards, Effect
from .text import Cursor

# verb forms (imperative, infinitive, subjunctive, present) -> effect kind
_FORMS = {
    "draw": "roba robar robe roben robas", "mill": "bota botar bote boten botas",
    "discard": "descarta descartar descarte descarten", "destroy": "destruye destruir destruya destruyan",
    "banish": "destierra desterrar destierre destierren", "annul": "anula anular",
    "shuffle": "baraja barajar baraje barajen", "search": "busca buscar",
    "return": "sube subir suba devuelve devolver", "put": "pon poner ponga",
    "feed": "alimenta alimentar", "group": "agrupa agrupar", "move": "mueve mover",
    "purify": "purifica purificar purifique",
}
VERBS = {form: kind for kind, forms in _FORMS.items() for form in forms.split()}
PLAYER_VERBS = frozenset({"draw", "mill", "discard"})
# effects whose card phrase is the grammatical subject ("… gana 2 a la Fuerza y es Imbloqueable")
SUBJECT_KINDS = frozenset({"strength", "grant", "lose_keyword", "lose_ability", "set_strength",
                           "cannot_attack", "cannot_block", "race_becomes", "cost_change",
                           "cannot_be_annulled", "protection", "cannot_play"})
GRANTS = {
    "furia": "Furia", "imbloqueable": "Imbloqueable", "imbloqueables": "Imbloqueable",
    "indestructible": "Indestructible", "indestructibles": "Indestructible",
    "indesterrable": "Indesterrable", "indesterrables": "Indesterrable",
    "retador": "Retador", "retadores": "Retador", "guardian": "Guardián", "espectral": "Espectral",
    "ilusion": "Ilusión", "errante": "Errante",
}
_MOVE_TO = {"a su zona de oro pagado": "paid", "a tu zona de oro pagado": "paid",
            "a su linea de ataque": "attack", "a tu linea de ataque": "attack",
            "a su linea de defensa": "defense", "a tu linea de defensa": "defense",
            "a su reserva de oro": "reserve", "a tu reserva de oro": "reserve"}
_GAIN = ("gana", "ganan", "gane", "ganen")
_LOSE = ("pierde", "pierden", "pierda", "pierdan")
KINDS = {
    "draw": "roba {n} carta(s)", "mill": "bota {n} carta(s)", "discard": "descarta {c}",
    "destroy": "destruye {c}", "banish": "destierra {c}", "annul": "anula {c}",
    "shuffle": "baraja {c} en el Mazo Castillo de su dueño", "return": "sube {c} a la mano de su dueño",
    "to_hand": "pone {c} en la mano", "search": "busca {c} y {d}", "strength": "{c}: {n:+d} a la Fuerza",
    "grant": "{c} gana {k}", "lose_ability": "{c} pierde su habilidad", "cancel_attack": "cancela el ataque",
    "cannot_attack": "{c} no puede ser declarado atacante", "feed": "alimenta {c}",
    "move": "mueve {c} a {d}", "race_becomes": "{c} se considera de Raza {k}",
    "play_free": "juega {c} sin pagar su coste", "look_hand": "mira la mano", "choose": "elige {c}",
    "group": "agrupa {c}", "gain_control": "gana el control de {c}", "set_strength": "{c} tiene Fuerza {n}",
}


def _being_played(cards: Cards, player: str | None) -> Cards | None:
    """The cards of "jugar Tótems", "no se pueden jugar Talismanes": cards being played (by
    ``player``, or anyone). A phrase that names another zone ("cartas de los Cementerios")
    says where they are played from, which a filter on cards being played cannot say."""
    if cards.zone not in ("play", "being_played") or cards.ref is not None:
        return None
    if cards.controller not in (None, player) and cards.zone != "being_played":
        return None
    owner = cards.zone_owner if cards.zone == "being_played" else player
    return replace(cards, zone="being_played", zone_owner=owner, controller=None)


def _player(cur: Cursor) -> tuple[str, Cursor]:
    if (after := cur.take_any("tu oponente", "el oponente")) is not None:
        return "opponent", after
    if (after := cur.take("cada", "jugador")) is not None:
        return "each", after
    if cur.peek() == "tu" and cur.peek(1) in VERBS:
        return "you", cur.skip()
    return "you", cur


_AS_MANY = {"ese aliado": "strength_of_target", "el aliado elegido": "strength_of_target",
            "el aliado portador": "strength_of_bearer", "SELF": "strength_of_self"}


def as_many(cur: Cursor) -> tuple[str, Cursor] | None:
    """ "tantas cartas como Fuerza tenga ese Aliado / el Aliado portador / este Aliado"."""
    after = cur.take("tantas", "cartas", "como", "fuerza", "tenga")
    if after is None:
        return None
    for words, source in _AS_MANY.items():
        if (rest := after.take(*words.split())) is not None:
            return source, rest
    return None


def _amount(cur: Cursor) -> tuple[int, Cards | None, Cursor] | None:
    """ "N carta(s)" [de tu/su mano|mazo castillo] ["por cada" NP]."""
    got = number(cur)
    if got is None:
        return None
    n, cur = got
    after = cur.take_any("cartas", "carta")
    if after is None:
        return None
    cur = after.take_any("adicional", "adicionales") or after  # «Roba una carta adicional»
    per = None
    if (after := cur.take("por", "cada")) is not None:
        phrase = bare_phrase(after)
        if phrase is None:
            return None
        per, cur = phrase
    return n, per, cur


def _own_zone(cur: Cursor, player: str, zone: str) -> Cursor:
    mine = "tu" if player == "you" else "su"
    words = {"castle": "mazo castillo", "hand": "mano"}[zone]
    after = cur.take_any(f"de {mine} {words}")
    return after if after is not None else cur


def _object(cur: Cursor, antecedent: Cards | None) -> tuple[Cards, Cursor] | None:
    """The cards a verb acts on: a noun phrase, or a pronoun ("lo", "las") for the antecedent."""
    if cur.peek() in PRONOUNS and cur.peek(1) not in NOUNS and cur.peek(1) != "demas":
        if antecedent is None:
            return None
        return antecedent, cur.skip()
    return card_phrase(cur)


def effect(cur: Cursor, antecedent: Cards | None = None) -> tuple[Effect, Cursor] | None:
    player, cur = _player(cur)
    if player != "you" and (after := cur.take("puede")) is not None:
        got = effect_of(player, after, antecedent)  # "cada jugador puede Robar una carta"
        return (replace(got[0], optional=True), got[1]) if got else None
    return effect_of(player, cur, antecedent)


def effect_of(player: str, cur: Cursor, antecedent: Cards | None) -> tuple[Effect, Cursor] | None:
    if player == "opponent" and (after := cur.take("no", "puede", "jugar")) is not None:
        phrase = bare_phrase(after)  # «tu oponente no puede jugar Aliados de coste 2 o menos»
        if phrase is not None:
            played = _being_played(phrase[0], "opponent")
            return (Effect("cannot_play", "opponent", played), phrase[1]) if played else None
        return None
    if player == "you":
        if cur.peek() in ("pon", "poner") and (got := number(cur.skip())) and \
                (rest := got[1].take_any("contadores de", "contador de")) is not None and rest.peek():
            counter, rest = rest.peek().capitalize(), rest.skip()
            if (where := rest.take_any("en", "sobre")) is not None:
                if (more := where.take("cada", "uno", "de", "ellos")) is not None and antecedent is not None:
                    return Effect("counters", cards=antecedent, amount=got[0], counter=counter), more
                target = _object(where, antecedent)
                if target:
                    return Effect("counters", cards=target[0], amount=got[0], counter=counter), target[1]
            return None
    verb = VERBS.get(cur.peek())
    if verb is not None:
        return _verb_effect(verb, player, cur.skip(), antecedent)
    if player != "you":
        return None
    if (after := cur.take_any("mira la mano de tu oponente", "mirar la mano de tu oponente",
                              "mira la mano oponente")) is not None:
        return Effect("look_hand", player="opponent"), after
    if (dug := _dig(cur)) is not None:
        return dug
    if cur.peek() in ("mira", "mirar") and (after := cur.skip().take_any("la primera carta")) is not None:
        if (rest := after.take_any("de tu mazo castillo")) is not None:
            return Effect("look", amount=1, dest="castle"), rest
        if (rest := after.take_any("del mazo castillo oponente", "del mazo castillo de tu oponente")) is not None:
            return Effect("look", "opponent", amount=1, dest="castle"), rest
        return None
    if cur.peek() in ("mira", "mirar") and (after := cur.skip().take_any("las primeras", "las")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("primeras cartas de tu mazo castillo",
                                            "cartas de tu mazo castillo")) is not None:
            return Effect("look", amount=got[0], dest="castle"), rest
        if got and (rest := got[1].take_any("primeras cartas del mazo castillo oponente",
                                            "cartas del mazo castillo oponente")) is not None:
            return Effect("look", "opponent", amount=got[0], dest="castle"), rest
        return None
    if (after := cur.take("te", "cuesta")) is not None and (got := number(after)) and \
            (end := got[1].take_any("oro menos jugar SELF", "oros menos jugar SELF")) is not None:
        return Effect("cost_change", cards=Cards(ref="self"), amount=-got[0]), end
    if (after := cur.take("te", "cuesta")) is not None and (got := number(after)):
        n, rest = got
        if (rest := rest.take_any("oro menos jugar", "oros menos jugar")) is not None:
            phrase = bare_phrase(rest)
            if phrase:
                cards = _being_played(phrase[0], "you")
                if cards is None:
                    return None
                return Effect("cost_change", cards=cards, amount=-n), phrase[1]
        return None
    if (after := cur.take_any("no se pueden jugar", "no se puede jugar")) is not None:
        phrase = bare_phrase(after)
        if phrase is not None:
            played = _being_played(phrase[0], None)
            return (Effect("cannot_play", "each", played), phrase[1]) if played else None
        return None
    if cur.peek() in ("jugar",) and (phrase := bare_phrase(cur.skip())) is not None:
        rest = phrase[1]
        if (more := rest.take_any("cuesta", "cuestan")) is not None and (got := number(more)) and \
                (end := got[1].take_any("oro adicional", "oros adicionales")) is not None:
            cards = _being_played(phrase[0], None)
            return (Effect("cost_change", cards=cards, amount=got[0]), end) if cards else None
        return None
    if (after := cur.take("reduce", "el", "coste", "de")) is not None and (phrase := card_phrase(after)) and \
            phrase[0].count is None and (rest := phrase[1].take("en")) is not None and (got := number(rest)) and \
            (end := got[1].take_any("oro", "oros")) is not None:
        played = _being_played(phrase[0], "you" if phrase[0].controller == "you" else None)
        return (Effect("cost_change", cards=played, amount=-got[0]), end) if played else None
    if (after := cur.take("reduce", "en")) is not None and (got := number(after)) and \
            (rest := got[1].take_any("oro el coste de", "oros el coste de")) is not None:
        phrase = card_phrase(rest)
        if phrase and phrase[0].count is None and phrase[0].zone == "play":
            if _being_played(phrase[0], "you") is None:
                return None
            return Effect("cost_change", cards=_being_played(phrase[0], "you"),
                          amount=-got[0]), phrase[1]
        return None
    if cur.peek() in ("elige", "elegir"):
        return _choose(cur.skip(), antecedent)
    if cur.peek() in ("juega", "jugar"):
        got = _object(cur.skip(), antecedent)
        if got and (rest := got[1].take("sin", "pagar", "su", "coste")) is not None:
            return Effect("play_free", cards=got[0]), rest
        return None
    if cur.peek() in ("genera", "generar") and (got := number(cur.skip())) and \
            (rest := got[1].take_any("oros", "oro")) is not None:
        per = None
        if (more := rest.take("por", "cada")) is not None:
            phrase = bare_phrase(more)
            if phrase is None:
                return None
            per, rest = phrase
        return Effect("gold", amount=got[0], per=per), rest
    if cur.peek() in ("prevenir", "previene", "preven") and cur.peek(1) in PRONOUNS and antecedent is not None:
        return Effect("prevent", cards=antecedent), cur.skip(2)
    if (after := cur.take_any("portar SELF al", "porta SELF al", "portar SELF a")) is not None:
        got = card_phrase(Cursor(("el",) + after.toks[after.i:]))
        if got is not None:  # «portar esta Arma al Aliado objetivo que controles»
            return Effect("attach", cards=got[0]), Cursor(after.toks, after.i + got[1].i - 1)
        return None
    if (after := cur.take_any("cancela el ataque oponente", "cancelar el ataque oponente")) is not None:
        return Effect("cancel_attack"), after
    if cur.peek() in ("quita", "quitar") and (got := number(cur.skip())) and \
            (rest := got[1].take_any("contadores de", "contador de")) is not None and rest.peek():
        counter, rest = rest.peek().capitalize(), rest.skip()
        if (end := rest.take("de", "SELF")) is not None:
            return Effect("remove_counters", cards=Cards(ref="self"), amount=got[0], counter=counter), end
        return None
    if (after := cur.take_any("gana el control de", "ganar el control de")) is not None:
        got = card_phrase(after)
        return (Effect("gain_control", cards=got[0]), got[1]) if got else None
    return _card_effect(cur, antecedent)


def _choose(cur: Cursor, antecedent: Cards | None):
    """ "elige NP y VERBO-lo …" / "elige NP para que pierda …": the verb acts on NP.
    "de allí" / "de ahí" is the hand just looked at (``antecedent`` zone)."""
    there = cur.take_any("de alli", "de ahi")
    got = card_phrase(there or cur)
    if got is None:
        return None
    cards, cur = got
    if (more := cur.take_any("de alli", "de ahi")) is not None:
        there = more
        cards, cur = more_modifiers(cards, more)
    if there is not None:
        if antecedent is None or antecedent.ref != "looked" or cards.zone != "play":
            return None
        cards = replace(cards, zone="hand", zone_owner=antecedent.zone_owner)
    if (after := cur.take("y")) is not None and after.peek() in VERBS and after.peek(1) in PRONOUNS:
        return _verb_effect(VERBS[after.peek()], "you", after.skip(), cards)
    if (after := cur.take("y")) is not None and after.peek() in ("juega", "jugar") and \
            after.peek(1) in PRONOUNS:
        if (rest := after.skip(2).take("sin", "pagar", "su", "coste")) is not None:
            return Effect("play_free", cards=cards), rest
        return None
    if (after := cur.take("para", "que")) is not None:
        return _card_effect(after, None, subject=cards)
    if (after := cur.take("y")) is not None and after.peek() in VERBS and after.peek(1) in PRONOUNS and \
            cards.zone == "hand":
        return _verb_effect(VERBS[after.peek()], "you", after.skip(), cards)
    if cur.done or cur.peek() == ".":
        return Effect("choose", cards=cards), cur  # what follows says "ese Aliado"
    return None


def _verb_effect(verb: str, player: str, cur: Cursor, antecedent: Cards | None):
    if verb == "banish":
        for words, end in (("las primeras", "castle_top"), ("la primera", "castle_top"),
                           ("las ultimas", "castle_bottom"), ("la ultima", "castle_bottom"), ("las", "")):
            if (after := cur.take(*words.split())) is not None:
                got = number(after)
                n, rest = (got[0], got[1]) if got else (1, after)
                if not end:  # "las 2 primeras cartas"
                    if got is None or rest.peek() not in ("primeras", "ultimas"):
                        continue
                    end = "castle_top" if rest.peek() == "primeras" else "castle_bottom"
                    rest = rest.skip()
                    words = "las"
                mine = "tu" if player == "you" else "su"
                if (rest := rest.take_any(f"cartas de {mine} mazo castillo", f"carta de {mine} mazo castillo")) \
                        is not None and (n == 1) == (words.startswith("la ")):
                    return Effect("banish_top", player, amount=n, dest=end), rest
                return None
    return _verb_effect_of(verb, player, cur, antecedent)


def _verb_effect_of(verb: str, player: str, cur: Cursor, antecedent: Cards | None):
    if verb == "feed" and cur.peek() == "a" and cur.peek(1) in ("todos", "los", "un", "una", "tus"):
        cur = cur.skip()  # «alimentar a los Aliados de Raza Bestia que controles»
    if verb in ("draw", "mill") and (many := as_many(cur)) is not None:
        return Effect(verb, player, amount_from=many[0]), many[1]
    if verb in ("draw", "mill") or (verb == "discard" and number(cur) and cur.peek(1).startswith("carta")):
        got = _amount(cur)
        if got is None:
            return None
        n, per, cur = got
        if verb == "discard":
            cur = _own_zone(cur, player, "hand")
            if (after := cur.take("al", "azar")) is not None:
                return Effect("discard", player, Cards(count=n, zone="hand", random=True), per=per), after
            return Effect("discard", player, Cards(count=n, zone="hand"), per=per), cur
        if verb == "mill":
            cur = _own_zone(cur, player, "castle")
        return Effect(verb, player, amount=n, per=per), cur
    if player != "you" and verb not in ("discard", "banish", "shuffle"):
        return None
    if verb == "return" and (after := cur.take("al", "aliado", "portador")) is not None:
        cur = Cursor(("el", "aliado", "portador") + after.toks[after.i:])  # «subir al Aliado portador»
    if verb == "return" and (after := cur.take_any("a la mano de su dueno", "a su mano",
                                                   "a la mano de sus duenos")) is not None:
        got = card_phrase(after)
        if got is None:
            return None
        return Effect("return", player, got[0], dest="hand"), got[1]
    if verb == "search" and (after := cur.take_any("en tu mazo castillo", "en el mazo castillo oponente")):
        owner = "you" if cur.peek(1) == "tu" else "opponent"
        got = card_phrase(after)
        if got is None or got[0].zone != "play":
            return None
        cards, cur = replace(got[0], zone="castle", zone_owner=owner), got[1]
    else:
        got = _object(cur, antecedent)
        if got is None:
            return None
        cards, cur = got
    if verb == "search":
        if cards.zone != "castle":
            return None
        if (after := cur.take_any("y pon lo en tu mano", "y pon la en tu mano", "y pon los en tu mano",
                                  "y pon las en tu mano", "y poner lo en tu mano",
                                  "y poner la en tu mano", "y poner los en tu mano")) is not None:
            return Effect("search", player, cards, dest="hand"), after
        if (after := cur.take_any("y juega lo sin pagar su coste", "y juega la sin pagar su coste",
                                  "y jugar lo sin pagar su coste", "y jugar la sin pagar su coste",
                                  "y juega los sin pagar su coste", "y juega las sin pagar su coste",
                                  ", juega la sin pagar su coste", ", juega lo sin pagar su coste")) is not None:
            return Effect("search", player, cards, dest="being_played"), after
        if (after := cur.take_any("y destierra la", "y destierra lo", "y desterrar la",
                                  "y desterrar lo", "y destierra las", "y desterrar las",
                                  "y destierra los", "y desterrar los")) is not None:
            return Effect("search", player, cards, dest="exile"), after
        for pron in ("lo", "la", "los", "las"):
            for verb_form in ("pon", "poner"):
                after = cur.take_any(f"y {verb_form} {pron} en la parte superior de tu mazo castillo",
                                     f"y {verb_form} {pron} en la parte superior del mazo castillo")
                if after is not None:
                    return Effect("search", player, cards, dest="castle_top"), after
                after = cur.take_any(f"y {verb_form} {pron} en tu cementerio",
                                     f"y {verb_form} {pron} en el cementerio de su dueno")
                if after is not None:
                    return Effect("search", player, cards, dest="graveyard"), after
                after = cur.take_any(f"y {verb_form} {pron} en tu zona de oro pagado")
                if after is not None:
                    return Effect("search", player, cards, dest="paid"), after
                after = cur.take_any(f"y {verb_form} {pron} en tu reserva de oros",
                                     f"y {verb_form} {pron} en tu reserva de oro")
                if after is not None:
                    return Effect("search", player, cards, dest="reserve"), after
        return None
    if verb == "put":
        if (after := cur.take("en", "tu", "mano")) is not None and (cards.zone != "play" or cards.ref):
            return Effect("to_hand", player, cards, dest="hand"), after
        for words, zone in (("en tu zona de oro pagado", "paid"), ("en tu reserva de oro", "reserve"),
                            ("en tu reserva de oros", "reserve")):
            if (after := cur.take(*words.split())) is not None and cards.types == ("Oro",):
                return Effect("move", player, cards, dest=zone), after
        if (after := cur.take_any("en la parte superior de tu mazo castillo",
                                  "en la parte superior de su mazo castillo",
                                  "en la parte superior del mazo castillo de su dueno")) is not None:
            return Effect("put", player, cards, dest="castle_top"), after
        if (after := cur.take_any("en la parte inferior de tu mazo castillo",
                                  "en la parte inferior de su mazo castillo",
                                  "en la parte inferior del mazo castillo de su dueno",
                                  "al fondo de tu mazo castillo")) is not None:
            return Effect("put", player, cards, dest="castle_bottom"), after
        return None
    if verb == "move":
        for words, zone in _MOVE_TO.items():
            if (after := cur.take(*words.split())) is not None:
                return Effect("move", player, cards, dest=zone), after
        return None
    if verb == "return":
        if (after := cur.take_any("a la mano de su dueno", "a su mano", "a tu mano",
                                  "a la mano de sus duenos")) is not None:
            return Effect("return", player, cards, dest="hand"), after
        return None
    if verb == "shuffle":
        after = cur.take_any("en su mazo castillo", "en tu mazo castillo",
                             "en el mazo castillo de su dueno")
        return Effect("shuffle", player, cards, dest="castle"), after if after is not None else cur
    if verb == "discard" and cards.zone not in ("hand", "play"):
        return None
    if verb == "purify" and cards.zone != "graveyard" and cards.ref is None:
        return None  # Purificar acts on cards in a Cementerio
    return Effect(verb, player, cards), cur


_SECOND = ("un", "una", "el", "la", "hasta", "todos", "todas", "otro", "otra")


def _second_object(eff: Effect, cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Destruye un Aliado y un Oro oponente": the same verb on a second noun phrase."""
    if eff.kind not in ("destroy", "banish", "shuffle", "return", "annul") or eff.cards is None:
        return None
    if (after := cur.take("y")) is None or (after.peek() not in _SECOND and not after.peek().isdigit()):
        return None
    got = card_phrase(after)
    if got is None or got[1].peek() in VERBS:
        return None
    return replace(eff, cards=got[0]), got[1]


def _card_effect(cur: Cursor, antecedent: Cards | None, subject: Cards | None = None):
    got = _card_effect_of(cur, antecedent, subject)
    if got is None and subject is None and (phrase := _object(cur, antecedent)) is not None and \
            (comma := phrase[1].take(",")) is not None and comma.peek() in ("no", "ganan", "pierden"):
        return _card_effect_of(comma, antecedent, phrase[0])  # a comma between subject and verb
    return got


def _card_effect_of(cur: Cursor, antecedent: Cards | None, subject: Cards | None = None):
    """Effects whose subject is a card phrase: Fuerza, keywords, "pierde su habilidad".
    With ``subject`` the phrase is left out ("… gana 2 a la Fuerza y es Imbloqueable")."""
    if subject is None:
        got = _object(cur, antecedent)
        if got is None:
            return None
        cards, cur = got
    else:
        cards = subject
    word = cur.peek()
    after = cur.skip()
    if word in _GAIN + _LOSE:
        sign = 1 if word in _GAIN else -1
        got_n = number(after)
        if got_n is not None and got_n[1].take("a", "la", "fuerza") is not None:
            rest = got_n[1].skip(3)
            rest = rest.take("adicional") or rest  # «gana 2 a la Fuerza adicional»: 2 more
            until = None
            if (more := rest.take("hasta", "la", "fase", "final")) is not None and more.take("por", "cada"):
                until, rest = "end", more
            per = None
            if (more := rest.take("por", "cada")) is not None:
                phrase = bare_phrase(more)
                if phrase is None:
                    return None
                per, rest = phrase
            return Effect("strength", cards=cards, amount=sign * got_n[0], per=per, until=until), rest
        if word in _LOSE and (rest := after.take_any("su habilidad", "sus habilidades")) is not None:
            return Effect("lose_ability", cards=cards), rest
        if after.peek() in GRANTS:
            kind = "grant" if sign > 0 else "lose_keyword"
            return Effect(kind, cards=cards, keyword=GRANTS[after.peek()]), after.skip()
        return None
    if word in ("es", "son", "sea", "sean", "tiene", "tienen", "tenga", "tengan") and after.peek() in GRANTS:
        return Effect("grant", cards=cards, keyword=GRANTS[after.peek()]), after.skip()
    if word in ("tiene", "tienen", "tenga", "tengan") and after.peek() == "fuerza" and number(after.skip()):
        n, rest = number(after.skip())
        return Effect("set_strength", cards=cards, amount=n), rest
    if (rest := cur.take_any("se considera", "se consideran")) is not None and rest.peek() in GRANTS:
        return Effect("grant", cards=cards, keyword=GRANTS[rest.peek()]), rest.skip()  # «se consideran Guardián»
    if (rest := cur.take_any("se considera de raza", "se consideran de raza", "se considere de raza",
                             "se consideren de raza")) is not None and \
            rest.peek() in RACES:
        return Effect("race_becomes", cards=cards, keyword=RACES[rest.peek()]), rest.skip()
    if (rest := cur.take_any("se consideran de ambas razas")) is not None and len(cards.races) == 2:
        return Effect("race_becomes", cards=cards, keyword="+".join(cards.races)), rest
    protected = _protection(cur, cards)
    if protected is not None:
        return protected
    if (rest := cur.take_any("cuesta", "cuestan")) is not None and (got := number(rest)) and \
            (end := got[1].take_any("oro adicional", "oros adicionales")) is not None and \
            cards.zone == "being_played":
        return Effect("cost_change", cards=cards, amount=got[0]), end
    if (rest := cur.take_any("no puede ser anulado", "no pueden ser anulados", "no puede ser anulada",
                             "no pueden ser anuladas")) is not None:
        return Effect("cannot_be_annulled", cards=cards), rest
    if (rest := cur.take_any("no puede ser declarado atacante", "no pueden ser declarados atacantes",
                             "no puede atacar", "no pueden atacar")) is not None:
        return Effect("cannot_attack", cards=cards), rest
    if (rest := cur.take_any("no puede ser declarado bloqueador", "no pueden ser declarados bloqueadores",
                             "no puede bloquear", "no pueden bloquear")) is not None:
        return Effect("cannot_block", cards=cards), rest
    return None


_PROTECT = {"destruido": "destroyed", "destruida": "destroyed", "destruidos": "destroyed",
            "destruidas": "destroyed", "desterrado": "banished", "desterrada": "banished",
            "desterrados": "banished", "desterradas": "banished"}
_SOURCES = {"talismanes": ("Talismán",), "aliados": ("Aliado",), "totems": ("Tótem",),
            "armas": ("Arma",), "oros": ("Oro",)}


def _protection(cur: Cursor, cards: Cards) -> tuple[Effect, Cursor] | None:
    """ "no puede ser Destruido por Talismanes", "no puede ser objetivo de habilidades de Aliados",
    "no puede perder su habilidad", "no pueden ser destruidos ni desterrados"."""
    after = cur.take_any("no puede ser", "no pueden ser")
    if after is None:
        if (rest := cur.take_any("no puede perder su habilidad", "no pueden perder su habilidad")) is not None:
            return Effect("protection", cards=cards, keyword="lose_abilities"), rest
        return None
    if after.peek() in ("objetivo", "objetivos") and (rest := after.skip().take("de")) is not None:
        for words in ("talismanes o habilidades oponentes", "habilidades o talismanes oponentes",
                      "efectos oponentes", "talismanes o habilidades de tu oponente"):
            if (end := rest.take(*words.split())) is not None:  # anything of the opponent
                return Effect("protection", cards=cards, keyword="targeted",
                              per=Cards(count=None, controller="opponent")), end
        if (end := rest.take("habilidades", "oponentes")) is not None:
            # abilities only: a Talismán has none, it is an effect (2.3)
            return Effect("protection", cards=cards, keyword="targeted",
                          per=Cards(count=None, controller="opponent", exclude_types=("Talismán",))), end
        rest = rest.take("habilidades", "de") or rest
        if rest.peek() in _SOURCES:
            more = rest.skip()
            if (end := more.take_any("oponentes")) is not None:
                return Effect("protection", cards=cards, keyword="targeted",
                              per=Cards(types=_SOURCES[rest.peek()], count=None, controller="opponent")), end
            return Effect("protection", cards=cards, keyword="targeted",
                          per=Cards(types=_SOURCES[rest.peek()], count=None)), more
        return None
    kinds = []
    while after.peek() in _PROTECT:
        kinds.append(_PROTECT[after.peek()])
        after = after.skip()
        if after.peek() not in ("ni", "o") or after.peek(1) not in _PROTECT:
            break
        after = after.skip()
    if not kinds:
        return None
    source = None
    if (rest := after.take("por")) is not None:
        if rest.peek() not in _SOURCES:
            return None
        source, after = Cards(types=_SOURCES[rest.peek()], count=None), rest.skip()
    if len(kinds) == 2:
        return Effect("protection", cards=cards, keyword="+".join(kinds), per=source), after
    return Effect("protection", cards=cards, keyword=kinds[0], per=source), after


_DIG_REST = (("y destierra la otra", "exile", 1), ("y destierra las otras", "exile", None),
             ("y el resto en la parte inferior de tu mazo castillo", "castle_bottom", None),
             ("y regresa las demas en cualquier orden", "castle_top", None),
             ("y pon el resto en la parte inferior de tu mazo castillo", "castle_bottom", None))


def _dig(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """ "Mira las dos primeras cartas de tu Mazo Castillo. Pon una en tu mano y Destierra la otra";
    "… Elige una, ponla en tu mano y regresa las demás en cualquier orden"."""
    after = cur.take_any("mira las primeras", "mira las", "mirar las primeras", "mirar las")
    if after is None or (got := number(after)) is None:
        return None
    n, rest = got
    rest = rest.take("primeras") or rest
    rest = rest.take("cartas", "de", "tu", "mazo", "castillo")
    if rest is None or (rest := rest.take_any(".", ",")) is None:
        return None
    if (more := rest.take("elige", "una", ",", "pon", "la", "en", "tu", "mano")) is not None:
        taken, rest = 1, more
    elif (more := rest.take("pon")) is not None and (got := number(more)) is not None and \
            (end := got[1].take("en", "tu", "mano")) is not None:
        taken, rest = got[0], end
    else:
        return None
    for words, zone, left in _DIG_REST:
        if (end := rest.take(*words.split())) is not None and (left is None or n - taken == left):
            return Effect("dig", amount=n, cards=Cards(count=taken, zone="castle", zone_owner="you"),
                          dest="hand", rest_zone=zone), end
    return None


def _unless(cur: Cursor) -> tuple[tuple[str, int], Cursor] | None:
    """ "(a menos que tu oponente) pague 2 Oros / destierre 2 cartas de su Cementerio"."""
    if (after := cur.take("pague")) is not None and (got := number(after)) and \
            (rest := got[1].take_any("oros", "oro")) is not None:
        return ("gold", got[0]), rest
    if (after := cur.take("destierre")) is not None and (got := number(after)) and \
            (rest := got[1].take_any("cartas de su cementerio", "carta de su cementerio")) is not None:
        return ("banish_from_graveyard", got[0]), rest
    return None


def effects(cur: Cursor, antecedent: Cards | None = None,
            subject: Cards | None = None) -> tuple[tuple[Effect, ...], Cursor] | None:
    """A chain of effects joined by "y", "Luego," or the next sentence of the unit.
    ``subject``: who a first effect without a subject is about ("Mientras este Aliado porte
    un Arma, gana 2 a la Fuerza": the card itself)."""
    out: list[Effect] = []
    then = optional = False
    group_start = 0
    while True:
        if out and (after := cur.take("puedes")) is not None:
            optional, cur = True, after
        got = effect(cur, antecedent)
        if got is None and not out and subject is not None:
            got = _card_effect(cur, None, subject=subject)
        shared = False
        if got is None and out and out[-1].kind in ("strength", "grant") and cur.peek() in GRANTS and \
                out[-1].cards is not None:
            prev = out[-1].cards  # «gana 2 a la Fuerza y Retador»: and gains Retador
            same = prev if prev.count is None or prev.ref else Cards(ref="that")
            got = Effect("grant", cards=same, keyword=GRANTS[cur.peek()]), cur.skip()
            shared = True
        if got is None and out and out[-1].kind in SUBJECT_KINDS and out[-1].cards is not None and \
                (end := cur.take_any("sea destruido", "sean destruidos", "sea destruida", "sean destruidas",
                                     "sea desterrado", "sean desterrados")) is not None:
            prev = out[-1].cards  # «… para que pierdan su habilidad y sean Destruidos»
            same = prev if prev.count is None or prev.ref else Cards(ref="that")
            got = Effect("destroy" if "destruid" in " ".join(cur.toks[cur.i:end.i]) else "banish", cards=same), end
            shared = True
        if got is None and out and out[-1].kind in SUBJECT_KINDS:
            prev = out[-1].cards
            # the same cards again: a chosen one is the same target, "todos" the same filter
            same = prev if prev.count is None or prev.ref else Cards(ref="that")
            got = _card_effect(cur, None, subject=same)
            shared = True
        if got is None:
            return None
        eff, cur = got
        second = _second_object(eff, cur)
        if second is not None:
            out.append(eff)
            eff, cur = second
        if (after := cur.take("a", "menos", "que", "tu", "oponente")) is not None:
            unless = _unless(after)
            if unless is None:
                return None
            eff, cur = replace(eff, unless=unless[0]), unless[1]
        until = None
        if (after := cur.take(",", "hasta", "la", "fase", "final")) is not None:
            cur = Cursor(after.toks, after.i - 4)  # «gana 1 a la Fuerza, hasta la Fase Final»
        if (after := cur.take("hasta", "la", "fase", "final")) is not None:
            until, cur = "end", after
        elif (after := cur.take("mientras", "SELF", "este", "en", "juego")) is not None:
            until, cur = "while", after
        elif (after := cur.take("este", "turno")) is not None and eff.kind in SUBJECT_KINDS:
            until, cur = "end", after  # «no pueden ser declarados bloqueadores este turno»
        if until:
            eff = replace(eff, until=until)
            # "gane 3 a la Fuerza y sea Imbloqueable hasta la Fase Final": one duration for both
            k = len(out)
            while shared and k > 0 and out[k - 1].kind in SUBJECT_KINDS and out[k - 1].until is None:
                out[k - 1] = replace(out[k - 1], until=until)
                k -= 1
                shared = k > 0 and group_start < k
        if not shared:
            group_start = len(out)
        if then or optional:
            eff = replace(eff, then=then, optional=optional)
        out.append(eff)
        if eff.kind == "look_hand":
            antecedent = Cards(ref="looked", zone="hand", zone_owner=eff.player)
        elif eff.cards is not None and eff.cards.ref != "that":
            antecedent = eff.cards if eff.kind != "choose" else Cards(ref="that")
        nxt = cur.take_any(". luego ,", ", luego ,", "y luego", ". despues ,", ". si lo haces ,", ", luego")
        then = nxt is not None
        if nxt is None:
            nxt = cur.take_any("y", ".")
        if nxt is None and (comma := cur.take(",")) is not None and effect(comma, antecedent):
            nxt = comma  # "Destruye todos los Aliados en juego, cada jugador Bota dos cartas"
        if nxt is None or nxt.done:
            return tuple(out), cur
        cur, optional = nxt, False


def describe_effect(eff: Effect) -> str:
    template = KINDS.get(eff.kind, eff.kind)
    cards = eff.cards.describe() if eff.cards else ""
    dest = {"hand": "la pone en la mano", "exile": "la destierra", None: "",
            "castle_top": "la pone en la parte superior del Mazo Castillo",
            "graveyard": "la pone en el Cementerio"}.get(eff.dest, eff.dest)
    amount = eff.amount if eff.amount is not None else 0
    text = template.format(n=amount, c=cards, k=eff.keyword or "", d=dest)
    if eff.kind == "lose_keyword":
        text = f"{cards} pierde {eff.keyword}"
    if eff.kind == "cannot_block":
        text = f"{cards} no puede bloquear"
    if eff.player != "you":
        text = f"{PLAYER[eff.player]}: {text}"
    if eff.per is not None:
        text += f" por cada {eff.per.describe()}"
    if eff.optional:
        text = f"puedes: {text}"
    if eff.then:
        text = f"luego, {text}"
    if eff.until == "end":
        text += " hasta la Fase Final"
    if eff.until == "while":
        text += " mientras esta carta esté en juego"
    return text
