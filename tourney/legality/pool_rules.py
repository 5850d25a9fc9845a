"""The §11 rules of Sellado and Lanzamiento as data and pure functions (seed 000, the last
paragraphs of 11 Mazo de Soporte): the ``[sealed]`` table of a format file, the Castillo size an
event chooses, swaps between games against the pool, the restore rule between rounds, and the
deck-check rule. Plain values in and out; import them from here, not from ``tourney.legality.pool``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..catalog.model import fold
from .errors import LegalityError

if TYPE_CHECKING:  # pragma: no cover
    from .formats import Format
    from .toml_reader import _Reader

DECK_CHECK_MODES = ("registered", "pool")



@dataclass(frozen=True, slots=True)
class SealedRules:
    """The ``[sealed]`` table of a format: what §11 says for Sellado / Lanzamiento, as data."""

    castle_size_min: int
    castle_size_max: int
    restore_between_rounds: bool
    deck_check: str  # "registered": Castillo and Soporte as registered; "pool": all on the sheet
    support_unsleeved: bool
    swap_one_for_one: bool
    swap_max: int | None
    swap_games: tuple[int, ...]
    pool_rule: str
    castle_rule: str
    support_rule: str
    restore_rule: str
    deck_check_rule: str
    swap_rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"castle_size_min": self.castle_size_min, "castle_size_max": self.castle_size_max,
                "restore_between_rounds": self.restore_between_rounds,
                "deck_check": self.deck_check, "support_unsleeved": self.support_unsleeved,
                "swap_one_for_one": self.swap_one_for_one, "swap_max": self.swap_max,
                "swap_games": list(self.swap_games)}


def read_sealed(r: _Reader, fmt: Format) -> SealedRules:
    """Read ``[sealed]`` (FormatError names the file and key on a mistake)."""
    lo: int = r.int("castle_size_min", 1, minimum=1) or 1
    hi: int = r.int("castle_size_max", 100, minimum=1) or 100
    if lo > hi:
        raise r.fail("castle_size_min", "castle_size_min es mayor que castle_size_max")
    default = fmt.main_exact
    if default is None:
        raise r.fail("castle_size_min",
                     "un formato sellado necesita [deck] size (el tamaño por defecto del Castillo)")
    if not lo <= default <= hi:
        raise r.fail("castle_size_min", f"el tamaño por defecto ([deck] size = {default}) queda fuera "
                                        f"de {lo}..{hi}")
    mode = r.str("deck_check", "registered")
    if mode not in DECK_CHECK_MODES:
        raise r.fail("deck_check", "debe ser \"registered\" (lo inscrito) o \"pool\" (todo en la hoja)")
    swap_max = r.int("swap_max", 0)
    listed = r.int_list("swap_games")
    games: tuple[int, ...] = tuple(sorted(set(listed))) if listed is not None else (2, 3)
    if any(g < 2 for g in games):
        raise r.fail("swap_games", "los cambios se hacen antes del juego 2 o siguientes (el juego 1 "
                                   "se juega con el Castillo inscrito)")
    name = fmt.name
    rules = SealedRules(
        castle_size_min=lo, castle_size_max=hi,
        restore_between_rounds=r.bool("restore_between_rounds", True), deck_check=mode,
        support_unsleeved=r.bool("support_unsleeved", False),
        swap_one_for_one=r.bool("swap_one_for_one", True), swap_max=swap_max or None,
        swap_games=games,
        pool_rule=r.str("pool_rule", "") or f"Formato {name}: edición del pool",
        castle_rule=r.str("castle_rule", "") or "11 Mazo de Soporte: el Castillo se arma con el pool",
        support_rule=r.str("support_rule", "") or "11 Mazo de Soporte: el resto del pool",
        restore_rule=r.str("restore_rule", "") or "11 Mazo de Soporte: restablecer el mazo",
        deck_check_rule=r.str("deck_check_rule", "") or "11 Mazo de Soporte: revisión de mazo",
        swap_rule=r.str("swap_rule", "") or "11 Mazo de Soporte: cambios entre juegos",
    )
    r.done()
    return rules


def is_sealed(fmt: Any) -> bool:
    return getattr(fmt, "sealed", None) is not None


_sized_cache: dict[tuple[int, int], Any] = {}


def sized(fmt: Format, castle_size: int | None) -> Format:
    """The format with the Castillo size an event chose (checked against the format's bounds).

    Raises LegalityError with a Spanish message when the size is outside the bounds."""
    rules: SealedRules | None = getattr(fmt, "sealed", None)
    if rules is None or castle_size is None or castle_size == fmt.main_exact:
        return fmt
    if not rules.castle_size_min <= castle_size <= rules.castle_size_max:
        raise LegalityError(f"el Mazo Castillo de un {fmt.name} debe tener entre "
                            f"{rules.castle_size_min} y {rules.castle_size_max} cartas; pediste {castle_size}")
    key = (id(fmt), castle_size)
    found = _sized_cache.get(key)
    if found is None or found[0] is not fmt:
        if len(_sized_cache) > 256:
            _sized_cache.clear()
        found = (fmt, replace(fmt, main_exact=castle_size, _checkers={}))
        _sized_cache[key] = found
    return found[1]


# --------------------------------------------------------------------------- between rounds
def round_start(rules: SealedRules, registered: Counter, previous_end: Counter | None) -> Counter:
    """The Castillo a player starts a match with: the registered one when the deck is restored
    after every round (Sellado competitivo), else the one the last match ended with
    (Lanzamiento: no need to restore)."""
    if rules.restore_between_rounds or previous_end is None:
        return Counter(registered)
    return Counter(previous_end)


def check_counted(rules: SealedRules, pool: Counter, expected_castle: Counter, counted_castle: Counter,
                  counted_support: Counter, castle_size: int, names: dict[str, str],
                  labels: tuple[str, str] = ("Mazo Castillo", "Mazo de Soporte")) -> list[dict[str, Any]]:
    """A judge's deck check (§11), every difference as ``{section, key, name, expected, counted,
    message}``.

    ``registered``: Castillo and Soporte must match what is registered for that game (the
    expected Castillo; the Soporte is the rest of the pool). ``pool`` (Lanzamiento): every card
    counted in the Castillo and the Soporte must be on the registration sheet, i.e. in the pool,
    and the Castillo must have its size; how the pool is split between them is free."""
    diffs: list[dict[str, Any]] = []

    def add(section, key, expected, counted, message):
        diffs.append({"section": section, "key": key, "name": names.get(key, key) if key else None,
                      "expected": expected, "counted": counted, "message": message})

    if rules.deck_check == "registered":
        expected_support = Counter(pool)
        expected_support.subtract(expected_castle)
        expected_support = +expected_support
        for section, label, exp, got in (("castle", labels[0], expected_castle, counted_castle),
                                         ("support", labels[1], expected_support, counted_support)):
            for key in sorted(set(exp) | set(got), key=lambda k: fold(names.get(k, k))):
                e, g = exp.get(key, 0), got.get(key, 0)
                if e != g:
                    word = "faltan" if g < e else "sobran"
                    add(section, key, e, g, f"{label}: {word} {abs(e - g)} × {names.get(key, key)} "
                                            f"(inscritas {e}, contadas {g})")
        return diffs
    total = Counter(counted_castle)
    total.update(counted_support)
    for key in sorted(set(pool) | set(total), key=lambda k: fold(names.get(k, k))):
        on_sheet, counted = pool.get(key, 0), total.get(key, 0)
        name = names.get(key, key)
        if counted > on_sheet:
            where = labels[0] if counted_castle.get(key, 0) else labels[1]
            section = "castle" if counted_castle.get(key, 0) else "support"
            if on_sheet == 0:
                message = f"{name} no está inscrita en la hoja de registro (contadas {counted}, en el {where})"
            else:
                message = (f"{name}: hay {counted} entre el Castillo y el Soporte y la hoja inscribe "
                           f"{on_sheet} (sobran {counted - on_sheet})")
            add(section, key, on_sheet, counted, message)
        elif counted < on_sheet:
            add("support", key, on_sheet, counted,
                f"{name}: la hoja inscribe {on_sheet} y se contaron {counted} (faltan {on_sheet - counted})")
    in_castle = sum(counted_castle.values())
    if in_castle != castle_size:
        add("castle", None, castle_size, in_castle,
            f"{labels[0]}: {in_castle} cartas contadas, debe tener {castle_size}")
    return diffs


def support_notes(rules: SealedRules) -> list[str]:
    """What a judge and the sheet should say about this event's Soporte (§11)."""
    notes = ["El Mazo de Soporte es el resto del pool: toda carta que no está en el Castillo."]
    if not rules.restore_between_rounds:
        notes.append("No es necesario restablecer el mazo al terminar la ronda.")
    else:
        notes.append("Al terminar la ronda, el Mazo Castillo vuelve a lo inscrito.")
    if rules.support_unsleeved:
        notes.append("Las cartas del Mazo de Soporte pueden estar sin protectores.")
    return notes
