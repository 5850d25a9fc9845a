"""What differs between games: formats/games.toml (deck sections and their headers, catalog
required or optional, a Mazo de Soporte with §11 swaps, the printed deck sheet's layout)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..catalog.model import fold
from ..paths import FORMATS_DIR
from .errors import FormatError
from .toml_reader import _read_toml, _Reader

GAMES_FILE = "games.toml"
DEFAULT_FORMATS_DIR = FORMATS_DIR  # the checkout's formats/, or the copy inside an installed wheel


@dataclass(frozen=True, slots=True)
class SectionSpec:
    key: str  # "main" | "side"
    name: str  # "Mazo Castillo"
    short: str  # "Castillo"
    headers: tuple[str, ...]
    prefixes: tuple[str, ...] = ()


DECK_SHEETS = ("by_type", "list")


@dataclass(frozen=True, slots=True)
class Game:
    """What differs between games (formats/games.toml): the deck sections and their headers,
    whether cards come from a catalog, whether the side is a Mazo de Soporte swapped between
    games (§11), whether the rules engine adjudicates its games and how the printed deck sheet
    lists the main deck."""

    id: str
    name: str
    catalog_required: bool
    main: SectionSpec
    side: SectionSpec
    support_swaps: bool = False
    deck_sheet: str = "list"  # "by_type" | "list"
    engine: bool = False  # the rules engine adjudicates this game's recorded games
    default: bool = False  # the game meant when none is named (exactly one declares it)

    @property
    def has_catalog(self) -> bool:
        return self.catalog_required

    @property
    def sheet_by_type(self) -> bool:
        return self.deck_sheet == "by_type"

    def section(self, key: str) -> SectionSpec:
        return self.main if key == "main" else self.side

    def header_map(self) -> dict[str, str]:
        """Folded header -> section key."""
        out: dict[str, str] = {}
        for spec in (self.main, self.side):
            for header in spec.headers:
                out.setdefault(fold(header), spec.key)
        return out

    def prefix_map(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for spec in (self.main, self.side):
            for prefix in spec.prefixes:
                out.setdefault(fold(prefix), spec.key)
        return out


def load_games(formats_dir: str | Path = DEFAULT_FORMATS_DIR) -> dict[str, Game]:
    path = Path(formats_dir) / GAMES_FILE
    if not path.exists():
        raise FormatError(GAMES_FILE, "", f"no existe en {Path(formats_dir)}")
    data = _read_toml(path)
    games: dict[str, Game] = {}
    for game_id, body in data.items():
        if not isinstance(body, dict):
            raise FormatError(GAMES_FILE, game_id, "debe ser una tabla [juego]")
        r = _Reader(GAMES_FILE, body, game_id)
        name = r.text("name")
        catalog = r.str("catalog", "required")
        if catalog not in ("required", "optional"):
            raise r.fail("catalog", "debe ser \"required\" u \"optional\"")
        support_swaps = r.bool("support_swaps", False)
        engine = r.bool("engine", False)
        deck_sheet = r.str("deck_sheet", "list")
        default = r.bool("default", False)
        if deck_sheet not in DECK_SHEETS:
            raise r.fail("deck_sheet", "debe ser \"by_type\" o \"list\"")
        sections = []
        for key in ("main", "side"):
            s = r.table(key)
            if not s.data:
                raise r.fail(key, "falta la sección (tabla con name y headers)")
            sname = s.text("name")
            spec = SectionSpec(key=key, name=sname, short=s.str("short", sname) or sname,
                               headers=tuple(s.str_list("headers")) or (sname,),
                               prefixes=tuple(s.str_list("prefixes")))
            s.done()
            sections.append(spec)
        r.done()
        games[game_id] = Game(game_id, name, catalog == "required", sections[0], sections[1],
                              support_swaps=support_swaps, deck_sheet=deck_sheet, engine=engine,
                              default=default)
    defaults = [g.id for g in games.values() if g.default]
    if len(defaults) > 1:
        raise FormatError(GAMES_FILE, defaults[1], "solo un juego declara default = true "
                          f"(lo declaran: {', '.join(defaults)})")
    return games


def default_game(formats_dir: str | Path = DEFAULT_FORMATS_DIR) -> Game:
    """The game meant when none is named: the one formats/games.toml marks ``default = true``
    (a file that marks none: its first game)."""
    games = load_games(formats_dir)
    return next((g for g in games.values() if g.default), next(iter(games.values())))
