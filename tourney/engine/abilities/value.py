"""The value machinery every ability value shares: a repr of the non-default fields that
pastes back, ``to_json()`` of the non-default fields and ``from_json()`` back (nested values
decoded through each class's ``_nested`` / ``_nested_many`` tables)."""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

def check_word(word: str | None, vocab: dict[str, str], what: str, optional: bool = False) -> None:
    if word is None and optional:
        return
    if word not in vocab:
        raise ValueError(f"{what} desconocido: {word!r}; se esperaba uno de: {', '.join(vocab)}")


# -- generic value machinery -------------------------------------------------------------

class Value:
    """repr of non-default fields, JSON of non-default fields, and back."""

    __slots__ = ()
    _nested: ClassVar[dict[str, type]] = {}  # field -> value class (single value)
    _nested_many: ClassVar[dict[str, type]] = {}  # field -> value class (tuple of values)

    def _changed(self) -> list[tuple[str, Any]]:
        out = []
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.default is not dataclasses.MISSING:
                default = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            else:
                out.append((f.name, value))
                continue
            if value != default:
                out.append((f.name, value))
        return out

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._changed())
        return f"{type(self).__name__}({args})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in self._changed():
            if isinstance(v, Value):
                out[k] = v.to_json()
            elif isinstance(v, tuple):
                out[k] = [x.to_json() if isinstance(x, Value) else x for x in v]
            else:
                out[k] = v
        return out

    @classmethod
    def from_json(cls, data: Any) -> Any:  # an instance of cls
        if isinstance(data, str) and getattr(cls, "_from_word", False):
            return cls(data)  # type: ignore[call-arg]
        if not isinstance(data, dict):
            raise ValueError(f"{cls.__name__}: se esperaba un objeto, no {data!r}")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"{cls.__name__}: campo desconocido «{sorted(unknown)[0]}»")
        kwargs: dict[str, Any] = {}
        for k, v in data.items():
            if k in cls._nested and v is not None:
                kwargs[k] = cls._nested[k].from_json(v)  # type: ignore[attr-defined]
            elif k in cls._nested_many:
                if not isinstance(v, list):
                    raise ValueError(f"{cls.__name__}.{k}: se esperaba una lista")
                kwargs[k] = tuple(cls._nested_many[k].from_json(x) for x in v)  # type: ignore[attr-defined]
            elif isinstance(v, list):
                kwargs[k] = tuple(v)
            else:
                kwargs[k] = v
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise ValueError(f"{cls.__name__}: {exc}") from None


INFINITIVE = {"Roba": "Robar", "Bota": "Botar", "Destruye": "Destruir", "Destierra": "Desterrar",
               "devuelve": "devolver", "pon": "poner", "gana": "ganar", "mueve": "mover",
               "Agrupa": "Agrupar", "Anula": "Anular", "Cancela": "Cancelar",
               "Descarta": "Descartar", "Busca": "Buscar", "cancela": "cancelar",
               "baraja": "barajar", "juega": "jugar", "quita": "quitar", "Mira": "Mirar"}


def bare_noun(noun: str) -> str:
    """«carta de Raza Oni» -> «de Raza Oni» (after «todos los Aliados que controlas son»)."""
    for head in ("cartas ", "carta "):
        if noun.startswith(head):
            return noun[len(head):]
    return noun




# -- values ------------------------------------------------------------------------------

