"""Manual edits of a round's pairings: validated, with their consequences in Spanish.

Each edit returns an ``EditResult``: the new pairings (tables renumbered, flags
recomputed) and the consequences the organizer must read ("crea una revancha…").
Errors (a player twice, a dropped player, a player left out) raise SwissUserError.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..collation import spanish_key
from .errors import SwissUserError
from .model import TournamentState
from .pairing import Pairing, pair_round
from .problem import pending_results
from .standings import records


@dataclass(frozen=True, slots=True)
class EditResult:
    pairings: tuple[Pairing, ...]
    consequences: tuple[str, ...] = ()
    unpaired: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class RoundCheck:
    errors: tuple[str, ...]
    consequences: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.errors


class _Facts:
    def __init__(self, state: TournamentState):
        recs = records(state)
        self.state = state
        self.names = state.names()
        self._shared = Counter(spanish_key(n) for n in self.names.values() if n)
        self.points = {pid: r.match_points for pid, r in recs.items()}
        self.byes = {pid: r.byes for pid, r in recs.items()}
        self.active = {p.id for p in state.players if not p.dropped}
        self.met: dict[frozenset[str], list[int]] = {}
        for rnum, rnd in enumerate(state.rounds, 1):
            for m in rnd:
                if m.b is not None:
                    self.met.setdefault(frozenset((m.a, m.b)), []).append(rnum)
        self.forbidden = {frozenset(p) for p in state.forbidden_pairs}
        self.forbidden_of: dict[str, set[str]] = {}
        for x, y in state.forbidden_pairs:
            self.forbidden_of.setdefault(x, set()).add(y)
            self.forbidden_of.setdefault(y, set()).add(x)
        self.assigned = set(state.assigned_byes())
        self.round_number = len(state.rounds) + 1

    def _forbidden_in_group(self, pid: str) -> bool:
        """``pid`` has an active forbidden partner with the same points (seated elsewhere,
        the pairing avoided that pair: flag ``forbidden_avoided``, as pair_round does)."""
        return any(f in self.active and f not in self.assigned
                   and self.points.get(f) == self.points.get(pid)
                   for f in self.forbidden_of.get(pid, ()))

    def name(self, pid: str) -> str:
        """A player as the organizer reads them: their name; the seat id is added only when
        it is needed to tell who (no name, or a name two players share) — an internal id
        means nothing to whoever reads the message."""
        name = self.names.get(pid) or ""
        if not name:
            return pid
        return f"{name} ({pid})" if self._shared[spanish_key(name)] > 1 else name

    def flags(self, a: str, b: str | None) -> tuple[str, ...]:
        if b is None:
            if a in self.assigned:
                return ("bye", "assigned_bye")
            return ("bye",) + (("second_bye",) if self.byes.get(a) else ())
        out = []
        if self.points.get(a) != self.points.get(b):
            out += ["float_down", "float_up"]
        if frozenset((a, b)) in self.met:
            out.append("rematch")
        if frozenset((a, b)) in self.forbidden:
            out.append("forbidden_forced")
        elif self._forbidden_in_group(a) or self._forbidden_in_group(b):
            out.append("forbidden_avoided")
        return tuple(out)

    def describe(self, p: Pairing) -> list[str]:
        """Consequences of one table, in Spanish."""
        out = []
        if p.b is None:
            if self.byes.get(p.a) and p.a not in self.assigned:
                out.append(f"mesa {p.table}: {self.name(p.a)} recibe un segundo bye")
            return out
        for pid in (p.a, p.b):
            if pid in self.assigned:
                out.append(f"mesa {p.table}: {self.name(pid)} tenía un bye asignado de "
                           f"antemano para la ronda {self.round_number} y ahora juega")
        key = frozenset((p.a, p.b))
        if key in self.met:
            rounds = ", ".join(str(r) for r in self.met[key])
            out.append(f"mesa {p.table}: crea una revancha: {self.name(p.a)} y {self.name(p.b)} "
                       f"ya jugaron (ronda {rounds})")
        if key in self.forbidden:
            out.append(f"mesa {p.table}: empareja una pareja prohibida: {self.name(p.a)} y "
                       f"{self.name(p.b)}")
        pa, pb = self.points.get(p.a, 0), self.points.get(p.b, 0)
        if pa != pb:
            out.append(f"mesa {p.table}: {self.name(p.a)} ({pa} pts) juega contra "
                       f"{self.name(p.b)} ({pb} pts): diferencia de {abs(pa - pb)} puntos")
        return out


def validate_round(state: TournamentState, pairings: Sequence[Pairing]) -> RoundCheck:
    """Check a round's pairings against the state: every problem, and every consequence."""
    facts = _Facts(state)
    errors: list[str] = []
    consequences: list[str] = []
    seen: dict[str, int] = {}
    byes = assigned_given = 0
    for p in pairings:
        for pid in (p.a, p.b):
            if pid is None:
                continue
            if pid not in facts.names:
                errors.append(f"mesa {p.table}: jugador desconocido «{pid}»")
                continue
            if pid not in facts.active:
                errors.append(f"mesa {p.table}: {facts.name(pid)} está retirado (drop) y no "
                              "puede ser emparejado")
            if pid in seen:
                errors.append(f"mesa {p.table}: {facts.name(pid)} ya juega en la mesa {seen[pid]}")
            else:
                seen[pid] = p.table
        if p.b is not None and p.a == p.b:
            errors.append(f"mesa {p.table}: {facts.name(p.a)} no puede jugar contra sí mismo")
        if p.b is None:
            if p.a in facts.assigned:
                assigned_given += 1
            else:
                byes += 1
        consequences.extend(facts.describe(p))
    missing = sorted(facts.active - set(seen))
    for pid in missing:
        errors.append(f"{facts.name(pid)} está activo y no tiene mesa en esta ronda")
    # byes assigned in advance do not count: one more bye at most, only with an odd rest
    if byes > 1:
        errors.append(f"hay {byes} byes en la ronda (sin contar los asignados de antemano): "
                      "como máximo uno")
    if byes == 1 and (len(facts.active) - assigned_given) % 2 == 0:
        errors.append("hay un bye con un número par de jugadores activos")
    return RoundCheck(tuple(errors), tuple(consequences))


def _renumber(facts: _Facts, pairings: Iterable[Pairing]) -> tuple[Pairing, ...]:
    tables = [p for p in pairings if p.b is not None]
    byes = [p for p in pairings if p.b is None]
    out = []
    for i, p in enumerate([*tables, *byes], 1):
        out.append(replace(p, table=i, flags=facts.flags(p.a, p.b),
                           a_points=facts.points.get(p.a, 0),
                           b_points=None if p.b is None else facts.points.get(p.b, 0)))
    return tuple(out)


def _table(pairings: Sequence[Pairing], pid: str) -> int:
    for i, p in enumerate(pairings):
        if pid in (p.a, p.b):
            return i
    raise SwissUserError(f"«{pid}» no está en ninguna mesa de esta ronda")


def swap_players(state: TournamentState, pairings: Sequence[Pairing], x: str, y: str
                 ) -> EditResult:
    """Swap two players between their tables (a bye moves like a table)."""
    facts = _Facts(state)
    i, j = _table(pairings, x), _table(pairings, y)
    if i == j:
        raise SwissUserError(f"{facts.name(x)} y {facts.name(y)} ya juegan en la misma mesa")

    def put(p: Pairing, old: str, new: str) -> Pairing:
        return replace(p, a=new) if p.a == old else replace(p, b=new)

    new = list(pairings)
    new[i], new[j] = put(new[i], x, y), put(new[j], y, x)
    result = _renumber(facts, new)
    check = validate_round(state, result)
    if check.errors:
        raise SwissUserError(check.errors)
    changed = [p for p in result if {x, y} & {p.a, p.b}]
    consequences = [c for p in changed for c in facts.describe(p)]
    if not consequences:
        consequences = [(f"intercambio sin consecuencias: {facts.name(x)} y {facts.name(y)} "
                         "cambian de mesa")]
    return EditResult(result, tuple(consequences))


def break_match(state: TournamentState, pairings: Sequence[Pairing], table: int) -> EditResult:
    """Undo one table: its players are left without a table, to be paired again
    (``repair_round``) or by hand (``pair_players``)."""
    facts = _Facts(state)
    target = next((p for p in pairings if p.table == table), None)
    if target is None:
        raise SwissUserError(f"no existe la mesa {table}")
    rest = _renumber(facts, [p for p in pairings if p is not target])
    freed = tuple(x for x in (target.a, target.b) if x is not None)
    names = " y ".join(facts.name(x) for x in freed)
    message = (f"se deshace la mesa {table}: {names} quedan sin mesa; "
               "empareja la ronda de nuevo o asígnalos a mano")
    seated = {pid for p in rest for pid in (p.a, p.b) if pid is not None}
    waiting = facts.active - seated
    warnings = tuple(f"{facts.name(x)} y {facts.name(y)} esperan mesa y son una pareja "
                     "prohibida: no los sientes juntos"
                     for x, y in sorted(tuple(sorted(pair)) for pair in facts.forbidden)
                     if x in waiting and y in waiting and {x, y} & set(freed))
    return EditResult(rest, (message, *warnings), freed)


def pair_players(state: TournamentState, pairings: Sequence[Pairing], x: str,
                 y: str | None) -> EditResult:
    """Seat two players without a table together (``y`` None: give ``x`` the bye)."""
    facts = _Facts(state)
    for pid in (x, y):
        if pid is not None and any(pid in (p.a, p.b) for p in pairings):
            raise SwissUserError(f"{facts.name(pid)} ya tiene mesa en esta ronda")
    new = _renumber(facts, [*pairings, Pairing(0, x, y)])
    check = validate_round(state, new)
    fatal = [e for e in check.errors if "no tiene mesa" not in e]
    if fatal:
        raise SwissUserError(fatal)
    added = next(p for p in new if p.a == x and p.b == y)
    return EditResult(new, tuple(facts.describe(added)) or ("sin consecuencias",))


def can_repair(tables: Iterable[tuple[bool, bool]]) -> bool:
    """Whether a round may still be paired again from scratch: only before any result, so
    every table is a bye or has no result reported yet. ``tables``: (is_bye, has_result)."""
    return all(is_bye or not has_result for is_bye, has_result in tables)


def repair_round(state: TournamentState, rng: random.Random,
                 keep: Sequence[Pairing] = ()) -> EditResult:
    """Pair the next round again, keeping the tables in ``keep`` as they are.

    ``state`` is the tournament *before* the round being re-paired (if that round was
    already appended, pass ``state.without_last_round()``)."""
    facts = _Facts(state)
    pending = pending_results(state)
    if pending:
        raise SwissUserError(pending)
    kept = set()
    for p in keep:
        for pid in (p.a, p.b):
            if pid is None:
                continue
            if pid in kept:
                raise SwissUserError(f"{facts.name(pid)} aparece dos veces en las mesas fijas")
            kept.add(pid)
    free = [p for p in state.players if not p.dropped and p.id not in kept]
    regular = [p for p in free if p.id not in facts.assigned]
    if any(p.b is None and p.a not in facts.assigned for p in keep) and len(regular) % 2:
        raise SwissUserError("con el bye fijo, el resto de jugadores debe ser par")
    new_pairs: list[Pairing] = []
    if len(free) >= 2:
        sub = TournamentState(
            [replace(p, dropped=p.dropped or p.id in kept) for p in state.players],
            state.rounds, state.settings, state.forbidden_pairs)
        new_pairs = pair_round(sub, rng)
    elif len(free) == 1:
        new_pairs = [Pairing(0, free[0].id, None)]
    result = _renumber(facts, [*keep, *new_pairs])
    check = validate_round(state, result)
    if check.errors:
        raise SwissUserError(check.errors)
    return EditResult(result, check.consequences)
