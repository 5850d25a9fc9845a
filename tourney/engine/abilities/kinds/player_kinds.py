"""The homes of the effects on a player's cards: Roba, Bota (10.45, 10.7: exactly N cards,
or as many as there are), Descarta (10.18), Busca (the whole filter of the card found; 4.2 when
searching is forbidden), Destierra las primeras N cartas de un Mazo Castillo (those N, or as
many as there are; in a «revealed» record any N of that Castillo, as the line names them),
Mira las primeras N cartas y toma … (10.34), Mira (a hand or a Mazo Castillo: nothing moves)
and Muestra la primera carta; si es …, va a … (10.35). Verified in a line; never applied by
a continuous ability."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalAction
from ..costs import kind_ok
from ..evaluate import player_of
from ..effect_value import Effect
from ..protections import damage_exiled, damage_increased
from ..verify_amounts import amount, each_count, of_triggering
from ..verify_parts import Step, found_match, no_search, owner_of
from ..verify_pool import Unverifiable, Pool
from .base import ENFORCED, Use, declare
from .statuses import after_play, not_static

if TYPE_CHECKING:  # pragma: no cover
    from ...state import State
    from ...zones import Inst


def verify_draw_or_mill(step: Step) -> bool:
    game = step.game
    pool = step.pool
    effect = step.effect
    ability = step.ability
    source = step.source
    p = step.p
    split = step.split
    triggering = step.triggering
    known = step.known
    kind = step.effect.kind
    if kind == "mill" and damage_exiled(game, source):
        raise Unverifiable("daño enviado al Destierro")  # the record's Botar goes to the Cementerio
    if kind == "mill" and damage_increased(game, source):
        raise Unverifiable("daño directo aumentado")  # the engine does not add it yet
    # «cada jugador Bota una carta por cada Aliado que controle»: each player's own count
    per_player = effect.player == "each" and effect.amount_from == "count"
    n = 0 if per_player else (of_triggering(game, effect.amount_from, triggering)
                              if effect.amount_from in ("strength_of_triggering", "cost_of_triggering")
                              else amount(game, effect, source, p, pool, split))
    table = pool.draw if kind == "draw" else pool.mill
    players = (list(game.order) if effect.player == "each"
               else [player_of(game, effect.player, p, owner_of(game, known))])
    if effect.optional and all(table.get(pid, 0) == 0 for pid in players):
        return False
    # «Roba una carta. Luego, si …, puedes Robar una carta adicional»: a later step of the
    # same kind takes the rest of the line's cards (what none takes is left over: illegal)
    steps = ability.effects
    more = any(e.kind == kind for e in steps[steps.index(effect) + 1:]) if effect in steps else False
    for pid in players:
        if per_player:
            n = each_count(game, effect, source, pid)
        have = table.get(pid, 0)
        left = len(game.players[pid].castle)
        if more and have > n:
            table[pid] = have - n
            continue
        if have != n and not (left < n and have == left):  # as many as there are (6.x)
            verb = "Roba" if kind == "draw" else "Bota"
            raise IllegalAction("10.45" if kind == "draw" else "10.7",
                                f"{source.label()}: {game.players[pid].name} {verb} {n} "
                                f"carta{'s' if n != 1 else ''} por su habilidad, no {have}.")
        table[pid] = 0
    return True


def verify_discard_or_search(step: Step) -> bool:
    game = step.game
    pool = step.pool
    effect = step.effect
    source = step.source
    p = step.p
    known = step.known
    kind = step.effect.kind
    if kind == "discard" and effect.subject == "each":
        return discard_each(game, pool, effect, source, known)
    # «Descarta una carta por cada carta Oscuridad que controles»: the filter is what is
    # counted, not the cards discarded (any card of that hand)
    counted = effect.amount_from == "count" and effect.count_filter is None
    chosen = None if counted else effect.filter
    f_zone = effect.filter.zone if effect.filter is not None else "in_play"
    pid = player_of(game, effect.player, p, owner_of(game, known))
    if (kind == "discard" and effect.subject == "chosen" and chosen is not None
            and chosen.controller in ("you", "opponent")):
        pid = player_of(game, chosen.controller, p)  # whose hand it is chosen from
    if kind == "discard":
        frm, to = {"hand"}, {"graveyard"}
    else:  # «Busca … en tu Mazo Castillo y ponlo en tu mano» (zone: where it goes)
        frm = {f_zone if f_zone not in ("in_play", "being_played") else "castle"}
        if effect.filter is not None:  # «en tu Mazo Castillo o Cementerio»
            frm |= set(effect.filter.also_zones)
        banned = no_search(game) if "castle" in frm else None
        if banned is not None:  # «los jugadores no pueden buscar cartas en los Mazos Castillo»
            frm.discard("castle")
            found = [iid for iid in pool.moves if game.cards[iid].zone == "castle"
                     and game.cards[iid].owner == pid]
            if found:
                raise IllegalAction("4.2", f"Mientras {banned.label()} esté en juego no se pueden "
                                           f"buscar cartas en los Mazos Castillo ({source.label()} "
                                           f"saca {game.cards[found[0]].label()} del suyo).")
        dest = effect.zone or "hand"
        to = {"defense", "support", "reserve"} if dest == "being_played" else {dest}
    ids = [iid for iid, z in pool.moves.items() if z in to
           and (game.cards[iid].zone in frm or ("hand" in frm and iid in pool.drawn))
           and game.cards[iid].owner == pid
           and (chosen is None or kind_ok(chosen, game.cards[iid]))
           and found_match(game, chosen, game.cards[iid], p, source)]
    n = effect.amount if effect.amount is not None else (effect.filter.count
                                                        if effect.filter else 1)
    if effect.amount_from in ("moved_before", "count"):  # «por cada …» (this way / you control)
        n = amount(game, effect, source, p, pool, step.split)
    can = sum(1 for iid in game.zone_of(pid, "hand")  # the cards it may Descartar
              if found_match(game, chosen, game.cards[iid], p, source)) if kind == "discard" else 0
    up_to = chosen is not None and chosen.up_to  # «Descarta hasta N»: 0..N
    if kind == "discard" and len(ids) != n and not effect.optional and can >= n \
            and not (up_to and len(ids) < n):
        raise IllegalAction("10.18", f"{source.label()}: {game.players[pid].name} Descarta "
                                     f"{n} por su habilidad, no {len(ids)}.")
    pool.take_moves(ids[:n])
    return bool(ids)


def discard_each(game: State, pool: Pool, effect: Effect, source: Inst, known: list[str] | None) -> bool:
    """«Descarta todos los Talismanes de ahí»: exactly the cards of that hand that match."""
    if known is None or effect.filter is None or effect.filter.zone != "hand":
        raise Unverifiable("descartar cada carta sin filtro de mano")
    want = {iid for iid in known if game.cards[iid].zone == "hand"}
    moved = {iid for iid, z in pool.moves.items() if z == "graveyard" and iid in want}
    if moved != want:
        missing = next(iter(want - moved))
        raise IllegalAction("10.18", f"{source.label()}: su habilidad Descarta "
                                     f"{game.cards[missing].label()} y el registro no lo hace.")
    pool.take_moves(list(moved))
    return bool(moved)


def verify_banish_top(step: Step) -> bool:
    """«Destierra las primeras / la última N cartas de tu Mazo Castillo» (10.19) — «y ponlas
    bajo este Aliado» (``under``): in a version 2 record, in «under» with this card as host."""
    game, pool, effect = step.game, step.pool, step.effect
    pid = player_of(game, effect.player or "you", step.p)
    n = amount(game, effect, step.source, step.p, pool, step.split)
    castle = game.players[pid].castle
    if effect.under:
        ids = [iid for iid, host in pool.under.items() if host == step.source.id and iid in castle]
        if not ids and any(z == "exile" and iid in castle for iid, z in pool.moves.items()):
            raise Unverifiable("la línea escribe en el Destierro la carta que queda Desterrada bajo "
                               f"{step.source.label()} (10.19): sólo «under» (versión 2) lo dice")
    else:
        ids = [iid for iid, z in pool.moves.items() if z == "exile" and iid in castle]
    want = min(n, len(castle))
    if game.order_hidden(pid):  # the order is hidden: the cards the line names
        ok = len(ids) == want
    else:
        ends = castle[len(castle) - want:] if effect.zone != "castle_bottom" else castle[:want]
        ok = set(ids) == set(ends)
    if not ok and not (effect.optional and not ids):
        where = "del fondo" if effect.zone == "castle_bottom" else "del tope"
        under = f" bajo {step.source.label()}" if effect.under else ""
        raise IllegalAction("10.19", f"{step.source.label()}: {game.players[pid].name} Destierra "
                                     f"{want} carta{'s' if want != 1 else ''} {where} de su Mazo "
                                     f"Castillo{under} por su habilidad, y el registro destierra "
                                     f"{len(ids)}{'' if game.order_hidden(pid) else ' otras'}.")
    if effect.under:
        for iid in ids:
            del pool.under[iid]
    else:
        pool.take_moves(ids)
    return bool(ids)


def verify_dig(step: Step) -> bool:
    """«Mira las primeras N cartas de tu Mazo Castillo. Pon una en tu mano y Destierra / Baraja
    el resto / regrésalas en cualquier orden» (10.34 Mirar): the cards taken come from those N
    (in a «revealed» record, from that Castillo), as many as the text takes (fewer only when
    not enough of them fit its filter), each fitting it; the rest go where the text says (to
    the Destierro: all of them; back into the Mazo Castillo: they stay there, or move to its
    top / bottom in the order the record gives)."""
    game, pool, effect = step.game, step.pool, step.effect
    pid = player_of(game, effect.player or "you", step.p)
    castle = game.players[pid].castle
    n = min(amount(game, effect, step.source, step.p, pool, step.split), len(castle))
    hidden = game.order_hidden(pid)
    looked = set(castle) if hidden else set(castle[len(castle) - n:])
    f = effect.filter
    want = f.count if f is not None else 1
    to = effect.zone or "hand"
    taken = [iid for iid, z in pool.moves.items() if z == to and iid in looked]
    rest_zone = effect.rest_zone or "castle_top"
    back = {"exile"} if rest_zone == "exile" else {"castle_top", "castle_bottom"}
    rest = [iid for iid, z in pool.moves.items() if z in back and iid in looked]
    if effect.optional and not taken and not rest:
        return False
    where = "las cartas que mira" if hidden else f"las primeras {n} cartas"
    for iid in taken:
        if not found_match(game, f, game.cards[iid], step.p, step.source):
            raise IllegalAction("6.5", f"{step.source.label()}: {game.cards[iid].label()} no es "
                                       f"{f.describe() if f else 'una carta'} de {where}.")
    fitting = [iid for iid in looked if found_match(game, f, game.cards[iid], step.p, step.source)]
    if len(taken) != min(want, len(fitting) if not hidden else want):
        raise IllegalAction("6.5", f"{step.source.label()}: toma {want} carta"
                                   f"{'s' if want != 1 else ''} de {where} de su Mazo Castillo, "
                                   f"y el registro toma {len(taken)}.")
    if rest_zone == "exile" and len(rest) != (n - len(taken)):
        raise IllegalAction("6.5", f"{step.source.label()}: el resto de {where} va a la Zona de "
                                   f"Destierro, y el registro destierra {len(rest)}.")
    pool.take_moves(taken + rest)
    return bool(taken or rest)


def verify_look(step: Step) -> bool:
    """10.34 Mirar / 10.35 Mostrar a hand or the first cards of a Mazo Castillo: information
    only (what was seen is not in the record), nothing moves — the looked cards go back to the
    top in the order their controller wants, so the line changes nothing of its own."""
    e = step.effect
    if e.zone in ("hand", "castle") and e.unless is None and e.condition is None:
        return True
    raise Unverifiable("mirar cartas que no son de una mano ni de un Mazo Castillo")


def _look_line(use: Use) -> str | None:
    e = use.value
    if e.zone in ("hand", "castle") and e.unless is None and e.condition is None:
        return ENFORCED
    return "mirar cartas que no son de una mano ni de un Mazo Castillo: la línea queda sin verificar"


_REVEAL_TO = ("hand", "graveyard", "exile")


def verify_reveal_top(step: Step) -> bool:
    """10.35 Mostrar «muestra la primera carta de tu Mazo Castillo; si es …, ponla en tu mano»:
    the card the line moves out of that Castillo is its top card (any of it when the order is
    hidden) and fits the filter; when the order is known and the top card fits, a mandatory
    step moves it, and one that does not fit stays. With the order hidden and nothing moved,
    what was shown is not in the record: unverified."""
    game, pool, effect = step.game, step.pool, step.effect
    pid = player_of(game, effect.player or "you", step.p)
    castle = game.players[pid].castle
    to = effect.zone or "hand"
    moved = [iid for iid, z in pool.moves.items() if z == to and iid in castle]
    hidden = game.order_hidden(pid)
    shown = None if hidden or not castle else castle[-1]
    fits = shown is not None and found_match(game, effect.filter, game.cards[shown], step.p,
                                            step.source)
    who = game.players[pid].name
    for iid in moved:
        if len(moved) > 1 or (not hidden and iid != shown):
            raise IllegalAction("10.35", f"{step.source.label()}: {who} muestra la primera carta "
                                         f"de su Mazo Castillo ({game.cards[shown].label() if shown else 'ninguna'}"
                                         f"), y el registro mueve {game.cards[iid].label()}.")
        if not found_match(game, effect.filter, game.cards[iid], step.p, step.source):
            raise IllegalAction("10.35", f"{step.source.label()}: la carta mostrada, "
                                         f"{game.cards[iid].label()}, no es "
                                         f"{effect.filter.describe() if effect.filter else 'esa carta'}.")
    optional = effect.optional or (effect.filter is not None and effect.filter.up_to)
    if not moved and fits and not optional:
        assert shown is not None
        raise IllegalAction("10.35", f"{step.source.label()}: la carta mostrada, "
                                     f"{game.cards[shown].label()}, va a {to} por su habilidad y "
                                     "el registro no la mueve.")
    if not moved and hidden and castle:
        raise Unverifiable("la carta mostrada no está en el registro (orden del Castillo oculto)")
    pool.take_moves(moved)
    return True


def _reveal_line(use: Use) -> str | None:
    e = use.value
    if e.zone in _REVEAL_TO and e.player != "each" and e.unless is None and e.condition is None \
            and (e.rest_zone or "castle_top") == "castle_top" and (e.amount or 1) == 1:
        return ENFORCED
    return ("«muestra la primera carta …» que juega la carta mostrada, la de cada jugador o más de "
            "una: la línea queda sin verificar")


def announce_searched(game: State, effect: Effect, moved: dict[str, str],
                      p: str) -> list[tuple[str, str | None, str, str]]:
    """«un jugador Busca en un Mazo Castillo»: one event per card the verified search took out of
    a Mazo Castillo, by the step's player (the controller, or «tu oponente Busca …»). A search of
    a Mazo Castillo that finds nothing (it may fail, 10.8) is announced without a card: the
    triggers on it fire, their lines unverified (``effects``: whether «Busque una carta» counts
    a failed search is not decided)."""
    searcher = player_of(game, effect.player or "you", p)
    found: list[tuple[str, str | None, str, str]] = [
        ("searched", iid, searcher, "castle") for iid in moved if game.cards[iid].zone == "castle"]
    f = effect.filter
    zone = f.zone if f is not None else "in_play"
    if not found and (zone in ("in_play", "being_played", "castle")
                      or (f is not None and "castle" in f.also_zones)):
        found.append(("searched", None, searcher, "castle"))
    return found


for _word, _verify in (("draw", verify_draw_or_mill), ("mill", verify_draw_or_mill),
                       ("discard", verify_discard_or_search), ("search", verify_discard_or_search)):
    declare("effect", _word, line=ENFORCED, static=not_static(_word), after_play=after_play,
            handlers={"verify": _verify, **({"announce": announce_searched} if _word == "search" else {})})
declare("effect", "dig", line=ENFORCED, static=not_static("dig"), after_play=after_play,
        handlers={"verify": verify_dig})
declare("effect", "banish_top", line=ENFORCED, static=not_static("banish_top"),
        after_play=after_play, handlers={"verify": verify_banish_top})
declare("effect", "reveal_top", line=_reveal_line, static=not_static("reveal_top"),
        after_play=after_play, handlers={"verify": verify_reveal_top})
declare("effect", "look", line=_look_line, static=not_static("look"), after_play=after_play,
        handlers={"verify": verify_look})
