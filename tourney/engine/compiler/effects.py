"""Effects: one verb with its player, its cards and its amount ("tu oponente Bota 3 cartas",
"Destruye un Aliado oponente de coste 2 o menos", "los Aliados que controles ganan 1 a la
Fuerza hasta la Fase Final"). ``effect(cur)`` reads one, ``effects(cur)`` a chain joined by
"y", "Luego," or a new sentence of the same unit.
"""
from __future__ import annotations

from dataclasses import replace

from .card_effects import GRANTS, SUBJECT_KINDS, being_played, card_effect
from .effect_parts import (
    VERBS, read_player, second_object, read_unless,
)
from .control import cancel_effect, convert_effect
from .counters import counter_effect, put_counters, up_to_one_counter
from .cost_effects import cost_effect
from .effects_more import also_strength, extra_turn, gold, leading_per, play, second_zone
from .noun_words import PRONOUNS
from .nouns import bare_phrase, card_phrase, number
from .parsed import Cards, Effect
from .looks import dig, look_castle, reveal_top
from .search import cannot_search
from .statics import player_static, static_effect
from .text import Cursor
from .verb_effects import choose, verb_effect

__all__ = ["effect", "effects"]


def effect(cur: Cursor, antecedent: Cards | None = None) -> tuple[Effect, Cursor] | None:
    cur = leading_per(cur) or cur  # «Por cada Aliado oponente, puedes elegir hasta una carta …»
    player, cur = read_player(cur)
    if player != "you" and (after := cur.take("puede")) is not None:
        got = effect_of(player, after, antecedent)  # "cada jugador puede Robar una carta"
        return (replace(got[0], optional=True), got[1]) if got else None
    return effect_of(player, cur, antecedent)


def effect_of(player: str, cur: Cursor, antecedent: Cards | None) -> tuple[Effect, Cursor] | None:
    if player == "you" and (banned := cannot_search(cur)) is not None:
        return banned  # «los jugadores no pueden buscar cartas en los Mazos Castillo»
    if player in ("you", "each") and (shown := reveal_top(player, cur)) is not None:
        return shown  # «muestra la primera carta de tu Mazo Castillo, si es …, ponla en tu mano»
    if player != "you" and (static := player_static(player, cur)) is not None:
        return static  # «tu oponente no puede Declarar Ataque» (statics.py)
    if player == "you" and (static := static_effect(cur, antecedent)) is not None:
        return static  # damage to the Destierro, who may bear an Arma (statics.py)
    if player == "opponent" and (after := cur.take("muestra", "su", "mano")) is not None:
        return Effect("look_hand", player="opponent"), after  # «Tu oponente muestra su mano»
    if player == "opponent" and (after := cur.take("no", "puede", "jugar")) is not None:
        phrase = bare_phrase(after)  # «tu oponente no puede jugar Aliados de coste 2 o menos»
        if phrase is not None:
            played = being_played(phrase[0], "opponent")
            return (Effect("cannot_play", "opponent", played), phrase[1]) if played else None
        return None
    if player == "you" and (upto := up_to_one_counter(cur, antecedent)) is not None:
        return upto  # «(pon un contador en este Aliado) y hasta un contador de Alimento en otro Aliado …»
    if player == "you" and (put := put_counters(cur, antecedent))[0]:
        return put[1]  # «pon un contador de Honor en el Aliado objetivo»
    verb = VERBS.get(cur.peek())
    if verb is not None:
        return verb_effect(verb, player, cur.skip(), antecedent)
    if player != "you":
        return None
    if (after := cur.take_any("mira la mano de tu oponente", "mirar la mano de tu oponente",
                              "mira la mano oponente")) is not None:
        return Effect("look_hand", player="opponent"), after
    if (dug := dig(cur)) is not None:
        return dug
    if cur.peek() in ("mira", "mirar") and (looked := look_castle(cur))[0]:
        return looked[1]  # «mira la primera carta / las primeras N cartas de tu Mazo Castillo»
    if cur.peek() == "no" and cur.peek(1) in ("puedes", "se"):
        return _cannot_play(cur)
    if cur.peek() in ("te", "jugar", "reduce") and (changed := cost_effect(cur))[0]:
        return changed[1]  # «te cuesta un Oro menos jugar …», «reduce el coste de …»
    if cur.peek() in ("elige", "elegir"):
        return choose(cur.skip(), antecedent)
    if cur.peek() in ("juega", "jugar"):
        return play(cur, antecedent)
    if cur.peek() in ("genera", "generar"):
        return gold(cur)
    if cur.peek() in ("prevenir", "previene", "preven") and cur.peek(1) in PRONOUNS and antecedent is not None:
        return Effect("prevent", cards=antecedent), cur.skip(2)
    if (after := cur.take_any("portar SELF al", "porta SELF al", "portar SELF a")) is not None:
        bearer = card_phrase(Cursor(("el",) + after.toks[after.i:]))
        if bearer is not None:  # «portar esta Arma al Aliado objetivo que controles»
            return Effect("attach", cards=bearer[0]), Cursor(after.toks, after.i + bearer[1].i - 1)
        return None
    if (after := cur.take_any("cancela el ataque oponente", "cancelar el ataque oponente")) is not None:
        return Effect("cancel_attack"), after
    if cur.peek() in ("quita", "quitar") and (got := number(cur.skip())) and \
            (rest := got[1].take_any("contadores de", "contador de")) is not None and rest.peek():
        counter, rest = rest.peek().capitalize(), rest.skip()
        if (end := rest.take("de", "SELF")) is not None:
            return Effect("remove_counters", cards=Cards(ref="self"), amount=got[0], counter=counter), end
        return None
    if (turn := extra_turn(cur)) is not None:
        return turn
    if (after := cur.take_any("gana el control de", "ganar el control de")) is not None:
        taken = card_phrase(after)
        return (Effect("gain_control", cards=taken[0]), taken[1]) if taken else None
    if (cleared := counter_effect(cur)) is not None:  # «quita todo el Alimento de …»
        return cleared
    if (cancelled := cancel_effect(cur)) is not None:  # «Cancela una habilidad … objetivo»
        return cancelled
    if (converted := convert_effect(cur)) is not None:  # «convertir este Tótem en un Aliado …»
        return converted
    return card_effect(cur, antecedent)


def effects(cur: Cursor, antecedent: Cards | None = None,
            subject: Cards | None = None) -> tuple[tuple[Effect, ...], Cursor] | None:
    """A chain of effects joined by "y", "Luego," or the next sentence of the unit.
    ``subject``: who a first effect without a subject is about ("Mientras este Aliado porte
    un Arma, gana 2 a la Fuerza": the card itself)."""
    out: list[Effect] = []
    then = optional = False
    cond = None
    group_start = 0
    while True:
        if out and (after := cur.take("puedes")) is not None:
            optional, cur = True, after
        got = effect(cur, antecedent)
        if got is None and not out and subject is not None:
            got = card_effect(cur, None, subject=subject)
        shared = False
        if got is None and out and out[-1].kind in ("strength", "grant") and cur.peek() in GRANTS and \
                out[-1].cards is not None:
            prev = out[-1].cards  # «gana 2 a la Fuerza y Retador»: and gains Retador
            same = prev if prev.count is None or prev.ref else Cards(ref="that")
            got = Effect("grant", cards=same, keyword=GRANTS[cur.peek()]), cur.skip()
            shared = True
        if got is None and out and out[-1].kind == "grant" and out[-1].cards is not None and \
                (got := also_strength(out[-1].cards, cur)) is not None:
            shared = True  # «gana Furia y 3 a la Fuerza»: and 3 more Fuerza
        if got is None and out and out[-1].kind in SUBJECT_KINDS and out[-1].cards is not None and \
                (end := cur.take_any("sea destruido", "sean destruidos", "sea destruida", "sean destruidas",
                                     "sea desterrado", "sean desterrados")) is not None:
            prev = out[-1].cards  # «… para que pierdan su habilidad y sean Destruidos»
            same = prev if prev.count is None or prev.ref else Cards(ref="that")
            got = Effect("destroy" if "destruid" in " ".join(cur.toks[cur.i:end.i]) else "banish", cards=same), end
            shared = True
        if got is None and out and out[-1].kind in SUBJECT_KINDS:
            last = out[-1].cards
            assert last is not None, "an effect of SUBJECT_KINDS always names its cards"
            prev = last
            # the same cards again: a chosen one is the same target, "todos" the same filter
            same = prev if prev.count is None or prev.ref else Cards(ref="that")
            got = card_effect(cur, None, subject=same)
            shared = True
        if got is None:
            return None
        eff, cur = got
        second = second_object(eff, cur) or second_zone(eff, cur)
        if second is not None:
            out.append(eff)
            eff, cur = second
        if (after := cur.take("a", "menos", "que", "tu", "oponente")) is not None:
            unless = read_unless(after)
            if unless is None:
                return None
            eff, cur = replace(eff, unless=unless[0]), unless[1]
        until, cur = _duration(cur, eff)
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
        if cond is not None:
            if shared or second is not None:
                return None  # the condition would have to cover two steps
            eff = replace(eff, cond=cond)
        out.append(eff)
        if eff.kind == "look_hand":
            antecedent = Cards(ref="looked", zone="hand", zone_owner=eff.player)
        elif eff.cards is not None and eff.cards.ref != "that":
            antecedent = eff.cards if eff.kind != "choose" else Cards(ref="that")
        if cond is not None:
            # «Luego, si …, Roba una carta»: nothing may follow the conditional step (would the
            # condition cover it too?)
            if cur.done:
                return tuple(out), cur
            fin = cur.take(".")
            return (tuple(out), fin) if fin is not None and fin.done else None
        nxt = cur.take_any(". luego ,", ", luego ,", ". luego")
        if nxt is not None and (after := nxt.take("si")) is not None:
            from .condition_frames import condition  # «Luego, si controlas …, …»: a conditional step

            got_cond = condition(after)
            if got_cond is None or (comma := got_cond[1].take(",")) is None:
                return None
            then, cond, cur, optional = True, got_cond[0], comma, False
            continue
        nxt = cur.take_any(". luego ,", ", luego ,", "y luego", ". despues ,", ". si lo haces ,", ", luego", ". luego")
        then = nxt is not None
        if nxt is None:
            nxt = cur.take_any("y", ".")
        if nxt is None and (comma := cur.take(",")) is not None and effect(comma, antecedent):
            nxt = comma  # "Destruye todos los Aliados en juego, cada jugador Bota dos cartas"
        if nxt is None or nxt.done:
            return tuple(out), cur
        cur, optional = nxt, False


def _duration(cur: Cursor, eff: Effect) -> tuple[str | None, Cursor]:
    """How long the step lasts, read after it: «hasta la Fase Final» ("end"), «hasta (el
    comienzo de) tu próximo turno» ("next"), «mientras este Aliado esté en juego» ("while"),
    «este turno» on a card's state ("end")."""
    if (after := cur.take(",", "hasta", "la", "fase", "final")) is not None:
        cur = Cursor(after.toks, after.i - 4)  # «gana 1 a la Fuerza, hasta la Fase Final»
    if (after := cur.take("hasta", "la", "fase", "final")) is not None:
        return "end", after
    if (after := cur.take_any(*NEXT_TURN)) is not None:
        return "next", after
    if (after := cur.take("mientras", "SELF", "este", "en", "juego")) is not None:
        return "while", after
    if (after := cur.take("este", "turno")) is not None and eff.kind in SUBJECT_KINDS:
        return "end", after  # «no pueden ser declarados bloqueadores este turno»
    return None, cur


NEXT_TURN = ("hasta tu proximo turno", "hasta el comienzo de tu proximo turno")


def _cannot_play(cur: Cursor) -> tuple[Effect, Cursor] | None:
    """«no puedes jugar Aliados este turno» / «No puedes jugar más cartas por el resto del
    turno» (you, until the Fase Final); «no se pueden jugar Talismanes» (anyone)."""
    if (after := cur.take("no", "puedes", "jugar")) is not None:
        phrase = bare_phrase(after.take("mas") or after)
        end = phrase[1].take_any("este turno", "por el resto del turno") if phrase else None
        if phrase is None or end is None:
            return None
        played = being_played(phrase[0], "you")
        return (Effect("cannot_play", "you", played, until="end"), end) if played else None
    if (after := cur.take_any("no se pueden jugar", "no se puede jugar")) is not None:
        phrase = bare_phrase(after)
        if phrase is not None:
            played = being_played(phrase[0], None)
            return (Effect("cannot_play", "each", played), phrase[1]) if played else None
    return None
