"""Formats as data: ``formats/*.toml`` (and ``formats/games.toml``) loaded and checked.

A format file declares its id, name, game, deck sizes, copy limits, legal
editions, allowed rarities, banlist, cards admitted "en observación", erratas
that matter when checking a deck, and named extra rules. It may ``extends``
another file: tables are merged key by key (the child wins), any other value
is replaced. Files with ``abstract = true`` only serve as parents.

Every mistake in a file raises :class:`FormatError` naming the file and the
key path (``copies.limit``, ``errata[3].race``…). The schema is documented in
``docs/legality.md``. The games file is read by ``tourney.legality.games``, the TOML
itself by ``tourney.legality.toml_reader``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..catalog.model import fold, slugify
from .errors import FormatError, UnknownFormatError
from .games import (
    DEFAULT_FORMATS_DIR, GAMES_FILE, Game, load_games,
)
from .pool_rules import SealedRules, read_sealed
from .rules import RULES
from .toml_reader import _read_toml, _Reader


# --------------------------------------------------------------------------- formats
@dataclass(frozen=True, slots=True)
class Observation:
    """A card from outside the legal editions that the format admits, with its condition."""

    name: str
    edition: str | None
    race: str | None
    condition: str  # "unique" | "wanderer" | "free"


@dataclass(frozen=True, slots=True)
class Errata:
    """What an errata changes on a card when a deck is checked for this format."""

    name: str
    race: str | None = None
    attribute: str | None = None
    cost: int | None = None
    add_keywords: frozenset[str] = frozenset()
    remove_keywords: frozenset[str] = frozenset()
    note: str = ""


OBSERVATION_CONDITIONS = ("unique", "wanderer", "free")


@dataclass(eq=False)
class Format:
    id: str
    name: str
    game: Game
    source: str
    description: str = ""
    parents: tuple[str, ...] = ()
    # deck sizes
    main_exact: int | None = None
    main_min: int | None = None
    main_max: int | None = None
    size_rule: str = ""
    side_sizes: tuple[int, ...] | None = None
    side_min: int = 0
    side_max: int | None = None
    side_rule: str = ""
    side_label: str = ""  # the format's own name for the side section (Génesis: Banquillo)
    side_short_label: str = ""
    # copies (counted by card identity across both sections)
    copy_limit: int | None = None  # None: any number
    unique_limit: int | None = None  # cards with the keyword Única
    unlimited_keywords: frozenset[str] = frozenset()
    plain_gold_unlimited: bool = False
    any_number: dict[str, str] = field(default_factory=dict)  # folded -> name
    copies_rule: str = ""
    unique_rule: str = ""
    gold_rule: str = ""
    across_rule: str = ""  # cited too when the copies are spread over both sections
    # editions
    legal_editions: tuple[str, ...] | None = None  # None: every edition
    editions_since: str | None = None
    editions_eras: tuple[str, ...] = ()
    editions_rule: str = ""
    # rarities
    rarities: frozenset[str] | None = None
    rarity_plain_gold_exempt: bool = True
    irregular_rarities: frozenset[str] = frozenset()
    irregular_editions: frozenset[str] = frozenset()
    rarity_rule: str = ""
    # banlist
    banned: dict[str, str] = field(default_factory=dict)
    limited: dict[str, tuple[str, int]] = field(default_factory=dict)
    banlist_rule: str = ""
    observation: dict[str, Observation] = field(default_factory=dict)
    observation_rule: str = ""
    errata: dict[str, Errata] = field(default_factory=dict)
    errata_rule: str = ""
    # named extra rules: name -> parameters (see rules.py)
    rules: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Sellado / Lanzamiento: the [sealed] table (pool.SealedRules); None for constructed formats
    sealed: SealedRules | None = None
    # compiled checkers per catalog (validator.py); not part of the format's value
    _checkers: dict[int, Any] = field(default_factory=dict, repr=False)

    @property
    def main_name(self) -> str:
        return self.game.main.name

    @property
    def side_name(self) -> str:
        return self.side_label or self.game.side.name

    @property
    def side_short(self) -> str:
        return self.side_short_label or self.side_label or self.game.side.short

    def describe_sizes(self) -> str:
        if self.main_exact is not None:
            main = f"{self.main_exact} cartas exactas"
        elif self.main_max is None:
            main = f"al menos {self.main_min or 0}"
        else:
            main = f"entre {self.main_min or 0} y {self.main_max}"
        if self.side_sizes is not None:
            side = " o ".join(str(n) for n in self.side_sizes)
        elif self.side_max is None:
            side = f"al menos {self.side_min}"
        else:
            side = f"de {self.side_min} a {self.side_max}"
        return f"{self.main_name}: {main}; {self.side_name}: {side}"


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    out = dict(parent)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _raw_formats(formats_dir: Path) -> dict[str, tuple[Path, dict[str, Any]]]:
    raws: dict[str, tuple[Path, dict[str, Any]]] = {}
    for path in sorted(formats_dir.glob("*.toml")):
        if path.name == GAMES_FILE or path.name.startswith(("_", ".")):
            continue
        data = _read_toml(path)
        fid = data.get("id")
        if not isinstance(fid, str) or not fid.strip():
            raise FormatError(path.name, "id", "falta el id del formato (texto)")
        if fid != path.stem:
            raise FormatError(path.name, "id", f"«{fid}» no coincide con el nombre del archivo «{path.stem}»")
        raws[fid] = (path, data)
    return raws


def _resolve_extends(fid: str, raws: dict[str, tuple[Path, dict[str, Any]]],
                     stack: tuple[str, ...] = ()) -> tuple[dict[str, Any], tuple[str, ...]]:
    path, data = raws[fid]
    parent_id = data.get("extends")
    if parent_id is None:
        return data, ()
    if not isinstance(parent_id, str):
        raise FormatError(path.name, "extends", "debe ser el id de otro formato (texto)")
    if parent_id in stack or parent_id == fid:
        cycle = " → ".join((*stack, fid, parent_id))
        raise FormatError(path.name, "extends", f"herencia circular: {cycle}")
    if parent_id not in raws:
        raise FormatError(path.name, "extends", f"el formato «{parent_id}» no existe")
    parent, chain = _resolve_extends(parent_id, raws, (*stack, fid))
    parent = {k: v for k, v in parent.items() if k not in ("abstract", "extends", "id")}
    merged = _merge(parent, data)
    return merged, (parent_id, *chain)


def _build(fid: str, path: Path, data: dict[str, Any], parents: tuple[str, ...],
           games: dict[str, Game]) -> tuple[Format, bool]:
    file = path.name
    r = _Reader(file, data)
    r.str("id", required=True)
    r.get("extends", str)
    abstract = r.bool("abstract")
    name = r.str("name", required=not abstract) or fid
    game_id = r.str("game", required=True)
    if game_id not in games:
        raise r.fail("game", f"juego desconocido «{game_id}»; juegos: {', '.join(games)}")
    fmt = Format(id=fid, name=name, game=games[game_id], source=str(path),
                 description=r.str("description", "") or "", parents=parents)

    deck = r.table("deck")
    fmt.main_exact = deck.int("size")
    fmt.main_min = deck.int("min")
    fmt.main_max = deck.int("max")
    if fmt.main_exact is not None and (fmt.main_min is not None or fmt.main_max is not None):
        raise deck.fail("size", "usa size (tamaño exacto) o min/max, no ambos")
    if fmt.main_exact is None and fmt.main_min is None and not abstract:
        raise deck.fail("size", "falta el tamaño del mazo (size, o min y opcionalmente max)")
    if fmt.main_min is not None and fmt.main_max is not None and fmt.main_min > fmt.main_max:
        raise deck.fail("min", "min es mayor que max")
    fmt.size_rule = deck.str("size_rule", "") or ""
    side_sizes = deck.int_list("side_sizes")
    fmt.side_sizes = tuple(sorted(set(side_sizes))) if side_sizes is not None else None
    fmt.side_min = deck.int("side_min", 0) or 0
    fmt.side_max = deck.int("side_max")
    if fmt.side_sizes is not None and (deck.has("side_min") or deck.has("side_max")):
        raise deck.fail("side_sizes", "usa side_sizes (tamaños permitidos) o side_min/side_max, no ambos")
    if fmt.side_sizes is not None and not fmt.side_sizes:
        raise deck.fail("side_sizes", "la lista no puede estar vacía (usa [0] si no hay sección)")
    fmt.side_rule = deck.str("side_rule", "") or ""
    fmt.side_label = deck.str("side_name", "") or ""
    fmt.side_short_label = deck.str("side_short", "") or ""
    deck.done()

    copies = r.table("copies")
    limit = copies.int("limit", 0)
    fmt.copy_limit = limit or None
    unique_limit = copies.int("unique_limit")
    fmt.unique_limit = unique_limit
    fmt.unlimited_keywords = frozenset(copies.str_list("unlimited_keywords"))
    fmt.plain_gold_unlimited = copies.bool("plain_gold_unlimited")
    fmt.any_number = {fold(n): n for n in copies.str_list("any_number")}
    fmt.copies_rule = copies.str("rule", "") or ""
    fmt.unique_rule = copies.str("unique_rule", "") or fmt.copies_rule
    fmt.gold_rule = copies.str("gold_rule", "") or fmt.copies_rule
    fmt.across_rule = copies.str("across_rule", "") or ""
    copies.done()

    editions = r.table("editions")
    if editions.has("legal"):
        fmt.legal_editions = tuple(slugify(e) for e in editions.str_list("legal"))
    since = editions.str("since")
    fmt.editions_since = slugify(since) if since else None
    fmt.editions_eras = tuple(editions.str_list("eras"))
    if fmt.legal_editions is None and (fmt.editions_since or fmt.editions_eras):
        fmt.legal_editions = ()
    fmt.editions_rule = editions.str("rule", "") or f"Formato {name}: ediciones legales"
    editions.done()

    rar = r.table("rarities")
    if rar.has("allowed"):
        fmt.rarities = frozenset(fold(x) for x in rar.str_list("allowed"))
    fmt.rarity_plain_gold_exempt = rar.bool("plain_gold_exempt", True)
    fmt.irregular_rarities = frozenset(fold(x) for x in rar.str_list("not_rarities"))
    fmt.irregular_editions = frozenset(slugify(x) for x in rar.str_list("not_editions"))
    fmt.rarity_rule = rar.str("rule", "") or f"Formato {name}: rarezas permitidas"
    rar.done()

    ban = r.table("banlist")
    fmt.banned = {fold(n): n for n in ban.str_list("banned")}
    for n_copies, key in ((1, "limited_1"), (2, "limited_2")):
        for card in ban.str_list(key):
            if fold(card) in fmt.limited:
                raise ban.fail(key, f"«{card}» ya está limitada en otra lista")
            fmt.limited[fold(card)] = (card, n_copies)
    for folded, card in fmt.banned.items():
        if folded in fmt.limited:
            raise ban.fail("banned", f"«{card}» está prohibida y limitada a la vez")
    fmt.banlist_rule = ban.str("rule", "") or f"Formato {name}: banlist"
    ban.done()

    fmt.observation_rule = r.str("observation_rule", "") or f"Formato {name}: cartas en observación"
    for item in r.tables("observation"):
        card = item.text("card")
        cond = item.str("condition", "free")
        if cond not in OBSERVATION_CONDITIONS:
            raise item.fail("condition", f"debe ser uno de: {', '.join(OBSERVATION_CONDITIONS)}")
        ed = item.str("edition")
        fmt.observation[fold(card)] = Observation(card, slugify(ed) if ed else None, item.str("race"), cond)
        item.done()

    fmt.errata_rule = r.str("errata_rule", "") or f"Formato {name}: fe de erratas"
    for item in r.tables("errata"):
        card = item.text("card")
        err = Errata(
            name=card,
            race=item.str("race"),
            attribute=item.str("attribute"),
            cost=item.int("cost"),
            add_keywords=frozenset(item.str_list("add_keywords")),
            remove_keywords=frozenset(item.str_list("remove_keywords")),
            note=item.str("note", "") or "",
        )
        if err.attribute is not None and err.attribute not in ("Luz", "Oscuridad"):
            raise item.fail("attribute", "debe ser \"Luz\" u \"Oscuridad\"")
        item.done()
        fmt.errata[fold(card)] = err

    if r.has("sealed"):  # Sellado / Lanzamiento parameters (tourney/legality/pool.py)
        fmt.sealed = read_sealed(r.table("sealed"), fmt)
    rules = r.table("rules")
    for rule_name, params in rules.data.items():
        rules.used.add(rule_name)
        if rule_name not in RULES:
            raise rules.fail(rule_name, f"regla desconocida; reglas disponibles: {', '.join(sorted(RULES))}")
        if not isinstance(params, dict):
            raise rules.fail(rule_name, "debe ser una tabla [rules.nombre]")
        pr = _Reader(file, params, rules.key(rule_name))
        if not pr.bool("enabled", True):
            pr.used.update(params)
            continue
        fmt.rules[rule_name] = RULES[rule_name].read_params(pr, fmt)
        pr.done()
    r.done()
    return fmt, abstract


def load_formats(formats_dir: str | Path = DEFAULT_FORMATS_DIR, *, include_abstract: bool = False) -> dict[str, Format]:
    """Every format file in ``formats_dir`` (id -> Format). Raises FormatError on a bad file."""
    formats_dir = Path(formats_dir)
    if not formats_dir.is_dir():
        raise FormatError(str(formats_dir), "", "no es una carpeta de formatos")
    games = load_games(formats_dir)
    raws = _raw_formats(formats_dir)
    out: dict[str, Format] = {}
    for fid in raws:
        merged, parents = _resolve_extends(fid, raws)
        fmt, abstract = _build(fid, raws[fid][0], merged, parents, games)
        if include_abstract or not abstract:
            out[fid] = fmt
    return out


def load_format(format_id: str | Path, formats_dir: str | Path | None = None) -> Format:
    """One format by id: ``load_format("unificado")`` or ``load_format(dir, "unificado")``."""
    if formats_dir is not None and (isinstance(format_id, Path) or Path(str(format_id)).is_dir()):
        format_id, formats_dir = str(formats_dir), format_id
    formats = load_formats(formats_dir if formats_dir is not None else DEFAULT_FORMATS_DIR)
    format_id = str(format_id)
    if format_id not in formats:
        raise UnknownFormatError(format_id, sorted(formats))
    return formats[format_id]
