"""One unit of text -> the abilities it states, or the reason it was not understood.

The unit's opening clauses are read one by one (limit, timing, trigger, "mientras", "si");
the rest is the body, "puedes COSTE para EFECTOS" or "[puedes] EFECTOS". The kind of the
ability follows from what was found: a trigger makes it triggered, a cost / limit / timing
without trigger makes it activated, "Mientras este Aliado esté en juego" a continuous
ability, and a Talismán's bare effects are what it does when it resolves.
"""
from __future__ import annotations



from dataclasses import dataclass, field, replace

from ...catalog.keywords import KEYWORDS
from ...catalog.model import TALISMAN, fold_accents
from .card_effects import SUBJECT_KINDS
from .effects import effects
from .nouns import bare_phrase, number
from .parsed import Condition, Cost, Effect
from .delayed import at_final_phase, until_final_frame
from .condition_frames import condition, joined_conditions
from .cost_frames import cost_list
from .trigger_frames import trigger, trigger_event
from .conditions import expand
from .restrict import use_condition
from .parsed import Cards, Parsed, Trigger
from .text import Cursor, NotUnderstood

_KEYWORDS = {fold_accents(k): k for k in KEYWORDS + ("Embestida", "Temerario", "Conquista")}
_PARAM_KEYWORDS = {"inmunidad", "exhumar", "traicion"}

# sentences about the card itself, read whole: (tokens, kind, name)
_WHOLE = {
    "SELF no puede ser anulado": ("property", "no puede ser Anulado"),
    "SELF no puede ser anulada": ("property", "no puede ser Anulado"),
    "cuando juegues SELF , destierra lo": ("property", "se destierra al resolverse"),
    "cuando juegues SELF destierra lo": ("property", "se destierra al resolverse"),
    "SELF no puede portar armas": ("property", "no puede portar Armas"),
    "SELF puede portar 1 arma adicional": ("property", "puede portar un Arma adicional"),
    "SELF puede portar un arma adicional": ("property", "puede portar un Arma adicional"),
    "SELF puede portar cualquier cantidad de armas": ("property", "puede portar cualquier cantidad de Armas"),
    "puedes jugar SELF en guerra de talismanes": ("permission", "en Guerra de Talismanes"),
    # 10.19: the cards Desterradas bajo this one (the sentence before put them there)
    "puedes jugar esa carta como si estuviera en tu mano": ("permission", "bajo esta carta"),
    "puedes jugar esas cartas como si estuviera en tu mano": ("permission", "bajo esta carta"),
    "puedes jugar esas cartas como si estuvieran en tu mano": ("permission", "bajo esta carta"),
    "puedes jugar SELF al comienzo de la declaracion de bloqueo":
        ("permission", "al comienzo de la Declaración de Bloqueo"),
    "puedes jugar SELF al comienzo de tu declaracion de bloqueo":
        ("permission", "al comienzo de tu Declaración de Bloqueo"),
    "puedes jugar SELF desde tu cementerio pagando su coste": ("permission", "desde tu Cementerio"),
    "puedes jugar SELF desde tu cementerio pagando su coste , luego destierra lo":
        ("permission", "desde tu Cementerio"),
    "puedes jugar SELF desde tu cementerio pagando su coste . si lo haces , destierra lo":
        ("permission", "desde tu Cementerio"),
    "puedes jugar SELF desde tu cementerio pagando su coste . luego , destierra lo":
        ("permission", "desde tu Cementerio"),
    "en tu fase de vigilia , si SELF esta en tu cementerio , puedes jugar lo pagando su coste":
        ("permission", "desde tu Cementerio en tu Fase de Vigilia"),
    "en tu fase de vigilia , si SELF esta en tu cementerio , puedes jugar la pagando su coste":
        ("permission", "desde tu Cementerio en tu Fase de Vigilia"),
    "en tu fase de vigilia , puedes jugar SELF desde tu cementerio pagando su coste":
        ("permission", "desde tu Cementerio en tu Fase de Vigilia"),
    "SELF no puede ser declarado atacante": ("property", "no puede ser declarado atacante"),
    "SELF no puede bloquear": ("property", "no puede bloquear"),
}


_PERMISSIONS = {
    "en guerra de talismanes": "en Guerra de Talismanes",
    "al comienzo de la declaracion de bloqueo": "al comienzo de la Declaración de Bloqueo",
    "al comienzo de tu declaracion de bloqueo": "al comienzo de tu Declaración de Bloqueo",
    "desde tu cementerio pagando su coste": "desde tu Cementerio",
    "al comienzo de la fase de vigilia oponente": "al comienzo de la Fase de Vigilia oponente",
}


def _special(toks: tuple[str, ...]) -> Parsed | None:
    """Sentences about the card itself that carry a number or a condition."""
    cur = Cursor(toks)
    if (restriction := use_condition(cur)) is not None:
        return restriction  # «Sólo puedes activar esta habilidad si …»: see compiler/restrict.py
    if (after := cur.take("SELF", "entra", "en", "juego", "con")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("contadores de", "contador de")) is not None and \
                rest.i + 1 == len(toks):
            return Parsed("property", param="counters", extra=(rest.peek().capitalize(), str(got[0])))
    if (after := cur.take("SELF", "solo", "puede", "ser", "declarado", "atacante", "si")) is not None:
        conds = joined_conditions(after)  # «… sólo puede ser declarado atacante si …»: not while not
        if conds is not None and conds[1].done and len(conds[0]) == 1:
            negated = replace(conds[0][0], kind="not:" + conds[0][0].kind)
            return Parsed("static", effects=(Effect("cannot_attack", cards=Cards(ref="self")),),
                          conditions=(negated,))
        return None
    if (after := cur.take("solo", "puedes", "jugar", "SELF")) is not None:
        if (rest := after.take("si")) is not None and (conds := joined_conditions(rest)) and conds[1].done:
            return Parsed("restriction", conditions=conds[0])
        for words, timing in (("en tu fase de vigilia", "vigil"), ("en guerra de talismanes", "war"),
                              ("desde tu mano y en tu fase de vigilia", "hand_vigil"),
                              ("desde tu mano", "hand"), ("en tu turno", "own_turn"),
                              ("en tu turno en guerra de talismanes", "own_war")):
            if (rest := after.take(*words.split())) is not None and rest.done:
                return Parsed("restriction", timing=timing)
        return None
    if (after := cur.take("reduce", "el", "coste", "de", "SELF", "en")) is not None:
        got = number(after)
        if got and (rest := got[1].take_any("oros por cada", "oro por cada")) is not None:
            phrase = bare_phrase(rest)
            if phrase and phrase[1].done:
                eff = Effect("cost_change", cards=Cards(ref="self"), amount=-got[0], per=phrase[0])
                return Parsed("static", effects=(eff,))
        return None
    if (after := cur.take("para", "jugar", "SELF")) is not None:
        after = after.take(",") or after
        after = after.take("debes") or after
        costs = cost_list(after, imperative=True)
        if costs is not None and costs[1].done:
            return Parsed("add_cost", costs=costs[0])
        return None
    if (after := cur.take("puedes")) is not None and (costs := cost_list(after)) is not None:
        if (rest := costs[1].take("en", "vez", "de", "pagar", "el", "coste", "de", "SELF")) is not None \
                and rest.done:
            return Parsed("alt_cost", costs=costs[0])
    return None


def _bearer_races(cur: Cursor) -> tuple[tuple[str, ...], Cursor] | None:
    from .noun_words import RACES

    races = []
    while cur.peek() in RACES:
        races.append(RACES[cur.peek()])
        cur = cur.skip()
        if cur.peek() in ("o", "y", "yo") and cur.peek(1) in RACES:
            cur = cur.skip()
    return (tuple(races), cur) if races else None


def keyword_sentence(toks: tuple[str, ...]) -> tuple[Parsed, ...] | None:
    parts: list[list[str]] = [[]]
    for tok in toks:
        if tok in (",", "."):
            parts.append([])
        else:
            parts[-1].append(tok)
    out = []
    for part in parts:
        if not part:
            continue
        if len(part) == 1 and part[0] in _KEYWORDS:
            out.append(Parsed("keyword", keyword=_KEYWORDS[part[0]]))
        elif part[0] in _PARAM_KEYWORDS and len(part) > 1 and part[0] in _KEYWORDS:
            rest = [w for w in part[1:] if w not in ("-", "–", "a")]
            if not rest or len(rest) > (8 if part[0] == "traicion" else 3):
                return None
            out.append(Parsed("keyword", keyword=_KEYWORDS[part[0]], param=" ".join(rest)))
        else:
            return None
    return tuple(out) or None


def parse_unit(toks: tuple[str, ...], card_type: str) -> tuple[Parsed, ...]:
    """The abilities of one unit; raises ``NotUnderstood(reason)``."""
    if not toks:
        raise NotUnderstood("frase vacía")
    found = keyword_sentence(toks)
    if found:
        return found
    whole = _WHOLE.get(" ".join(toks))
    if whole:
        return (Parsed(whole[0], param=whole[1]),)
    special = _special(toks)
    if special is not None:
        return (special,)
    from .play_permissions import response_permission  # frames imports this module's neighbours

    answer = response_permission(toks)
    if answer is not None:
        return (answer,)
    return _framed(Cursor(toks), card_type)


@dataclass
class _Frame:
    """The opening clauses of a unit, read one by one (see ``_clause``)."""

    once: bool = False
    scope: bool = False
    until_final: bool = False
    timing: str | None = None
    trig: Trigger | None = None
    conds: list[Condition] = field(default_factory=list)
    also: list[Trigger] = field(default_factory=list)


def _conditions(frame: _Frame, cur: Cursor) -> Cursor | None:
    """ «si / mientras COND [y COND …]»: the conditions, appended to the frame."""
    if (after := cur.take_any("mientras", "si")) is None or not (got := condition(after)):
        return None
    frame.conds.extend(expand(got[0]))
    cur = got[1]
    while (after := cur.take_any("y", "e")) is not None and (got := condition(after) or _same_subject(
            frame.conds[-1], after)):
        frame.conds.extend(expand(got[0]))
        cur = got[1]
    # «si controlas al menos un Aliado de Raza Faerie y un Aliado de Raza Eterno»
    while frame.conds[-1].kind == "control" and frame.conds[-1].n == 1 and (after := cur.take("y")) is not None \
            and (got := condition(Cursor(("controlas",) + after.toks[after.i:]))) is not None \
            and got[0].kind == "control":
        frame.conds.append(got[0])
        cur = Cursor(after.toks, after.i + got[1].i - 1)
    return cur


def _same_subject(last: Condition, cur: Cursor) -> tuple[Condition, Cursor] | None:
    """ «si el Aliado portador es de Raza Eterno e hizo daño …»: the second condition about the
    same card as the first (the bearer, or the card itself), its subject left out."""
    words = {"bearer_race": ("el", "aliado", "portador"), "bearer_is": ("el", "aliado", "portador"),
             "self_zone": ("SELF",), "self_bearing": ("SELF",), "self_counters": ("SELF",)}.get(last.kind)
    if words is None or (got := condition(Cursor(words + cur.toks[cur.i:]))) is None:
        return None
    return got[0], Cursor(cur.toks, cur.i + got[1].i - len(words))


def _scope_conditions(frame: _Frame, cur: Cursor) -> Cursor:
    """ «Mientras este Aliado esté en juego y porte una o más Armas / y controles 4 o más Tótems
    / y sea tu turno»: conditions joined to the scope (the card itself the subject when none is
    named)."""
    while (more := cur.take("y")) is not None:
        got = condition(more)
        if got is None and (implied := condition(Cursor(("SELF",) + more.toks[more.i:]))) is not None:
            got = implied[0], Cursor(more.toks, more.i + implied[1].i - 1)
        if got is None:
            break
        frame.conds.extend(expand(got[0]))
        cur = got[1]
    return cur


def _trigger(frame: _Frame, cur: Cursor) -> Cursor | None:
    if (fired := trigger(cur)) is None:
        return None
    if frame.trig is not None:
        raise NotUnderstood("dos momentos de disparo en una frase")
    trig, cur = fired
    frame.trig = trig
    # "Cuando este Aliado entra en juego o sea declarado bloqueador": one ability per event
    while trig.cards is not None and (after := cur.take("o")) is not None and \
            (more := trigger_event(after, trig.cards, after_or=True)) is not None:
        extra = more[0]
        if trig.event.startswith("would_") and not extra.event.startswith("would_"):
            extra = replace(extra, event="would_" + extra.event)  # "fuera a ser Destruido o Desterrado"
        frame.also.append(extra)
        cur = more[1]
    return cur


def _clause(frame: _Frame, cur: Cursor) -> Cursor | None:
    """One opening clause (limit, timing, scope, condition, trigger) read into the frame; None
    when the next words are none of them."""
    if (after := cur.take_any("una vez por turno", "1 vez por turno")) is not None:
        frame.once = True
        return after
    if (after := cur.take_any("una vez en tu turno", "1 vez en tu turno")) is not None:
        frame.once = True  # once per turn, and only in your own turn
        frame.conds.append(Condition("your_turn"))
        return after
    if (after := cur.take("en", "tu", "fase", "de", "vigilia")) is not None:
        frame.timing = "vigil"
        return after
    if (after := cur.take("en", "guerra", "de", "talismanes")) is not None:
        frame.timing = "war"
        return after
    if not frame.until_final and (after := cur.take("hasta", "la", "fase", "final")) is not None:
        frame.until_final = True  # «Hasta la Fase Final, cuando …» / «…, los Aliados …»
        return after
    if (after := cur.take_any("mientras SELF este en juego", "mientras SELF permanezca en juego")) is not None:
        frame.scope = True
        return _scope_conditions(frame, after)
    if (after := cur.take_any("mientras SELF este en tu cementerio", "mientras SELF se encuentre en tu cementerio")) \
            is not None:  # a continuous ability that works from the Cementerio (Serafín)
        frame.conds.append(Condition("self_zone", zone="graveyard"))
        return after
    if (after := cur.take_any("mientras SELF este en tu reserva de oro", "mientras SELF este en tu reserva",
                              "mientras SELF este en tu reserva de oros")) is not None:
        frame.conds.append(Condition("self_zone", zone="reserve"))
        return after
    trig = frame.trig
    if trig is not None and trig.cards is not None and trig.cards.ref == "bearer" and \
            (after := cur.take("si", "es", "de", "raza")) is not None and (races := _bearer_races(after)):
        frame.conds.append(Condition("bearer_race", races=races[0]))  # «… si es de Raza Dragón»
        return races[1]
    return _conditions(frame, cur) or _trigger(frame, cur)


def _clauses(cur: Cursor) -> tuple[_Frame, Cursor]:
    """The opening clauses, separated by commas (a missing comma is tolerated when the rest
    still reads as clauses or a body)."""
    frame = _Frame()
    while (after := _clause(frame, cur)) is not None:
        cur = after
        comma = cur.take(",")
        if comma is None and frame.conds and cur.peek() in ("es", "gana", "tiene"):
            break  # "Mientras este Aliado porte un Arma es Imbloqueable" (no comma)
        if comma is not None:
            cur = comma
    return frame, cur


_BEARER_CONDITIONS = ("bearer_race", "bearer_is", "bearer_unblocked", "bearer_not_race")


def _referents(frame: _Frame) -> tuple[Cards | None, Cards | None]:
    """(the implicit subject of a bare verb, what «lo» / «ese Aliado» points back to)."""
    trig, conds = frame.trig, frame.conds
    implicit = None
    if frame.scope or any(c.kind == "self_bearing" for c in conds) or (
            trig is not None and trig.cards is not None and trig.cards.ref == "self"):
        implicit = Cards(ref="self")
    elif (trig is not None and trig.cards is not None and trig.cards.ref == "bearer") or \
            any(c.kind in _BEARER_CONDITIONS or (c.kind == "dealt_damage" and c.zone == "bearer") for c in conds):
        implicit = Cards(types=("Aliado",), ref="bearer")  # "Cuando el Aliado portador …, gana 3 …"
    antecedent = None
    if implicit is not None and implicit.ref == "bearer":
        antecedent = implicit
    elif any(c.kind == "self_zone" or (c.cards is not None and c.cards.ref == "self") for c in conds) \
            or implicit is not None:  # «si este Aliado fue declarado atacante este turno, Destrúyelo»
        antecedent = Cards(ref="self")
    elif trig is not None and trig.cards is not None and trig.cards.ref is None:
        antecedent = Cards(ref="that")  # "lo" / "ese Aliado": the card that fired the trigger
    return implicit, antecedent


def _self_permission(frame: _Frame, cur: Cursor) -> Parsed | None:
    """«Si …, puedes jugar este Aliado en Guerra de Talismanes / desde tu Cementerio …»."""
    if frame.trig or frame.once or frame.scope or frame.timing not in (None, "vigil"):
        return None
    conds, timing = frame.conds, frame.timing
    if conds and (after := cur.take("puedes", "jugar", "SELF")):
        permission = _PERMISSIONS.get(after.rest())
        if permission == "desde tu Cementerio" and timing == "vigil":
            permission = "desde tu Cementerio en tu Fase de Vigilia"
        elif timing == "vigil":
            permission = None
        if permission:
            return Parsed("permission", param=permission, conditions=tuple(conds))
    if any(c.kind == "self_zone" and c.zone == "graveyard" for c in conds) and \
            (play_it := cur.take_any("puedes jugar lo pagando su coste", "puedes jugar la pagando su coste")) and \
            play_it.done:
        rest = tuple(c for c in conds if not (c.kind == "self_zone" and c.zone == "graveyard"))
        where = "desde tu Cementerio en tu Fase de Vigilia" if timing == "vigil" else "desde tu Cementerio"
        return Parsed("permission", param=where, conditions=rest)
    return None


def _costs(cur: Cursor, antecedent: Cards | None) -> tuple[bool, tuple[Cost, ...], Cursor]:
    """ «puedes COSTE para [que] …»: (optional, the costs, the cursor at the effects)."""
    if (after := cur.take("puedes")) is None:
        # «Destruye este Tótem para …»: the card itself, paid in the imperative
        own = cost_list(cur, antecedent, imperative=True) if cur.peek(1) == "SELF" else None
        if own is not None and all(c.cards is not None and c.cards.ref == "self" for c in own[0]) and \
                (tail := own[1].take_any("para que", "para")) is not None:
            return False, own[0], tail
        return False, (), cur
    paid = cost_list(after, antecedent)
    if paid is not None and (tail := paid[1].take_any("para que", "para")) is not None:
        return True, paid[0], tail
    if paid is not None and (any(c.cards is not None and c.cards.ref == "self" for c in paid[0]) or all(
            c.kind == "gold" for c in paid[0])) and (tail := paid[1].take_any(". luego ,", ". luego")) is not None:
        return True, paid[0], tail  # «puedes pagar un Oro (y Desterrarlo). Luego, Roba una carta»: what follows is paid for
    return True, (), after


def _body(frame: _Frame, cur: Cursor, antecedent: Cards | None,
          implicit: Cards | None) -> tuple[tuple[Effect, ...], Cursor]:
    body = effects(cur, antecedent=antecedent, subject=implicit)
    if body is None:
        raise NotUnderstood(f"efecto no reconocido: «{cur.rest()}»")
    effs, end = body
    if not end.done and all(e.kind == "cost_change" and e.cards is not None and e.cards.ref == "self"
                            for e in effs) and (after := end.take("si")) is not None and \
            (trailing := joined_conditions(after)) is not None and trailing[1].done:
        frame.conds.extend(trailing[0])  # «Te cuesta un Oro menos jugar este Talismán si controlas …»
        end = trailing[1]
    if not end.done and all(e.kind == "cost_change" for e in effs) and \
            (after := end.take_any("en el turno oponente", "en el turno de tu oponente")) is not None:
        frame.conds.append(Condition("opponent_turn"))  # «te cuesta un Oro menos jugar … en el turno oponente»
        end = after
    if not end.done:
        raise NotUnderstood(f"sobra texto sin entender: «{end.rest()}»")
    return effs, end


def _kind(frame: _Frame, effs: tuple[Effect, ...], costs: tuple[Cost, ...], optional: bool,
          card_type: str) -> str:
    """triggered / static / activated / spell, from what the frame and the body hold."""
    continuous = all(e.kind in SUBJECT_KINDS and e.until is None for e in effs)
    scope, conds, once, timing = frame.scope, frame.conds, frame.once, frame.timing
    if frame.trig is not None:
        return "triggered"
    if (scope or conds) and continuous and not (costs or once or timing or optional):
        return "static"
    if costs or once or timing:
        return "activated"
    if card_type == TALISMAN and not scope and all(c.kind not in ("self_zone", "self_bearing") for c in conds):
        return "spell"  # «Si controlas 6 o más Oros, puedes …»: when it resolves, if the condition holds
    if continuous and not (conds or optional) and (card_type != TALISMAN or all(
            e.cards is not None and e.cards.ref in ("self", "bearer") for e in effs)):
        return "static"  # a card in play states a lasting fact: «Los Aliados oponentes pierden 1 …»
    raise NotUnderstood("no se sabe cuándo ocurre este efecto")


def _framed(cur: Cursor, card_type: str) -> tuple[Parsed, ...]:
    frame, cur = _clauses(cur)
    implicit, antecedent = _referents(frame)
    permission = _self_permission(frame, cur)
    if permission is not None:
        return (permission,)
    optional, costs, cur = _costs(cur, antecedent)
    effs, _ = _body(frame, cur, antecedent, implicit)
    trig = frame.trig
    if frame.until_final:
        trig, effs = until_final_frame(trig, effs, card_type, bool(
            frame.once or frame.scope or frame.timing or frame.conds or costs))
    elif trig is not None and antecedent is None:
        trig, effs = at_final_phase(trig, effs)
    frame.trig = trig
    kind = _kind(frame, effs, costs, optional, card_type)
    if frame.also:
        # «Cuando … entra en juego o sea declarado bloqueador»: ONE ability fired by either
        # event (so «una vez por turno» is shared, 6.1) — only when the rest of the trigger is
        # the same (who, whose turn, from where)
        assert trig is not None  # «o …» events are only read after a trigger
        if any(replace(x, event=trig.event) != trig for x in frame.also):
            raise NotUnderstood("disparo con dos eventos distintos en algo más que el evento")
        trig = replace(trig, also=tuple(x.event for x in frame.also))
    return (Parsed(kind, effects=effs, trigger=trig, conditions=tuple(frame.conds), costs=costs,
                   optional=optional, once_per_turn=frame.once, timing=frame.timing),)
