"""A filter's test made once (``matcher``): ``mismatch(…, explain=False) is None`` as one function
of only the checks the filter sets, built per filter value — the hot path of reading filters
against a position (continuous abilities, counts, candidates)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from ...catalog.model import ALLY, RACE_SCHOOL, fold_accents
from .card_reads import IN_PLAY, has_race, printed_keyword, type_of
from .target_filter import TargetFilter

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State
    from ..zones import Inst

Test = Callable[["State", "Inst", str, "Inst | None"], bool]
# fields ``mismatch`` does not read (the number of cards, whether they are targets …)
_NOT_READ = frozenset({"count", "up_to", "targets", "player", "same_zone"})
_LINES = frozenset({"defense", "attack", "support", "reserve", "paid"})
_OFF = frozenset({"hand", "graveyard", "exile", "castle"})
_MATCHERS: dict[int, tuple[TargetFilter, Test | None]] = {}
_FILTER_DEFAULTS = {f.name: f.default for f in fields(TargetFilter)}
_BY_VALUE: dict[TargetFilter, Test | None] = {}


def matcher(f: TargetFilter) -> Test | None:
    """``mismatch(…, explain=False) is None`` as one function of only the checks ``f`` sets,
    made once per filter value (None: a field read only by ``mismatch``; ask it)."""
    entry = _MATCHERS.get(id(f))
    if entry is not None and entry[0] is f:
        return entry[1]
    try:  # a filter made anew for one look-up (``replace``) finds the test of an equal one
        test = _BY_VALUE[f] if f in _BY_VALUE else _BY_VALUE.setdefault(f, _make_matcher(f))
    except TypeError:  # pragma: no cover - a field that cannot be hashed
        test = None
    if len(_MATCHERS) > 20000:  # filters made on the fly: keep it bounded
        _MATCHERS.clear()
        _BY_VALUE.clear()
    _MATCHERS[id(f)] = (f, test)
    return test


def _make_matcher(f: TargetFilter) -> Test | None:
    parts: list[str] = []
    env: dict[str, Any] = {"IN_PLAY": IN_PLAY, "ALLY": ALLY, "type_of": type_of,
                           "has_race": has_race, "printed_keyword": printed_keyword,
                           "fold_accents": fold_accents, "RACE_SCHOOL": RACE_SCHOOL}
    env["zone"], env["also_zones"] = f.zone, f.also_zones
    in_play = f.zone == "in_play" or f.zone in _LINES  # never a Cementerio: no Espectral there
    if f.zone == "in_play":  # the default, checked all the same
        parts.append("i.zone in IN_PLAY")
    elif f.zone in _LINES:
        parts.append("i.zone == zone")
    elif f.zone in _OFF:
        parts.append("(i.zone == zone or i.zone in also_zones)")
    for name, default in _FILTER_DEFAULTS.items():
        value = getattr(f, name)
        if value == default or name in _NOT_READ or name in ("zone", "also_zones"):
            continue
        env[name] = value
        if name == "controller":
            env["you"] = value == "you"
            parts.append("((i.controller if i.zone in IN_PLAY else i.owner) == c) == you")
        elif name == "types":  # in play (checked before): the printed type (type_of)
            parts.append("i.card.type in types" if in_play else "type_of(i) in types")
        elif name == "races":
            parts.append("has_race(g, i, races)")
        elif name == "not_races":
            parts.append("not has_race(g, i, not_races)")
        elif name == "not_types":
            parts.append("i.card.type not in not_types" if in_play else "type_of(i) not in not_types")
        elif name == "owned":
            parts.append("(i.owner == c) == owned")
        elif name == "schools":
            parts.append('RACE_SCHOOL.get(i.card.race or "") in schools')
        elif name == "names":
            env["folded"] = frozenset(map(fold_accents, value))
            parts.append("(i.card.name in names or fold_accents(i.card.name) in folded)")
        elif name == "other":
            parts.append("(s is None or i is not s)")
        elif name == "min_strength":
            parts.append("i.card.type == ALLY and g.strength(i) >= min_strength")
        elif name == "max_strength":
            parts.append("i.card.type == ALLY and g.strength(i) <= max_strength")
        elif name == "max_cost":
            parts.append("(i.card.cost or 0) <= max_cost")
        elif name == "min_cost":
            parts.append("(i.card.cost or 0) >= min_cost")
        elif name == "keywords":
            parts.extend(f"(keywords[{n}] in i.kw or printed_keyword(i, keywords[{n}]))"
                         for n in range(len(value)))
        elif name == "without":
            parts.extend(f"without[{n}] not in i.kw" for n in range(len(value)))
        elif name == "bearing_weapon":
            parts.append("bool(i.weapons) == bearing_weapon")
        elif name == "counter":
            parts.append("bool(i.counters.get(counter))")
        elif name == "no_counter":
            parts.append("not i.counters.get(no_counter)")
        elif name == "attribute":
            parts.append("i.card.attribute == attribute")
        elif name == "not_attribute":
            parts.append("i.card.attribute != not_attribute")
        elif name == "with_ability":
            parts.append('bool((i.card.text or "").strip()) == with_ability')
        elif name == "attacking":
            parts.append('(i.zone == "attack") == attacking')
        elif name == "blocking":
            parts.append("(i.id in g.blocks.values()) == blocking")
        elif name == "blocked":
            parts.append("(i.id in g.blocks) == blocked")
        else:
            return None  # any_of, amounts, extreme, targeting …: only ``mismatch`` knows them
    source = f"def test(g, i, c, s):\n    return {' and '.join(parts) or 'True'}\n"
    exec(source, env)  # noqa: S102 - made from the fixed parts above, never from input
    test: Test = env["test"]
    return test


_FILTER_DEFAULTS = {f.name: f.default for f in fields(TargetFilter)}
