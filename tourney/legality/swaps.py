"""Section 11 of the Mitos y Leyendas rules, the Mazo de Soporte, as pure functions.

Our reading of §11 (games whose ``support_swaps`` is true in formats/games.toml):

* an event may require the Mazo de Soporte to be registered with the deck (leagues don't):
  a list without one is then illegal (code ``support_required``);
* game 1 of every match is played with the registered main deck (the Mazo Castillo);
* before game 2, and again before game 3, a player may swap cards one for one between the
  Castillo and the Mazo de Soporte, at most as many as the Soporte holds, so the Castillo keeps
  the format's size;
* only cards registered with the deck can come in (before game 3, a card swapped out before
  game 2 is on the Soporte side and may return);
* copy limits and format rules keep holding for the Castillo that results;
* when the match ends the deck goes back to its registered state (swaps belong to one match);
* a judge's deck check compares the counted deck with the one expected for that game.

Sizes come from the format (``[deck] size`` and ``side_sizes`` / ``side_max``), never from a
number written here. Plain values in and out: ``tourney.services.swaps`` bridges to the
database. Errors are :class:`SwapError` (Spanish, naming the form field).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ..catalog.model import fold
from .decklist import DeckList, parse_card_line, parse_decklist
from .errors import LegalityError
from .formats import Format
from .games import Game
from .validator import validate_resolved
from .verdict import Verdict, Violation

RULE = "11 Mazo de Soporte"
GAMES_WITH_SWAPS = (2, 3)
SUPPORT_REQUIRED = "support_required"  # the stable code of the rule below


class SwapError(LegalityError):
    """Swaps (or a counted list) that break §11: ``message`` in Spanish, ``field`` the form
    field it belongs to (out_text, in_text, game, counted_text) or None."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


# -- what the format says ------------------------------------------------------------------
def applies(fmt: Format | None) -> bool:
    """§11 applies to the format's game (``support_swaps`` in games.toml). No format: the
    default game, Mitos y Leyendas."""
    game: Game | None = getattr(fmt, "game", None)
    return True if game is None else game.support_swaps


def castle_size(fmt: Format | None) -> int | None:
    """The main deck's exact size in ``fmt`` (None: no exact size, or no format)."""
    return getattr(fmt, "main_exact", None)


def support_size(fmt: Format | None) -> int | None:
    """The largest Mazo de Soporte the format admits (None: no limit, or no format)."""
    if fmt is None:
        return None
    if fmt.side_sizes:
        return max(fmt.side_sizes)
    return fmt.side_max


def max_swaps(fmt: Format | None) -> int | None:
    """At most as many cards change as the Mazo de Soporte holds (None: no limit)."""
    sealed = getattr(fmt, "sealed", None)
    if sealed is not None:  # Sellado: the Soporte is the rest of the pool; [sealed] swap_max
        return sealed.swap_max
    return support_size(fmt)


# -- Mazo de Soporte obligatorio -------------------------------------------------------------
def support_required(verdict: Verdict, fmt: Format | None) -> Violation | None:
    """The violation of a list with no Mazo de Soporte, for an event that requires it."""
    if not applies(fmt) or verdict.support_count > 0:
        return None
    size = support_size(fmt)
    side = getattr(fmt, "side_name", "Mazo de Soporte")
    cards = f" ({size} cartas)" if size else ""
    return Violation(
        SUPPORT_REQUIRED, getattr(fmt, "side_rule", None) or RULE,
        f"Este evento exige inscribir el {side}{cards}.", (),
        f"agrega las{' ' + str(size) if size else ''} cartas de tu {side} a la lista")


def with_support_required(verdict: Verdict, fmt: Format | None, required: bool) -> Verdict:
    """``verdict`` plus the «Mazo de Soporte obligatorio» rule when the event requires it."""
    if not required:
        return verdict
    # an empty Soporte is illegal in this event: the size hint must not offer emptying it
    verdict = replace(verdict, violations=tuple(
        replace(v, hint=_without_empty_option(v.hint)) if v.code == "side_size" else v
        for v in verdict.violations))
    violation = support_required(verdict, fmt)
    if violation is None:
        return verdict
    return replace(verdict, violations=(*verdict.violations, violation))


_EMPTY_OPTION = "déjalo vacío (quita todas)"


def _without_empty_option(hint: str) -> str:
    """«Mazo de Soporte: agrega 5 cartas hasta completar 10 o déjalo vacío (quita todas)» ->
    «Mazo de Soporte: agrega 5 cartas hasta completar 10»."""
    return hint.replace(f" o {_EMPTY_OPTION}", "").replace(f"{_EMPTY_OPTION} o ", "")


# -- a deck state for one game ---------------------------------------------------------------
@dataclass
class Deck:
    """A deck state for one game: card key (code, or ``nombre:<name>``) -> qty, plus the
    names for display."""

    castle: Counter
    side: Counter
    names: dict[str, str] = field(default_factory=dict)

    def lines(self, which: str) -> list[tuple[int, str, str]]:
        counter = self.castle if which == "castle" else self.side
        return sorted(((qty, self.names.get(code, code), code) for code, qty in counter.items()
                       if qty > 0), key=lambda t: (fold(t[1]), t[2]))

    def labels(self, edition_of=None) -> dict[str, str]:
        """Card key -> the name a picker shows: the card's name, and when two printings in the
        deck share it (an alternate art, a reprint) also the code and, if ``edition_of(code)``
        names it, the edition — «Kotengu · BU-020, Bushido» and «Kotengu · BU-045, Bushido»,
        never «Kotengu» twice."""
        keys = [k for k, q in (self.castle + self.side).items() if q > 0]
        named = Counter(fold(self.names.get(k, k)) for k in keys)
        out = {}
        for key in keys:
            name = self.names.get(key, key)
            if named[fold(name)] < 2 or key.startswith("nombre:"):
                out[key] = name
                continue
            edition = edition_of(key) if edition_of is not None else None
            out[key] = f"{name} · {key}, {edition}" if edition else f"{name} · {key}"
        return out

    @classmethod
    def from_resolved(cls, resolved: dict[str, Any]) -> Deck:
        """A registered list as stored ({"castle": [{code, name, qty}], "support": [...]})."""
        names: dict[str, str] = {}
        castle: Counter = Counter()
        side: Counter = Counter()
        for which, counter in (("castle", castle), ("support", side)):
            for entry in resolved.get(which, []):
                # games checked without a catalog (Magic, Sky World) have no codes: by name
                key = entry.get("code") or f"nombre:{fold(entry['name'])}"
                counter[key] += entry["qty"]
                names[key] = entry["name"]
        return cls(castle, side, names)


def apply_swap(deck: Deck, swap: dict) -> Deck:
    """The deck after one recorded swap ({"out": [{code, qty}], "in": [...]})."""
    castle, side = Counter(deck.castle), Counter(deck.side)
    for entry in swap.get("out", []):
        castle[entry["code"]] -= entry["qty"]
        side[entry["code"]] += entry["qty"]
    for entry in swap.get("in", []):
        side[entry["code"]] -= entry["qty"]
        castle[entry["code"]] += entry["qty"]
    return Deck(+castle, +side, deck.names)


def deck_for_game(registered: Deck, recorded: dict[int, dict], game: int) -> Deck:
    """The deck for ``game`` of a match: the registered one plus the swaps recorded before
    each game up to it ("Castillo para el juego N")."""
    deck = registered
    for g in GAMES_WITH_SWAPS:
        if g > game:
            break
        if g in recorded:
            deck = apply_swap(deck, recorded[g])
    return deck


# -- checking swaps ---------------------------------------------------------------------------
def _where(field_name: str, fmt: Format | None) -> str:
    main = getattr(fmt, "main_name", "Mazo Castillo")
    side = getattr(fmt, "side_name", "Mazo de Soporte")
    return f"el {main}" if field_name == "out_text" else f"el {side}"


def parse_side(text: str, deck: Deck, pool: Counter, label: str, field_name: str,
               fmt: Format | None = None) -> list[dict]:
    """Lines «N Nombre» (or «N Nombre (CÓDIGO)») naming cards of ``pool`` (this player's
    Castillo or Soporte for the game): [{code, name, qty}]."""
    by_name: dict[str, list[str]] = {}
    for code in pool:
        by_name.setdefault(fold(deck.names.get(code, code)), []).append(code)
    wanted: Counter = Counter()
    for number, raw in enumerate((text or "").splitlines(), start=1):
        if not raw.split("#", 1)[0].strip():
            continue
        parsed = parse_card_line(raw)
        if isinstance(parsed, str):
            raise SwapError(f"{label}, línea {number}: {parsed}.", field_name)
        qty, name = parsed
        code = None
        if name.endswith(")") and "(" in name:
            candidate = name[name.rindex("(") + 1:-1].strip().upper()
            if candidate in pool:
                code = candidate
                name = name[:name.rindex("(")].strip()
        if code is None:
            codes = by_name.get(fold(name), [])
            if not codes and name.upper() in pool:
                codes = [name.upper()]
            if not codes:
                raise SwapError(f"{label}, línea {number}: «{name}» no está en "
                                f"{_where(field_name, fmt)} de esta partida ({RULE}).",
                                field_name)
            code = codes[0]
        wanted[code] += qty
    for code, qty in wanted.items():
        if qty > pool[code]:
            raise SwapError(f"{label}: pides {qty} × {deck.names.get(code, code)} pero en "
                            f"{_where(field_name, fmt)} hay {pool[code]} ({RULE}).", field_name)
    return [{"code": code, "name": deck.names.get(code, code), "qty": qty}
            for code, qty in wanted.items()]


def check_swap(before: Deck, game: int, out_text: str, in_text: str, fmt: Format | None = None,
               catalog: Any = None, player: str = "") -> tuple[dict, Deck]:
    """Swaps before ``game`` from the deck of the game before: the swap record and the
    resulting deck, or SwapError naming the field. With ``catalog``, the resulting Castillo
    is also checked against the format (copies, format rules)."""
    if game not in GAMES_WITH_SWAPS:
        raise SwapError("Los cambios se hacen antes del juego 2 o del juego 3 (el juego 1 "
                        f"se juega con el Castillo inscrito, {RULE}).", "game")
    if not before.side:
        raise SwapError(f"{player or 'El jugador'} no inscribió Mazo de Soporte: no hay "
                        "cambios posibles.")
    outgoing = parse_side(out_text, before, before.castle, "Salen del Castillo", "out_text", fmt)
    incoming = parse_side(in_text, before, before.side, "Entran desde el Soporte", "in_text",
                          fmt)
    n_out = sum(e["qty"] for e in outgoing)
    n_in = sum(e["qty"] for e in incoming)
    size = castle_size(fmt) or sum(before.castle.values())
    if n_out != n_in:
        raise SwapError(f"Los cambios son uno por uno: salen {n_out} y entran {n_in}; el "
                        f"Castillo debe quedar en {size} cartas ({RULE}).", "in_text")
    limit = max_swaps(fmt)
    if limit is not None and n_out > limit:
        raise SwapError(f"Se pueden cambiar de 0 a {limit} cartas cada vez; pides {n_out} "
                        f"({RULE}).", "out_text")
    swap = {"out": outgoing, "in": incoming}
    after = apply_swap(before, swap)
    if sum(after.castle.values()) != size:
        raise SwapError(f"El Castillo quedaría con {sum(after.castle.values())} cartas; debe "
                        f"tener {size} ({RULE}).", "in_text")
    problems = castle_problems(after, fmt, catalog)
    if problems:
        raise SwapError("El Castillo que resulta no cumple el formato: " + "; ".join(problems),
                        "in_text")
    return swap, after


def castle_problems(deck: Deck, fmt: Format | None, catalog: Any) -> list[str]:
    """Copy limits and format rules for the Castillo after swaps (the validator's messages)."""
    if fmt is None or catalog is None:
        return []
    castle = [(catalog.by_code(code), qty) for code, qty in deck.castle.items()]
    support = [(catalog.by_code(code), qty) for code, qty in deck.side.items()]
    if any(card is None for card, _ in castle + support):
        return ["hay cartas que ya no están en el catálogo"]
    verdict = validate_resolved(castle, support, fmt, catalog)
    return [v.message for v in verdict.violations]


# -- deck checks ------------------------------------------------------------------------------
def _section(deck: DeckList, which: str) -> Iterator[tuple[str, int]]:
    for entry in deck.castle if which == "castle" else deck.support:
        yield entry.name, entry.quantity


def counted_deck(text: str, catalog: Any, names: dict[str, str],
                 game: Game | None = None) -> tuple[Counter, Counter, dict[str, str]]:
    """A judge's counted list (decklist text, the game's headers) as card-key counters,
    keyed like the expected deck; DecklistError when it cannot be read."""
    from .decklist import check_unknown_names

    deck = parse_decklist(text, game)
    check_unknown_names(deck, catalog)  # bounded work: at most MAX_UNKNOWN_NAMES suggestions
    by_name = {fold(name): code for code, name in names.items()}
    counters: dict[str, Counter] = {"castle": Counter(), "support": Counter()}
    shown = dict(names)
    for which in ("castle", "support"):
        for name, qty in _section(deck, which):
            # «Name (CODE)» of a registered printing counts as that printing (a pool may hold
            # two printings of one card: Bake Kujira BU-115 and Bake-Kujira BU-027)
            named = name.rsplit("(", 1)[-1].rstrip(")").strip().upper() if name.endswith(")") else ""
            code = named if named in names else by_name.get(fold(name))
            if code is None and catalog is not None:
                res = catalog.resolve(name)
                if res.ok:
                    # a printing not registered: count it under any registered printing of the
                    # same identity, else under its own code
                    code = next((c for c in names if (catalog.by_code(c) is not None and
                                 catalog.by_code(c).identity == res.card.identity)),
                                res.card.code)
                    shown.setdefault(code, res.card.name)
            if code is None:
                code = f"nombre:{fold(name)}"
                shown.setdefault(code, name)
            counters[which][code] += qty
    return counters["castle"], counters["support"], shown


def _counted(n: int) -> str:
    return "1 carta contada" if n == 1 else f"{n} cartas contadas"


def compare(expected: Deck, castle: Counter, side: Counter, names: dict[str, str],
            labels: tuple[str, str] = ("Mazo Castillo", "Mazo de Soporte")) -> list[dict]:
    """Every difference between the expected deck and the counted one (section, card,
    expected, counted, Spanish message); empty when they match."""
    diffs: list[dict] = []
    sections: Iterable[tuple[str, str, Counter, Counter]] = (
        ("castle", labels[0], expected.castle, castle),
        ("support", labels[1], expected.side, side))
    for which, label, exp, got in sections:
        for code in sorted(set(exp) | set(got), key=lambda c: fold(names.get(c, c))):
            e, g = exp.get(code, 0), got.get(code, 0)
            if e == g:
                continue
            name = names.get(code, code)
            if g < e:
                text = f"{label}: faltan {e - g} × {name} (esperadas {e}, contadas {g})"
            else:
                text = f"{label}: sobran {g - e} × {name} (esperadas {e}, contadas {g})"
            diffs.append({"section": which, "code": None if code.startswith("nombre:") else code,
                          "name": name, "expected": e, "counted": g, "message": text})
        te, tg = sum(exp.values()), sum(got.values())
        if te != tg:
            diffs.append({"section": which, "code": None, "name": None, "expected": te,
                          "counted": tg, "message": f"{label}: {_counted(tg)}, se esperaban {te}"})
    return diffs
