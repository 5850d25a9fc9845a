"""7.1 C: the Fuerza of an Aliado when Establecedores («tenga Fuerza N») and Modificadores
(«gana / pierde N a la Fuerza») act on it together: each applies over the ones applied before
it, in the order they were applied, and Alimento (10.3) goes over everything.

A setter of an effect line (a triggered or activated ability, a Talismán: «… tenga Fuerza 0
hasta la Fase Final») leaves a mark on the card (``Inst.temp``, ``SET``) that says what was
already applied when it was: its Fuerza changes until the Fase Final (``Inst.bonus``), the
continuous abilities that gave it Fuerza (``Inst.static_parts``) and the Armas it bore. Those
are under the setter (they no longer count, even if they end); what comes later — another
change of Fuerza, a continuous ability that begins to give Fuerza, an Arma borne afterwards —
goes over it. A later setter replaces an earlier one.

A continuous «tienen Fuerza N» (``layer_continuous``) is ordered with the other continuous
abilities and Armas that give the card Fuerza by when each began to act (the card's ``since``:
when it came into play under its controller): what began before is under it, what began after
goes over it."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .zones import Inst

SET = "set"


def set_mark(inst: Inst, value: int, lasting: str) -> tuple[str, str]:
    """The mark of «tiene Fuerza ``value``» applied now (with ``lasting`` as the other marks)."""
    sources = ",".join(src for src, _ in inst.static_parts)
    return (SET + lasting, f"{value};{inst.bonus};{sources};{','.join(inst.weapons)}")


def with_setter(inst: Inst, mark: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    """``inst``'s marks with ``mark`` replacing the setter it had (7.1 C: the later one wins)."""
    return tuple(t for t in inst.temp if not t[0].startswith(SET)) + (mark,)


def layered(inst: Inst, grant: Callable[[str], int]) -> int | None:
    """The Fuerza (without Alimento) an effect line's setter leaves, with what came after it
    on top; None when no setter acts on ``inst``. ``grant``: the Fuerza an Arma gives."""
    mark = next((t[1] for t in inst.temp if t[0].startswith(SET)), None)
    if mark is None:
        return None
    value, bonus_then, sources, weapons = mark.split(";")
    before = set(sources.split(",")) if sources else set()
    borne = set(weapons.split(",")) if weapons else set()
    out = int(value) + inst.bonus - int(bonus_then)
    out += sum(n for src, n in inst.static_parts if src not in before)
    out += sum(grant(wid) for wid in inst.weapons if wid not in borne)
    return out


def layer_continuous(inst: Inst, sets: list[tuple[int, int]], since: Callable[[str], int],
                     grant: Callable[[str], int]) -> None:
    """7.1 C for continuous abilities: ``inst.static_bonus`` becomes what the modifiers
    (``static_parts``, its Armas) and the setters ``sets`` ((since, N)) leave over its printed
    Fuerza, each applied over the ones that began before it."""
    base = inst.card.strength or 0
    layers = [(since(src), 0, n) for src, n in inst.static_parts]
    layers += [(since(wid), 0, grant(wid)) for wid in inst.weapons]
    layers += [(when, 1, n) for when, n in sets]  # at the same moment, the setter last
    value = base
    for _, is_set, n in sorted(layers):
        value = n if is_set else value + n
    inst.static_bonus = value - base - sum(grant(wid) for wid in inst.weapons)
