"""Plain values the printed documents (and the event workbook) are made from.

The renderers in ``tourney.printing`` (reportlab) and ``tourney.sheets`` (openpyxl) take
only these frozen dataclasses: no database rows, no Flask. They live here, outside both,
so reading a workbook never loads reportlab (``tourney.printing`` imports them from here).
``tourney.services.documents`` builds them from the event tables; tests and benchmarks
build them by hand.

Every value can be turned into JSON and back (``to_json`` / ``from_json``), so
a document can also be printed from a plain JSON file (see docs/documents.md).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, datetime
from typing import Any

from .collation import spanish_key
PAGE_SIZES = ("A4", "Letter")

# Castillo groups in the order the sheet prints them (seed 000, 2 Tipos de cartas),
# with the Spanish heading used on paper.
TYPE_ORDER = ("Aliado", "Talismán", "Arma", "Tótem", "Oro", "Monumento", "Reino")
TYPE_HEADINGS = {
    "Aliado": "Aliados",
    "Talismán": "Talismanes",
    "Arma": "Armas",
    "Tótem": "Tótems",
    "Oro": "Oros",
    "Monumento": "Monumentos",
    "Reino": "Reinos",
}
OTHER_HEADING = "Otras"


@dataclass(frozen=True, slots=True)
class EventInfo:
    name: str
    date: date | None = None
    format_name: str = ""
    location: str = ""
    organizer: str = ""
    page_size: str = "A4"  # "A4" | "Letter", chosen per event
    # the game's own section names and sizes (Magic: Mazo principal / Sideboard; Sky World:
    # Mazo / Héroe). ``main_size`` None: no exact size ("Total: __" without "/ N").
    main_name: str = "Mazo Castillo"
    side_name: str = "Mazo de Soporte"
    main_size: int | None = 50
    side_size: int | None = 10
    side_note: str = "0 o 10 cartas"
    side_rows: int | None = None  # lines of a blank sheet's side section (None: side_size)
    grouped_by_type: bool = True  # Mitos y Leyendas: Aliados, Talismanes… with the Raza column

    def __post_init__(self) -> None:
        if self.page_size not in PAGE_SIZES:
            raise ValueError(f"tamaño de página desconocido: {self.page_size!r} (use A4 o Letter)")


@dataclass(frozen=True, slots=True)
class DeckLine:
    qty: int
    name: str
    type: str = ""
    race: str | None = None
    code: str | None = None
    initial_gold: bool = False  # the Oro inicial (one Oro sin habilidad of the Castillo)


@dataclass(frozen=True, slots=True)
class DeckSheet:
    """One player's registered deck (Hoja de registro de mazo)."""

    player_name: str
    player_id: str = ""
    table: str = ""
    castle: tuple[DeckLine, ...] = ()
    support: tuple[DeckLine, ...] = ()
    legal: bool | None = None  # the validator's verdict on the registered version; None = not validated
    verdict_notes: tuple[str, ...] = ()  # violation messages, printed (shortened) under the verdict
    registered_at: datetime | None = None
    version: int | None = None

    @property
    def castle_count(self) -> int:
        return sum(line.qty for line in self.castle)

    @property
    def support_count(self) -> int:
        return sum(line.qty for line in self.support)

    def castle_groups(self) -> list[tuple[str, list[DeckLine]]]:
        """Castillo lines grouped by type, in TYPE_ORDER, each group sorted by name."""
        groups: dict[str, list[DeckLine]] = {}
        for line in self.castle:
            key = line.type if line.type in TYPE_HEADINGS else ""
            groups.setdefault(key, []).append(line)
        ordered = []
        for type_ in (*TYPE_ORDER, ""):
            lines = groups.get(type_)
            if lines:
                heading = TYPE_HEADINGS.get(type_, OTHER_HEADING)
                ordered.append((heading, sorted(lines, key=lambda ln: (spanish_key(ln.name), ln.code or ""))))
        return ordered


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One table of a round. ``opponent`` None is a bye (printed "BYE")."""

    table: int
    player: str
    player_points: int = 0
    opponent: str | None = None
    opponent_points: int | None = None
    player_id: str = ""
    opponent_id: str = ""
    result: str | None = None  # "2-1-0" once reported (player's games, opponent's games, draws)

    @property
    def is_bye(self) -> bool:
        return self.opponent is None


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    player: str
    points: int
    record: str  # "W-L-D"
    omw: float  # fractions 0..1, printed as percentages
    gw: float
    ogw: float
    player_id: str = ""
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class FinalStandingRow:
    """One line of the final standings of an event with a top cut: the cut first (``stage``:
    «Campeón», «Finalista», «Semifinal», «Cuartos de final», «En juego»), then the Swiss
    («Suizo»), see tourney.swiss.topcut.final_standings."""

    place: int
    player: str
    stage: str
    swiss_rank: int
    points: int
    record: str
    player_id: str = ""
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class BracketMatch:
    a: str | None
    b: str | None
    seed_a: int | None = None
    seed_b: int | None = None
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class Bracket:
    """Top cut, single elimination: rounds[0] is the quarterfinals (or first cut round)."""

    rounds: tuple[tuple[BracketMatch, ...], ...] = ()

    @property
    def size(self) -> int:
        return 2 * len(self.rounds[0]) if self.rounds else 0


@dataclass(frozen=True, slots=True)
class SwapRow:
    """One Mazo de Soporte swap recorded between games (seed 000, Mazo de Soporte)."""

    round: int
    table: int | None
    player: str
    game: int
    card_out: str
    card_in: str
    entered_at: datetime | None = None
    player_id: str = ""
    qty: int = 1  # copies of ``card_out`` replaced by as many of ``card_in``
    seconds_taken: int | None = None  # from opening the swaps form to recording (None: unknown)
    late: bool = False  # more than the 2 minutes the rules give


@dataclass(frozen=True, slots=True)
class AdjudicationRow:
    """The adjudication that counts (latest revision) of one game of a match."""

    round: int
    table: int
    game: int
    player_a: str
    player_b: str
    verdict: str  # in words: «acción ilegal en la línea 51 (regla 8.1)», «gana Ana»
    rule: str = ""  # the illegal line's rule with its title, e.g. «8.1 Jugar una carta»
    decks: str = ""  # «calzan» or the players whose deck differs from registration + swaps
    revision: int = 1
    uploaded_at: datetime | None = None
    uploaded_by: str = ""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    name: str
    player_id: str = ""  # id or e-mail, as the organizer knows the player
    byes: int = 0  # pre-assigned byes (first rounds)
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class RoundData:
    number: int
    pairings: tuple[PairingRow, ...] = ()
    name: str = ""  # a top-cut round's name («Final», «Semifinales», …); "" for a Swiss round


@dataclass(frozen=True, slots=True)
class LeagueStandingRow:
    """One player's line in the standings of a league the event belongs to (the event
    workbook's «Liga» sheet; tourney.services.leagues)."""

    league: str
    rank: int
    player: str
    points: int
    events: int
    best_place: int | None
    event_wins: int
    record: str
    match_win_rate: float
    game_win_rate: float


@dataclass(frozen=True, slots=True)
class EventDocuments:
    """Everything about one event that documents and the workbook need."""

    event: EventInfo
    players: tuple[PlayerRow, ...] = ()
    decks: tuple[DeckSheet, ...] = ()
    rounds: tuple[RoundData, ...] = ()
    standings: tuple[StandingRow, ...] = ()
    bracket: Bracket | None = None
    swaps: tuple[SwapRow, ...] = ()
    adjudications: tuple[AdjudicationRow, ...] = ()
    final_standings: tuple[FinalStandingRow, ...] = ()  # once the top cut has started
    leagues: tuple[LeagueStandingRow, ...] = ()  # the standings of the event's leagues

    def round(self, number: int | None) -> RoundData:
        """The given round, or the last one when ``number`` is None."""
        if not self.rounds:
            raise LookupError("el evento no tiene rondas emparejadas")
        if number is None:
            return self.rounds[-1]
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        known = ", ".join(str(r.number) for r in self.rounds)
        raise LookupError(f"no existe la ronda {number} (rondas: {known})")


def sorted_by_name(decks: list[DeckSheet] | tuple[DeckSheet, ...]) -> list[DeckSheet]:
    return sorted(decks, key=lambda d: (spanish_key(d.player_name), d.player_id))


# -- JSON ------------------------------------------------------------------------------

def to_json(value: Any) -> Any:
    """A plain-JSON form of any value above (dates as ISO strings)."""
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def _opt_date(v: Any) -> date | None:
    return date.fromisoformat(v) if v else None


def _opt_datetime(v: Any) -> datetime | None:
    return datetime.fromisoformat(v) if v else None


def _build(cls, data: dict, **converters):
    if not isinstance(data, dict):
        raise TypeError(f"se esperaba un objeto para {cls.__name__}, no {type(data).__name__}")
    names = {f.name for f in fields(cls)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"{cls.__name__}: campos desconocidos: {', '.join(sorted(unknown))}")
    kwargs = {}
    for key, value in data.items():
        conv = converters.get(key)
        kwargs[key] = conv(value) if conv else value
    return cls(**kwargs)


def event_documents_from_json(data: dict) -> EventDocuments:
    """Inverse of ``to_json(EventDocuments)``; ValueError/TypeError name the bad part."""
    def deck_line(d):
        return _build(DeckLine, d)

    return _build(
        EventDocuments, data,
        event=lambda d: _build(EventInfo, d, date=_opt_date),
        players=lambda xs: tuple(_build(PlayerRow, x) for x in xs),
        decks=lambda xs: tuple(_build(
            DeckSheet, x,
            castle=lambda ls: tuple(deck_line(ln) for ln in ls),
            support=lambda ls: tuple(deck_line(ln) for ln in ls),
            verdict_notes=tuple,
            registered_at=_opt_datetime,
        ) for x in xs),
        rounds=lambda xs: tuple(_build(
            RoundData, x, pairings=lambda ps: tuple(_build(PairingRow, p) for p in ps)) for x in xs),
        standings=lambda xs: tuple(_build(StandingRow, x) for x in xs),
        final_standings=lambda xs: tuple(_build(FinalStandingRow, x) for x in xs),
        bracket=lambda b: None if b is None else _build(
            Bracket, b, rounds=lambda rs: tuple(tuple(_build(BracketMatch, m) for m in r) for r in rs)),
        swaps=lambda xs: tuple(_build(SwapRow, x, entered_at=_opt_datetime) for x in xs),
        adjudications=lambda xs: tuple(_build(AdjudicationRow, x, uploaded_at=_opt_datetime)
                                       for x in xs),
    )


__all__ = [
    "PAGE_SIZES",
    "TYPE_HEADINGS",
    "TYPE_ORDER",
    "AdjudicationRow",
    "Bracket",
    "BracketMatch",
    "DeckLine",
    "DeckSheet",
    "EventDocuments",
    "EventInfo",
    "FinalStandingRow",
    "PairingRow",
    "PlayerRow",
    "RoundData",
    "StandingRow",
    "SwapRow",
    "event_documents_from_json",
    "sorted_by_name",
    "to_json",
]
