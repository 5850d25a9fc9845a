"""Deck check of a game record: the cards a player has in the record against the deck that
player had to play that game (the registered list plus the Mazo de Soporte swaps recorded for
the game, seed 000 §11: game 1 is the registered Castillo, swaps apply from game 2).

Works on plain values: the record's player setup (engine ``PlayerSetup``), the ids that were
seen, and ``Deck`` values (code counters, see ``services.swaps``); cards are compared by
*identity* (reprints are one card, 10.13). The answer reads like the judge's deck check: one
difference per card with what the registration says and what the record says, and the rule.

* ``"order": "shuffled"``: the record lists the whole Mazo Castillo (and the Oro inicial), so
  both missing and extra cards are differences.
* ``"order": "revealed"`` (a paper game): only the cards that were seen count (the Oro
  inicial, the opening hand, every card drawn, milled or named by an action); a card seen more
  times than the deck holds is a difference, a card never seen is not.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from ..collation import spanish_key

RULE = "11 Mazo de Soporte"
GENERIC_GOLD_CODE = "ORO"  # the record's bare "Oro": any Oro sin habilidad (docs/game-record.md)


def _is_generic_gold(card) -> bool:
    return card.code == GENERIC_GOLD_CODE and getattr(card, "edition", "") == "generico"


def seen_ids(record, pid: str) -> set[str]:
    """The instance ids of ``pid``'s cards that the record shows: the Oro inicial, the opening
    hand, every card revealed by a draw or mill, and every card an action names."""
    setup = next(p for p in record.header.players if p.id == pid)
    own = {setup.gold[0]} | {iid for iid, _ in setup.castle}
    seen = {setup.gold[0], *setup.opening}
    for action in record.actions:
        named: list[str] = []
        if action.card:
            named.append(action.card)
        named += list(action.cards) + list(action.pay) + list(action.targets)
        if action.bearer:
            named.append(action.bearer)
        if action.source:
            named.append(action.source)
        for pair in (*action.pairs, *action.challenges):
            named += list(pair)
        named += [m[0] for m in action.moves] + [c[0] for c in action.counters]
        named += [s[0] for s in action.strength]
        for _pid, ids in action.revealed:
            named += list(ids)
        seen.update(i for i in named if i in own)
    return seen


def record_cards(setup, only: set[str] | None = None) -> list:
    """The player's cards in the record (Oro inicial first), or only the ``only`` ids."""
    cards = [setup.gold, *setup.castle]
    return [card for iid, card in cards if only is None or iid in only]


class _Keys:
    """Deck codes -> card identities, with the names to show."""

    def __init__(self, by_code: Callable[[str], object | None]):
        self.by_code = by_code
        self.names: dict[str, str] = {}
        self.plain_gold: set[str] = set()
        self.codes: dict[str, str] = {}

    def of_code(self, code: str, name: str) -> str:
        card = self.by_code(code) if not code.startswith("nombre:") else None
        key = getattr(card, "identity", None) or code
        self.names.setdefault(key, name)
        self.codes.setdefault(key, code)
        if card is not None and getattr(card, "plain_gold", False):
            self.plain_gold.add(key)
        return key

    def of_card(self, card) -> str:
        key = card.identity or card.code
        self.names.setdefault(key, card.name)
        self.codes.setdefault(key, card.code)
        return key

    def counter(self, counter: Counter, names: dict[str, str]) -> Counter:
        out: Counter = Counter()
        for code, qty in counter.items():
            out[self.of_code(code, names.get(code, code))] += qty
        return out


def _allocate_generic_gold(got: Counter, generic: int, target: Counter, keys: _Keys) -> Counter:
    """A bare "Oro" in the record stands for any Oro sin habilidad of the deck: count it as
    the deck's own plain Oros where the record has fewer of them than ``target``."""
    got = Counter(got)
    for key in sorted(keys.plain_gold):
        if generic <= 0:
            break
        room = target.get(key, 0) - got.get(key, 0)
        if room > 0:
            take = min(room, generic)
            got[key] += take
            generic -= take
    if generic > 0:
        got["oro"] += generic
        keys.names.setdefault("oro", "Oro (sin nombre)")
        keys.codes.setdefault("oro", GENERIC_GOLD_CODE)
    return got


def check_player(setup, expected, registered, game: int, by_code, *,
                 seen: set[str] | None = None, main: str = "Mazo Castillo") -> dict:
    """Compare one player's cards in the record with ``expected`` (the deck for this game)
    and ``registered`` (the list as registered: Castillo + Soporte, for "can it be theirs").

    Returns {"mode", "ok", "belongs", "differences": [...], "counted", "expected", "foreign"}.
    Each difference: {"section", "code", "name", "expected", "counted", "message", "rule"}."""
    keys = _Keys(by_code)
    exp = keys.counter(expected.castle, expected.names)
    side = keys.counter(expected.side, expected.names)
    pool = keys.counter(registered.castle, registered.names) + keys.counter(registered.side,
                                                                            registered.names)
    cards = record_cards(setup, seen)
    generic = sum(1 for c in cards if _is_generic_gold(c))
    got = Counter(keys.of_card(c) for c in cards if not _is_generic_gold(c))
    got = _allocate_generic_gold(got, generic, exp, keys)
    partial = seen is not None
    deck_for = ("el Castillo inscrito (juego 1)" if game == 1 else
                f"el Castillo del juego {game} (lista inscrita y cambios registrados)")
    diffs: list[dict] = []
    for key in sorted(set(exp) | set(got), key=lambda k: (spanish_key(keys.names.get(k) or k or ""), k or "")):
        e, g = exp.get(key, 0), got.get(key, 0)
        if e == g or (partial and g < e):
            continue
        name = keys.names.get(key, key)
        text = f"{main}: {name} — en el registro {g}, en {deck_for} {e}"
        if g > e and side.get(key, 0) >= g - e:
            text += "; está en su Mazo de Soporte: ¿un cambio sin registrar?"
        elif g < e and game > 1:
            text += "; ¿un cambio del Mazo de Soporte que no se registró o no se hizo?"
        if g > pool.get(key, 0):
            text += "; no está en su lista inscrita (ni en el Mazo de Soporte)"
        code = keys.codes.get(key)
        diffs.append({"section": "castle", "name": name, "expected": e, "counted": g,
                      "code": None if code is None or code.startswith("nombre:") else code,
                      "message": text, "rule": RULE})
    te, tg = sum(exp.values()), sum(got.values())
    if not partial and te != tg:
        diffs.append({"section": "castle", "code": None, "name": None, "expected": te,
                      "counted": tg, "rule": RULE,
                      "message": f"{main}: el registro tiene {tg} cartas (con el Oro inicial); "
                                 f"{deck_for} tiene {te}"})
    foreign = sum(max(0, g - pool.get(k, 0)) for k, g in got.items())
    return {"mode": "seen" if partial else "full", "ok": not diffs, "belongs": foreign == 0,
            "differences": diffs, "counted": tg, "expected": te, "foreign": foreign}


def foreign_count(setup, registered, by_code, seen: set[str] | None = None) -> int:
    """How many of the record's cards are not in ``registered`` (Castillo + Soporte) at all."""
    keys = _Keys(by_code)
    pool = keys.counter(registered.castle, registered.names) + keys.counter(registered.side,
                                                                            registered.names)
    cards = record_cards(setup, seen)
    generic = sum(1 for c in cards if _is_generic_gold(c))
    got = Counter(keys.of_card(c) for c in cards if not _is_generic_gold(c))
    got = _allocate_generic_gold(got, generic, pool, keys)
    return sum(max(0, g - pool.get(k, 0)) for k, g in got.items())


def summary(checks: Iterable[dict]) -> bool:
    """Every player's deck in the record matches (and can belong to) its registration."""
    checks = list(checks)
    return bool(checks) and all(c.get("ok") and c.get("belongs") for c in checks)
