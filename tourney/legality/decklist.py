"""Decklists: the text format and the XLSX sheet, read into a DeckList.

Text format (one card per line)::

    # comentario
    Mazo Castillo
    3 Kirin
    3x Águila y Serpiente
    Oro x20
    Shuri (BU-218)

    Mazo de Soporte:
    2 De Rodillas

* quantity first (``3 Kirin``, ``3x Kirin``) or last (``Kirin x3``); a bare
  name counts 1;
* blank lines and ``#`` comments are ignored;
* a header line opens a section: the game's headers (Mitos y Leyendas: ``Mazo
  Castillo`` / ``Mazo de Soporte``, also ``Soporte``, ``Banquillo``,
  ``Sideboard``…), case-insensitive, optional colon or count ``(10)``; lines
  before any header belong to the main section (the Castillo);
* a prefix puts a single line in a section: ``SB: 2 Negate``, ``Héroe: Morteus``;
* ``Name (CODE)`` chooses one printing/identity when a name is ambiguous;
* the same card on two lines of one section is merged (its lines are kept).

Unreadable input raises :class:`DecklistError` with every bad line. The XLSX sheet is read
by :mod:`tourney.legality.decklist_xlsx` into the same :class:`DeckList`.

Bounded work: at most ``MAX_DECKLIST_LINES`` card lines, names of at most
``MAX_NAME_LENGTH`` characters, and (:func:`check_unknown_names`, with the catalog) at most
``MAX_UNKNOWN_NAMES`` distinct names the catalog does not know; beyond that the list is
rejected with a Spanish message before any suggestion is computed.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..catalog.model import fold
from .errors import DecklistError

if TYPE_CHECKING:  # pragma: no cover
    from .games import Game

MAX_DECKLIST_BYTES = 256 * 1024  # a real list is a few KB
MAX_LINE_QUANTITY = 100
# Bounded work per list (docs/legality.md, README): a real list of Mitos y Leyendas has at most
# ~60 card lines (50 Castillo + 10 Soporte, usually far fewer lines since copies share a line),
# the longest card name is under 50 characters. Beyond these a list is rejected before any
# name is looked up, so the worst accepted list costs milliseconds.
MAX_DECKLIST_LINES = 200  # lines (text) or rows (XLSX) that write a card
MAX_NAME_LENGTH = 120  # characters of one card name (with its optional "(CODE)")
MAX_UNKNOWN_NAMES = 30  # distinct names not in the catalog: each one is worth a suggestion
# «Tres Shuri»: an unknown name that starts with a number word is looked up again without it
# (to suggest «3 Shuri»), so it counts twice towards MAX_UNKNOWN_NAMES
NUMBER_WORDS = {"un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
                "siete": 7, "ocho": 8, "nueve": 9, "diez": 10}


@dataclass(slots=True)
class Entry:
    name: str
    quantity: int
    lines: tuple[int, ...] = ()


@dataclass(slots=True)
class DeckList:
    """A decklist as written: ``main`` (Mazo Castillo) and ``side`` (Mazo de Soporte)."""

    main: list[Entry] = field(default_factory=list)
    side: list[Entry] = field(default_factory=list)

    @property
    def castle(self) -> list[Entry]:
        return self.main

    @property
    def support(self) -> list[Entry]:
        return self.side

    @property
    def sections(self) -> dict[str, list[Entry]]:
        return {"castle": self.main, "support": self.side}

    def count(self, section: str = "main") -> int:
        entries = self.main if section in ("main", "castle") else self.side
        return sum(e.quantity for e in entries)

    def to_text(self, main_header: str = "Mazo Castillo", side_header: str = "Mazo de Soporte") -> str:
        out = [main_header] + [f"{e.quantity} {e.name}" for e in self.main]
        if self.side:
            out += ["", side_header] + [f"{e.quantity} {e.name}" for e in self.side]
        return "\n".join(out) + "\n"

    @classmethod
    def from_pairs(cls, main: Sequence[tuple[str, int]], side: Sequence[tuple[str, int]] = ()) -> DeckList:
        """Build from (name, quantity) pairs, e.g. ``("Shuri (BU-218)", 2)``; merged like the parser."""
        deck = cls()
        for section, pairs in (("main", main), ("side", side)):
            merged: dict[str, Entry] = {}
            for name, qty in pairs:
                add_entry(merged, name, qty, 0)
            getattr(deck, section).extend(merged.values())
        return deck


def add_entry(merged: dict[str, Entry], name: str, qty: int, line: int) -> None:
    key = fold(name) or name
    entry = merged.get(key)
    if entry is None:
        merged[key] = Entry(name, qty, (line,) if line else ())
    else:
        entry.quantity += qty
        if line:
            entry.lines = (*entry.lines, line)


_LEADING = re.compile(r"^(?P<q>[+-]?\d+)\s*[xX×]?\s+(?P<name>\S.*)$")
_LEADING_X = re.compile(r"^[xX×](?P<q>[+-]?\d+)\s+(?P<name>\S.*)$")
_TRAILING = re.compile(r"^(?P<name>.*?\S)\s+[xX×]\s*(?P<q>[+-]?\d+)$")
_BAD_LEADING = re.compile(r"^(?P<q>[+-]?\d[^\s]*|[+-]\S*)\s+\S")
_BAD_TRAILING = re.compile(r"\s[xX×]\s*(?P<q>[+-]?\d\S*)$")
_HEADER_COUNT = re.compile(r"\s*[\(\[]\s*\d+\s*[\)\]]\s*$")
_PREFIX = re.compile(r"^(?P<prefix>[^:]{1,40}):\s*(?P<rest>\S.*)$")


def default_list_game() -> Game:
    """The game a list is read for when none is given: the default game, loaded once."""
    from .games import default_game

    global _DEFAULT_GAME
    if _DEFAULT_GAME is None:
        _DEFAULT_GAME = default_game()
    return _DEFAULT_GAME


_DEFAULT_GAME: Game | None = None


def _quantity(line: str) -> tuple[int, str] | str:
    """(quantity, name), or an error message."""
    for pattern in (_LEADING, _LEADING_X, _TRAILING):
        m = pattern.match(line)
        if m:
            name = " ".join(m.group("name").split())
            if len(m.group("q").lstrip("+-")) > MAX_QUANTITY_DIGITS:  # never int() a huge number
                return (f"cantidad absurda ({m.group('q')[:12]}…) para «{name[:60]}»: el máximo por "
                        f"línea es {MAX_LINE_QUANTITY}")
            qty = int(m.group("q"))
            if qty < 0:
                return f"cantidad negativa ({qty}) para «{name}»"
            if qty == 0:
                return f"cantidad 0 para «{name}»: quita la línea o escribe al menos 1"
            if qty > MAX_LINE_QUANTITY:
                return (f"cantidad absurda ({qty}) para «{name}»: el máximo por línea es "
                        f"{MAX_LINE_QUANTITY}")
            return qty, name
    m = _BAD_LEADING.match(line) or _BAD_TRAILING.search(line)
    if m:
        return f"cantidad no numérica «{m.group('q')}»: escribe la cantidad con cifras, p. ej. «3 Kirin»"
    return 1, " ".join(line.split())


def parse_card_line(line: str) -> tuple[int, str] | str:
    """One card line of a list («3 Kirin», «3x Kirin», «Kirin x3», «Kirin»; a ``#`` comment
    dropped): (quantity, name), or the Spanish reason it cannot be read. The one line parser
    of decklists, §11 swaps (tourney.legality.swaps) and the engine's generator."""
    line = line.split("#", 1)[0].strip().lstrip("\ufeff").strip()
    if not line:
        return "línea vacía: falta la carta"
    parsed = _quantity(line)
    if not isinstance(parsed, str) and not parsed[1]:
        return "falta el nombre de la carta"
    return parsed


def parse_decklist(text: str, game: Game | None = None) -> DeckList:
    """Read a decklist text (see the module docstring). ``game`` gives the section headers
    (default: Mitos y Leyendas)."""
    if len(text) > MAX_DECKLIST_BYTES:
        raise DecklistError(0, f"la lista es demasiado grande ({len(text) // 1024} KB; el máximo es "
                               f"{MAX_DECKLIST_BYTES // 1024} KB)")
    game = game or default_list_game()
    headers = game.header_map()
    prefixes = {**headers, **game.prefix_map()}
    sections: dict[str, dict[str, Entry]] = {"main": {}, "side": {}}
    current = "main"
    errors: list[tuple[int, str]] = []
    card_lines = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(errors) > MAX_DECKLIST_LINES:
            break
        line = raw.split("#", 1)[0].strip().lstrip("\ufeff").strip()
        if not line:
            continue
        head = _HEADER_COUNT.sub("", line.rstrip(":").rstrip()).rstrip(":").strip()
        key = headers.get(fold(head))
        if key is not None:
            current = key
            continue
        section = current
        m = _PREFIX.match(line)
        if m and fold(m.group("prefix")) in prefixes:
            section = prefixes[fold(m.group("prefix"))]
            line = m.group("rest").strip()
        parsed = _quantity(line)
        if isinstance(parsed, str):
            errors.append((number, parsed))
            continue
        qty, name = parsed
        if not name:
            errors.append((number, "falta el nombre de la carta"))
            continue
        if len(name) > MAX_NAME_LENGTH:
            errors.append((number, too_long(name)))
            continue
        card_lines += 1
        if card_lines > MAX_DECKLIST_LINES:
            raise DecklistError(number, too_many_lines("líneas"))
        add_entry(sections[section], name, qty, number)
    if errors:
        raise DecklistError(errors[0][0], errors[0][1], errors[:MAX_REPORTED_ERRORS])
    deck = DeckList(list(sections["main"].values()), list(sections["side"].values()))
    if not deck.main and not deck.side:
        raise DecklistError(0, "la lista está vacía: no tiene ninguna carta")
    return deck


MAX_QUANTITY_DIGITS = 6  # past this a quantity is absurd without converting it
MAX_REPORTED_ERRORS = 50  # every bad line is reported, up to this many


def too_long(name: str) -> str:
    return (f"el nombre «{name[:40]}…» es demasiado largo ({len(name)} caracteres; ningún nombre de "
            f"carta pasa de {MAX_NAME_LENGTH})")


def too_many_lines(unit: str) -> str:
    return (f"la lista tiene más de {MAX_DECKLIST_LINES} {unit} con cartas (el máximo): una lista "
            "real tiene muchas menos; junta las copias de una carta en una sola línea")


def check_unknown_names(deck: DeckList, catalog) -> None:
    """Reject a list with more than ``MAX_UNKNOWN_NAMES`` distinct names the catalog does
    not know (``catalog.known``, a dictionary lookup, no suggestions). ``catalog`` None:
    nothing to check (games whose catalog is optional)."""
    if catalog is None:
        return
    unknown: dict[str, int] = {}
    lookups = 0
    for entry in (*deck.main, *deck.side):
        key = fold(entry.name) or entry.name
        if key in unknown or catalog.known(entry.name):
            continue
        unknown[key] = entry.lines[0] if entry.lines else 0
        first, _, rest = entry.name.partition(" ")
        lookups += 2 if rest and fold(first) in NUMBER_WORDS else 1
        if lookups > MAX_UNKNOWN_NAMES:
            line = entry.lines[0] if entry.lines else 0
            raise DecklistError(line, f"la lista tiene más de {MAX_UNKNOWN_NAMES} nombres distintos que no "
                                      "están en el catálogo (el máximo): revisa que sea una lista de "
                                      "este juego y corrige la ortografía")


def decode_decklist(data: bytes) -> str:
    """Bytes of a decklist file -> text: size limit and UTF-8 (with or without BOM)."""
    if len(data) > MAX_DECKLIST_BYTES:
        raise DecklistError(0, f"el archivo es demasiado grande ({len(data) // 1024} KB; el máximo es "
                               f"{MAX_DECKLIST_BYTES // 1024} KB)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DecklistError(line, f"el archivo no está en UTF-8 (byte 0x{data[exc.start]:02x} en la "
                                  f"posición {exc.start}); guárdalo como texto UTF-8") from None


def parse_decklist_bytes(data: bytes, game: Game | None = None) -> DeckList:
    return parse_decklist(decode_decklist(data), game)
