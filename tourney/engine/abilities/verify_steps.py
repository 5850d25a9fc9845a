"""Checking one effect step of an ``effect`` line (see ``verify``): protections, the cards a
step acts on, and each effect kind (moves, discards, searches, …)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...catalog.model import TALISMAN, TOTEM
from ..errors import IllegalAction
from ..keywords import INDESTRUCTIBLE, UNBANISHABLE
from .chain import immune_to, immunity
from .costs import kind_ok as _kind_ok
from .evaluate import IN_PLAY, decided, holds, mismatch, player_of
from .model import Ability
from .effect_value import Effect
from .target_filter import TargetFilter
from .protections import damage_exiled, damage_increased, shielded
from .verify_amounts import amount, of_triggering, fixed
from .verify_pool import DEST, ENGINE_APPLIED, UNCHECKED, Plan, Unverifiable, Pool

if TYPE_CHECKING:  # pragma: no cover
    from ..zones import Inst
    from ..state import State


def protection_of(game: State, inst: Inst, effect: Effect, source: Inst) -> str | None:
    if inst.zone not in IN_PLAY:
        return None
    if inst.temp and effect.kind in GUARDED and any(
            sign == "shield" and GUARDED[effect.kind] in word.split(",") for sign, word in inst.temp):
        return f"{inst.label()}: su {'destrucción' if effect.kind == 'destroy' else 'destierro'} fue prevenido"
    if effect.kind == "destroy" and INDESTRUCTIBLE in inst.kw:
        return f"{inst.label()} es Indestructible"
    if effect.kind == "banish" and UNBANISHABLE in inst.kw:
        return f"{inst.label()} es Indesterrable"
    immune = immunity(inst)
    if immune and _targets(effect) and immune_to(game, immune, source):
        return f"{inst.label()} tiene Inmunidad a {immune}"
    if (effect.kind in DEST and inst.counters.get("Honor")
            and source.card.type in (TALISMAN, TOTEM)):
        return f"{inst.label()} tiene un contador de Honor"
    return None


GUARDED = dict(destroy="destroyed", banish="banished")  # a prevention's events (6.7)


def protected_rule(kind: str, why: str) -> str:
    """The rule a protection ``why`` (from ``_protected``) cites for an effect of ``kind``."""
    if "Inmunidad" in why:
        return "10.32"
    if "prevenid" in why:
        return "6.7"
    return {"destroy": "10.31", "banish": "10.30"}.get(kind, "10.12")


def _targets(effect: Effect) -> bool:
    """10.32: Inmunidad keeps a card from being a target and from effects that target it; a
    global effect («Destruye todos los Aliados») still affects it."""
    return effect.subject == "target"


def _subjects(game: State, effect: Effect, ability: Ability, source: Inst,
              split: list[list[str]] | None, triggering: str | None) -> list[str] | None:
    s = effect.subject
    if s == "target":
        if split is None or effect.target >= len(split):
            return None
        return split[effect.target]
    if s == "self":
        return [source.id]
    if s == "bearer":
        return [source.bearer] if source.bearer else []
    if s == "triggering":
        return [triggering] if triggering else None
    if s in ("found", "earlier"):  # the card an earlier step found / chose: not followed yet
        raise Unverifiable(f"sujeto {s!r}")
    if s == "attackers":
        return list(game.attackers)
    if s == "blockers":
        return list(game.blocks.values())
    return None


def _effect(game: State, pool: Pool, effect: Effect, ability: Ability, source: Inst,
            p: str, split: list[list[str]] | None, triggering: str | None, plan: Plan) -> bool:
    kind = effect.kind
    if kind == "look" and effect.zone == "hand" and effect.unless is None and effect.condition is None:
        return True  # «Mira la mano de tu oponente» / «Tu oponente muestra su mano»: nothing moves
    if kind in UNCHECKED or effect.unless is not None:
        raise Unverifiable(kind)
    if not decided(effect.condition) or not decided(ability.condition) or (
            ability.trigger is not None and not decided(ability.trigger.condition)):
        raise Unverifiable("condición que el motor no decide")
    counted = effect.count_filter or effect.filter
    if effect.amount_from == "count" and counted is not None and pool.moves_counters and (
            counted.counter is not None or counted.no_counter is not None):
        raise Unverifiable("la cuenta depende de contadores que esta misma línea cambia")
    if effect.condition is not None and not holds(game, effect.condition, source, p):
        return False  # «Luego, si …»: the condition does not hold, the step does nothing
    if effect.player == "each" and effect.subject == "chosen":
        raise Unverifiable("cada jugador elige")
    if kind == "become_ally":
        from .conversion import explain as conversion
        return conversion(game, pool, effect, source, p, plan)
    copies_of = effect.filter.same_name_as if effect.filter is not None else None
    f = fixed(game, ability.targets[effect.target] if effect.subject == "target"
              and effect.target < len(ability.targets) else effect.filter, pool, source, p, split)
    if f is not effect.filter and effect.subject != "target":
        effect = replace(effect, filter=f)  # its amounts read now (search, discard, each)
    known = _subjects(game, effect, ability, source, split, triggering)
    if effect.subject == "each" and effect.filter is not None:
        known = [i.id for i in game.cards.values()
                 if mismatch(game, effect.filter, i, p, source) is None]
        if copies_of is not None and split is not None:  # «sus copias»: not the target itself
            known = [iid for iid in known if iid not in split[copies_of]]
    if kind in DEST or kind in ("put_into_play", "gain_control", "move"):
        return _move_effect(game, pool, effect, source, p, f, known, plan)
    if kind in ("draw", "mill"):
        if kind == "mill" and damage_exiled(game, source):
            raise Unverifiable("daño enviado al Destierro")  # the record's Botar goes to the Cementerio
        if kind == "mill" and damage_increased(game, source):
            raise Unverifiable("daño directo aumentado")  # the engine does not add it yet
        n = (of_triggering(game, effect.amount_from, triggering)
             if effect.amount_from in ("strength_of_triggering", "cost_of_triggering")
             else amount(game, effect, source, p, pool, split))
        table = pool.draw if kind == "draw" else pool.mill
        players = (list(game.order) if effect.player == "each"
                   else [player_of(game, effect.player, p, _owner_of(game, known))])
        if effect.optional and all(table.get(pid, 0) == 0 for pid in players):
            return False
        # «Roba una carta. Luego, si …, puedes Robar una carta adicional»: a later step of the
        # same kind takes the rest of the line's cards (what none takes is left over: illegal)
        steps = ability.effects
        more = any(e.kind == kind for e in steps[steps.index(effect) + 1:]) if effect in steps else False
        for pid in players:
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
    if kind == "discard" and effect.subject == "each":
        return _discard_each(game, pool, effect, source, known)
    if kind == "discard" or kind == "search":
        f_zone = effect.filter.zone if effect.filter is not None else "in_play"
        pid = player_of(game, effect.player, p, _owner_of(game, known))
        if (kind == "discard" and effect.subject == "chosen" and effect.filter is not None
                and effect.filter.controller in ("you", "opponent")):
            pid = player_of(game, effect.filter.controller, p)  # whose hand it is chosen from
        if kind == "discard":
            frm, to = {"hand"}, {"graveyard"}
        else:  # «Busca … en tu Mazo Castillo y ponlo en tu mano» (zone: where it goes)
            frm = {f_zone if f_zone not in ("in_play", "being_played") else "castle"}
            if effect.filter is not None:  # «en tu Mazo Castillo o Cementerio»
                frm |= set(effect.filter.also_zones)
            banned = _no_search(game) if "castle" in frm else None
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
               and (effect.filter is None or _kind_ok(effect.filter, game.cards[iid]))
               and _found(game, effect.filter, game.cards[iid], p, source)]
        n = effect.amount if effect.amount is not None else (effect.filter.count
                                                            if effect.filter else 1)
        can = sum(1 for iid in game.zone_of(pid, "hand")  # the cards it may Descartar
                  if _found(game, effect.filter, game.cards[iid], p, source)) if kind == "discard" else 0
        up_to = effect.filter is not None and effect.filter.up_to  # «Descarta hasta N»: 0..N
        if kind == "discard" and len(ids) != n and not effect.optional and can >= n \
                and not (up_to and len(ids) < n):
            raise IllegalAction("10.18", f"{source.label()}: {game.players[pid].name} Descarta "
                                         f"{n} por su habilidad, no {len(ids)}.")
        pool.take_moves(ids[:n])
        return bool(ids)
    if kind in ("strength", "counters", "remove_counters"):
        n = amount(game, effect, source, p, pool, split)
        if kind == "remove_counters":
            n = -n
        entries = (pool.strength if kind == "strength"
                   else [(i, c) for i, name, c in pool.counters if name == (effect.counter or "")])
        if known is None:
            ids = [iid for iid, d in entries if d == n]
            if f is not None:
                for iid in ids:
                    why = mismatch(game, f, game.cards[iid], p, source)
                    if why:
                        raise IllegalAction("8.2", f"{game.cards[iid].label()} no es un objetivo "
                                                   f"válido de {source.label()}: {why}.")
                limit = f.count if effect.subject != "each" else len(ids)
                ids = ids[:limit]
        else:
            ids = [iid for iid in known if game.cards[iid].zone in IN_PLAY]
        for iid in ids:
            entry = (iid, n)
            if kind == "strength":
                if entry not in pool.strength:
                    if effect.optional:
                        return False
                    raise IllegalAction("6.5", f"{source.label()}: {game.cards[iid].label()} "
                                               f"{'gana' if n >= 0 else 'pierde'} {abs(n)} a la "
                                               "Fuerza por su habilidad y el registro no lo dice.")
                pool.strength.remove(entry)
            else:
                full = (iid, effect.counter or "", n)
                if full not in pool.counters:
                    if effect.optional:
                        return False
                    raise IllegalAction("10.12", f"{source.label()}: el registro no pone los "
                                                 f"contadores de {effect.counter} que dice su "
                                                 f"habilidad en {game.cards[iid].label()}.")
                pool.counters.remove(full)
        return bool(ids)
    if kind == "remove_all_counters":  # «quita todo el Alimento de …»: every one of them
        if known is None:
            raise Unverifiable("remove_all_counters sin cartas nombradas")
        name = effect.counter or ""
        done = False
        for iid in known:
            inst = game.cards[iid]
            have = inst.counters.get(name, 0)
            if not have or inst.zone not in IN_PLAY:
                continue
            if effect.subject == "target" and f is not None and \
                    not still_target(game, pool, f, inst, p, source):
                continue  # the target is gone: not affected (8.2)
            full = (iid, name, -have)
            if full not in pool.counters:
                if effect.optional:
                    return False
                raise IllegalAction("10.12", f"{source.label()}: su habilidad quita todos los "
                                             f"contadores de {name} de {inst.label()} y el "
                                             "registro no los quita.")
            pool.counters.remove(full)
            done = True
        return done
    if kind == "regroup":
        ids = [iid for iid, z in pool.moves.items() if z == "reserve"
               and game.cards[iid].zone == "paid" and game.cards[iid].controller == p]
        n = effect.amount if effect.amount is not None else (f.count if f else len(ids))
        if len(ids) > n:
            raise IllegalAction("10.1", f"{source.label()} Agrupa hasta {n} Oros, no {len(ids)}.")
        pool.take_moves(ids)
        return bool(ids)
    if kind in ENGINE_APPLIED:
        if kind == "redirect":
            if split is None or not split or not split[0]:
                raise Unverifiable("redirect sin objetivos nombrados")
            redirected = tuple(x for part in split for x in part)
            _check_redirect(game, redirected)
            plan.extras.append((effect, redirected))
            return True
        if kind in ("annul", "cancel"):
            if known is None:
                below = [w for w in game.windows if w.source != source.id]
                known = [below[-1].source] if below else []
            for iid in known:  # an annulled Aliado, Arma or Tótem goes to the Cementerio
                if pool.moves.get(iid) == "graveyard":
                    del pool.moves[iid]
            plan.extras.append((effect, tuple(known)))
            return True
        if known is None:
            raise Unverifiable(f"{kind} sin objetivos nombrados")
        valid = []
        for iid in known:
            inst = game.cards[iid]
            if f is not None and effect.subject == "target" and \
                    not still_target(game, pool, f, inst, p, source):
                continue  # the target is gone: not affected (8.2)
            if protection_of(game, inst, effect, source):
                continue
            valid.append(iid)
        plan.extras.append((effect, tuple(valid)))
        return bool(valid)
    raise Unverifiable(kind)


def _discard_each(game: State, pool: Pool, effect: Effect, source: Inst, known: list[str] | None) -> bool:
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


def _no_search(game: State) -> Inst | None:
    """A card in play whose continuous ability forbids searching the Mazos Castillo now."""
    for inst in game.cards.values():
        if inst.zone not in IN_PLAY or inst.lost or inst.abilities is None:
            continue
        for a in inst.abilities.abilities:
            if a.kind == "continuous" and any(e.kind == "cannot_search" for e in a.effects) and \
                    (a.condition is None or holds(game, a.condition, inst, inst.controller)):
                return inst
    return None


def _found(game: State, f: TargetFilter | None, inst: Inst, p: str, source: Inst) -> bool:
    """A searched card matches the whole filter (its names, Raza, attribute, alternatives…);
    where it comes from and whose it is are checked by the caller."""
    if f is None:
        return True
    loose = replace(f, zone="being_played", also_zones=(), controller="any", other=False)
    return mismatch(game, loose, inst, p, source, explain=False) is None


def _owner_of(game: State, known: list[str] | None) -> str | None:
    if known:
        inst = game.cards[known[0]]
        return inst.controller if inst.zone in IN_PLAY else inst.owner
    return None


def _move_effect(game: State, pool: Pool, effect: Effect, source: Inst, p: str,
                 f: TargetFilter | None, known: list[str] | None, plan: Plan | None = None) -> bool:
    kind = effect.kind
    if kind in DEST:
        dests = {DEST[kind]}
    elif kind == "move":
        dests = {effect.zone or ""}
    else:  # put into play / gain control: the card's zone in play
        dests = {"defense", "support", "reserve"}
    if known is None:
        ids = [iid for iid, z in pool.moves.items() if z in dests
               and not (kind == "gain_control" and game.cards[iid].controller == p)]
        if f is not None:
            for iid in ids:
                inst = game.cards[iid]
                g = replace(f, zone="being_played") if (f.zone == "hand"
                                                        and iid in pool.drawn) else f
                why = mismatch(game, g, inst, p, source)
                if why:
                    raise IllegalAction("8.2", f"{inst.label()} no es un objetivo válido de "
                                               f"{source.label()} ({f.describe()}): {why}.")
            if effect.subject != "each" and len(ids) > f.count:
                raise IllegalAction("8.2", f"{source.label()} afecta a {f.describe()}, y el "
                                           f"registro mueve {len(ids)} cartas.")
        for iid in ids:
            if shielded(game, game.cards[iid], kind, source):
                raise Unverifiable("protección continua")  # not enforced yet: never illegal
            why = protection_of(game, game.cards[iid], effect, source)
            if why:
                raise IllegalAction(protected_rule(kind, why),
                                    f"{why}: el efecto de {source.label()} no lo afecta.")
        pool.take_moves(ids)
        return bool(ids)
    done = False
    for iid in known:
        inst = game.cards[iid]
        still_valid = not (f is not None and effect.subject == "target"
                           and not still_target(game, pool, f, inst, p, source))
        protected = protection_of(game, inst, effect, source)
        moved = pool.moves.get(iid)
        if moved in dests and shielded(game, inst, kind, source):
            raise Unverifiable("protección continua")  # not enforced yet: never illegal
        if still_valid and not protected:
            if moved in dests:
                del pool.moves[iid]
                done = True
            elif not effect.optional and (inst.zone in IN_PLAY or kind not in DEST):
                raise IllegalAction("6.5", f"{source.label()}: su habilidad "
                                           f"{effect.describe()} afecta a {inst.label()} y el "
                                           "registro no lo mueve así.")
        elif moved in dests:
            why = protected or f"{inst.label()} ya no es un objetivo válido"
            rule = protected_rule(kind, protected) if protected else "8.2"
            raise IllegalAction(rule, f"{why}: el efecto de {source.label()} no lo afecta.")
        elif protected and "prevenid" in protected and plan is not None:
            plan.spent.append(iid)
    return done


def still_target(game: State, pool: Pool, f: TargetFilter, inst: Inst, p: str,
                 source: Inst) -> bool:
    """8.2 Objetivos: a valid target is checked only to play the card (or announce the
    ability); at resolution the effect may fail only by the target's own abilities
    (Indestructible…, checked by the caller) or because it left its zone (a new card, 6.9).
    Targets named in this very line are chosen now: the whole filter applies."""
    if not pool.chosen:
        return mismatch(game, f, inst, p, source, explain=False) is None
    where = TargetFilter(zone=f.zone, also_zones=f.also_zones)
    return mismatch(game, where, inst, p, source, explain=False) is None


def _check_redirect(game: State, ids: tuple[str, ...]) -> None:
    """10.41: the new targets must be valid for the redirected card's effect."""
    res = game.resolutions.get(ids[0])
    inst = game.cards[ids[0]]
    if res is None or inst.abilities is None:
        return
    new = ids[1:]
    kept = [t for t in new if t in res.targets]
    if res.targets and (len(kept) == len(res.targets) or len(kept) < len(res.targets) - 1):
        # 10.41: the effect gets another target than the one it had — one target changes
        raise IllegalAction("10.41", f"Redirigir cambia un objetivo de {inst.label()} por otro "
                                     f"distinto: {', '.join(game.cards[t].label() for t in res.targets)} "
                                     f"→ {', '.join(game.cards[t].label() for t in new)}.")
    from .chain import check_targets
    try:
        check_targets(game, inst, inst.abilities.abilities[res.index], ids[1:], res.controller,
                      rule="10.41")
    except IllegalAction as exc:
        raise IllegalAction("10.41", f"El nuevo objetivo debe ser válido: {exc.message}") from None
