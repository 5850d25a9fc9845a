"""The parts of an ``effect`` line the record shows: the checks every line's moves obey
(``check_moves``) and their application to the position (``apply_line``: moves, draws, mills,
counters, Fuerza), whether or not an ability explains the line (``effects``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...catalog.model import ALLY, GOLD, TALISMAN, TOTEM, WEAPON
from ..errors import IllegalAction
from ..keywords import INDESTRUCTIBLE, UNBANISHABLE, WANDERER
from ..record import Action
from ..zones import IN_PLAY, ZONE_NAMES, Inst
from .conversion import CONVERTIBLE, converts_itself
from .verify_pool import drawn_by

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State


def check_moves(game: State, action: Action, source: Inst | None) -> None:
    """What every line's moves obey, whatever explains them: a card moves once (10.36), to a zone
    of its type (10.36), not out of play past Indestructible, Indesterrable or Honor (10.31,
    10.30, 10.12), one Errante copy (10.22); counters only on cards in play (10.12)."""
    src_type = source.card.type if source else None
    seen: set[str] = set()
    wanderers: dict[str, Inst] = {}
    for iid, to in action.moves:
        inst = game.cards[iid]
        if iid in seen:
            raise IllegalAction("10.36", f"{inst.label()} se mueve dos veces en el mismo efecto.")
        seen.add(iid)
        in_play = inst.zone in IN_PLAY
        if in_play and to not in IN_PLAY:
            if to == "graveyard" and INDESTRUCTIBLE in inst.kw:
                raise IllegalAction("10.31", f"{inst.label()} es Indestructible: no puede ser "
                                             "Destruido.")
            if to == "exile" and UNBANISHABLE in inst.kw:
                raise IllegalAction("10.30", f"{inst.label()} es Indesterrable: no puede ser "
                                             "Desterrado.")
            if inst.counters.get("Honor") and src_type in (TALISMAN, TOTEM):
                raise IllegalAction("10.12", f"{inst.label()} tiene un contador de Honor: no sale "
                                             f"del juego por efectos de {src_type}.")
        if to in ("defense", "support", "reserve", "paid"):
            ok = {"defense": inst.card.type == ALLY or (  # «convertir este Tótem en un Aliado»
                      inst is source and inst.card.type in CONVERTIBLE and in_play
                      and converts_itself(inst.abilities)),
                  "support": inst.card.type in (TOTEM, WEAPON),
                  "reserve": inst.card.type == GOLD,
                  "paid": inst.card.type == GOLD}[to]
            if not ok:
                raise IllegalAction("10.36", f"{inst.label()} ({inst.card.type}) no puede ir a "
                                             f"{ZONE_NAMES[to]}.")
            if to == "defense" and WANDERER in inst.kw:
                twin = wanderers.setdefault(inst.card.name, inst)
                if twin is not inst:  # two copies entering at once: only one (10.22)
                    raise IllegalAction("10.22", f"{inst.label()} y {twin.label()} son "
                                                 "Errantes: no entran dos copias en juego "
                                                 f"bajo el control de {game.players[action.p].name}.")
                for other in game.cards.values():
                    if (other is not inst and other.zone in IN_PLAY
                            and other.controller == action.p
                            and other.card.name == inst.card.name and WANDERER in other.kw):
                        raise IllegalAction("10.22", f"{inst.label()} es Errante y "
                                                     f"{game.players[action.p].name} ya "
                                                     f"controla {other.label()}.")
    check_under(game, action, seen)
    landing = dict(action.moves)  # counters go on cards in play after this effect's moves
    for iid, _name, _n in action.counters:
        if landing.get(iid, game.cards[iid].zone) not in IN_PLAY:
            raise IllegalAction("10.12", f"{game.cards[iid].label()} no está en juego: no "
                                         "puede tener contadores.")


def check_under(game: State, action: Action, seen: set[str]) -> None:
    """v2 «under»: a card Desterrada bajo (10.19) or puesta debajo of (10.38) a card in play,
    not itself, moved once by the line; Desterrar it out of play obeys Indesterrable (10.30)."""
    for iid, hid in action.under:
        inst, host = game.cards[iid], game.cards[hid]
        if iid in seen:
            raise IllegalAction("10.36", f"{inst.label()} se mueve dos veces en el mismo efecto.")
        seen.add(iid)
        if host.zone not in IN_PLAY or dict(action.moves).get(hid, host.zone) not in IN_PLAY:
            raise IllegalAction("10.19", f"{host.label()} no está en juego: ninguna carta puede "
                                         "quedar Desterrada bajo ella.")
        if iid == hid or game.under.get(hid) == iid:
            raise IllegalAction("10.19", f"{inst.label()} no puede quedar bajo {host.label()}.")
        if inst.zone in IN_PLAY and UNBANISHABLE in inst.kw:
            raise IllegalAction("10.30", f"{inst.label()} es Indesterrable: no puede ser "
                                         "Desterrado.")


def shuffled_castles(game: State, action: Action) -> set[str]:
    """The players whose Mazo Castillo this line shuffles: cards taken out of it that are not
    its top ones (a search, 10.8: the Castillo is shuffled afterwards), or a card put into it
    from another zone (Barajar, 10.5; Purificar, 10.40). Also a line that takes the last card
    («Destierra la última carta…») or puts one on top without shuffling counts: the order is
    then only less known (a draw may name any card of that Castillo), never misread."""
    out: set[str] = set()
    taken: dict[str, set[str]] = {}
    for iid, to in (*action.moves, *((iid, "under") for iid, _ in action.under)):
        inst = game.cards[iid]
        if inst.zone == "castle" and to not in ("castle_top", "castle_bottom"):
            taken.setdefault(inst.owner, set()).add(iid)
        elif inst.zone != "castle" and to in ("castle_top", "castle_bottom"):
            out.add(inst.owner)
    for pid, ids in taken.items():
        castle = game.players[pid].castle
        if ids != set(castle[len(castle) - len(ids):]):
            out.add(pid)
    return out


def announce_unverified(game: State, action: Action, origins: dict[str, str]) -> None:
    """A line not verified (or without source) that puts a card into a Mazo Castillo from another
    zone may have Barajado it, one that takes a card out of one may have Buscado it: announced
    as caused by «?» (``origins``: where each moved card was), so the triggers on them fire and
    their lines stay unverified (``effects``), never illegal."""
    cause, game.cause = game.cause, "?"
    try:
        for iid, to in action.moves:
            inst, zone = game.cards[iid], origins[iid]
            if to in ("castle_top", "castle_bottom") and zone != "castle":
                game._emit("shuffled", inst, inst.owner, came_from=zone)
            elif zone == "castle" and to not in ("castle_top", "castle_bottom"):
                game._emit("searched", inst, inst.owner, came_from="castle")
    finally:
        game.cause = cause


def note_maybe_under(game: State, action: Action, source: Inst | None) -> None:
    """An unverified line of a card in play whose text the engine does not read whole moves
    cards to the Destierro: they may be Desterradas bajo that card (10.19) or puestas debajo
    of it (10.38), which the record cannot show (no zone for it) — and such a card may let them
    be played «como si estuvieran en tu mano» (``play.Play._play_source``)."""
    if source is None or source.zone not in IN_PLAY or (
            source.abilities is not None and source.abilities.complete):
        return
    for iid, to in action.moves:
        if to == "exile" and iid != source.id:
            game.maybe_under[iid] = source.id


def apply_line(game: State, action: Action) -> None:
    if (action.moves or action.under) and not game.revealed_order:
        game.unordered |= shuffled_castles(game, action)
    # a card this line draws and then moves (drawn, then discarded or banished from the
    # hand: «Roba dos cartas. Luego, Descarta una carta») is drawn first
    drawn = {iid for ids in drawn_by(game, action).values() for iid in ids}
    first = bool(drawn) and any(iid in drawn for iid, _ in action.moves)
    if first:
        for pid, n in action.draw:
            game._draw(pid, n)
    for iid, to in action.moves:
        inst = game.cards[iid]
        if to in IN_PLAY:
            game._put(inst, to, action.p)
        else:
            game._put(inst, to)
    for iid, hid in action.under:  # 10.19 / 10.38: under a card in play
        game._put_under(game.cards[iid], game.cards[hid])
    for pid, n in action.draw if not first else ():
        game._draw(pid, n)
    for pid, n in action.mill:
        before = len(game.players[pid].castle)
        game._mill(pid, n)
        if action.source and len(game.players[pid].castle) < before:
            # Daño Directo: an effect that Bota at least one card (10.7) «hace daño a un Castillo»
            game._emit("damage", game.cards[action.source], pid)
    for iid, name, n in action.counters:
        inst = game.cards[iid]
        value = inst.counters.get(name, 0) + n
        if value > 0:
            inst.counters[name] = value
            if n > 0:  # «Cuando un contador (de X) sea puesto sobre …»
                game._emit("counter_placed", inst, inst.controller, to=name)
        else:
            inst.counters.pop(name, None)
    for iid, delta in action.strength:
        game.cards[iid].bonus += delta
        game.until_final.add(iid)


def ambiguous(action: Action, source: Inst) -> bool:
    """A line that changes nothing, of a card that can convert itself: it may be the
    conversion or another of its abilities that did nothing («puedes Buscar …» finding none)."""
    return (not (action.moves or action.draw or action.mill or action.counters or action.strength)
            and source.card.type in CONVERTIBLE and converts_itself(source.abilities))
