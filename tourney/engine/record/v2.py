"""Version 2 verbs (docs/game-record.md): what a record must say when the engine cannot
infer it.

* ``activate`` — ``card``, ``ability`` (its number on the card, 1 = first; optional when the
  card has one activated ability), ``pay`` (Oros), ``costs`` (the cards that pay the other
  cost pieces, in order), ``targets``.
* ``choose`` — ``order`` (the order of this player's simultaneous triggered abilities, by
  source card, 6.6) and/or ``card`` + ``targets`` (the targets of that card's pending
  triggered ability, chosen when it is used).
Anulaciones and responses are ordinary ``play`` / ``activate`` lines written right after the
card or ability they answer (8.1 D); a malformed field is a ``RecordError`` naming it.
"""
from __future__ import annotations

from typing import Any

from ..errors import RecordError
from .model import Action


def _ids(obj: dict[Any, Any], key: str, line: int, known: dict[Any, Any]) -> tuple[str, ...]:
    value = obj.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(line, f"«{key}» debe ser una lista de ids de carta")
    for v in value:
        if v not in known:
            raise RecordError(line, f"«{key}» nombra la carta «{v}», que no está en la partida")
    return tuple(value)


def _card(obj: dict[Any, Any], line: int, known: dict[Any, Any], required: bool) -> str | None:
    value = obj.get("card")
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise RecordError(line, "falta «card» (id de carta) o no es un texto")
    if value not in known:
        raise RecordError(line, f"«card» nombra la carta «{value}», que no está en la partida")
    return value


def read_v2_action(obj: dict[str, Any], line: int, p: str, do: str, known: dict[Any, Any]) -> Action:
    if do == "activate":
        ability = obj.get("ability")
        if ability is not None and (not isinstance(ability, int) or isinstance(ability, bool)
                                    or ability < 1):
            raise RecordError(line, "«ability» debe ser el número de la habilidad en la carta "
                                    "(1 = la primera)")
        return Action(line, p, do, card=_card(obj, line, known, True), ability=ability,
                      pay=_ids(obj, "pay", line, known), costs=_ids(obj, "costs", line, known),
                      targets=_ids(obj, "targets", line, known))
    # choose
    card = _card(obj, line, known, False)
    order = _ids(obj, "order", line, known)
    targets = _ids(obj, "targets", line, known)
    if not order and card is None:
        raise RecordError(line, "«choose» necesita «order» (orden de habilidades disparadas) o "
                                "«card» con «targets»")
    if card is not None and "targets" not in obj:
        raise RecordError(line, "«choose» con «card» necesita «targets»")
    return Action(line, p, do, card=card, order=order, targets=targets)
