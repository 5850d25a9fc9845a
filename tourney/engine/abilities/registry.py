"""Where the engine learns a card's abilities: ``abilities_for(card) -> CardAbilities | None``.

1. a hand-written data file ``cards/<identity>.toml`` (docs/abilities.md), else
2. the ability compiler, when ``tourney.engine.compiler`` is importable, through the contract
   ``compile_card(card) -> Compilation`` with ``.abilities: tuple[Ability, ...]``,
   ``.complete: bool`` (every sentence understood) and ``.sentences`` (one result per
   sentence: ``.text`` and ``.ability`` or ``.reason``), else
3. ``None``: the card's abilities are unknown (its ``effect`` lines stay unverified) — also
   when the compiler fails on the card: that error is logged, never silent.

A partial compilation (``complete`` False) gives a ``CardAbilities(complete=False)``: the
engine uses its keyword, continuous and play-permission abilities (static facts of the card:
conditional keywords, «Mientras…» bonuses, «puedes jugarlo desde tu Cementerio») and the
targets and answer kind (Anulación, «en respuesta») of its own effect when it is played; its
triggers fire; but every ``effect`` and ``activate`` line of that card stays *unverified*,
because a sentence the compiler did not understand might be the one that produced it.

A card whose text is empty has no abilities at all: ``CardAbilities(..., complete=True)``.
Results are cached per card; ``use_compiler(False)`` turns step 2 off (only a benchmark does,
to compare; users and tests always run with it on).
"""
from __future__ import annotations

import importlib
import logging
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...catalog.model import Card
from .model import Ability, CardAbilities

CARDS_DIR = Path(__file__).resolve().parent / "cards"
log = logging.getLogger(__name__)
_state: dict[str, Any] = {"compiler": True, "compile": None}


class AbilityFileError(ValueError):
    """A hand-written ability file that cannot be read (a bug of the data, not of a record)."""


@lru_cache(maxsize=1)
def hand_written() -> dict[str, CardAbilities]:
    """Every data file in ``cards/``, by identity."""
    out: dict[str, CardAbilities] = {}
    for path in sorted(CARDS_DIR.glob("*.toml")):
        out[path.stem] = load_file(path)
    return out


def load_file(path: Path) -> CardAbilities:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        abilities = tuple(Ability.from_json(a) for a in data.get("abilities", []))
        return CardAbilities(identity=data.get("identity", path.stem), name=data["name"],
                             abilities=abilities, complete=data.get("complete", True),
                             source="hand", unparsed=tuple(data.get("unparsed", ())))
    except (tomllib.TOMLDecodeError, KeyError, ValueError, TypeError) as exc:
        raise AbilityFileError(f"{path.name}: {exc}") from None


def use_compiler(on: bool) -> None:
    _state["compiler"] = on
    _state["compile"] = None
    _CACHE.clear()


def compiler_on() -> bool:
    """Whether the registry asks the ability compiler (as users get it: on)."""
    return bool(_state["compiler"])


def _compiler() -> Callable[[Card], Any] | None:
    if not _state["compiler"]:
        return None
    fn = _state["compile"]
    if fn is None:
        try:
            module = importlib.import_module("tourney.engine.compiler")
            fn = getattr(module, "compile_card", None)
        except ImportError:
            fn = None
        _state["compile"] = fn or False
    return fn or None


_CACHE: dict[tuple[str, str, str], CardAbilities | None] = {}


def abilities_for(card: Card) -> CardAbilities | None:
    key = (card.code, card.identity, card.text or "")
    try:
        return _CACHE[key]
    except KeyError:
        pass
    found = _abilities_for(card)
    _CACHE[key] = found
    return found


abilities_for.cache_clear = _CACHE.clear  # type: ignore[attr-defined]


def _abilities_for(card: Card) -> CardAbilities | None:
    known = hand_written().get(card.identity)
    if known is not None:
        return known
    if not (card.text or "").strip():
        return CardAbilities(identity=card.identity, name=card.name, abilities=(),
                             complete=True, source="text")
    compile_card = _compiler()
    if compile_card is None:
        return None
    try:
        result = compile_card(card)
    except Exception:  # noqa: BLE001 - a compiler bug must not crash adjudication
        # logged, counted as «error» by `tourney engine coverage` and shown by `engine abilities`;
        # the engine treats the card's abilities as unknown (its lines stay unverified)
        log.exception("error del compilador en %s (%s): habilidades desconocidas", card.name, card.code)
        return None
    abilities = tuple(getattr(result, "abilities", ()) or ())
    if not all(isinstance(a, Ability) for a in abilities):
        return None
    complete = bool(getattr(result, "complete", False))
    unparsed = tuple(getattr(s, "text", "") for s in getattr(result, "sentences", ()) or ()
                     if getattr(s, "ability", None) is None and getattr(s, "reason", None))
    return CardAbilities(identity=card.identity, name=card.name, abilities=abilities,
                         complete=complete, source="compiler", unparsed=unparsed)
