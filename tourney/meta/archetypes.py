"""A deck's archetype from its list, by a rule in data (formats/_archetypes.toml), and the
organizer's renames and merges for one event. Pure: plain values in, a name out.

Mitos y Leyendas decks are mostly racial: the group (Raza, or Escuela Elemental in the
Escuelas Elementales format) holding most Aliados of the Mazo Castillo names the deck when it
holds at least ``main_share`` of them; else the two largest groups when together they hold
``pair_share``; else ``otherwise``. Fewer than ``min_allies`` Aliados: ``few_allies``.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..catalog.model import RACE_SCHOOL
from .errors import MetaError

RULES_FILE = "_archetypes.toml"
BY = ("race", "school", "none")
NO_LIST = "Sin lista"  # a player with no registered list
MAX_NAME = 60          # an archetype name the organizer types (characters)


@dataclass(frozen=True)
class ArchetypeRule:
    by: str = "race"
    main_share: float = 0.6
    pair_share: float = 0.85
    min_allies: int = 8
    few_allies: str = "Pocos Aliados"
    otherwise: str = "Mixto"
    unnamed: str = "Sin clasificar"


@dataclass(frozen=True)
class AllyLine:
    """One line of Aliados of the Mazo Castillo: its Raza (after the format's errata) and copies."""

    race: str | None
    qty: int


_KEYS = {"by": str, "main_share": float, "pair_share": float, "min_allies": int,
         "few_allies": str, "otherwise": str, "unnamed": str}


def _rule(base: ArchetypeRule, table: Any, where: str) -> ArchetypeRule:
    if not isinstance(table, dict):
        raise MetaError("debe ser una tabla", source=where)
    changes: dict[str, Any] = {}
    for key, value in table.items():
        kind = _KEYS.get(key)
        if kind is None:
            raise MetaError(f"clave desconocida «{key}»; claves: {', '.join(_KEYS)}", source=where)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise MetaError(f"«{key}» tiene un tipo inválido", source=where)
        changes[key] = value
    rule = replace(base, **changes)
    if rule.by not in BY:
        raise MetaError(f"«by» debe ser uno de {', '.join(BY)}", source=where)
    if not (0 < rule.main_share <= 1 and 0 < rule.pair_share <= 1):
        raise MetaError("main_share y pair_share van entre 0 y 1", source=where)
    if rule.min_allies < 0:
        raise MetaError("min_allies no puede ser negativo", source=where)
    return rule


@dataclass(frozen=True)
class ArchetypeRules:
    games: Mapping[str, ArchetypeRule]
    formats: Mapping[str, Mapping[str, Any]]

    def for_format(self, game_id: str, format_id: str) -> ArchetypeRule:
        base = self.games.get(game_id, ArchetypeRule(by="none"))
        override = self.formats.get(format_id)
        return _rule(base, override, f"{RULES_FILE} [formats.{format_id}]") if override else base


def parse_rules(text: str) -> ArchetypeRules:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MetaError(f"TOML inválido: {exc}", source=RULES_FILE) from None
    games = {gid: _rule(ArchetypeRule(), t, f"{RULES_FILE} [games.{gid}]")
             for gid, t in (data.get("games") or {}).items()}
    formats = dict(data.get("formats") or {})
    for fid, t in formats.items():  # checked once here, applied per game later
        _rule(ArchetypeRule(), t, f"{RULES_FILE} [formats.{fid}]")
    return ArchetypeRules(games, formats)


def load_rules(formats_dir: str | Path) -> ArchetypeRules:
    path = Path(formats_dir) / RULES_FILE
    try:
        return parse_rules(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return ArchetypeRules({"myl": ArchetypeRule()}, {})


def archetype_of(allies: Iterable[AllyLine], rule: ArchetypeRule) -> str:
    """The archetype of a deck from the Aliados of its main deck (see the module doc)."""
    if rule.by == "none":
        return rule.unnamed
    groups: Counter[str] = Counter()
    total = 0
    for line in allies:
        if line.qty <= 0:
            continue
        total += line.qty
        key = line.race if rule.by == "race" else RACE_SCHOOL.get(line.race or "")
        if key:
            groups[key] += line.qty
    if total < max(rule.min_allies, 1):
        return rule.few_allies
    ranked = sorted(groups.items(), key=lambda kv: (-kv[1], kv[0]))
    if not ranked:
        return rule.otherwise
    if ranked[0][1] >= rule.main_share * total:
        return ranked[0][0]
    if len(ranked) > 1 and ranked[0][1] + ranked[1][1] >= rule.pair_share * total:
        return f"{ranked[0][0]} / {ranked[1][0]}"
    return rule.otherwise


def check_alias(source: str, target: str) -> tuple[str, str]:
    """An organizer's rename («Dragón» → «Dragones de Fuego»), or the merge of one archetype into
    another (several sources, one target). Names trimmed, non-empty, at most MAX_NAME characters."""
    source, target = " ".join(source.split()), " ".join(target.split())
    for field, value in (("arquetipo", source), ("nuevo nombre", target)):
        if not value:
            raise MetaError(f"el {field} no puede quedar vacío")
        if len(value) > MAX_NAME:
            raise MetaError(f"el {field} tiene más de {MAX_NAME} caracteres")
    return source, target


def apply_aliases(name: str, aliases: Mapping[str, str]) -> str:
    """The name the organizer chose: renames follow each other (A→B, B→C gives C), without loops."""
    seen = {name}
    while name in aliases and aliases[name] not in seen:
        name = aliases[name]
        seen.add(name)
    return name
