"""Effects whose card phrase is the subject: Fuerza, keywords, «pierde su habilidad»,
«no puede ser declarado atacante», protections («no puede ser Desterrado por Talismanes»),
cost changes of cards being played and «se considera de Raza X»."""
from __future__ import annotations


from dataclasses import replace

from .noun_words import ATTRIBUTES, NOUNS, PRONOUNS, RACES
from .nouns import bare_phrase, card_phrase, number, per_phrase
from .amounts import as_much_strength
from .parsed import Cards, Effect
from .text import Cursor


# effects whose card phrase is the grammatical subject ("… gana 2 a la Fuerza y es Imbloqueable")
SUBJECT_KINDS = frozenset({"strength", "grant", "lose_keyword", "lose_ability", "set_strength",
                           "cannot_attack", "cannot_block", "race_becomes", "cost_change",
                           "cannot_be_annulled", "protection", "cannot_play",
                           "damage_to_exile", "bearer_only", "bearer_not", "cannot_reduce_cost",
                           "unblockable_by", "direct_damage_increase", "no_combat_damage",
                           "cannot_declare_attack", "max_attackers",  # statics.py
                           "cannot_search"})  # search.py


GRANTS = {
    "furia": "Furia", "imbloqueable": "Imbloqueable", "imbloqueables": "Imbloqueable",
    "indestructible": "Indestructible", "indestructibles": "Indestructible",
    "indesterrable": "Indesterrable", "indesterrables": "Indesterrable",
    "retador": "Retador", "retadores": "Retador", "guardian": "Guardián", "espectral": "Espectral",
    "ilusion": "Ilusión", "errante": "Errante",
}


_GAIN = ("gana", "ganan", "gane", "ganen")


_LOSE = ("pierde", "pierden", "pierda", "pierdan")


def being_played(cards: Cards, player: str | None) -> Cards | None:
    """The cards of "jugar Tótems", "no se pueden jugar Talismanes": cards being played (by
    ``player``, or anyone). A phrase that names another zone ("cartas de los Cementerios")
    says where they are played from, which a filter on cards being played cannot say."""
    if cards.zone not in ("play", "being_played") or cards.ref is not None:
        return None
    if cards.controller not in (None, player) and cards.zone != "being_played":
        return None
    owner = cards.zone_owner if cards.zone == "being_played" else player
    return replace(cards, zone="being_played", zone_owner=owner, controller=None)


def object(cur: Cursor, antecedent: Cards | None) -> tuple[Cards, Cursor] | None:
    """The cards a verb acts on: a noun phrase, or a pronoun ("lo", "las") for the antecedent."""
    if cur.peek() in PRONOUNS and cur.peek(1) not in NOUNS and cur.peek(1) != "demas":
        if antecedent is None:
            return None
        return antecedent, cur.skip()
    return card_phrase(cur)


def card_effect(cur: Cursor, antecedent: Cards | None, subject: Cards | None = None) -> tuple[Effect, Cursor] | None:
    got = _card_effect_of(cur, antecedent, subject)
    if got is None and subject is None and (phrase := object(cur, antecedent)) is not None and \
            (comma := phrase[1].take(",")) is not None and comma.peek() in ("no", "ganan", "pierden"):
        return _card_effect_of(comma, antecedent, phrase[0])  # a comma between subject and verb
    return got


def _card_effect_of(cur: Cursor, antecedent: Cards | None, subject: Cards | None = None) -> tuple[Effect, Cursor] | None:
    """Effects whose subject is a card phrase: Fuerza, keywords, "pierde su habilidad".
    With ``subject`` the phrase is left out ("… gana 2 a la Fuerza y es Imbloqueable")."""
    if subject is None:
        got = object(cur, antecedent)
        if got is None:
            return None
        cards, cur = got
    else:
        cards = subject
    return _gain_or_have(cur, cards) or _considered(cur, cards) or _protection(cur, cards) or \
        _cannot(cur, cards)


def _gain_or_have(cur: Cursor, cards: Cards) -> tuple[Effect, Cursor] | None:
    """ «gana / pierde N a la Fuerza», «pierde su habilidad», «gana / es / tiene KEYWORD», «tiene Fuerza N»."""
    word = cur.peek()
    after = cur.skip()
    if word in _GAIN + _LOSE and (much := as_much_strength(after, bare_phrase)) is not None:
        amount_of, per, until, tail = much  # «gane tanta Fuerza como …» (amounts.py)
        sign = 1 if word in _GAIN else -1
        if amount_of is not None and sign < 0:
            return None
        return Effect("strength", cards=cards, amount=sign if per is not None else None,
                      per=per, until=until, amount_of=amount_of), tail
    if word in _GAIN + _LOSE:
        sign = 1 if word in _GAIN else -1
        got_n = number(after)
        # «a las Fuerza»: a misprint (Ragnar Lodbrok) of «a la Fuerza», three words either way
        if got_n is not None and got_n[1].take_any("a la fuerza", "a las fuerza") is not None:
            tail = got_n[1].skip(3)
            tail = tail.take("adicional") or tail  # «gana 2 a la Fuerza adicional»: 2 more
            until = None
            if (more := tail.take("hasta", "la", "fase", "final")) is not None and more.take("por", "cada"):
                until, tail = "end", more
            per = None
            if (more := tail.take("por", "cada")) is not None:
                phrase = per_phrase(more)
                if phrase is None:
                    return None
                per, tail = phrase
            return Effect("strength", cards=cards, amount=sign * got_n[0], per=per, until=until), tail
        if word in _LOSE and (rest := after.take_any("su habilidad", "sus habilidades")) is not None:
            return Effect("lose_ability", cards=cards), rest
        if after.peek() in GRANTS:
            kind = "grant" if sign > 0 else "lose_keyword"
            return Effect(kind, cards=cards, keyword=GRANTS[after.peek()]), after.skip()
        return None
    if word in ("es", "son", "sea", "sean", "tiene", "tienen", "tenga", "tengan") and after.peek() in GRANTS:
        return Effect("grant", cards=cards, keyword=GRANTS[after.peek()]), after.skip()
    if word in ("tiene", "tienen", "tenga", "tengan") and after.peek() == "fuerza" and \
            (set_to := number(after.skip())):
        n, tail = set_to
        return Effect("set_strength", cards=cards, amount=n), tail
    return None


def _considered(cur: Cursor, cards: Cards) -> tuple[Effect, Cursor] | None:
    """ «se considera Guardián / de Raza X / de ambas Razas»."""
    if (rest := cur.take_any("se considera", "se consideran")) is not None and rest.peek() in GRANTS:
        return Effect("grant", cards=cards, keyword=GRANTS[rest.peek()]), rest.skip()  # «se consideran Guardián»
    if (rest := cur.take_any("se considera de raza", "se consideran de raza", "se considere de raza",
                             "se consideren de raza")) is not None and \
            rest.peek() in RACES:
        return Effect("race_becomes", cards=cards, keyword=RACES[rest.peek()]), rest.skip()
    if (rest := cur.take_any("se consideran de ambas razas")) is not None and len(cards.races) == 2:
        return Effect("race_becomes", cards=cards, keyword="+".join(cards.races)), rest
    return None


def _cannot(cur: Cursor, cards: Cards) -> tuple[Effect, Cursor] | None:
    """What the cards do not do or cannot be: combat damage, blocked by, cost, Anulados, attack, block."""
    if (rest := cur.take_any("no hace dano de combate", "no hacen dano de combate")) is not None:
        return Effect("no_combat_damage", cards=cards), rest  # «Los Aliados no hacen daño de combate»
    if (rest := cur.take_any("no puede ser bloqueado por", "no pueden ser bloqueados por")) is not None and \
            (blockers := card_phrase(rest) or bare_phrase(rest)) is not None:  # «… por Aliados Luz»
        return Effect("unblockable_by", cards=cards, per=blockers[0]), blockers[1]
    if (rest := cur.take_any("cuesta", "cuestan")) is not None and (extra := number(rest)) and \
            (end := extra[1].take_any("oro adicional", "oros adicionales")) is not None and \
            cards.zone == "being_played":
        return Effect("cost_change", cards=cards, amount=extra[0]), end
    if (rest := cur.take_any("no puede ser anulado", "no pueden ser anulados", "no puede ser anulada",
                             "no pueden ser anuladas")) is not None:
        if cards.ref is None:
            # «los Aliados de Raza Bárbaro no pueden ser Anulados»: only a card being played can
            # be Anulada (8.1 D), so these are the cards being played, not those in play
            played = being_played(cards, cards.controller)
            if played is None:
                return None
            cards = played
        return Effect("cannot_be_annulled", cards=cards), rest
    if (rest := cur.take_any("no puede ser declarado atacante", "no pueden ser declarados atacantes",
                             "no puede atacar", "no pueden atacar", "no pueda ser declarado atacante",
                             "no puedan ser declarados atacantes", "no pueda atacar", "no puedan atacar")) is not None:
        if (nor := rest.take_any("ni bloqueador", "ni bloqueadores")) is not None:
            # «no puede ser declarado atacante ni bloqueador»: and it cannot block either (the
            # chain reads the second step on the same cards)
            verb = "puede" if cards.count == 1 or cards.ref is not None else "pueden"
            also: tuple[str, ...] = ("y", "no", verb, "ser", "declarado" if verb == "puede" else "declarados",
                                     "bloqueador" if verb == "puede" else "bloqueadores")
            rest = Cursor(rest.toks[:rest.i] + also + nor.toks[nor.i:], rest.i)
        return Effect("cannot_attack", cards=cards), rest
    if (rest := cur.take_any("no puede ser declarado bloqueador", "no pueden ser declarados bloqueadores",
                             "no puede bloquear", "no pueden bloquear", "no pueda ser declarado bloqueador",
                             "no puedan ser declarados bloqueadores", "no pueda bloquear",
                             "no puedan bloquear")) is not None:  # also «elige … para que no pueda bloquear»
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
    only = cur.take_any("solo puede ser", "solo pueden ser")  # «sólo … por Aliados»: by no other
    if only is not None and only.peek() in _PROTECT and (by := only.skip().take("por")) is not None \
            and by.peek() in _SOURCES:
        return Effect("protection", cards=cards, keyword=_PROTECT[only.peek()],
                      per=Cards(exclude_types=_SOURCES[by.peek()], count=None)), by.skip()
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
        if rest.peek() == "cartas" and rest.peek(1) in ATTRIBUTES:  # «por cartas Oscuridad»
            source, after = Cards(attribute=ATTRIBUTES[rest.peek(1)], count=None), rest.skip(2)
        elif rest.peek() not in _SOURCES:
            return None
        else:
            source, after = Cards(types=_SOURCES[rest.peek()], count=None), rest.skip()
    if len(kinds) == 2:
        return Effect("protection", cards=cards, keyword="+".join(kinds), per=source), after
    return Effect("protection", cards=cards, keyword=kinds[0], per=source), after
