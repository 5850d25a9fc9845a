"""Named extra rules: a format file turns one on with a table ``[rules.<name>]``.

Lists are data, checks are code: each rule here reads its parameters from the
format file (``read_params``) and, given the resolved deck, returns the
violations it finds (``check``). Each has a default citation that the file may
override with ``rule = "..."``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..catalog.model import ALLY, RACE_SCHOOL, REALM, SCHOOLS, TOTEM, Card, fold
from .verdict import Violation

if TYPE_CHECKING:  # pragma: no cover
    from .formats import Format
    from .toml_reader import _Reader
    from .card_facts import CardInfo, DeckContext


@dataclass(frozen=True)
class NamedRule:
    name: str
    description: str
    read_params: Callable[[_Reader, Format], dict[str, Any]]
    check: Callable[[DeckContext, dict[str, Any]], list[Violation]]


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


# --------------------------------------------------------------- initial_gold
def _initial_gold_params(r: _Reader, fmt: Format) -> dict[str, Any]:
    return {"rule": r.str("rule", "") or "3.2 Reserva de Oro: Oro inicial"}


def _initial_gold(ctx: DeckContext, p: dict[str, Any]) -> list[Violation]:
    if ctx.main_has_plain_gold:
        return []
    return [Violation(
        "initial_gold", p["rule"],
        f"El {ctx.fmt.main_name} no tiene ningún Oro sin habilidad para usar como Oro inicial.",
        (), f"agrega al menos 1 Oro sin habilidad al {ctx.fmt.main_name} (cuenta dentro de sus cartas)",
    )]


def initial_gold_line(castle: Sequence[tuple[Card | None, int]]) -> int | None:
    """3.2: which Castillo line gives the Oro inicial (the game starts with one Oro sin
    habilidad of the Castillo in the Reserva de Oro): the plain Oro with the most copies, the
    first such line on a tie; None when the Castillo has none (deck sheets mark it)."""
    best: int | None = None
    for i, (card, qty) in enumerate(castle):
        if card is not None and card.plain_gold and (best is None or qty > castle[best][1]):
            best = i
    return best


# --------------------------------------------------------------- min_allies_or_totems
def _min_types_params(r: _Reader, fmt: Format) -> dict[str, Any]:
    minimum = r.int("min", required=True, minimum=1)
    types = r.str_list("types", [ALLY, TOTEM])
    return {"min": minimum, "types": types,
            "rule": r.str("rule", "") or f"Formato {fmt.name}: mínimo de {' o '.join(types)}"}


_PLURAL_TYPES = {ALLY: "Aliados", TOTEM: "Tótems", "Talismán": "Talismanes", "Arma": "Armas", "Oro": "Oros"}


def _min_types(ctx: DeckContext, p: dict[str, Any]) -> list[Violation]:
    types = p["types"]
    by_type = ctx.main_types
    if max(by_type.get(t, 0) for t in types) >= p["min"]:
        return []
    counts = {t: by_type.get(t, 0) for t in types}
    wanted = " o ".join(f"{p['min']} {_PLURAL_TYPES.get(t, t)}" for t in p["types"])
    have = " y ".join(f"{counts[t]} {_PLURAL_TYPES.get(t, t)}" for t in p["types"])
    top = max(p["types"], key=lambda t: counts[t])
    return [Violation(
        "min_allies_or_totems", p["rule"],
        f"El {ctx.fmt.main_name} necesita al menos {wanted} (cada tipo se cuenta por separado): tiene {have}.",
        (), f"agrega {p['min'] - counts[top]} {_PLURAL_TYPES.get(top, top)} más al {ctx.fmt.main_name}",
    )]


# --------------------------------------------------------------- affinity
def _affinity_params(r: _Reader, fmt: Format) -> dict[str, Any]:
    return {"attributes": r.bool("attributes", True), "schools": r.bool("schools", True),
            "rule": r.str("rule", "") or f"Formato {fmt.name}: afinidad de los Aliados"}


def _affinity(ctx: DeckContext, p: dict[str, Any]) -> list[Violation]:
    # fast path: the sets of races / attributes of the Aliados (Castillo + Soporte)
    races = ctx.ally_races
    if len(races) <= 1:
        return []
    if p["schools"]:
        schools = {RACE_SCHOOL.get(race) if race else None for race in races}
        if len(schools) == 1 and None not in schools:
            return []
    if p["attributes"]:
        attributes = ctx.ally_attributes
        if len(attributes) == 1 and None not in attributes:
            return []
    allies: dict[CardInfo, int] = {}
    for section in (ctx.main, ctx.side):
        for info, qty in section.items():
            if info.is_ally:
                allies[info] = allies.get(info, 0) + qty
    cache = ctx.checker.rule_cache if ctx.checker is not None else {}
    key = ("affinity", id(p), frozenset(allies.items()))
    found = cache.get(key)
    if found is None:
        if len(cache) > 50_000:
            cache.clear()
        found = cache[key] = _affinity_violation(ctx, p, allies)
    if not found or ctx.entries is None:
        return found
    # the cached violation has no lines (they depend on the decklist): point at the off-race Aliados
    (v,) = found
    off = set(v.cards)
    return [Violation(v.code, v.rule, v.message, v.cards, v.hint,
                      ctx.lines(info for info in allies if info.name in off))]


def _affinity_violation(ctx: DeckContext, p: dict[str, Any], allies: dict[CardInfo, int]) -> list[Violation]:
    race_counts: Counter[str] = Counter()
    for info, qty in allies.items():
        race_counts[info.race or "sin Raza"] += qty
    main_race, _ = race_counts.most_common(1)[0]
    school = RACE_SCHOOL.get(main_race)
    allowed = set(SCHOOLS[school]) if school and p["schools"] else {main_race}
    off = sorted({info.name for info in allies if (info.race or "sin Raza") not in allowed})
    listing = ", ".join(f"{race} ({n})" for race, n in sorted(race_counts.items(), key=lambda x: (-x[1], x[0])))
    options = "todos de una sola Raza"
    if p["schools"]:
        options += ", de las dos Razas de una Escuela Elemental"
    if p["attributes"]:
        options += " o de un solo Atributo (Luz u Oscuridad)"
    target = f"la Escuela {school} ({' y '.join(sorted(SCHOOLS[school]))})" if school and p["schools"] \
        else f"la Raza {main_race}"
    return [Violation(
        "affinity", p["rule"],
        f"Los Aliados del {ctx.fmt.main_name} y el {ctx.fmt.side_name} deben ser {options}; "
        f"hay Aliados de varias Razas: {listing}.",
        tuple(off), f"quita los Aliados que no son de {target}: {', '.join(off)}",
    )]


# --------------------------------------------------------------- realm (Génesis)
def _realm_params(r: _Reader, fmt: Format) -> dict[str, Any]:
    return {"type": r.str("type", REALM) or REALM,
            "rule": r.str("rule", "") or "2009 I Habilidades Especiales y Reinos: Reinos"}


def _realm(ctx: DeckContext, p: dict[str, Any]) -> list[Violation]:
    out = []
    kind = p["type"]
    main = [(info, qty) for info, qty in ctx.main.items() if info.type == kind]
    side = [(info, qty) for info, qty in ctx.side.items() if info.type == kind]
    n_main = sum(q for _i, q in main)
    if n_main == 0:
        out.append(Violation("realm_missing", p["rule"],
                             f"El formato {ctx.fmt.name} exige exactamente un {kind} en el {ctx.fmt.main_name}: no hay ninguno.",
                             (), f"agrega 1 {kind} al {ctx.fmt.main_name}"))
    elif n_main > 1:
        names = tuple(info.name for info, _q in main)
        out.append(Violation("realm_too_many", p["rule"],
                             f"Solo se puede tener un {kind}: el {ctx.fmt.main_name} tiene {n_main} ({', '.join(names)}).",
                             names, f"deja solo 1 {kind} en el {ctx.fmt.main_name}",
                             _section_lines(ctx, [info for info, _q in main], 0)))
    if side:
        names = tuple(info.name for info, _q in side)
        out.append(Violation("realm_in_side", p["rule"],
                             f"No se pueden tener {kind}s en el {ctx.fmt.side_name}: hay {sum(q for _i, q in side)} ({', '.join(names)}).",
                             names, f"quita {', '.join(names)} del {ctx.fmt.side_name}",
                             _section_lines(ctx, [info for info, _q in side], 1)))
    return out


def _section_lines(ctx: DeckContext, infos: list[CardInfo], section: int) -> tuple[int, ...]:
    """Lines of these cards in one section only (0 main, 1 side; a card may be in both)."""
    if ctx.entries is None or ctx.checker is None:
        return ()
    return ctx.checker._lines_of_section(set(infos), ctx.entries[section])


# --------------------------------------------------------------- conditional_limit
def _conditional_params(r: _Reader, fmt: Format) -> dict[str, Any]:
    pairs = []
    for item in r.tables("pairs"):
        present, card = item.str("if_present", required=True), item.str("card", required=True)
        pairs.append({"if_present": present, "card": card, "limit": item.int("limit", required=True),
                      "present_key": fold(present), "card_key": fold(card)})
        item.done()
    if not pairs:
        raise r.fail("pairs", "falta al menos un par {if_present, card, limit}")
    return {"pairs": pairs, "rule": r.str("rule", "") or f"Formato {fmt.name}: límites combinados"}


def _conditional(ctx: DeckContext, p: dict[str, Any]) -> list[Violation]:
    out = []
    for pair in p["pairs"]:
        present, _info = ctx.total_by_name(pair["if_present"])
        if present <= 0:
            continue
        total, info = ctx.total_by_name(pair["card"])
        if info is not None and total > pair["limit"]:
            out.append(Violation(
                "conditional_limit", p["rule"],
                f"Con {pair['if_present']} en el mazo, {info.name} queda limitada a {pair['limit']} "
                f"{'copia' if pair['limit'] == 1 else 'copias'}: hay {ctx.where(info)}.",
                (info.name, pair["if_present"]),
                f"quita {total - pair['limit']} {'copia' if total - pair['limit'] == 1 else 'copias'} de {info.name}, "
                f"o quita {pair['if_present']}",
                ctx.lines([info]),
            ))
    return out


RULES: dict[str, NamedRule] = {
    rule.name: rule
    for rule in (
        NamedRule("initial_gold", "al menos un Oro sin habilidad en el mazo principal (Oro inicial)",
                  _initial_gold_params, _initial_gold),
        NamedRule("min_allies_or_totems", "mínimo de Aliados o de Tótems, cada tipo por separado",
                  _min_types_params, _min_types),
        NamedRule("affinity", "todos los Aliados de una Raza, de una Escuela Elemental o de un Atributo",
                  _affinity_params, _affinity),
        NamedRule("realm", "exactamente un Reino en el mazo principal y ninguno en el secundario",
                  _realm_params, _realm),
        NamedRule("conditional_limit", "una carta queda limitada si el mazo tiene otra",
                  _conditional_params, _conditional),
    )
}
